// Sized logic solver: the technique grader for every shape. A 9x9 board goes to the 9x9 logic
// solver (logic_solver.h) unchanged; the other shapes are solved by the same techniques
// written over the shape's unit tables, tried in the same order (kTechniqueOrder: tier, then
// rating), with the same ratings and tiers.
//
// Techniques for the shapes other than 9x9 (each as defined in logic_solver.h, on N symbols):
//   Easy     full house, hidden single (box, line), naked single
//   Medium   pointing, naked pair
//   Hard     claiming, hidden pair/triple/quad, naked triple/quad
//   Extreme  X-wing, swordfish, jellyfish, skyscraper, two-string kite, turbot fish, XY-wing,
//            XYZ-wing, W-wing, unique rectangle (type 1), simple colouring, X-chain, XY-chain
//   Evil     alternating inference chains, forcing chains
// except on 4x4 and 6x6, whose tiers step down (see technique_tier(Shape, Technique)).
// A technique added to the Technique enum later is skipped here until it is written for sizes.
// Subsets and fish stop at four (quads, jellyfish) on every size, as on 9x9.
#pragma once

#include <array>
#include <vector>

#include "engine/logic_solver.h"
#include "engine/sized_grid.h"

namespace puzzlepress::engine {

/// LogicResult for any shape. Steps are LogicSteps whose cells and units use the shape's
/// numbering (cell = row * N + col; units 0..N-1 rows, N..2N-1 columns, 2N..3N-1 boxes) and
/// whose digits are symbol indices 1..N: explain them with explain_step(step, shape).
struct SizedLogicResult {
  bool solved = false;       ///< every cell filled
  bool needs_trial = false;  ///< no technique applies (before any max_tier/max_steps stop)
  bool stopped = false;      ///< ended early by max_tier or max_steps
  bool invalid = false;      ///< givens clash, hold values outside 0..N, an unsupported shape,
                             ///< or a contradiction appeared (a board with no solution)
  double rating = 0.0;       ///< hardest step's rating; kTrialRating when needs_trial
  double score = 0.0;        ///< rating + 0.001 per step rated above a hidden single in a box
  Grade tier = Grade::easy;  ///< tier of the hardest step; evil when needs_trial
  std::array<int, kTechniqueCount> counts{};  ///< steps per technique, indexed by enum value
  std::vector<LogicStep> steps;               ///< when record_steps
  SizedGrid final_grid;                       ///< givens plus every placement made

  int count(Technique t) const { return counts[static_cast<int>(t)]; }
};

/// Solves from the givens with all candidates open, never guessing (solve_logically's
/// contract, soundness notes included: unique_rectangle assumes a unique solution).
SizedLogicResult solve_logically_sized(const SizedGrid& givens, const LogicOptions& options = {});

/// True when the board is solved with techniques of tier <= max_tier only; the same answer as
/// `r.solved && r.tier <= max_tier` for r = solve_logically_sized(givens), found faster (no
/// steps kept, singles applied in bulk, higher tiers never tried). Invalid boards give false.
bool solvable_within_sized(const SizedGrid& givens, Grade max_tier);

/// The tier of a technique on `shape`: technique_tier(technique), except on the children's
/// sizes, where pointing and pairs are (almost) never needed (README "Sizes") and Medium starts
/// within the singles: on 4x4 only full house is Easy, on 6x6 full house and hidden single
/// (box); the other singles are Medium. The solver's order (kTechniqueOrder) stays increasing
/// in this tier on every shape.
Grade technique_tier(Shape shape, Technique technique);

/// True when the grader for `shape` knows `technique` (every technique of the list above; on
/// 9x9, every technique).
bool technique_available(Shape shape, Technique technique);

/// One line for a person, LogicStep::describe's format with the shape's names and symbols, e.g.
/// "r12c3 = B: hidden single (box) in box 10". For 9x9 exactly step.describe().
std::string explain_step(const LogicStep& step, Shape shape);

namespace detail {
/// solve_logically_sized without the 9x9 dispatch: the unit-table solver on any supported
/// shape, 9x9 included, so tests can hold it against the 9x9 solver.
SizedLogicResult solve_logically_unit_tables(const SizedGrid& givens, const LogicOptions& options = {});

/// The generator's check for the shapes other than 9x9: solvable_within_sized on the unit
/// tables (on 9x9 too, without the dispatch), and also false once the solve would take more than `max_forcing_steps` forcing-chain steps
/// (< 0: no limit). Counted on the path this check takes (chains and forcing chains take the
/// first conclusion met, not the shortest); a full solve may take a few more or fewer.
bool solvable_within_limited(const SizedGrid& givens, Grade max_tier, int max_forcing_steps);
}  // namespace detail

}  // namespace puzzlepress::engine
