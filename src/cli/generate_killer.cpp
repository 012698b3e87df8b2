// `puzzlepress generate --kind killer`: pure killers (engine/killer_generator.h), aimed at a tier
// with --grade and graded by the killer grader (engine/killer_grade.h).
#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "book/spec/choices.h"
#include "cli/exit_codes.h"
#include "cli/generate_command.h"
#include "cli/solve_command.h"
#include "engine/batch.h"
#include "engine/killer_grade.h"
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

// The grader's word on a valid killer: its tier ("evil" when no technique finishes it, as the
// generator counts it) and rating, one decimal; "" and "" for an invalid one.
struct KillerGrade {
  std::string tier;
  std::string rating;
  bool needs_trial = false;
};

KillerGrade grade_of(const engine::KillerPuzzle& p) {
  if (!p.valid) return {};
  const engine::LogicResult r = engine::solve_logically(p.killer, p.givens);
  char rating[16];
  std::snprintf(rating, sizeof rating, "%.1f", r.rating);
  return {std::string(engine::grade_id(engine::killer_tier(r))), rating, !r.solved};
}

void write_killer_row(std::ostream& out, const std::string& format, const engine::KillerPuzzle& p, std::uint32_t seed,
                      std::size_t i, bool more) {
  const std::string valid = p.valid ? "true" : "false";
  // An invalid puzzle (no partition got there) may have no layout to write.
  const std::string text = engine::killer_problem(p.killer).empty() ? engine::killer_text(p.killer, p.givens) : "";
  const std::size_t cages = p.killer.cages.size();
  const KillerGrade grade = grade_of(p);
  if (format == "csv") {
    // The text's sums hold commas: the field is quoted (RFC 4180; the text holds no '"').
    out << seed << ",killer," << grade.tier << ',' << cages << ",\"" << text << "\"," << engine::to_string(p.solution)
        << ',' << valid << ',' << grade.rating << '\n';
  } else if (format == "json") {
    // An invalid puzzle has neither grade nor rating: both null.
    out << "  {\"seed\": " << seed << ", \"kind\": \"killer\", \"grade\": "
        << (grade.tier.empty() ? std::string("null") : "\"" + grade.tier + "\"") << ", \"cages\": " << cages
        << ", \"puzzle\": \"" << text << "\", \"solution\": \"" << engine::to_string(p.solution)
        << "\", \"valid\": " << valid << ", \"rating\": " << (grade.rating.empty() ? std::string("null") : grade.rating)
        << '}' << (more ? "," : "") << '\n';
  } else {
    if (i) out << '\n';
    out << "Puzzle " << (i + 1) << " - killer"
        << (p.killer.shape == engine::kShape9x9 ? std::string() : " " + engine::shape_id(p.killer.shape)) << ", "
        << cages << " cages, no givens, "
        << (p.valid ? grade.tier + " (rating " + grade.rating + (grade.needs_trial ? ", needs trial" : "") + ")"
                    : std::string("not graded"))
        << ", seed " << seed << (p.valid ? "" : " (INVALID)") << '\n'
        << text << '\n'
        << cage_board_text(p.killer);
  }
}

}  // namespace

int run_generate_killer(const GenerateArgs& args, std::ostream& out, std::ostream& err) {
  // No --grade: the first unique killer of any tier (its tier is printed). With it, killers of
  // other tiers are drawn again (KillerOptions::grade).
  std::optional<engine::Grade> grade;
  if (!args.grade.empty()) {
    grade = engine::parse_grade(args.grade);
    if (!grade) {
      throw InputError(Place::flag("--grade"),
                       "unknown grade '" + args.grade + "' (expected one of: " + book::grade_choices() + ")");
    }
  }
  if (args.allow_trial) {
    throw InputError(Place::flag("--allow-trial"),
                     "is not taken with --kind killer (a killer no technique finishes is graded evil)");
  }
  const auto shape = parse_size_flag(args.size.empty() ? std::string("9x9") : args.size);
  if (!engine::killer_takes(*shape))
    throw InputError(Place::flag("--size"), "kind 'killer' takes 6x6 or 9x9, not " + engine::shape_id(*shape));
  if (grade && !engine::killer_offers_grade(*shape, *grade)) {
    throw InputError(Place::flag("--grade"),
                     "killer " + engine::shape_id(*shape) + " puzzles are not made at " +
                         std::string(engine::grade_id(*grade)) + " (" +
                         (*shape == engine::kShape6x6 ? "easy only" : "easy, medium, hard or evil") +
                         "; harder ones are too rare to aim at)");
  }
  if (args.format == "csv") out << "seed,kind,grade,cages,puzzle,solution,valid,rating\n";
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
      item.grade = grade;
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
