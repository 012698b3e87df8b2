#include "engine/cage_combinations.h"

namespace puzzlepress::engine {
namespace {

// Extends `chosen` with digits from `next` up to n, keeping sets of `cells` digits that sum to
// `left` more; the digits ascend, so each set is found once and in lexicographic order.
void extend(int n, int cells, int left, int next, std::vector<int>& chosen, std::vector<std::vector<int>>& out) {
  if (static_cast<int>(chosen.size()) == cells) {
    if (left == 0) out.push_back(chosen);
    return;
  }
  for (int d = next; d <= n && d <= left; ++d) {
    chosen.push_back(d);
    extend(n, cells, left - d, d + 1, chosen, out);
    chosen.pop_back();
  }
}

}  // namespace

std::vector<std::vector<int>> cage_combinations(int n, int cells, int sum) {
  std::vector<std::vector<int>> out;
  if (n < 1 || n > 16 || cells < 1 || cells > n || sum < 1) return out;
  std::vector<int> chosen;
  extend(n, cells, sum, 1, chosen, out);
  return out;
}

std::vector<CageSumRow> cage_sum_rows(int n, int cells) {
  std::vector<CageSumRow> rows;
  if (n < 1 || n > 16 || cells < 1 || cells > n) return rows;
  const int most = n * (n + 1) / 2;  // no set of digits from 1..n sums to more
  for (int sum = 1; sum <= most; ++sum) {
    std::vector<std::vector<int>> found = cage_combinations(n, cells, sum);
    if (!found.empty()) rows.push_back({sum, std::move(found)});
  }
  return rows;
}

}  // namespace puzzlepress::engine
