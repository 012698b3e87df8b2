// Logic solver: solves a board the way a person would, with named techniques on pencil marks,
// and grades it by the hardest technique it needed: a rating on an SE-like scale (Sudoku
// Explainer 1.2.1's values where SE has the technique, see technique.h) and one of five tiers.
// Pure computation: no I/O, no globals; every function is re-entrant.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/grade.h"
#include "engine/grid9.h"
#include "engine/technique.h"

namespace puzzlepress::engine {

struct LogicOptions {
  /// Keep every step in LogicResult9::steps (otherwise only counts are kept; faster).
  bool record_steps = false;
  /// Stop (LogicResult9::stopped) as soon as the next step would need a technique of a
  /// higher tier than this.
  std::optional<Grade> max_tier;
  /// Stop (LogicResult9::stopped) after this many steps; 0 = no limit. 1 gives a hint.
  int max_steps = 0;
};

struct LogicResult9 {
  bool solved = false;       ///< every cell filled
  bool needs_trial = false;  ///< no technique applies (before any max_tier/max_steps stop)
  bool stopped = false;      ///< ended early by max_tier or max_steps
  bool invalid = false;      ///< givens clash or hold values outside 0..9, or a contradiction
                             ///< appeared (a board with no solution); then solved,
                             ///< needs_trial and stopped are false and the rest is partial
  double rating = 0.0;       ///< hardest step's rating; kTrialRating when needs_trial
  /// rating plus a tie-break below 0.1 for sorting boards of equal rating by the work they
  /// take: + 0.001 per step rated above a hidden single in a box (at most 0.099). Tracks human
  /// solving time better than the rating alone (Cloud Sudoku data: Spearman 0.72 vs 0.67).
  double score = 0.0;
  Grade tier = Grade::easy;                   ///< tier of the hardest step; evil when needs_trial
  std::array<int, kTechniqueCount> counts{};  ///< steps per technique, indexed by enum value
  std::vector<LogicStep> steps;               ///< when record_steps
  Grid9 final_grid;                           ///< givens plus every placement made
  /// Pencil marks at the end (bit d-1 for digit d; 0 for filled cells).
  std::array<std::uint16_t, kCells> final_candidates{};

  int count(Technique t) const { return counts[static_cast<int>(t)]; }
};

/// Pencil marks: bit (d-1) set when digit d is still possible in the cell.
using CandidateMasks = std::array<std::uint16_t, kCells>;

/// Solves from the givens with all candidates open. Never guesses.
///
/// Soundness: every technique except those that assume uniqueness (assumes_uniqueness: unique
/// rectangles, BUG+1) holds for every solution of the board, so on a board with several
/// solutions the solver never removes a digit that some solution uses; it usually ends with
/// needs_trial. The uniqueness techniques may remove digits of some solutions of such a board
/// (never of all), and the solver may then reach one of the solutions. A board with no
/// solution may end invalid (a contradiction was met) or with needs_trial.
LogicResult9 solve_logically(const Grid9& givens, const LogicOptions& options = {});

/// Same from a mid-solve position: filled cells of `values` are placed; each empty cell starts
/// with masks[cell], minus the digits its filled peers hold. Used for hints and tests.
LogicResult9 solve_logically(const Grid9& values, const CandidateMasks& masks, const LogicOptions& options = {});

/// The answer of check_tier.
struct TierCheck {
  bool solved = false;       ///< solved with techniques of tier <= max_tier only
  Grade tier = Grade::easy;  ///< when solved: the board's tier (that of its hardest step)
};

/// Solves with the techniques of tier <= max_tier only, as fast as it can: no steps, no
/// strings, singles applied in bulk, higher tiers never tried, and chains and forcing chains
/// take the first instance found rather than the shortest. Gives the same tier as
/// solve_logically(givens) when that is <= max_tier: both reach the closure of the board under
/// the allowed techniques, whatever instance each step takes (checked on the shared data sets).
/// Invalid boards give solved == false.
/// Cost (one core, -O2): microseconds when singles solve it, ~0.1-1 ms for Hard and Extreme,
/// a few ms for Evil.
TierCheck check_tier(const Grid9& givens, Grade max_tier);

/// check_tier(givens, max_tier).solved.
bool solvable_within(const Grid9& givens, Grade max_tier);

/// check_tier for one max_tier with a memory of its last answers. check_tier's techniques start
/// from the board's singles closure (the values and candidates singles reach) and see nothing
/// else, so two boards with the same closure get the same answer: a board whose closure is
/// remembered is answered without the techniques. A dig's removals and a walk's swaps often
/// leave the closure as it was (the cells they empty come back as singles), a fifth to a quarter
/// of the Hard and Extreme checks; an Evil round whose climb found no swap leaves the board as
/// it was. Answers are check_tier's exactly. Holds state: one per dig, not shared between
/// threads.
class TierMemo {
 public:
  explicit TierMemo(Grade max_tier) : max_tier_(max_tier) {}
  TierCheck check(const Grid9& givens);
  Grade max_tier() const { return max_tier_; }
  /// Answers given from memory so far (for tests and measurements).
  long hits() const { return hits_; }

 private:
  struct Answer {
    Grid9 values;
    CandidateMasks masks;
    TierCheck check;
  };
  // The oldest is replaced first. A dig's repeats come within a few checks of each other: with
  // 64 answers the Hard digs of `generate --count 200 --seed 42` found 1,068 in memory against
  // 1,066 with 16 and 938 with 4 (Extreme: 255 with each).
  static constexpr std::size_t kRemembered = 16;
  Grade max_tier_;
  std::array<Answer, kRemembered> answers_{};
  std::size_t added_ = 0;  // answers computed so far; answer k is in answers_[k % kRemembered]
  long hits_ = 0;
};

}  // namespace puzzlepress::engine
