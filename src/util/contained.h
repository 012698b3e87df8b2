// contained: a piece of work run in a child process under a CPU-time and a memory ceiling, for
// work on hostile input whose cost cannot be bounded beforehand (poppler reading the text of an
// uploaded PDF follows annotation appearances, soft masks and font programs our own scan does
// not: a 1 MB file kept it busy for 15 s or took 559 MB).
//
// The child is a fork of the calling process: it sees everything the caller has at the call,
// runs `work`, sends back the bytes `work` returns through a pipe and exits without running
// destructors. Nothing else it does reaches the caller. POSIX (Linux: /proc) only.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "util/result.h"

namespace puzzlepress::util {

struct ContainedLimits {
  /// CPU time (user + system) the child may spend, milliseconds.
  long cpu_ms = 30'000;
  /// Resident memory the child may add to what the caller had resident when it was forked, bytes.
  std::size_t extra_memory_bytes = std::size_t{512} << 20;
  /// Bytes `work` may return.
  std::size_t max_output_bytes = std::size_t{64} << 20;
};

/// The bytes `work` returned in the child, or one line saying why there are none:
///   "took more than 1.5 s of CPU time"
///   "needed more than 512 MiB of memory"
///   "returned more than 64 MiB" (sizes in whole MiB, else in bytes)
///   "failed: <what()>" (an exception left `work`)
///   "stopped by signal 11 (Segmentation fault)", "exited with status 3"
///   "could not start: <why>" (fork or pipe failed)
/// The CPU and memory verdicts hold however fast the child ends: the child is watched while it
/// runs (and killed once over) and its peak is checked again after it ends.
Result<std::string> run_contained(const ContainedLimits& limits, const std::function<std::string()>& work);

}  // namespace puzzlepress::util
