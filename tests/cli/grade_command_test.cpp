#include "cli/grade_command.h"

#include <doctest/doctest.h>

#include <sstream>

#include "cli/exit_codes.h"
#include "support/command.h"

using namespace puzzlepress::cli;
using puzzlepress::testing::CommandRun;

namespace {

// `puzzlepress grade` on `puzzles` (with --steps when `steps`): its exit code and what it printed.
CommandRun grade(std::vector<std::string> puzzles, bool steps = false) {
  GradeArgs args;
  args.puzzles = std::move(puzzles);
  args.steps = steps;
  std::istringstream in;
  std::ostringstream out;
  const int code = run_grade(args, in, out);
  return {code, out.str()};
}

// Singles only: the reference engine's "hard" board for seed 42 (tests/engine/generator9_test.cpp),
// which shows why clue counts alone mislabel puzzles.
const std::string kSinglesOnly = ".6..4...143.1..2..2.....3.8..9...63..7..2..5..48...7..6.4.....5..2..1.639...8..2.";
// "Easter Monster", a well-known board no technique short of trial (or nested chains) cracks.
const std::string kEasterMonster = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

}  // namespace

TEST_SUITE("grade command") {
  TEST_CASE("tier, rating and technique counts") {
    const CommandRun singles = grade({kSinglesOnly});
    CHECK(singles.exit_code == kExitOk);
    CHECK(singles.output.rfind("easy rating 1.2: full house ", 0) == 0);
    CHECK(singles.output.find("hidden single (box) ") != std::string::npos);
    CHECK(grade({kEasterMonster}) == CommandRun{kExitOk, "evil rating 10.0 (needs trial)\n"});
  }

  TEST_CASE("--steps explains each placement in a solver's words") {
    const std::string out = grade({kSinglesOnly}, true).output;
    std::istringstream lines(out);
    std::string line;
    std::getline(lines, line);
    int steps = 0;
    while (std::getline(lines, line)) {
      ++steps;
      CHECK(line.rfind("  " + std::to_string(steps) + ". r", 0) == 0);
    }
    CHECK(steps == 81 - 29);  // one placement per empty cell
    CHECK(out.find("  1. r1c1 = 8: hidden single (box) in box 1\n") != std::string::npos);
  }

  TEST_CASE("only unique puzzles are graded; others are reported as solve reports them") {
    std::string two = kSinglesOnly;
    for (auto& c : two)
      if (c == '1' || c == '2') c = '.';
    const CommandRun run = grade({kSinglesOnly, two, "12"});
    CHECK(run.exit_code == kExitMalformed);
    const std::string& out = run.output;
    CHECK(out.find("1: easy rating 1.2") == 0);
    CHECK(out.find("\n2: multiple nodes=") != std::string::npos);
    CHECK(out.find("\n3: malformed: expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 "
                   "or 16x16 grid), got 2\n") != std::string::npos);
  }

  TEST_CASE("other sizes: graded by their own tiers, steps in their own names") {
    // a 4x4 of 5 clues needs hidden singles: Medium on 4x4 (Easy is full houses only)
    const CommandRun four = grade({"......3..4..31.4"});
    CHECK(four.exit_code == kExitOk);
    CHECK(four.output.rfind("medium rating 1.2: full house ", 0) == 0);
    // a 16x16 with its last cell of row 1 open
    std::string sixteen;
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 16; ++c) sixteen += "123456789ABCDEFG"[(4 * (r % 4) + r / 4 + c) % 16];
    sixteen[15] = '.';
    CHECK(grade({sixteen}, true) ==
          CommandRun{kExitOk, "easy rating 1.0: full house 1\n  1. r1c16 = G: full house in row 1\n"});
  }
}
