#include "util/contained.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>
#include <sstream>

namespace puzzlepress::util {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

/// Exit statuses of the child besides 0 (the bytes follow on the pipe).
constexpr int kExitFailed = 3;         ///< an exception left work; "failed: what" is on the pipe
constexpr int kExitOutOfMemory = 4;    ///< std::bad_alloc (the address-space ceiling)
constexpr int kExitTooMuchOutput = 5;  ///< work returned more than max_output_bytes

/// How often the parent looks at the child's memory and CPU time, milliseconds.
constexpr int kWatchIntervalMs = 5;

/// Pages resident (field 2) or mapped (field 1) in /proc/PID/statm, in bytes; 0 when unreadable.
std::size_t statm_bytes(const std::string& pid, int field) {
  std::ifstream in("/proc/" + pid + "/statm");
  std::size_t size = 0, resident = 0;
  if (!(in >> size >> resident)) return 0;
  return (field == 1 ? size : resident) * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

/// User + system CPU time of process `pid` so far (/proc/PID/stat), milliseconds; 0 when unreadable.
long cpu_ms_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return 0;
  const std::size_t name_end = line.rfind(')');  // the command name may hold spaces and ')'
  if (name_end == std::string::npos) return 0;
  std::istringstream fields(line.substr(name_end + 1));
  std::string field;
  long utime = 0, stime = 0;
  // Fields after the name start at 3 (state); utime and stime are 14 and 15.
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) utime = std::atol(field.c_str());
    if (i == 15) stime = std::atol(field.c_str());
  }
  const long ticks_per_s = sysconf(_SC_CLK_TCK);
  return ticks_per_s > 0 ? (utime + stime) * 1000 / ticks_per_s : 0;
}

long ms_of(const timeval& t) { return static_cast<long>(t.tv_sec) * 1000 + static_cast<long>(t.tv_usec) / 1000; }

std::string seconds_text(long ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(ms) / 1000.0);
  return text;
}

/// "512 MiB" for whole mebibytes, "1000 bytes" otherwise.
std::string size_text(std::size_t bytes) {
  if (bytes % (std::size_t{1} << 20) != 0) return std::to_string(bytes) + " bytes";
  char text[32];
  std::snprintf(text, sizeof text, "%zu MiB", bytes >> 20);
  return text;
}

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

/// Bytes of the header the child sends first: its resident memory at its start (a fork shares
/// the caller's pages without counting all of them), little-endian.
constexpr std::size_t kHeaderBytes = 8;

/// The child's side: its resident memory to `fd`, ceilings on itself, then work, its bytes to
/// `fd`, and _exit.
[[noreturn]] void run_child(const ContainedLimits& limits, const std::function<std::string()>& work, int fd) {
  std::uint64_t resident = statm_bytes("self", 2);
  char header[kHeaderBytes];
  for (std::size_t i = 0; i < kHeaderBytes; ++i) header[i] = static_cast<char>((resident >> (8 * i)) & 0xff);
  if (!write_all(fd, header, kHeaderBytes)) ::_exit(kExitFailed);
  // The kernel's CPU ceiling backs up the parent's watch (which kills at cpu_ms): SIGXCPU a
  // second after it, SIGKILL a second later.
  const rlim_t cpu_s = static_cast<rlim_t>(limits.cpu_ms / 1000 + 2);
  const rlimit cpu{cpu_s, cpu_s + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  // The address-space ceiling turns a runaway allocation into std::bad_alloc before the parent
  // notices it. AddressSanitizer reserves terabytes of address space, so its builds rely on the
  // parent's watch alone.
  if (!kAddressSanitizer) {
    const std::size_t mapped = statm_bytes("self", 1);
    if (mapped > 0) {
      const rlim_t ceiling = static_cast<rlim_t>(mapped + 2 * limits.extra_memory_bytes);
      const rlimit space{ceiling, ceiling};
      setrlimit(RLIMIT_AS, &space);
    }
  }
  try {
    const std::string bytes = work();
    if (bytes.size() > limits.max_output_bytes) ::_exit(kExitTooMuchOutput);
    ::_exit(write_all(fd, bytes.data(), bytes.size()) ? 0 : kExitFailed);
  } catch (const std::bad_alloc&) {
    ::_exit(kExitOutOfMemory);
  } catch (const std::exception& e) {
    const std::string why = std::string("failed: ") + e.what();
    write_all(fd, why.data(), why.size());
    ::_exit(kExitFailed);
  } catch (...) {
    const std::string why = "failed: an unknown exception";
    write_all(fd, why.data(), why.size());
    ::_exit(kExitFailed);
  }
}

enum class Verdict { none, cpu, memory, output };

}  // namespace

