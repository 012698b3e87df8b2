// Grading killers: see killer_grade.h.
#include "engine/killer_grade.h"

#include "engine/logic_cages.h"

namespace puzzlepress::engine {

namespace {

// Whether the killer and its givens can be graded at all (killer_grade.h: "invalid").
bool gradable(const Killer& killer, const Grid& givens) {
  if (!killer_problem(killer).empty() || givens.shape != killer.shape) return false;
  for (int c = 0; c < givens.cell_count(); ++c)
    if (givens.cells[static_cast<std::size_t>(c)] > killer.shape.size()) return false;
  return !find_killer_conflict(killer, givens).has_value();
}

// Whether every cage of a full grid holds different digits adding up to its sum.
bool cages_hold(const Killer& killer, const Grid& grid) {
  for (const Cage& cage : killer.cages) {
    int sum = 0;
    unsigned used = 0;
    for (int c : cage.cells) {
      const int v = grid.cells[static_cast<std::size_t>(c)];
      if (used & (1u << v)) return false;
      used |= 1u << v;
      sum += v;
    }
    if (sum != cage.sum) return false;
  }
  return true;
}

}  // namespace

LogicResult solve_logically(const Killer& killer, const Grid& givens, const LogicOptions& options) {
  if (!gradable(killer, givens)) {
    LogicResult r;
    r.invalid = true;
    r.final_grid = givens;
    return r;
  }
  const Geometry& geometry = killer_geometry(killer.shape);
  const logic::CageTable cages = logic::make_cage_table(killer, geometry);
  LogicResult r = logic::solve_logically_with_cages(givens, geometry, cages, options);
  if (r.solved && !cages_hold(killer, r.final_grid)) {
    r.solved = false;
    r.invalid = true;
    r.score = 0.0;
  }
  return r;
}

std::optional<Grade> killer_grade(const Killer& killer, const Grid& givens) {
  const LogicResult r = solve_logically(killer, givens);
  if (!r.solved) return std::nullopt;
  return r.tier;
}

bool solvable_within(const Killer& killer, const Grid& givens, Grade max_tier) {
  return killer_tier_within(killer, givens, max_tier).has_value();
}

std::optional<Grade> killer_tier_within(const Killer& killer, const Grid& givens, Grade max_tier) {
  if (!gradable(killer, givens)) return std::nullopt;
  const Geometry& geometry = killer_geometry(killer.shape);
  const logic::CageTable cages = logic::make_cage_table(killer, geometry);
  const TierCheck check = logic::check_tier_with_cages(givens, geometry, cages, max_tier);
  if (!check.solved) return std::nullopt;
  return check.tier;
}

Grade killer_tier(const LogicResult& result) { return result.solved ? result.tier : Grade::evil; }

bool killer_offers_grade(Shape shape, Grade tier) {
  if (shape == kShape6x6) return tier == Grade::easy;
  return shape == kShape9x9 && tier != Grade::extreme;
}

}  // namespace puzzlepress::engine
