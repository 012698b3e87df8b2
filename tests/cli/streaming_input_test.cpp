// solve and grade read standard input as a stream (hostile round two): an endless input is
// refused at its first long line instead of growing without limit, and each puzzle is answered
// as it arrives instead of after the whole input was held in memory.
#include <doctest/doctest.h>

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "support/command.h"

extern char** environ;

namespace {

const std::string kPuzzle = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

// Runs `puzzlepress COMMAND -` with its standard input and output on pipes, writes `input`,
// keeps standard input open, and returns what it printed within `seconds` (then closes
// everything and reaps it).
std::string output_while_input_open(const std::string& command, const std::string& input, int seconds,
                                    std::size_t wanted_lines) {
  int to_child[2], from_child[2];
  REQUIRE(::pipe(to_child) == 0);
  REQUIRE(::pipe(from_child) == 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  posix_spawn_file_actions_addclose(&actions, to_child[1]);
  posix_spawn_file_actions_addclose(&actions, from_child[0]);
  std::string binary = PUZZLEPRESS_BINARY, dash = "-";
  std::string cmd = command;
  char* argv[] = {binary.data(), cmd.data(), dash.data(), nullptr};
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, argv[0], &actions, nullptr, argv, environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(to_child[0]);
  ::close(from_child[1]);
  REQUIRE(::write(to_child[1], input.data(), input.size()) == static_cast<ssize_t>(input.size()));
  std::string out;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (static_cast<std::size_t>(std::count(out.begin(), out.end(), '\n')) < wanted_lines &&
         std::chrono::steady_clock::now() < deadline) {
    pollfd p{from_child[0], POLLIN, 0};
    if (::poll(&p, 1, 100) > 0) {
      char buffer[4096];
      const ssize_t n = ::read(from_child[0], buffer, sizeof buffer);
      if (n <= 0) break;
      out.append(buffer, static_cast<std::size_t>(n));
    }
  }
  ::close(to_child[1]);
  ::close(from_child[0]);
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return out;
}

}  // namespace

TEST_SUITE("streaming input") {
  TEST_CASE("an endless line (/dev/zero) is refused at its first 4 KiB, exit 2") {
    for (const std::string command : {"solve", "grade"}) {
      CAPTURE(command);
      const auto r = puzzlepress::testing::run_shell("timeout 60 '" + std::string(PUZZLEPRESS_BINARY) + "' " + command +
                                                     " - < /dev/zero");
      CHECK(r.exit_code == 2);
      CHECK(r.output == "puzzlepress: standard input, line 1: longer than 4096 bytes: no puzzle is that long\n");
    }
  }

  TEST_CASE("each puzzle is answered while the input is still open") {
    for (const std::string command : {"solve", "grade"}) {
      CAPTURE(command);
      const std::string out = output_while_input_open(command, kPuzzle + "\n" + kPuzzle + "\n", 30, 2);
      CHECK(out.starts_with("1: "));
      CHECK(out.find("\n2: ") != std::string::npos);
    }
  }

  TEST_CASE("a block longer than any board is read line by line") {
    std::string lines;
    for (int i = 0; i < 40; ++i) lines += kPuzzle + "\n";
    const auto r =
        puzzlepress::testing::run_shell("printf '" + lines + "' | '" + std::string(PUZZLEPRESS_BINARY) + "' solve -");
    CHECK(r.exit_code == 0);
    CHECK(r.output.find("40: unique") != std::string::npos);
  }
}
