// The rule checker for every size: sudoku rules written apart from the engine (it includes no
// engine code), so that engine tests cannot pass by the engine agreeing with itself.
//
// Boards are text, row-major, one character per cell: '1'..'9' then 'A'..'G' for the symbols
// 1..16, '.' or '0' empty. The size comes from the length: 16 cells is 4x4 with 2x2 boxes,
// 36 is 6x6 (boxes 2 rows x 3 columns), 64 is 8x8 (2x4), 81 is 9x9 (3x3), 144 is 12x12 (3x4),
// 256 is 16x16 (4x4). Any other length, or another character, is not a board.
#pragma once

#include <string>
#include <string_view>

namespace puzzlepress::testing {

/// True when `board` is full and every row, column and box holds each symbol once.
bool is_complete_legal_any_size(std::string_view board);

/// True when both are boards of one size and every clue of `givens` stands in `solution`.
bool agrees_with_any_size(std::string_view givens, std::string_view solution);

/// Number of solutions of `givens`, counting stops at `cap`: Knuth's Algorithm X with dancing
/// links over the exact-cover form (one column per cell, row-symbol, column-symbol and
/// box-symbol; always the column with fewest rows). Fast enough for sparse 16x16 boards.
/// Clashing clues or a non-board give 0.
int count_solutions_exact_cover(std::string_view givens, int cap);

/// The first solution that search finds, as text (upper-case symbols), or "" when none.
std::string first_solution_exact_cover(std::string_view givens);

}  // namespace puzzlepress::testing
