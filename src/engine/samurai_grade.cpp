// The samurai grader: see samurai_grade.h.
#include "engine/samurai_grade.h"

#include <algorithm>

#include "engine/killer.h"
#include "engine/logic.h"
#include "engine/samurai_figure.h"

namespace puzzlepress::engine {

namespace {
using detail::kSamuraiFigure;

constexpr std::uint16_t kAll = 0x1FF;

bool valid_givens(const SamuraiGrid& givens) {
  for (const std::uint8_t v : givens.cells)
    if (v > 9) return false;
  return !find_samurai_conflict(givens);
}

bool non_trivial(Technique t) { return technique_rating(t) > technique_rating(Technique::hidden_single_box); }

}  // namespace

const Geometry& samurai_subgrid_geometry() { return killer_geometry(kShape9x9); }

SamuraiLogicResult solve_logically(const SamuraiGrid& givens, const LogicOptions& options) {
  SamuraiLogicResult out;
  out.final_grid = givens;
  if (!valid_givens(givens)) {
    out.invalid = true;
    return out;
  }
  std::array<std::uint16_t, kSamuraiCells> cand{};
  for (int c = 0; c < kSamuraiCells; ++c) cand[c] = givens.cells[c] ? 0 : kAll;
  SamuraiGrid& values = out.final_grid;
  const Grade cap = options.max_tier.value_or(Grade::evil);
  const Geometry& geometry = samurai_subgrid_geometry();
  int taken = 0, work = 0;
  std::vector<std::uint16_t> masks(81);
  for (;;) {
    bool progress = false;
    for (int t = 0; t <= static_cast<int>(cap) && !progress; ++t) {
      for (int k = 0; k < kSamuraiGrids; ++k) {
        const auto& cells = kSamuraiFigure.grid_cells[k];
        Grid sub(kShape9x9);
        bool open = false;
        for (int i = 0; i < 81; ++i) {
          sub.cells[i] = values.cells[cells[i]];
          masks[i] = cand[cells[i]];
          open = open || sub.cells[i] == 0;
        }
        if (!open) continue;
        LogicOptions run;
        run.max_tier = static_cast<Grade>(t);
        run.record_steps = options.record_steps;
        if (options.max_steps > 0) run.max_steps = std::max(1, options.max_steps - taken);
        const LogicResult r = solve_logically(sub, masks, geometry, run);
        ++out.grid_runs;
        if (r.invalid) {
          out.invalid = true;
          return out;
        }
        int steps = 0;
        for (int i = 0; i < kTechniqueCount; ++i) {
          steps += r.counts[i];
          out.counts[i] += r.counts[i];
          if (non_trivial(static_cast<Technique>(i))) work += r.counts[i];
        }
        if (steps == 0) continue;
        progress = true;
        taken += steps;
        out.rating = std::max(out.rating, r.rating);
        out.tier = std::max(out.tier, r.tier);
        for (const LogicStep& s : r.steps) out.steps.push_back({k, s});
        for (int i = 0; i < 81; ++i) {
          const int c = cells[i];
          if (values.cells[c]) continue;
          values.cells[c] = r.final_grid.cells[i];
          cand[c] = values.cells[c] ? 0 : static_cast<std::uint16_t>(cand[c] & r.final_candidates[i]);
        }
        if (options.max_steps > 0 && taken >= options.max_steps) break;
      }
      if (options.max_steps > 0 && taken >= options.max_steps) break;
    }
    const bool full = values.clue_count() == kSamuraiCells;
    if (full) {
      // Every grid's run checks its own houses; the last placements are checked here.
      out.invalid = find_samurai_conflict(values).has_value();
      out.solved = !out.invalid;
      break;
    }
    if (options.max_steps > 0 && taken >= options.max_steps) {
      out.stopped = true;
      break;
    }
    if (!progress) {
      if (cap < Grade::evil) {
        out.stopped = true;
      } else {
        out.needs_trial = true;
        out.rating = kTrialRating;
        out.tier = Grade::evil;
      }
      break;
    }
  }
  out.score = out.invalid ? 0.0 : out.rating + std::min(0.099, 0.001 * work);
  return out;
}

std::optional<Grade> samurai_grade(const SamuraiGrid& givens) {
  const SamuraiLogicResult r = solve_logically(givens);
  if (!r.solved) return std::nullopt;
  return r.tier;
}

bool samurai_solvable_within(const SamuraiGrid& givens, Grade max_tier) {
  if (!valid_givens(givens)) return false;
  // Singles are Easy techniques and sound: their closure is where every solve gets to first.
  const std::optional<SamuraiGrid> closure = detail::samurai_singles(givens);
  if (!closure) return false;
  if (closure->clue_count() == kSamuraiCells) return true;
  if (max_tier == Grade::easy) return false;
  LogicOptions options;
  options.max_tier = max_tier;
  return solve_logically(*closure, options).solved;
}

std::string explain_samurai_step(const SamuraiStep& step) {
  return "grid " + std::to_string(step.grid + 1) + ": " + step.step.describe(samurai_subgrid_geometry());
}

}  // namespace puzzlepress::engine
