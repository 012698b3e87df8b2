// Solver: counts a board's solutions up to a cap and reports the outcome as a result contract.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid.h"

namespace puzzlepress::engine {

/// Outcome of a solve. Exactly one applies:
///   malformed     the text is not 81 cells (see SolveResult::detail)
///   inconsistent  a digit appears twice in a unit among the givens (see SolveResult::conflict)
///   no_solution   the search was exhausted without a completion
///   unique        one completion, and an exhausted search proved there is no other
///   multiple      at least two completions (two distinct witnesses in SolveResult::solutions)
///   unresolved    the node budget ran out before the answer was known; never read as unique
enum class SolveStatus { malformed, inconsistent, no_solution, unique, multiple, unresolved };

/// "malformed", "inconsistent", "no_solution", "unique", "multiple", "unresolved".
std::string_view status_name(SolveStatus status);

enum class UnitKind { row, column, box };

/// A digit given twice in one unit. index is 1-based (row 1..9, column 1..9, box 1..9 in
/// reading order).
struct Conflict {
  UnitKind unit;
  int index;
  int digit;
  /// e.g. "digit 5 appears twice in row 3".
  std::string message() const;
};

struct SolveOptions {
  /// Search nodes (guesses) allowed before giving up with `unresolved`. 0 means none: only a
  /// board that needs no guess at all can be decided.
  std::uint64_t node_budget = std::numeric_limits<std::uint64_t>::max();
  /// Counting stops once this many solutions are found (>= 1). With the default 2 the result
  /// tells unique from multiple.
  int solution_cap = 2;
};

struct SolveResult {
  SolveStatus status = SolveStatus::malformed;
  /// Search nodes visited: one per tentative placement of a digit by guessing.
  std::uint64_t nodes = 0;
  /// Solutions found, distinct, in search order: one for unique, two or more (up to the cap)
  /// for multiple. A no_solution, unresolved or rejected input has none... except that an
  /// unresolved search keeps the one solution it may already have found.
  std::vector<Grid> solutions;
  std::optional<Conflict> conflict;  ///< set for inconsistent
  std::string detail;                ///< for malformed: the parse error message
};

/// Solves a board. Cells holding values outside 0..9 are reported as malformed.
/// Never throws for a board with no or many solutions.
SolveResult solve(const Grid& givens, const SolveOptions& options = {});

/// Parses (see parse_grid) then solves; a parse failure gives `malformed` with the reason.
SolveResult solve(std::string_view text, const SolveOptions& options = {});

/// The fast path used while digging: min(number of solutions, cap), no budget, 0 for a board
/// whose givens already clash. Requires cells in 0..9.
int count_solutions(const Grid& givens, int cap);

/// count_solutions(givens, 2) == 1.
inline bool has_unique_solution(const Grid& givens) { return count_solutions(givens, 2) == 1; }

/// The first duplicated digit among the givens (rows, then columns, then boxes), if any.
std::optional<Conflict> find_conflict(const Grid& givens);

}  // namespace puzzlepress::engine
