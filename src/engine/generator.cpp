// Generator: the 9x9 dispatch, and the generation loop for the other shapes (house_dig.h).
#include "engine/generator.h"

#include <cstdlib>
#include <optional>

#include "engine/batch.h"
#include "engine/parallel.h"
#include "engine/house_dig.h"
#include "engine/logic.h"
#include "engine/search.h"
#include "engine/solver.h"

namespace puzzlepress::engine {
namespace {

void rate_puzzle(Puzzle& puzzle) {
  const LogicResult logic = solve_logically(puzzle.givens);
  puzzle.rated = true;
  puzzle.rating = logic.rating;
  puzzle.tier = logic.tier;
  puzzle.needs_trial = logic.needs_trial;
  puzzle.technique_counts = logic.counts;
}

// Gives up: empty givens, which fail every check loudly rather than silently.
Puzzle give_up(Puzzle puzzle, std::uint64_t checks) {
  puzzle.givens = Grid(puzzle.shape);
  puzzle.clues = 0;
  puzzle.valid = false;
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

Puzzle finish(Puzzle puzzle, const detail::DigResult& best, const GenerateOptions& options, std::uint64_t checks) {
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

// The shapes other than 9x9: the dig over the shape's houses (house_dig.h) with locked
// candidates in the uniqueness search, forcing chains limited by max_forcing_steps, new
// solutions from fill_solution. Clue grading: a dig that stops above the band (no symmetric pair
// can go, as on some 4x4 grids under mirror symmetry) does not count, nor, without allow_trial,
// one the logic solver cannot finish; new solutions are drawn until one does.
Puzzle generate_sized(const GenerateOptions& options, Puzzle puzzle, Mulberry32& rng) {
  const detail::DigRules rules{classic_geometry(options.shape), detail::Propagation::locked,
                               max_forcing_steps(options.shape), false};
  std::uint64_t checks = 0;
  const auto next_solution = [&](int) { return std::optional<Grid>(fill_solution(options.shape, rng)); };
  const std::optional<detail::DigResult> best =
      detail::best_dig(rules, options, clue_band(options.shape, options.grade), next_solution, puzzle, rng, checks);
  if (!best) return give_up(puzzle, checks);
  return finish(puzzle, *best, options, checks);
}

}  // namespace

Puzzle from_puzzle(const Puzzle9& p) {
  Puzzle out;
  static_cast<PuzzleFacts&>(out) = p;
  out.shape = kShape9x9;
  out.givens = from_grid(p.givens);
  out.solution = from_grid(p.solution);
  out.needs_trial = p.rated && p.rating >= kTrialRating;
  return out;
}

Puzzle9 to_puzzle(const Puzzle& p) {
  Puzzle9 out;
  static_cast<PuzzleFacts&>(out) = p;
  out.givens = to_grid(p.givens);
  out.solution = to_grid(p.solution);
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
    return from_puzzle(generate(static_cast<const GenerateOptions9&>(options)));
  }
  const Puzzle puzzle = detail::unmade_puzzle(options);
  if (!is_supported(options.shape) || !offers_grade(options.shape, options.grade)) return puzzle;  // invalid, empty
  Mulberry32 rng(options.seed);
  return generate_sized(options, puzzle, rng);
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
