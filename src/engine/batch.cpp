#include "engine/batch.h"

#include "engine/parallel.h"

namespace puzzlepress::engine {

int resolve_jobs(int jobs, std::size_t items) {
  if (jobs <= 0) jobs = static_cast<int>(std::thread::hardware_concurrency());
  if (jobs <= 0) jobs = 1;
  if (static_cast<std::size_t>(jobs) > items) jobs = static_cast<int>(items);
  return jobs < 1 ? 1 : jobs;
}

std::vector<Puzzle9> generate_batch(std::span<const GenerateOptions9> items, int jobs, const BatchProgress& progress) {
  std::vector<Puzzle9> result(items.size());
  // each slot written by exactly one worker
  for_each_index_parallel(items.size(), jobs, progress, [&](std::size_t i) { result[i] = generate(items[i]); });
  return result;
}

}  // namespace puzzlepress::engine
