// Generated puzzles kept by request, so that a second build of an edited spec regenerates only
// the puzzles whose request changed (a new trim, layout, cover or front matter regenerates
// nothing). A request is everything generation depends on: shape, grade, seed, symmetry,
// attempts, grading, solutions tried, rating, trial allowed — equal requests give equal
// puzzles (engine determinism), so a cached puzzle is exactly the one generation would make.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "engine/sized_generator.h"

namespace puzzlepress::book {

class PuzzleCache {
 public:
  /// The puzzle made for `request`, if one was stored.
  std::optional<engine::SizedPuzzle> find(const engine::SizedGenerateOptions& request) const;
  /// Stores the puzzle made for `request`. When more than `capacity` puzzles are held, the
  /// oldest are dropped.
  void store(const engine::SizedGenerateOptions& request, const engine::SizedPuzzle& puzzle);
  std::size_t size() const;

  static constexpr std::size_t kCapacity = 20000;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::pair<std::size_t, engine::SizedPuzzle>> puzzles_;  ///< key -> (age, puzzle)
  std::size_t stored_ = 0;
};

}  // namespace puzzlepress::book
