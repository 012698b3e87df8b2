// Reference solver: a slow, obvious solution counter used by tests to cross-check the fast one.
#pragma once

#include "engine/grid9.h"

namespace puzzlepress::engine {

/// min(number of completions of `givens`, cap). 0 when cap < 1, when a cell holds a value outside
/// 0..9, or when the givens already clash.
/// Algorithm (deliberately unlike band_search): one array of "digit used" flags per row, column
/// and box; at each step scan all 81 cells for the empty one with the fewest legal digits (first
/// in reading order on ties), try its digits 1..9 in order, undo, repeat. No propagation, no
/// bitboards. Choosing the most constrained cell (rather than the next empty cell) only keeps
/// hard 17-clue puzzles down to milliseconds; it is still plain exhaustive backtracking.
/// Speed is not a goal: tens of microseconds to milliseconds per puzzle.
int reference_count_solutions(const Grid9& givens, int cap);

}  // namespace puzzlepress::engine
