// The technique table's public face (names, ratings, tiers, order) and a step in compact
// notation.
#include "engine/technique.h"

#include <algorithm>

#include "engine/geometry.h"
#include "engine/technique_table.h"

namespace puzzlepress::engine {

const std::array<Technique, kTechniqueCount> kTechniqueOrder = detail::kOrder;

std::string_view technique_name(Technique t) { return detail::row_of(t).name; }
double technique_rating(Technique t) { return detail::row_of(t).rating; }
Grade technique_tier(Technique t) { return detail::row_of(t).tier; }
Grade technique_tier(Shape shape, Technique t) { return detail::tier_on(shape, t); }
bool assumes_uniqueness(Technique t) { return detail::row_of(t).rule == detail::Rule::uniqueness; }
bool reads_cages(Technique t) { return detail::row_of(t).rule == detail::Rule::cages; }

std::optional<std::string> technique_exclusion(const Geometry& geometry, Technique t) {
  return detail::rule_exclusion(detail::row_of(t).rule, geometry.tables());
}

std::string LogicStep::explain(const Geometry& g) const {
  std::string s;
  if (detail::is_single(technique) && placements.size() == 1) {
    s += g.cell_name(placements[0].cell);
    s += " = ";
    s += symbol_char(placements[0].digit);
    s += ": ";
    s += technique_name(technique);
    if (unit >= 0) s += " in " + g.house_name(unit);
    return s;
  }
  s += technique_name(technique);
  if (!digits.empty()) {
    s += " {";
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (i) s += ',';
      s += symbol_char(digits[i]);
    }
    s += '}';
  }
  if (!cells.empty()) {
    s += " in ";
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i) s += ',';
      s += g.cell_name(cells[i]);
    }
  }
  if (unit >= 0) s += " (" + g.house_name(unit) + ")";
  s += ':';
  for (const auto& p : placements) s += ' ' + g.cell_name(p.cell) + '=' + symbol_char(p.digit);
  std::vector<int> seen;  // eliminations grouped by cell, in the order given
  for (const auto& e : eliminations) {
    if (std::find(seen.begin(), seen.end(), e.cell) != seen.end()) continue;
    seen.push_back(e.cell);
    s += ' ' + g.cell_name(e.cell) + " -";
    for (const auto& f : eliminations)
      if (f.cell == e.cell) s += symbol_char(f.digit);
  }
  return s;
}

std::string LogicStep::explain() const { return explain(classic_geometry(kShape9x9)); }

}  // namespace puzzlepress::engine
