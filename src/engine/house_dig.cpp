// The dig over a geometry's houses: see house_dig.h.
#include "engine/house_dig.h"

#include <bit>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "engine/logic.h"

namespace puzzlepress::engine::detail {
namespace {

using Mask = std::uint16_t;  // bit v-1 for symbol v

// Symbols of the givens in each house, kept up to date as the dig empties and refills cells.
struct HouseSymbols {
  const Tables256& t;
  std::array<Mask, Tables256::kMaxHouses> placed{};

  HouseSymbols(const Geometry& g, const Grid& givens) : t(g.tables()) {
    for (int c = 0; c < t.cells; ++c)
      if (givens.cells[c]) add(c, givens.cells[c]);
  }
  void add(int cell, int v) {
    for (int k = 0; k < t.house_count[cell]; ++k) placed[t.cell_houses[cell][k]] |= static_cast<Mask>(1u << (v - 1));
  }
  void remove(int cell, int v) {
    for (int k = 0; k < t.house_count[cell]; ++k) placed[t.cell_houses[cell][k]] &= static_cast<Mask>(~(1u << (v - 1)));
  }
  Mask seen(int cell) const {
    Mask m = 0;
    for (int k = 0; k < t.house_count[cell]; ++k) m |= placed[t.cell_houses[cell][k]];
    return m;
  }
};

// True when empty `cell` must hold `v` in every completion, as a single from the givens alone:
// its given peers hold every other symbol (naked single), or `v` has no other possible place in
// one of its houses (hidden single). A shortcut that spares a search; false says nothing.
bool forced_single(const Grid& givens, const HouseSymbols& houses, int cell, int v) {
  const Tables256& t = houses.t;
  if (std::popcount(static_cast<unsigned>(houses.seen(cell) & t.all)) == t.symbols - 1) return true;
  const Mask bit = static_cast<Mask>(1u << (v - 1));
  for (int k = 0; k < t.house_count[cell]; ++k) {
    const int h = t.cell_houses[cell][k];
    bool elsewhere = false;
    for (int i = 0; i < t.symbols && !elsewhere; ++i) {
      const int other = t.house_cells[h][i];
      elsewhere = other != cell && !givens.cells[other] && !(houses.seen(other) & bit);
    }
    if (!elsewhere) return true;
  }
  return false;
}

// A board being dug from `solution`; between removals it has exactly one solution.
struct Board {
  const DigRules& rules;
  const Grid& solution;
  Grid givens;
  HouseSymbols houses;
  int clues;
  // Completions other than the solution found by earlier questions (at most kKnown, the oldest
  // replaced first; only with rules.remember_completions). One that agrees with every given
  // completes the current board too, which then has two solutions: no search needed (fewer
  // givens never make a board unique again).
  static constexpr std::size_t kKnown = 32;
  std::vector<Grid> known;
  std::size_t next_known = 0;
  Board(const DigRules& r, const Grid& sol)
      : rules(r), solution(sol), givens(sol), houses(r.geometry, sol), clues(r.geometry.cells()) {}

  bool known_other_completion() const {
    for (const Grid& k : known) {
      bool fits = true;
      for (int c = 0; c < rules.geometry.cells() && fits; ++c) fits = !givens.cells[c] || givens.cells[c] == k.cells[c];
      if (fits) return true;
    }
    return false;
  }
  void remember(const Grid& completion) {
    if (known.size() < kKnown) known.push_back(completion);
    else known[next_known++ % kKnown] = completion;
  }

