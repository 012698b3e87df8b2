// The few tests that run the puzzlepress binary on purpose: exit codes and stderr as a user
// sees them.
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <sys/wait.h>

namespace {

struct Run {
  int exit_code;
  std::string output;  // stdout and stderr together
};

Run run(const std::string& arguments) {
  const std::string command = std::string("'") + PUZZLEPRESS_BINARY + "' " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string output;
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) output.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

}  // namespace

TEST_SUITE("end to end") {
  TEST_CASE("solve exit codes") {
    CHECK(run("solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").exit_code == 0);
    const Run bad = run("solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x");
    CHECK(bad.exit_code == 13);
    CHECK(bad.output == "malformed: bad character 'x' at position 81 (expected 1-9, '.' or '0')\n");
  }

  TEST_CASE("usage errors exit 2 with one message") {
    const Run r = run("generate --grade nope");
    CHECK(r.exit_code == 2);
    CHECK(r.output == "puzzlepress: --grade: unknown grade 'nope' (expected easy, medium, hard, extreme or evil)\n");
    CHECK(run("frobnicate").exit_code == 2);
    CHECK(run("generate --count abc").exit_code == 2);
  }

  TEST_CASE("version") {
    const Run r = run("--version");
    CHECK(r.exit_code == 0);
    CHECK(r.output.rfind("puzzlepress ", 0) == 0);
  }
}
