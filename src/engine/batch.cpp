#include "engine/batch.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace puzzlepress::engine {

int resolve_jobs(int jobs, std::size_t items) {
  if (jobs <= 0) jobs = static_cast<int>(std::thread::hardware_concurrency());
  if (jobs <= 0) jobs = 1;
  if (static_cast<std::size_t>(jobs) > items) jobs = static_cast<int>(items);
  return jobs < 1 ? 1 : jobs;
}

std::vector<Puzzle> generate_batch(std::span<const GenerateOptions> items, int jobs,
                                   const BatchProgress& progress) {
  std::vector<Puzzle> result(items.size());
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex mutex;  // guards `done`, the progress callback and `failure`
  std::exception_ptr failure;
  auto worker = [&] {
    for (std::size_t i = next++; i < items.size(); i = next++) {
      try {
        result[i] = generate(items[i]);  // each slot written by exactly one worker
        if (progress) {
          std::lock_guard lock(mutex);
          progress(++done, items.size());
        }
      } catch (...) {  // keep the first failure, stop handing out work, rethrow after the join
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = items.size();
        return;
      }
    }
  };
  const int workers = resolve_jobs(jobs, items.size());
  {
    std::vector<std::jthread> threads;
    for (int w = 1; w < workers; ++w) threads.emplace_back(worker);
    worker();
  }  // joined here
  if (failure) std::rethrow_exception(failure);
  return result;
}

}  // namespace puzzlepress::engine
