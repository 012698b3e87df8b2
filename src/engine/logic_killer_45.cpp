// The rule of 45 (logic_cages.h has the regions): the cells of k whole houses add up to k times
// the sum of all symbols (45 on 9x9), so the innies of a region (its cells in cages reaching
// outside) add up to that less the sums of the cages wholly inside, and the outies (the cells
// outside of the cages reaching in) to those cages' sums less the innies'. Less the innies or
// outies already placed, the open ones (at most kMaxOpen) are a sum rule of their own: one open
// cell is placed at the sum; two or more keep a digit only when some assignment (cells sharing a
// house or a cage different) reaches the sum with it, a cage made of the region's edge.
// Innies and outies reads one house at a time; the technique over several houses reads runs of
// side-by-side rows or columns and pairs of boxes side by side.
#include "engine/logic_cages.h"
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// Open innies or outies a step reasons with: more are left to the search (and to people).
constexpr int kMaxOpen = 5;

template <class V>
bool find_45(const Board<V>& b, const std::vector<CageTable::Region>& regions, LogicStep& out) {
  const V& g = b.geo;
  const CageTable& table = *g.cages();
  for (const CageTable::Region& region : regions) {
    for (int side = 0; side < 2; ++side) {
      const std::vector<int>& cells = side == 0 ? region.innies : region.outies;
      int sum = side == 0 ? region.innie_sum : region.outie_sum;
      std::array<int, kMaxOpen> open{};
      int count = 0;
      for (int c : cells) {
        if (b.value[c]) sum -= b.value[c];
        else if (++count <= kMaxOpen) open[static_cast<std::size_t>(count - 1)] = c;
      }
      if (count == 0 || count > kMaxOpen) continue;
      if (count == 1) {
        if (sum < 1 || sum > g.symbols() || !b.has(open[0], sum)) continue;  // no solution: left to others
        out.placements.push_back({open[0], sum});
      } else {
        std::array<Mask, kMaxOpen> domain{};
        std::array<std::uint8_t, kMaxOpen> apart{};
        for (int i = 0; i < count; ++i) {
          domain[static_cast<std::size_t>(i)] = b.cand[open[static_cast<std::size_t>(i)]];
          for (int j = 0; j < count; ++j)
            if (table.apart(g, open[static_cast<std::size_t>(i)], open[static_cast<std::size_t>(j)]))
              apart[static_cast<std::size_t>(i)] =
                  static_cast<std::uint8_t>(apart[static_cast<std::size_t>(i)] | (1u << j));
        }
        const std::array<Mask, 8> support = fit_sum({domain.data(), static_cast<std::size_t>(count)},
                                                    {apart.data(), static_cast<std::size_t>(count)}, sum);
        for (int i = 0; i < count; ++i) {
          const int c = open[static_cast<std::size_t>(i)];
          for (unsigned m = b.cand[c] & ~unsigned{support[static_cast<std::size_t>(i)]}; m; m &= m - 1)
            out.eliminations.push_back({c, first_digit(m)});
        }
        if (out.eliminations.empty()) continue;
      }
      out.cells.assign(open.begin(), open.begin() + count);
      out.sum = sum;
      out.units = region.houses;
      out.unit = region.houses.size() == 1 ? region.houses[0] : -1;
      return true;
    }
  }
  return false;
}

// "row 4", "rows 4 and 5", "box 1 and box 2".
std::string region_name(const std::vector<int>& houses, const Naming& names) {
  if (houses.size() == 1) return names.house(houses[0]);
  bool lines = true;
  for (int h : houses)
    lines = lines && names.g.house_kind(h) == names.g.house_kind(houses[0]) &&
            (names.g.house_kind(h) == HouseKind::row || names.g.house_kind(h) == HouseKind::column);
  if (lines) return names.lines(houses);
  std::vector<std::string> parts;
  for (int h : houses) parts.push_back(names.house(h));
  return Naming::join(parts);
}

std::string describe_45(const LogicStep& s, const Naming& names) {
  if (s.units.empty() || s.cells.empty()) return names.generic(s);
  bool inside = false;
  for (int h : s.units) inside = inside || names.g.tables().house_set[h].has(s.cells[0]);
  const std::string kind = inside ? "innie" : "outie";
  const std::string whose = s.units.size() == 1 ? "its" : "their";
  const std::string which = whose + " open " + kind + (s.cells.size() == 1 ? " " : "s ");
  return region_name(s.units, names) + ": " + which + names.cells(s.cells) +
         (s.cells.size() == 1 ? " is " : " sum to ") + std::to_string(s.sum) +
         (s.placements.empty() ? ", which " : ", so ") + names.effect(s);
}

}  // namespace

template <class V>
bool find_innies_outies(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return b.geo.cages() && find_45(b, b.geo.cages()->single, out);
}

template <class V>
bool find_innies_outies_several(const Board<V>& b, const Query<V>&, LogicStep& out) {
  return b.geo.cages() && find_45(b, b.geo.cages()->several, out);
}

std::string describe_innies_outies(const LogicStep& s, const Naming& names) { return describe_45(s, names); }
std::string describe_innies_outies_several(const LogicStep& s, const Naming& names) { return describe_45(s, names); }

PUZZLEPRESS_FINDER(find_innies_outies);
PUZZLEPRESS_FINDER(find_innies_outies_several);

}  // namespace puzzlepress::engine::logic
