// Band search: the fast solution counter behind solve() and count_solutions() (engine-internal).
//
// Board representation (in the style of JCZSolve / fsss2): for each digit, the cells where it may
// still stand, as three 27-bit "band" words (rows 0-2, 3-5, 6-8; bit = row_in_band * 9 + col).
// A placed digit keeps its own cell's bit; every other digit loses it.
// Within a band a digit fills one mini-row (a row's three cells in one box) per row and per box:
// one of six permutation patterns. Across a stack it fills one mini-column per column and per
// band, again one of six patterns.
// Propagation, until nothing changes:
//   - per digit and band: keep the mini-rows that fit some pattern (locked candidates along
//     rows), and place the digit in each row left with one cell (hidden singles in rows, and in
//     boxes, which the patterns turn into rows);
//   - naked singles (a cell with one candidate left);
//   - per digit and stack: keep the mini-columns that fit some pattern (locked candidates along
//     columns; hidden singles in columns follow);
//   - hidden triads: three digits each confined to one mini-row (or mini-column) fill its three
//     cells, so the other digits leave it.
// Guessing (each child one node): the band or stack whose digits have the fewest patterns left
// in total, and in it the digit with the fewest (two if any); one child per pattern. This
// follows the branching described in tdoku's write-up (t-dillon.github.io/tdoku), measured side
// by side in the README; the code is our own.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/grid9.h"

namespace puzzlepress::engine::detail {

struct BandSearchOutcome {
  int found = 0;               ///< solutions found (distinct; at most cap)
  std::uint64_t nodes = 0;     ///< the root call plus one per guess (child of a branch)
  bool out_of_budget = false;  ///< the node budget stopped the search
};

/// Counts the completions of `givens`, stopping once `cap` (>= 1) are found or when another node
/// would exceed `budget`. A budget of 0 starts nothing: {0, 0, true}.
/// Preconditions (not checked): cells hold 0..9 and no digit is given twice in a unit.
/// When `solutions` is non-null each completion found is appended to it, in search order.
BandSearchOutcome band_search(const Grid9& givens, int cap, std::uint64_t budget, std::vector<Grid9>* solutions);

/// Naked singles and hidden singles (rows, columns, boxes) applied to a fixed point, nothing
/// else (no locked candidates, no guessing). False on a contradiction. Otherwise `values` holds
/// the givens plus every placement, and `candidates` the pencil marks of the empty cells
/// (bit d-1 for digit d; 0 for filled cells). The closure does not depend on the order the
/// singles are applied in, so any singles propagation reaches the same state.
/// Preconditions as band_search.
bool singles_closure(const Grid9& givens, Grid9& values, std::array<std::uint16_t, kCells>& candidates);

/// The cells singles_closure(givens) leaves empty, kCells when it fails (a clash or a contradiction).
/// Once fewer than `at_least` cells are open it stops early, and returns a count below
/// `at_least` (not the closure's): for callers that only ask whether the closure leaves at
/// least that many open. Preconditions as band_search; with an early stop, givens that have no
/// completion may not be seen to fail.
int singles_open_cells(const Grid9& givens, int at_least = 0);

/// The permutation pattern (an index into the six patterns, see the top of the file) each digit
/// of a complete grid takes in each band (mini-rows) and each stack (mini-columns); 6 where
/// `solution` is not a complete grid there.
struct SolutionPatterns {
  std::uint8_t in_band[3][9];
  std::uint8_t in_stack[3][9];
  explicit SolutionPatterns(const Grid9& solution);
};

/// The generator's uniqueness question, in one search tree. True when `givens` has a
/// completion that holds another digit than `digit` at empty `cell` (asked only when
/// `ask_cell`), or holds `digit` at `cell` and another digit than `partner_digit` at empty
/// `partner` (asked only when `partner` >= 0). Both branches start from one propagation of
/// `givens`. When true and `witness` is non-null, `*witness` is such a completion. With `guide`
/// (the patterns of a completion, normally the board's solution), every branch tries the
/// guide's pattern first: the answer is the same, but the witness found then tends to differ
/// from the guide in few cells. Preconditions as band_search.
bool band_search_differs(const Grid9& givens, int cell, int digit, bool ask_cell, int partner, int partner_digit,
                         Grid9* witness = nullptr, const SolutionPatterns* guide = nullptr);

}  // namespace puzzlepress::engine::detail
