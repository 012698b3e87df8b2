#include "cli/build_command.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <array>
#include <map>
#include <sstream>
#include <ostream>

#include "book/build.h"
#include "cli/exit_codes.h"
#include "util/outputs.h"
#include "util/errors.h"

namespace puzzlepress::cli {
namespace {

namespace fs = std::filesystem;

std::string format_seconds(double s) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(2) << s << " s";
  return o.str();
}

std::string format_number(double value, int decimals) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(decimals) << value;
  std::string text = o.str();
  while (text.find('.') != std::string::npos && (text.back() == '0' || text.back() == '.')) {
    const bool dot = text.back() == '.';
    text.pop_back();
    if (dot) break;
  }
  return text;
}

// "cover: book-cover.pdf: KDP, white paper, 12.7004 x 9.25 in (914.43 x 666 pt), spine 0.4504 in"
// then the spine text and every warning.
void print_cover(std::ostream& out, const book::BookCover& cover, const util::OutputTarget& target) {
  const book::CoverGeometry& g = cover.geometry;
  out << "cover: " << target.path.string() << ": " << book::printer_name(cover.printer) << ", "
      << book::cover_paper_id(cover.paper) << " paper, " << format_number(g.width_pt / 72, 4) << " x "
      << format_number(g.height_pt / 72, 4) << " in (" << format_number(g.width_pt, 2) << " x "
      << format_number(g.height_pt, 2) << " pt), spine " << format_number(g.spine_in, 4) << " in"
      << (cover.spine_in_from_spec ? " (from the spec)" : "")
      << (cover.printer == book::Printer::ingramspark ? ", PDF/X-1a:2001" : "") << '\n';
  out << "  spine text: " << (cover.spine_text_shown ? "shown" : "not shown (" + cover.spine_text_why_not + ")");
  if (cover.front_puzzle) out << "; front: puzzle " << *cover.front_puzzle;
  out << '\n';
  for (const std::string& warning : cover.warnings) out << "  warning: " << warning << '\n';
}

}  // namespace

book::Resources resources() {
  const char* home = std::getenv("PUZZLEPRESS_HOME");
  if (home == nullptr || *home == '\0') return {};
  std::error_code ec;
  if (!fs::is_directory(home, ec)) {
    // The installation's setting is at fault, not the spec: exit 1, naming where we looked.
    throw EnvironmentError(std::string("PUZZLEPRESS_HOME=") + home +
                           " is not a folder (unset it, or point it at a folder with layouts/ and fonts/ overrides)");
  }
  return {fs::path(home) / "layouts", fs::path(home) / "fonts"};
}

int run_build(const BuildArgs& args, std::ostream& out, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  book::BookSpec spec = book::load_spec_file(args.spec);
  book::apply_overrides(spec, {args.trim, args.bleed, args.layout, args.grading,
                                 args.allow_trial ? std::optional<bool>(true) : std::nullopt});

  const fs::path pdf = args.output.empty() ? fs::path(fs::path(args.spec).stem().string() + ".pdf") : fs::path(args.output);
  book::BookPaths paths{
      {pdf, "the PDF", args.output.empty() ? "" : "-o"},
      {args.manifest.empty() ? fs::path(pdf).replace_extension(".json") : fs::path(args.manifest),
       "the manifest", args.manifest.empty() ? "" : "--manifest"}};
  if (!args.cover.empty()) {
    paths.cover = util::OutputTarget{args.cover, "the cover", "--cover"};
  } else if (spec.cover) {
    paths.cover = util::OutputTarget{book::default_cover_path(pdf), "the cover", ""};
  }
  book::BuildSettings settings;
  settings.resources = resources();
  book::check_book_paths(spec, settings.resources, paths);

  settings.version = PUZZLEPRESS_VERSION;
  settings.jobs = args.jobs;
  if (args.progress) {
    settings.progress = [&err](std::size_t done, std::size_t total) {
      if (done % 8 != 0 && done != total) return;
      const int width = 30;
      const int filled = static_cast<int>(width * done / total);
      err << "\rgenerating puzzles [" << std::string(filled, '#') << std::string(width - filled, ' ')
          << "] " << done << '/' << total << std::flush;
      if (done == total) err << '\n';
    };
  }

  const book::Book made = book::make_book(spec, settings);
  // A puzzle that failed its final check never reaches a file.
  const auto invalid = std::count_if(made.puzzles.begin(), made.puzzles.end(),
                                     [](const engine::SizedPuzzle& p) { return !p.valid; });
  if (invalid) {
    throw EnvironmentError(std::to_string(invalid) +
                                     " puzzle(s) failed the final check; nothing was written");
  }
  if (args.progress) err << "writing " << pdf.string() << '\n';
  book::write_book(made, paths);

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);

  out << pdf.string() << ": " << made.pages.size() << " pages, trim " << spec.trim_name
      << (spec.bleed ? " with bleed" : "") << ", layout " << made.layout.name << ", "
      << made.puzzles.size() << " puzzles\n";
  // Per grade (and size, when the book has other sizes than 9x9) in book order: count and clue
  // range.
  const bool sized = std::any_of(made.puzzles.begin(), made.puzzles.end(),
                                 [](const engine::SizedPuzzle& p) { return p.shape != engine::kShape9x9; });
  std::vector<std::string> order;
  std::map<std::string, std::array<int, 3>> stats;  // count, min, max
  for (const auto& p : made.puzzles) {
    std::ostringstream key;
    if (sized) key << std::left << std::setw(6) << engine::shape_id(p.shape);
    key << std::left << std::setw(8) << engine::grade_label(p.grade);
    auto [it, fresh] = stats.try_emplace(key.str(), std::array<int, 3>{0, 999, 0});
    if (fresh) order.push_back(key.str());
    auto& s = it->second;
    ++s[0];
    s[1] = std::min(s[1], p.clues);
    s[2] = std::max(s[2], p.clues);
  }
  for (const std::string& key : order) {
    const auto& s = stats[key];
    out << "  " << key << std::right << std::setw(4) << s[0] << " puzzles, clues " << s[1]
        << (s[1] == s[2] ? "" : "-" + std::to_string(s[2])) << '\n';
  }
  out << "manifest: " << paths.manifest.path.string() << '\n';
  if (made.cover) print_cover(out, *made.cover, *paths.cover);
  out << "built in " << format_seconds(seconds) << ", peak memory " << usage.ru_maxrss / 1024
      << " MiB\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
