// Generating samurai (samurai.h): a seeded complete samurai (samurai_fill, Mulberry32 only),
// then a dig symmetric under the figure's 180-degree rotation (grid 1 <-> grid 5, 2 <-> 4, the
// centre onto itself): pairs of cells in a seeded order, a removal kept only while the samurai
// keeps one solution (samurai_differs: a completion differing at a removed cell) and the
// grader (samurai_grade.h) solves it within the grade's tier; the dig stops once the samurai
// needs the tier at or under the band's target. A dig that ends without needing its tier is
// repeated in a new order (up to `attempts`), then a new grid is filled, all from the one
// random stream: the same options give the same puzzle on every platform and thread count.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/batch_progress.h"
#include "engine/grade.h"
#include "engine/samurai.h"
#include "engine/technique.h"

namespace puzzlepress::engine {

/// The clue band of a samurai grade (of 369 cells; docs/puzzles.md, "Samurai", has the
/// measurements it comes from).
ClueBand samurai_clue_band(Grade grade);

struct SamuraiOptions {
  std::uint32_t seed = 0;
  Grade grade = Grade::medium;
  int attempts = 12;  ///< digs of one complete grid before another is filled
  int max_fills = 8;  ///< complete grids before giving up (the puzzle is then invalid)
};

struct SamuraiPuzzle {
  std::uint32_t seed = 0;
  Grade grade = Grade::medium;
  SamuraiGrid givens{};
  SamuraiGrid solution{};
  int clues = 0;
  /// One solution (checked again at the end), clues inside the band, tier == grade.
  bool valid = false;
  double rating = 0.0;
  Grade tier = Grade::easy;
  std::array<int, kTechniqueCount> technique_counts{};
  int digs = 0;
  int fills = 0;
  std::uint64_t uniqueness_checks = 0;
};

/// The samurai for `options` (see the top of the file).
SamuraiPuzzle generate_samurai(const SamuraiOptions& options);

/// generate_samurai for each item on `jobs` threads (<= 0: the hardware's); results in item
/// order, independent of `jobs`.
std::vector<SamuraiPuzzle> generate_samurai_batch(std::span<const SamuraiOptions> items, int jobs,
                                                  const BatchProgress& progress = {});

}  // namespace puzzlepress::engine
