// The dig over a geometry's houses (engine-internal): what the classic shapes other than 9x9
// (generator.cpp) and every variant (variant_generator.cpp) make puzzles with. 9x9 has its own
// dig on bitboards (dig.h).
//
// A complete solution is emptied one cell (and its symmetric partner) at a time, over a
// shuffled cell order, while the board keeps one solution (geometry_differs) and, with
// techniques grading, while the grader on the geometry solves it within the grade's tier. The
// generation loop draws solutions and digs each a few times, keeping the dig closest to the
// band's target.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "engine/generator.h"
#include "engine/geometry.h"
#include "engine/search.h"

namespace puzzlepress::engine::detail {

/// The puzzle of `options` before anything is made: its shape, seed, grade, symmetry and
/// grading, empty grids, invalid, no solution tried.
Puzzle unmade_puzzle(const GenerateOptions& options);

/// What differs between the digs that share this code.
struct DigRules {
  const Geometry& geometry;
  /// The uniqueness search's propagation (see search.h).
  Propagation propagation = Propagation::singles;
  /// Forcing-chain steps the logic check of a removal allows (< 0: no limit; see
  /// max_forcing_steps in generator.h). Also the check of a clue-graded dig without allow_trial.
  int max_forcing_steps = -1;
  /// Keep the last 32 other completions the uniqueness search found: a removal whose board one
  /// of them completes is refused without a search (the answer is the same; only the time
  /// differs).
  bool remember_completions = false;
};

struct DigResult {
  Grid givens;
  int clues = 0;
  bool needs_tier = false;  ///< with a tier: the result needs it (and nothing harder)
};

/// One greedy dig of `solution` over a shuffled cell order, removing each cell with its
/// partner while the board stays unique, never below the band's floor.
///   Without a tier (clue grading) the dig stops at the target.
///   With a tier, a removal also stays only while the techniques up to the tier solve the board
///   (with at most rules.max_forcing_steps forcing chains; for Evil with allow_trial: always);
///   once at or under the target the dig stops as soon as the board needs the tier, and it may
///   go below the target (never the floor) to get there.
/// `checks` counts the uniqueness questions.
DigResult dig(const DigRules& rules, const Grid& solution, ClueBand band, Symmetry symmetry, std::optional<Grade> tier,
              bool allow_trial, Mulberry32& rng, std::uint64_t& checks);

/// The next complete solution to dig (`index` 0, 1, …), or nullopt when none can be had.
using NextSolution = std::function<std::optional<Grid>(int index)>;

/// The generation loop: up to options.max_solutions solutions from `next_solution`, each dug
/// up to options.attempts times, until a dig reaches the band's target. A dig counts when it
/// needs the tier (techniques grading), or (clue grading) ends within the band and, without
/// allow_trial, is solvable within Evil (with rules.max_forcing_steps). Returns the counting
/// dig closest to the target (the first among equals), nullopt when none counts. Sets
/// puzzle.solution (the last one drawn), solutions_tried and digs; adds to `checks`.
std::optional<DigResult> best_dig(const DigRules& rules, const GenerateOptions& options, ClueBand band,
                                  const NextSolution& next_solution, Puzzle& puzzle, Mulberry32& rng,
                                  std::uint64_t& checks);

}  // namespace puzzlepress::engine::detail
