// Solver: solver9.h's contract for boards of every shape. 9x9 boards go to the 9x9
// engine unchanged (band_search); the other shapes to search_grid.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid.h"
#include "engine/solver9.h"

namespace puzzlepress::engine {

/// A symbol given twice in one unit. index is 1-based (row 1..N, column 1..N, box 1..N in
/// reading order); value is the symbol index 1..N.
struct Conflict {
  UnitKind unit = UnitKind::row;
  int index = 0;
  int value = 0;
  /// Set for a variant's house (variant_solver.h): its name, "diagonal 1", "region 3",
  /// "window 2", "row 4", said by message() instead of unit and index.
  std::string house;
  /// "digit 5 appears twice in row 3" (Conflict9::message's text) for symbols 1..9,
  /// "symbol C appears twice in box 12" for symbols 10..16.
  std::string message() const;
};

/// SolveResult9 for any shape: the statuses, nodes and budget mean exactly what solver9.h says.
struct SolveResult {
  SolveStatus status = SolveStatus::malformed;
  std::uint64_t nodes = 0;
  std::vector<Grid> solutions;       ///< one for unique, two (distinct) for multiple
  std::optional<Conflict> conflict;  ///< set for inconsistent
  std::string detail;                ///< for malformed: why
};

/// Solves a board of any shape. malformed when the shape is not one of kAllShapes
/// ("unsupported shape 5x5") or a cell holds a value outside 0..N ("cell 7 holds 17 (expected
/// 0-16)"). A 9x9 board is solved by solve(Grid9) and its result converted: same nodes, same
/// solutions, same texts.
SolveResult solve(const Grid& givens, const SolveOptions& options = {});

/// Parses (parse_grid, with `shape` or inferring it) then solves; a parse failure gives
/// malformed with the parse error's message.
SolveResult solve(std::string_view text, std::optional<Shape> shape, const SolveOptions& options = {});

/// min(number of solutions, cap), as count_solutions; 0 when cap < 1, for clashing givens,
/// an unsupported shape or a cell outside 0..N.
int count_solutions(const Grid& givens, int cap);

/// count_solutions(givens, 2) == 1.
inline bool has_unique_solution(const Grid& givens) { return count_solutions(givens, 2) == 1; }

/// has_other_completion for any shape (same contract, same preconditions: cells in 0..N, no
/// clashing givens, a supported shape).
bool has_other_completion(const Grid& givens, const Grid& solution, int cell, bool cell_is_forced, int partner);

/// The first symbol given twice in a unit (rows, then columns, then boxes), if any. Cells
/// outside 1..N are skipped.
std::optional<Conflict> find_conflict(const Grid& givens);

}  // namespace puzzlepress::engine
