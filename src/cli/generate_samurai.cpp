// `puzzlepress generate --kind samurai`: samurai (engine/samurai_generator.h) aimed at --grade's
// tier and graded by the samurai grader (engine/samurai_grade.h).
#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "book/spec/choices.h"
#include "cli/exit_codes.h"
#include "cli/generate_command.h"
#include "cli/solve_command.h"
#include "engine/batch.h"
#include "engine/samurai_generator.h"
#include "util/errors.h"
#include "util/numbers.h"

namespace puzzlepress::cli {
namespace {

// The figure for people: 21 rows, a cell's value or '.', a space between cells, blanks outside
// the grids.
std::string samurai_board_text(const engine::SamuraiGrid& grid) {
  std::string text;
  for (int r = 0; r < engine::kSamuraiSide; ++r) {
    std::string row;
    for (int c = 0; c < engine::kSamuraiSide; ++c) {
      const int cell = engine::samurai_cell(r, c);
      const int v = cell < 0 ? -1 : grid.cells[static_cast<std::size_t>(cell)];
      row += std::string(c ? " " : "") + (v < 0 ? ' ' : v == 0 ? '.' : static_cast<char>('0' + v));
    }
    row.erase(row.find_last_not_of(' ') + 1);
    text += row + '\n';
  }
  return text;
}

void write_samurai_row(std::ostream& out, const std::string& format, const engine::SamuraiPuzzle& p, std::size_t i,
                       bool more) {
  const std::string valid = p.valid ? "true" : "false";
  const std::string rating = util::format_fixed(p.rating, 1);
  const std::string tier(engine::grade_id(p.tier));
  const std::string puzzle = engine::samurai_text(p.givens);
  const std::string solution = engine::samurai_text(p.solution);
  if (format == "csv") {
    out << p.seed << ",samurai," << engine::grade_id(p.grade) << ',' << p.clues << ',' << puzzle << ',' << solution
        << ',' << valid << ',' << rating << ',' << tier << '\n';
  } else if (format == "json") {
    out << "  {\"seed\": " << p.seed << ", \"kind\": \"samurai\", \"grade\": \"" << engine::grade_id(p.grade)
        << "\", \"clues\": " << p.clues << ", \"puzzle\": \"" << puzzle << "\", \"solution\": \"" << solution
        << "\", \"valid\": " << valid << ", \"rating\": " << rating << ", \"tier\": \"" << tier
        << "\", \"techniques\": {";
    bool first = true;
    for (auto t : engine::kTechniqueOrder) {
      const int n = p.technique_counts[static_cast<int>(t)];
      if (!n) continue;
      out << (first ? "" : ", ") << '"' << engine::technique_name(t) << "\": " << n;
      first = false;
    }
    out << "}}" << (more ? "," : "") << '\n';
  } else {
    if (i) out << '\n';
    out << "Puzzle " << (i + 1) << " - samurai " << engine::grade_label(p.grade) << ", " << p.clues << " clues, rating "
        << rating << " (" << engine::grade_label(p.tier) << "), seed " << p.seed << (p.valid ? "" : " (INVALID)")
        << '\n'
        << puzzle << '\n'
        << samurai_board_text(p.givens);
  }
}

}  // namespace

int run_generate_samurai(const GenerateArgs& args, std::ostream& out, std::ostream& err) {
  const std::string grade_name = args.grade.empty() ? std::string("medium") : args.grade;
  const auto grade = engine::parse_grade(grade_name);
  if (!grade) {
    throw InputError(Place::flag("--grade"),
                     "unknown grade '" + grade_name + "' (expected one of: " + book::grade_choices() + ")");
  }
  if (args.allow_trial)
    throw InputError(Place::flag("--allow-trial"), "is not taken with --kind samurai (its puzzles never need trial)");
  if (args.grading != "techniques")
    throw InputError(Place::flag("--grading"), "kind 'samurai' is graded by techniques only");
  if (args.symmetry != "rotational")
    throw InputError(Place::flag("--symmetry"), "kind 'samurai' is dug with rotational symmetry only");
  if (!args.size.empty() && !(parse_size_flag(args.size) == engine::kShape9x9))
    throw InputError(Place::flag("--size"), "kind 'samurai' is five 9x9 grids, not " + args.size);
  if (args.format == "csv") out << "seed,kind,grade,clues,puzzle,solution,valid,rating,tier\n";
  if (args.format == "json") out << "[\n";
  bool all_valid = true;
  std::optional<ProgressLine> line;
  engine::BatchProgress report;
  if (progress_wanted(args.progress)) {
    line.emplace(err, std::vector<std::string>(static_cast<std::size_t>(args.count), std::string("samurai")),
                 progress_delay(args.progress));
    report = line->callback();
  }
  // Batch by batch, in order, as run_generate: the same rows for any batch size or --jobs.
  for (int first = 0; first < args.count; first += kGenerateBatch) {
    const int last = std::min(args.count, first + kGenerateBatch);
    std::vector<engine::SamuraiOptions> items;
    for (int k = first; k < last; ++k) {
      engine::SamuraiOptions item;
      item.seed = engine::batch_seed(args.seed, static_cast<std::uint32_t>(k));
      item.grade = *grade;
      item.attempts = args.attempts;
      items.push_back(item);
    }
    engine::BatchProgress batch_report;
    if (report) {
      const auto offset = static_cast<std::size_t>(first);
      const auto total = static_cast<std::size_t>(args.count);
      batch_report = [&report, offset, total](std::size_t done, std::size_t, std::size_t item) {
        report(offset + done, total, offset + item);
      };
    }
    const std::vector<engine::SamuraiPuzzle> puzzles = engine::generate_samurai_batch(items, args.jobs, batch_report);
    for (std::size_t j = 0; j < puzzles.size(); ++j) {
      const std::size_t i = static_cast<std::size_t>(first) + j;
      all_valid = all_valid && puzzles[j].valid;
      write_samurai_row(out, args.format, puzzles[j], i, i + 1 < static_cast<std::size_t>(args.count));
    }
    out.flush();
  }
  if (line) line->finish();
  if (args.format == "json") out << "]\n";
  return all_valid ? kExitOk : kExitFailure;
}

}  // namespace puzzlepress::cli
