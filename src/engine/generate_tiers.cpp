// Technique-graded generation: a puzzle of grade G needs G's techniques, none harder, and never
// trial (unless allowed).
//
// Easy to Extreme: one dig per attempt in a shuffled cell order. A removal stays when the board
// keeps one solution and remains solvable within the grade's tier; the board's tier is known
// after every removal (a removal whose cells are singles of the remaining givens leaves it as it
// was, with no solve at all). The dig stops at the target once the board needs the tier.
//
// Evil: random digs rarely need Evil techniques (about 1 in 20) and seldom reach 24 clues, so a
// dig for Evil differs: a balanced dig (dig_balanced) down to a minimal board; a random walk of
// swaps, a given pair for an empty one whenever the board stays unique, each followed by a few
// removal tries, down to the target; then a climb, swaps that keep the board unique and leave no
// fewer cells open after singles (a cheap measure of how hard a board is). Only a board that
// beats the best so far and whose singles leave enough cells open is graded: not solvable
// within Extreme, and (unless trial is allowed) solved by the Evil tier; that full solve then
// rates the puzzle.
#include "engine/generate_tiers.h"

#include <array>
#include <cstdlib>
#include <numeric>
#include <optional>

#include "engine/band_search.h"
#include "engine/dig.h"
#include "engine/solver.h"
#include "engine/units.h"

