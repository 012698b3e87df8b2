#include "cli/build_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <iostream>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <array>
#include <map>
#include <sstream>
#include <ostream>

#include "cli/command.h"
#include "book/check/thumbnail.h"
#include "book/kdp/print_cost.h"
#include "book/make/build.h"
#include "book/catalogue/catalogue_build.h"
#include "book/manifest/sha256.h"
#include <fstream>
#include "cli/catalogue_command.h"
#include "cli/exit_codes.h"
#include "util/outputs.h"
#include "util/errors.h"
#include "util/json_text.h"
#include "util/numbers.h"

namespace puzzlepress::cli {
namespace {

namespace fs = std::filesystem;

// "cover: book-cover.pdf: KDP, white paper, 12.7004 x 9.25 in (914.43 x 666 pt), spine 0.4504 in"
// then the spine text and every warning.
void print_cover(std::ostream& out, const book::BookCover& cover, const util::OutputTarget& target) {
  const book::CoverGeometry& g = cover.geometry;
  out << "cover: " << target.path.string() << ": " << book::printer_name(cover.printer) << ", "
      << book::cover_paper_id(cover.paper) << " paper, " << util::format_decimal(g.width_pt / 72, 4) << " x "
      << util::format_decimal(g.height_pt / 72, 4) << " in (" << util::format_decimal(g.width_pt, 2) << " x "
      << util::format_decimal(g.height_pt, 2) << " pt), spine " << util::format_decimal(g.spine_in, 4) << " in"
      << (cover.spine_in_from_spec ? " (from the spec)" : "")
      << (cover.printer == book::Printer::ingramspark ? ", PDF/X-1a:2001" : "") << '\n';
  out << "  spine text: " << (cover.spine_text_shown ? "shown" : "not shown (" + cover.spine_text_why_not + ")");
  if (cover.front_puzzle) out << "; front: puzzle " << *cover.front_puzzle;
  out << '\n';
  for (const std::string& warning : cover.warnings) out << "  warning: " << warning << '\n';
}

// Puzzles of one size and grade, in book order of first appearance, with their clue range.
struct SectionStats {
  engine::Kind kind;
  bool killer = false;  ///< killers (book::Section::killer): kind printed "killer"
  engine::Shape shape;
  engine::Grade grade;
  int count = 0;
  int clues_min = 0;
  int clues_max = 0;
};

std::vector<SectionStats> section_stats(const book::Book& made) {
  std::vector<SectionStats> out;
  for (std::size_t k = 0; k < made.puzzles.size(); ++k) {
    const engine::Puzzle& p = made.puzzles[k];
    const engine::Kind kind = made.layouts[k].kind;
    const bool killer = k < made.killers.size() && !made.killers[k].cages.empty();
    auto it = std::find_if(out.begin(), out.end(), [&](const SectionStats& s) {
      return s.kind == kind && s.killer == killer && s.shape == p.shape && s.grade == p.grade;
    });
    if (it == out.end()) {
      out.push_back({kind, killer, p.shape, p.grade, 0, p.clues, p.clues});
      it = out.end() - 1;
    }
    ++it->count;
    it->clues_min = std::min(it->clues_min, p.clues);
    it->clues_max = std::max(it->clues_max, p.clues);
  }
  return out;
}

void print_json_summary(std::ostream& out, const book::Book& made, const book::BookSpec& spec, const fs::path& pdf,
                        const book::BookPaths& paths, const std::vector<SectionStats>& sections, double seconds,
                        long peak_mib, const std::vector<std::string>& warnings,
                        const book::CatalogueBuild* catalogued) {
  using util::json_quote;
  out << "{\n  \"pdf\": " << json_quote(pdf.string())
      << ",\n  \"manifest\": " << json_quote(paths.manifest.path.string()) << ",\n  \"pages\": " << made.pages.size()
      << ",\n  \"trim\": " << json_quote(spec.trim_name) << ",\n  \"bleed\": " << (spec.bleed ? "true" : "false")
      << ",\n  \"layout\": " << json_quote(made.layout.name) << ",\n  \"puzzles\": " << made.puzzles.size()
      << ",\n  \"sections\": [";
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const SectionStats& s = sections[i];
    out << (i ? ",\n    " : "\n    ") << "{\"kind\": " << json_quote(s.killer ? "killer" : engine::kind_id(s.kind))
        << ", \"size\": " << json_quote(engine::shape_id(s.shape));
    out << ", \"grade\": " << json_quote(engine::grade_id(s.grade));
    out << ", \"count\": " << s.count << ", \"clues_min\": " << s.clues_min << ", \"clues_max\": " << s.clues_max
        << "}";
  }
  out << "\n  ],\n  \"cover\": ";
  if (made.cover) {
    const book::BookCover& c = *made.cover;
    out << "{\"path\": " << json_quote(paths.cover->path.string())
        << ", \"printer\": " << json_quote(book::printer_id(c.printer))
        << ", \"paper\": " << json_quote(book::cover_paper_id(c.paper))
        << ", \"width_in\": " << util::format_decimal(c.geometry.width_pt / 72, 4)
        << ", \"height_in\": " << util::format_decimal(c.geometry.height_pt / 72, 4)
        << ", \"spine_in\": " << util::format_decimal(c.geometry.spine_in, 4)
        << ", \"spine_text_shown\": " << (c.spine_text_shown ? "true" : "false") << ", \"warnings\": [";
    for (std::size_t i = 0; i < c.warnings.size(); ++i) out << (i ? ", " : "") << json_quote(c.warnings[i]);
    out << "]}";
  } else {
    out << "null";
  }
  out << ",\n  \"warnings\": [";
  for (std::size_t i = 0; i < warnings.size(); ++i) out << (i ? ", " : "") << json_quote(warnings[i]);
  out << "]";
  if (catalogued) {
    out << ",\n  \"catalogue\": {\"name\": " << json_quote(catalogued->catalogue)
        << ", \"registered\": " << made.puzzles.size() << ", \"replaced\": " << catalogued->replaced
        << ", \"clashes\": " << catalogued->avoided.size() << "}";
  }
  out << ",\n  \"seconds\": " << util::format_decimal(seconds, 3) << ",\n  \"peak_memory_mib\": " << peak_mib
      << "\n}\n";
}

// SHA-256 of the spec's bytes (already read and bounded by the spec's loader).
std::string spec_sha256(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return book::sha256_hex(bytes.str());
}

// A catalogued book rebuilt without its catalogue gets the spec's own puzzles back: one line.
void warn_if_catalogued(const book::BookSpec& spec, const fs::path& manifest, std::ostream& err) {
  if (const int replaced = book::catalogued_replacements(spec, manifest); replaced > 0)
    err << "warning: " << manifest.string() << " holds a book built with a catalogue (" << replaced
        << (replaced == 1 ? " puzzle" : " puzzles")
        << " replaced); without it this build places the spec's own puzzles: give --catalogue FILE to keep them\n";
}

}  // namespace

