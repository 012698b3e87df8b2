// cage_combinations against an enumeration written apart from it: every tuple of `cells` digits
// from 1..n counted like an odometer, kept when strictly increasing, grouped by sum.
#include <doctest/doctest.h>

#include <map>
#include <vector>

#include "engine/cage_combinations.h"

namespace {

using puzzlepress::engine::cage_combinations;
using puzzlepress::engine::cage_sum_rows;
using Sets = std::vector<std::vector<int>>;

// sum -> the increasing tuples with that sum, in the odometer's order (lexicographic).
std::map<int, Sets> odometer_table(int n, int cells) {
  std::map<int, Sets> table;
  std::vector<int> digits(static_cast<std::size_t>(cells), 1);
  while (true) {
    bool increasing = true;
    int sum = 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      sum += digits[i];
      if (i > 0 && digits[i] <= digits[i - 1]) increasing = false;
    }
    if (increasing) table[sum].push_back(digits);
    int i = cells - 1;  // the last digit turns fastest
    while (i >= 0 && digits[static_cast<std::size_t>(i)] == n) digits[static_cast<std::size_t>(i--)] = 1;
    if (i < 0) break;
    ++digits[static_cast<std::size_t>(i)];
  }
  return table;
}

}  // namespace

TEST_CASE("cage_combinations: every sum of 2 to 6 cells of digits 1-6 and 1-9, as the odometer finds") {
  for (const int n : {6, 9}) {
    for (int cells = 2; cells <= 6; ++cells) {
      CAPTURE(n);
      CAPTURE(cells);
      const std::map<int, Sets> expected = odometer_table(n, cells);
      for (int sum = 0; sum <= 50; ++sum) {
        CAPTURE(sum);
        const auto it = expected.find(sum);
        CHECK(cage_combinations(n, cells, sum) == (it == expected.end() ? Sets{} : it->second));
      }
      const auto rows = cage_sum_rows(n, cells);
      REQUIRE(rows.size() == expected.size());
      std::size_t k = 0;
      for (const auto& [sum, sets] : expected) {
        CHECK(rows[k].sum == sum);
        CHECK(rows[k].combinations == sets);
        ++k;
      }
    }
  }
}

TEST_CASE("cage_combinations: the sums a killer solver knows by heart") {
  CHECK(cage_combinations(9, 2, 3) == Sets{{1, 2}});
  CHECK(cage_combinations(9, 2, 17) == Sets{{8, 9}});
  CHECK(cage_combinations(9, 5, 15) == Sets{{1, 2, 3, 4, 5}});
  CHECK(cage_combinations(6, 6, 21) == Sets{{1, 2, 3, 4, 5, 6}});  // the one 6-cell cage of a 6x6
  CHECK(cage_combinations(9, 6, 39) == Sets{{4, 5, 6, 7, 8, 9}});
  CHECK(cage_combinations(9, 3, 24) == Sets{{7, 8, 9}});
  CHECK(cage_combinations(6, 2, 10) == Sets{{4, 6}});  // 1-9 also has 19, 28, 37
  CHECK(cage_combinations(9, 2, 10).size() == 4);
  CHECK(cage_combinations(9, 2, 2).empty());
  CHECK(cage_combinations(9, 2, 18).empty());
  CHECK(cage_combinations(0, 2, 3).empty());
  CHECK(cage_combinations(9, 10, 45).empty());
}
