#include "engine/hint.h"

#include "engine/band_search.h"
#include "engine/killer_grade.h"
#include "engine/geometry.h"
#include "engine/logic_solver.h"
#include "engine/parallel.h"
#include "engine/logic.h"

namespace puzzlepress::engine {
namespace {

// The hint's step, but its text (worded per shape by the caller).
void take_step(Hint& hint, const LogicStep& step) {
  hint.technique = step.technique;
  hint.technique_name = std::string(technique_name(step.technique));
  hint.unit = step.unit;
  hint.cells = step.cells;
  hint.digits = step.digits;
  hint.placements = step.placements;
  hint.eliminations = step.eliminations;
  hint.units = step.units;
  hint.extra_cells = step.extra_cells;
  hint.sum = step.sum;
  hint.combinations = step.combinations;
}

}  // namespace

Hint first_hint(const Grid9& givens) {
  Hint hint;
  for (int c = 0; c < kCells; ++c)
    if (givens.cells[c] > 9) {
      hint.text = "not a valid puzzle";
      return hint;
    }
  Grid9 values;
  CandidateMasks masks;
  if (!detail::singles_closure(givens, values, masks)) {
    hint.text = "not a valid puzzle";
    return hint;
  }
  hint.values.assign(values.cells.begin(), values.cells.end());
  if (values.is_full()) {
    hint.singles_only = true;
    hint.text = "singles only";
    return hint;
  }
  LogicOptions options;
  options.record_steps = true;
  options.max_steps = 1;
  const LogicResult9 r = solve_logically(values, masks, options);
  if (r.invalid || r.steps.empty()) {
    hint.needs_trial = !r.invalid;
    hint.text = r.invalid ? "not a valid puzzle" : "no logical step applies after the singles";
    return hint;
  }
  const LogicStep& step = r.steps[0];
  take_step(hint, step);
  hint.text = step.describe();
  return hint;
}

namespace {
bool is_single(Technique t) {
  return t == Technique::full_house || t == Technique::hidden_single_box || t == Technique::hidden_single_line ||
         t == Technique::naked_single;
}

// The hint from a full logical solve `r` of `givens` on `geometry`. The full solve takes every
// single before any other technique (kTechniqueOrder), so its first step that is not a single
// is the step after the singles closure. With `beyond_cage_combinations` (a killer) cage
// combinations count as singles do: the hint is the first step beyond both, taken at the
// position they reach; when none comes (they finish the puzzle, or trial is needed), the first
// cage combination, at its own position.
Hint hint_from_solve(const LogicResult& r, const Grid& givens, const Geometry& geometry,
                     bool beyond_cage_combinations = false) {
  Hint hint;
  if (r.invalid) {
    hint.text = "not a valid puzzle";
    return hint;
  }
  hint.values.assign(givens.cells.begin(), givens.cells.begin() + givens.cell_count());
  const LogicStep* first_combination = nullptr;
  std::vector<int> values_at_combination;
  for (const LogicStep& step : r.steps) {
    if (is_single(step.technique)) {
      for (const CellDigit& p : step.placements) hint.values[static_cast<std::size_t>(p.cell)] = p.digit;
      continue;
    }
    if (beyond_cage_combinations && step.technique == Technique::cage_combination) {
      if (!first_combination) {
        first_combination = &step;
        values_at_combination = hint.values;
      }
      continue;
    }
    take_step(hint, step);
    hint.text = step.describe(geometry);
    return hint;
  }
  if (first_combination) {
    hint.values = std::move(values_at_combination);
    take_step(hint, *first_combination);
    hint.text = first_combination->describe(geometry);
    return hint;
  }
  hint.singles_only = r.solved;
  hint.needs_trial = !r.solved;
  hint.text = r.solved ? "singles only" : "no logical step applies after the singles";
  return hint;
}

LogicOptions recording() {
  LogicOptions options;
  options.record_steps = true;
  return options;
}

}  // namespace

Hint first_hint(const Grid& givens) {
  if (givens.shape == kShape9x9) {
    Grid9 grid;
    for (int c = 0; c < kCells; ++c) grid.cells[c] = static_cast<std::uint8_t>(givens.cells[c]);
    return first_hint(grid);
  }
  return hint_from_solve(solve_logically(givens, recording()), givens, classic_geometry(givens.shape));
}

Hint first_hint(const Grid& givens, const Geometry& geometry) {
  if (geometry.classic()) return first_hint(givens);
  return hint_from_solve(solve_logically(givens, geometry, recording()), givens, geometry);
}

Hint first_hint(const Killer& killer, const Grid& givens) {
  return hint_from_solve(solve_logically(killer, givens, recording()), givens, killer_geometry(killer.shape), true);
}

std::vector<Hint> first_hints(std::span<const Grid> boards, int jobs) {
  std::vector<Hint> hints(boards.size());
  for_each_index_parallel(boards.size(), jobs, {}, [&](std::size_t i) { hints[i] = first_hint(boards[i]); });
  return hints;
}

std::vector<Hint> first_hints(std::span<const Killer> killers, std::span<const Grid> givens, int jobs) {
  std::vector<Hint> hints(killers.size());
  for_each_index_parallel(killers.size(), jobs, {},
                          [&](std::size_t i) { hints[i] = first_hint(killers[i], givens[i]); });
  return hints;
}

}  // namespace puzzlepress::engine
