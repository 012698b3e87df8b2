#include "engine/batch.h"

#include <atomic>
#include <mutex>
#include <thread>

namespace puzzlepress::engine {

int resolve_jobs(int jobs, std::size_t items) {
  if (jobs <= 0) jobs = static_cast<int>(std::thread::hardware_concurrency());
  if (jobs <= 0) jobs = 1;
  if (items > 0 && static_cast<std::size_t>(jobs) > items) jobs = static_cast<int>(items);
  return jobs < 1 ? 1 : jobs;
}

std::vector<Puzzle> generate_batch(std::span<const GenerateOptions> items, int jobs,
                                   const BatchProgress& progress) {
  std::vector<Puzzle> result(items.size());
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex progress_mutex;
  auto worker = [&] {
    for (std::size_t i = next++; i < items.size(); i = next++) {
      result[i] = generate(items[i]);  // each slot written by exactly one worker
      if (progress) {
        std::lock_guard lock(progress_mutex);
        progress(++done, items.size());
      }
    }
  };
  const int workers = resolve_jobs(jobs, items.size());
  std::vector<std::jthread> threads;
  for (int w = 1; w < workers; ++w) threads.emplace_back(worker);
  worker();
  return result;
}

}  // namespace puzzlepress::engine
