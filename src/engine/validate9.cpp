#include "engine/validate9.h"

#include "engine/check_parts.h"
#include "engine/solver9.h"

namespace puzzlepress::engine {

std::vector<std::string> validate(const Puzzle9& puzzle) {
  std::vector<std::string> problems;
  const std::span<const std::uint8_t> solution(puzzle.solution.cells), givens(puzzle.givens.cells);
  if (detail::check_solution_cells(solution, 9, "digit", problems))
    if (auto conflict = find_conflict(puzzle.solution))
      problems.push_back("solution is not legal: " + conflict->message());
  const bool givens_readable = detail::check_givens(givens, solution, 9, "digit", false, problems);
  const int actual_clues = puzzle.givens.clue_count();
  detail::check_clue_count(puzzle.clues, actual_clues, problems);
  if (givens_readable) {
    const SolveResult9 result = solve(puzzle.givens);
    detail::check_solve_status(result.status, result.conflict ? result.conflict->message() : "", problems);
  }
  detail::check_band(actual_clues, puzzle.grade, clue_band(puzzle.grade), problems);
  return problems;
}

}  // namespace puzzlepress::engine
