// The grader's driver: picks the next technique, applies it, and the fast tier check used by
// the generators. One driver for every geometry, a template over the view (logic_board.h); the
// techniques live in the logic_*.cpp files (logic_techniques.h), one row each in
// techniques.def.
#include "engine/logic_solver.h"

#include <algorithm>
#include <utility>

#include "engine/band_search.h"
#include "engine/logic_cages.h"
#include "engine/logic_techniques.h"
#include "engine/logic.h"
#include "engine/technique_table.h"

namespace puzzlepress::engine {

namespace {

using detail::Scope;
using logic::Board;
using logic::Classic9;
using logic::Query;
using logic::TableView;

// The techniques a grader tries on one geometry, in kTechniqueOrder, each with its tier there
// and whether its rule allows it.
struct PlanEntry {
  Technique technique = Technique::full_house;
  Grade tier = Grade::easy;
  Scope scope = Scope::board;
  bool allowed = true;
  bool single = false;
};
struct Plan {
  std::array<PlanEntry, kTechniqueCount> order{};
  std::array<Grade, kTechniqueCount> tier{};  ///< by technique
  Grade tier_of(Technique t) const { return tier[static_cast<int>(t)]; }
};

// Every technique a geometry of houses alone allows (all but the killer techniques), at the
// shape's tiers.
constexpr Plan plan_for(Shape shape) {
  Plan plan;
  for (int i = 0; i < kTechniqueCount; ++i) {
    const Technique t = detail::kOrder[i];
    plan.order[i] = {t, detail::tier_on(shape, t), detail::row_of(t).scope,
                     detail::allowed_with_houses_only(detail::row_of(t).rule), detail::is_single(t)};
    plan.tier[static_cast<int>(t)] = detail::tier_on(shape, t);
  }
  return plan;
}

// The techniques whose rules allow them on `g`. With cages (houses_only false) every technique
// keeps its table tier on every shape: the children's sizes step their singles down because
// pointing and pairs are (almost) never needed there, which cage sums do not make true.
Plan plan_for(const Geometry& g) {
  Plan plan = plan_for(g.shape());
  for (PlanEntry& e : plan.order) {
    e.allowed = !detail::rule_exclusion(detail::row_of(e.technique).rule, g.tables()).has_value();
    if (!g.houses_only()) e.tier = plan.tier[static_cast<int>(e.technique)] = detail::row_of(e.technique).tier;
  }
  return plan;
}

// The classic shapes: every technique but the killer ones (no other rule leaves one out where
// every constraint is a house), at the shape's tiers.
constexpr Plan kPlan9 = plan_for(kShape9x9);
constexpr std::array<Plan, kAllShapes.size()> kClassicPlans = [] {
  std::array<Plan, kAllShapes.size()> plans{};
  for (std::size_t i = 0; i < kAllShapes.size(); ++i) plans[i] = plan_for(kAllShapes[i]);
  return plans;
}();

template <class V>
bool dispatch(Technique t, const Board<V>& b, const Query<V>& q, LogicStep& out) {
  switch (t) {
#define TECHNIQUE(id, name, rating, tier, scope, rule) \
  case Technique::id:                                  \
    return logic::find_##id(b, q, out);
#include "engine/techniques.def"
#undef TECHNIQUE
  }
  return false;
}

// For each single-digit technique and digit, the digit's candidate version at which the
// technique last found nothing on it: while that version holds, it still finds nothing. Likewise
// for the house techniques (intersections, subsets) per house: what one finds in a house depends
// on that house's candidates (and, for intersections, on the houses it overlaps) alone. Skipping
// a house known to hold nothing keeps the first instance found the same. Versions start at 1
// (Board::reindex), so 0 stands for "not known".
template <class V>
struct SearchCache {
  using HouseBits = typename V::HouseBits;
  static constexpr const detail::ScopeSlots& kSlots = detail::kScopeSlots;
  std::array<std::array<std::uint32_t, V::kMaxSymbols + 1>, kSlots.digits> clean{};
  // Per house, the key at which a house technique last found nothing there: the sum of the
  // versions of the houses its result depends on (versions only grow, so an unchanged sum
  // means unchanged versions).
  std::array<std::array<std::uint64_t, V::kMaxHouses>, kSlots.houses> unit_clean{};
  // The houses of each house scope: blocks (box, region, window), lines (row, column, diagonal),
  // all houses.
  HouseBits blocks = 0, lines = 0, all = 0;

