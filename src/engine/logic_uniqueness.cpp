// Uniqueness techniques: unique rectangles (types 1-6) and BUG+1. They hold only for a puzzle
// with exactly one solution (as every puzzle we print has): a "deadly pattern" - two digits a, b
// on the four corners of a rectangle, none of them a given, arranged so that swapping a and b
// keeps every house valid - would give a second solution, so some corner must hold another
// digit.
//
// Rules beside the techniques:
//   - deadly_rectangle: a rectangle is a deadly pattern only when every house holding one of
//     its corners holds exactly two, side by side (one row or one column of the rectangle);
//     on classic grids: the rectangle spans exactly two boxes. A rectangle across three or four
//     irregular regions (jigsaw), or with two corners on one diagonal (X-sudoku), is not:
//     swapping would break a house, so the argument fails.
//   - BUG+1 counts candidates on every house of the geometry, diagonals and windows too; a
//     count kept on rows, columns and blocks alone proves nothing when other houses exist.
//   - Both assume the houses alone make the solution unique: on a geometry with constraints
//     that are not houses (killer cages) they are left out (techniques.def: rule uniqueness).
//
// Corner names: the floor is the corners holding only {a,b}; the roof the others.
//   type 1  three floor corners: a and b go from the roof corner.
//   type 2  a floor line pair; both roof corners hold {a,b,z}: z is in the roof, so it goes from
//           cells seeing both roof corners.
//   type 5  as type 2 with the z-corners diagonal (or three of them).
//   type 3  a floor line pair; the roof's extra digits act as one cell in a house the roof
//           corners share: with k-1 other cells of that house they make a naked subset of k
//           digits, which go from the house's other cells.
//   type 4  a floor line pair; a is conjugate in a house the roof shares: the roof holds a once,
//           so b goes from both roof corners.
//   type 6  diagonal floor corners; a is conjugate in both rows (or both columns): a goes from
//           the two roof corners.
#include <algorithm>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

template <class V>
bool deadly_rectangle(const V& g, const std::array<int, 4>& corners) {
  // corners: top-left, top-right, bottom-left, bottom-right. Rows and columns hold two corners
  // side by side by construction; blocks (one a cell) must pair them up along rows or columns.
  const int b0 = g.block(corners[0]), b1 = g.block(corners[1]), b2 = g.block(corners[2]), b3 = g.block(corners[3]);
  if (!((b0 == b1 && b2 == b3 && b0 != b2) || (b0 == b2 && b1 == b3 && b0 != b1))) return false;
  for (int h = 3 * g.symbols(); h < g.houses(); ++h) {  // diagonals, windows
    int in = 0, first = -1, second = -1;
    for (int k = 0; k < 4; ++k)
      if (g.house_set(h).has(corners[k])) {
        ++in;
        (first < 0 ? first : second) = k;
      }
    if (in == 0) continue;
    // side by side: corners 0-1, 2-3 (rows) or 0-2, 1-3 (columns); never 0-3 or 1-2
    if (in != 2 || first + second == 3) return false;
  }
  return true;
}

template bool deadly_rectangle(const Classic9&, const std::array<int, 4>&);
template bool deadly_rectangle(const TableView&, const std::array<int, 4>&);

