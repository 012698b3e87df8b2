// `puzzlepress bench --canonical`: canonical forms of 9x9 puzzles per second beside the puzzles
// the generator makes per second, both on one thread in one run (bench_command.h).
#include <iomanip>
#include <ostream>
#include <vector>

#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "engine/canonical.h"
#include "engine/generator.h"

namespace puzzlepress::cli {

int bench_canonical(const BenchArgs& args, std::ostream& out) {
  using bench::Clock;
  using bench::ms_since;
  const int boards = args.boards > 0 ? args.boards : 200;
  const int rounds = args.rounds > 0 ? args.rounds : 1;
  // The anchor: the generator's own speed, medium 9x9 puzzles (clue grading, rated), seeds 1..B.
  std::vector<engine::Grid> puzzles, solutions;
  const auto generate_start = Clock::now();
  for (int i = 1; i <= boards; ++i) {
    engine::GenerateOptions options;
    options.seed = static_cast<std::uint32_t>(i);
    options.grade = engine::kAllGrades[static_cast<std::size_t>(i) % engine::kAllGrades.size()];
    const engine::Puzzle p = engine::generate(options);
    puzzles.push_back(p.givens);
    solutions.push_back(p.solution);
  }
  const double generate_ms = ms_since(generate_start);
  // Canonical forms of the same puzzles, every one `passes` times per round; the best round counts.
  const int passes = 50;
  double best_ms = 0;
  std::size_t checksum = 0;
  for (int round = 0; round < rounds; ++round) {
    const auto start = Clock::now();
    for (int pass = 0; pass < passes; ++pass)
      for (const engine::Grid& g : puzzles) checksum += engine::canonical_form(g).cells[80];
    const double ms = ms_since(start);
    if (round == 0 || ms < best_ms) best_ms = ms;
  }
  const auto solutions_start = Clock::now();
  for (const engine::Grid& g : solutions) checksum += engine::canonical_solution(g).cells[80];
  const double solutions_ms = ms_since(solutions_start);
  const double generated_per_s = boards * 1000.0 / generate_ms;
  const double forms_per_s = static_cast<double>(boards) * passes * 1000.0 / best_ms;
  const double solution_forms_per_s = boards * 1000.0 / solutions_ms;
  out << std::fixed << std::setprecision(0);
  out << "9x9, one thread, " << boards << " puzzles (seeds 1.." << boards << ", grades in turn)\n";
  out << "  generated (the anchor):   " << std::setw(9) << generated_per_s << " puzzles/s\n";
  out << "  canonical forms:          " << std::setw(9) << forms_per_s << " puzzles/s  (" << std::setprecision(0)
      << forms_per_s / generated_per_s << "x the generator; best of " << rounds << " round(s) of " << passes
      << " passes)\n";
  out << "  canonical solutions:      " << std::setw(9) << solution_forms_per_s << " grids/s\n";
  out << "  (checksum " << checksum % 1000 << ")\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
