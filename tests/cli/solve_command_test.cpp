#include "util/errors.h"
#include "cli/puzzle_input.h"
#include "cli/solve_command.h"

#include <doctest/doctest.h>

#include <sstream>

#include "cli/exit_codes.h"
#include "support/rule_checker9.h"
#include "support/rule_checker.h"

using namespace puzzlepress::cli;
using puzzlepress::InputError;
namespace t = puzzlepress::testing;

namespace {
const std::string kPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const std::string kCountMessage =
    "expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 grid), got ";

int solve_text(std::vector<std::string> puzzles, std::string& out, const std::string& stdin_text = "",
               std::uint64_t budget = ~0ull, const std::string& size = "") {
  std::istringstream in(stdin_text);
  std::ostringstream o;
  SolveArgs args;
  args.puzzles = std::move(puzzles);
  args.budget = budget;
  args.size = size;
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
    CHECK(out == "malformed: " + kCountMessage + "80\n");
    CHECK(solve_text({kPuzzle.substr(0, 80)}, out, "", ~0ull, "9x9") == kExitMalformed);
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
    CHECK(solve_text({"-"}, out, kPuzzle + "\n" + kPuzzle.substr(0, 80) + "\n" + kPuzzle + "\n") == kExitMalformed);
    CHECK(out.find("1: unique") == 0);
    CHECK(out.find("\n2: malformed: " + kCountMessage + "80\n") != std::string::npos);
    CHECK(out.find("\n3: unique") != std::string::npos);
  }

  TEST_CASE("no input at all is a usage error") {
    std::string out;
    CHECK_THROWS_WITH_AS(solve_text({}, out, ""), "solve: no puzzle given (pass PUZZLE or - for standard input)",
                         InputError);
  }
}

TEST_SUITE("solve command: sizes") {
  TEST_CASE("every size: inferred from the length or given by --size") {
    const std::string four = "1.42..3..4..31.4";
    std::string out;
    CHECK(solve_text({four}, out) == kExitOk);
    CHECK(out == "unique nodes=1 1342423124133124\n");
    CHECK(solve_text({four}, out, "", ~0ull, "4x4") == kExitOk);
    CHECK(solve_text({four}, out, "", ~0ull, "9x9") == kExitMalformed);
    CHECK(out == "malformed: expected 81 cells, got 16\n");
    // a 16x16 board with one hole, and an empty 12x12 (several solutions, two witnesses)
    std::string sixteen;
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 16; ++c) sixteen += "123456789ABCDEFG"[(4 * (r % 4) + r / 4 + c) % 16];
    const std::string full = sixteen;
    sixteen[17] = '.';
    CHECK(solve_text({sixteen}, out) == kExitOk);
    CHECK(out == "unique nodes=1 " + full + "\n");
    CHECK(solve_text({std::string(144, '.')}, out) == kExitMultiple);
    REQUIRE(out.rfind("multiple nodes=", 0) == 0);
    const auto first = out.find(' ', 9) + 1;
    const std::string a = out.substr(first, 144), b = out.substr(first + 145, 144);
    CHECK(t::is_complete_legal_any_size(a));
    CHECK(t::is_complete_legal_any_size(b));
    CHECK(a != b);
    CHECK(solve_text({"G" + std::string(143, '.')}, out) == kExitMalformed);
    CHECK(out == "malformed: bad character 'G' at position 1 (expected 1-9, A-C, '.' or '0')\n");
  }

  TEST_CASE("standard input: boards printed as N lines of N, or one puzzle a line") {
    std::string board;
    const std::string six = "24513...1..5..3.4245.3..5..6...264.3";
    for (int r = 0; r < 6; ++r) board += six.substr(r * 6, 6) + "\n";
    CHECK(split_puzzles(board).size() == 1);
    CHECK(split_puzzles(board, puzzlepress::engine::kShape6x6).size() == 1);
    CHECK(split_puzzles(board, puzzlepress::engine::kShape4x4).size() == 6);
    // 16 lines of 16 cells: one 16x16 board, or with --size 4x4 sixteen 4x4 puzzles
    std::string lines;
    for (int i = 0; i < 16; ++i) lines += "1.42..3..4..31.4\n";
    CHECK(split_puzzles(lines).size() == 1);
    CHECK(split_puzzles(lines, puzzlepress::engine::kShape4x4).size() == 16);
    std::string out;
    CHECK(solve_text({"-"}, out, lines, ~0ull, "4x4") == kExitOk);
    CHECK(out.find("16: unique nodes=1 1342423124133124\n") != std::string::npos);
  }

  TEST_CASE("a size we do not make is refused by name") {
    std::string out;
    CHECK_THROWS_WITH_AS(solve_text({"1234"}, out, "", ~0ull, "10x10"),
                         "--size: unsupported size '10x10' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)", InputError);
    CHECK_THROWS_WITH_AS(solve_text({"1234"}, out, "", ~0ull, "7x7"),
                         "--size: unsupported size '7x7' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)", InputError);
  }
}