namespace {

// Eliminates `digit` from the unsolved cells that see every cell in `cells` (none of them).
template <class V>
void eliminate_seeing_all(const Board<V>& b, int digit, const std::vector<int>& cells, LogicStep& out) {
  const V& g = b.geo;
  for (int x = 0; x < g.cells(); ++x) {
    if (!b.has(x, digit)) continue;
    bool all = true;
    for (int c : cells) all &= g.sees(x, c);
    if (all) out.eliminations.push_back({x, digit});
  }
}

// Houses shared by two distinct cells, ascending (row, column, block, ...).
template <class V>
std::vector<int> shared_units(const V& g, int a, int c) {
  std::vector<int> units;
  for (int h : g.houses_of(a))
    if (g.house_set(h).has(c)) units.push_back(h);
  return units;
}

// Type 3: the roof corners r1, r2 (their extra digits `extra`) and k-1 other cells of `unit`
// with candidates inside k digits. Fills out and returns true on the first subset that
// eliminates something.
template <class V>
bool find_type3(const Board<V>& b, int unit, int r1, int r2, Mask extra, LogicStep& out) {
  const V& g = b.geo;
  std::array<int, V::kMaxSymbols> others{};
  int n = 0;
  for (int c : g.house(unit)) {
    if (c == r1 || c == r2 || b.value[c]) continue;
    const int k = g.count(b.cand[c]);
    if (k >= 2 && k <= 4) others[n++] = c;
  }
  for (int size = 1; size <= 3; ++size) {  // real cells joining the virtual roof cell
    const bool hit = for_each_combination(n, size, [&](const auto& idx) {
      Mask set = extra;
      for (int i = 0; i < size; ++i) set = static_cast<Mask>(set | b.cand[others[idx[i]]]);
      if (g.count(set) != size + 1) return false;
      out.eliminations.clear();
      for (int c : g.house(unit)) {
        if (c == r1 || c == r2 || b.value[c]) continue;
        bool member = false;
        for (int i = 0; i < size; ++i) member |= others[idx[i]] == c;
        if (member) continue;
        for (unsigned m = set & b.cand[c]; m; m &= m - 1) out.eliminations.push_back({c, first_digit(m)});
      }
      if (out.eliminations.empty()) return false;
      out.units = {unit};
      out.extra_cells = {r1, r2};
      for (int i = 0; i < size; ++i) out.extra_cells.push_back(others[idx[i]]);
      out.rating = technique_rating(Technique::unique_rectangle_3) + 0.1 * (size - 1);
      return true;
    });
    if (hit) return true;
  }
  return false;
}

// The rectangle r1 < r2, c1 < c2 (a deadly pattern) whose corners all hold the pair {d1, d2}:
// fills `out` and returns true when it is a unique rectangle of type `kind` that removes
// something.
template <class V>
bool analyse(const Board<V>& b, Technique kind, const std::array<int, 4>& cells, int d1, int d2, LogicStep& out) {
  const V& g = b.geo;
  const Mask pair = static_cast<Mask>(bit(d1) | bit(d2));
  std::vector<int> roof;
  Mask extra = 0;
  for (int c : cells)
    if (b.cand[c] != pair) {
      roof.push_back(c);
      extra = static_cast<Mask>(extra | (b.cand[c] & ~pair));
    }
  if (roof.empty()) return false;  // a deadly pattern: the board has no unique solution
  out.eliminations.clear();
  out.units.clear();
  out.extra_cells.clear();
  out.rating = technique_rating(kind);
  const bool aligned = roof.size() == 2 && (g.row(roof[0]) == g.row(roof[1]) || g.col(roof[0]) == g.col(roof[1]));
  switch (kind) {
    case Technique::unique_rectangle_1:
      if (roof.size() != 1) return false;
      if (b.has(roof[0], d1)) out.eliminations.push_back({roof[0], d1});
      if (b.has(roof[0], d2)) out.eliminations.push_back({roof[0], d2});
      out.extra_cells = roof;
      break;
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_5: {
      if (g.count(extra) != 1) return false;
      bool one_extra = true;  // every roof corner is {a,b,z}
      for (int c : roof) one_extra &= g.count(b.cand[c]) == 3;
      if (!one_extra || roof.size() == 4) return false;
      const bool type2 = aligned;
      if (type2 != (kind == Technique::unique_rectangle_2)) return false;
      eliminate_seeing_all(b, first_digit(extra), roof, out);
      out.extra_cells = roof;
      break;
    }
    case Technique::unique_rectangle_3:
      if (!aligned || g.count(extra) < 2) return false;
      for (int unit : shared_units(g, roof[0], roof[1]))
        if (find_type3(b, unit, roof[0], roof[1], extra, out)) break;
      break;
    case Technique::unique_rectangle_4:
      if (!aligned) return false;
      for (int unit : shared_units(g, roof[0], roof[1])) {
        for (int lock : {d1, d2}) {
          const unsigned places = b.positions(unit, lock);
          if (g.count(places) != 2) continue;  // only the two roof corners
          const int other = lock == d1 ? d2 : d1;
          for (int c : roof)
            if (b.has(c, other)) out.eliminations.push_back({c, other});
          if (!out.eliminations.empty()) {
            out.units = {unit};
            out.extra_cells = roof;
            out.digits = {lock, other};
            break;
          }
        }
        if (!out.eliminations.empty()) break;
      }
      break;
    case Technique::unique_rectangle_6: {
      if (roof.size() != 2 || aligned) return false;  // diagonal roof, diagonal floor
      const int n = g.symbols();
      const int r1 = g.row(cells[0]), r2 = g.row(cells[3]), c1 = g.col(cells[0]), c2 = g.col(cells[3]);
      for (int lock : {d1, d2}) {
        const bool rows = g.count(b.positions(r1, lock)) == 2 && g.count(b.positions(r2, lock)) == 2;
        const bool cols = g.count(b.positions(n + c1, lock)) == 2 && g.count(b.positions(n + c2, lock)) == 2;
        if (!rows && !cols) continue;
        for (int c : roof) out.eliminations.push_back({c, lock});
        out.extra_cells = roof;
        out.units = rows ? std::vector<int>{r1, r2} : std::vector<int>{n + c1, n + c2};
        out.digits = {lock, lock == d1 ? d2 : d1};
        break;
      }
      break;
    }
    default: return false;
  }
  if (out.eliminations.empty()) return false;
  out.cells.assign(cells.begin(), cells.end());
  if (out.digits.empty()) out.digits = {d1, d2};
  return true;
}

// The rectangle with corners (ra, ca) and (rb, cb), when it is a deadly pattern and its corners
// all hold `pair`: analyse() it.
template <class V>
bool try_rectangle(const Board<V>& b, Technique kind, int ra, int ca, int rb, int cb, Mask pair, LogicStep& out) {
  const V& g = b.geo;
  if (ra == rb || ca == cb) return false;
  const int r1 = std::min(ra, rb), r2 = std::max(ra, rb), c1 = std::min(ca, cb), c2 = std::max(ca, cb);
  const std::array<int, 4> cells = {g.cell_at(r1, c1), g.cell_at(r1, c2), g.cell_at(r2, c1), g.cell_at(r2, c2)};
  if (!deadly_rectangle(g, cells)) return false;
  for (int c : cells)
    if ((b.cand[c] & pair) != pair) return false;  // 0 for a filled corner
  const int d1 = first_digit(pair), d2 = first_digit(pair & (pair - 1));
  return analyse(b, kind, cells, d1, d2, out);
}

template <class V>
bool find_unique_rectangle(const Board<V>& b, Technique kind, LogicStep& out) {
  const V& g = b.geo;
  const int n = g.symbols();
  // Every type but type 5 with three roof corners has two floor corners holding exactly the
  // pair: in one row or column (the rectangle's other line to choose) or diagonal.
  for (int p = 0; p < g.cells(); ++p) {
    const Mask pair = b.cand[p];
    if (g.count(pair) != 2) continue;
    for (int q = p + 1; q < g.cells(); ++q) {
      if (b.cand[q] != pair) continue;
      const int rp = g.row(p), cp = g.col(p), rq = g.row(q), cq = g.col(q);
      if (rp == rq) {
        for (int r = 0; r < n; ++r)
          if (try_rectangle(b, kind, rp, cp, r, cq, pair, out)) return true;
      } else if (cp == cq) {
        for (int c = 0; c < n; ++c)
          if (try_rectangle(b, kind, rp, cp, rq, c, pair, out)) return true;
      } else if (try_rectangle(b, kind, rp, cp, rq, cq, pair, out)) {
        return true;
      }
    }
  }
  if (kind != Technique::unique_rectangle_5) return false;
  // Type 5 with one floor corner: the other three hold the pair and the same one extra digit.
  for (int p = 0; p < g.cells(); ++p) {
    const Mask pair = b.cand[p];
    if (g.count(pair) != 2) continue;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int opposite = g.cell_at(r, c);
        if (g.count(b.cand[opposite]) != 3 || (b.cand[opposite] & pair) != pair) continue;
        if (try_rectangle(b, kind, g.row(p), g.col(p), r, c, pair, out)) return true;
      }
  }
  return false;
}