Result<std::string> run_contained(const ContainedLimits& limits, const std::function<std::string()>& work) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return Result<std::string>::failure(std::string("could not start: ") + std::strerror(errno));
  // Until the child's header arrives, the caller's resident memory stands for the child's.
  std::size_t memory_ceiling = statm_bytes("self", 2) + limits.extra_memory_bytes;
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    return Result<std::string>::failure(std::string("could not start: ") + std::strerror(error));
  }
  if (pid == 0) {
    ::close(fds[0]);
    run_child(limits, work, fds[1]);
  }
  ::close(fds[1]);

  const std::string pid_text = std::to_string(pid);
  const auto start = std::chrono::steady_clock::now();
  // A child that sleeps or blocks spends no CPU; wall time four times the CPU ceiling (and ten
  // seconds more) ends it too.
  const auto wall_ceiling = std::chrono::milliseconds(limits.cpu_ms * 4 + 10'000);
  std::string bytes;  // the header, then the work's bytes
  bool have_header = false;
  Verdict verdict = Verdict::none;
  const auto stop = [&](Verdict why) {
    if (verdict != Verdict::none) return;
    verdict = why;
    ::kill(pid, SIGKILL);
  };
  for (bool open = true; open;) {
    pollfd watched{fds[0], POLLIN, 0};
    const int ready = ::poll(&watched, 1, kWatchIntervalMs);
    if (ready > 0) {
      char buffer[65536];
      const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
      if (n > 0) {
        if (verdict == Verdict::none) bytes.append(buffer, static_cast<std::size_t>(n));
        if (!have_header && bytes.size() >= kHeaderBytes) {
          have_header = true;
          std::uint64_t resident = 0;
          for (std::size_t i = 0; i < kHeaderBytes; ++i) {
            resident |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * i);
          }
          memory_ceiling = static_cast<std::size_t>(resident) + limits.extra_memory_bytes;
        }
        if (bytes.size() > kHeaderBytes + limits.max_output_bytes) stop(Verdict::output);
      } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        open = false;
      }
    }
    if (verdict != Verdict::none) continue;
    if (statm_bytes(pid_text, 2) > memory_ceiling) stop(Verdict::memory);
    else if (cpu_ms_of(pid) > limits.cpu_ms) stop(Verdict::cpu);
    else if (std::chrono::steady_clock::now() - start > wall_ceiling) stop(Verdict::cpu);
  }
  ::close(fds[0]);
  int status = 0;
  rusage usage{};
  while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }

  // After the end, what the child spent in all (the watch may have missed a short burst).
  const long cpu_spent_ms = ms_of(usage.ru_utime) + ms_of(usage.ru_stime);
  const std::size_t peak_resident = static_cast<std::size_t>(usage.ru_maxrss) * 1024;  // KiB on Linux
  const bool exited = WIFEXITED(status);
  const int code = exited ? WEXITSTATUS(status) : 0;
  if (verdict == Verdict::none) {
    if (exited && code == kExitTooMuchOutput) verdict = Verdict::output;
    else if ((exited && code == kExitOutOfMemory) || peak_resident > memory_ceiling) verdict = Verdict::memory;
    else if (cpu_spent_ms > limits.cpu_ms || (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)) verdict = Verdict::cpu;
  }
  switch (verdict) {
    case Verdict::cpu:
      return Result<std::string>::failure("took more than " + seconds_text(limits.cpu_ms) + " s of CPU time");
    case Verdict::memory:
      return Result<std::string>::failure("needed more than " + size_text(limits.extra_memory_bytes) + " of memory");
    case Verdict::output:
      return Result<std::string>::failure("returned more than " + size_text(limits.max_output_bytes));
    case Verdict::none:
      break;
  }
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return Result<std::string>::failure("stopped by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")");
  }
  if (!have_header) return Result<std::string>::failure("exited with status " + std::to_string(code));
  bytes.erase(0, kHeaderBytes);
  if (code == kExitFailed && bytes.rfind("failed: ", 0) == 0) return Result<std::string>::failure(bytes);
  if (code != 0) return Result<std::string>::failure("exited with status " + std::to_string(code));
  return Result<std::string>::success(std::move(bytes));
}

}  // namespace puzzlepress::util
