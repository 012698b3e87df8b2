#include "util/contained.h"

#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace puzzlepress::util {
namespace {

// Keeps the optimiser from dropping the busy loop and the touched memory.
volatile unsigned long g_sink = 0;

TEST_CASE("run_contained: the work's bytes come back whole, however many") {
  std::string expected(5 << 20, '\0');  // more than a pipe holds
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = static_cast<char>(i * 7 % 251);
  const Result<std::string> got = run_contained({}, [&] { return expected; });
  REQUIRE(got.ok());
  CHECK(got.value() == expected);
  const Result<std::string> empty = run_contained({}, [] { return std::string(); });
  REQUIRE(empty.ok());
  CHECK(empty.value().empty());
}

TEST_CASE("run_contained: what the child changes stays in the child") {
  int counter = 1;
  const Result<std::string> got = run_contained({}, [&] {
    counter = 2;
    return std::to_string(counter);
  });
  REQUIRE(got.ok());
  CHECK(got.value() == "2");
  CHECK(counter == 1);
}

TEST_CASE("run_contained: an exception is a failure with its message") {
  const Result<std::string> got = run_contained({}, []() -> std::string { throw std::runtime_error("no fonts"); });
  CHECK(got.error() == "failed: no fonts");
}

TEST_CASE("run_contained: a child that dies is named by its signal") {
  const Result<std::string> got = run_contained({}, []() -> std::string {
    std::raise(SIGKILL);
    return "unreachable";
  });
  CHECK(got.error() == "was stopped by signal 9: Killed");
}

TEST_CASE("run_contained: endless work is stopped at the CPU ceiling") {
  ContainedLimits limits;
  limits.cpu_ms = 300;
  const Result<std::string> got = run_contained(limits, []() -> std::string {
    for (;;) g_sink = g_sink + 1;
  });
  CHECK(got.error() == "took more than 0.3 s of CPU time");
}

TEST_CASE("run_contained: a child that sleeps or blocks is stopped at the wall ceiling") {
  ContainedLimits limits;
  limits.wall_ms = 300;
  const Result<std::string> got = run_contained(limits, []() -> std::string {
    for (;;) ::pause();
  });
  CHECK(got.error() == "did not finish within 0.3 s");
}

TEST_CASE("run_contained: a process the child leaves behind does not hold the call") {
  // The grandchild keeps the pipe open and never ends; the call returns when the child does
  // (if it did not, this test would never end).
  const Result<std::string> got = run_contained({}, [] {
    const pid_t grandchild = ::fork();
    if (grandchild == 0) {
      ::alarm(30);  // ends it even if this test fails before killing it
      for (;;) ::pause();
    }
    return std::to_string(grandchild);
  });
  REQUIRE(got.ok());
  const pid_t grandchild = static_cast<pid_t>(std::stol(got.value()));
  CHECK(grandchild > 0);
  ::kill(grandchild, SIGKILL);
}

TEST_CASE("run_contained: what a process the child leaves behind writes is not the child's") {
  const Result<std::string> got = run_contained({}, [] {
    // The pipe back to the caller: the one write-only FIFO past stdin, stdout and stderr.
    int pipe_fd = -1;
    for (int fd = 3; fd < 1024 && pipe_fd < 0; ++fd) {
      struct stat st {};
      const int flags = ::fcntl(fd, F_GETFL);
      if (flags >= 0 && (flags & O_ACCMODE) == O_WRONLY && ::fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) pipe_fd = fd;
    }
    const pid_t child = ::getpid();
    if (pipe_fd >= 0 && ::fork() == 0) {
      ::alarm(30);
      // Writes once the child has ended (and it is adopted elsewhere): bytes mixed into the
      // child's own answer could only make the call fail, never pass as the answer.
      while (::getppid() == child) ::usleep(1000);
      const std::string noise(4096, 'n');
      for (;;) {
        if (::write(pipe_fd, noise.data(), noise.size()) < 0 && errno != EINTR) ::_exit(0);
      }
    }
    return std::string(pipe_fd >= 0 ? "x" : "no pipe found");
  });
  REQUIRE(got.ok());
  CHECK(got.value() == "x");
}

TEST_CASE("run_contained: a child that closes its pipe and goes on is still watched") {
  ContainedLimits limits;
  limits.wall_ms = 300;
  const Result<std::string> got = run_contained(limits, []() -> std::string {
    for (int fd = 3; fd < 1024; ++fd) ::close(fd);
    for (;;) ::pause();
  });
  CHECK(got.error() == "did not finish within 0.3 s");
}

TEST_CASE("run_contained: an ignored SIGCHLD does not hide how the child ended") {
  struct sigaction ignore {
  }, saved{};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  REQUIRE(::sigaction(SIGCHLD, &ignore, &saved) == 0);
  const Result<std::string> got = run_contained({}, []() -> std::string { throw std::runtime_error("no fonts"); });
  struct sigaction after {};
  ::sigaction(SIGCHLD, &saved, &after);
  CHECK(got.error() == "failed: no fonts");
  CHECK((after.sa_handler == SIG_IGN));  // the caller's setting was put back
}

TEST_CASE("run_contained: growing memory is stopped at the memory ceiling") {
  ContainedLimits limits;
  limits.extra_memory_bytes = std::size_t{32} << 20;
  SUBCASE("memory held while it grows") {
    const Result<std::string> got = run_contained(limits, []() -> std::string {
      std::vector<std::vector<char>> held;
      for (;;) {
        held.emplace_back(std::size_t{1} << 20, '\1');  // touched: resident
        g_sink = g_sink + static_cast<unsigned long>(held.back()[4096]);
      }
    });
    CHECK(got.error() == "needed more than 32 MiB of memory");
  }
  SUBCASE("a burst ended before the watch could see it still counts") {
    const Result<std::string> got = run_contained(limits, []() -> std::string {
      std::vector<char> burst(std::size_t{96} << 20, '\1');
      g_sink = g_sink + static_cast<unsigned long>(burst[burst.size() / 2]);
      return "done";
    });
    CHECK(got.error() == "needed more than 32 MiB of memory");
  }
  SUBCASE("the caller's own earlier peak is not the child's") {
    {
      std::vector<char> earlier(std::size_t{128} << 20, '\1');
      g_sink = g_sink + static_cast<unsigned long>(earlier[earlier.size() / 3]);
    }  // freed (glibc returns blocks this large to the system at once)
    CHECK(run_contained(limits, [] { return std::string("small"); }).ok());
  }
  SUBCASE("work under the ceiling passes") {
    const Result<std::string> got = run_contained(limits, []() -> std::string {
      std::vector<char> small(std::size_t{4} << 20, '\1');
      return std::string(1, small[100]);
    });
    REQUIRE(got.ok());
    CHECK(got.value() == "\1");
  }
}

TEST_CASE("run_contained: too many bytes back is a failure") {
  ContainedLimits limits;
  limits.max_output_bytes = 1000;
  CHECK(run_contained(limits, [] { return std::string(1001, 'x'); }).error() == "returned more than 1000 bytes");
  CHECK(run_contained(limits, [] { return std::string(1000, 'x'); }).ok());
}

}  // namespace
}  // namespace puzzlepress::util