std::string describe_unique_rectangle(const LogicStep& s, const Naming& names) {
  if (s.digits.size() < 2) return names.generic(s);
  const std::string head = "unique rectangle on " + names.symbols(s.digits, "/") + " in " + names.cells(s.cells) + ": ";
  const std::string why = " (otherwise the puzzle would have two solutions)";
  switch (s.technique) {
    case Technique::unique_rectangle_1:
      return head + names.cells(s.extra_cells) + " cannot be " + names.symbols(s.digits, " or ") + why + "; " +
             names.effect(s);
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_5: {
      const std::string extra = s.eliminations.empty() ? "0" : names.symbol(s.eliminations[0].digit);
      return head + "one of " + names.cells(s.extra_cells) + " must be " + extra + why + "; " + names.effect(s);
    }
    case Technique::unique_rectangle_3: {
      if (s.extra_cells.size() < 2) break;
      const std::vector<int> roof(s.extra_cells.begin(), s.extra_cells.begin() + 2);
      const std::vector<int> others(s.extra_cells.begin() + 2, s.extra_cells.end());
      const int unit = s.units.empty() ? -1 : s.units[0];
      const std::size_t k = others.size() + 1;
      return head + "one of " + names.cells(roof) + " holds an extra digit" + why + ", so they act as one cell" +
             " forming a naked " +
             (k == 2   ? "pair"
              : k == 3 ? "triple"
                       : "quad") +
             " with " + names.cells(others) + (unit >= 0 ? " in " + names.house(unit) : "") + "; " + names.effect(s);
    }
    case Technique::unique_rectangle_4: {
      const int unit = s.units.empty() ? -1 : s.units[0];
      return head + names.symbol(s.digits[0]) + " must be in " + names.cells(s.extra_cells) +
             (unit >= 0 ? " (its only places in " + names.house(unit) + ")" : "") + ", so neither can be " +
             names.symbol(s.digits[1]) + why + "; " + names.effect(s);
    }
    case Technique::unique_rectangle_6:
      return head + names.symbol(s.digits[0]) + " lies only in the rectangle in " + names.lines(s.units) +
             ", so it must sit on the corners holding just " + names.symbols(s.digits, "/") + why + "; " +
             names.effect(s);
    default: break;
  }
  return head + names.effect(s);
}

}  // namespace

