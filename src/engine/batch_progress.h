// Progress of a batch of generated puzzles: the callback a caller hands to generate_batch and
// generate_batch (the CLI draws its progress line from it). It only observes.
#pragma once

#include <concepts>
#include <cstddef>
#include <functional>
#include <type_traits>

namespace puzzlepress::engine {

/// Called after each finished item with (finished so far, total, the item's index); may run on
/// any worker thread, but never on two at once. Takes a callable of (done, total, item) or of
/// (done, total). It only observes: results do not depend on it.
class BatchProgress {
 public:
  BatchProgress() = default;
  template <class F>
  requires(!std::same_as<std::remove_cvref_t<F>, BatchProgress> &&
           std::invocable<F&, std::size_t, std::size_t, std::size_t>) BatchProgress(F f)
      : call_(std::move(f)) {}  // NOLINT: implicit, as std::function
  template <class F>
  requires(std::invocable<F&, std::size_t, std::size_t> && !std::invocable<F&, std::size_t, std::size_t, std::size_t>)
      BatchProgress(F f)  // NOLINT: implicit, as std::function
      : call_([f = std::move(f)](std::size_t done, std::size_t total, std::size_t) mutable { f(done, total); }) {}

  explicit operator bool() const { return static_cast<bool>(call_); }
  void operator()(std::size_t done, std::size_t total, std::size_t item) const { call_(done, total, item); }

 private:
  std::function<void(std::size_t, std::size_t, std::size_t)> call_;
};

}  // namespace puzzlepress::engine
