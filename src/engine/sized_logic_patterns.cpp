// Sized logic techniques on small fixed patterns, for every shape: single-digit strong-link
// patterns (skyscraper, two-string kite, turbot fish), XY-, XYZ- and W-wings, unique rectangle
// type 1 and simple colouring.
#include <array>
#include <vector>

#include "engine/sized_logic_internal.h"

namespace puzzlepress::engine::sized_logic {
namespace {

struct Link {
  int a, b, unit;
};

// Conjugate pairs of symbol v: units where v has exactly two places.
std::vector<Link> strong_links(const Board& b, int v) {
  std::vector<Link> links;
  for (int u = 0; u < b.g->units; ++u) {
    const unsigned p = b.positions(u, v);
    if (mask_bits(p) != 2) continue;
    const int i = std::countr_zero(p), j = std::countr_zero(p & (p - 1));
    links.push_back({b.g->unit_cells[u][i], b.g->unit_cells[u][j], u});
  }
  return links;
}

// Eliminates v from every cell seeing all of `cells` (and not one of them), in cell order.
// Such a cell is a peer of the first of them, so only those peers are looked at.
void eliminate_seeing(const Board& b, int v, std::initializer_list<int> cells, LogicStep& out) {
  const Geometry& g = *b.g;
  const int first = *cells.begin();
  for (int i = 0; i < g.peer_count; ++i) {  // peers are listed in cell order
    const int x = g.peers[first][i];
    if (!b.has(x, v)) continue;
    bool ok = true;
    for (int c : cells) ok &= b.sees(x, c);
    if (ok) out.eliminations.push_back({x, v});
  }
}

}  // namespace

bool find_single_digit_pattern(const Board& b, Technique kind, LogicStep& out) {
  const Geometry& g = *b.g;
  for (int v = 1; v <= g.n; ++v) {
    const auto links = strong_links(b, v);
    for (std::size_t i = 0; i < links.size(); ++i)
      for (std::size_t j = 0; j < links.size(); ++j) {
        if (i == j) continue;
        const int ui = links[i].unit / g.n, uj = links[j].unit / g.n;  // 0 row, 1 col, 2 box
        if (kind == Technique::skyscraper && (ui != uj || ui == 2)) continue;
        if (kind == Technique::two_string_kite && (ui == 2 || uj == 2 || ui == uj)) continue;
        for (int oi = 0; oi < 2; ++oi)
          for (int oj = 0; oj < 2; ++oj) {
            const int a = oi ? links[i].b : links[i].a, x = oi ? links[i].a : links[i].b;
            const int y = oj ? links[j].b : links[j].a, e = oj ? links[j].a : links[j].b;
            if (a == y || a == e || x == y || x == e || !b.sees(x, y)) continue;
            const int ti = ui, tj = uj;
            Technique t = Technique::turbot_fish;
            if (ti == tj && ti == 0 && g.col[x] == g.col[y]) t = Technique::skyscraper;
            else if (ti == tj && ti == 1 && g.row[x] == g.row[y]) t = Technique::skyscraper;
            else if (ti < 2 && tj < 2 && ti != tj && g.box[x] == g.box[y]) t = Technique::two_string_kite;
            if (t != kind) continue;
            out.eliminations.clear();
            eliminate_seeing(b, v, {a, e}, out);
            std::erase_if(out.eliminations, [&](const CellDigit& z) { return z.cell == x || z.cell == y; });
            if (out.eliminations.empty()) continue;
            out.cells = {a, x, y, e};
            out.digits = {v};
            return true;
          }
      }
  }
  return false;
}

bool find_xy_wing(const Board& b, LogicStep& out) {
  const Geometry& g = *b.g;
  for (int p = 0; p < g.cells; ++p) {
    const SymbolMask pm = b.cand[p];
    if (mask_bits(pm) != 2) continue;
    for (int i = 0; i < g.peer_count; ++i) {
      const int a = g.peers[p][i];
      const SymbolMask am = b.cand[a];
      if (mask_bits(am) != 2 || mask_bits(am & pm) != 1) continue;
      const SymbolMask z = static_cast<SymbolMask>(am & ~pm);
      const SymbolMask want = static_cast<SymbolMask>((pm & ~am) | z);  // {y, z}
      for (int k = 0; k < g.peer_count; ++k) {
        const int c = g.peers[p][k];
        if (c == a || b.cand[c] != want) continue;
        const int zv = first_symbol(z);
        out.eliminations.clear();
        eliminate_seeing(b, zv, {a, c}, out);
        if (out.eliminations.empty()) continue;
        out.cells = {p, a, c};
        out.digits = {first_symbol(am & pm), first_symbol(pm & ~am), zv};
        return true;
      }
    }
  }
  return false;
}

bool find_xyz_wing(const Board& b, LogicStep& out) {
  const Geometry& g = *b.g;
  for (int p = 0; p < g.cells; ++p) {
    const SymbolMask pm = b.cand[p];
    if (mask_bits(pm) != 3) continue;
    for (int i = 0; i < g.peer_count; ++i) {
      const int a = g.peers[p][i];
      const SymbolMask am = b.cand[a];
      if (mask_bits(am) != 2 || (am & ~pm)) continue;
      for (int k = 0; k < g.peer_count; ++k) {
        const int c = g.peers[p][k];
        const SymbolMask cm = b.cand[c];
        if (c <= a || mask_bits(cm) != 2 || (cm & ~pm) || (am | cm) != pm) continue;
        const int zv = first_symbol(am & cm);
        out.eliminations.clear();
        eliminate_seeing(b, zv, {p, a, c}, out);
        if (out.eliminations.empty()) continue;
        out.cells = {p, a, c};
        for (unsigned m = pm; m; m &= m - 1) out.digits.push_back(first_symbol(m));
        return true;
      }
    }
  }
  return false;
}

bool find_w_wing(const Board& b, LogicStep& out) {
  const Geometry& g = *b.g;
  std::array<std::vector<Link>, kMaxSize + 1> links;
  for (int v = 1; v <= g.n; ++v) links[v] = strong_links(b, v);
  for (int p = 0; p < g.cells; ++p) {
    const SymbolMask pm = b.cand[p];
    if (mask_bits(pm) != 2) continue;
    for (int q = p + 1; q < g.cells; ++q) {
      if (b.cand[q] != pm || b.sees(p, q)) continue;
      for (unsigned xm = pm; xm; xm &= xm - 1) {
        const int x = first_symbol(xm);
        const int y = first_symbol(pm & ~symbol_bit(x));
        for (const Link& l : links[x]) {
          if (l.a == p || l.a == q || l.b == p || l.b == q) continue;
          int sp = -1, sq = -1;
          if (b.sees(l.a, p) && b.sees(l.b, q)) sp = l.a, sq = l.b;
          else if (b.sees(l.b, p) && b.sees(l.a, q)) sp = l.b, sq = l.a;
          if (sp < 0) continue;
          out.eliminations.clear();
          eliminate_seeing(b, y, {p, q}, out);
          if (out.eliminations.empty()) continue;
          out.cells = {p, sp, sq, q};
          out.digits = {x, y};
          return true;
        }
      }
    }
  }
  return false;
}

bool find_unique_rectangle(const Board& b, LogicStep& out) {
  const Geometry& g = *b.g;
  const int n = g.n, br = g.shape.box_rows, bc = g.shape.box_cols;
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          if ((r1 / br == r2 / br) == (c1 / bc == c2 / bc)) continue;  // exactly two boxes
          const std::array<int, 4> cells = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          unsigned common = g.all;
          for (int c : cells) common &= b.cand[c];
          if (mask_bits(common) < 2) continue;
          for (unsigned m1 = common; m1; m1 &= m1 - 1)
            for (unsigned m2 = m1 & (m1 - 1); m2; m2 &= m2 - 1) {
              const int v1 = first_symbol(m1), v2 = first_symbol(m2);
              const SymbolMask pair = static_cast<SymbolMask>(symbol_bit(v1) | symbol_bit(v2));
              int exact = 0, other = -1;
              for (int c : cells) {
                if (b.cand[c] == pair) ++exact;
                else other = c;
              }
              if (exact != 3) continue;
              out.eliminations = {{other, v1}, {other, v2}};
              out.cells.assign(cells.begin(), cells.end());
              out.digits = {v1, v2};
              return true;
            }
        }
  return false;
}

