// Killer sudoku: a classic grid (6x6 or 9x9: rows, columns, boxes) whose cells are partitioned
// into cages, each a connected group of cells (side by side) with a sum. The cells of a cage
// hold different symbols adding up to its sum. A puzzle is its cages and (usually none) givens.
// Cages are the engine's first constraint that is not a house: the geometry is the shape's
// with houses_only = false (geometry.h), and the search over houses (search.h) takes the cages
// as an ExtraPropagation (killer_propagation.h).
//
// Text form (killer_text / parse_killer), one line, three parts separated by '/':
//
//   killer:<grid>/<cages>/<sums>
//
//   grid   the givens as grid.h's text ('.' or '0' for empty): N*N cells, 81 for 9x9, 36 for 6x6
//   cages  one symbol per cell, row-major: the cell's cage. Symbols are 0-9, a-z, A-Z (so at
//          most 62 cages); a symbol is one cage wherever it stands (a cage that is not
//          connected is refused, never split); '.' marks a cell in no cage (refused).
//   sums   the cages' sums as whole numbers separated by ',', in cage order: cages are ordered
//          by their first cell in reading order, whatever their symbols.
//
// The prefix "killer:" may be left out when reading; whitespace may stand between the grid's and
// the cages' symbols and around the sums. killer_text writes cage k (0-based, in cage order) as
// the k-th symbol of 0-9a-zA-Z, so parse_killer(killer_text(k, g)) gives k and g back, and
// killer_text(parse_killer(t)) is t for every text killer_text wrote. A 6x6 (seed 1; its first
// cage, r1c1 r1c2 r2c1 r2c2, sums to 17):
//
//   killer:..................................../001122003345677345688899aabbbcaddccc/17,5,5,10,11,9,7,3,12,5,10,10,15,7
//
// Overlapping cages cannot be written in the text (a cell has one symbol), but a Killer value
// can hold them; killer_problem refuses them ("r2c3 is in cage 1 and cage 4").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.h"
#include "engine/grid.h"
#include "engine/solver.h"

namespace puzzlepress::engine {

/// One cage: its cells (cell = row * N + column), ascending, and their sum.
struct Cage {
  std::vector<int> cells{};
  int sum = 0;
  friend bool operator==(const Cage&, const Cage&) = default;
};

/// A killer layout: the shape and its cages, ordered by first cell (killer_normalized).
struct Killer {
  Shape shape = kShape9x9;
  std::vector<Cage> cages{};
  friend bool operator==(const Killer&, const Killer&) = default;
};

/// The cage symbols of the text form, in cage order: "0-9a-zA-Z".
inline constexpr std::string_view kCageSymbols = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// True for the shapes killer takes: 6x6 and 9x9.
bool killer_takes(Shape shape);

/// The least and greatest sums of `cells` different symbols from 1..n ({0, 0} for no cell).
struct SumRange {
  int least = 0;
  int most = 0;
};
SumRange cage_sum_range(int n, int cells);

/// Whether some `cells` different symbols from 1..n add up to `sum`.
bool cage_sum_possible(int n, int cells, int sum);

/// The layout with each cage's cells sorted and the cages ordered by first cell (cages with no
/// cell last). Sums travel with their cages.
Killer killer_normalized(Killer killer);

/// "cage 3 (r1c4)": 1-based index in `killer`'s order and the cage's first cell.
std::string cage_name(const Killer& killer, int cage);

/// Why `killer` is no killer layout, or "" when it is. Checked in this order, the first found:
///   "kind 'killer' takes 6x6 or 9x9, not 4x4"
///   "cage 2 (r1c3) has no cell" / "cage 2 (r1c3) has cell 90, outside the 81 cells"
///   "cage 2 (r1c3) holds r1c4 twice"
///   "r2c3 is in cage 1 (r1c1) and cage 4 (r2c2)"
///   "r5c5 is in no cage"
///   "63 cages (the text form writes at most 62)"
///   "cage 3 (r1c4) has 10 cells, more than the 9 symbols"
///   "cage 3 (r1c4) is not connected (r3c5 cannot be reached from r1c4)"
///   "cage 3 (r1c4): 2 different digits from 1-9 sum to 3-17, not 18"
/// Cages are named in the order they have in `killer` (normalize first for the text's order).
std::string killer_problem(const Killer& killer);

/// The geometry killers are solved on: the shape's rows, columns and boxes, houses_only = false
/// (the grader then leaves out the techniques that assume the houses alone decide). Built at
/// compile time; a shape killer does not take gets 9x9's.
const Geometry& killer_geometry(Shape shape);

/// The text form (see the top of the file) of a normalized layout with `givens`. Requires
/// killer_problem(killer) == "" and givens of killer.shape.
std::string killer_text(const Killer& killer, const Grid& givens);
/// The cages part alone: N*N symbols, cage k (in `killer`'s order) as kCageSymbols[k], '.' for
/// a cell in no cage.
std::string cages_text(const Killer& killer);

/// A killer read from its text form: layout (normalized) and givens, or why not.
struct KillerParse {
  std::optional<Killer> killer;  ///< set with givens on success
  std::optional<Grid> givens;
  std::string error;  ///< why not, one line
};
/// Reads the text form. Errors, one line each:
///   "a killer is 'grid/cages/sums' (3 parts separated by '/'), got 2 parts"
///   "grid: <parse_grid's message>"  (e.g. "grid: bad character 'x' at position 3 (...)")
///   "cages: bad character '#' at position 12 (expected 0-9, a-z, A-Z or '.')"
///   "cages: expected 81 symbols, got 80"
///   "sums: expected 27 sums (one per cage), got 26"
///   "sums: sum 4 is 'x1' (expected a whole number)"
/// then killer_problem's messages for what was read.
KillerParse parse_killer(std::string_view text);

/// The first symbol given twice in a house or in a cage, if any: find_conflict on the geometry,
/// then the cages ("digit 4 appears twice in cage 3 (r1c4)").
std::optional<Conflict> find_killer_conflict(const Killer& killer, const Grid& givens);

/// solver.h's contract for a killer: malformed (killer_problem's message; givens of another
/// shape, "the grid is 6x6, the cages 9x9"; a cell outside 0..N), inconsistent
/// (find_killer_conflict), then unique, multiple (two distinct witnesses), no_solution or
/// unresolved by the search over the houses with cage propagation (killer_propagation.h).
SolveResult solve(const Killer& killer, const Grid& givens, const SolveOptions& options = {});

/// Reads parse_killer's text (malformed with its message), then solves.
SolveResult solve_killer(std::string_view text, const SolveOptions& options = {});

/// min(solutions, cap); 0 when cap < 1 or for input solve() refuses.
int count_solutions(const Killer& killer, const Grid& givens, int cap);

}  // namespace puzzlepress::engine
