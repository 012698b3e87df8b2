// Logic techniques on one or a few units: intersections (pointing, claiming), naked and
// hidden subsets, and basic fish (X-wing, swordfish, jellyfish).
#include <array>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// Calls f(indices, k) for each k-combination of 0..n-1 until f returns true.
template <class F>
bool for_each_combination(int n, int k, F&& f) {
  if (k > n || k <= 0) return false;
  std::array<int, 9> idx{};
  for (int i = 0; i < k; ++i) idx[i] = i;
  for (;;) {
    if (f(idx)) return true;
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) --i;
    if (i < 0) return false;
    ++idx[i];
    for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  }
}

void add_digits(LogicStep& out, unsigned mask) {
  for (int d = 1; d <= 9; ++d)
    if (mask & bit(d)) out.digits.push_back(d);
}

}  // namespace

bool find_pointing(const Board& b, LogicStep& out) {
  for (int u = 18; u < 27; ++u)
    for (int d = 1; d <= 9; ++d) {
      const unsigned pos = b.positions(u, d);
      if (bit_count(pos) < 2) continue;
      int row = -1, col = -1;
      bool same_row = true, same_col = true;
      for (int i = 0; i < 9; ++i)
        if (pos & (1u << i)) {
          const int c = kUnitCells[u][i];
          if (row < 0) row = row_of(c), col = col_of(c);
          same_row &= row_of(c) == row;
          same_col &= col_of(c) == col;
        }
      for (int line : {same_row ? row : -1, same_col ? 9 + col : -1}) {
        if (line < 0) continue;
        out.eliminations.clear();
        for (int c : kUnitCells[line])
          if (box_of(c) != u - 18 && b.has(c, d)) out.eliminations.push_back({c, d});
        if (out.eliminations.empty()) continue;
        out.unit = u;
        out.digits = {d};
        for (int i = 0; i < 9; ++i)
          if (pos & (1u << i)) out.cells.push_back(kUnitCells[u][i]);
        return true;
      }
    }
  return false;
}

bool find_claiming(const Board& b, LogicStep& out) {
  for (int u = 0; u < 18; ++u)
    for (int d = 1; d <= 9; ++d) {
      const unsigned pos = b.positions(u, d);
      if (bit_count(pos) < 2) continue;
      int box = -1;
      bool same = true;
      for (int i = 0; i < 9; ++i)
        if (pos & (1u << i)) {
          const int bx = box_of(kUnitCells[u][i]);
          if (box < 0) box = bx;
          same &= bx == box;
        }
      if (!same) continue;
      for (int c : kUnitCells[18 + box]) {
        const bool on_line = u < 9 ? row_of(c) == u : col_of(c) == u - 9;
        if (!on_line && b.has(c, d)) out.eliminations.push_back({c, d});
      }
      if (out.eliminations.empty()) continue;
      out.unit = u;
      out.digits = {d};
      for (int i = 0; i < 9; ++i)
        if (pos & (1u << i)) out.cells.push_back(kUnitCells[u][i]);
      return true;
    }
  return false;
}

bool find_naked_subset(const Board& b, int size, LogicStep& out) {
  for (int u = 0; u < 27; ++u) {
    std::array<int, 9> cells{};
    int n = 0, empty = 0;
    for (int c : kUnitCells[u]) {
      if (!b.value[c]) ++empty;
      const int k = bit_count(b.cand[c]);
      if (k >= 2 && k <= size) cells[n++] = c;
    }
    if (empty <= size) continue;  // nothing outside the subset
    const bool hit = for_each_combination(n, size, [&](const std::array<int, 9>& idx) {
      unsigned uni = 0;
      for (int i = 0; i < size; ++i) uni |= b.cand[cells[idx[i]]];
      if (bit_count(uni) != size) return false;
      out.eliminations.clear();
      for (int c : kUnitCells[u]) {
        bool member = false;
        for (int i = 0; i < size; ++i) member |= cells[idx[i]] == c;
        if (member || !(b.cand[c] & uni)) continue;
        for (int d = 1; d <= 9; ++d)
          if (b.cand[c] & uni & bit(d)) out.eliminations.push_back({c, d});
      }
      if (out.eliminations.empty()) return false;
      out.unit = u;
      for (int i = 0; i < size; ++i) out.cells.push_back(cells[idx[i]]);
      add_digits(out, uni);
      return true;
    });
    if (hit) return true;
  }
  return false;
}

