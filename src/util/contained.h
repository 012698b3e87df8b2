// contained: a piece of work run in a child process under a CPU-time and a memory ceiling, for
// work on hostile input whose cost cannot be bounded beforehand (poppler reading the text of an
// uploaded PDF follows annotation appearances, soft masks and font programs our own scan does
// not: a 1 MB file kept it busy for 15 s or took 559 MB).
//
// The child is a fork of the calling process: it sees everything the caller has at the call,
// runs `work`, sends back the bytes `work` returns through a pipe and exits without running
// destructors. Nothing else it does reaches the caller. It dies with the caller, dumps no core
// and (outside AddressSanitizer builds) writes nothing to the terminal. Linux only (/proc,
// prctl).
//
// Call it from a single-threaded process: locks other threads hold at the fork stay locked in
// the child. SIGCHLD is set to its default for the call.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "util/result.h"

namespace puzzlepress::util {

/// True in AddressSanitizer builds, whose memory (a quarantine of freed blocks, shadow) and time
/// are several times a release build's: callers scale their ceilings.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizerBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizerBuild = true;
#else
inline constexpr bool kAddressSanitizerBuild = false;
#endif
#else
inline constexpr bool kAddressSanitizerBuild = false;
#endif

struct ContainedLimits {
  /// CPU time (user + system) the child may spend, milliseconds.
  long cpu_ms = 30'000;
  /// Wall time, milliseconds; 0: four times cpu_ms and ten seconds more. A child that sleeps or
  /// is stopped spends no CPU.
  long wall_ms = 0;
  /// Resident memory the child may add to what it had resident when it started, bytes.
  std::size_t extra_memory_bytes = std::size_t{512} << 20;
  /// Bytes `work` may return.
  std::size_t max_output_bytes = std::size_t{64} << 20;
};

/// The bytes `work` returned in the child, or one line saying why there are none:
///   "took more than 1.5 s of CPU time"
///   "did not finish within 16 s" (wall_ms)
///   "needed more than 512 MiB of memory"
///   "returned more than 64 MiB" (sizes in MiB, rounded, from 1 MiB; else in bytes)
///   "failed: <what()>" (an exception left `work`)
///   "was stopped by signal 11: Segmentation fault", "exited with status 3"
///   "could not start: <why>" (fork or pipe failed)
///   "ended before sending all its bytes", "could not be waited for (was it reaped elsewhere?)"
/// The CPU and memory verdicts hold however fast the child ends: the child is watched while it
/// runs (and killed once over) and its peak is checked again after it ends.
Result<std::string> run_contained(const ContainedLimits& limits, const std::function<std::string()>& work);

}  // namespace puzzlepress::util
