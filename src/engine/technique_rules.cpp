// The rules that leave a technique out on a geometry (techniques.def, "rule"): the uniqueness
// techniques where cages join the houses, the killer techniques where there are no cages. A rule that
// depends on the instance sits in the technique's finder: which rectangles are deadly patterns
// (logic_uniqueness.cpp: deadly_rectangle), which houses BUG+1 counts on (every one), which
// families fish cross (logic_fish.cpp: the rows and the columns).
#include "engine/technique_table.h"

namespace puzzlepress::engine::detail {

std::optional<std::string> rule_exclusion(Rule rule, const Tables256& t) {
  switch (rule) {
    case Rule::any: return std::nullopt;
    case Rule::uniqueness:
      // A deadly pattern (or a BUG) is deadly because swapping its digits keeps every house
      // valid; a constraint that is not a house (a killer cage's sum) may not survive the swap,
      // so the houses alone need not make the solution unique.
      if (t.houses_only) return std::nullopt;
      return "it assumes the houses alone make the solution unique, and this geometry has constraints that are "
             "not houses (swapping a deadly pattern's digits keeps every house valid, not a cage's sum)";
    case Rule::cages:
      // Killer techniques reason with cage sums; a geometry of houses alone has none.
      if (!t.houses_only) return std::nullopt;
      return "it reasons with cage sums, and every constraint of this geometry is a house (there are no cages)";
  }
  return std::nullopt;
}

}  // namespace puzzlepress::engine::detail
