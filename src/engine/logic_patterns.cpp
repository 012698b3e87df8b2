// Logic techniques on small fixed patterns: single-digit strong-link patterns (skyscraper,
// two-string kite, turbot fish), XY-, XYZ- and W-wings, unique rectangle type 1 and simple
// colouring.
#include <array>
#include <vector>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

struct Link {
  int a, b, unit;
};

// Conjugate pairs of digit d: units where d has exactly two places.
std::vector<Link> strong_links(const Board& b, int d) {
  std::vector<Link> links;
  for (int u = 0; u < 27; ++u) {
    const unsigned p = b.positions(u, d);
    if (bit_count(p) != 2) continue;
    int i = std::countr_zero(p), j = std::countr_zero(p & (p - 1));
    links.push_back({kUnitCells[u][i], kUnitCells[u][j], u});
  }
  return links;
}

// Eliminates digit d from every cell seeing all of `cells` (and not one of them).
void eliminate_seeing(const Board& b, int d, std::initializer_list<int> cells, LogicStep& out) {
  for (int x = 0; x < 81; ++x) {
    if (!b.has(x, d)) continue;
    bool ok = true;
    for (int c : cells) ok &= sees(x, c);
    if (ok) out.eliminations.push_back({x, d});
  }
}

}  // namespace

bool find_single_digit_pattern(const Board& b, Technique kind, LogicStep& out) {
  for (int d = 1; d <= 9; ++d) {
    const auto links = strong_links(b, d);
    for (size_t i = 0; i < links.size(); ++i)
      for (size_t j = 0; j < links.size(); ++j) {
        if (i == j) continue;
        for (int oi = 0; oi < 2; ++oi)
          for (int oj = 0; oj < 2; ++oj) {
            const int a = oi ? links[i].b : links[i].a, x = oi ? links[i].a : links[i].b;
            const int y = oj ? links[j].b : links[j].a, e = oj ? links[j].a : links[j].b;
            if (a == y || a == e || x == y || x == e || !sees(x, y)) continue;
            const int ti = links[i].unit / 9, tj = links[j].unit / 9;  // 0 row, 1 col, 2 box
            Technique t = Technique::turbot_fish;
            if (ti == tj && ti == 0 && col_of(x) == col_of(y)) t = Technique::skyscraper;
            else if (ti == tj && ti == 1 && row_of(x) == row_of(y)) t = Technique::skyscraper;
            else if (ti < 2 && tj < 2 && ti != tj && box_of(x) == box_of(y)) t = Technique::two_string_kite;
            if (t != kind) continue;
            out.eliminations.clear();
            eliminate_seeing(b, d, {a, e}, out);
            std::erase_if(out.eliminations, [&](const CellDigit& z) { return z.cell == x || z.cell == y; });
            if (out.eliminations.empty()) continue;
            out.cells = {a, x, y, e};
            out.digits = {d};
            return true;
          }
      }
  }
  return false;
}

bool find_xy_wing(const Board& b, LogicStep& out) {
  for (int p = 0; p < 81; ++p) {
    const Mask pm = b.cand[p];
    if (bit_count(pm) != 2) continue;
    for (int a : kPeers[p]) {
      const Mask am = b.cand[a];
      if (bit_count(am) != 2 || bit_count(am & pm) != 1) continue;
      const Mask z = am & ~pm;
      const Mask want = static_cast<Mask>((pm & ~am) | z);  // {y, z}
      for (int c : kPeers[p]) {
        if (c == a || b.cand[c] != want) continue;
        const int zd = first_digit(z);
        out.eliminations.clear();
        eliminate_seeing(b, zd, {a, c}, out);
        if (out.eliminations.empty()) continue;
        out.cells = {p, a, c};
        out.digits = {first_digit(am & pm), first_digit(pm & ~am), zd};
        return true;
      }
    }
  }
  return false;
}

bool find_xyz_wing(const Board& b, LogicStep& out) {
  for (int p = 0; p < 81; ++p) {
    const Mask pm = b.cand[p];
    if (bit_count(pm) != 3) continue;
    for (int a : kPeers[p]) {
      const Mask am = b.cand[a];
      if (bit_count(am) != 2 || (am & ~pm)) continue;
      for (int c : kPeers[p]) {
        const Mask cm = b.cand[c];
        if (c <= a || bit_count(cm) != 2 || (cm & ~pm) || (am | cm) != pm) continue;
        const int zd = first_digit(am & cm);
        out.eliminations.clear();
        eliminate_seeing(b, zd, {p, a, c}, out);
        if (out.eliminations.empty()) continue;
        out.cells = {p, a, c};
        for (int d = 1; d <= 9; ++d)
          if (pm & bit(d)) out.digits.push_back(d);
        return true;
      }
    }
  }
  return false;
}

