// Search over any geometry of houses (engine-internal): the solution counter behind solve(),
// the generator's uniqueness question and the random fill, for the classic shapes other than
// 9x9 (9x9 boards go to band_search) and for every variant (variant.h).
//
// Board: a pencil mark per cell (bit v-1 for symbol v), the symbols placed per house, and the
// placed values. Propagation, to a fixed point: naked singles (a cell with one candidate,
// followed through a queue as eliminations make them), then hidden singles in every house
// (rows, columns, blocks or regions, diagonals, windows), then, with Propagation::locked,
// locked candidates where a line (row or column) crosses a block (a symbol's places in a block
// on one line, or in a line inside one block). A house that cannot place a missing symbol, or a
// cell with no candidate, ends the branch. Guessing picks a cell with fewest candidates (the
// first in reading order among equals) and tries its symbols in increasing order.
//
// Constraints that are not houses (killer cages: killer.h) come as an ExtraPropagation: it
// narrows candidates once the houses' rules reach their fixed point, the houses' rules run again
// on what it removed, and it is asked of every complete grid (which it must refuse when a
// constraint fails). Without one (the default) the search is exactly the houses' search.
//
// The fixed point does not depend on the order the rules run in, so the rules alone decide the
// nodes a search takes and the grid a random fill makes: the classic shapes have always used
// locked candidates, the variants never (their fills, and so their puzzles, depend on it).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/geometry.h"
#include "engine/grid.h"
#include "engine/rng.h"

namespace puzzlepress::engine::detail {

/// The rules propagation runs besides naked and hidden singles.
enum class Propagation { singles, locked };

/// Constraints besides the houses, narrowed after the houses' rules (see the top of the file).
class ExtraPropagation {
 public:
  virtual ~ExtraPropagation() = default;
  /// Narrows the candidates of empty cells. `cand`: per cell (N*N), the candidates of an empty
  /// cell (bit v-1 for symbol v), 0 for a filled one; `value`: the filled cells' symbols, 0 for
  /// empty ones. Removes only candidates no completion of the position uses. Returns -1 when the
  /// constraints cannot all hold (always so for a complete grid that breaks one; cells may then
  /// be left with no candidate), else the number of cells narrowed.
  virtual int narrow(std::span<std::uint16_t> cand, std::span<const std::uint8_t> value) const = 0;
};

struct SearchOutcome {
  int found = 0;               ///< solutions found (distinct; at most cap)
  std::uint64_t nodes = 0;     ///< the root call plus one per guessed placement
  bool out_of_budget = false;  ///< the node budget stopped the search
};

/// Counts the completions of `givens` (of `geometry`'s shape; cells 0..N, not checked),
/// stopping once `cap` (>= 1) are found or when another node would exceed `budget`. A budget of
/// 0 starts nothing: {0, 0, true}. Clashing givens give 0. When `solutions` is non-null each
/// completion found is appended to it, in search order. `extra` (optional): constraints besides
/// the houses (see the top of the file).
SearchOutcome search_geometry(const Geometry& geometry, Propagation rules, const Grid& givens, int cap,
                              std::uint64_t budget, std::vector<Grid>* solutions,
                              const ExtraPropagation* extra = nullptr);

/// The generator's uniqueness question (see has_other_completion in solver9.h): true when
/// `givens` has a completion with another symbol than `value` at empty `cell` (asked only when
/// `ask_cell`), or with `value` at `cell` and another symbol than `partner_value` at empty
/// `partner` (asked only when `partner` >= 0). When true and `witness` is non-null, it gets the
/// completion found. Preconditions and `extra` as search_geometry.
bool geometry_differs(const Geometry& geometry, Propagation rules, const Grid& givens, int cell, int value,
                      bool ask_cell, int partner, int partner_value, Grid* witness = nullptr,
                      const ExtraPropagation* extra = nullptr);

/// A complete legal grid of `geometry` by randomised search (the cell with fewest candidates,
/// first in reading order, its candidates in an rng-shuffled order), starting again from the
/// empty grid (the random stream continues) after `guesses` guesses, at most `restarts` times:
/// nullopt then (a jigsaw layout may admit no grid, or few). Same rng state, same result.
std::optional<Grid> geometry_fill(const Geometry& geometry, Propagation rules, Mulberry32& rng, int restarts,
                                  std::uint64_t guesses);

/// The classic shapes (one of kAllShapes) with locked candidates: search_geometry on
/// classic_geometry(givens.shape).
SearchOutcome search_grid(const Grid& givens, int cap, std::uint64_t budget, std::vector<Grid>* solutions);

/// geometry_differs on classic_geometry(givens.shape), with locked candidates.
bool search_differs(const Grid& givens, int cell, int value, bool ask_cell, int partner, int partner_value);

/// A complete legal grid of a classic `shape`: geometry_fill with locked candidates, 2,000
/// guesses a start and no limit on starts.
Grid random_fill(Shape shape, Mulberry32& rng);

}  // namespace puzzlepress::engine::detail
