// Helpers shared by the two halves of `puzzlepress bench` (generation and datasets).
#pragma once

#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <filesystem>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "cli/bench_command.h"
#include "engine/grade.h"

namespace puzzlepress::cli::bench {

/// CPU time the calling thread has used, milliseconds (CLOCK_THREAD_CPUTIME_ID).
inline double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

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

/// Wall time and CPU time of a child process.
struct RunTime {
  double wall_s = 0;  ///< from fork to the child's exit
  double cpu_s = 0;   ///< the child's user + system time (its threads and children included)
};

/// "a b c".
std::string quoted(const std::vector<std::string>& argv);

/// Runs argv (argv[0] looked up on PATH) with standard output and error sent to `log`; throws
/// EnvironmentError when it cannot start or does not exit with 0 (quoting the log's start).
RunTime run_child(const std::vector<std::string>& argv, const std::filesystem::path& log);

/// The middle value (the mean of the two middle ones for an even count); `v` not empty.
double median(std::vector<double> v);

/// The grades `--grade VALUE` names: one grade, or every grade for "all"; InputError at --grade
/// ("unknown grade 'x' (expected one of: easy, …, all)") otherwise.
std::vector<engine::Grade> grades_of_flag(const std::string& value);

/// Which gradings `--grading VALUE` times: clues, techniques or both; InputError at --grading otherwise.
struct Gradings {
  bool clues = false;
  bool techniques = false;
};
Gradings gradings_of_flag(const std::string& value);

/// This executable, for child runs of itself.
std::string self_path();

/// A temporary folder, removed with everything in it when this goes.
struct TempDir {
  explicit TempDir(const std::string& stem);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path path;
};

}  // namespace puzzlepress::cli::bench

namespace puzzlepress::cli {

/// Canonical forms beside generation (bench_canonical.cpp): run_bench with --canonical.
int bench_canonical(const BenchArgs& args, std::ostream& out);

/// The dataset half of run_bench (bench_dataset.cpp).
int bench_dataset(const BenchArgs& args, std::ostream& out);

/// Preview speed (bench_preview.cpp): run_bench with --preview SPEC.
int bench_preview(const BenchArgs& args, std::ostream& out);

/// A book build beside the reference engine (bench_book.cpp): run_bench with --book.
int bench_book(const BenchArgs& args, std::ostream& out);

/// Another puzzlepress side by side (bench_against.cpp): run_bench with --against.
int bench_against(const BenchArgs& args, std::ostream& out);

/// The other sizes (bench_sizes.cpp): run_bench with --size other than 9x9.
int bench_sizes(const BenchArgs& args, std::ostream& out);

/// Killer generation, optionally beside killer-sudoku-generator (bench_killer.cpp): --kind killer.
int bench_killer(const BenchArgs& args, std::ostream& out);

/// Samurai generation beside classic 9x9 per tier (bench_samurai.cpp): --kind samurai.
int bench_samurai(const BenchArgs& args, std::ostream& out);

/// Variant kinds beside classic (bench_kinds.cpp): run_bench with --kind.
int bench_kinds(const BenchArgs& args, std::ostream& out);

}  // namespace puzzlepress::cli
