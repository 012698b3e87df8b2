// The technique table (names, ratings, tiers), the order the solver tries them in, and the
// wording of a step.
#include "engine/technique.h"

#include <algorithm>
#include <utility>

namespace puzzlepress::engine {

namespace {

struct TechniqueInfo {
  std::string_view name;
  double rating;
  Grade tier;
};

// In enum order. Ratings: see technique_rating and the README's table.
constexpr std::array<TechniqueInfo, kTechniqueCount> kInfo = {{
    {"full house", 1.0, Grade::easy},
    {"hidden single (box)", 1.2, Grade::easy},
    {"hidden single (line)", 1.5, Grade::easy},
    {"naked single", 2.3, Grade::easy},
    {"pointing", 2.6, Grade::medium},
    {"naked pair", 3.0, Grade::medium},
    {"claiming", 2.8, Grade::hard},
    {"hidden pair", 3.4, Grade::hard},
    {"naked triple", 3.6, Grade::hard},
    {"hidden triple", 4.0, Grade::hard},
    {"naked quad", 5.0, Grade::hard},
    {"hidden quad", 5.4, Grade::hard},
    {"x-wing", 3.2, Grade::extreme},
    {"finned x-wing", 5.5, Grade::extreme},
    {"sashimi x-wing", 5.6, Grade::extreme},
    {"swordfish", 3.8, Grade::extreme},
    {"finned swordfish", 5.8, Grade::extreme},
    {"sashimi swordfish", 5.9, Grade::extreme},
    {"skyscraper", 5.5, Grade::extreme},
    {"two-string kite", 5.5, Grade::extreme},
    {"turbot fish", 5.6, Grade::extreme},
    {"empty rectangle", 5.6, Grade::extreme},
    {"xy-wing", 4.2, Grade::extreme},
    {"xyz-wing", 4.4, Grade::extreme},
    {"wxyz-wing", 5.8, Grade::extreme},
    {"w-wing", 5.6, Grade::extreme},
    {"unique rectangle type 1", 4.5, Grade::extreme},
    {"unique rectangle type 2", 4.5, Grade::extreme},
    {"unique rectangle type 3", 4.6, Grade::extreme},
    {"unique rectangle type 4", 4.5, Grade::extreme},
    {"unique rectangle type 5", 4.6, Grade::extreme},
    {"unique rectangle type 6", 4.6, Grade::extreme},
    {"bug+1", 5.6, Grade::extreme},
    {"jellyfish", 5.2, Grade::extreme},
    {"simple colouring", 5.8, Grade::extreme},
    {"x-chain", 6.6, Grade::extreme},
    {"grouped x-chain", 6.8, Grade::extreme},
    {"xy-chain", 6.6, Grade::extreme},
    {"aligned pair exclusion", 6.2, Grade::evil},
    {"alternating inference chain", 7.0, Grade::evil},
    {"grouped alternating inference chain", 7.3, Grade::evil},
    {"forcing chain", 8.0, Grade::evil},
}};

constexpr std::array<Technique, kTechniqueCount> make_order() {
  std::array<Technique, kTechniqueCount> order{};
  for (int i = 0; i < kTechniqueCount; ++i) order[i] = static_cast<Technique>(i);
  // insertion sort by (tier, rating, enum value): constexpr-friendly
  for (int i = 1; i < kTechniqueCount; ++i)
    for (int j = i; j > 0; --j) {
      const auto& a = kInfo[static_cast<int>(order[j - 1])];
      const auto& b = kInfo[static_cast<int>(order[j])];
      if (a.tier > b.tier || (a.tier == b.tier && a.rating > b.rating)) std::swap(order[j - 1], order[j]);
      else break;
    }
  return order;
}

std::string cell_name(int cell) {
  std::string s = "r";
  s += static_cast<char>('1' + cell / 9);
  s += 'c';
  s += static_cast<char>('1' + cell % 9);
  return s;
}

std::string unit_name(int unit) {
  static constexpr std::string_view kinds[3] = {"row ", "column ", "box "};
  std::string s(kinds[unit / 9]);
  s += static_cast<char>('1' + unit % 9);
  return s;
}

char digit_char(int d) { return static_cast<char>('0' + d); }

}  // namespace

const std::array<Technique, kTechniqueCount> kTechniqueOrder = make_order();

std::string_view technique_name(Technique t) { return kInfo[static_cast<int>(t)].name; }
double technique_rating(Technique t) { return kInfo[static_cast<int>(t)].rating; }
Grade technique_tier(Technique t) { return kInfo[static_cast<int>(t)].tier; }

bool assumes_uniqueness(Technique t) {
  switch (t) {
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
    case Technique::unique_rectangle_4:
    case Technique::unique_rectangle_5:
    case Technique::unique_rectangle_6:
    case Technique::bug_plus_one: return true;
    default: return false;
  }
}

std::string LogicStep::explain() const {
  std::string s;
  if (technique_tier(technique) == Grade::easy && placements.size() == 1) {
    s += cell_name(placements[0].cell);
    s += " = ";
    s += digit_char(placements[0].digit);
    s += ": ";
    s += technique_name(technique);
    if (unit >= 0) {
      s += " in ";
      s += unit_name(unit);
    }
    return s;
  }
  s += technique_name(technique);
  if (!digits.empty()) {
    s += " {";
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i) s += ',';
      s += digit_char(digits[i]);
    }
    s += '}';
  }
  if (!cells.empty()) {
    s += " in ";
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i) s += ',';
      s += cell_name(cells[i]);
    }
  }
  if (unit >= 0) {
    s += " (";
    s += unit_name(unit);
    s += ')';
  }
  s += ':';
  for (const auto& p : placements) {
    s += ' ';
    s += cell_name(p.cell);
    s += '=';
    s += digit_char(p.digit);
  }
  // eliminations grouped by cell, in the order given
  std::vector<int> seen;
  for (const auto& e : eliminations) {
    if (std::find(seen.begin(), seen.end(), e.cell) != seen.end()) continue;
    seen.push_back(e.cell);
    s += ' ';
    s += cell_name(e.cell);
    s += " -";
    for (const auto& f : eliminations)
      if (f.cell == e.cell) s += digit_char(f.digit);
  }
  return s;
}

}  // namespace puzzlepress::engine
