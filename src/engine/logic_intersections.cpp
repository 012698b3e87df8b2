// Intersections: a digit's places in one house all lie in a second house, so it goes from the
// rest of the second. Pointing starts from a block (a box, region or window), claiming from a
// line (a row, column or diagonal); on classic grids pointing goes from a box into a row or
// column, claiming from a row or column into a box.
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// Intersections from the houses u of `q.houses` whose kind is a line (`lines`) or not.
template <class V>
bool find_intersection(const Board<V>& b, bool lines, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  for (int u = 0; u < g.houses(); ++u) {
    if (!((q.houses >> u) & 1) || is_line(g.kind(u)) != lines) continue;
    const auto overlaps = g.overlaps(u);
    const std::uint16_t* inside = g.overlap_positions(u);
    for (int d = 1; d <= g.symbols(); ++d) {
      const unsigned pos = b.positions(u, d);
      if (g.count(pos) < 2) continue;
      for (std::size_t k = 0; k < overlaps.size(); ++k) {
        if (pos & ~unsigned{inside[k]}) continue;  // some place lies outside house overlaps[k]
        const int target = overlaps[k];
        out.eliminations.clear();
        for (int c : g.house(target))
          if (!g.house_set(u).has(c) && b.has(c, d)) out.eliminations.push_back({c, d});
        if (out.eliminations.empty()) continue;
        out.unit = u;
        out.digits = {d};
        for (unsigned m = pos; m; m &= m - 1) out.cells.push_back(g.house(u)[std::countr_zero(m)]);
        return true;
      }
    }
  }
  return false;
}

// The house a step removes from: the one besides step.unit holding its cells and its first
// removal.
int target_house(const LogicStep& s, const Naming& names) {
  if (s.cells.empty() || s.eliminations.empty()) return -1;
  for (int h : names.g.houses_of(s.cells[0])) {
    if (h == s.unit) continue;
    bool all = true;
    for (int c : s.cells) all &= names.g.tables().house_set[h].has(c);
    if (all && names.g.tables().house_set[h].has(s.eliminations[0].cell)) return h;
  }
  return -1;
}

std::string describe_intersection(const LogicStep& s, const Naming& names) {
  const int target = target_house(s, names);
  if (target < 0 || s.unit < 0 || s.digits.empty()) return names.generic(s);
  const std::string d = names.symbol(s.digits[0]);
  std::vector<int> removed;
  for (const auto& e : s.eliminations) removed.push_back(e.cell);
  return names.house(s.unit) + ": the " + d + "s lie in " + names.house(target) + " (" + names.cells(s.cells) +
         "), which removes " + d + " from the rest of " + names.house(target) + " (" + names.cells(removed) + ")";
}

}  // namespace

template <class V>
bool find_pointing(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_intersection(b, /*lines=*/false, q, out);
}

template <class V>
bool find_claiming(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_intersection(b, /*lines=*/true, q, out);
}

std::string describe_pointing(const LogicStep& s, const Naming& names) { return describe_intersection(s, names); }
std::string describe_claiming(const LogicStep& s, const Naming& names) { return describe_intersection(s, names); }

PUZZLEPRESS_FINDER(find_pointing);
PUZZLEPRESS_FINDER(find_claiming);

}  // namespace puzzlepress::engine::logic
