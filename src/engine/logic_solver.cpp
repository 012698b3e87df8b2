// Logic solver driver: picks the next technique, applies it, and the fast tier check used by
// the generator. The techniques live in the logic_*.cpp files (see logic_techniques.h).
#include "engine/logic_solver.h"

#include <algorithm>
#include <utility>

#include "engine/band_search.h"
#include "engine/logic_techniques.h"

namespace puzzlepress::engine {

namespace {

using logic::Board;

// For each single-digit technique and digit, the digit's candidate version at which the
// technique last found nothing on it: while that version holds, it still finds nothing. Likewise
// for the unit techniques (intersections, subsets) per unit: what one finds in a unit depends
// on that unit's candidates (and, for pointing and claiming, on the lines or boxes it crosses)
// alone. Skipping a unit known to hold nothing keeps the first instance found the same.
struct SearchCache {
  std::array<std::array<std::uint32_t, 10>, kTechniqueCount> clean{};
  std::array<std::array<bool, 10>, kTechniqueCount> known{};

  // The digits worth searching for `t` on `b`.
  unsigned digits(const Board& b, Technique t) const {
    unsigned m = 0;
    for (int d = 1; d <= 9; ++d)
      if (!known[static_cast<int>(t)][d] || clean[static_cast<int>(t)][d] != b.version[d]) m |= 1u << d;
    return m;
  }
  // Unit techniques: for each, per unit, the key at which it last found nothing in that unit:
  // the sum of the versions of the units its result there depends on (versions only grow, so
  // an unchanged sum means unchanged versions).
  std::array<std::array<std::uint64_t, 27>, kTechniqueCount> unit_clean{};
  std::array<std::array<bool, 27>, kTechniqueCount> unit_known{};
  // The units `t` reads: boxes (18-26) for pointing, rows and columns (0-17) for claiming,
  // all 27 for subsets, as [first, end).
  static std::pair<int, int> unit_range(Technique t) {
    if (t == Technique::pointing) return {18, 27};
    if (t == Technique::claiming) return {0, 18};
    return {0, 27};
  }
  // `u` within unit_range(t).
  static std::uint64_t unit_key(const Board& b, Technique t, int u) {
    std::uint64_t k = b.unit_version[u];
    if (t == Technique::pointing) {  // box u - 18: its rows and columns too
      const int box = u - 18, r0 = box / 3 * 3, c0 = box % 3 * 3;
      for (int i = 0; i < 3; ++i) k += b.unit_version[r0 + i] + b.unit_version[9 + c0 + i];
    } else if (t == Technique::claiming) {  // line u: the boxes it crosses too
      for (int i = 0; i < 3; ++i) k += b.unit_version[18 + (u < 9 ? u / 3 * 3 + i : i * 3 + (u - 9) / 3)];
    }
    return k;
  }
  unsigned units(const Board& b, Technique t) const {
    unsigned m = 0;
    const auto [first, end] = unit_range(t);
    for (int u = first; u < end; ++u)
      if (!unit_known[static_cast<int>(t)][u] || unit_clean[static_cast<int>(t)][u] != unit_key(b, t, u)) m |= 1u << u;
    return m;
  }
  void units_found_nothing(const Board& b, Technique t, unsigned units) {
    const auto [first, end] = unit_range(t);
    for (int u = first; u < end; ++u)
      if (units & (1u << u)) {
        unit_known[static_cast<int>(t)][u] = true;
        unit_clean[static_cast<int>(t)][u] = unit_key(b, t, u);
      }
  }
  void found_nothing(const Board& b, Technique t, unsigned digits) {
    for (int d = 1; d <= 9; ++d)
      if (digits & (1u << d)) {
        known[static_cast<int>(t)][d] = true;
        clean[static_cast<int>(t)][d] = b.version[d];
      }
  }
};

// Single-digit techniques: their instances on a digit depend on that digit's candidates alone.
bool single_digit(Technique t) {
  switch (t) {
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish:
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
    case Technique::skyscraper:
    case Technique::two_string_kite:
    case Technique::turbot_fish:
    case Technique::empty_rectangle:
    case Technique::simple_colouring:
    case Technique::x_chain:
    case Technique::grouped_x_chain: return true;
    default: return false;
  }
}

// Unit techniques: what they find in a unit depends on that unit's candidates (and, for
// pointing and claiming, on the lines or boxes it crosses) alone.
bool unit_technique(Technique t) {
  switch (t) {
    case Technique::pointing:
    case Technique::claiming:
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad: return true;
    default: return false;
  }
}

// `shortest`: chains and forcing chains report their shortest instance (for ratings) rather
// than the first found. `digits`: the digits single-digit techniques look at; `units`: the
// units unit techniques look at.
bool find(const Board& b, Technique t, bool shortest, unsigned digits, unsigned units, LogicStep& out) {
  using namespace logic;
  switch (t) {
    case Technique::full_house: return find_full_house(b, out);
    case Technique::hidden_single_box: return find_hidden_single(b, true, out);
    case Technique::hidden_single_line: return find_hidden_single(b, false, out);
    case Technique::naked_single: return find_naked_single(b, out);
    case Technique::pointing: return find_pointing(b, out, units);
    case Technique::claiming: return find_claiming(b, out, units);
    case Technique::naked_pair: return find_naked_subset(b, 2, out, units);
    case Technique::naked_triple: return find_naked_subset(b, 3, out, units);
    case Technique::naked_quad: return find_naked_subset(b, 4, out, units);
    case Technique::hidden_pair: return find_hidden_subset(b, 2, out, units);
    case Technique::hidden_triple: return find_hidden_subset(b, 3, out, units);
    case Technique::hidden_quad: return find_hidden_subset(b, 4, out, units);
    case Technique::x_wing: return find_fish(b, 2, digits, out);
    case Technique::swordfish: return find_fish(b, 3, digits, out);
    case Technique::jellyfish: return find_fish(b, 4, digits, out);
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing: return find_finned_fish(b, 2, t, digits, out);
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish: return find_finned_fish(b, 3, t, digits, out);
    case Technique::skyscraper:
    case Technique::two_string_kite:
    case Technique::turbot_fish: return find_single_digit_pattern(b, t, digits, out);
    case Technique::empty_rectangle: return find_empty_rectangle(b, digits, out);
    case Technique::xy_wing: return find_xy_wing(b, out);
    case Technique::xyz_wing: return find_xyz_wing(b, out);
    case Technique::wxyz_wing: return find_wxyz_wing(b, out);
    case Technique::w_wing: return find_w_wing(b, out);
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
    case Technique::unique_rectangle_4:
    case Technique::unique_rectangle_5:
    case Technique::unique_rectangle_6: return find_unique_rectangle(b, t, out);
    case Technique::bug_plus_one: return find_bug_plus_one(b, out);
    case Technique::simple_colouring: return find_simple_colouring(b, digits, out);
    case Technique::aligned_pair_exclusion: return find_aligned_pair_exclusion(b, out);
    case Technique::x_chain:
    case Technique::grouped_x_chain:
    case Technique::xy_chain:
    case Technique::aic:
    case Technique::grouped_aic: return find_chain(b, t, shortest, digits, out);
    case Technique::forcing_chain: return find_forcing_chain(b, shortest, out);
  }
  return false;
}

void clear_step(LogicStep& s) {
  s.rating = 0;
  s.unit = -1;
  s.cells.clear();
  s.digits.clear();
  s.units.clear();
  s.extra_cells.clear();
  s.placements.clear();
  s.eliminations.clear();
}

void apply(Board& b, const LogicStep& s) {
  for (const auto& p : s.placements) b.place(p.cell, p.digit);
  for (const auto& e : s.eliminations) b.eliminate(e.cell, e.digit);
}

bool is_single(Technique t) { return technique_tier(t) == Grade::easy; }

// Sets up the board; false when the givens clash or hold bad values.
bool load(Board& b, const Grid& values, const CandidateMasks* masks) {
  for (int c = 0; c < kCells; ++c) {
    b.cand[c] = masks ? static_cast<logic::Mask>((*masks)[c] & logic::kAll) : logic::kAll;
    b.value[c] = 0;
  }
  b.unsolved = kCells;
  b.broken = false;
  b.reindex();
  for (int c = 0; c < kCells; ++c) {
    const int v = values.cells[c];
    if (v > 9) return false;
    if (v == 0) continue;
    for (int p : kPeers[c])
      if (values.cells[p] == v) return false;  // givens clash
    b.cand[c] |= logic::bit(v);  // a filled cell's mask is ignored
    b.place(c, v);
    if (b.broken) return false;
  }
  return true;
}

Grid to_grid(const Board& b) {
  Grid g;
  for (int c = 0; c < kCells; ++c) g.cells[c] = b.value[c];
  return g;
}

enum class NextStep { found, tier_exhausted, none };

// The easiest technique that makes progress on `b`, in kTechniqueOrder, into `step`. Stops at
// the first technique above `max_tier` (tier_exhausted); `skip_singles` when the caller has
// just applied every single; `shortest` as for find(). The order matters even inside a tier:
// the uniqueness techniques are not monotone (a removal can undo a unique rectangle), so
// another order can end on another fixpoint (tests/engine/logic_solver_test.cpp).
NextStep find_next_step(const Board& b, std::optional<Grade> max_tier, bool skip_singles,
                        bool shortest, SearchCache& cache, LogicStep& step) {
  for (Technique t : kTechniqueOrder) {
    if (skip_singles && is_single(t)) continue;
    if (max_tier && technique_tier(t) > *max_tier) return NextStep::tier_exhausted;
    const unsigned digits = single_digit(t) ? cache.digits(b, t) : 0x3FEu;
    if (!digits) continue;
    const bool by_unit = unit_technique(t);
    const unsigned units = by_unit ? cache.units(b, t) : logic::kAllUnits;
    if (!units) continue;
    clear_step(step);
    step.technique = t;
    step.rating = technique_rating(t);
    if (find(b, t, shortest, digits, units, step)) return NextStep::found;
    if (single_digit(t)) cache.found_nothing(b, t, digits);
    if (by_unit) cache.units_found_nothing(b, t, units);
  }
  return NextStep::none;
}

LogicResult run(const Grid& values, const CandidateMasks* masks, const LogicOptions& opt) {
  LogicResult r;
  Board b;
  if (!load(b, values, masks) || b.dead()) {
    r.invalid = true;
    r.final_grid = values;
    return r;
  }
  LogicStep step;
  SearchCache cache;
  int taken = 0, work = 0;
  while (b.unsolved > 0) {
    if (opt.max_steps > 0 && taken >= opt.max_steps) {
      r.stopped = true;
      break;
    }
    const NextStep next = find_next_step(b, opt.max_tier, /*skip_singles=*/false, /*shortest=*/true, cache, step);
    if (next != NextStep::found) {
      if (next == NextStep::tier_exhausted) {
        // The allowed tiers are exhausted: a stop. (Whether a higher tier would help is not
        // asked; solve without max_tier to find out.)
        r.stopped = true;
      } else {
        r.needs_trial = true;
        r.rating = kTrialRating;
        r.tier = Grade::evil;
      }
      break;
    }
    apply(b, step);
    ++taken;
    ++r.counts[static_cast<int>(step.technique)];
    r.rating = std::max(r.rating, step.rating);
    if (step.rating > technique_rating(Technique::hidden_single_box)) ++work;
    r.tier = std::max(r.tier, technique_tier(step.technique));
    if (opt.record_steps) r.steps.push_back(step);
    if (b.broken || b.dead()) {
      r.invalid = true;
      break;
    }
  }
  r.solved = !r.invalid && b.unsolved == 0;
  r.score = r.invalid ? 0.0 : r.rating + std::min(0.099, 0.001 * work);
  r.final_grid = to_grid(b);
  r.final_candidates = b.cand;
  return r;
}

}  // namespace

LogicResult solve_logically(const Grid& givens, const LogicOptions& options) {
  return run(givens, nullptr, options);
}

LogicResult solve_logically(const Grid& values, const CandidateMasks& masks, const LogicOptions& options) {
  return run(values, &masks, options);
}

namespace {

// The singles closure of `givens` (see check_tier), in `values` and `masks`. Returns the answer
// when the closure decides it (clash, solved, or max_tier Easy), else nothing.
std::optional<TierCheck> closure_answer(const Grid& givens, Grade max_tier, Grid& values, CandidateMasks& masks) {
  // Cells must hold 0..9; clashing givens make singles_closure fail, as they make load fail.
  for (int c = 0; c < kCells; ++c)
    if (givens.cells[c] > 9) return TierCheck{};
  // First round on bitboards: the singles closure, which is all most boards need. The generic
  // board then starts from exactly the state its own singles propagation would have reached.
  if (!detail::singles_closure(givens, values, masks)) return TierCheck{};
  if (values.is_full()) return TierCheck{true, Grade::easy};
  if (max_tier == Grade::easy) return TierCheck{};
  return std::nullopt;
}

// check_tier from the singles closure of its board (values and masks), which left cells open.
// Depends on its arguments alone (no givens, no state kept between calls): TierMemo relies on it.
TierCheck check_tier_from_closure(const Grid& values, const CandidateMasks& masks, Grade max_tier) {
  TierCheck r;
  Board b;
  if (!load(b, values, &masks)) return r;
  LogicStep step;
  SearchCache cache;
  // The board is loaded from a singles closure, so the first round of singles would find
  // nothing: it is skipped.
  for (bool closed = true;; closed = false) {
    if (!closed && !logic::propagate_singles(b)) return r;
    if (b.unsolved == 0) break;
    // Singles were just exhausted by propagate_singles: start from the next technique.
    if (find_next_step(b, max_tier, /*skip_singles=*/true, /*shortest=*/false, cache, step) != NextStep::found)
      return r;
    r.tier = std::max(r.tier, technique_tier(step.technique));
    apply(b, step);
    if (b.broken) return r;
  }
  r.solved = true;
  return r;
}

}  // namespace

TierCheck check_tier(const Grid& givens, Grade max_tier) {
  Grid values;
  CandidateMasks masks;
  if (std::optional<TierCheck> decided = closure_answer(givens, max_tier, values, masks)) return *decided;
  return check_tier_from_closure(values, masks, max_tier);
}

TierCheck TierMemo::check(const Grid& givens) {
  Grid values;
  CandidateMasks masks;
  if (std::optional<TierCheck> decided = closure_answer(givens, max_tier_, values, masks)) return *decided;
  for (std::size_t i = 0; i < std::min(added_, kRemembered); ++i) {
    if (answers_[i].values == values && answers_[i].masks == masks) {
      ++hits_;
      return answers_[i].check;
    }
  }
  const TierCheck check = check_tier_from_closure(values, masks, max_tier_);
  answers_[added_++ % kRemembered] = {values, masks, check};
  return check;
}

bool solvable_within(const Grid& givens, Grade max_tier) { return check_tier(givens, max_tier).solved; }

}  // namespace puzzlepress::engine
