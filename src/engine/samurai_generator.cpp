// Generating samurai: see samurai_generator.h.
#include "engine/samurai_generator.h"

#include <array>

#include "engine/parallel.h"
#include "engine/samurai_grade.h"

namespace puzzlepress::engine {

namespace {

// The symmetric pairs of the figure: each cell with its image under the 180-degree rotation,
// once (the centre cell alone).
std::vector<std::array<int, 2>> rotation_pairs() {
  std::vector<std::array<int, 2>> pairs;
  for (int c = 0; c < kSamuraiCells; ++c) {
    const auto [r, col] = samurai_position(c);
    const int image = samurai_cell(kSamuraiSide - 1 - r, kSamuraiSide - 1 - col);
    if (image >= c) pairs.push_back({c, image});
  }
  return pairs;
}

// Whether the samurai needs `tier`: solvable within it (known) and not within the one below.
bool needs_tier(const SamuraiGrid& givens, Grade tier) {
  return tier == Grade::easy || !samurai_solvable_within(givens, static_cast<Grade>(static_cast<int>(tier) - 1));
}

}  // namespace

ClueBand samurai_clue_band(Grade grade) {
  switch (grade) {
    case Grade::easy: return {150, 140, 190};
    case Grade::medium: return {120, 110, 150};
    case Grade::hard: return {112, 100, 140};
    case Grade::extreme: return {108, 96, 136};
    case Grade::evil: return {104, 92, 132};
  }
  return {120, 110, 150};
}

SamuraiPuzzle generate_samurai(const SamuraiOptions& options) {
  SamuraiPuzzle p;
  p.seed = options.seed;
  p.grade = options.grade;
  const ClueBand band = samurai_clue_band(options.grade);
  Mulberry32 rng(options.seed);
  std::vector<std::array<int, 2>> pairs = rotation_pairs();
  for (int fill = 0; fill < options.max_fills && !p.valid; ++fill) {
    ++p.fills;
    const SamuraiGrid solution = detail::samurai_fill(rng);
    for (int attempt = 0; attempt < options.attempts && !p.valid; ++attempt) {
      ++p.digs;
      shuffle(std::span<std::array<int, 2>>(pairs), rng);
      SamuraiGrid givens = solution;
      int clues = kSamuraiCells;
      bool done = false;
      for (const auto& pair : pairs) {
        const int n = pair[0] == pair[1] ? 1 : 2;
        if (clues - n < band.min) continue;
        const std::span<const int> removed(pair.data(), static_cast<std::size_t>(n));
        for (const int c : removed) givens.cells[c] = 0;
        ++p.uniqueness_checks;
        if (detail::samurai_differs(givens, solution, removed) || !samurai_solvable_within(givens, options.grade)) {
          for (const int c : removed) givens.cells[c] = solution.cells[c];
          continue;
        }
        clues -= n;
        if (clues <= band.target && needs_tier(givens, options.grade)) {
          done = true;
          break;
        }
      }
      if (!done) done = clues <= band.max && needs_tier(givens, options.grade);
      if (!done) continue;
      const SamuraiLogicResult graded = solve_logically(givens);
      ++p.uniqueness_checks;
      p.givens = givens;
      p.solution = solution;
      p.clues = clues;
      p.rating = graded.rating;
      p.tier = graded.tier;
      p.technique_counts = graded.counts;
      p.valid = graded.solved && graded.tier == options.grade && clues >= band.min && clues <= band.max &&
                count_solutions(givens, 2) == 1;
    }
  }
  return p;
}

std::vector<SamuraiPuzzle> generate_samurai_batch(std::span<const SamuraiOptions> items, int jobs,
                                                  const BatchProgress& progress) {
  std::vector<SamuraiPuzzle> result(items.size());
  for_each_index_parallel(items.size(), jobs, progress, [&](std::size_t i) {
    result[i] = generate_samurai(items[i]);  // each slot written by exactly one worker
  });
  return result;
}

}  // namespace puzzlepress::engine
