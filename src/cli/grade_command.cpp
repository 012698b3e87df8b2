#include "cli/grade_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <iostream>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <ostream>

#include "cli/command.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "cli/solve_command.h"
#include "engine/logic_solver.h"
#include "engine/sized_logic.h"
#include "engine/sized_solver.h"

namespace puzzlepress::cli {

int run_grade(const GradeArgs& args, std::istream& in, std::ostream& out) {
  const auto shape = parse_size_flag(args.size);
  const std::vector<std::string> puzzles = read_puzzle_arguments(args.puzzles, in, shape);
  if (puzzles.empty()) throw InputError(Place{}, "grade: no puzzle given (pass PUZZLE or - for standard input)");

  int exit_code = kExitOk;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (puzzles.size() > 1) out << (i + 1) << ": ";
    // Only a puzzle with exactly one solution has a difficulty; anything else is reported as
    // `solve` reports it.
    const engine::SizedSolveResult solved = engine::solve_sized(puzzles[i], shape);
    if (solved.status != engine::SolveStatus::unique) {
      out << describe_solve_result(solved) << '\n';
      exit_code = std::max(exit_code, solve_exit_code(solved.status));
      continue;
    }
    const engine::SizedGrid givens = *engine::parse_sized_grid(puzzles[i], shape).grid;
    engine::LogicOptions options;
    options.record_steps = args.steps;
    const engine::SizedLogicResult r = engine::solve_logically_sized(givens, options);
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
        out << "  " << (s + 1) << ". " << engine::explain_step(r.steps[s], givens.shape) << '\n';
      }
      if (r.needs_trial) out << "  (no known technique makes progress from here: trial and error)\n";
    }
  }
  return exit_code;
}

Command add_grade(CLI::App& app) {
  const auto args = std::make_shared<GradeArgs>();
  auto* grade = app.add_subcommand("grade", "Rate puzzles by the human techniques they need");
  grade->add_option("puzzles", args->puzzles, "Puzzles: N*N cells of 1-9 then A-G, '.' or '0' empty; - reads stdin");
  grade->add_option("--size", args->size, "4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16 (default: from the cell count)");
  grade->add_flag("--steps", args->steps, "Explain the solve step by step");
  return Command{grade, [args] { return run_grade(*args, std::cin, std::cout); }};
}

}  // namespace puzzlepress::cli
