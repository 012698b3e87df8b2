// The technique table (techniques.def) as constants, for the grader. Engine-internal.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/geometry_tables.h"
#include "engine/technique.h"

namespace puzzlepress::engine::detail {

/// What an instance of a technique depends on (techniques.def, "scope").
enum class Scope : std::uint8_t { board, digits, blocks, lines, houses };
/// When a technique is left out (techniques.def, "rule"; technique_rules.cpp).
enum class Rule : std::uint8_t { any, uniqueness, cages };

struct TechniqueRow {
  std::string_view name;
  double rating;
  Grade tier;
  Scope scope;
  Rule rule;
};

inline constexpr std::array<TechniqueRow, kTechniqueCount> kTechniqueRows = {{
#define TECHNIQUE(id, name, rating, tier, scope, rule) {name, rating, Grade::tier, Scope::scope, Rule::rule},
#include "engine/techniques.def"
#undef TECHNIQUE
}};

constexpr const TechniqueRow& row_of(Technique t) { return kTechniqueRows[static_cast<int>(t)]; }

/// The techniques of each kind of scope, numbered in table order (for the grader's memory of
/// where a technique found nothing): kDigitSlot for scope digits, kHouseSlot for blocks, lines
/// and houses; -1 for the others.
struct ScopeSlots {
  std::array<std::int8_t, kTechniqueCount> digit{}, house{};
  int digits = 0, houses = 0;
};
inline constexpr ScopeSlots kScopeSlots = [] {
  ScopeSlots s;
  for (int i = 0; i < kTechniqueCount; ++i) {
    const Scope scope = kTechniqueRows[i].scope;
    s.digit[i] = scope == Scope::digits ? static_cast<std::int8_t>(s.digits++) : std::int8_t{-1};
    s.house[i] = scope == Scope::blocks || scope == Scope::lines || scope == Scope::houses
                     ? static_cast<std::int8_t>(s.houses++)
                     : std::int8_t{-1};
  }
  return s;
}();

/// Whether `rule` allows a technique where every constraint is a house (a classic shape):
/// rule_exclusion(rule, tables) for tables with houses_only, as a constant.
constexpr bool allowed_with_houses_only(Rule rule) { return rule != Rule::cages; }

constexpr bool is_single(Technique t) {
  return t == Technique::full_house || t == Technique::hidden_single_box || t == Technique::hidden_single_line ||
         t == Technique::naked_single;
}

/// By tier, then rating, then table order.
constexpr std::array<Technique, kTechniqueCount> make_technique_order() {
  std::array<Technique, kTechniqueCount> order{};
  for (int i = 0; i < kTechniqueCount; ++i) order[i] = static_cast<Technique>(i);
  for (int i = 1; i < kTechniqueCount; ++i)  // insertion sort: stable, constexpr-friendly
    for (int j = i; j > 0; --j) {
      const TechniqueRow& a = row_of(order[j - 1]);
      const TechniqueRow& b = row_of(order[j]);
      if (a.tier > b.tier || (a.tier == b.tier && a.rating > b.rating)) {
        const Technique swap = order[j - 1];
        order[j - 1] = order[j];
        order[j] = swap;
      } else {
        break;
      }
    }
  return order;
}

inline constexpr std::array<Technique, kTechniqueCount> kOrder = make_technique_order();

/// The tier of `t` on a grid of `shape` (technique.h: technique_tier(Shape, Technique)).
constexpr Grade tier_on(Shape shape, Technique t) {
  if (shape == kShape4x4 && is_single(t)) return t == Technique::full_house ? Grade::easy : Grade::medium;
  if (shape == kShape6x6 && is_single(t))
    return t == Technique::full_house || t == Technique::hidden_single_box ? Grade::easy : Grade::medium;
  return row_of(t).tier;
}

/// Why `rule` leaves a technique out on the geometry of `tables`, or nothing.
std::optional<std::string> rule_exclusion(Rule rule, const Tables256& tables);

}  // namespace puzzlepress::engine::detail