  // The board with `cell` (and `partner`, when it was given) just emptied stays unique: any
  // other completion differs from the solution at one of them.
  bool stays_unique(int cell, int partner, bool partner_was_given) {
    const int v = solution.cells[cell];
    const bool cell_forced = forced_single(givens, houses, cell, v);
    bool ask_partner = partner != cell && partner_was_given;
    if (ask_partner) {  // the partner question is asked with `cell` as in the solution
      givens.cells[cell] = static_cast<std::uint8_t>(v);
      houses.add(cell, v);
      ask_partner = !forced_single(givens, houses, partner, solution.cells[partner]);
      houses.remove(cell, v);
      givens.cells[cell] = 0;
    }
    if (cell_forced && !ask_partner) return true;
    if (rules.remember_completions && known_other_completion()) return false;
    Grid witness;
    if (!geometry_differs(rules.geometry, rules.propagation, givens, cell, v, !cell_forced, ask_partner ? partner : -1,
                          ask_partner ? solution.cells[partner] : 0, rules.remember_completions ? &witness : nullptr))
      return true;
    if (rules.remember_completions) remember(witness);
    return false;
  }
  void empty(int cell) {
    houses.remove(cell, givens.cells[cell]);
    givens.cells[cell] = 0;
  }
  void refill(int cell) {
    givens.cells[cell] = solution.cells[cell];
    houses.add(cell, givens.cells[cell]);
  }
};

// True when the board needs a technique of `tier`: the tiers below do not solve it.
bool needs_tier(const Geometry& g, const Grid& givens, Grade tier) {
  return tier == Grade::easy ||
         !solvable_within_geometry(givens, g, static_cast<Grade>(static_cast<int>(tier) - 1), -1);
}

}  // namespace

Puzzle unmade_puzzle(const GenerateOptions& options) {
  Puzzle puzzle;
  static_cast<PuzzleFacts&>(puzzle) = facts_of(options);
  puzzle.shape = options.shape;
  puzzle.givens = Grid(options.shape);
  puzzle.solution = Grid(options.shape);
  puzzle.solutions_tried = 0;
  return puzzle;
}

DigResult dig(const DigRules& rules, const Grid& solution, ClueBand band, Symmetry symmetry, std::optional<Grade> tier,
              bool allow_trial, Mulberry32& rng, std::uint64_t& checks) {
  const Geometry& g = rules.geometry;
  const Shape shape = solution.shape;
  Board d(rules, solution);
  std::vector<int> order(static_cast<std::size_t>(g.cells()));
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  const bool check_logic = tier && (*tier != Grade::evil || !allow_trial);
  // The singles shortcut below holds only when every single is within the tier (not for
  // 4x4 Easy, which is full houses alone).
  const bool singles_within_tier = tier && technique_tier(shape, Technique::hidden_single_box) <= *tier &&
                                   technique_tier(shape, Technique::hidden_single_line) <= *tier &&
                                   technique_tier(shape, Technique::naked_single) <= *tier;
  for (int cell : order) {
    if (!tier && d.clues <= band.target) break;
    if (!d.givens.cells[cell]) continue;
    const int partner = symmetric_partner(shape, cell, symmetry);
    const bool partner_given = partner != cell && d.givens.cells[partner] != 0;
    const int removing = partner_given ? 2 : 1;
    if (d.clues - removing < band.min) continue;
    const int value = d.givens.cells[cell];
    d.empty(cell);
    if (partner_given) d.empty(partner);
    ++checks;
    bool keep = d.stays_unique(cell, partner, partner_given);
    if (keep && check_logic) {
      // Emptied cells that are singles from the givens leave the singles closure, and so the
      // rest of the solve, as it was: still solvable within the tier.
      const bool by_singles = singles_within_tier && forced_single(d.givens, d.houses, cell, value) &&
                              (!partner_given || forced_single(d.givens, d.houses, partner, solution.cells[partner]));
      keep = by_singles || solvable_within_geometry(d.givens, g, *tier, rules.max_forcing_steps);
    }
    if (!keep) {
      d.refill(cell);
      if (partner_given) d.refill(partner);
      continue;
    }
    d.clues -= removing;
    if (tier && d.clues <= band.target && needs_tier(g, d.givens, *tier)) return {d.givens, d.clues, true};
  }
  return {d.givens, d.clues, tier && d.clues <= band.max && needs_tier(g, d.givens, *tier)};
}

std::optional<DigResult> best_dig(const DigRules& rules, const GenerateOptions& options, ClueBand band,
                                  const NextSolution& next_solution, Puzzle& puzzle, Mulberry32& rng,
                                  std::uint64_t& checks) {
  const int attempts = std::max(1, options.attempts), max_solutions = std::max(1, options.max_solutions);
  const bool by_techniques = options.grading == Grading::techniques;
  const std::optional<Grade> tier = by_techniques ? std::optional(options.grade) : std::nullopt;
  std::optional<DigResult> best;
  puzzle.solutions_tried = 0;
  for (int s = 0; s < max_solutions && !best; ++s) {
    std::optional<Grid> solution = next_solution(s);
    if (!solution) break;
    puzzle.solution = *solution;
    ++puzzle.solutions_tried;
    for (int a = 0; a < attempts; ++a) {
      DigResult r = dig(rules, puzzle.solution, band, options.symmetry, tier, options.allow_trial, rng, checks);
      ++puzzle.digs;
      if (by_techniques ? !r.needs_tier : r.clues > band.max) continue;
      if (!by_techniques && !options.allow_trial &&
          !solvable_within_geometry(r.givens, rules.geometry, Grade::evil, rules.max_forcing_steps))
        continue;
      if (!best || std::abs(r.clues - band.target) < std::abs(best->clues - band.target)) best = std::move(r);
      if (best->clues <= band.target) break;
    }
  }
  return best;
}

}  // namespace puzzlepress::engine::detail
