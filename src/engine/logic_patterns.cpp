// Logic techniques on small fixed patterns: single-digit strong-link patterns (skyscraper,
// two-string kite, turbot fish, empty rectangle), XY-, XYZ-, WXYZ- and W-wings, and simple
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
    links.push_back({kUnitCells[u][std::countr_zero(p)], kUnitCells[u][std::countr_zero(p & (p - 1))], u});
  }
  return links;
}

CellSet digit_cells(const Board& b, int d) { return b.cells_with(d); }

void eliminate_seeing(const CellSet& places, int d, std::initializer_list<int> cells, LogicStep& out) {
  CellSet targets = places;
  for (int c : cells) targets = targets & kPeerSet[c];
  eliminate_from(targets, d, out.eliminations);
}

}  // namespace

bool find_single_digit_pattern(const Board& b, Technique kind, unsigned digits, LogicStep& out) {
  for (int d = 1; d <= 9; ++d) {
    if (!(digits & (1u << d))) continue;
    std::array<Link, 27> links;
    int n = 0;
    for (int u = 0; u < 27; ++u) {
      const unsigned p = b.positions(u, d);
      if (bit_count(p) == 2)
        links[n++] = {kUnitCells[u][std::countr_zero(p)], kUnitCells[u][std::countr_zero(p & (p - 1))], u};
    }
    if (n < 2) continue;
    const CellSet& places = b.cells_with(d);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j) continue;
        const int ti = links[i].unit / 9, tj = links[j].unit / 9;  // 0 row, 1 col, 2 box
        // skyscraper: two rows or two columns; kite: a row and a column; turbot: the rest
        if (kind == Technique::skyscraper && (ti != tj || ti == 2)) continue;
        if (kind == Technique::two_string_kite && (ti == tj || ti == 2 || tj == 2)) continue;
        for (int oi = 0; oi < 2; ++oi)
          for (int oj = 0; oj < 2; ++oj) {
            const int a = oi ? links[i].b : links[i].a, x = oi ? links[i].a : links[i].b;
            const int y = oj ? links[j].b : links[j].a, e = oj ? links[j].a : links[j].b;
            if (a == y || a == e || x == y || x == e || !sees(x, y)) continue;
            Technique t = Technique::turbot_fish;
            if (ti == tj && ti == 0 && col_of(x) == col_of(y)) t = Technique::skyscraper;
            else if (ti == tj && ti == 1 && row_of(x) == row_of(y)) t = Technique::skyscraper;
            else if (ti < 2 && tj < 2 && ti != tj && box_of(x) == box_of(y)) t = Technique::two_string_kite;
            if (t != kind) continue;
            CellSet targets = places & kPeerSet[a] & kPeerSet[e];
            targets.w[x >> 6] &= ~(std::uint64_t{1} << (x & 63));
            targets.w[y >> 6] &= ~(std::uint64_t{1} << (y & 63));
            if (targets.empty()) continue;
            out.eliminations.clear();
            eliminate_from(targets, d, out.eliminations);
            out.cells = {a, x, y, e};
            out.digits = {d};
            return true;
          }
      }
  }
  return false;
}

