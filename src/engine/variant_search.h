// Search over any geometry of houses (engine-internal): the solution counter, the generator's
// uniqueness question and the random fill for variants (variant.h), as search.h is for the
// classic shapes other than 9x9.
//
// Board: a pencil mark per cell (bit v-1 for symbol v), the symbols placed per house, and the
// placed values. Propagation, to a fixed point: naked singles (followed through a queue as
// eliminations make them), then hidden singles in every house (rows, columns, blocks or
// regions, diagonals, windows). A house that cannot place a missing symbol, or a cell with no
// candidate, ends the branch. Guessing picks a cell with fewest candidates (the first in
// reading order among equals) and tries its symbols in increasing order.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/geometry.h"
#include "engine/grid.h"
#include "engine/rng.h"
#include "engine/search.h"

namespace puzzlepress::engine::detail {

/// search_grid's contract on `geometry` (givens of its shape; cells 0..N, not checked).
SearchOutcome search_geometry(const Geometry& geometry, const Grid& givens, int cap, std::uint64_t budget,
                              std::vector<Grid>* solutions);

/// search_differs's contract on `geometry`; when true and `witness` is non-null, it gets the
/// completion found (one differing from the solution at `cell` or `partner`).
bool geometry_differs(const Geometry& geometry, const Grid& givens, int cell, int value, bool ask_cell, int partner,
                      int partner_value, Grid* witness = nullptr);

/// A complete legal grid of `geometry` by randomised search (candidates in an rng-shuffled
/// order), starting again from the empty grid after `guesses` guesses, at most `restarts` times:
/// nullopt then (a jigsaw layout may admit no grid, or few). Same rng state, same result.
std::optional<Grid> geometry_fill(const Geometry& geometry, Mulberry32& rng, int restarts, std::uint64_t guesses);

}  // namespace puzzlepress::engine::detail
