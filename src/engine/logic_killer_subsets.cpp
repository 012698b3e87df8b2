// Killer pairs and triples (logic_cages.h has the cage table and the sum rules): a naked subset
// that a cage's combinations complete. After Sudopedia's "Killer Subset" and "Killer Pair"
// (http://sudopedia.enjoysudoku.com/Killer_Subset.html), whose example is a two-cell cage of 6
// in a column (1+5 or 2+4, so it holds 1 or 2) and a cell of 1/2 in the same column: together
// they hold 1 and 2, which leave the column's other cells.
//
// Precisely, for a house H, a set D of k digits (k = 2 or 3) none of which is placed in H, and a
// cage C whose cells all lie in H: every assignment of C (cage_combination's fit over the
// candidates) holds at least m >= 1 digits of D, and k - m >= 1 open cells of H outside C have
// candidates within D. Cells of one house hold different digits, so C and those cells hold at
// least m + (k - m) = k digits of D, that is all of D: D leaves H's other open cells.
//
// Not a naked subset: fewer than k open cells of H have candidates within D (else naked pairs and
// triples, on plain candidates, say as much), so the cage's sum is what shows it. Nor a cage/house
// intersection: m < k, so the cage alone needs fewer than all of D (a cage needing a digit in
// every combination is that technique's). Subsets of two cages, and of 4 digits or more, are
// left to the other techniques.
#include <algorithm>
#include <bit>
#include <optional>

#include "engine/logic_cages.h"
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// The fewest digits of `digits` a combination of `fit` holds.
int fewest_of(const CageFit& fit, unsigned digits) {
  int fewest = 16;
  for (Mask m : fit.combinations) fewest = std::min(fewest, std::popcount(unsigned{m} & digits));
  return fewest;
}

// The cage's fit over the candidates (placed cells at their values).
template <class V>
CageFit cage_fit(const Board<V>& b, const CageTable::Entry& cage) {
  std::array<Mask, 16> domain{};
  for (std::size_t i = 0; i < cage.cells.size() && i < domain.size(); ++i) {
    const int c = cage.cells[i];
    domain[i] = b.value[c] ? bit(b.value[c]) : b.cand[c];
  }
  return fit_cage({domain.data(), cage.cells.size()}, cage.sum, 0, b.geo.symbols());
}

// A subset of `size` digits in house `h` completed by cage `k` (wholly in h). `fit` is the cage's
// fit, computed on first use.
template <class V>
bool find_in_house(const Board<V>& b, int size, int h, int k, std::optional<CageFit>& fit, LogicStep& out) {
  const V& g = b.geo;
  const CageTable::Entry& cage = g.cages()->cages[static_cast<std::size_t>(k)];
  unsigned placed = 0;
  unsigned cage_union = 0;           // the cage's open cells' candidates
  std::array<unsigned, 16> small{};  // candidates of open cells of h outside the cage: at most `size`
  int smalls = 0;
  for (int c : g.house(h)) {
    if (b.value[c]) placed |= bit(b.value[c]);
    else if (g.cages()->cage_of[c] != k && std::popcount(unsigned{b.cand[c]}) <= size)
      small[static_cast<std::size_t>(smalls++)] = b.cand[c];
  }
  if (smalls == 0) return false;  // no cell to complete the cage's digits
  for (int c : cage.cells) cage_union |= b.value[c] ? 0u : unsigned{b.cand[c]};
  for (unsigned digits = 1; digits <= g.all(); ++digits) {
    if (std::popcount(digits) != size || (digits & placed) || !(cage_union & digits)) continue;
    if ((cage_union & ~digits) == 0) continue;  // the cage's cells alone are within D: a naked subset's
    if (std::none_of(small.begin(), small.begin() + smalls, [&](unsigned m) { return (m & ~digits) == 0; })) continue;
    if (!fit) fit = cage_fit(b, cage);
    if (!fit->feasible) return false;
    const int fewest = fewest_of(*fit, digits);
    if (fewest < 1 || fewest >= size) continue;
    std::vector<int> inside;  // open cells of H outside the cage with candidates within D
    int within = 0;           // every open cell of H with candidates within D
    for (int c : g.house(h)) {
      if (b.value[c] || (b.cand[c] & ~digits)) continue;
      ++within;
      if (g.cages()->cage_of[c] != k) inside.push_back(c);
    }
    if (within >= size || fewest + static_cast<int>(inside.size()) != size) continue;
    for (int c : g.house(h)) {
      if (b.value[c] || g.cages()->cage_of[c] == k || std::find(inside.begin(), inside.end(), c) != inside.end())
        continue;
      for (unsigned m = b.cand[c] & digits; m; m &= m - 1) out.eliminations.push_back({c, first_digit(m)});
    }
    if (out.eliminations.empty()) continue;
    out.unit = h;
    out.cells = inside;
    for (unsigned m = digits; m; m &= m - 1) out.digits.push_back(first_digit(m));
    out.extra_cells = cage.cells;
    out.sum = cage.sum;
    for (Mask m : fit->combinations) out.combinations.push_back(m);
    return true;
  }
  return false;
}

}  // namespace

template <class V>
bool find_killer_subset(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const CageTable* table = b.geo.cages();
  if (!table) return false;
  const V& g = b.geo;
  // Each cage with two open cells or more and the houses holding all of its cells.
  std::vector<std::pair<int, int>> homes;  // (house, cage)
  for (std::size_t k = 0; k < table->cages.size(); ++k) {
    const CageTable::Entry& cage = table->cages[k];
    const auto open = std::count_if(cage.cells.begin(), cage.cells.end(), [&](int c) { return b.value[c] == 0; });
    if (open < 2) continue;
    for (int h : g.houses_of(cage.cells[0]))
      if (std::all_of(cage.cells.begin(), cage.cells.end(), [&](int c) { return g.house_set(h).has(c); }))
        homes.push_back({h, static_cast<int>(k)});
  }
  std::sort(homes.begin(), homes.end());
  std::vector<std::optional<CageFit>> fits(table->cages.size());
  for (int size = 2; size <= 3; ++size)
    for (const auto& [h, k] : homes)
      if (find_in_house(b, size, h, k, fits[static_cast<std::size_t>(k)], out)) return true;
  return false;
}

std::string describe_killer_subset(const LogicStep& s, const Naming& names) {
  if (s.unit < 0 || s.digits.empty() || s.cells.empty() || s.extra_cells.empty()) return names.generic(s);
  const int fewest = static_cast<int>(s.digits.size() - s.cells.size());
  return names.house(s.unit) + ": every combination of the cage " + names.cells(s.extra_cells) + " (sum " +
         std::to_string(s.sum) + ") holds at least " + std::to_string(fewest) + " of " + names.symbols(s.digits) +
         ", and " + names.cells(s.cells) + " can hold only " + names.symbols(s.digits) + ", so " +
         names.symbols(s.digits) + " all lie in these cells, which " + names.effect(s);
}

PUZZLEPRESS_FINDER(find_killer_subset);

}  // namespace puzzlepress::engine::logic