bool find_w_wing(const Board& b, LogicStep& out) {
  std::array<std::vector<Link>, 10> links;
  for (int d = 1; d <= 9; ++d) links[d] = strong_links(b, d);
  for (int p = 0; p < 81; ++p) {
    const Mask pm = b.cand[p];
    if (bit_count(pm) != 2) continue;
    for (int q = p + 1; q < 81; ++q) {
      if (b.cand[q] != pm || sees(p, q)) continue;
      for (int x = 1; x <= 9; ++x) {
        if (!(pm & bit(x))) continue;
        const int y = first_digit(pm & ~bit(x));
        for (const Link& l : links[x]) {
          if (l.a == p || l.a == q || l.b == p || l.b == q) continue;
          int sp = -1, sq = -1;
          if (sees(l.a, p) && sees(l.b, q)) sp = l.a, sq = l.b;
          else if (sees(l.b, p) && sees(l.a, q)) sp = l.b, sq = l.a;
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
  for (int r1 = 0; r1 < 9; ++r1)
    for (int r2 = r1 + 1; r2 < 9; ++r2)
      for (int c1 = 0; c1 < 9; ++c1)
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          if ((r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3)) continue;  // must span exactly two boxes
          const std::array<int, 4> cells = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2};
          Mask common = kAll;
          for (int c : cells) common &= b.cand[c];
          if (bit_count(common) < 2) continue;
          for (int d1 = 1; d1 <= 9; ++d1)
            for (int d2 = d1 + 1; d2 <= 9; ++d2) {
              const Mask pair = static_cast<Mask>(bit(d1) | bit(d2));
              if ((common & pair) != pair) continue;
              int exact = 0, other = -1;
              for (int c : cells) {
                if (b.cand[c] == pair) ++exact;
                else other = c;
              }
              if (exact != 3) continue;
              out.eliminations = {{other, d1}, {other, d2}};
              out.cells.assign(cells.begin(), cells.end());
              out.digits = {d1, d2};
              return true;
            }
        }
  return false;
}

bool find_simple_colouring(const Board& b, LogicStep& out) {
  for (int d = 1; d <= 9; ++d) {
    const auto links = strong_links(b, d);
    if (links.size() < 2) continue;
    std::array<std::vector<int>, 81> adj;
    for (const Link& l : links) {
      adj[l.a].push_back(l.b);
      adj[l.b].push_back(l.a);
    }
    std::array<int, 81> colour, comp_of;
    colour.fill(-1);
    comp_of.fill(-1);
    for (int s = 0; s < 81; ++s) {
      if (adj[s].empty() || colour[s] >= 0) continue;
      std::vector<int> comp = {s};
      colour[s] = 0;
      comp_of[s] = s;
      for (size_t k = 0; k < comp.size(); ++k)
        for (int n : adj[comp[k]])
          if (colour[n] < 0) {
            colour[n] = 1 - colour[comp[k]];
            comp_of[n] = s;
            comp.push_back(n);
          }
      if (comp.size() < 3) continue;  // a lone conjugate pair gives nothing claiming has not
      // colour wrap: two cells of one colour see each other, so that colour is false
      int wrong = -1;
      for (size_t i = 0; i < comp.size() && wrong < 0; ++i)
        for (size_t j = i + 1; j < comp.size(); ++j)
          if (colour[comp[i]] == colour[comp[j]] && sees(comp[i], comp[j])) {
            wrong = colour[comp[i]];
            break;
          }
      out.eliminations.clear();
      if (wrong >= 0) {
        for (int c : comp)
          if (colour[c] == wrong) out.eliminations.push_back({c, d});
      } else {
        // colour trap: a cell outside that sees both colours
        for (int x = 0; x < 81; ++x) {
          if (!b.has(x, d) || comp_of[x] == s) continue;
          bool s0 = false, s1 = false;
          for (int c : comp)
            if (sees(x, c)) (colour[c] ? s1 : s0) = true;
          if (s0 && s1) out.eliminations.push_back({x, d});
        }
      }
      if (out.eliminations.empty()) continue;
      out.cells = comp;
      out.digits = {d};
      return true;
    }
  }
  return false;
}

}  // namespace puzzlepress::engine::logic
