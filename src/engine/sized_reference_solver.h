// Sized reference solver: a slow, obvious solution counter for every shape, used by tests to
// cross-check the fast sized search (as reference_solver.h does for 9x9).
#pragma once

#include "engine/sized_grid.h"

namespace puzzlepress::engine {

/// min(number of completions of `givens`, cap). 0 when cap < 1, when the shape is not one of
/// kAllShapes, when a cell holds a value outside 0..N, or when the givens already clash.
/// Algorithm (deliberately unlike sized_search): "symbol used" flags per row, column and box,
/// with each cell's box computed from the shape by division; at each step scan every cell for
/// the empty one with the fewest legal symbols (first in reading order on ties), try its
/// symbols 1..N in order, undo, repeat. No propagation, no pencil marks.
/// Speed is not a goal: fine for 4x4 to 12x12 and for 16x16 boards with many clues; a sparse
/// 16x16 board can take seconds.
int reference_count_solutions_sized(const SizedGrid& givens, int cap);

}  // namespace puzzlepress::engine