bool find_simple_colouring(const Board& b, LogicStep& out) {
  const Geometry& g = *b.g;
  for (int v = 1; v <= g.n; ++v) {
    const auto links = strong_links(b, v);
    if (links.size() < 2) continue;
    std::vector<std::vector<int>> adj(g.cells);
    for (const Link& l : links) {
      adj[l.a].push_back(l.b);
      adj[l.b].push_back(l.a);
    }
    std::vector<int> colour(g.cells, -1), comp_of(g.cells, -1);
    for (int s = 0; s < g.cells; ++s) {
      if (adj[s].empty() || colour[s] >= 0) continue;
      std::vector<int> comp = {s};
      colour[s] = 0;
      comp_of[s] = s;
      for (std::size_t k = 0; k < comp.size(); ++k)
        for (int nb : adj[comp[k]])
          if (colour[nb] < 0) {
            colour[nb] = 1 - colour[comp[k]];
            comp_of[nb] = s;
            comp.push_back(nb);
          }
      if (comp.size() < 3) continue;  // a lone conjugate pair gives nothing claiming has not
      // colour wrap: two cells of one colour see each other, so that colour is false
      int wrong = -1;
      for (std::size_t i = 0; i < comp.size() && wrong < 0; ++i)
        for (std::size_t j = i + 1; j < comp.size(); ++j)
          if (colour[comp[i]] == colour[comp[j]] && b.sees(comp[i], comp[j])) {
            wrong = colour[comp[i]];
            break;
          }
      out.eliminations.clear();
      if (wrong >= 0) {
        for (int c : comp)
          if (colour[c] == wrong) out.eliminations.push_back({c, v});
      } else {
        // colour trap: a cell outside that sees both colours
        for (int x = 0; x < g.cells; ++x) {
          if (!b.has(x, v) || comp_of[x] == s) continue;
          bool s0 = false, s1 = false;
          for (int c : comp)
            if (b.sees(x, c)) (colour[c] ? s1 : s0) = true;
          if (s0 && s1) out.eliminations.push_back({x, v});
        }
      }
      if (out.eliminations.empty()) continue;
      out.cells = comp;
      out.digits = {v};
      return true;
    }
  }
  return false;
}

}  // namespace puzzlepress::engine::sized_logic
