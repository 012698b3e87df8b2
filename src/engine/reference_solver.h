// Reference solver: a slow, obvious solution counter for every shape, used by tests to
// cross-check the fast searches (search_grid, and band_search through reference_solver9.h).
#pragma once

#include "engine/grid.h"

namespace puzzlepress::engine {

/// min(number of completions of `givens`, cap). 0 when cap < 1, when the shape is not one of
/// kAllShapes, when a cell holds a value outside 0..N, or when the givens already clash.
/// Algorithm (deliberately unlike search_grid and band_search): "symbol used" flags per row, column and box,
/// with each cell's box computed from the shape by division. At each step it scans every empty
/// cell for its legal symbols and every missing (unit, symbol) for its legal cells, and takes
/// the choice with fewest options (a cell on ties, the first in scan order), tries each option
/// in order, undoes it, repeats. No propagation, no pencil marks, nothing kept between steps.
/// Speed is not a goal: milliseconds for 4x4 to 12x12 puzzles, up to about a second for a
/// 16x16 one near its fewest clues.
int reference_count_solutions(const Grid& givens, int cap);

}  // namespace puzzlepress::engine
