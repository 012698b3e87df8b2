// Solver: counts a board's solutions up to a cap and reports the outcome as a result contract.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid9.h"

namespace puzzlepress::engine {

/// Outcome of a solve. Exactly one applies, checked in this order:
///   malformed     the text is not 81 cells, or a Grid9 cell holds a value outside 0..9
///                 (see SolveResult9::detail)
///   inconsistent  a digit appears twice in a unit among the givens (see SolveResult9::conflict)
///   no_solution   the search was exhausted without a completion
///   unique        one completion, and an exhausted search proved there is no other
///   multiple      at least two completions (two distinct witnesses in SolveResult9::solutions)
///   unresolved    the node budget ran out before the answer was known (or a solution cap of 1
///                 stopped the search at its first solution); never read as unique
enum class SolveStatus { malformed, inconsistent, no_solution, unique, multiple, unresolved };

/// "malformed", "inconsistent", "no_solution", "unique", "multiple", "unresolved".
std::string_view status_name(SolveStatus status);

/// The status of a search that found `found` completions (at most `cap`, >= 1), stopped by its
/// node budget when `out_of_budget`: multiple at two, unresolved when the budget or a cap of 1
/// stopped it first, else unique or no_solution. Every shape's and kind's solve() reads it.
SolveStatus search_status(int found, bool out_of_budget, int cap);

enum class UnitKind { row, column, box };

/// A digit given twice in one unit. index is 1-based (row 1..9, column 1..9, box 1..9 in
/// reading order).
struct Conflict9 {
  UnitKind unit;
  int index;
  int digit;
  /// e.g. "digit 5 appears twice in row 3".
  std::string message() const;
};

struct SolveOptions {
  /// Search nodes allowed (see SolveResult9::nodes): at most this many are visited, then the
  /// result is `unresolved`. 0 means the search cannot start: every board that passes the
  /// malformed / inconsistent checks comes back `unresolved` with 0 nodes, even a full one.
  /// 1 allows the root alone: enough for a board that propagation (singles, locked candidates,
  /// hidden triads; see band_search.h) settles without a guess.
  std::uint64_t node_budget = std::numeric_limits<std::uint64_t>::max();
  /// Counting stops once this many solutions are found; values below 1 count as 1. With the
  /// default 2 the result tells unique from multiple. A cap of 1 cannot prove uniqueness: one
  /// solution found gives `unresolved` (with that solution kept).
  int solution_cap = 2;
};

struct SolveResult9 {
  SolveStatus status = SolveStatus::malformed;
  /// Search nodes visited: the root search call counts one and each guess one more (a guess is
  /// one tentative choice at a branch: where a digit stands in a band or stack); deductions
  /// made by propagation are not counted. 0 for malformed or inconsistent input and for a zero
  /// budget. A count, not a time: a node's cost varies.
  std::uint64_t nodes = 0;
  /// Solutions found, distinct, in search order: one for unique, two or more (up to the cap)
  /// for multiple. A no_solution, unresolved or rejected input has none... except that an
  /// unresolved search keeps the one solution it may already have found.
  std::vector<Grid9> solutions;
  std::optional<Conflict9> conflict;  ///< set for inconsistent
  std::string detail;                 ///< for malformed: the parse error message
};

/// Solves a board. Cells holding values outside 0..9 are reported as malformed.
/// Never throws for a board with no or many solutions. Distinct solutions come from disjoint
/// branches of the search (see band_search.h); they are not re-checked against the rules here
/// (the tests do that with an independent checker).
SolveResult9 solve(const Grid9& givens, const SolveOptions& options = {});

/// Parses (see parse_grid9) then solves; a parse failure gives `malformed` with the reason.
SolveResult9 solve(std::string_view text, const SolveOptions& options = {});

/// The fast path used while digging: min(number of solutions, cap), with no node budget and no
/// allocation. 0 when cap < 1, when the givens already clash, or when a cell lies outside 0..9.
/// Exactly as correct as solve() (the same search). Cost, single core, Release, cap 2: a few us
/// for a 17-clue puzzle, about 10 us on average over magictour top1465 and 0.1 ms over the
/// forum's hardest (README, "Solver"); single puzzles up to a few tenths of a millisecond.
int count_solutions(const Grid9& givens, int cap);

/// count_solutions(givens, 2) == 1.
inline bool has_unique_solution(const Grid9& givens) { return count_solutions(givens, 2) == 1; }

/// The generator's uniqueness step for a symmetric pair, in one search: `givens` is a board that
/// had the single completion `solution` before `cell` and `partner` were emptied (`partner` < 0
/// when only `cell` was). Any other completion differs from `solution` at one of them, so the
/// board is still unique exactly when there is no completion with another digit at `cell`
/// (not asked when `cell_is_forced`: the caller knows every completion holds its digit) and
/// none with `cell` as in `solution` but another digit at `partner`. Returns true when such a
/// completion exists (the board is no longer unique), and then, when `witness` is non-null,
/// stores one such completion there. Requires cells in 0..9 and no clashing givens (not checked).
bool has_other_completion(const Grid9& givens, const Grid9& solution, int cell, bool cell_is_forced, int partner,
                          Grid9* witness = nullptr);

/// The first duplicated digit among the givens (rows, then columns, then boxes), if any.
std::optional<Conflict9> find_conflict(const Grid9& givens);

}  // namespace puzzlepress::engine
