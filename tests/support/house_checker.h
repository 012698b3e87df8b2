// The rule checker for any geometry of houses (jigsaw regions, diagonals, windows): a board of
// N x N cells where every house (a list of N cells) holds each symbol 1..N once. Written apart
// from the engine (it includes no engine code), like rule_checker9.h and rule_checker.h.
#pragma once

#include <vector>

namespace puzzlepress::testing {

struct Houses {
  int n = 0;                            ///< symbols; the grid is n x n, cell = row * n + column
  std::vector<std::vector<int>> lists;  ///< each house's cells
};

/// Rows, columns, then the regions of `region_of` (region 0..n-1 of each cell), then `extra`.
Houses make_houses(int n, const std::vector<int>& region_of, const std::vector<std::vector<int>>& extra = {});

/// The two diagonals of an n x n grid (an X sudoku's extra houses).
std::vector<std::vector<int>> diagonals(int n);

/// The four windows of a 9x9 hyper sudoku: rows and columns 2-4 and 6-8 (1-based).
std::vector<std::vector<int>> hyper_windows();

/// The region (0..n-1) of each cell when the regions are boxes of box_rows x box_cols.
std::vector<int> box_regions(int n, int box_rows, int box_cols);

/// True when every cell holds 1..n and every house holds each symbol once.
bool is_complete_legal(const Houses& houses, const std::vector<int>& board);

/// Solutions of `givens` (0 = empty), counting stops at `cap`; the first found in `first` when
/// not null. Plain backtracking, the cell with fewest candidates first.
int count_solutions(const Houses& houses, const std::vector<int>& givens, int cap, std::vector<int>* first = nullptr);

}  // namespace puzzlepress::testing
