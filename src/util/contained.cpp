#include "util/contained.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
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
#include <optional>
#include <sstream>

namespace puzzlepress::util {
namespace {

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

/// "1000 bytes" under a mebibyte, else whole mebibytes, rounded: "512 MiB".
std::string size_text(std::size_t bytes) {
  constexpr double kMiB = 1024.0 * 1024.0;
  if (static_cast<double>(bytes) < kMiB) return std::to_string(bytes) + " bytes";
  char text[32];
  std::snprintf(text, sizeof text, "%.0f MiB", static_cast<double>(bytes) / kMiB);
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

/// What the child sends: a header of its resident memory at its start (a fork shares the
/// caller's pages without counting all of them), then, when work ends, the length of its bytes
/// and the bytes. Numbers are 8 bytes, little-endian. Bytes after those (from a process the
/// child left behind) are not read.
constexpr std::size_t kNumberBytes = 8;
constexpr std::size_t kHeaderBytes = kNumberBytes;

bool write_number(int fd, std::uint64_t number) {
  char bytes[kNumberBytes];
  for (std::size_t i = 0; i < kNumberBytes; ++i) bytes[i] = static_cast<char>((number >> (8 * i)) & 0xff);
  return write_all(fd, bytes, kNumberBytes);
}

std::uint64_t read_number(const char* bytes) {
  std::uint64_t number = 0;
  for (std::size_t i = 0; i < kNumberBytes; ++i)
    number |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * i);
  return number;
}

bool write_payload(int fd, const std::string& bytes) {
  return write_number(fd, bytes.size()) && write_all(fd, bytes.data(), bytes.size());
}

/// The child's side: its resident memory to `fd`, ceilings on itself, then work, its bytes to
/// `fd`, and _exit.
[[noreturn]] void run_child(const ContainedLimits& limits, const std::function<std::string()>& work, int fd,
                            pid_t parent) {
  // Dies with its parent (killed alone, the parent could not stop it), dumps no core, and
  // writes nothing to the terminal: a library failing an allocation prints and aborts.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(kExitFailed);
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  if (!kAddressSanitizerBuild) {  // sanitizer reports stay visible
    const int null_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null_fd >= 0) {
      ::dup2(null_fd, STDERR_FILENO);
      ::dup2(null_fd, STDOUT_FILENO);
      ::close(null_fd);
    }
  }
  if (!write_number(fd, statm_bytes("self", 2))) ::_exit(kExitFailed);
  // The kernel's CPU ceiling backs up the parent's watch (which kills at cpu_ms): SIGXCPU a
  // second after it, SIGKILL a second later.
  const rlim_t cpu_s = static_cast<rlim_t>(limits.cpu_ms / 1000 + 2);
  const rlimit cpu{cpu_s, cpu_s + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  // The address-space ceiling turns a runaway allocation into std::bad_alloc before the parent
  // notices it. AddressSanitizer reserves terabytes of address space, so its builds rely on the
  // parent's watch alone.
  if (!kAddressSanitizerBuild) {
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
    ::_exit(write_payload(fd, bytes) ? 0 : kExitFailed);
  } catch (const std::bad_alloc&) {
    ::_exit(kExitOutOfMemory);
  } catch (const std::exception& e) {
    const std::string why = std::string("failed: ") + e.what();
    write_payload(fd, why);
    ::_exit(kExitFailed);
  } catch (...) {
    const std::string why = "failed: an unknown exception";
    write_payload(fd, why);
    ::_exit(kExitFailed);
  }
}

enum class Verdict { none, cpu, wall, memory, output };

/// The child while the parent watches it: killed and reaped on any way out, so that no child
/// outlives the call (an exception while collecting its bytes included).
class WatchedChild {
 public:
  WatchedChild(pid_t pid, int read_fd) : pid_(pid), read_fd_(read_fd) {}
  WatchedChild(const WatchedChild&) = delete;
  WatchedChild& operator=(const WatchedChild&) = delete;
  ~WatchedChild() {
    if (read_fd_ >= 0) ::close(read_fd_);
    if (!reaped_) {
      ::kill(pid_, SIGKILL);
      reap(0);
    }
  }

  pid_t pid() const { return pid_; }
  int read_fd() const { return read_fd_; }
  bool reaped() const { return reaped_; }
  int status() const { return status_; }
  const rusage& usage() const { return usage_; }