template <class V>
bool find_unique_rectangle_1(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return find_unique_rectangle(b, Technique::unique_rectangle_1, out);
}
template <class V>
bool find_unique_rectangle_2(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return find_unique_rectangle(b, Technique::unique_rectangle_2, out);
}
template <class V>
bool find_unique_rectangle_3(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return find_unique_rectangle(b, Technique::unique_rectangle_3, out);
}
template <class V>
bool find_unique_rectangle_4(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return find_unique_rectangle(b, Technique::unique_rectangle_4, out);
}
template <class V>
bool find_unique_rectangle_5(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return find_unique_rectangle(b, Technique::unique_rectangle_5, out);
}
template <class V>
bool find_unique_rectangle_6(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return find_unique_rectangle(b, Technique::unique_rectangle_6, out);
}

// BUG+1: every unsolved cell holds two candidates but one, which holds three, and every digit
// has two places in each house but one digit z, with three in each house of that cell. Without
// z in that cell the board would be a "bivalue universal grave", which has no or several
// solutions (its complement - every cell's other candidate - is a solution whenever it is);
// so the cell is z. The counts are checked on every house of the geometry.
template <class V>
bool find_bug_plus_one(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  int three = -1;
  for (int c = 0; c < g.cells(); ++c) {
    if (b.value[c]) continue;
    const int k = g.count(b.cand[c]);
    if (k == 2) continue;
    if (k != 3 || three >= 0) return false;
    three = c;
  }
  if (three < 0) return false;
  const auto& own = g.houses_of(three);
  int z = 0;
  for (int d = 1; d <= g.symbols() && !z; ++d)
    if (b.has(three, d) && g.count(b.positions(own[0], d)) == 3) z = d;
  if (!z) return false;
  for (int u = 0; u < g.houses(); ++u) {
    const bool mine = g.house_set(u).has(three);
    for (int d = 1; d <= g.symbols(); ++d) {
      const int k = g.count(b.positions(u, d));
      if (mine && d == z ? k != 3 : (k != 0 && k != 2)) return false;
    }
  }
  out.cells = {three};
  out.digits = {z};
  out.placements = {{three, z}};
  return true;
}

std::string describe_unique_rectangle_1(const LogicStep& s, const Naming& n) { return describe_unique_rectangle(s, n); }
std::string describe_unique_rectangle_2(const LogicStep& s, const Naming& n) { return describe_unique_rectangle(s, n); }
std::string describe_unique_rectangle_3(const LogicStep& s, const Naming& n) { return describe_unique_rectangle(s, n); }
std::string describe_unique_rectangle_4(const LogicStep& s, const Naming& n) { return describe_unique_rectangle(s, n); }
std::string describe_unique_rectangle_5(const LogicStep& s, const Naming& n) { return describe_unique_rectangle(s, n); }
std::string describe_unique_rectangle_6(const LogicStep& s, const Naming& n) { return describe_unique_rectangle(s, n); }

std::string describe_bug_plus_one(const LogicStep& s, const Naming& names) {
  if (s.placements.empty()) return names.generic(s);
  return "bug+1: every unsolved cell but " + names.cell(s.placements[0].cell) + " has two candidates, and without " +
         names.symbol(s.placements[0].digit) + " there the puzzle would not have one solution, so " + names.effect(s);
}

PUZZLEPRESS_FINDER(find_unique_rectangle_1);
PUZZLEPRESS_FINDER(find_unique_rectangle_2);
PUZZLEPRESS_FINDER(find_unique_rectangle_3);
PUZZLEPRESS_FINDER(find_unique_rectangle_4);
PUZZLEPRESS_FINDER(find_unique_rectangle_5);
PUZZLEPRESS_FINDER(find_unique_rectangle_6);
PUZZLEPRESS_FINDER(find_bug_plus_one);

}  // namespace puzzlepress::engine::logic