// Empty rectangle on digit d. In box B the digit's places lie on the cross of row r and
// column c, with places on both arms (one arm alone would be pointing). A conjugate pair in a
// row R outside B's band, one end A in column c and the other E in column ce outside B's stack:
// if E is false, A holds d, so B's d is not in column c but on row r; if E is true, it rules
// out column ce. Either way (r, ce) loses d. The same with rows and columns swapped.
bool find_empty_rectangle(const Board& b, unsigned digits, LogicStep& out) {
  for (int d = 1; d <= 9; ++d)
    if (digits & (1u << d))
    for (int box = 0; box < 9; ++box) {
      const unsigned pos = b.positions(18 + box, d);  // bit i: row i / 3, column i % 3 of the box
      if (bit_count(pos) < 2) continue;
      const int top = (box / 3) * 3, left = (box % 3) * 3;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          const unsigned row_bits = 7u << (3 * i), col_bits = 0x49u << j, hinge = 1u << (3 * i + j);
          if (pos & ~(row_bits | col_bits)) continue;                    // off the cross
          if (!(pos & row_bits & ~hinge) || !(pos & col_bits & ~hinge)) continue;  // one arm only
          const int r = top + i, c = left + j;
          for (int orient = 0; orient < 2; ++orient) {
            // orient 0: conjugate pair in a row R, ends in column c (A) and column ce (E);
            // 1: in a column C, ends in row r (A) and row re (E).
            for (int line = 0; line < 9; ++line) {
              if (orient == 0 ? line / 3 == box / 3 : line / 3 == box % 3) continue;
              const unsigned p = b.positions(orient * 9 + line, d);
              if (bit_count(p) != 2) continue;
              const int hinge_pos = orient == 0 ? c : r;
              if (!(p & (1u << hinge_pos))) continue;
              const int other = std::countr_zero(p & ~(1u << hinge_pos));
              if (other / 3 == hinge_pos / 3) continue;  // E must be outside B's stack (band)
              const int a = orient == 0 ? line * 9 + c : r * 9 + line;
              const int e = orient == 0 ? line * 9 + other : other * 9 + line;
              const int target = orient == 0 ? r * 9 + other : other * 9 + c;
              if (!b.has(target, d)) continue;
              out.eliminations = {{target, d}};
              out.digits = {d};
              for (int k = 0; k < 9; ++k)
                if (pos & (1u << k)) out.cells.push_back(kUnitCells[18 + box][k]);
              out.units = {18 + box, orient * 9 + line};
              out.extra_cells = {a, e};
              return true;
            }
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
        eliminate_seeing(digit_cells(b, zd), zd, {a, c}, out);
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
        eliminate_seeing(digit_cells(b, zd), zd, {p, a, c}, out);
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

// WXYZ-wing: four cells holding four digits between them, every digit but z "restricted"
// (its cells in the pattern all see one another, so at most one holds it). Four cells cannot
// take four values from three digits, so some pattern cell holding z is z: z goes from every
// cell seeing all of them. Searched from a pivot and three of its peers; the pivot sees the
// other three, so a digit is unrestricted when two of those that do not see each other hold it.
bool find_wxyz_wing(const Board& b, LogicStep& out) {
  std::array<Mask, kCells> small{};  // the marks of the cells with two to four digits
  for (int c = 0; c < kCells; ++c) {
    const int k = bit_count(b.cand[c]);
    if (k >= 2 && k <= 4) small[c] = b.cand[c];
  }
  std::array<int, 20> wings{};
  std::array<Mask, 20> marks{};
  for (int p = 0; p < kCells; ++p) {
    const Mask pm = small[p];
    if (!pm) continue;
    int n = 0;
    for (int q : kPeers[p]) {
      const Mask qm = small[q];
      if (qm && bit_count(pm | qm) <= 4) {
        marks[n] = qm;
        wings[n++] = q;
      }
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const Mask u2 = static_cast<Mask>(pm | marks[i] | marks[j]);
        if (bit_count(u2) > 4) continue;
        const Mask loose_ij = sees(wings[i], wings[j]) ? 0 : static_cast<Mask>(marks[i] & marks[j]);
        for (int k = j + 1; k < n; ++k) {
          const Mask all = static_cast<Mask>(u2 | marks[k]);
          if (bit_count(all) != 4) continue;
          Mask loose = loose_ij;
          if (!sees(wings[i], wings[k])) loose = static_cast<Mask>(loose | (marks[i] & marks[k]));
          if (!sees(wings[j], wings[k])) loose = static_cast<Mask>(loose | (marks[j] & marks[k]));
          if (!loose || (loose & (loose - 1))) continue;
          const int z = first_digit(loose);
          const std::array<int, 4> cells = {p, wings[i], wings[j], wings[k]};
          CellSet targets = b.cells_with(z);
          for (int c : cells)
            if (b.has(c, z)) targets = targets & kPeerSet[c];
          for (int c : cells) targets.w[c >> 6] &= ~(std::uint64_t{1} << (c & 63));
          if (targets.empty()) continue;
          out.eliminations.clear();
          eliminate_from(targets, z, out.eliminations);
          out.cells.assign(cells.begin(), cells.end());
          for (int d = 1; d <= 9; ++d)
            if ((all & bit(d)) && d != z) out.digits.push_back(d);
          out.digits.push_back(z);  // the non-restricted digit last
          return true;
        }
      }
  }
  return false;
}

bool find_w_wing(const Board& b, LogicStep& out) {
  std::array<std::vector<Link>, 10> links;
  std::array<CellSet, 10> places;
  for (int d = 1; d <= 9; ++d) {
    places[d] = b.cells_with(d);
    links[d] = strong_links(b, d);
  }
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
          eliminate_seeing(places[y], y, {p, q}, out);
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

bool find_simple_colouring(const Board& b, unsigned digits, LogicStep& out) {
  for (int d = 1; d <= 9; ++d) {
    if (!(digits & (1u << d))) continue;
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
