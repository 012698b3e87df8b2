// Uniqueness techniques: unique rectangles (types 1-6) and BUG+1. They hold only for a puzzle
// with exactly one solution (as every puzzle we print has): a "deadly pattern" - two digits a, b
// on the four corners of a rectangle in two rows, two columns and two boxes, none of them a
// given - could swap a and b and give a second solution, so some corner must hold another digit.
//
// Corner names: the floor is the corners holding only {a,b}; the roof the others.
//   type 1  three floor corners: a and b go from the roof corner.
//   type 2  a floor line pair; both roof corners hold {a,b,z}: z is in the roof, so it goes from
//           cells seeing both roof corners.
//   type 5  as type 2 with the z-corners diagonal (or three of them).
//   type 3  a floor line pair; the roof's extra digits act as one cell in a unit the roof
//           corners share: with k-1 other cells of that unit they make a naked subset of k
//           digits, which go from the unit's other cells.
//   type 4  a floor line pair; a is conjugate in a unit the roof shares: the roof holds a once,
//           so b goes from both roof corners.
//   type 6  diagonal floor corners; a is conjugate in both rows (or both columns): a goes from
//           the two roof corners.
#include <algorithm>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// Eliminates `digit` from the unsolved cells that see every cell in `cells` (none of them).
void eliminate_seeing_all(const Board& b, int digit, const std::vector<int>& cells, LogicStep& out) {
  for (int x = 0; x < kCells; ++x) {
    if (!b.has(x, digit)) continue;
    bool all = true;
    for (int c : cells) all &= sees(x, c);
    if (all) out.eliminations.push_back({x, digit});
  }
}

// Units shared by two distinct cells (row, column, box), in that order.
std::vector<int> shared_units(int a, int c) {
  std::vector<int> units;
  for (int k = 0; k < 3; ++k)
    if (kCellUnits[a][k] == kCellUnits[c][k]) units.push_back(kCellUnits[a][k]);
  return units;
}

