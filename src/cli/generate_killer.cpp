// `puzzlepress generate --kind killer`: pure killers (engine/killer_generator.h), no grade.
#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/generate_command.h"
#include "cli/solve_command.h"
#include "engine/batch.h"
#include "engine/killer_generator.h"
#include "util/errors.h"

namespace puzzlepress::cli {
namespace {

// The cages for people: each row's cage symbols (killer.h's), then the row's sums at the cages'
// first cells, e.g. "0 0 1 1 2 2   17 .  5 .  5 .".
std::string cage_board_text(const engine::Killer& killer) {
  const int n = killer.shape.size();
  const std::string symbols = engine::cages_text(killer);
  std::vector<int> sum_at(static_cast<std::size_t>(killer.shape.cells()), 0);
  for (const engine::Cage& cage : killer.cages) sum_at[static_cast<std::size_t>(cage.cells.front())] = cage.sum;
  std::string text;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) text += std::string(c ? " " : "") + symbols[static_cast<std::size_t>(r * n + c)];
    text += "  ";
    for (int c = 0; c < n; ++c) {
      const int sum = sum_at[static_cast<std::size_t>(r * n + c)];
      const std::string cell = sum ? std::to_string(sum) : ".";
      text += std::string(3 - cell.size(), ' ') + cell;
    }
    text += '\n';
  }
  return text;
}

void write_killer_row(std::ostream& out, const std::string& format, const engine::KillerPuzzle& p, std::uint32_t seed,
                      std::size_t i, bool more) {
  const std::string valid = p.valid ? "true" : "false";
  // An invalid puzzle (no partition got there) may have no layout to write.
  const std::string text = engine::killer_problem(p.killer).empty() ? engine::killer_text(p.killer, p.givens) : "";
  const std::size_t cages = p.killer.cages.size();
  if (format == "csv") {
    // The text's sums hold commas: the field is quoted (RFC 4180; the text holds no '"').
    out << seed << ",killer," << cages << ",\"" << text << "\"," << engine::to_string(p.solution) << ',' << valid
        << '\n';
  } else if (format == "json") {
    out << "  {\"seed\": " << seed << ", \"kind\": \"killer\", \"cages\": " << cages << ", \"puzzle\": \"" << text
        << "\", \"solution\": \"" << engine::to_string(p.solution) << "\", \"valid\": " << valid << '}'
        << (more ? "," : "") << '\n';
  } else {
    if (i) out << '\n';
    out << "Puzzle " << (i + 1) << " - killer"
        << (p.killer.shape == engine::kShape9x9 ? std::string() : " " + engine::shape_id(p.killer.shape)) << ", "
        << cages << " cages, no givens, not graded, seed " << seed << (p.valid ? "" : " (INVALID)") << '\n'
        << text << '\n'
        << cage_board_text(p.killer);
  }
}

}  // namespace

int run_generate_killer(const GenerateArgs& args, std::ostream& out, std::ostream& err) {
  if (!args.grade.empty()) throw InputError(Place::flag("--grade"), std::string(kKillerNotGraded));
  if (args.allow_trial) throw InputError(Place::flag("--allow-trial"), std::string(kKillerNotGraded));
  const auto shape = parse_size_flag(args.size.empty() ? std::string("9x9") : args.size);
  if (!engine::killer_takes(*shape))
    throw InputError(Place::flag("--size"), "kind 'killer' takes 6x6 or 9x9, not " + engine::shape_id(*shape));
  if (args.format == "csv") out << "seed,kind,cages,puzzle,solution,valid\n";
  if (args.format == "json") out << "[\n";
  bool all_valid = true;
  std::optional<ProgressLine> line;
  engine::BatchProgress report;
  if (progress_wanted(args.progress)) {
    line.emplace(err, std::vector<std::string>(static_cast<std::size_t>(args.count), std::string("killer")),
                 progress_delay(args.progress));
    report = line->callback();
  }
  // Batch by batch, in order, as run_generate: the same rows for any batch size or --jobs.
  for (int first = 0; first < args.count; first += kGenerateBatch) {
    const int last = std::min(args.count, first + kGenerateBatch);
    std::vector<engine::KillerOptions> items;
    for (int k = first; k < last; ++k) {
      engine::KillerOptions item;
      item.shape = *shape;
      item.seed = engine::batch_seed(args.seed, static_cast<std::uint32_t>(k));
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
    const std::vector<engine::KillerPuzzle> puzzles = engine::generate_killer_batch(items, args.jobs, batch_report);
    for (std::size_t j = 0; j < puzzles.size(); ++j) {
      const std::size_t i = static_cast<std::size_t>(first) + j;
      all_valid = all_valid && puzzles[j].valid;
      write_killer_row(out, args.format, puzzles[j], items[j].seed, i, i + 1 < static_cast<std::size_t>(args.count));
    }
    out.flush();
  }
  if (line) line->finish();
  if (args.format == "json") out << "]\n";
  return all_valid ? kExitOk : kExitFailure;
}

}  // namespace puzzlepress::cli
