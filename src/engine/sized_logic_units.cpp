// Sized logic techniques on one or a few units: intersections (pointing, claiming), naked and
// hidden subsets, and basic fish (X-wing, swordfish, jellyfish), for every shape.
#include <array>

#include "engine/sized_logic_internal.h"

namespace puzzlepress::engine::sized_logic {
namespace {

// Calls f(indices) for each k-combination of 0..n-1 (n <= 16) until f returns true.
template <class F>
bool for_each_combination(int n, int k, F&& f) {
  if (k > n || k <= 0) return false;
  std::array<int, kMaxSize> idx{};
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

void add_symbols(LogicStep& out, unsigned mask) {
  for (unsigned m = mask; m; m &= m - 1) out.digits.push_back(first_symbol(m));
}

}  // namespace

bool find_pointing(const Board& b, LogicStep& out) {
  const Geometry& g = *b.g;
  const int n = g.n;
  for (int u = 2 * n; u < 3 * n; ++u)
    for (int v = 1; v <= n; ++v) {
      const unsigned pos = b.positions(u, v);
      if (mask_bits(pos) < 2) continue;
      int row = -1, col = -1;
      bool same_row = true, same_col = true;
      for (unsigned m = pos; m; m &= m - 1) {
        const int c = g.unit_cells[u][std::countr_zero(m)];
        if (row < 0) row = g.row[c], col = g.col[c];
        same_row &= g.row[c] == row;
        same_col &= g.col[c] == col;
      }
      for (int line : {same_row ? row : -1, same_col ? n + col : -1}) {
        if (line < 0) continue;
        out.eliminations.clear();
        for (int i = 0; i < n; ++i) {
          const int c = g.unit_cells[line][i];
          if (g.box[c] != u - 2 * n && b.has(c, v)) out.eliminations.push_back({c, v});
        }
        if (out.eliminations.empty()) continue;
        out.unit = u;
        out.digits = {v};
        for (unsigned m = pos; m; m &= m - 1) out.cells.push_back(g.unit_cells[u][std::countr_zero(m)]);
        return true;
      }
    }
  return false;
}

bool find_claiming(const Board& b, LogicStep& out) {
  const Geometry& g = *b.g;
  const int n = g.n;
  for (int u = 0; u < 2 * n; ++u)
    for (int v = 1; v <= n; ++v) {
      const unsigned pos = b.positions(u, v);
      if (mask_bits(pos) < 2) continue;
      int box = -1;
      bool same = true;
      for (unsigned m = pos; m; m &= m - 1) {
        const int bx = g.box[g.unit_cells[u][std::countr_zero(m)]];
        if (box < 0) box = bx;
        same &= bx == box;
      }
      if (!same) continue;
      for (int i = 0; i < n; ++i) {
        const int c = g.unit_cells[2 * n + box][i];
        const bool on_line = u < n ? g.row[c] == u : g.col[c] == u - n;
        if (!on_line && b.has(c, v)) out.eliminations.push_back({c, v});
      }
      if (out.eliminations.empty()) continue;
      out.unit = u;
      out.digits = {v};
      for (unsigned m = pos; m; m &= m - 1) out.cells.push_back(g.unit_cells[u][std::countr_zero(m)]);
      return true;
    }
  return false;
}

bool find_naked_subset(const Board& b, int size, LogicStep& out) {
  const Geometry& g = *b.g;
  for (int u = 0; u < g.units; ++u) {
    std::array<int, kMaxSize> cells{};
    int count = 0, empty = 0;
    for (int i = 0; i < g.n; ++i) {
      const int c = g.unit_cells[u][i];
      if (!b.value[c]) ++empty;
      const int k = mask_bits(b.cand[c]);
      if (k >= 2 && k <= size) cells[count++] = c;
    }
    if (empty <= size) continue;  // nothing outside the subset
    const bool hit = for_each_combination(count, size, [&](const std::array<int, kMaxSize>& idx) {
      unsigned uni = 0;
      for (int i = 0; i < size; ++i) uni |= b.cand[cells[idx[i]]];
      if (mask_bits(uni) != size) return false;
      out.eliminations.clear();
      for (int j = 0; j < g.n; ++j) {
        const int c = g.unit_cells[u][j];
        bool member = false;
        for (int i = 0; i < size; ++i) member |= cells[idx[i]] == c;
        if (member) continue;
        for (unsigned m = b.cand[c] & uni; m; m &= m - 1) out.eliminations.push_back({c, first_symbol(m)});
      }
      if (out.eliminations.empty()) return false;
      out.unit = u;
      for (int i = 0; i < size; ++i) out.cells.push_back(cells[idx[i]]);
      add_symbols(out, uni);
      return true;
    });
    if (hit) return true;
  }
  return false;
}

bool find_hidden_subset(const Board& b, int size, LogicStep& out) {
  const Geometry& g = *b.g;
  for (int u = 0; u < g.units; ++u) {
    int empty = 0;
    for (int i = 0; i < g.n; ++i) empty += !b.value[g.unit_cells[u][i]];
    if (empty <= size) continue;
    std::array<int, kMaxSize> symbols{};
    std::array<unsigned, kMaxSize + 1> pos{};
    int count = 0;
    for (int v = 1; v <= g.n; ++v) {
      pos[v] = b.positions(u, v);
      const int k = mask_bits(pos[v]);
      if (k >= 2 && k <= size) symbols[count++] = v;
    }
    const bool hit = for_each_combination(count, size, [&](const std::array<int, kMaxSize>& idx) {
      unsigned uni = 0, vmask = 0;
      for (int i = 0; i < size; ++i) {
        uni |= pos[symbols[idx[i]]];
        vmask |= symbol_bit(symbols[idx[i]]);
      }
      if (mask_bits(uni) != size) return false;
      out.eliminations.clear();
      for (unsigned m = uni; m; m &= m - 1) {
        const int c = g.unit_cells[u][std::countr_zero(m)];
        for (unsigned x = b.cand[c] & ~vmask; x; x &= x - 1) out.eliminations.push_back({c, first_symbol(x)});
      }
      if (out.eliminations.empty()) return false;
      out.unit = u;
      for (unsigned m = uni; m; m &= m - 1) out.cells.push_back(g.unit_cells[u][std::countr_zero(m)]);
      add_symbols(out, vmask);
      return true;
    });
    if (hit) return true;
  }
  return false;
}

bool find_fish(const Board& b, int size, LogicStep& out) {
  const Geometry& g = *b.g;
  const int n = g.n;
  for (int v = 1; v <= n; ++v)
    for (int orient = 0; orient < 2; ++orient) {
      // orient 0: base rows, cover columns; 1: base columns, cover rows
      std::array<int, kMaxSize> lines{};
      std::array<unsigned, kMaxSize> pos{};
      int count = 0;
      for (int l = 0; l < n; ++l) {
        const unsigned p = b.positions(orient * n + l, v);
        const int k = mask_bits(p);
        if (k >= 2 && k <= size) {
          lines[count] = l;
          pos[count++] = p;
        }
      }
      auto cell_at = [&](int line, int x) { return orient == 0 ? line * n + x : x * n + line; };
      const bool hit = for_each_combination(count, size, [&](const std::array<int, kMaxSize>& idx) {
        unsigned cover = 0, base = 0;
        for (int i = 0; i < size; ++i) {
          cover |= pos[idx[i]];
          base |= 1u << lines[idx[i]];
        }
        if (mask_bits(cover) != size) return false;
        out.eliminations.clear();
        for (unsigned m = cover; m; m &= m - 1) {
          const int x = std::countr_zero(m);
          for (int l = 0; l < n; ++l) {
            if (base & (1u << l)) continue;
            const int c = cell_at(l, x);
            if (b.has(c, v)) out.eliminations.push_back({c, v});
          }
        }
        if (out.eliminations.empty()) return false;
        out.digits = {v};
        for (int i = 0; i < size; ++i)
          for (unsigned m = pos[idx[i]]; m; m &= m - 1) out.cells.push_back(cell_at(lines[idx[i]], std::countr_zero(m)));
        return true;
      });
      if (hit) return true;
    }
  return false;
}

}  // namespace puzzlepress::engine::sized_logic
