#include "support/house_checker.h"

namespace puzzlepress::testing {

Houses make_houses(int n, const std::vector<int>& region_of, const std::vector<std::vector<int>>& extra) {
  Houses h;
  h.n = n;
  for (int r = 0; r < n; ++r) {
    std::vector<int> row;
    for (int c = 0; c < n; ++c) row.push_back(r * n + c);
    h.lists.push_back(row);
  }
  for (int c = 0; c < n; ++c) {
    std::vector<int> col;
    for (int r = 0; r < n; ++r) col.push_back(r * n + c);
    h.lists.push_back(col);
  }
  for (int k = 0; k < n; ++k) {
    std::vector<int> region;
    for (int cell = 0; cell < n * n; ++cell)
      if (region_of[static_cast<std::size_t>(cell)] == k) region.push_back(cell);
    h.lists.push_back(region);
  }
  for (const auto& e : extra) h.lists.push_back(e);
  return h;
}

bool is_complete_legal(const Houses& houses, const std::vector<int>& board) {
  if (static_cast<int>(board.size()) != houses.n * houses.n) return false;
  for (int v : board)
    if (v < 1 || v > houses.n) return false;
  for (const auto& list : houses.lists) {
    std::vector<bool> seen(static_cast<std::size_t>(houses.n) + 1);
    for (int cell : list) {
      const int v = board[static_cast<std::size_t>(cell)];
      if (seen[static_cast<std::size_t>(v)]) return false;
      seen[static_cast<std::size_t>(v)] = true;
    }
  }
  return true;
}

namespace {

struct Search {
  const Houses& houses;
  std::vector<std::vector<int>> houses_of;  // per cell
  std::vector<int> board;
  int cap;
  int found = 0;
  std::vector<int>* first;

  bool allowed(int cell, int v) const {
    for (int h : houses_of[static_cast<std::size_t>(cell)])
      for (int other : houses.lists[static_cast<std::size_t>(h)])
        if (board[static_cast<std::size_t>(other)] == v) return false;
    return true;
  }
  void run() {
    int best = -1, best_count = houses.n + 1;
    for (int cell = 0; cell < houses.n * houses.n; ++cell) {
      if (board[static_cast<std::size_t>(cell)]) continue;
      int count = 0;
      for (int v = 1; v <= houses.n; ++v) count += allowed(cell, v);
      if (count < best_count) best = cell, best_count = count;
    }
    if (best < 0) {
      if (found++ == 0 && first) *first = board;
      return;
    }
    for (int v = 1; v <= houses.n && found < cap; ++v) {
      if (!allowed(best, v)) continue;
      board[static_cast<std::size_t>(best)] = v;
      run();
      board[static_cast<std::size_t>(best)] = 0;
    }
  }
};

}  // namespace

int count_solutions(const Houses& houses, const std::vector<int>& givens, int cap, std::vector<int>* first) {
  const int cells = houses.n * houses.n;
  if (static_cast<int>(givens.size()) != cells || cap < 1) return 0;
  Search s{houses, std::vector<std::vector<int>>(static_cast<std::size_t>(cells)), givens, cap, 0, first};
  for (std::size_t h = 0; h < houses.lists.size(); ++h)
    for (int cell : houses.lists[h]) s.houses_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(h));
  for (int cell = 0; cell < cells; ++cell) {  // clashing givens: no solution
    const int v = givens[static_cast<std::size_t>(cell)];
    if (!v) continue;
    s.board[static_cast<std::size_t>(cell)] = 0;
    if (v > houses.n || !s.allowed(cell, v)) return 0;
    s.board[static_cast<std::size_t>(cell)] = v;
  }
  s.run();
  return s.found;
}

std::vector<std::vector<int>> diagonals(int n) {
  std::vector<int> main, anti;
  for (int i = 0; i < n; ++i) {
    main.push_back(i * n + i);
    anti.push_back(i * n + n - 1 - i);
  }
  return {main, anti};
}

std::vector<std::vector<int>> hyper_windows() {
  std::vector<std::vector<int>> out;
  for (int top : {1, 5})
    for (int left : {1, 5}) {
      std::vector<int> w;
      for (int r = top; r < top + 3; ++r)
        for (int c = left; c < left + 3; ++c) w.push_back(r * 9 + c);
      out.push_back(w);
    }
  return out;
}

std::vector<int> box_regions(int n, int box_rows, int box_cols) {
  std::vector<int> region;
  for (int c = 0; c < n * n; ++c) region.push_back((c / n / box_rows) * box_rows + (c % n) / box_cols);
  return region;
}

}  // namespace puzzlepress::testing
