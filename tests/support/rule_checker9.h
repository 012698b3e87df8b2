// The rule checker: sudoku rules written apart from the engine (it includes no engine code),
// so that engine tests cannot pass by the engine agreeing with itself.
// Boards are 81-character strings, row-major; '1'..'9' digits, '.' or '0' empty.
#pragma once

#include <string>
#include <string_view>

namespace puzzlepress::testing {

/// True when `board` is 81 digits 1..9 and every row, column and 3x3 box holds each digit once.
bool is_complete_legal(std::string_view board);

/// True when every clue of `givens` stands at the same place in `solution`.
bool agrees_with(std::string_view givens, std::string_view solution);

/// Number of solutions of `givens`, counting stops at `cap`. A plain cell-by-cell backtracking
/// search (first empty cell, digits 1..9 in order, legality by scanning): slow and obvious.
/// A board whose clues already clash has 0.
int count_solutions_naively(std::string_view givens, int cap);

/// The first solution found by that search, or "" when there is none.
std::string first_solution_naively(std::string_view givens);

}  // namespace puzzlepress::testing
