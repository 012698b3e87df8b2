#include "util/errors.h"
#include "cli/solve_command.h"

#include <doctest/doctest.h>

#include <sstream>

#include "cli/exit_codes.h"
#include "support/rule_checker.h"

using namespace puzzlepress::cli;
using puzzlepress::InputError;
namespace t = puzzlepress::testing;

namespace {
const std::string kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

int solve_text(std::vector<std::string> puzzles, std::string& out, const std::string& stdin_text = "",
               std::uint64_t budget = ~0ull) {
  std::istringstream in(stdin_text);
  std::ostringstream o;
  SolveArgs args;
  args.puzzles = std::move(puzzles);
  args.budget = budget;
  const int code = run_solve(args, in, o);
  out = o.str();
  return code;
}
}  // namespace

TEST_SUITE("solve command") {
  TEST_CASE("unique: status, nodes, a solution the rule checker accepts") {
    std::string out;
    CHECK(solve_text({kPuzzle}, out) == kExitOk);
    REQUIRE(out.rfind("unique nodes=", 0) == 0);
    const std::string solution = out.substr(out.size() - 82, 81);
    CHECK(t::is_complete_legal(solution));
    CHECK(t::agrees_with(kPuzzle, solution));
  }

  TEST_CASE("each status has its own exit code; several inputs take the largest") {
    std::string out;
    std::string multiple = kPuzzle;
    for (auto& c : multiple)
      if (c == '1' || c == '2') c = '.';
    CHECK(solve_text({multiple}, out) == kExitMultiple);
    CHECK(out.rfind("multiple nodes=", 0) == 0);
    CHECK(solve_text({"55" + kPuzzle.substr(2)}, out) == kExitInconsistent);
    CHECK(out == "inconsistent: digit 5 appears twice in row 1\n");
    CHECK(solve_text({kPuzzle.substr(0, 80)}, out) == kExitMalformed);
    CHECK(out == "malformed: expected 81 cells, got 80\n");
    CHECK(solve_text({kPuzzle}, out, "", 0) == kExitUnresolved);
    CHECK(out == "unresolved nodes=0\n");
    CHECK(solve_text({kPuzzle, kPuzzle.substr(0, 80), multiple}, out) == kExitMalformed);
    CHECK(out.find("1: unique") == 0);
    CHECK(out.find("\n2: malformed") != std::string::npos);
    CHECK(out.find("\n3: multiple") != std::string::npos);
  }

  TEST_CASE("no_solution: consistent givens that cannot be completed") {
    // Row 1 holds 1..8 in columns 1..8 and column 9 holds a 9 further down: r1c9 has no digit.
    std::string board(81, '.');
    for (int c = 0; c < 8; ++c) board[c] = static_cast<char>('1' + c);
    board[4 * 9 + 8] = '9';
    std::string out;
    CHECK(solve_text({board}, out) == kExitNoSolution);
    CHECK(out.rfind("no_solution nodes=", 0) == 0);
  }

  TEST_CASE("standard input: one per line, or a 9-line board") {
    std::string out;
    CHECK(solve_text({"-"}, out, kPuzzle + "\n" + kPuzzle + "\n") == kExitOk);
    CHECK(out.find("1: unique") == 0);
    CHECK(out.find("2: unique") != std::string::npos);
    std::string board;
    for (int r = 0; r < 9; ++r) board += kPuzzle.substr(r * 9, 9) + "\n";
    CHECK(solve_text({}, out, board) == kExitOk);
    CHECK(out.rfind("unique", 0) == 0);
    CHECK(split_puzzles(board + "\n" + kPuzzle + "\n").size() == 2);
    // One bad line among good ones is reported alone; the others are solved.
    CHECK(solve_text({"-"}, out, kPuzzle + "\n" + kPuzzle.substr(0, 80) + "\n" + kPuzzle + "\n") ==
          kExitMalformed);
    CHECK(out.find("1: unique") == 0);
    CHECK(out.find("\n2: malformed: expected 81 cells, got 80\n") != std::string::npos);
    CHECK(out.find("\n3: unique") != std::string::npos);
  }

  TEST_CASE("no input at all is a usage error") {
    std::string out;
    CHECK_THROWS_WITH_AS(solve_text({}, out, ""), "solve: no puzzle given (pass PUZZLE or - for standard input)",
                         InputError);
  }
}
