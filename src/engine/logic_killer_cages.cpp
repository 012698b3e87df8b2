// Cage techniques of killer sudoku (logic_cages.h has the cage table and the sum rules).
//
// Cage combinations: a cage's cells hold different digits adding up to its sum, so a digit stays
// in a cell only when some assignment of the cage (each cell from its candidates, placed cells
// at their values) gives it that digit.
//
// Cage/house intersection: a digit every assignment of a cage uses lies in one of the cage's
// cells holding it, so it leaves every other cell that sees all of those (a combination locked
// into a house). Conversely, when a house's places for a digit all lie in one cage, the cage
// holds the digit there: it leaves the cage's other cells, and the combinations without it go.
#include <algorithm>

#include "engine/logic_cages.h"
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// The cells of `cage` as a cage fit reads them: an open cell its candidates, a placed cell its
// value (less `drop` for the open cells: bit d for a digit they cannot hold).
template <class V>
std::array<Mask, 16> domains(const Board<V>& b, const CageTable::Entry& cage, Mask drop = 0,
                             const std::vector<int>* keep = nullptr) {
  std::array<Mask, 16> domain{};
  for (std::size_t i = 0; i < cage.cells.size() && i < domain.size(); ++i) {
    const int c = cage.cells[i];
    if (b.value[c]) {
      domain[i] = bit(b.value[c]);
      continue;
    }
    const bool kept = keep && std::find(keep->begin(), keep->end(), c) != keep->end();
    domain[i] = kept ? b.cand[c] : static_cast<Mask>(b.cand[c] & ~drop);
  }
  return domain;
}

// What the fit removes from the cage's open cells: (cell, digit) in increasing cell order.
template <class V>
void unsupported(const Board<V>& b, const CageTable::Entry& cage, const CageFit& fit, std::vector<CellDigit>& out) {
  for (std::size_t i = 0; i < cage.cells.size() && i < fit.support.size(); ++i) {
    const int c = cage.cells[i];
    if (b.value[c]) continue;
    for (unsigned m = b.cand[c] & ~unsigned{fit.support[i]}; m; m &= m - 1) out.push_back({c, first_digit(m)});
  }
}

void fill_cage(const CageTable::Entry& cage, const CageFit& fit, LogicStep& out) {
  out.sum = cage.sum;
  for (Mask m : fit.combinations) out.combinations.push_back(m);
  Mask digits = 0;
  for (Mask m : fit.combinations) digits = static_cast<Mask>(digits | m);
  for (unsigned m = digits; m; m &= m - 1) out.digits.push_back(first_digit(m));
}

// The first house holding every cell of `cells`, or -1.
template <class V>
int shared_house(const V& g, const std::vector<int>& cells) {
  if (cells.empty()) return -1;
  for (int h : g.houses_of(cells[0])) {
    bool all = true;
    for (int c : cells) all = all && g.house_set(h).has(c);
    if (all) return h;
  }
  return -1;
}

std::string cage_phrase(const LogicStep& s, const std::vector<int>& cells, const Naming& names) {
  return "the cage " + names.cells(cells) + " (sum " + std::to_string(s.sum) + ")";
}

std::string combinations_phrase(const LogicStep& s) {
  std::string text;
  for (std::size_t i = 0; i < s.combinations.size(); ++i) {
    if (i) text += i + 1 == s.combinations.size() ? " or " : ", ";
    text += combination_text(static_cast<Mask>(s.combinations[i]));
  }
  return text;
}

}  // namespace

template <class V>
bool find_cage_combination(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const CageTable* table = b.geo.cages();
  if (!table) return false;
  for (const CageTable::Entry& cage : table->cages) {
    const bool open = std::any_of(cage.cells.begin(), cage.cells.end(), [&](int c) { return b.value[c] == 0; });
    if (!open) continue;
    const std::array<Mask, 16> domain = domains(b, cage);
    const CageFit fit = fit_cage({domain.data(), cage.cells.size()}, cage.sum, 0, b.geo.symbols());
    unsupported(b, cage, fit, out.eliminations);
    if (out.eliminations.empty()) continue;
    out.cells = cage.cells;
    fill_cage(cage, fit, out);
    return true;
  }
  return false;
}