std::vector<std::string> progress_groups(const book::BookSpec& spec) {
  const bool mixed_sizes = std::any_of(spec.sections.begin(), spec.sections.end(),
                                       [](const book::Section& s) { return s.shape != engine::kShape9x9; });
  std::vector<std::string> groups;
  for (const book::Section& s : spec.sections) {
    const std::string label =
        (mixed_sizes ? engine::shape_id(s.shape) + " " : std::string()) + std::string(engine::grade_id(s.grade));
    groups.insert(groups.end(), static_cast<std::size_t>(s.count), label);
  }
  return groups;
}

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

namespace {

// A build with its spec read and every path checked, nothing made yet.
struct PreparedBuild {
  book::BookSpec spec;
  fs::path pdf;
  book::BookPaths paths;
  book::BuildSettings settings;
  int wait_ms = 0;
};

// Reads the spec and checks every path the build writes or reads (the catalogue's too), before
// any work: exit 2 or 1 for a problem there, nothing made.
PreparedBuild prepare_build(const BuildArgs& args, std::ostream& err) {
  book::BookSpec spec = book::load_spec_file(args.spec);
  book::apply_overrides(spec, {args.trim, args.bleed, args.layout, args.grading,
                               args.allow_trial ? std::optional<bool>(true) : std::nullopt});

  const fs::path pdf =
      args.output.empty() ? fs::path(fs::path(args.spec).stem().string() + ".pdf") : fs::path(args.output);
  book::BookPaths paths{{pdf, "the PDF", args.output.empty() ? "" : "-o"},
                        {args.manifest.empty() ? fs::path(pdf).replace_extension(".json") : fs::path(args.manifest),
                         "the manifest", args.manifest.empty() ? "" : "--manifest"}};
  if (!args.cover.empty()) {
    paths.cover = util::OutputTarget{args.cover, "the cover", "--cover"};
  } else if (spec.cover) {
    paths.cover = util::OutputTarget{book::default_cover_path(pdf), "the cover", ""};
  }
  if (args.volume > 0) book::set_volume(spec, args.volume);
  if (!args.catalogue.empty()) {
    spec.catalogue = args.catalogue;
    spec.catalogue_place = Place::flag("--catalogue");
  }
  book::BuildSettings settings;
  settings.resources = resources();
  book::check_book_paths(spec, settings.resources, paths);  // the catalogue file is an input
  book::check_catalogue_location(spec);
  const int wait_ms = spec.catalogue.empty() ? 0 : catalogue_wait_ms();
  if (spec.catalogue.empty()) warn_if_catalogued(spec, paths.manifest.path, err);
  return PreparedBuild{std::move(spec), pdf, std::move(paths), std::move(settings), wait_ms};
}

int run_prepared(const BuildArgs& args, PreparedBuild prepared, std::ostream& out, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  book::BookSpec& spec = prepared.spec;
  const fs::path& pdf = prepared.pdf;
  const book::BookPaths& paths = prepared.paths;
  book::BuildSettings& settings = prepared.settings;
  const int wait_ms = prepared.wait_ms;

  settings.version = PUZZLEPRESS_VERSION;
  settings.jobs = args.jobs;
  settings.paint_pdf = true;  // paint pages while later puzzles generate (write_book uses it)
  std::optional<ProgressLine> line;
  if (progress_wanted(args.progress)) {
    line.emplace(err, progress_groups(spec), progress_delay(args.progress));
    settings.progress = line->callback();
  }

  std::optional<book::CatalogueBuild> catalogued;
  if (!spec.catalogue.empty()) {
    catalogued.emplace(book::build_into_catalogue(spec, settings, paths, spec_sha256(args.spec), wait_ms));
  } else {
    book::Book plain = book::make_book(spec, settings);
    // A puzzle that failed its final check never reaches a file.
    const auto invalid =
        std::count_if(plain.puzzles.begin(), plain.puzzles.end(), [](const engine::Puzzle& p) { return !p.valid; });
    if (invalid) {
      throw EnvironmentError(std::to_string(invalid) + " puzzle(s) failed the final check; nothing was written");
    }
    book::write_book(std::move(plain), paths);  // leaves `plain` without its PDF bytes only
    catalogued.emplace();
    catalogued->book = std::move(plain);
  }
  if (line) line->finish();
  const book::Book& made = catalogued->book;

  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);