bool find_hidden_subset(const Board& b, int size, LogicStep& out) {
  for (int u = 0; u < 27; ++u) {
    std::array<int, 9> digits{};
    std::array<unsigned, 10> pos{};
    int n = 0, empty = 0;
    for (int c : kUnitCells[u])
      if (!b.value[c]) ++empty;
    if (empty <= size) continue;
    for (int d = 1; d <= 9; ++d) {
      pos[d] = b.positions(u, d);
      const int k = bit_count(pos[d]);
      if (k >= 2 && k <= size) digits[n++] = d;
    }
    const bool hit = for_each_combination(n, size, [&](const std::array<int, 9>& idx) {
      unsigned uni = 0, dmask = 0;
      for (int i = 0; i < size; ++i) {
        uni |= pos[digits[idx[i]]];
        dmask |= bit(digits[idx[i]]);
      }
      if (bit_count(uni) != size) return false;
      out.eliminations.clear();
      for (int i = 0; i < 9; ++i) {
        if (!(uni & (1u << i))) continue;
        const int c = kUnitCells[u][i];
        for (int d = 1; d <= 9; ++d)
          if ((b.cand[c] & bit(d)) && !(dmask & bit(d))) out.eliminations.push_back({c, d});
      }
      if (out.eliminations.empty()) return false;
      out.unit = u;
      for (int i = 0; i < 9; ++i)
        if (uni & (1u << i)) out.cells.push_back(kUnitCells[u][i]);
      add_digits(out, dmask);
      return true;
    });
    if (hit) return true;
  }
  return false;
}

bool find_fish(const Board& b, int size, LogicStep& out) {
  for (int d = 1; d <= 9; ++d)
    for (int orient = 0; orient < 2; ++orient) {
      // orient 0: base rows, cover columns; 1: base columns, cover rows
      std::array<int, 9> lines{};
      std::array<unsigned, 9> pos{};
      int n = 0;
      for (int l = 0; l < 9; ++l) {
        const unsigned p = b.positions(orient * 9 + l, d);
        const int k = bit_count(p);
        if (k >= 2 && k <= size) {
          lines[n] = l;
          pos[n++] = p;
        }
      }
      const bool hit = for_each_combination(n, size, [&](const std::array<int, 9>& idx) {
        unsigned cover = 0, base = 0;
        for (int i = 0; i < size; ++i) {
          cover |= pos[idx[i]];
          base |= 1u << lines[idx[i]];
        }
        if (bit_count(cover) != size) return false;
        out.eliminations.clear();
        for (int x = 0; x < 9; ++x) {
          if (!(cover & (1u << x))) continue;
          for (int l = 0; l < 9; ++l) {
            if (base & (1u << l)) continue;
            const int c = orient == 0 ? l * 9 + x : x * 9 + l;
            if (b.has(c, d)) out.eliminations.push_back({c, d});
          }
        }
        if (out.eliminations.empty()) return false;
        out.digits = {d};
        for (int i = 0; i < size; ++i)
          for (int x = 0; x < 9; ++x)
            if (pos[idx[i]] & (1u << x))
              out.cells.push_back(orient == 0 ? lines[idx[i]] * 9 + x : x * 9 + lines[idx[i]]);
        return true;
      });
      if (hit) return true;
    }
  return false;
}

}  // namespace puzzlepress::engine::logic