  /// Waits for the child (`options` 0) or looks whether it has ended (WNOHANG). False when it
  /// cannot be waited for at all (SIGCHLD ignored by whoever started us: the kernel reaps it).
  bool reap(int options) {
    for (;;) {
      const pid_t got = ::wait4(pid_, &status_, options, &usage_);
      if (got == pid_) {
        reaped_ = true;
        return true;
      }
      if (got == 0) return true;  // WNOHANG: still running
      if (errno != EINTR) {
        reaped_ = true;  // nothing left to wait for
        lost_ = true;
        return false;
      }
    }
  }
  bool lost() const { return lost_; }

 private:
  pid_t pid_;
  int read_fd_;
  bool reaped_ = false;
  bool lost_ = false;
  int status_ = 0;
  rusage usage_{};
};

/// SIGCHLD at its default for the call (an ignored SIGCHLD, inherited across exec, would make
/// the kernel reap the child before its status could be read), restored afterwards.
class DefaultChildSignal {
 public:
  DefaultChildSignal() {
    struct sigaction standard {};
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    restore_ = ::sigaction(SIGCHLD, &standard, &saved_) == 0;
  }
  DefaultChildSignal(const DefaultChildSignal&) = delete;
  DefaultChildSignal& operator=(const DefaultChildSignal&) = delete;
  ~DefaultChildSignal() {
    if (restore_) ::sigaction(SIGCHLD, &saved_, nullptr);
  }

 private:
  struct sigaction saved_ {};
  bool restore_ = false;
};

/// The child's bytes as they arrive on the pipe: its header (its resident memory after the
/// fork), the length of the work's bytes, then those bytes.
class ChildBytes {
 public:
  ChildBytes(const ContainedLimits& limits, std::size_t memory_ceiling)
      : limits_(limits), memory_ceiling_(memory_ceiling) {}

  /// Appends what was read; Verdict::output when the announced length is past the limit.
  Verdict take(const char* data, std::size_t size) {
    if (complete()) return Verdict::none;
    bytes_.append(data, size);
    if (!have_header_ && bytes_.size() >= kHeaderBytes) {
      have_header_ = true;
      memory_ceiling_ = static_cast<std::size_t>(read_number(bytes_.data())) + limits_.extra_memory_bytes;
    }
    if (!complete_size_ && bytes_.size() >= kHeaderBytes + kNumberBytes) {
      const std::uint64_t length = read_number(bytes_.data() + kHeaderBytes);
      if (length > limits_.max_output_bytes) return Verdict::output;
      complete_size_ = kHeaderBytes + kNumberBytes + static_cast<std::size_t>(length);
    }
    if (complete()) bytes_.resize(*complete_size_);
    return Verdict::none;
  }
  bool complete() const { return complete_size_ && bytes_.size() >= *complete_size_; }
  /// Until the child's header arrives, the caller's resident memory stands for the child's.
  std::size_t memory_ceiling() const { return memory_ceiling_; }
  /// The work's bytes (once complete).
  std::string work_bytes() && {
    bytes_.erase(0, kHeaderBytes + kNumberBytes);
    return std::move(bytes_);
  }