// Type 3: the roof corners r1, r2 (their extra digits `extra`) and k-1 other cells of `unit`
// with candidates inside k digits. Fills out and returns true on the first subset that
// eliminates something.
bool find_type3(const Board& b, int unit, int r1, int r2, Mask extra, LogicStep& out) {
  std::array<int, 9> others{};
  int n = 0;
  for (int c : kUnitCells[unit]) {
    if (c == r1 || c == r2 || b.value[c]) continue;
    const int k = bit_count(b.cand[c]);
    if (k >= 2 && k <= 4) others[n++] = c;
  }
  for (int size = 1; size <= 3; ++size) {  // real cells joining the virtual roof cell
    const bool hit = for_each_combination(n, size, [&](const std::array<int, 9>& idx) {
      Mask set = extra;
      for (int i = 0; i < size; ++i) set = static_cast<Mask>(set | b.cand[others[idx[i]]]);
      if (bit_count(set) != size + 1) return false;
      out.eliminations.clear();
      for (int c : kUnitCells[unit]) {
        if (c == r1 || c == r2 || b.value[c]) continue;
        bool member = false;
        for (int i = 0; i < size; ++i) member |= others[idx[i]] == c;
        if (member) continue;
        for (int d = 1; d <= 9; ++d)
          if ((set & bit(d)) && b.has(c, d)) out.eliminations.push_back({c, d});
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

// The rectangle r1 < r2, c1 < c2 (two boxes) whose corners all hold the pair {d1, d2}: fills
// `out` and returns true when it is a unique rectangle of type `kind` that removes something.
bool analyse(const Board& b, Technique kind, int r1, int r2, int c1, int c2, int d1, int d2,
             LogicStep& out) {
  // corners in order: top-left, top-right, bottom-left, bottom-right
  const std::array<int, 4> cells = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2};
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
  const bool aligned = roof.size() == 2 && (row_of(roof[0]) == row_of(roof[1]) ||
                                            col_of(roof[0]) == col_of(roof[1]));
  switch (kind) {
    case Technique::unique_rectangle_1:
      if (roof.size() != 1) return false;
      if (b.has(roof[0], d1)) out.eliminations.push_back({roof[0], d1});
      if (b.has(roof[0], d2)) out.eliminations.push_back({roof[0], d2});
      out.extra_cells = roof;
      break;
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_5: {
      if (bit_count(extra) != 1) return false;
      bool one_extra = true;  // every roof corner is {a,b,z}
      for (int c : roof) one_extra &= bit_count(b.cand[c]) == 3;
      if (!one_extra || roof.size() == 4) return false;
      const bool type2 = aligned;
      if (type2 != (kind == Technique::unique_rectangle_2)) return false;
      eliminate_seeing_all(b, first_digit(extra), roof, out);
      out.extra_cells = roof;
      break;
    }
    case Technique::unique_rectangle_3:
      if (!aligned || bit_count(extra) < 2) return false;
      for (int unit : shared_units(roof[0], roof[1]))
        if (find_type3(b, unit, roof[0], roof[1], extra, out)) break;
      break;
    case Technique::unique_rectangle_4:
      if (!aligned) return false;
      for (int unit : shared_units(roof[0], roof[1])) {
        for (int lock : {d1, d2}) {
          const unsigned places = b.positions(unit, lock);
          if (bit_count(places) != 2) continue;  // only the two roof corners
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
      for (int lock : {d1, d2}) {
        const bool rows = bit_count(b.positions(r1, lock)) == 2 &&
                          bit_count(b.positions(r2, lock)) == 2;
        const bool cols = bit_count(b.positions(9 + c1, lock)) == 2 &&
                          bit_count(b.positions(9 + c2, lock)) == 2;
        if (!rows && !cols) continue;
        for (int c : roof) out.eliminations.push_back({c, lock});
        out.extra_cells = roof;
        out.units = rows ? std::vector<int>{r1, r2} : std::vector<int>{9 + c1, 9 + c2};
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

// The rectangle with corners (ra, ca) and (rb, cb), when it spans two boxes and its corners
// all hold `pair`: analyse() it.
bool try_rectangle(const Board& b, Technique kind, int ra, int ca, int rb, int cb, Mask pair, LogicStep& out) {
  if (ra == rb || ca == cb) return false;
  if ((ra / 3 == rb / 3) == (ca / 3 == cb / 3)) return false;  // must span exactly two boxes
  const int r1 = std::min(ra, rb), r2 = std::max(ra, rb), c1 = std::min(ca, cb), c2 = std::max(ca, cb);
  for (int c : {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2})
    if ((b.cand[c] & pair) != pair) return false;  // 0 for a filled corner
  const int d1 = first_digit(pair), d2 = first_digit(pair & (pair - 1));
  return analyse(b, kind, r1, r2, c1, c2, d1, d2, out);
}

}  // namespace

bool find_unique_rectangle(const Board& b, Technique kind, LogicStep& out) {
  // Every type but type 5 with three roof corners has two floor corners holding exactly the
  // pair: in one row or column (the rectangle's other line to choose) or diagonal.
  for (int p = 0; p < kCells; ++p) {
    const Mask pair = b.cand[p];
    if (bit_count(pair) != 2) continue;
    for (int q = p + 1; q < kCells; ++q) {
      if (b.cand[q] != pair) continue;
      const int rp = row_of(p), cp = col_of(p), rq = row_of(q), cq = col_of(q);
      if (rp == rq) {
        for (int r = 0; r < 9; ++r)
          if (try_rectangle(b, kind, rp, cp, r, cq, pair, out)) return true;
      } else if (cp == cq) {
        for (int c = 0; c < 9; ++c)
          if (try_rectangle(b, kind, rp, cp, rq, c, pair, out)) return true;
      } else if (try_rectangle(b, kind, rp, cp, rq, cq, pair, out)) {
        return true;
      }
    }
  }
  if (kind != Technique::unique_rectangle_5) return false;
  // Type 5 with one floor corner: the other three hold the pair and the same one extra digit.
  for (int p = 0; p < kCells; ++p) {
    const Mask pair = b.cand[p];
    if (bit_count(pair) != 2) continue;
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) {
        const int opposite = r * 9 + c;
        if (bit_count(b.cand[opposite]) != 3 || (b.cand[opposite] & pair) != pair) continue;
        if (try_rectangle(b, kind, row_of(p), col_of(p), r, c, pair, out)) return true;
      }
  }
  return false;
}

// BUG+1: every unsolved cell holds two candidates but one, which holds three, and every digit
// has two places in each unit but one digit z, with three in each unit of that cell. Without z
// in that cell the board would be a "bivalue universal grave", which has no or several
// solutions; so the cell is z.
bool find_bug_plus_one(const Board& b, LogicStep& out) {
  int three = -1;
  for (int c = 0; c < kCells; ++c) {
    if (b.value[c]) continue;
    const int k = bit_count(b.cand[c]);
    if (k == 2) continue;
    if (k != 3 || three >= 0) return false;
    three = c;
  }
  if (three < 0) return false;
  int z = 0;
  for (int d = 1; d <= 9 && !z; ++d)
    if (b.has(three, d) && bit_count(b.positions(kCellUnits[three][0], d)) == 3) z = d;
  if (!z) return false;
  for (int u = 0; u < 27; ++u) {
    const bool own = u == kCellUnits[three][0] || u == kCellUnits[three][1] || u == kCellUnits[three][2];
    for (int d = 1; d <= 9; ++d) {
      const int k = bit_count(b.positions(u, d));
      if (own && d == z ? k != 3 : (k != 0 && k != 2)) return false;
    }
  }
  out.cells = {three};
  out.digits = {z};
  out.placements = {{three, z}};
  return true;
}

}  // namespace puzzlepress::engine::logic