  const std::vector<SectionStats> sections = section_stats(made);
  // What the spec may still get wrong in print (no year, …): after a build that succeeded, so a
  // failing one prints its one error alone; --json carries them in the summary instead.
  const std::vector<std::string> warnings = book::spec_warnings(spec);
  if (args.json) {
    print_json_summary(out, made, spec, pdf, paths, sections, seconds, usage.ru_maxrss / 1024, warnings,
                       spec.catalogue.empty() ? nullptr : &*catalogued);
    return kExitOk;
  }
  for (const std::string& warning : warnings) err << "warning: " << warning << '\n';
  out << pdf.string() << ": " << made.pages.size() << " pages, trim " << spec.trim_name
      << (spec.bleed ? " with bleed" : "") << ", layout " << made.layout.name << ", " << made.puzzles.size()
      << (made.puzzles.size() == 1 ? " puzzle\n" : " puzzles\n");
  // Per grade (and kind or size, when the book has other kinds than classic or sizes than 9x9)
  // in book order: count and clue range.
  const bool mixed_sizes =
      std::any_of(sections.begin(), sections.end(), [](const SectionStats& s) { return s.shape != engine::kShape9x9; });
  const bool mixed_kinds = std::any_of(sections.begin(), sections.end(), [](const SectionStats& s) {
    return s.kind != engine::Kind::classic || s.killer;
  });
  for (const SectionStats& s : sections) {
    std::ostringstream key;
    if (mixed_kinds) key << std::left << std::setw(8) << (s.killer ? "killer" : engine::kind_id(s.kind));
    if (mixed_sizes) key << std::left << std::setw(6) << engine::shape_id(s.shape);
    key << std::left << std::setw(8) << engine::grade_label(s.grade);
    out << "  " << key.str() << std::right << std::setw(4) << s.count
        << (s.count == 1 ? " puzzle,  clues " : " puzzles, clues ") << s.clues_min
        << (s.clues_min == s.clues_max ? "" : "-" + std::to_string(s.clues_max)) << '\n';
  }
  out << "manifest: " << paths.manifest.path.string() << '\n';
  // KDP's printing cost for a book KDP prints (no cover, or a KDP cover): book/kdp/print_cost.h.
  if (!made.cover || made.cover->printer == book::Printer::kdp) {
    if (const auto price = book::kdp_price("Amazon.com", static_cast<int>(made.pages.size()), spec.trim)) {
      out << "KDP printing cost: " << util::format_fixed(price->printing_cost(), 2) << ' ' << price->currency << " on "
          << price->marketplace << " (black ink), least list price " << util::format_fixed(price->min_list_price(), 2)
          << ' ' << price->currency << '\n';
    }
  }
  if (!spec.catalogue.empty()) {
    out << "catalogue: " << catalogued->catalogue << ": registered " << made.puzzles.size() << " puzzles";
    if (catalogued->replaced > 0) out << ", " << catalogued->replaced << " replaced (held by other books)";
    out << '\n';
  }
  if (made.cover) {
    print_cover(out, *made.cover, *paths.cover);
    if (const auto thumbnail = book::cover_thumbnail_file(made.manifest, paths.cover->path.string())) {
      out << "  " << thumbnail->summary << '\n';
      for (const std::string& w : thumbnail->warnings) err << "warning: " << w << '\n';
    }
  }
  out << "built in " << util::format_fixed(seconds, 2) << " s"
      << ", peak memory " << usage.ru_maxrss / 1024 << " MiB\n";
  return kExitOk;
}

}  // namespace

