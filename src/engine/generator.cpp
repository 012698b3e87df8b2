// Generator: the 9x9 dispatch, and the fill and symmetric dig for the other shapes.
#include "engine/generator.h"

#include <cstdlib>
#include <numeric>
#include <optional>

#include "engine/batch.h"
#include "engine/parallel.h"
#include "engine/shape_tables.h"
#include "engine/logic.h"
#include "engine/search.h"
#include "engine/solver.h"

namespace puzzlepress::engine {
namespace {

using detail::Geometry;
using detail::symbol_bit;
using detail::SymbolMask;

// Symbols present in each unit of the current givens, kept up to date as the dig empties and
// refills cells.
struct UnitSymbols {
  const Geometry& g;
  std::array<SymbolMask, detail::kMaxUnits> placed{};

  UnitSymbols(const Geometry& geo, const Grid& givens) : g(geo) {
    for (int c = 0; c < g.cells; ++c)
      if (givens.cells[c]) add(c, givens.cells[c]);
  }
  void add(int cell, int v) {
    for (int u : g.units_of(cell)) placed[u] |= symbol_bit(v);
  }
  void remove(int cell, int v) {
    for (int u : g.units_of(cell)) placed[u] &= static_cast<SymbolMask>(~symbol_bit(v));
  }
  SymbolMask seen(int cell) const {
    SymbolMask m = 0;
    for (int u : g.units_of(cell)) m |= placed[u];
    return m;
  }
};

// True when empty `cell` must hold `v` in every completion, as a single from the givens alone:
// its given peers hold every other symbol (naked single), or `v` has no other possible place in
// one of its units (hidden single). A shortcut that spares a search; false says nothing.
bool forced_single(const Grid& givens, const UnitSymbols& units, int cell, int v) {
  const Geometry& g = units.g;
  if (detail::mask_bits(units.seen(cell) & g.all) == g.n - 1) return true;
  const SymbolMask bit = symbol_bit(v);
  for (int u : g.units_of(cell)) {
    bool elsewhere = false;
    for (int i = 0; i < g.n && !elsewhere; ++i) {
      const int other = g.unit_cells[u][i];
      elsewhere = other != cell && !givens.cells[other] && !(units.seen(other) & bit);
    }
    if (!elsewhere) return true;
  }
  return false;
}

// The board before this removal was unique with `solution`, and `givens` is it with `cell`
// (and `partner`, when `partner_was_given`) emptied: any other completion differs from
// `solution` at one of them. Same answer as has_unique_solution(givens).
bool stays_unique(Grid& givens, UnitSymbols& units, const Grid& solution, int cell, int partner,
                  bool partner_was_given) {
  const int v = solution.cells[cell];
  const bool cell_forced = forced_single(givens, units, cell, v);
  bool ask_partner = partner != cell && partner_was_given;
  if (ask_partner) {  // the partner question is asked with `cell` as in the solution
    givens.cells[cell] = static_cast<std::uint8_t>(v);
    units.add(cell, v);
    ask_partner = !forced_single(givens, units, partner, solution.cells[partner]);
    units.remove(cell, v);
    givens.cells[cell] = 0;
  }
  if (cell_forced && !ask_partner) return true;
  return !has_other_completion(givens, solution, cell, cell_forced, ask_partner ? partner : -1);
}

// Empties `cell` and `partner` (which may be the same cell, or already empty); restore() puts
// them back.
struct Removal {
  int cell, partner;
  std::uint8_t cell_value, partner_value;
  Removal(Grid& givens, UnitSymbols& units, int c, int p)
      : cell(c), partner(p), cell_value(givens.cells[c]), partner_value(givens.cells[p]) {
    units.remove(cell, cell_value);
    givens.cells[cell] = 0;
    if (partner != cell && partner_value) {
      units.remove(partner, partner_value);
      givens.cells[partner] = 0;
    }
  }
  void restore(Grid& givens, UnitSymbols& units) const {
    givens.cells[cell] = cell_value;
    units.add(cell, cell_value);
    if (partner != cell && partner_value) {
      givens.cells[partner] = partner_value;
      units.add(partner, partner_value);
    }
  }
};

// True when the board needs a technique of `tier`: the tiers below do not solve it.
bool needs_tier(const Grid& givens, Grade tier) {
  return tier == Grade::easy || !solvable_within(givens, static_cast<Grade>(static_cast<int>(tier) - 1));
}

struct DigResult {
  Grid givens;
  int clues = 0;
  bool needs_tier = false;  ///< with a tier: the result needs it (and nothing harder)
};

// One greedy dig over a shuffled cell order, removing each cell with its partner while the
// board stays unique, never below the band's floor.
//   Without a tier (clue grading) the dig stops at the target.
//   With a tier, a removal also stays only while the techniques up to the tier solve the board
//   (with at most max_forcing_steps forcing chains; for Evil with allow_trial: always); once at or under the target the
//   dig stops as soon as the board needs the tier, and it may go below the target (never the floor) to get there.
DigResult dig(const Grid& solution, ClueBand band, Symmetry symmetry, std::optional<Grade> tier, bool allow_trial,
              Mulberry32& rng, std::uint64_t& checks) {
  const Shape shape = solution.shape;
  const int max_forcing = max_forcing_steps(shape);
  const Geometry& g = detail::geometry(shape);
  Grid givens = solution;
  UnitSymbols units(g, givens);
  int clues = g.cells;
  std::vector<int> order(g.cells);
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  const bool check_logic = tier && (*tier != Grade::evil || !allow_trial);
  // The singles shortcut below holds only when every single is within the tier (not for
  // 4x4 Easy, which is full houses alone).
  const bool singles_within_tier = tier && technique_tier(shape, Technique::hidden_single_box) <= *tier &&
                                   technique_tier(shape, Technique::hidden_single_line) <= *tier &&
                                   technique_tier(shape, Technique::naked_single) <= *tier;
  for (int cell : order) {
    if (!tier && clues <= band.target) break;
    if (!givens.cells[cell]) continue;
    const int partner = symmetric_partner(shape, cell, symmetry);
    const int removing = partner == cell ? 1 : givens.cells[partner] != 0 ? 2 : 1;
    if (clues - removing < band.min) continue;
    const Removal removal(givens, units, cell, partner);
    ++checks;
    bool keep = stays_unique(givens, units, solution, cell, partner, removal.partner_value != 0);
    if (keep && check_logic) {
      // Emptied cells that are singles from the givens leave the singles closure, and so the
      // rest of the solve, as it was: still solvable within the tier.
      const bool refilled_by_singles =
          singles_within_tier && forced_single(givens, units, cell, removal.cell_value) &&
          (partner == cell || !removal.partner_value || forced_single(givens, units, partner, removal.partner_value));
      keep = refilled_by_singles || detail::solvable_within_limited(givens, *tier, max_forcing);
    }
    if (!keep) {
      removal.restore(givens, units);
      continue;
    }
    clues -= removing;
    if (tier && clues <= band.target && needs_tier(givens, *tier)) return {givens, clues, true};
  }
  return {givens, clues, tier && clues <= band.max && needs_tier(givens, *tier)};
}

void rate_puzzle(Puzzle& puzzle) {
  const LogicResult logic = solve_logically(puzzle.givens);
  puzzle.rated = true;
  puzzle.rating = logic.rating;
  puzzle.tier = logic.tier;
  puzzle.needs_trial = logic.needs_trial;
  puzzle.technique_counts = logic.counts;
}

bool closer(const DigResult& a, const std::optional<DigResult>& best, int target) {
  return !best || std::abs(a.clues - target) < std::abs(best->clues - target);
}

// Gives up: empty givens, which fail every check loudly rather than silently.
Puzzle give_up(Puzzle puzzle, std::uint64_t checks) {
  puzzle.givens = Grid(puzzle.shape);
  puzzle.clues = 0;
  puzzle.valid = false;
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

Puzzle finish(Puzzle puzzle, const DigResult& best, const GenerateOptions& options, std::uint64_t checks) {
  const ClueBand band = clue_band(options.shape, options.grade);
  puzzle.givens = best.givens;
  puzzle.clues = best.clues;
  ++checks;
  const bool rate = options.rate || options.grading == Grading::techniques || !options.allow_trial;
  if (rate) rate_puzzle(puzzle);
  puzzle.valid = has_unique_solution(puzzle.givens) && puzzle.clues >= band.min && puzzle.clues <= band.max &&
                 (options.grading != Grading::techniques || puzzle.tier == options.grade) &&
                 (options.allow_trial || !puzzle.needs_trial);
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

// Clue grading: digs to the band's target; a dig that stops above the band (no symmetric pair
// can go, as on some 4x4 grids under mirror symmetry) does not count, nor, without allow_trial,
// one the logic solver cannot finish (within max_forcing_steps); new solutions are drawn until
// one does. (A dig never goes below the band.)
Puzzle generate_by_clues(const GenerateOptions& options, Puzzle puzzle, Mulberry32& rng) {
  const ClueBand band = clue_band(options.shape, options.grade);
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  const int max_solutions = options.max_solutions < 1 ? 1 : options.max_solutions;
  std::uint64_t checks = 0;
  std::optional<DigResult> best;
  puzzle.solutions_tried = 0;
  for (int s = 0; s < max_solutions && !best; ++s) {
    puzzle.solution = fill_solution(options.shape, rng);
    ++puzzle.solutions_tried;
    for (int a = 0; a < attempts; ++a) {
      DigResult result = dig(puzzle.solution, band, options.symmetry, std::nullopt, false, rng, checks);
      ++puzzle.digs;
      if (result.clues > band.max) continue;
      if (!options.allow_trial &&
          !detail::solvable_within_limited(result.givens, Grade::evil, max_forcing_steps(options.shape))) {
        continue;
      }
      if (closer(result, best, band.target)) best = result;
      if (best->clues <= band.target) break;
    }
  }
  if (!best) return give_up(puzzle, checks);
  return finish(puzzle, *best, options, checks);
}

Puzzle generate_by_techniques(const GenerateOptions& options, Puzzle puzzle, Mulberry32& rng) {
  const ClueBand band = clue_band(options.shape, options.grade);
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  const int max_solutions = options.max_solutions < 1 ? 1 : options.max_solutions;
  std::uint64_t checks = 0;
  std::optional<DigResult> best;
  puzzle.solutions_tried = 0;
  for (int s = 0; s < max_solutions && !best; ++s) {
    puzzle.solution = fill_solution(options.shape, rng);
    ++puzzle.solutions_tried;
    for (int a = 0; a < attempts; ++a) {
      const DigResult result =
          dig(puzzle.solution, band, options.symmetry, options.grade, options.allow_trial, rng, checks);
      ++puzzle.digs;
      if (!result.needs_tier) continue;
      if (closer(result, best, band.target)) best = result;
      if (best->clues <= band.target) break;
    }
  }
  if (!best) return give_up(puzzle, checks);
  return finish(puzzle, *best, options, checks);
}

}  // namespace

Puzzle from_puzzle(const Puzzle9& p) {
  Puzzle out;
  out.shape = kShape9x9;
  out.seed = p.seed;
  out.grade = p.grade;
  out.symmetry = p.symmetry;
  out.grading = p.grading;
  out.clues = p.clues;
  out.givens = from_grid(p.givens);
  out.solution = from_grid(p.solution);
  out.valid = p.valid;
  out.uniqueness_checks = p.uniqueness_checks;
  out.rated = p.rated;
  out.rating = p.rating;
  out.tier = p.tier;
  out.needs_trial = p.rated && p.rating >= kTrialRating;
  out.technique_counts = p.technique_counts;
  out.digs = p.digs;
  out.solutions_tried = p.solutions_tried;
  return out;
}

Puzzle9 to_puzzle(const Puzzle& p) {
  Puzzle9 out;
  out.seed = p.seed;
  out.grade = p.grade;
  out.symmetry = p.symmetry;
  out.grading = p.grading;
  out.clues = p.clues;
  out.givens = to_grid(p.givens);
  out.solution = to_grid(p.solution);
  out.valid = p.valid;
  out.uniqueness_checks = p.uniqueness_checks;
  out.rated = p.rated;
  out.rating = p.rating;
  out.tier = p.tier;
  out.technique_counts = p.technique_counts;
  out.digs = p.digs;
  out.solutions_tried = p.solutions_tried;
  return out;
}

int symmetric_partner(Shape shape, int cell, Symmetry symmetry) {
  const int n = shape.size(), r = cell / n, c = cell % n;
  switch (symmetry) {
    case Symmetry::rotational: return n * n - 1 - cell;
    case Symmetry::none: return cell;
    case Symmetry::mirror: return r * n + (n - 1 - c);
    case Symmetry::diagonal: return c * n + r;
  }
  return cell;
}

Grid fill_solution(Shape shape, Mulberry32& rng) {
  if (shape == kShape9x9) return from_grid(fill_solution(rng));
  return detail::random_fill(shape, rng);
}

std::uint32_t symbol_retry_seed(std::uint32_t seed, int retry) {
  return mixed_seed(seed, 0x53594D42u, static_cast<std::uint32_t>(retry));
}

bool shows_every_symbol(const Grid& grid) {
  std::uint32_t seen = 0;
  for (int i = 0; i < grid.cell_count(); ++i) {
    if (grid.cells[static_cast<std::size_t>(i)] != 0) seen |= 1u << (grid.cells[static_cast<std::size_t>(i)] - 1);
  }
  return seen == (1u << grid.size()) - 1;
}

namespace {

Puzzle generate_once(const GenerateOptions& options) {
  if (options.shape == kShape9x9) {
    GenerateOptions9 nine;
    nine.grade = options.grade;
    nine.seed = options.seed;
    nine.symmetry = options.symmetry;
    nine.attempts = options.attempts;
    nine.grading = options.grading;
    nine.max_solutions = options.max_solutions;
    nine.rate = options.rate;
    nine.allow_trial = options.allow_trial;
    return from_puzzle(generate(nine));
  }
  Puzzle puzzle;
  puzzle.shape = options.shape;
  puzzle.seed = options.seed;
  puzzle.grade = options.grade;
  puzzle.symmetry = options.symmetry;
  puzzle.grading = options.grading;
  puzzle.givens = Grid(options.shape);
  puzzle.solution = Grid(options.shape);
  if (!is_supported(options.shape) || !offers_grade(options.shape, options.grade)) {
    puzzle.solutions_tried = 0;
    return puzzle;  // invalid, empty
  }
  Mulberry32 rng(options.seed);
  return options.grading == Grading::techniques ? generate_by_techniques(options, puzzle, rng)
                                                : generate_by_clues(options, puzzle, rng);
}

}  // namespace

Puzzle generate(const GenerateOptions& options) {
  Puzzle puzzle = generate_once(options);
  if (!options.every_symbol_given) return puzzle;
  GenerateOptions again = options;
  for (int retry = 1; retry <= kMaxSymbolRetries && puzzle.valid && !shows_every_symbol(puzzle.givens); ++retry) {
    again.seed = symbol_retry_seed(options.seed, retry);
    puzzle = generate_once(again);
    puzzle.seed = options.seed;
    puzzle.symbol_retries = retry;
  }
  if (!shows_every_symbol(puzzle.givens)) puzzle.valid = false;  // never met in practice; fails loudly
  return puzzle;
}

std::vector<Puzzle> generate_batch(std::span<const GenerateOptions> items, int jobs, const BatchProgress& progress,
                                   const InOrderPuzzles& in_order) {
  std::vector<Puzzle> result(items.size());
  InOrderDelivery delivery(items.size(), [&](std::size_t i) { in_order(i, result[i]); });
  for_each_index_parallel(items.size(), jobs, progress, [&](std::size_t i) {
    result[i] = generate(items[i]);  // each slot written by exactly one worker
    if (in_order) delivery.finished(i);
  });
  return result;
}

}  // namespace puzzlepress::engine
