#include "engine/validate9.h"

#include "engine/solver9.h"

namespace puzzlepress::engine {
namespace {

std::string cell_name(int cell) { return "r" + std::to_string(cell / 9 + 1) + "c" + std::to_string(cell % 9 + 1); }

}  // namespace

std::vector<std::string> validate(const Puzzle9& puzzle) {
  std::vector<std::string> problems;

  // The solution: complete, digits only, no unit repeats.
  bool solution_complete = true;
  for (int i = 0; i < kCells; ++i) {
    const int v = puzzle.solution.cells[i];
    if (v < 1 || v > 9) {
      problems.push_back("solution " + cell_name(i) + " is " +
                         (v == 0 ? std::string("empty") : "not a digit (" + std::to_string(v) + ")"));
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
  for (int i = 0; i < kCells; ++i) {
    const int g = puzzle.givens.cells[i];
    if (g > 9) {
      problems.push_back("given " + cell_name(i) + " is not a digit (" + std::to_string(g) + ")");
      givens_readable = false;
    } else if (g != 0 && g != puzzle.solution.cells[i]) {
      problems.push_back(cell_name(i) + ": given " + std::to_string(g) + " but the solution has " +
                         std::to_string(puzzle.solution.cells[i]));
    }
  }

  const int actual_clues = puzzle.givens.clue_count();
  if (actual_clues != puzzle.clues) {
    problems.push_back("clue count is stored as " + std::to_string(puzzle.clues) + " but the givens have " +
                       std::to_string(actual_clues));
  }

  if (givens_readable) {
    const SolveResult9 result = solve(puzzle.givens);
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

  const ClueBand band = clue_band(puzzle.grade);
  if (actual_clues < band.min || actual_clues > band.max) {
    problems.push_back(std::to_string(actual_clues) + " clues is outside the " +
                       std::string(grade_label(puzzle.grade)) + " band " + std::to_string(band.min) + "-" +
                       std::to_string(band.max));
  }
  return problems;
}

}  // namespace puzzlepress::engine
