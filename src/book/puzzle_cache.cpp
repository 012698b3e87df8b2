#include "book/puzzle_cache.h"

#include "engine/grade.h"
#include "engine/shape.h"

namespace puzzlepress::book {

std::string PuzzleCache::key(const engine::SizedGenerateOptions& r) {
  return engine::shape_id(r.shape) + '/' + std::string(engine::grade_id(r.grade)) + '/' + std::to_string(r.seed) +
         '/' + std::string(engine::symmetry_id(r.symmetry)) + '/' + std::string(engine::grading_id(r.grading)) +
         '/' + std::to_string(r.attempts) + '/' + std::to_string(r.max_solutions) + '/' + (r.rate ? "r" : "-") +
         (r.allow_trial ? "t" : "-");
}

std::vector<engine::SizedPuzzle> PuzzleCache::get(std::span<const engine::SizedGenerateOptions> requests, int jobs,
                                                  const engine::BatchProgress& progress,
                                                  const std::function<bool()>& cancelled) {
  std::vector<engine::SizedPuzzle> out(requests.size());
  std::vector<std::size_t> missing;  // indices into requests
  const auto look_up = [&] {
    missing.clear();
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < requests.size(); ++i) {
      const auto found = puzzles_.find(key(requests[i]));
      if (found != puzzles_.end()) {
        out[i] = found->second;
      } else {
        missing.push_back(i);
      }
    }
  };
  look_up();
  if (missing.empty()) return out;

  std::lock_guard generation(generating_);
  look_up();  // another call may have made them while this one waited
  if (missing.empty()) return out;
  if (cancelled && cancelled()) throw GenerationCancelled{};

  std::vector<engine::SizedGenerateOptions> todo;
  todo.reserve(missing.size());
  for (std::size_t i : missing) todo.push_back(requests[i]);
  std::vector<engine::SizedPuzzle> made(todo.size());
  std::vector<char> done(todo.size(), 0);
  try {
    // One puzzle per item, so each finished one is kept even when a later one is cancelled.
    engine::for_each_index_parallel(todo.size(), jobs, progress, [&](std::size_t i) {
      if (cancelled && cancelled()) throw GenerationCancelled{};
      made[i] = engine::generate_sized(todo[i]);
      done[i] = 1;
    });
  } catch (...) {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < todo.size(); ++i) {
      if (!done[i]) continue;
      ++generated_;
      if (puzzles_.size() < capacity_) puzzles_.emplace(key(todo[i]), std::move(made[i]));
    }
    throw;
  }
  std::lock_guard lock(mutex_);
  if (puzzles_.size() + todo.size() > capacity_) puzzles_.clear();
  for (std::size_t i = 0; i < todo.size(); ++i) {
    out[missing[i]] = made[i];
    if (puzzles_.size() < capacity_) puzzles_.emplace(key(todo[i]), std::move(made[i]));
  }
  generated_ += todo.size();
  return out;
}

std::size_t PuzzleCache::size() const {
  std::lock_guard lock(mutex_);
  return puzzles_.size();
}

std::size_t PuzzleCache::generated() const {
  std::lock_guard lock(mutex_);
  return generated_;
}

}  // namespace puzzlepress::book