namespace puzzlepress::engine::detail {

namespace {

struct Candidate {
  Grid givens;
  Grid solution;
  int clues = 0;
  std::optional<LogicResult> logic;  ///< the full solve, when the dig made it
};

std::array<int, kCells> shuffled_cells(Mulberry32& rng) {
  std::array<int, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  return order;
}

// Moves of the walk that follows a dig which ended below its tier, and removal tries after
// each swap the walk keeps.
constexpr int kWalkMoves = 600;
constexpr int kWalkRemovals = 4;

// The walk after a dig that ended on a board easier than `tier` (its tier is `now`): random
// swaps, a given cell (and partner) for an empty one, kept when the board stays unique,
// solvable within `tier` and no easier than before, each followed by a few removal tries under
// the same rule. Ends as soon as the board needs `tier` at or under the target. A swap asks one
// uniqueness question where a new dig asks about forty: the walk reuses the dig's work.
void walk_for_tier(Dig& dig, ClueBand band, Grade tier, Grade& now, Mulberry32& rng, std::uint64_t& checks) {
  for (int i = 0; i < kWalkMoves && !(now == tier && dig.clues() <= band.target); ++i) {
    const int take = static_cast<int>(rng.below(kCells)), put = static_cast<int>(rng.below(kCells));
    if (!dig.givens().cells[take] || dig.givens().cells[put]) continue;
    if ((dig.partner(take) == take) != (dig.partner(put) == put)) continue;  // keep the count
    if (!dig.try_swap(take, put, checks)) continue;
    const TierCheck swapped = check_tier(dig.givens(), tier);
    if (!swapped.solved || swapped.tier < now) {
      dig.undo_swap(take, put);
      continue;
    }
    now = swapped.tier;
    for (int k = 0; k < kWalkRemovals && !(now == tier && dig.clues() <= band.target); ++k) {
      const int cell = static_cast<int>(rng.below(kCells));
      const int removing = dig.removing(cell);
      if (!removing || dig.clues() - removing < band.min) continue;
      if (dig.try_remove(cell, checks) == Dig::Removed::no) continue;
      const TierCheck removed = check_tier(dig.givens(), tier);
      if (!removed.solved || removed.tier < now) {
        dig.undo_remove();
        continue;
      }
      now = removed.tier;
    }
  }
}

// One dig for `tier` (Medium, Hard or Extreme): the given cells in a shuffled order, each
// removed while the board stays unique and solvable within `tier` (never below the band's
// floor), until it needs the tier at or under the target.
std::optional<Candidate> dig_for_tier(const Grid& solution, ClueBand band, Symmetry symmetry, Grade tier,
                                      Mulberry32& rng, std::uint64_t& checks) {
  Dig dig(solution, symmetry);
  Grade now = Grade::easy;  // the board's tier
  for (int cell : shuffled_cells(rng)) {
    if (now == tier && dig.clues() <= band.target) break;
    const int removing = dig.removing(cell);
    if (!removing || dig.clues() - removing < band.min) continue;
    // A removal whose cells are singles of the remaining givens changes nothing: the board
    // stays unique, with the same tier. Otherwise it must stay unique and solvable within the
    // tier.
    const Dig::Removed removed = dig.try_remove(cell, checks);
    if (removed != Dig::Removed::yes) continue;
    const TierCheck check = check_tier(dig.givens(), tier);
    if (!check.solved) {
      dig.undo_remove();
      continue;
    }
    now = check.tier;
  }
  // The walk pays for Medium and Hard, whose boards are rare among digs (1 in 27 and 1 in 60)
  // and cheap to grade; Extreme is common (1 in 8) and its grading is not cheap.
  if (now != tier && tier < Grade::extreme) walk_for_tier(dig, band, tier, now, rng, checks);
  if (now != tier || dig.clues() > band.max) return std::nullopt;
  return Candidate{dig.givens(), solution, dig.clues(), std::nullopt};
}

// Cells the singles closure of `givens` leaves empty (81 when it clashes: as bad as it gets).
int singles_stall(const Grid& givens) {
  Grid values;
  std::array<std::uint16_t, kCells> masks;
  if (!singles_closure(givens, values, masks)) return kCells;
  return kCells - values.clue_count();
}

// Evil digs per complete solution.
constexpr int kEvilDigsPerSolution = 2;

// Moves per Evil dig, removal tries after a swap, and the singles stall below which a board
// is not worth grading.
constexpr int kEvilMoves = 150;
constexpr int kEvilRemovalsAfterSwap = 8;
constexpr int kEvilStall = 30;

// A dig that reaches low clue counts: it removes, among the pairs that keep the board unique,
// the one in the most crowded units with the most common digit (ties in `order`), down to
// `floor` clues. Low-clue puzzles spread their clues evenly; a random order leaves clusters
// that make the board minimal early (at ~27 clues with rotational symmetry; this reaches 24
// about five times as often). A pair that cannot go now never can (fewer givens never make
// a board unique again), so each pair is asked about at most once.
void dig_balanced(Dig& dig, int floor, const std::array<int, kCells>& order, std::uint64_t& checks) {
  std::array<bool, kCells> stuck{};
  for (;;) {
    std::array<int, 27> unit_clues{};
    std::array<int, 10> digit_clues{};
    const Grid& g = dig.givens();
    for (int c = 0; c < kCells; ++c)
      if (g.cells[c]) {
        for (int u : kCellUnits[c]) ++unit_clues[u];
        ++digit_clues[g.cells[c]];
      }
    int best = -1, best_score = -1;
    for (int c : order) {
      if (!g.cells[c] || stuck[c] || dig.clues() - dig.removing(c) < floor) continue;
      int score = 0;
      for (int x : {c, dig.partner(c)}) {
        if (!g.cells[x]) continue;
        for (int u : kCellUnits[x]) score += unit_clues[u];
        score += 2 * digit_clues[g.cells[x]];
      }
      if (score > best_score) best = c, best_score = score;
    }
    if (best < 0) return;
    if (dig.try_remove(best, checks) == Dig::Removed::no) stuck[best] = stuck[dig.partner(best)] = true;
  }
}

// `beat`: the candidate must have fewer clues than this (the best so far), or it is not graded.
std::optional<Candidate> dig_evil(const Grid& solution, ClueBand band, Symmetry symmetry, bool allow_trial,
                                  int beat, Mulberry32& rng, std::uint64_t& checks) {
  Dig dig(solution, symmetry);
  const auto order = shuffled_cells(rng);
  dig_balanced(dig, band.min, order, checks);
  // Random moves, each asking at most one uniqueness question. Above the target: swaps that
  // keep the board unique, each followed by a few removal tries (a swap may free a clue). At
  // the target: the climb, swaps that keep the singles stall.
  int stall = -1;
  for (int i = 0; i < kEvilMoves; ++i) {
    const int take = static_cast<int>(rng.below(kCells)), put = static_cast<int>(rng.below(kCells));
    if (!dig.givens().cells[take] || dig.givens().cells[put]) continue;
    if ((dig.partner(take) == take) != (dig.partner(put) == put)) continue;  // keep the count
    if (dig.clues() > band.target) {
      if (!dig.try_swap(take, put, checks)) continue;
      for (int k = 0; k < kEvilRemovalsAfterSwap && dig.clues() > band.target; ++k) {
        const int cell = static_cast<int>(rng.below(kCells));
        const int removing = dig.removing(cell);
        if (removing && dig.clues() - removing >= band.min) dig.try_remove(cell, checks);
      }
      continue;
    }
    if (stall < 0) stall = singles_stall(dig.givens());
    Grid swapped = dig.givens();
    swapped.cells[put] = solution.cells[put];
    swapped.cells[dig.partner(put)] = solution.cells[dig.partner(put)];
    swapped.cells[take] = 0;
    swapped.cells[dig.partner(take)] = 0;
    const int swapped_stall = singles_stall(swapped);
    if (swapped_stall < stall || !dig.try_swap(take, put, checks)) continue;
    stall = swapped_stall;
  }
  if (stall < 0) stall = singles_stall(dig.givens());
  if (stall < kEvilStall || dig.clues() > band.max || dig.clues() >= beat) return std::nullopt;
  // One fast solve with every tier answers both questions: it stops on a board that needs
  // trial (not solved), and its tier is the full solve's (check_tier's contract).
  const TierCheck check = check_tier(dig.givens(), Grade::evil);
  if (check.solved ? check.tier != Grade::evil : !allow_trial) return std::nullopt;
  return Candidate{dig.givens(), solution, dig.clues(), std::nullopt};
}

}  // namespace

void rate_puzzle(Puzzle& puzzle, const LogicResult& logic) {
  puzzle.rated = true;
  puzzle.rating = logic.rating;
  puzzle.tier = logic.tier;
  puzzle.technique_counts = logic.counts;
}

Puzzle generate_by_techniques(const GenerateOptions& options, Puzzle puzzle, Mulberry32& rng) {
  const ClueBand band = clue_band(options.grade);
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  const int max_solutions = options.max_solutions < 1 ? 1 : options.max_solutions;
  std::uint64_t checks = 0;
  std::optional<Candidate> best;
  puzzle.solutions_tried = 0;
  if (options.grade == Grade::evil) {
    // A few digs per solution (balanced digs from one solution look alike), new solutions
    // until a candidate at or under the target, or `attempts` digs once there is one.
    for (int s = 0; s < max_solutions; ++s) {
      puzzle.solution = fill_solution(rng);
      ++puzzle.solutions_tried;
      for (int a = 0; a < kEvilDigsPerSolution; ++a) {
        auto result = dig_evil(puzzle.solution, band, options.symmetry, options.allow_trial,
                               best ? best->clues : kCells + 1, rng, checks);
        ++puzzle.digs;
        if (result) best = std::move(result);  // fewer clues than before, by construction
        if (best && best->clues <= band.target) break;
      }
      if (best && (best->clues <= band.target || puzzle.digs >= attempts)) break;
    }
  }
  for (int s = 0; s < max_solutions && !best && options.grade != Grade::evil; ++s) {
    puzzle.solution = fill_solution(rng);
    ++puzzle.solutions_tried;
    for (int a = 0; a < attempts; ++a) {
      auto result = dig_for_tier(puzzle.solution, band, options.symmetry, options.grade, rng, checks);
      ++puzzle.digs;
      if (!result) continue;
      if (!best || std::abs(result->clues - band.target) < std::abs(best->clues - band.target)) {
        best = std::move(result);
      }
      if (best->clues <= band.target) break;
    }
  }
  if (!best) {  // gave up: empty givens, which fail every check loudly rather than silently
    puzzle.givens = Grid{};
    puzzle.clues = 0;
    puzzle.valid = false;
    puzzle.uniqueness_checks = checks;
    return puzzle;
  }
  puzzle.givens = best->givens;
  puzzle.solution = best->solution;
  puzzle.clues = best->clues;
  const LogicResult logic = best->logic ? *best->logic : solve_logically(puzzle.givens);
  rate_puzzle(puzzle, logic);
  ++checks;
  puzzle.valid = has_unique_solution(puzzle.givens) && puzzle.clues >= band.min &&
                 puzzle.clues <= band.max && puzzle.tier == options.grade &&
                 (logic.solved || options.allow_trial);
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

}  // namespace puzzlepress::engine::detail