 private:
  const ContainedLimits& limits_;
  std::size_t memory_ceiling_;
  std::string bytes_;
  bool have_header_ = false;
  std::optional<std::size_t> complete_size_;  ///< header, length and bytes, once the length is known
};

/// Reads `child`'s bytes until it has ended and they are read, watching its memory, CPU time
/// and wall time all the while (also once the pipe has ended: a child may close it and go on);
/// kills it at the first ceiling passed and says which. A process the child started may hold
/// the pipe open after it; what it writes is not read.
Verdict watch(WatchedChild& child, ChildBytes& bytes, const ContainedLimits& limits, long wall_ceiling_ms) {
  const std::string pid_text = std::to_string(child.pid());
  const auto start = std::chrono::steady_clock::now();
  Verdict verdict = Verdict::none;
  const auto stop = [&](Verdict why) {
    if (verdict != Verdict::none || why == Verdict::none) return;
    verdict = why;
    ::kill(child.pid(), SIGKILL);
  };
  constexpr int kReadsAfterEnd = 64;  // of up to 64 KiB each
  int reads_after_end = 0;
  for (bool open = true;;) {
    pollfd watched{open ? child.read_fd() : -1, POLLIN, 0};
    const int ready = ::poll(&watched, 1, child.reaped() ? 0 : kWatchIntervalMs);
    if (ready < 0 && errno == EINTR) continue;
    if (ready > 0) {
      char buffer[65536];
      const ssize_t n = ::read(child.read_fd(), buffer, sizeof buffer);
      if (n > 0 && verdict == Verdict::none) stop(bytes.take(buffer, static_cast<std::size_t>(n)));
      else if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) open = false;
    }
    if (child.reaped()) {
      // What an ended child wrote is all in the pipe (at most its capacity, 1 MiB by default
      // settings): a few reads take it. More is another process's.
      if (ready <= 0 || !open || bytes.complete() || verdict != Verdict::none || ++reads_after_end > kReadsAfterEnd)
        break;
      continue;
    }
    if (!child.reap(WNOHANG)) break;
    if (child.reaped() || verdict != Verdict::none) continue;
    const long elapsed_ms = static_cast<long>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
    if (statm_bytes(pid_text, 2) > bytes.memory_ceiling()) stop(Verdict::memory);
    else if (cpu_ms_of(child.pid()) > limits.cpu_ms) stop(Verdict::cpu);
    else if (elapsed_ms > wall_ceiling_ms) stop(Verdict::wall);
  }
  return verdict;
}

/// After the end, what the child spent in all (the watch may have missed a short burst).
Verdict verdict_after_end(const WatchedChild& child, const ChildBytes& bytes, const ContainedLimits& limits) {
  const int status = child.status();
  const long cpu_spent_ms = ms_of(child.usage().ru_utime) + ms_of(child.usage().ru_stime);
  const std::size_t peak_resident = static_cast<std::size_t>(child.usage().ru_maxrss) * 1024;  // KiB on Linux
  const bool exited = WIFEXITED(status);
  const int code = exited ? WEXITSTATUS(status) : 0;
  if (exited && code == kExitTooMuchOutput) return Verdict::output;
  if ((exited && code == kExitOutOfMemory) || peak_resident > bytes.memory_ceiling()) return Verdict::memory;
  if (cpu_spent_ms > limits.cpu_ms || (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)) return Verdict::cpu;
  return Verdict::none;
}

/// The message for a ceiling passed.
std::string ceiling_passed(Verdict verdict, const ContainedLimits& limits, long wall_ceiling_ms) {
  switch (verdict) {
    case Verdict::cpu: return "took more than " + seconds_text(limits.cpu_ms) + " s of CPU time";
    case Verdict::wall: return "did not finish within " + seconds_text(wall_ceiling_ms) + " s";
    case Verdict::memory: return "needed more than " + size_text(limits.extra_memory_bytes) + " of memory";
    case Verdict::output: return "returned more than " + size_text(limits.max_output_bytes);
    case Verdict::none: break;
  }
  return {};
}

}  // namespace

Result<std::string> run_contained(const ContainedLimits& limits, const std::function<std::string()>& work) {
  using Failure = Result<std::string>;
  const DefaultChildSignal default_child_signal;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return Failure::failure(std::string("could not start: ") + std::strerror(errno));
  ChildBytes bytes(limits, statm_bytes("self", 2) + limits.extra_memory_bytes);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    return Failure::failure(std::string("could not start: ") + std::strerror(error));
  }
  if (pid == 0) {
    ::close(fds[0]);
    run_child(limits, work, fds[1], parent);
  }
  ::close(fds[1]);
  WatchedChild child(pid, fds[0]);
  const long wall_ceiling_ms = limits.wall_ms > 0 ? limits.wall_ms : limits.cpu_ms * 4 + 10'000;
  Verdict verdict = watch(child, bytes, limits, wall_ceiling_ms);
  if (!child.reaped()) child.reap(0);
  if (child.lost()) return Failure::failure("could not be waited for (was it reaped elsewhere?)");
  if (verdict == Verdict::none) verdict = verdict_after_end(child, bytes, limits);
  if (verdict != Verdict::none) return Failure::failure(ceiling_passed(verdict, limits, wall_ceiling_ms));

  const int status = child.status();
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return Failure::failure("was stopped by signal " + std::to_string(signal) + ": " + ::strsignal(signal));
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  if (!bytes.complete()) {
    return Failure::failure(code != 0 ? "exited with status " + std::to_string(code)
                                      : "ended before sending all its bytes");
  }
  std::string work_bytes = std::move(bytes).work_bytes();
  if (code == kExitFailed && work_bytes.rfind("failed: ", 0) == 0) return Failure::failure(work_bytes);
  if (code != 0) return Failure::failure("exited with status " + std::to_string(code));
  return Result<std::string>::success(std::move(work_bytes));
}

}  // namespace puzzlepress::util
