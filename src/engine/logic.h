// The grader for every shape: the one engine of logic_solver.h (each technique written once,
// over houses; techniques.def) on the shape's geometry, tried in the same order
// (kTechniqueOrder: tier, then rating), with the same ratings and tiers. A 9x9 board takes the
// classic fast path (the 9x9 tables as compile-time constants); the other shapes read their
// tables at run time (logic_board.h). On 4x4 and 6x6 the singles' tiers step down
// (technique_tier(Shape, Technique)); a technique whose rule leaves it out on a geometry is not
// tried there (technique_exclusion).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/geometry.h"
#include "engine/logic_solver.h"
#include "engine/grid.h"

namespace puzzlepress::engine {

/// LogicResult9 for any shape. Steps are LogicSteps whose cells and units use the shape's
/// numbering (cell = row * N + col; units 0..N-1 rows, N..2N-1 columns, 2N..3N-1 boxes) and
/// whose digits are symbol indices 1..N: explain them with explain_step(step, shape).
struct LogicResult {
  bool solved = false;                            ///< every cell filled
  bool needs_trial = false;                       ///< no technique applies (before any max_tier/max_steps stop)
  bool stopped = false;                           ///< ended early by max_tier or max_steps
  bool invalid = false;                           ///< givens clash, hold values outside 0..N, an unsupported shape,
                                                  ///< or a contradiction appeared (a board with no solution)
  double rating = 0.0;                            ///< hardest step's rating; kTrialRating when needs_trial
  double score = 0.0;                             ///< rating + 0.001 per step rated above a hidden single in a box
  Grade tier = Grade::easy;                       ///< tier of the hardest step; evil when needs_trial
  std::array<int, kTechniqueCount> counts{};      ///< steps per technique, indexed by enum value
  std::vector<LogicStep> steps;                   ///< when record_steps
  Grid final_grid;                                ///< givens plus every placement made
  std::vector<std::uint16_t> final_candidates{};  ///< pencil marks at the end (bit v-1), 0 for filled cells

  int count(Technique t) const { return counts[static_cast<int>(t)]; }
};

/// Solves from the givens with all candidates open, never guessing (solve_logically's
/// contract, soundness notes included: the uniqueness techniques assume a unique solution).
LogicResult solve_logically(const Grid& givens, const LogicOptions& options = {});

/// The grader on any geometry (geometry.h): a classic shape's, or one built from data (irregular
/// regions, diagonals, windows). `givens` has the geometry's shape; techniques whose rules leave
/// them out on the geometry are not tried. Invalid (as above) when the shapes differ.
LogicResult solve_logically(const Grid& givens, const Geometry& geometry, const LogicOptions& options = {});

/// The grader on `geometry` from a mid-solve position, as solve_logically(Grid9, CandidateMasks)
/// for 9x9: filled cells of `values` are placed; each empty cell starts with masks[cell] (bit v-1
/// for symbol v) minus what its filled peers hold. Invalid (as above) when the shapes differ or
/// masks does not hold one mask per cell. rating and tier are those of the steps taken even when
/// the solve ends needs_trial (a position stuck inside one grid of a samurai may be finished by
/// its neighbours), and score is that rating plus its tie-break. The samurai grader (samurai_grade.h) runs it on one
/// sub-grid at a time, carrying final_grid and final_candidates to the next.
LogicResult solve_logically(const Grid& values, std::span<const std::uint16_t> masks, const Geometry& geometry,
                            const LogicOptions& options = {});

/// True when the board is solved with techniques of tier <= max_tier only; the same answer as
/// `r.solved && r.tier <= max_tier` for r = solve_logically(givens), found faster (no
/// steps kept, singles applied in bulk, higher tiers never tried). Invalid boards give false.
bool solvable_within(const Grid& givens, Grade max_tier);

/// True when the grader uses `technique` on `shape` (no rule leaves it out there).
bool technique_available(Shape shape, Technique technique);

/// The step in words with the shape's names and symbols: step.describe(classic_geometry(shape)),
/// e.g. "r12c3 = B: hidden single (box) in box 10".
std::string explain_step(const LogicStep& step, Shape shape);

namespace detail {
/// solve_logically without the 9x9 fast path: the grader reading the shape's tables at run
/// time (as variants will), 9x9 included, so tests can hold it against the fast path.
LogicResult solve_logically_unit_tables(const Grid& givens, const LogicOptions& options = {});

/// The generator's check for the shapes other than 9x9: solvable_within on the unit
/// tables (on 9x9 too, without the dispatch), and also false once the solve would take more than `max_forcing_steps`
/// forcing-chain steps
/// (< 0: no limit). Counted on the path this check takes (chains and forcing chains take the
/// first conclusion met, not the shortest); a full solve may take a few more or fewer.
bool solvable_within_limited(const Grid& givens, Grade max_tier, int max_forcing_steps);

/// solvable_within_limited on any geometry (variants: variant.h), `givens` of its shape (false
/// when the shapes differ).
bool solvable_within_geometry(const Grid& givens, const Geometry& geometry, Grade max_tier, int max_forcing_steps);
}  // namespace detail

}  // namespace puzzlepress::engine
