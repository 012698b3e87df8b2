// An independent oracle and rule checker for killer tests, sharing no code with the engine's
// killer (it reads plain vectors, not engine types): slow and simple on purpose.
#pragma once

#include <string>
#include <vector>

namespace puzzlepress::killer_reference {

/// A killer as plain data: an n x n grid with boxes of box_rows x box_cols, each cell's cage
/// 0..K-1 (row-major), each cage's sum, the givens (0 for empty).
struct KillerData {
  int n = 9;
  int box_rows = 3;
  int box_cols = 3;
  std::vector<int> cage{};
  std::vector<int> sums{};
  std::vector<int> givens{};
};

/// Counts solutions up to `cap` by backtracking over cells (the one with fewest candidates), a
/// candidate being a digit its row, column and box do not hold yet with which every sum through
/// the cell can still be completed by plain enumeration: its cage (different digits), and the
/// rule of 45 over each row, column and box (innies and outies of 1 to 5 cells). A digit with
/// one place left in a row, column or box is placed there instead. Appends solutions when
/// asked. Returns -1 when a given breaks a rule or leaves a sum through it unreachable.
int count_solutions(const KillerData& killer, int cap, std::vector<std::vector<int>>* solutions = nullptr);

/// The first rule a complete grid breaks ("row 3 holds 5 twice", "cage 4 sums to 12, not 13",
/// "r2c2 is 0") or "" when it keeps every rule (and agrees with the givens).
std::string check_grid(const KillerData& killer, const std::vector<int>& grid);

}  // namespace puzzlepress::killer_reference
