// Generated puzzles kept by request, so that a second build of an edited spec regenerates only
// the puzzles whose request changed (a new trim, layout, cover or front matter regenerates
// nothing; more puzzles generate only the new ones). A request is everything generation
// depends on: kind, shape, grade, seed, symmetry, attempts, grading, solutions tried, rating, trial
// allowed — equal requests give equal puzzles (engine determinism), so a cached puzzle is
// exactly the one generation would make, and a book made through the cache has the same bytes
// as one made without it. The studio keeps one for its whole run (book/studio/studio_session.h).
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/batch_progress.h"
#include "engine/generator.h"
#include "engine/variant_solver.h"

namespace puzzlepress::book {

/// Thrown by PuzzleCache::get when its `cancelled` check says the work is no longer wanted (a
/// newer request superseded it). What was generated before that point stays cached.
struct GenerationCancelled : std::exception {
  const char* what() const noexcept override { return "generation cancelled"; }
};

class PuzzleCache {
 public:
  /// The puzzle made for `request`, if one was stored.
  std::optional<engine::VariantPuzzle> find(const engine::VariantOptions& request) const;
  /// Stores the puzzle made for `request`. When more than kCapacity puzzles are held, the
  /// oldest half is dropped.
  void store(const engine::VariantOptions& request, const engine::VariantPuzzle& puzzle);

  /// The puzzles for `requests`, in order: stored ones as they are, the others generated on
  /// `jobs` threads (one puzzle an item, as engine::generate_batch; <= 0: all cores) and
  /// stored. One call generates at a time (bounded work). `progress` counts generated puzzles
  /// only. `cancelled` (optional) is asked before each generated puzzle; when it returns true,
  /// `get` throws GenerationCancelled (the puzzles finished by then are kept).
  std::vector<engine::VariantPuzzle> get(std::span<const engine::VariantOptions> requests, int jobs,
                                         const engine::BatchProgress& progress = {},
                                         const std::function<bool()>& cancelled = {});

  /// Puzzles held now.
  std::size_t size() const;
  /// Puzzles `get` has generated (not found) since construction.
  std::size_t generated() const;

  /// The key of a request: every field that changes the puzzle.
  static std::string key(const engine::VariantOptions& request);

  static constexpr std::size_t kCapacity = 20000;

 private:
  void store_locked(const std::string& key, const engine::VariantPuzzle& puzzle);

  mutable std::mutex mutex_;  // guards puzzles_, stored_, generated_
  std::mutex generating_;     // one generation at a time
  std::map<std::string, std::pair<std::size_t, engine::VariantPuzzle>> puzzles_;  ///< key -> (age, puzzle)
  std::size_t stored_ = 0;
  std::size_t generated_ = 0;
};

}  // namespace puzzlepress::book
