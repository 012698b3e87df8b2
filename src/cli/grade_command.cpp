#include "cli/grade_command.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <ostream>

#include "cli/exit_codes.h"
#include "cli/solve_command.h"
#include "engine/logic_solver.h"
#include "engine/solver.h"

namespace puzzlepress::cli {

int run_grade(const GradeArgs& args, std::istream& in, std::ostream& out) {
  const std::vector<std::string> puzzles = read_puzzle_arguments(args.puzzles, in);
  if (puzzles.empty()) throw CliError(kExitUsage, "grade: no puzzle given (pass PUZZLE or - for standard input)");

  int exit_code = kExitOk;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (puzzles.size() > 1) out << (i + 1) << ": ";
    // Only a puzzle with exactly one solution has a difficulty; anything else is reported as
    // `solve` reports it.
    const engine::SolveResult solved = engine::solve(puzzles[i]);
    if (solved.status != engine::SolveStatus::unique) {
      out << describe_solve_result(solved) << '\n';
      exit_code = std::max(exit_code, solve_exit_code(solved.status));
      continue;
    }
    const engine::Grid givens = *engine::parse_grid(puzzles[i]).grid;
    engine::LogicOptions options;
    options.record_steps = args.steps;
    const engine::LogicResult r = engine::solve_logically(givens, options);
    char rating[16];
    std::snprintf(rating, sizeof rating, "%.1f", r.rating);
    out << engine::grade_id(r.tier) << " rating " << rating << (r.needs_trial ? " (needs trial)" : "");
    bool first = true;
    for (auto t : engine::kTechniqueOrder) {
      const int n = r.count(t);
      if (!n) continue;
      out << (first ? ": " : ", ") << engine::technique_name(t) << ' ' << n;
      first = false;
    }
    out << '\n';
    if (args.steps) {
      for (std::size_t s = 0; s < r.steps.size(); ++s) {
        out << "  " << (s + 1) << ". " << r.steps[s].describe() << '\n';
      }
      if (r.needs_trial) out << "  (no known technique makes progress from here: trial and error)\n";
    }
  }
  return exit_code;
}

}  // namespace puzzlepress::cli
