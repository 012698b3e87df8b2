#include "book/puzzle_cache.h"

#include <algorithm>
#include <vector>

namespace puzzlepress::book {
namespace {

std::string key_of(const engine::SizedGenerateOptions& r) {
  return std::to_string(r.shape.box_rows) + "x" + std::to_string(r.shape.box_cols) + "/" +
         std::to_string(static_cast<int>(r.grade)) + "/" + std::to_string(r.seed) + "/" +
         std::to_string(static_cast<int>(r.symmetry)) + "/" + std::to_string(r.attempts) + "/" +
         std::to_string(static_cast<int>(r.grading)) + "/" + std::to_string(r.max_solutions) + "/" +
         (r.rate ? "r" : "-") + (r.allow_trial ? "t" : "-");
}

}  // namespace

std::optional<engine::SizedPuzzle> PuzzleCache::find(const engine::SizedGenerateOptions& request) const {
  std::lock_guard lock(mutex_);
  const auto it = puzzles_.find(key_of(request));
  if (it == puzzles_.end()) return std::nullopt;
  return it->second.second;
}

void PuzzleCache::store(const engine::SizedGenerateOptions& request, const engine::SizedPuzzle& puzzle) {
  std::lock_guard lock(mutex_);
  puzzles_.insert_or_assign(key_of(request), std::pair{stored_++, puzzle});
  if (puzzles_.size() <= kCapacity) return;
  std::vector<std::pair<std::size_t, std::string>> ages;
  ages.reserve(puzzles_.size());
  for (const auto& [key, entry] : puzzles_) ages.emplace_back(entry.first, key);
  std::sort(ages.begin(), ages.end());
  const std::size_t drop = puzzles_.size() - kCapacity / 2;  // the oldest half
  for (std::size_t i = 0; i < drop; ++i) puzzles_.erase(ages[i].second);
}

std::size_t PuzzleCache::size() const {
  std::lock_guard lock(mutex_);
  return puzzles_.size();
}

}  // namespace puzzlepress::book
