#include "engine/hint.h"

#include "engine/band_search.h"
#include "engine/logic_solver.h"

namespace puzzlepress::engine {

Hint first_hint(const Grid& givens) {
  Hint hint;
  for (int c = 0; c < kCells; ++c)
    if (givens.cells[c] > 9) {
      hint.text = "not a valid puzzle";
      return hint;
    }
  Grid values;
  CandidateMasks masks;
  if (!detail::singles_closure(givens, values, masks)) {
    hint.text = "not a valid puzzle";
    return hint;
  }
  if (values.is_full()) {
    hint.singles_only = true;
    hint.text = "singles only";
    return hint;
  }
  LogicOptions options;
  options.record_steps = true;
  options.max_steps = 1;
  const LogicResult r = solve_logically(values, masks, options);
  if (r.invalid || r.steps.empty()) {
    hint.needs_trial = !r.invalid;
    hint.text = r.invalid ? "not a valid puzzle" : "no logical step applies after the singles";
    return hint;
  }
  const LogicStep& step = r.steps[0];
  hint.technique = step.technique;
  hint.technique_name = std::string(technique_name(step.technique));
  hint.unit = step.unit;
  hint.cells = step.cells;
  hint.digits = step.digits;
  hint.placements = step.placements;
  hint.eliminations = step.eliminations;
  hint.text = step.describe();
  return hint;
}

}  // namespace puzzlepress::engine