int run_build(const BuildArgs& args, std::ostream& out, std::ostream& err) {
  return run_prepared(args, prepare_build(args, err), out, err);
}

int run_build_volumes(const BuildArgs& args, std::ostream& out, std::ostream& err) {
  const Place flag = Place::flag("--volumes");
  int first = 0, last = 0;
  const auto dash = args.volumes.find('-');
  try {
    std::size_t used = 0;
    first = std::stoi(args.volumes.substr(0, dash), &used);
    if (used != (dash == std::string::npos ? args.volumes.size() : dash)) throw std::invalid_argument("");
    last = dash == std::string::npos ? first : std::stoi(args.volumes.substr(dash + 1), &used);
    if (dash != std::string::npos && used != args.volumes.size() - dash - 1) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw InputError(flag, "expected a volume or a range of volumes, e.g. 3 or 1-12, got '" + args.volumes + "'");
  }
  if (first < 1 || last > 999 || first > last || last - first >= 100)
    throw InputError(flag, "volumes must be 1-999, first to last, at most 100 at once; got '" + args.volumes + "'");
  if (!args.manifest.empty() || !args.cover.empty())
    throw InputError(flag, "each volume's manifest and cover are named after its PDF: give no --manifest or --cover");
  const fs::path base =
      args.output.empty() ? fs::path(fs::path(args.spec).stem().string() + ".pdf") : fs::path(args.output);
  // Every volume's paths are checked before any volume is built: a volume that could not land
  // refuses the whole run, not after the volumes before it landed.
  std::vector<std::pair<BuildArgs, PreparedBuild>> volumes;
  for (int volume = first; volume <= last; ++volume) {
    BuildArgs one = args;
    one.volume = volume;
    one.output =
        (base.parent_path() / (base.stem().string() + "-vol" + std::to_string(volume) + base.extension().string()))
            .string();
    PreparedBuild prepared = prepare_build(one, err);
    volumes.emplace_back(std::move(one), std::move(prepared));
  }
  for (auto& [one, prepared] : volumes)
    if (const int code = run_prepared(one, std::move(prepared), out, err); code != kExitOk) return code;
  return kExitOk;
}

