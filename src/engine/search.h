// Search: the solution counter behind solve() for the shapes other than 9x9
// (engine-internal; 9x9 boards go to band_search).
//
// Board: a pencil mark per cell (bit v-1 for symbol v), the symbols placed per unit, and the
// placed values. Propagation, to a fixed point: naked singles (a cell with one candidate,
// followed through a queue as eliminations make them), then hidden singles (a symbol with one
// place in a row, column or box), then locked candidates (a symbol's places in a box on one
// line, or in a line inside one box). A unit that cannot place a missing symbol, or a cell with
// no candidate, ends the branch. Guessing picks a cell with fewest candidates (the first in
// reading order among equals) and tries its symbols in increasing order.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/rng.h"
#include "engine/grid.h"

namespace puzzlepress::engine::detail {

struct SearchOutcome {
  int found = 0;               ///< solutions found (distinct; at most cap)
  std::uint64_t nodes = 0;     ///< the root call plus one per guessed placement
  bool out_of_budget = false;  ///< the node budget stopped the search
};

/// Counts the completions of `givens`, stopping once `cap` (>= 1) are found or when another
/// node would exceed `budget`. A budget of 0 starts nothing: {0, 0, true}. Preconditions (not
/// checked): the shape is one of kAllShapes and cells hold 0..N. Clashing givens give 0.
/// When `solutions` is non-null each completion found is appended to it, in search order.
SearchOutcome search_grid(const Grid& givens, int cap, std::uint64_t budget, std::vector<Grid>* solutions);

/// The generator's uniqueness question (see has_other_completion in solver9.h), for any shape:
/// true when `givens` has a completion with another symbol than `value` at empty `cell`
/// (asked only when `ask_cell`), or with `value` at `cell` and another symbol than
/// `partner_value` at empty `partner` (asked only when `partner` >= 0). Preconditions as
/// search_grid.
bool search_differs(const Grid& givens, int cell, int value, bool ask_cell, int partner, int partner_value);

/// A complete legal grid of `shape` (one of kAllShapes) by randomised search: propagation as
/// above, then the cell with fewest candidates (first in reading order), its candidates in an
/// rng-shuffled order. A search that passes 2,000 guesses starts again from the empty grid
/// (the random stream continues), so no unlucky start runs long. Same rng state, same grid.
Grid random_fill(Shape shape, Mulberry32& rng);

}  // namespace puzzlepress::engine::detail
