// Technique-graded generation: a puzzle of grade G needs G's techniques, none harder, and never
// trial (unless allowed).
//
// Easy to Extreme: one dig per attempt in a shuffled cell order. A removal stays when the board
// keeps one solution and remains solvable within the grade's tier; the board's tier is known
// after every removal (a removal whose cells are singles of the remaining givens leaves it as it
// was, with no solve at all). The dig stops at the target once the board needs the tier.
//
// Medium and Hard are rare among dig ends (1 in 27 and 1 in 60 digs), so a dig that ends below
// its tier is not thrown away: a walk of swaps continues from it (walk_for_tier), each swap one
// uniqueness question where a new dig asks about forty.
//
// Evil: random digs rarely need Evil techniques (about 1 in 20) and seldom reach 24 clues, so a
// dig for Evil differs: a balanced dig (dig_balanced) down to a minimal board, then rounds that
// each continue from the board the last one left: a descent, moves on givens down to the
// target, each a removal when the board stays unique without the given, else a swap of the given
// for an empty cell that keeps it unique (move_take: every failed uniqueness question returns
// another completion, which rules out most other empty cells with no search); a climb, swaps
// that keep the board unique and leave no fewer cells open after singles (a cheap measure of how
// hard a board is); and a grade, only for a board that beats the best so far (in the first
// rounds: only at or under the target) and whose singles leave many cells open: a fast solve
// within Extreme (check_tier) that must not finish it, then the full logical solve, which must
// end on Evil (or, when trial is allowed, may end stuck) and rates the puzzle if it is kept.
#include "engine/generate_tiers.h"

#include <array>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <span>
#include <vector>

#include "engine/band_search.h"
#include "engine/dig.h"
#include "engine/solver9.h"
#include "engine/units.h"

