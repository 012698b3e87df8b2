// validate: re-checks a stored puzzle of any shape from its data alone.
#include "engine/generator.h"
#include "engine/solver.h"
#include "engine/validate9.h"

namespace puzzlepress::engine {
namespace {

std::string cell_name(int cell, int n) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

std::string symbol_text(int v) { return std::string(1, symbol_char(v)); }

}  // namespace

std::vector<std::string> validate(const Puzzle& puzzle) {
  if (puzzle.shape == kShape9x9) return validate(to_puzzle(puzzle));
  if (!is_supported(puzzle.shape)) return {"shape " + shape_id(puzzle.shape) + " is not supported"};
  std::vector<std::string> problems;
  const int n = puzzle.shape.size(), cells = puzzle.shape.cells();
  if (!(puzzle.givens.shape == puzzle.shape) || !(puzzle.solution.shape == puzzle.shape)) {
    problems.push_back("givens or solution are not " + shape_id(puzzle.shape) + " grids");
    return problems;
  }

  // The solution: complete, symbols only, no unit repeats.
  bool solution_complete = true;
  for (int i = 0; i < cells; ++i) {
    const int v = puzzle.solution.cells[i];
    if (v < 1 || v > n) {
      problems.push_back("solution " + cell_name(i, n) + " is " +
                         (v == 0 ? std::string("empty") : "not a symbol (" + std::to_string(v) + ")"));
      solution_complete = false;
    }
  }
  if (solution_complete) {
    if (auto conflict = find_conflict(puzzle.solution)) {
      problems.push_back("solution is not legal: " + conflict->message());
    }
  }

  // Givens against the solution.
  bool givens_readable = true;
  for (int i = 0; i < cells; ++i) {
    const int g = puzzle.givens.cells[i];
    if (g > n) {
      problems.push_back("given " + cell_name(i, n) + " is not a symbol (" + std::to_string(g) + ")");
      givens_readable = false;
    } else if (g != 0 && g != puzzle.solution.cells[i]) {
      problems.push_back(cell_name(i, n) + ": given " + symbol_text(g) + " but the solution has " +
                         symbol_text(puzzle.solution.cells[i]));
    }
  }

  const int actual_clues = puzzle.givens.clue_count();
  if (actual_clues != puzzle.clues) {
    problems.push_back("clue count is stored as " + std::to_string(puzzle.clues) + " but the givens have " +
                       std::to_string(actual_clues));
  }

  if (givens_readable) {
    const SolveResult result = solve(puzzle.givens);
    switch (result.status) {
      case SolveStatus::unique: break;
      case SolveStatus::multiple: problems.push_back("givens have more than one solution"); break;
      case SolveStatus::no_solution: problems.push_back("givens have no solution"); break;
      case SolveStatus::inconsistent:
        problems.push_back("givens are inconsistent: " + result.conflict->message());
        break;
      default:
        problems.push_back("givens could not be solved (" + std::string(status_name(result.status)) + ")");
        break;
    }
  }

  if (!offers_grade(puzzle.shape, puzzle.grade)) {
    problems.push_back(grade_not_offered_message(puzzle.shape, puzzle.grade));
    return problems;
  }
  const ClueBand band = clue_band(puzzle.shape, puzzle.grade);
  if (actual_clues < band.min || actual_clues > band.max) {
    problems.push_back(std::to_string(actual_clues) + " clues is outside the " +
                       std::string(grade_label(puzzle.grade)) + " band " + std::to_string(band.min) + "-" +
                       std::to_string(band.max));
  }
  return problems;
}

}  // namespace puzzlepress::engine