template <class V>
bool find_cage_house_intersection(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const CageTable* table = b.geo.cages();
  if (!table) return false;
  const V& g = b.geo;
  // A digit every assignment of a cage uses, out of the cells seeing all its places there.
  for (std::size_t k = 0; k < table->cages.size(); ++k) {
    const CageTable::Entry& cage = table->cages[k];
    const std::array<Mask, 16> domain = domains(b, cage);
    const CageFit fit = fit_cage({domain.data(), cage.cells.size()}, cage.sum, 0, g.symbols());
    if (!fit.feasible) continue;
    for (unsigned m = fit.required; m; m &= m - 1) {
      const int d = first_digit(m);
      std::vector<int> places;
      bool placed = false;
      for (int c : cage.cells) {
        placed = placed || b.value[c] == d;
        if (b.has(c, d)) places.push_back(c);
      }
      if (placed || places.empty()) continue;
      for (int x : g.peers(places[0])) {
        if (table->cage_of[x] == static_cast<int>(k) || !b.has(x, d)) continue;
        if (std::all_of(places.begin(), places.end(), [&](int p) { return g.sees(p, x); }))
          out.eliminations.push_back({x, d});
      }
      if (out.eliminations.empty()) continue;
      std::sort(out.eliminations.begin(), out.eliminations.end(),
                [](const CellDigit& a, const CellDigit& z) { return a.cell < z.cell; });
      out.cells = places;
      out.digits = {d};
      out.unit = shared_house(g, places);
      out.extra_cells = cage.cells;
      out.sum = cage.sum;
      return true;
    }
  }
  // A house whose places for a digit all lie in one cage: the cage holds the digit there.
  for (int h = 0; h < g.houses(); ++h) {
    for (int d = 1; d <= g.symbols(); ++d) {
      const unsigned pos = b.positions(h, d);
      if (!pos) continue;
      std::vector<int> places;
      for (unsigned m = pos; m; m &= m - 1) places.push_back(g.house(h)[std::countr_zero(m)]);
      const int k = table->cage_of[places[0]];
      if (k < 0 || std::any_of(places.begin(), places.end(), [&](int c) { return table->cage_of[c] != k; })) continue;
      const CageTable::Entry& cage = table->cages[static_cast<std::size_t>(k)];
      if (std::any_of(cage.cells.begin(), cage.cells.end(), [&](int c) { return b.value[c] == d; })) continue;
      const std::array<Mask, 16> domain = domains(b, cage, bit(d), &places);
      const CageFit fit = fit_cage({domain.data(), cage.cells.size()}, cage.sum, bit(d), g.symbols());
      unsupported(b, cage, fit, out.eliminations);
      if (out.eliminations.empty()) continue;
      out.cells = places;
      out.digits = {d};
      out.unit = h;
      out.extra_cells = cage.cells;
      out.sum = cage.sum;
      return true;
    }
  }
  return false;
}

std::string describe_cage_combination(const LogicStep& s, const Naming& names) {
  if (s.combinations.empty()) return names.generic(s);
  return cage_phrase(s, s.cells, names) + ": " +
         (s.combinations.size() == 1 ? "only " + combinations_phrase(s) + " fits"
                                     : "only " + combinations_phrase(s) + " fit") +
         " the candidates, which " + names.effect(s);
}

std::string describe_cage_house_intersection(const LogicStep& s, const Naming& names) {
  if (s.digits.empty()) return names.generic(s);
  const std::string d = names.symbol(s.digits[0]);
  const std::string cage = cage_phrase(s, s.extra_cells, names);
  // The converse: the step's cells are the house's places for the digit, all in the cage.
  const bool from_house =
      s.unit >= 0 && !s.eliminations.empty() &&
      std::find(s.extra_cells.begin(), s.extra_cells.end(), s.eliminations[0].cell) != s.extra_cells.end();
  if (from_house)
    return names.house(s.unit) + ": its " + d + "s lie in " + cage + " (" + names.cells(s.cells) +
           "), so the cage holds " + d + " there, which " + names.effect(s);
  return cage + " needs " + d + " in every combination, and its " + d + "s lie in " + names.cells(s.cells) +
         ", which " + names.effect(s) + " (cells seeing all of them)";
}

PUZZLEPRESS_FINDER(find_cage_combination);
PUZZLEPRESS_FINDER(find_cage_house_intersection);

}  // namespace puzzlepress::engine::logic
