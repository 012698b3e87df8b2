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
#include "cli/puzzle_input.h"
#include "util/errors.h"
#include "cli/solve_command.h"
#include "engine/killer_grade.h"
#include "engine/logic_solver.h"
#include "engine/logic.h"
#include "engine/samurai_grade.h"
#include "engine/solver.h"
#include "engine/variant_solver.h"

namespace puzzlepress::cli {

namespace {

// The grader's line (and steps) for a puzzle with one solution: `r` is its logic solve on
// `geometry` (a killer's: killer_geometry, its cages in the steps).
/// The summary line of a grading: "hard rating 3.4: naked single 40, pointing 2" (any result
/// with tier, rating, needs_trial and count(technique): classic, variant or samurai).
template <class Result>
void print_summary(const Result& r, std::ostream& out) {
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
}

void print_result(const engine::LogicResult& r, const engine::Grid& givens, const engine::Geometry& geometry,
                  bool steps, std::ostream& out) {
  const bool classic = geometry.classic() && geometry.houses_only();
  print_summary(r, out);
  if (steps) {
    for (std::size_t s = 0; s < r.steps.size(); ++s) {
      const std::string text = classic ? engine::explain_step(r.steps[s], givens.shape) : r.steps[s].describe(geometry);
      out << "  " << (s + 1) << ". " << text << '\n';
    }
    if (r.needs_trial) out << "  (no known technique makes progress from here: trial and error)\n";
  }
}

void print_grade(const engine::Grid& givens, const engine::Geometry& geometry, bool steps, std::ostream& out) {
  engine::LogicOptions options;
  options.record_steps = steps;
  const bool classic = geometry.classic() && geometry.houses_only();
  print_result(classic ? engine::solve_logically(givens, options) : engine::solve_logically(givens, geometry, options),
               givens, geometry, steps, out);
}

void print_killer_grade(const std::string& puzzle, bool steps, std::ostream& out) {
  const engine::KillerParse parsed = parse_killer_text(puzzle);
  engine::LogicOptions options;
  options.record_steps = steps;
  print_result(engine::solve_logically(*parsed.killer, *parsed.givens, options), *parsed.givens,
               engine::killer_geometry(parsed.killer->shape), steps, out);
}

// The grader's line (and steps) for a samurai with one solution, as print_result's.
void print_samurai_grade(const engine::SamuraiGrid& givens, bool steps, std::ostream& out) {
  engine::LogicOptions options;
  options.record_steps = steps;
  const engine::SamuraiLogicResult r = engine::solve_logically(givens, options);
  print_summary(r, out);
  if (steps) {
    for (std::size_t s = 0; s < r.steps.size(); ++s)
      out << "  " << (s + 1) << ". " << engine::explain_samurai_step(r.steps[s]) << '\n';
    if (r.needs_trial) out << "  (no known technique makes progress from here: trial and error)\n";
  }
}

}  // namespace

int run_grade(const GradeArgs& args, std::istream& in, std::ostream& out) {
  const auto shape = parse_size_flag(args.size);
  const PuzzleKind kind_flag = parse_puzzle_kind_flag(args.kind);
  const engine::Kind kind = kind_flag.kind;
  int exit_code = kExitOk;
  for_each_puzzle("grade", args.puzzles, in, shape, [&](std::size_t number, const std::string& puzzle, bool several) {
    if (several) out << number << ": ";
    if (is_samurai_text(kind_flag, puzzle)) {
      const engine::SamuraiSolveResult solved = solve_samurai_text(puzzle, shape);
      if (solved.status != engine::SolveStatus::unique) {
        out << describe_samurai_result(solved) << '\n';
        exit_code = std::max(exit_code, solve_exit_code(solved.status));
      } else {
        print_samurai_grade(*engine::parse_samurai(puzzle).grid, args.steps, out);
      }
      out.flush();
      return;
    }
    // Only a puzzle with exactly one solution has a difficulty; anything else is reported as
    // `solve` reports it.
    const bool killer = is_killer_text(kind_flag, puzzle);
    const bool variant = !killer && is_variant_text(kind, puzzle);
    const engine::SolveResult solved = killer    ? solve_killer_text(puzzle, shape)
                                       : variant ? engine::solve_variant(puzzle, kind, shape)
                                                 : engine::solve(puzzle, shape);
    if (solved.status != engine::SolveStatus::unique) {
      out << describe_solve_result(solved) << '\n';
      out.flush();
      exit_code = std::max(exit_code, solve_exit_code(solved.status));
      return;
    }
    if (killer) {
      print_killer_grade(puzzle, args.steps, out);
    } else if (variant) {
      const engine::VariantParse parsed = engine::parse_variant(puzzle, kind, shape);
      const engine::GeometryBuild built = engine::variant_geometry(*parsed.layout);
      print_grade(*parsed.grid, *built.geometry, args.steps, out);
    } else {
      const engine::Grid givens = *engine::parse_grid(puzzle, shape).grid;
      print_grade(givens, engine::classic_geometry(givens.shape), args.steps, out);
    }
    out.flush();  // answered as read: a reader on a pipe sees each answer at once
  });
  return exit_code;
}

Command add_grade(CLI::App& app) {
  const auto args = std::make_shared<GradeArgs>();
  auto* grade = app.add_subcommand("grade", "Rate puzzles by the human techniques they need");
  add_puzzle_options(*grade, args->puzzles, args->size, args->kind, false);
  grade->add_flag("--steps", args->steps, "Explain the solve step by step");
  return Command{grade, [args] { return run_grade(*args, std::cin, std::cout); }};
}

}  // namespace puzzlepress::cli
