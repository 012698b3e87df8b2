// Parallel work over indices with results independent of the thread count (engine-internal
// helper of generate_batch and generate_batch).
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "engine/batch_progress.h"

namespace puzzlepress::engine {

/// Worker count for `jobs` (<= 0: hardware threads), at most `items`, and at least 1.
int resolve_jobs(int jobs, std::size_t items);

/// Hands finished items to `deliver` in index order. finished(i) marks item i done (the caller
/// wrote its result before), then, unless another thread is delivering, calls deliver(j) for
/// every j from the first undelivered item on while item j is done. So deliver sees 0, 1, 2, …
/// in order, each once, never on two threads at once (a mutex orders it after the writes of
/// every item it is given), and a thread that finishes while another delivers goes back to
/// work at once. If deliver throws, nothing more is delivered and the exception leaves the
/// finished() call that ran it.
class InOrderDelivery {
 public:
  InOrderDelivery(std::size_t count, std::function<void(std::size_t)> deliver)
      : done_(count, 0), deliver_(std::move(deliver)) {}

  void finished(std::size_t i) {
    std::unique_lock lock(mutex_);
    done_[i] = 1;
    if (delivering_) return;  // the delivering thread takes it (or one failed: none is taken)
    delivering_ = true;
    while (next_ < done_.size() && done_[next_]) {
      const std::size_t j = next_;
      lock.unlock();
      deliver_(j);  // on a throw delivering_ stays set: nothing more is delivered
      lock.lock();
      ++next_;
    }
    delivering_ = false;
  }

 private:
  std::mutex mutex_;  // guards done_, next_, delivering_
  std::vector<char> done_;
  std::size_t next_ = 0;
  bool delivering_ = false;
  std::function<void(std::size_t)> deliver_;
};

/// Calls work(i) once for every i in [0, count), on resolve_jobs(jobs, count) threads (the
/// caller's among them), then `progress` after each. work(i) must only write what belongs to
/// item i. If work or progress throws, the other workers stop taking items and the first
/// exception is rethrown here once every worker has stopped.
template <class Work>
void for_each_index_parallel(std::size_t count, int jobs, const BatchProgress& progress, Work&& work) {
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex mutex;  // guards `done`, the progress callback and `failure`
  std::exception_ptr failure;
  auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        work(i);
        if (progress) {
          std::lock_guard lock(mutex);
          progress(++done, count, i);
        }
      } catch (...) {  // keep the first failure, stop handing out work, rethrow after the join
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = count;
        return;
      }
    }
  };
  const int workers = resolve_jobs(jobs, count);
  {
    std::vector<std::jthread> threads;
    for (int w = 1; w < workers; ++w) threads.emplace_back(worker);
    worker();
  }  // joined here
  if (failure) std::rethrow_exception(failure);
}

}  // namespace puzzlepress::engine