namespace puzzlepress::engine::detail {

namespace {

struct Candidate {
  Grid9 givens;
  Grid9 solution;
  int clues = 0;
  std::optional<LogicResult9> logic;  // the full logical solve of `givens`, when made already
};

std::array<int, kCells> shuffled_cells(Mulberry32& rng) {
  std::array<int, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  return order;
}

// The givens of `dig` with `put` (and partner) given and `take` (and partner) empty.
Grid9 swapped_givens(const Dig& dig, int take, int put) {
  Grid9 g = dig.givens();
  g.cells[put] = dig.solution().cells[put];
  g.cells[dig.partner(put)] = dig.solution().cells[dig.partner(put)];
  g.cells[take] = 0;
  g.cells[dig.partner(take)] = 0;
  return g;
}

// Moves of the walk that follows a dig which ended below its tier, and removal tries after
// each swap the walk keeps.
constexpr int kWalkMoves = 1500;
constexpr int kWalkRemovals = 4;

// The walk after a dig that ended on a board easier than `tier`, the tier `tiers` checks within
// (the board's tier is `now`): random swaps, a given cell (and partner) for an empty one, kept
// when the board stays unique, solvable within `tier` and no easier than before, each followed
// by a few removal tries under the same rule. Ends as soon as the board needs `tier` at or
// under the target. A swap asks one uniqueness question where a new dig asks about forty: the
// walk reuses the dig's work.
void walk_for_tier(Dig& dig, ClueBand band, Grade& now, TierMemo& tiers, Mulberry32& rng, std::uint64_t& checks) {
  const Grade tier = tiers.max_tier();
  for (int i = 0; i < kWalkMoves && !(now == tier && dig.clues() <= band.target); ++i) {
    const int take = static_cast<int>(rng.below(kCells)), put = static_cast<int>(rng.below(kCells));
    if (!dig.givens().cells[take] || dig.givens().cells[put]) continue;
    if ((dig.partner(take) == take) != (dig.partner(put) == put)) continue;  // keep the count
    if (!dig.try_swap(take, put, checks)) continue;
    const TierCheck swapped = tiers.check(dig.givens());
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
      const TierCheck removed = tiers.check(dig.givens());
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
std::optional<Candidate> dig_for_tier(const Grid9& solution, ClueBand band, Symmetry symmetry, Grade tier,
                                      Mulberry32& rng, std::uint64_t& checks) {
  Dig dig(solution, symmetry);
  TierMemo tiers(tier);
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
    const TierCheck check = tiers.check(dig.givens());
    if (!check.solved) {
      dig.undo_remove();
      continue;
    }
    now = check.tier;
  }
  // The walk pays for Medium and Hard, whose boards are rare among digs (1 in 27 and 1 in 60)
  // and cheap to grade; Extreme is common (1 in 8) and its grading is not cheap.
  if (now != tier && tier < Grade::extreme) walk_for_tier(dig, band, now, tiers, rng, checks);
  if (now != tier || dig.clues() > band.max) return std::nullopt;
  return Candidate{dig.givens(), solution, dig.clues(), std::nullopt};
}

// A given cell of `givens` (which holds `clues` of them), uniformly at random.
int random_given(const Grid9& givens, int clues, Mulberry32& rng) {
  int n = static_cast<int>(rng.below(static_cast<std::uint32_t>(clues)));
  for (int c = 0; c < kCells; ++c)
    if (givens.cells[c] && n-- == 0) return c;
  return 0;
}

// Evil: moves of a descent and of a climb (each move one given, see move_take), the uniqueness
// questions a move may ask about puts, and the singles stall below which a board is not worth
// grading (of boards at 24 clues, about 1 in 15 with a stall of 30-39 needs Evil techniques).
// Grading is cheap next to the moves (a fast solve within Extreme rejects most boards), so the
// stall bar is low and the climb short: `generate --grade evil --count 200 --seed 42` took about
// as long with a bar of 24 as with 32 or 42, and a third longer with 48; a climb of 16 moves
// took a tenth longer than one of 8 and one of 4 left fewer boards at 24 clues. Since the
// searches are guided by the solution (see Dig::settle_unique), a descent of 14 moves does better
// than one of 10: `generate --grade evil --count 200`, seeds 42, 7, 1 and 99, with the 96
// remembered completions and 2 rounds after a candidate below: 644 of 800 boards at 24 clues
// or fewer in 22.3 G instructions; with descents of 10, 609 in 25.8 G (32 remembered, 12 rounds).
constexpr int kEvilDescent = 14;
constexpr int kEvilClimb = 6;
constexpr int kEvilSearchesPerMove = 2;
constexpr int kEvilStall = 32;
// Rounds (descent, climb, grade) per balanced dig, each continuing from the board the last
// one left; and the rounds in which only a board at or under the target is graded.
constexpr int kEvilRoundsPerDig = 8;
constexpr int kEvilTargetOnlyRounds = 4;
// Rounds after the first candidate above the target, in search of one with fewer clues: a
// sixth of the attempts, rounded up (2 by default). With all 12 the same boards took 5 % more
// instructions for 25 more at 24 clues or fewer out of 800 (seeds 42, 7, 1, 99).
int evil_rounds_after_candidate(int attempts) { return attempts / 6 + (attempts % 6 != 0); }

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
    const Grid9& g = dig.givens();
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

// True when one of `others` (completions of the board without some take, other than the
// solution) holds the solution's digits at `put` and its partner: with them given it still
// completes the board, so the swap would leave the board with two solutions.
bool ruled_out(const std::vector<Grid9>& others, const Dig& dig, int put) {
  const int p = dig.partner(put);
  const Grid9& solution = dig.solution();
  for (const Grid9& other : others)
    if (other.cells[put] == solution.cells[put] && other.cells[p] == solution.cells[p]) return true;
  return false;
}

enum class Moved { removed, swapped, none };

// One move on given `take` (and partner): removed when the board stays unique without it and
// `may_remove`; otherwise swapped for an empty cell (and partner), the put, tried in a random
// order among those `accept(put)` allows, at most `max_searches` uniqueness questions. Every
// failed question returns another completion of the board without `take`, which rules out
// every put it agrees with the solution at, with no search (and so do the first question's,
// the removal's, and every completion the dig remembers that fits the board without `take`):
// most puts are ruled out after one or two questions.
template <typename Accept>
Moved move_take(Dig& dig, int take, bool may_remove, int max_searches, Mulberry32& rng, std::uint64_t& checks,
                std::vector<Grid9>& others, Accept accept) {
  others.clear();
  Grid9 witness;
  if (dig.try_remove(take, checks, &witness) != Dig::Removed::no) {
    if (may_remove) return Moved::removed;
    dig.undo_remove();
  } else {
    dig.known_completions_without(take, others);  // the witness is among them
  }
  const int take_partner = dig.partner(take);
  const bool pair = take_partner != take;
  std::array<int, kCells> puts;
  int n = 0;
  for (int c = 0; c < kCells; ++c) {
    if (dig.givens().cells[c] || c == take_partner || (dig.partner(c) != c) != pair) continue;
    if (!ruled_out(others, dig, c)) puts[n++] = c;
  }
  shuffle(std::span<int>(puts.data(), static_cast<std::size_t>(n)), rng);
  for (int i = 0, searches = 0; i < n && searches < max_searches; ++i) {
    const int put = puts[i];
    if (ruled_out(others, dig, put) || !accept(put)) continue;
    ++searches;
    if (dig.try_swap(take, put, checks, &witness)) return Moved::swapped;
    others.push_back(witness);
  }
  return Moved::none;
}

// Above the target: moves (move_take), removals allowed down to the floor, for at most `moves`
// moves or until the board is at the target. Each takes the first given, from a random one,
// whose removal no remembered completion rules out (Dig::known_not_removable), so removal
// questions go where a removal may succeed; `bench --grading techniques --grade evil` (seeds
// 1..200): 143 boards at 24 clues or fewer against 126 with random takes, in 0.9 of the time.
void descend(Dig& dig, ClueBand band, int moves, Mulberry32& rng, std::uint64_t& checks) {
  std::vector<Grid9> others;
  const int max_searches = kEvilSearchesPerMove;
  for (int i = 0; i < moves && dig.clues() > band.target; ++i) {
    // The first given from a random one on whose removal no remembered completion rules out
    // (a removal is what the descent is after); a random given when there is none.
    int take = random_given(dig.givens(), dig.clues(), rng);
    for (int k = 0; k < kCells; ++k) {
      const int c = (take + k) % kCells;
      if (dig.givens().cells[c] && dig.clues() - dig.removing(c) >= band.min && !dig.known_not_removable(c)) {
        take = c;
        break;
      }
    }
    const bool may_remove = dig.clues() - dig.removing(take) >= band.min;
    move_take(dig, take, may_remove, max_searches, rng, checks, others, [](int) { return true; });
  }
}

// At the target: the climb, for `moves` moves on random givens (move_take), swaps only, each
// to a board whose singles stall is no smaller. Returns the board's stall.
int climb(Dig& dig, ClueBand band, int moves, Mulberry32& rng, std::uint64_t& checks) {
  int stall = singles_open_cells(dig.givens());
  std::vector<Grid9> others;
  const int max_searches = kEvilSearchesPerMove;
  for (int i = 0; i < moves && dig.clues() <= band.target; ++i) {
    const int take = random_given(dig.givens(), dig.clues(), rng);
    int put_stall = 0;
    const auto keeps_stall = [&](int put) {
      // Stops counting below `stall`: exact here, as swapped givens (the solution's digits)
      // always have a completion.
      put_stall = singles_open_cells(swapped_givens(dig, take, put), stall);
      return put_stall >= stall;
    };
    if (move_take(dig, take, false, max_searches, rng, checks, others, keeps_stall) == Moved::swapped)
      stall = put_stall;
  }
  return stall;
}

// One Evil round on `dig` (a descent, a climb, maybe a grade; see the top of the file). `beat`:
// the candidate must have fewer clues than this, or it is not graded. `extreme`: the dig's
// check within Extreme, which answers a board it has seen (most climbs at the target find no
// swap, and leave the board as it was) without solving it again. The board stays in `dig` for
// the next round either way.
std::optional<Candidate> evil_round(Dig& dig, ClueBand band, bool allow_trial, int beat, TierMemo& extreme,
                                    Mulberry32& rng, std::uint64_t& checks) {
  descend(dig, band, kEvilDescent, rng, checks);
  const int stall = climb(dig, band, kEvilClimb, rng, checks);
  if (stall < kEvilStall || dig.clues() > band.max || dig.clues() >= beat) return std::nullopt;
  // A board that a fast solve within Extreme finishes is not Evil (check_tier's contract: its
  // tier is the full solve's); most graded boards stop there. One it does not finish needs Evil
  // techniques or trial, and the full logical solve (which rates the puzzle kept) tells which.
  if (extreme.check(dig.givens()).solved) return std::nullopt;
  if (allow_trial) return Candidate{dig.givens(), dig.solution(), dig.clues(), std::nullopt};
  LogicResult9 logic = solve_logically(dig.givens());
  if (!logic.solved || logic.tier != Grade::evil) return std::nullopt;
  return Candidate{dig.givens(), dig.solution(), dig.clues(), std::move(logic)};
}

}  // namespace

void rate_puzzle(Puzzle9& puzzle, const LogicResult9& logic) {
  puzzle.rated = true;
  puzzle.rating = logic.rating;
  puzzle.tier = logic.tier;
  puzzle.technique_counts = logic.counts;
}

Puzzle9 generate_by_techniques(const GenerateOptions9& options, Puzzle9 puzzle, Mulberry32& rng) {
  const ClueBand band = clue_band(options.grade);
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  const int max_solutions = options.max_solutions < 1 ? 1 : options.max_solutions;
  std::uint64_t checks = 0;
  std::optional<Candidate> best;
  puzzle.solutions_tried = 0;
  if (options.grade == Grade::evil) {
    // One balanced dig per solution and a few rounds from it (counted as digs), new solutions
    // until a candidate at or under the target, or a few rounds after the first one.
    const int rounds_after_candidate = evil_rounds_after_candidate(attempts);
    int rounds_with_candidate = 0;
    for (int s = 0; s < max_solutions; ++s) {
      puzzle.solution = fill_solution(rng);
      ++puzzle.solutions_tried;
      Dig dig(puzzle.solution, options.symmetry);
      dig_balanced(dig, band.min, shuffled_cells(rng), checks);
      TierMemo extreme(Grade::extreme);
      for (int a = 0; a < kEvilRoundsPerDig; ++a) {
        const int beat = puzzle.digs < kEvilTargetOnlyRounds ? band.target + 1 : best ? best->clues : kCells + 1;
        auto result = evil_round(dig, band, options.allow_trial, beat, extreme, rng, checks);
        ++puzzle.digs;
        if (best) ++rounds_with_candidate;
        if (result) best = std::move(result);  // fewer clues than before, by construction
        if (best && best->clues <= band.target) break;
      }
      if (best && (best->clues <= band.target || rounds_with_candidate >= rounds_after_candidate)) break;
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
    puzzle.givens = Grid9{};
    puzzle.clues = 0;
    puzzle.valid = false;
    puzzle.uniqueness_checks = checks;
    return puzzle;
  }
  puzzle.givens = best->givens;
  puzzle.solution = best->solution;
  puzzle.clues = best->clues;
  const LogicResult9 logic = best->logic ? std::move(*best->logic) : solve_logically(puzzle.givens);
  rate_puzzle(puzzle, logic);
  ++checks;
  puzzle.valid = has_unique_solution(puzzle.givens) && puzzle.clues >= band.min && puzzle.clues <= band.max &&
                 puzzle.tier == options.grade && (logic.solved || options.allow_trial);
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

}  // namespace puzzlepress::engine::detail
