// Cage combinations: the sets of different digits a killer cage of a given size can hold for a
// given sum (the table killer books print beside their puzzles). Pure computation.
#pragma once

#include <vector>

namespace puzzlepress::engine {

/// The sets of `cells` different digits from 1..n that add up to `sum`, each ascending, the sets
/// in lexicographic order ({1,2,6} before {1,3,5}); empty when none (or n, cells out of 1..16).
std::vector<std::vector<int>> cage_combinations(int n, int cells, int sum);

/// One sum of a combination table and its combinations (cage_combinations, never empty).
struct CageSumRow {
  int sum = 0;
  std::vector<std::vector<int>> combinations{};
};

/// Every sum that `cells` different digits from 1..n reach, least first, with its combinations.
std::vector<CageSumRow> cage_sum_rows(int n, int cells);

}  // namespace puzzlepress::engine
