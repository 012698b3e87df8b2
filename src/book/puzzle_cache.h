// PuzzleCache: generated puzzles remembered by the request that made them, so a book made
// again after an edit that changes only layout (trim, bleed, layout, front matter, cover…)
// regenerates nothing, and an edit that adds puzzles generates only the new ones. The studio
// keeps one for its whole run; a plain build uses none.
//
// A request (engine::SizedGenerateOptions: shape, grade, seed, symmetry, grading, attempts…)
// always gives the same puzzle, so a cached puzzle is exactly the one generation would give:
// a book made through the cache has the same bytes as one made without it.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/parallel.h"
#include "engine/sized_generator.h"

namespace puzzlepress::book {

/// Thrown by `get` when its `cancelled` check says the work is no longer wanted (a newer
/// request superseded it). Nothing generated before that point is lost: it stays cached.
struct GenerationCancelled : std::exception {
  const char* what() const noexcept override { return "generation cancelled"; }
};

class PuzzleCache {
 public:
  /// Keeps at most `capacity` puzzles; when full, the whole cache is dropped before new ones are
  /// added (an edit rarely needs more than one book's worth).
  explicit PuzzleCache(std::size_t capacity = 20000) : capacity_(capacity) {}

  /// The puzzles for `requests`, in order: remembered ones as they are, the others generated on
  /// `jobs` threads (engine::generate_sized_batch; <= 0: all cores) and remembered. Only one call
  /// generates at a time (bounded work); lookups do not wait for it beyond that. `progress`
  /// counts the generated puzzles only. `cancelled` (optional) is asked after each generated
  /// puzzle; when it returns true, `get` throws GenerationCancelled.
  std::vector<engine::SizedPuzzle> get(std::span<const engine::SizedGenerateOptions> requests, int jobs,
                                       const engine::BatchProgress& progress = {},
                                       const std::function<bool()>& cancelled = {});

  /// Puzzles remembered now.
  std::size_t size() const;
  /// Puzzles generated (not found) since construction.
  std::size_t generated() const;

  /// The cache key of a request: every field that changes the puzzle.
  static std::string key(const engine::SizedGenerateOptions& request);

 private:
  std::size_t capacity_;
  mutable std::mutex mutex_;    // guards puzzles_ and generated_
  std::mutex generating_;       // one generation at a time
  std::unordered_map<std::string, engine::SizedPuzzle> puzzles_;
  std::size_t generated_ = 0;
};

}  // namespace puzzlepress::book
