// Grading samurai: the one grader (logic.h, logic_solver.h: each technique written once) run
// on the five 9x9 sub-grids in turn, each from the samurai's current values and pencil marks
// (solve_logically from a mid-solve position), its placements and eliminations carried back to
// the samurai, so what one grid finds in a shared box reaches its neighbour. No technique is
// written again for samurai, and none reasons across grids: the grids meet only through the
// shared boxes' cells.
//
// Soundness: a sub-grid with the samurai's current marks is a classic 9x9 position whose
// solutions include the samurai's solution restricted to it, and every technique that holds for
// every solution of a classic position removes no digit that solution uses. The techniques that
// assume the position has one solution (unique rectangles, BUG+1: technique_exclusion's
// `uniqueness` rule) do not hold: a sub-grid alone usually has many solutions, and a deadly
// pattern with a corner in a shared box is no deadly pattern of the samurai (swapping its digits
// breaks the neighbour grid). So the sub-grids are graded on the 9x9 geometry whose constraints
// are not all houses (killer_geometry(9x9) without cages), which leaves those 7 out.
//
// Order: tier by tier, the easiest first: every grid is run with techniques up to Easy until no
// grid progresses, then up to Medium, and so on; as soon as a grid progresses at a tier above
// Easy, the round starts again from Easy. The samurai's tier and rating are those of its hardest
// step; a samurai no grid progresses on is needs_trial (rating 10.0, tier Evil).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/grade.h"
#include "engine/logic_solver.h"
#include "engine/samurai.h"

namespace puzzlepress::engine {

/// One step of the grader: the grid (0..4) it was found in and the step, whose cells and units
/// use that grid's 9x9 numbering (cell = row * 9 + column; samurai_cell_of maps them).
struct SamuraiStep {
  int grid = 0;
  LogicStep step{};
};

/// solve_logically's result for a samurai (LogicResult's fields, the samurai's grid).
struct SamuraiLogicResult {
  bool solved = false;
  bool needs_trial = false;
  bool stopped = false;  ///< by max_tier (no grid progresses within it) or max_steps
  bool invalid = false;  ///< values outside 0..9, clashing givens, or a contradiction met
  double rating = 0.0;
  double score = 0.0;  ///< rating + 0.001 per step rated above a hidden single in a box (< 0.1)
  Grade tier = Grade::easy;
  std::array<int, kTechniqueCount> counts{};
  std::vector<SamuraiStep> steps{};  ///< when record_steps
  SamuraiGrid final_grid{};
  int grid_runs = 0;  ///< sub-grid solves made (a measure of the work)

  int count(Technique t) const { return counts[static_cast<int>(t)]; }
};

/// The geometry each sub-grid is graded on: 9x9's rows, columns and boxes, houses_only = false
/// (the uniqueness techniques left out; see the top of the file).
const Geometry& samurai_subgrid_geometry();

/// The grader on a samurai (see the top of the file). options.max_tier stops (stopped) when no
/// grid progresses within it; options.max_steps after that many steps at least (a grid's run
/// is not cut short).
SamuraiLogicResult solve_logically(const SamuraiGrid& givens, const LogicOptions& options = {});

/// The samurai's tier when the techniques solve it, else nothing.
std::optional<Grade> samurai_grade(const SamuraiGrid& givens);

/// True when the techniques of tier <= max_tier solve the samurai: the answer of
/// solve_logically(givens, {max_tier}).solved, found faster (the singles closure first, by the
/// samurai search's propagation).
bool samurai_solvable_within(const SamuraiGrid& givens, Grade max_tier);

/// "grid 2: r4c5 = 3: hidden single (box) in box 5" (the grid's own rows and columns).
std::string explain_samurai_step(const SamuraiStep& step);

}  // namespace puzzlepress::engine
