// validate: re-checks a stored puzzle of any shape from its data alone; the checks every shape
// and kind share (check_parts.h).
#include "engine/check_parts.h"
#include "engine/generator.h"
#include "engine/solver.h"
#include "engine/validate9.h"

namespace puzzlepress::engine {

std::string detail::cell_name(int cell, int n) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

bool detail::check_solution_cells(std::span<const std::uint8_t> solution, int n, const char* noun,
                                  std::vector<std::string>& problems) {
  bool complete = true;
  for (int i = 0; i < n * n; ++i) {
    const int v = solution[static_cast<std::size_t>(i)];
    if (v < 1 || v > n) {
      problems.push_back(
          "solution " + cell_name(i, n) + " is " +
          (v == 0 ? std::string("empty") : "not a " + std::string(noun) + " (" + std::to_string(v) + ")"));
      complete = false;
    }
  }
  return complete;
}

bool detail::check_givens(std::span<const std::uint8_t> givens, std::span<const std::uint8_t> solution, int n,
                          const char* noun, bool letters, std::vector<std::string>& problems) {
  const auto text = [letters](int v) { return letters ? std::string(1, symbol_char(v)) : std::to_string(v); };
  bool readable = true;
  for (int i = 0; i < n * n; ++i) {
    const int g = givens[static_cast<std::size_t>(i)], s = solution[static_cast<std::size_t>(i)];
    if (g > n) {
      problems.push_back("given " + cell_name(i, n) + " is not a " + noun + " (" + std::to_string(g) + ")");
      readable = false;
    } else if (g != 0 && g != s) {
      problems.push_back(cell_name(i, n) + ": given " + text(g) + " but the solution has " + text(s));
    }
  }
  return readable;
}

void detail::check_clue_count(int stored, int actual, std::vector<std::string>& problems) {
  if (actual != stored)
    problems.push_back("clue count is stored as " + std::to_string(stored) + " but the givens have " +
                       std::to_string(actual));
}

void detail::check_solve_status(SolveStatus status, const std::string& conflict, std::vector<std::string>& problems) {
  switch (status) {
    case SolveStatus::unique: break;
    case SolveStatus::multiple: problems.push_back("givens have more than one solution"); break;
    case SolveStatus::no_solution: problems.push_back("givens have no solution"); break;
    case SolveStatus::inconsistent: problems.push_back("givens are inconsistent: " + conflict); break;
    default: problems.push_back("givens could not be solved (" + std::string(status_name(status)) + ")"); break;
  }
}

void detail::check_band(int clues, Grade grade, ClueBand band, std::vector<std::string>& problems) {
  if (clues < band.min || clues > band.max)
    problems.push_back(std::to_string(clues) + " clues is outside the " + std::string(grade_label(grade)) + " band " +
                       std::to_string(band.min) + "-" + std::to_string(band.max));
}

std::vector<std::string> validate(const Puzzle& puzzle) {
  if (puzzle.shape == kShape9x9) return validate(to_puzzle(puzzle));
  if (!is_supported(puzzle.shape)) return {"shape " + shape_id(puzzle.shape) + " is not supported"};
  std::vector<std::string> problems;
  const int n = puzzle.shape.size();
  if (!(puzzle.givens.shape == puzzle.shape) || !(puzzle.solution.shape == puzzle.shape)) {
    problems.push_back("givens or solution are not " + shape_id(puzzle.shape) + " grids");
    return problems;
  }
  const std::span<const std::uint8_t> solution(puzzle.solution.cells), givens(puzzle.givens.cells);
  if (detail::check_solution_cells(solution, n, "symbol", problems))
    if (auto conflict = find_conflict(puzzle.solution))
      problems.push_back("solution is not legal: " + conflict->message());
  const bool givens_readable = detail::check_givens(givens, solution, n, "symbol", true, problems);
  const int actual_clues = puzzle.givens.clue_count();
  detail::check_clue_count(puzzle.clues, actual_clues, problems);
  if (givens_readable) {
    const SolveResult result = solve(puzzle.givens);
    detail::check_solve_status(result.status, result.conflict ? result.conflict->message() : "", problems);
  }
  if (!offers_grade(puzzle.shape, puzzle.grade)) {
    problems.push_back(grade_not_offered_message(puzzle.shape, puzzle.grade));
    return problems;
  }
  detail::check_band(actual_clues, puzzle.grade, clue_band(puzzle.shape, puzzle.grade), problems);
  return problems;
}

}  // namespace puzzlepress::engine
