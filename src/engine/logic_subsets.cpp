// Logic techniques on one or a few units: intersections (pointing, claiming), naked and
// hidden subsets.
#include <array>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

void add_digits(LogicStep& out, unsigned mask) {
  for (int d = 1; d <= 9; ++d)
    if (mask & bit(d)) out.digits.push_back(d);
}

}  // namespace

bool find_pointing(const Board& b, LogicStep& out, unsigned units) {
  for (int u = 18; u < 27; ++u) {
    if (!(units & (1u << u))) continue;
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
  }
  return false;
}

bool find_claiming(const Board& b, LogicStep& out, unsigned units) {
  for (int u = 0; u < 18; ++u) {
    if (!(units & (1u << u))) continue;
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
  }
  return false;
}

bool find_naked_subset(const Board& b, int size, LogicStep& out, unsigned units) {
  for (int u = 0; u < 27; ++u) {
    if (!(units & (1u << u))) continue;
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

bool find_hidden_subset(const Board& b, int size, LogicStep& out, unsigned units) {
  for (int u = 0; u < 27; ++u) {
    if (!(units & (1u << u))) continue;
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

}  // namespace puzzlepress::engine::logic