  explicit SearchCache(const V& g) {
    for (int h = 0; h < g.houses(); ++h) {
      const HouseBits bit = HouseBits{1} << h;
      (logic::is_line(g.kind(h)) ? lines : blocks) |= bit;
      all |= bit;
    }
  }

  // The digits worth searching for `t` on `b`.
  unsigned digits(const Board<V>& b, Technique t) const {
    const auto& known = clean[kSlots.digit[static_cast<int>(t)]];
    unsigned m = 0;
    for (int d = 1; d <= b.geo.symbols(); ++d)
      if (known[d] != b.version[d]) m |= 1u << d;
    return m;
  }
  void found_nothing(const Board<V>& b, Technique t, unsigned digits) {
    auto& known = clean[kSlots.digit[static_cast<int>(t)]];
    for (int d = 1; d <= b.geo.symbols(); ++d)
      if (digits & (1u << d)) known[d] = b.version[d];
  }
  HouseBits scope_houses(Scope scope) const {
    return scope == Scope::blocks ? blocks : scope == Scope::lines ? lines : all;
  }
  // House `u` for a technique of `scope`: intersections depend on the houses u overlaps too.
  static std::uint64_t unit_key(const Board<V>& b, Scope scope, int u) {
    std::uint64_t k = b.unit_version[u];
    if (scope != Scope::houses)
      for (int o : b.geo.overlaps(u)) k += b.unit_version[o];
    return k;
  }
  HouseBits houses(const Board<V>& b, Technique t, Scope scope) const {
    const auto& known = unit_clean[kSlots.house[static_cast<int>(t)]];
    HouseBits m = 0;
    for (HouseBits s = scope_houses(scope); s; s &= s - 1) {
      const int u = std::countr_zero(s);
      if (known[u] != unit_key(b, scope, u)) m |= HouseBits{1} << u;
    }
    return m;
  }
  void houses_found_nothing(const Board<V>& b, Technique t, Scope scope, HouseBits houses) {
    auto& known = unit_clean[kSlots.house[static_cast<int>(t)]];
    for (HouseBits s = houses; s; s &= s - 1) {
      const int u = std::countr_zero(s);
      known[u] = unit_key(b, scope, u);
    }
  }
};

void clear_step(LogicStep& s) {
  s.rating = 0;
  s.unit = -1;
  s.cells.clear();
  s.digits.clear();
  s.units.clear();
  s.extra_cells.clear();
  s.sum = 0;
  s.combinations.clear();
  s.placements.clear();
  s.eliminations.clear();
}

template <class V>
void apply(Board<V>& b, const LogicStep& s) {
  for (const auto& p : s.placements) b.place(p.cell, p.digit);
  for (const auto& e : s.eliminations) b.eliminate(e.cell, e.digit);
}

// Sets up the board from the cells' values (0 empty) and, when given, the empty cells'
// candidates (then minus what their filled peers hold). False when a value is out of range or
// the values clash. With `closure`, also applies every single in bulk before indexing the board
// (false on a contradiction): for check_on(..., closed = true).
template <class V>
bool load(Board<V>& b, const std::uint8_t* values, const std::uint16_t* masks, bool closure = false) {
  const V& g = b.geo;
  std::array<logic::Mask, V::kMaxHouses> given{};  // the digits given in each house
  for (int c = 0; c < g.cells(); ++c) {
    const int v = values[c];
    if (v > g.symbols()) return false;
    if (v == 0) continue;
    const auto& houses = g.houses_of(c);
    for (int k = 0; k < g.house_count(c); ++k) {
      logic::Mask& in = given[houses[k]];
      if (in & logic::bit(v)) return false;  // givens clash
      in = static_cast<logic::Mask>(in | logic::bit(v));
    }
  }
  b.unsolved = 0;
  b.broken = false;
  for (int c = 0; c < g.cells(); ++c) {
    b.value[c] = values[c];
    if (values[c]) {
      b.cand[c] = 0;  // a filled cell's mask is ignored
      continue;
    }
    logic::Mask seen = 0;
    const auto& houses = g.houses_of(c);
    for (int k = 0; k < g.house_count(c); ++k) seen = static_cast<logic::Mask>(seen | given[houses[k]]);
    b.cand[c] = static_cast<logic::Mask>((masks ? masks[c] : g.all()) & g.all() & ~seen);
    ++b.unsolved;
  }
  if (closure && !logic::propagate_singles_unindexed(b)) return false;
  b.reindex();
  return true;
}

enum class NextStep { found, tier_exhausted, none };

// The easiest technique that makes progress on `b`, in the plan's order, into `step`. Stops at
// the first technique above `max_tier` (tier_exhausted); `skip_singles` when the caller has
// just applied every single; `shortest` as for Query; `forcing` false leaves forcing chains
// out. The order matters even inside a tier: the uniqueness techniques are not monotone (a
// removal can undo a unique rectangle), so another order can end on another fixpoint
// (tests/engine/logic_solver_test.cpp).
template <class V>
NextStep find_next_step(const Board<V>& b, const Plan& plan, std::optional<Grade> max_tier, bool skip_singles,
                        bool shortest, bool forcing, SearchCache<V>& cache, LogicStep& step) {
  const unsigned all_digits = (2u << b.geo.symbols()) - 2;
  for (const PlanEntry& e : plan.order) {
    if (skip_singles && e.single) continue;
    // A technique left out has no say in the tier stop (on 4x4 and 6x6 the killer techniques,
    // never used there, sit below the stepped-down singles).
    if (!e.allowed) continue;
    if (max_tier && e.tier > *max_tier) return NextStep::tier_exhausted;
    if (!forcing && e.technique == Technique::forcing_chain) continue;
    Query<V> q;
    q.shortest = shortest;
    q.digits = e.scope == Scope::digits ? cache.digits(b, e.technique) : all_digits;
    if (!q.digits) continue;
    const bool by_house = e.scope == Scope::blocks || e.scope == Scope::lines || e.scope == Scope::houses;
    if (by_house) {
      q.houses = cache.houses(b, e.technique, e.scope);
      if (!q.houses) continue;
    }
    clear_step(step);
    step.technique = e.technique;
    step.rating = technique_rating(e.technique);
    if (dispatch(e.technique, b, q, step)) return NextStep::found;
    if (e.scope == Scope::digits) cache.found_nothing(b, e.technique, q.digits);
    if (by_house) cache.houses_found_nothing(b, e.technique, e.scope, q.houses);
  }
  return NextStep::none;
}

// A full logical solve's outcome, on any geometry.
struct Outcome {
  bool solved = false, needs_trial = false, stopped = false, invalid = false;
  double rating = 0.0, score = 0.0;
  Grade tier = Grade::easy;
  double steps_rating = 0.0;       // the hardest step's, needs_trial or not
  Grade steps_tier = Grade::easy;  // the hardest step's, needs_trial or not
  int work = 0;                    // steps rated above a hidden single in a box
  std::array<int, kTechniqueCount> counts{};
  std::vector<LogicStep> steps;
  std::array<std::uint8_t, logic::TableView::kMaxCells> values{};
  std::array<std::uint16_t, logic::TableView::kMaxCells> candidates{};
};

template <class V>
Outcome run(const V& view, const Plan& plan, const std::uint8_t* values, const std::uint16_t* masks,
            const LogicOptions& opt) {
  Outcome r;
  Board<V> b;
  b.geo = view;
  if (!load(b, values, masks) || b.dead()) {
    r.invalid = true;
    std::copy(values, values + view.cells(), r.values.begin());
    return r;
  }
  LogicStep step;
  SearchCache<V> cache(view);
  int taken = 0, work = 0;
  while (b.unsolved > 0) {
    if (opt.max_steps > 0 && taken >= opt.max_steps) {
      r.stopped = true;
      break;
    }
    const NextStep next = find_next_step(b, plan, opt.max_tier, /*skip_singles=*/false, /*shortest=*/true,
                                         /*forcing=*/true, cache, step);
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
    r.tier = std::max(r.tier, plan.tier_of(step.technique));
    r.steps_rating = r.rating;
    r.steps_tier = r.tier;
    if (opt.record_steps) r.steps.push_back(step);
    if (b.broken || b.dead()) {
      r.invalid = true;
      break;
    }
  }
  r.solved = !r.invalid && b.unsolved == 0;
  r.work = work;
  r.score = r.invalid ? 0.0 : r.rating + std::min(0.099, 0.001 * work);
  std::copy(b.value.begin(), b.value.begin() + view.cells(), r.values.begin());
  std::copy(b.cand.begin(), b.cand.begin() + view.cells(), r.candidates.begin());
  return r;
}

// Whether every single is within `max_tier`: then check_on applies singles in bulk.
bool bulk_singles(const Plan& plan, Grade max_tier) {
  for (const PlanEntry& e : plan.order)
    if (e.single && e.tier > max_tier) return false;
  return true;
}

// The fast check within `max_tier` on a loaded board (`closed`: it holds its singles closure
// already): no steps kept, singles in bulk when every single is within the tier, higher tiers
// never tried, chains and forcing chains the first found. Also unsolved once a solve would take
// more than `max_forcing` forcing chains (< 0: no limit).
template <class V>
TierCheck check_on(Board<V>& b, const Plan& plan, Grade max_tier, int max_forcing, bool closed) {
  TierCheck r;
  const bool bulk = bulk_singles(plan, max_tier);
  // Whether the singles are all the tier allows (classic Easy; a killer's Easy has cage techniques).
  bool singles_only = true;
  for (const PlanEntry& e : plan.order)
    if (e.allowed && !e.single && e.tier <= max_tier) singles_only = false;
  LogicStep step;
  SearchCache<V> cache(b.geo);
  for (;; closed = false) {
    if (bulk && !closed && !logic::propagate_singles(b)) return {};
    if (b.unsolved == 0) break;
    if (bulk && singles_only) return {};
    // Singles were just exhausted by propagate_singles: start from the next technique.
    if (find_next_step(b, plan, max_tier, /*skip_singles=*/bulk, /*shortest=*/false, /*forcing=*/max_forcing != 0,
                       cache, step) != NextStep::found)
      return {};
    if (step.technique == Technique::forcing_chain && max_forcing > 0) --max_forcing;
    r.tier = std::max(r.tier, plan.tier_of(step.technique));
    apply(b, step);
    // No dead() check per step: a board without a completion can never reach unsolved == 0
    // (a cell without candidates is never filled), so it ends unsolved all the same, and on the
    // small grids, where singles go one at a time, the check cost more than the steps it saved.
    if (b.broken) return {};
  }
  r.solved = true;
  return r;
}

// The general path on a geometry: its tables read at run time, and its plan (a classic shape's
// is a constant; another geometry's is made from its rules).
struct General {
  TableView view;
  std::optional<Plan> own;
  const Plan* plan = nullptr;
  explicit General(const Geometry& g, const logic::CageTable* cages = nullptr) : view{&g.tables(), cages} {
    for (std::size_t i = 0; i < kAllShapes.size() && g.classic() && g.houses_only(); ++i)
      if (kAllShapes[i] == g.shape()) plan = &kClassicPlans[i];
    if (!plan) plan = &own.emplace(plan_for(g));
  }
};

// The fields a 9x9 and a general result share, from an outcome.
template <class Result>
void copy_outcome(const Outcome& o, Result& r) {
  r.solved = o.solved;
  r.needs_trial = o.needs_trial;
  r.stopped = o.stopped;
  r.invalid = o.invalid;
  r.rating = o.rating;
  r.score = o.score;
  r.tier = o.tier;
  r.counts = o.counts;
}

LogicResult9 to_result(const Outcome& o) {
  LogicResult9 r;
  copy_outcome(o, r);
  r.steps = o.steps;
  std::copy(o.values.begin(), o.values.begin() + kCells, r.final_grid.cells.begin());
  std::copy(o.candidates.begin(), o.candidates.begin() + kCells, r.final_candidates.begin());
  return r;
}

LogicResult to_general_result(Outcome&& o, Shape shape) {
  LogicResult r;
  copy_outcome(o, r);
  r.steps = std::move(o.steps);
  r.final_grid = Grid(shape);
  std::copy(o.values.begin(), o.values.begin() + shape.cells(), r.final_grid.cells.begin());
  r.final_candidates.assign(o.candidates.begin(), o.candidates.begin() + shape.cells());
  return r;
}

}  // namespace

LogicResult9 solve_logically(const Grid9& givens, const LogicOptions& options) {
  return to_result(run(Classic9{}, kPlan9, givens.cells.data(), nullptr, options));
}

LogicResult9 solve_logically(const Grid9& values, const CandidateMasks& masks, const LogicOptions& options) {
  return to_result(run(Classic9{}, kPlan9, values.cells.data(), masks.data(), options));
}

namespace {

// The singles closure of `givens` (see check_tier), in `values` and `masks`. Returns the answer
// when the closure decides it (clash, solved, or max_tier Easy), else nothing.
std::optional<TierCheck> closure_answer(const Grid9& givens, Grade max_tier, Grid9& values, CandidateMasks& masks) {
  // Cells must hold 0..9; clashing givens make singles_closure fail, as they make load fail.
  for (int c = 0; c < kCells; ++c)
    if (givens.cells[c] > 9) return TierCheck{};
  // First round on bitboards: the singles closure, which is all most boards need. The board
  // then starts from exactly the state its own singles propagation would have reached.
  if (!detail::singles_closure(givens, values, masks)) return TierCheck{};
  if (values.is_full()) return TierCheck{true, Grade::easy};
  if (max_tier == Grade::easy) return TierCheck{};
  return std::nullopt;
}

// check_tier from the singles closure of its board (values and masks), which left cells open.
// Depends on its arguments alone (no givens, no state kept between calls): TierMemo relies on it.
TierCheck check_tier_from_closure(const Grid9& values, const CandidateMasks& masks, Grade max_tier) {
  Board<Classic9> b;
  if (!load(b, values.cells.data(), masks.data())) return TierCheck{};
  // The board is loaded from a singles closure, so the first round of singles would find
  // nothing: it is skipped.
  return check_on(b, kPlan9, max_tier, -1, /*closed=*/true);
}

}  // namespace

TierCheck check_tier(const Grid9& givens, Grade max_tier) {
  Grid9 values;
  CandidateMasks masks;
  if (std::optional<TierCheck> decided = closure_answer(givens, max_tier, values, masks)) return *decided;
  return check_tier_from_closure(values, masks, max_tier);
}

TierCheck TierMemo::check(const Grid9& givens) {
  Grid9 values;
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

bool solvable_within(const Grid9& givens, Grade max_tier) { return check_tier(givens, max_tier).solved; }

// --- every shape ---

LogicResult solve_logically(const Grid& givens, const LogicOptions& options) {
  if (givens.shape == kShape9x9) {
    LogicResult r = to_general_result(run(Classic9{}, kPlan9, givens.cells.data(), nullptr, options), kShape9x9);
    return r;
  }
  return detail::solve_logically_unit_tables(givens, options);
}

LogicResult detail::solve_logically_unit_tables(const Grid& givens, const LogicOptions& options) {
  if (!is_supported(givens.shape)) {
    LogicResult r;
    r.invalid = true;
    r.final_grid = givens;
    return r;
  }
  const General general(classic_geometry(givens.shape));
  return to_general_result(run(general.view, *general.plan, givens.cells.data(), nullptr, options), givens.shape);
}

LogicResult solve_logically(const Grid& givens, const Geometry& geometry, const LogicOptions& options) {
  if (givens.shape != geometry.shape()) {
    LogicResult r;
    r.invalid = true;
    r.final_grid = givens;
    return r;
  }
  const General general(geometry);
  return to_general_result(run(general.view, *general.plan, givens.cells.data(), nullptr, options), givens.shape);
}

LogicResult solve_logically(const Grid& values, std::span<const std::uint16_t> masks, const Geometry& geometry,
                            const LogicOptions& options) {
  if (values.shape != geometry.shape() || masks.size() != static_cast<std::size_t>(values.cell_count())) {
    LogicResult r;
    r.invalid = true;
    r.final_grid = values;
    return r;
  }
  const General general(geometry);
  Outcome o = run(general.view, *general.plan, values.cells.data(), masks.data(), options);
  // A position stuck after some steps is graded by those steps (see logic.h).
  o.rating = o.steps_rating;
  o.tier = o.steps_tier;
  o.score = o.invalid ? 0.0 : o.rating + std::min(0.099, 0.001 * o.work);
  return to_general_result(std::move(o), values.shape);
}

bool solvable_within(const Grid& givens, Grade max_tier) {
  if (givens.shape == kShape9x9) {
    Grid9 grid;
    std::copy(givens.cells.begin(), givens.cells.begin() + kCells, grid.cells.begin());
    return solvable_within(grid, max_tier);
  }
  return detail::solvable_within_limited(givens, max_tier, -1);
}

bool detail::solvable_within_limited(const Grid& givens, Grade max_tier, int max_forcing_steps) {
  if (!is_supported(givens.shape)) return false;
  return solvable_within_geometry(givens, classic_geometry(givens.shape), max_tier, max_forcing_steps);
}

bool detail::solvable_within_geometry(const Grid& givens, const Geometry& geometry, Grade max_tier,
                                      int max_forcing_steps) {
  if (givens.shape != geometry.shape()) return false;
  const General general(geometry);
  Board<TableView> b;
  b.geo = general.view;
  // The singles closure is taken while loading, before the board is indexed (cheaper than
  // indexing every placement): the dig of every size but 9x9 spends most of its time here.
  const bool bulk = bulk_singles(*general.plan, max_tier);
  if (!load(b, givens.cells.data(), nullptr, /*closure=*/bulk)) return false;
  return check_on(b, *general.plan, max_tier, max_forcing_steps, /*closed=*/bulk).solved;
}

LogicResult logic::solve_logically_with_cages(const Grid& givens, const Geometry& geometry, const CageTable& cages,
                                              const LogicOptions& options) {
  const General general(geometry, &cages);
  return to_general_result(run(general.view, *general.plan, givens.cells.data(), nullptr, options), givens.shape);
}

TierCheck logic::check_tier_with_cages(const Grid& givens, const Geometry& geometry, const CageTable& cages,
                                       Grade max_tier) {
  const General general(geometry, &cages);
  Board<TableView> b;
  b.geo = general.view;
  if (!load(b, givens.cells.data(), nullptr)) return {};
  return check_on(b, *general.plan, max_tier, -1, /*closed=*/false);
}

bool technique_available(Shape shape, Technique technique) {
  return !technique_exclusion(classic_geometry(shape), technique).has_value();
}

std::string explain_step(const LogicStep& step, Shape shape) { return step.describe(classic_geometry(shape)); }

}  // namespace puzzlepress::engine
