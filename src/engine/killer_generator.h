// Generating killers (killer.h): pure cage puzzles, no givens, proven unique.
//
// From the seed (rng.h, Mulberry32; nothing else is random): a complete grid (random_fill of the
// shape), then a cage partition drawn over it: cells in a shuffled order each start a cage of a
// drawn size (kCageSizeWeights) that grows into random side-by-side free cells whose digit it
// does not hold yet; a cage left with one cell joins a neighbouring cage that lacks its digit
// (one of fewer than 6 cells if there is one, else of fewer than N); a lone cell no neighbour
// takes stays a cage of one (a given in all but name) until the puzzle is unique, and is then
// drawn again with the cages beside it (an adjustment) while adjustments are left. The puzzle is then solved
// under its cages alone (killer.h's solve, cap 2). While a second solution exists, a cell where it differs from the
// grid is picked: its cage is split in two connected halves when it has 4 cells or more, otherwise it and its
// neighbouring cages are drawn again. After max_adjustments such changes, or when a search passes its node budget, a
// new partition is drawn (the random stream goes on). Aimed at a tier (KillerOptions::grade), a unique partition is
// then brought to it by a local search: two side-by-side cages merge while the killer is too easy (a merge that
// leaves a second solution is undone), a cage of 4 cells or more splits while it is too hard (the solution stays
// the only one); after max_tier_steps, a new partition. The same options give the same puzzle on every platform.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/batch_progress.h"
#include "engine/grade.h"
#include "engine/killer.h"
#include "engine/logic.h"

namespace puzzlepress::engine {

/// Relative weights of the cage sizes 2, 3, 4 and 5 when a cage is started.
inline constexpr std::array<int, 4> kCageSizeWeights = {3, 4, 2, 1};

struct KillerOptions {
  Shape shape = kShape9x9;  ///< 6x6 or 9x9
  std::uint32_t seed = 0;
  /// Cage changes on one partition before a new partition is drawn.
  int max_adjustments = 60;
  /// Partitions drawn before giving up (the puzzle is then invalid).
  int max_partitions = 20;
  /// Nodes one uniqueness search may take (SolveOptions::node_budget); a search that runs out
  /// of them counts as a failed partition.
  std::uint64_t node_budget = 20000;
  /// The tier to aim for (killer_grade.h; Evil also takes the killers no technique finishes):
  /// a unique killer of another tier has cages merged or split toward it (see above); one that
  /// does not get there in max_tier_steps is dropped and a new partition drawn over the same
  /// grid. Nothing: the first unique killer, whatever its tier.
  std::optional<Grade> grade;
  /// Partitions drawn before giving up when aiming at a grade (instead of max_partitions).
  int max_graded_partitions = 400;
  /// Aiming at a grade: merges and splits of cages toward it on one unique partition before a
  /// new partition is drawn.
  int max_tier_steps = 30;
};

struct KillerPuzzle {
  Killer killer{};          ///< normalized (killer.h)
  Grid solution{};          ///< the one solution
  Grid givens{};            ///< empty: a pure killer
  bool valid = false;       ///< unique under its cages; false when no partition got there
  int partitions = 0;       ///< partitions drawn
  int adjustments = 0;      ///< cage changes made on the last one
  int tier_steps = 0;       ///< merges and splits toward the aimed grade on the last one
  std::uint64_t nodes = 0;  ///< search nodes of every uniqueness search made
  /// With KillerOptions::grade, on a valid puzzle: the grader's result (killer_grade.h's
  /// solve_logically, no steps kept), whose killer_tier is the grade. Otherwise default.
  LogicResult logic{};
};

/// The killer for `options`. A shape killer does not take gives an invalid puzzle, no cages.
KillerPuzzle generate_killer(const KillerOptions& options);

/// Generates every item on `jobs` workers (<= 0: one per hardware thread); result[i] is
/// generate_killer(items[i]) whatever `jobs` is. If a generation or the progress callback throws,
/// the other workers stop taking items and the first exception is rethrown here.
std::vector<KillerPuzzle> generate_killer_batch(std::span<const KillerOptions> items, int jobs,
                                                const BatchProgress& progress = {});

}  // namespace puzzlepress::engine