Command add_build(CLI::App& app) {
  const auto args = std::make_shared<BuildArgs>();
  struct BleedFlags {
    bool bleed = false, no_bleed = false;
  };
  const auto flags = std::make_shared<BleedFlags>();
  auto* build = app.add_subcommand(
      "build", "Build a book: the interior PDF, its JSON manifest and the cover PDF (with cover: in the spec)");
  build->add_option("spec", args->spec, "The book spec (YAML)")->required();
  build->add_option("-o,--output", args->output, "PDF to write (default: SPEC's name with .pdf, here)");
  build->add_option("--manifest", args->manifest, "Manifest to write (default: the PDF's path with .json)");
  build->add_option("--cover", args->cover,
                    "Cover PDF to write, for a spec with cover: (default: <PDF name>-cover.pdf beside the PDF)");
  build->add_option("--trim", args->trim, "Re-export at this trim (same puzzles), e.g. 8.5x11, A4, '150x220 mm'");
  build->add_flag("--bleed", flags->bleed, "Print with bleed");
  build->add_flag("--no-bleed", flags->no_bleed, "Print without bleed");
  build->add_option("--layout", args->layout, "Layout preset name or layout file");
  build->add_option("--grading", args->grading,
                    "Override the spec's grading: techniques | clues (changes the puzzles)");
  build->add_flag("--allow-trial", args->allow_trial,
                  "Also place puzzles that need trial and error (the spec's allow_trial: true)");
  build->add_option("--jobs", args->jobs, "Generation threads (0 = all cores); the book is the same for any value")
      ->capture_default_str();
  const ProgressFlags progress = add_progress_flags(*build);
  build->add_flag("--json", args->json, "Print the build summary as JSON (for scripts)");
  build->add_option("--volumes", args->volumes,
                    "Build volumes of the spec's series in turn: 3 or 1-12 (each PDF named NAME-volN.pdf)");
  build->add_option(
      "--catalogue", args->catalogue,
      "Catalogue to build against and register in (a file or postgresql:// address; overrides the spec's catalogue:)");
  return Command{build, [args, flags, progress] {
                   if (flags->bleed && flags->no_bleed)
                     throw InputError(Place{}, "--bleed and --no-bleed exclude each other");
                   if (flags->bleed || flags->no_bleed) args->bleed = flags->bleed;
                   args->progress = progress.mode();
                   if (!args->volumes.empty()) return run_build_volumes(*args, std::cout, std::cerr);
                   return run_build(*args, std::cout, std::cerr);
                 }};
}

}  // namespace puzzlepress::cli
