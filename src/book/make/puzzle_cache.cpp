#include "book/make/puzzle_cache.h"

#include <algorithm>

#include "engine/grade.h"
#include "engine/shape.h"

namespace puzzlepress::book {

std::string PuzzleCache::key(const engine::VariantOptions& request) {
  const engine::GenerateOptions& r = request.base;
  const std::string kind =
      request.kind == engine::Kind::classic ? "" : std::string(engine::kind_id(request.kind)) + '/';
  return kind + engine::shape_id(r.shape) + '/' + std::string(engine::grade_id(r.grade)) + '/' +
         std::to_string(r.seed) + '/' + std::string(engine::symmetry_id(r.symmetry)) + '/' +
         std::string(engine::grading_id(r.grading)) + '/' + std::to_string(r.attempts) + '/' +
         std::to_string(r.max_solutions) + '/' + (r.rate ? "r" : "-") + (r.allow_trial ? "t" : "-") +
         (r.every_symbol_given ? "s" : "-");
}

std::optional<engine::VariantPuzzle> PuzzleCache::find(const engine::VariantOptions& request) const {
  std::lock_guard lock(mutex_);
  const auto it = puzzles_.find(key(request));
  if (it == puzzles_.end()) return std::nullopt;
  return it->second.second;
}

void PuzzleCache::store(const engine::VariantOptions& request, const engine::VariantPuzzle& puzzle) {
  std::lock_guard lock(mutex_);
  store_locked(key(request), puzzle);
}

void PuzzleCache::store_locked(const std::string& k, const engine::VariantPuzzle& puzzle) {
  puzzles_.insert_or_assign(k, std::pair{stored_++, puzzle});
  if (puzzles_.size() <= kCapacity) return;
  std::vector<std::pair<std::size_t, std::string>> ages;
  ages.reserve(puzzles_.size());
  for (const auto& [name, entry] : puzzles_) ages.emplace_back(entry.first, name);
  std::sort(ages.begin(), ages.end());
  const std::size_t drop = puzzles_.size() - kCapacity / 2;  // the oldest half
  for (std::size_t i = 0; i < drop; ++i) puzzles_.erase(ages[i].second);
}

std::vector<engine::VariantPuzzle> PuzzleCache::get(std::span<const engine::VariantOptions> requests, int jobs,
                                                    const engine::BatchProgress& progress,
                                                    const std::function<bool()>& cancelled) {
  std::vector<engine::VariantPuzzle> out(requests.size());
  std::vector<std::size_t> missing;  // indices into requests
  const auto look_up = [&] {
    missing.clear();
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < requests.size(); ++i) {
      const auto found = puzzles_.find(key(requests[i]));
      if (found != puzzles_.end()) {
        out[i] = found->second.second;
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

  std::vector<engine::VariantOptions> wanted;
  wanted.reserve(missing.size());
  for (const std::size_t i : missing) wanted.push_back(requests[i]);
  // Puzzles are kept as they are delivered (in order), so those finished before a cancellation
  // stay in the cache; the cancellation is checked as each puzzle finishes.
  const auto keep = [&](std::size_t j, const engine::VariantPuzzle& puzzle) {
    std::lock_guard lock(mutex_);
    ++generated_;
    store_locked(key(wanted[j]), puzzle);
  };
  const engine::BatchProgress observe = [&](std::size_t finished, std::size_t total, std::size_t item) {
    if (progress) progress(finished, total, item);
    if (cancelled && cancelled()) throw GenerationCancelled{};
  };
  if (cancelled && cancelled()) throw GenerationCancelled{};
  std::vector<engine::VariantPuzzle> made = engine::generate_batch(wanted, jobs, observe, keep);
  for (std::size_t j = 0; j < missing.size(); ++j) out[missing[j]] = std::move(made[j]);
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
