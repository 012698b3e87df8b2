// Helpers shared by the two halves of `puzzlepress bench` (generation and datasets).
#pragma once

#include <sys/resource.h>

#include <chrono>
#include <iosfwd>
#include <map>
#include <string>

#include "cli/bench_command.h"

namespace puzzlepress::cli::bench {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Peak resident memory of this process so far, MiB.
inline double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;  // ru_maxrss is KiB on Linux
}

/// "41(144) 42(56)": value(count) pairs in ascending order.
inline std::string format_distribution(const std::map<int, int>& counts) {
  std::string s;
  for (const auto& [value, n] : counts) {
    if (!s.empty()) s += ' ';
    s += std::to_string(value) + "(" + std::to_string(n) + ")";
  }
  return s;
}

}  // namespace puzzlepress::cli::bench

namespace puzzlepress::cli {

/// The dataset half of run_bench (bench_dataset.cpp).
int bench_dataset(const BenchArgs& args, std::ostream& out);

/// Preview speed (bench_preview.cpp): run_bench with --preview SPEC.
int bench_preview(const BenchArgs& args, std::ostream& out);

/// A book build beside the reference engine (bench_book.cpp): run_bench with --book.
int bench_book(const BenchArgs& args, std::ostream& out);

/// The other sizes (bench_sizes.cpp): run_bench with --size other than 9x9.
int bench_sizes(const BenchArgs& args, std::ostream& out);

}  // namespace puzzlepress::cli
