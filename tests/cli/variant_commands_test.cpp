// `--kind` on generate, solve and grade: the text form generate writes is what solve and grade
// read (round trip), every row is checked by the house checker (tests/support/house_checker.h,
// no engine code: regions read from the text here), and bad input gets its exact message.
#include <doctest/doctest.h>

#include <sstream>
#include <vector>

#include "support/cli_fixtures.h"
#include "cli/exit_codes.h"
#include "cli/generate_command.h"
#include "cli/grade_command.h"
#include "cli/solve_command.h"
#include "support/errors.h"
#include "support/house_checker.h"

using namespace puzzlepress::cli;
namespace t = puzzlepress::testing;

namespace {

int value_of(char c) { return c == '.' ? 0 : c >= 'A' ? c - 'A' + 10 : c - '0'; }

std::vector<int> cells_of(const std::string& text) {
  std::vector<int> v;
  for (char c : text) v.push_back(value_of(c));
  return v;
}

// The house checker's houses for a text form "KIND:GRID[/REGIONS]" of a 9x9 or 6x6 board.
t::Houses houses_of(const std::string& text) {
  const std::string kind = text.substr(0, text.find(':'));
  const std::string body = text.substr(text.find(':') + 1);
  const int n = body.size() == 81 || body.size() == 163 ? 9 : 6;
  if (kind == "jigsaw") {
    std::vector<int> regions;
    for (char c : body.substr(body.find('/') + 1)) regions.push_back(value_of(c) - 1);
    return t::make_houses(n, regions);
  }
  const std::vector<int> boxes = n == 9 ? t::box_regions(9, 3, 3) : t::box_regions(6, 2, 3);
  if (kind == "x") return t::make_houses(n, boxes, t::diagonals(n));
  std::vector<std::vector<int>> windows;
  for (int top : {1, 5})
    for (int left : {1, 5}) {
      std::vector<int>& w = windows.emplace_back();
      for (int r = top; r < top + 3; ++r)
        for (int c = left; c < left + 3; ++c) w.push_back(r * 9 + c);
    }
  return t::make_houses(9, boxes, windows);
}

std::string grid_of(const std::string& text) {
  const std::string body = text.substr(text.find(':') + 1);
  return body.substr(0, body.find('/'));
}

std::string run(int (*command)(const std::vector<std::string>&, const std::string&, std::string&),
                const std::vector<std::string>& puzzles, const std::string& kind, int& code) {
  std::string out;
  code = command(puzzles, kind, out);
  return out;
}

int solve_with(const std::vector<std::string>& puzzles, const std::string& kind, std::string& out) {
  SolveArgs args;
  args.puzzles = puzzles;
  args.kind = kind;
  std::istringstream in;
  std::ostringstream o;
  const int code = run_solve(args, in, o);
  out = o.str();
  return code;
}

int grade_with(const std::vector<std::string>& puzzles, const std::string& kind, std::string& out) {
  GradeArgs args;
  args.puzzles = puzzles;
  args.kind = kind;
  std::istringstream in;
  std::ostringstream o;
  const int code = run_grade(args, in, o);
  out = o.str();
  return code;
}

}  // namespace

TEST_SUITE("kinds on the command line") {
  TEST_CASE("generate -> solve -> grade round trip, every row checked apart") {
    for (const auto& run_of : std::vector<std::pair<std::string, std::string>>{
             {"x", "9x9"}, {"hyper", "9x9"}, {"jigsaw", "9x9"}, {"jigsaw", "6x6"}, {"x", "6x6"}}) {
      const std::string kind = run_of.first, size = run_of.second;  // plain variables for doctest
      GenerateArgs args;
      args.kind = kind;
      args.size = size;
      args.count = 3;
      args.format = "csv";
      std::ostringstream out;
      REQUIRE(run_generate(args, out) == kExitOk);
      for (const auto& row : puzzlepress::testing::generate_csv_rows(out.str())) {
        REQUIRE(row.size() == 8);
        const std::string& text = row[3];
        INFO(text);
        CHECK(text.rfind(kind + ":", 0) == 0);
        const t::Houses houses = houses_of(text);
        std::vector<int> first;
        CHECK(t::count_solutions(houses, cells_of(grid_of(text)), 2, &first) == 1);
        CHECK(first == cells_of(row[4]));
        CHECK(t::is_complete_legal(houses, cells_of(row[4])));
        int code = 0;
        const std::string solved = run(solve_with, {text}, "classic", code);
        CHECK(code == kExitOk);
        CHECK(solved.rfind("unique nodes=", 0) == 0);
        CHECK(solved.substr(solved.size() - row[4].size() - 2) == " " + row[4] + "\n");
        const std::string graded = run(grade_with, {text}, "classic", code);
        CHECK(code == kExitOk);
        CHECK(graded.rfind(row[7] + " rating " + row[6], 0) == 0);
        // Without its prefix, the flag names the kind.
        if (kind != "jigsaw") CHECK(run(grade_with, {grid_of(text)}, kind, code) == graded);
      }
    }
  }

  TEST_CASE("solve contract per kind") {
    int code = 0;
    const std::string empty(81, '.');
    // An empty x board: many solutions, two distinct witnesses legal under the diagonals.
    std::string out = run(solve_with, {"x:" + empty}, "classic", code);
    CHECK(code == kExitMultiple);
    std::istringstream words(out);
    std::string status, nodes, a, b;
    words >> status >> nodes >> a >> b;
    CHECK(status == "multiple");
    CHECK(a != b);
    CHECK(t::is_complete_legal(houses_of("x:" + a), cells_of(a)));
    CHECK(t::is_complete_legal(houses_of("x:" + b), cells_of(b)));
    // Legal as classic, clashing on the main diagonal.
    std::string clash = empty;
    clash[0] = '1';
    clash[10] = '1';
    CHECK(run(solve_with, {"hyper:" + clash}, "classic", code) == "inconsistent: digit 1 appears twice in box 1\n");
    clash[10] = '.';
    clash[80] = '1';
    CHECK(run(solve_with, {"x:" + clash}, "classic", code) == "inconsistent: digit 1 appears twice in diagonal 1\n");
    CHECK(code == kExitInconsistent);
    CHECK(run(solve_with, {clash}, "classic", code).rfind("multiple", 0) == 0);
    // Row 1 holds 1-8, so r1c9 must be 9, but r2c9 (same column) is 9: no clash among the
    // givens, no solution.
    std::string none = empty;
    const std::string row = "12345678.";
    for (int c = 0; c < 9; ++c) none[c] = row[c];
    none[9 + 8] = '9';  // r2c9: 9 in the column of r1c9
    CHECK(run(solve_with, {"hyper:" + none}, "classic", code) == "no_solution nodes=1\n");
    CHECK(code == kExitNoSolution);
  }

  TEST_CASE("bad input: exact messages") {
    int code = 0;
    const std::string empty(81, '.');
    CHECK(run(solve_with, {"tetris:" + empty}, "classic", code) ==
          "malformed: unknown kind 'tetris' (expected one of: classic, x, hyper, jigsaw)\n");
    CHECK(code == kExitMalformed);
    CHECK(run(solve_with, {empty}, "jigsaw", code) == "malformed: a jigsaw needs its regions after '/'\n");
    CHECK(run(solve_with, {"jigsaw:" + empty + "/" + std::string(81, '1')}, "classic", code) ==
          "malformed: regions: region 1 has 81 cells (expected 9)\n");
    std::string split(81, '.');
    for (int c = 0; c < 81; ++c) split[c] = static_cast<char>('1' + (c / 9 / 3 * 3 + c % 9 / 3));
    std::swap(split[0], split[4]);  // r1c1 and r1c5 trade regions: region 1 falls apart
    CHECK(run(solve_with, {"jigsaw:" + empty + "/" + split}, "classic", code) ==
          "malformed: regions: region 1 is not connected (r1c5 cannot be reached from r1c2)\n");
    CHECK(run(solve_with, {"hyper:" + std::string(36, '.')}, "classic", code) ==
          "malformed: kind 'hyper' takes 9x9 only, not 6x6\n");
    CHECK(run(grade_with, {"x:" + empty + "/" + empty}, "classic", code) ==
          "malformed: kind 'x' has no regions ('/' after the grid)\n");
    SolveArgs args;
    args.puzzles = {empty};
    args.kind = "tetris";
    std::istringstream in;
    std::ostringstream out;
    CHECK(t::input_error_of([&] { run_solve(args, in, out); }) ==
          "--kind: unknown kind 'tetris' (expected one of: classic, x, hyper, jigsaw, killer, samurai)");
    GenerateArgs generate;
    generate.kind = "hyper";
    generate.size = "6x6";
    CHECK(t::input_error_of([&] { run_generate(generate, out); }) == "--kind: kind 'hyper' takes 9x9 only, not 6x6");
  }

  TEST_CASE("generate text and json name the kind; classic output is unchanged") {
    GenerateArgs args;
    args.kind = "jigsaw";
    args.size = "6x6";
    std::ostringstream text;
    REQUIRE(run_generate(args, text) == kExitOk);
    CHECK(text.str().rfind("Puzzle 1 - jigsaw 6x6 Medium, ", 0) == 0);
    CHECK(text.str().find("\njigsaw:") != std::string::npos);
    args.format = "json";
    std::ostringstream json;
    REQUIRE(run_generate(args, json) == kExitOk);
    CHECK(json.str().find("\"kind\": \"jigsaw\", \"regions\": \"") != std::string::npos);
    GenerateArgs classic, named;
    named.kind = "classic";
    std::ostringstream a, b;
    run_generate(classic, a);
    run_generate(named, b);
    CHECK(a.str() == b.str());
    CHECK(a.str().find("classic") == std::string::npos);
  }

  TEST_CASE("samurai: generate -> solve -> grade round trip; bad input named") {
    GenerateArgs args;
    args.kind = "samurai";
    args.grade = "hard";
    args.count = 2;
    args.format = "csv";
    std::ostringstream out;
    REQUIRE(run_generate(args, out) == kExitOk);
    std::istringstream lines(out.str());
    std::string line;
    std::getline(lines, line);
    CHECK(line == "seed,kind,grade,clues,puzzle,solution,valid,rating,tier");
    std::vector<std::vector<std::string>> rows;  // the fields hold no comma
    while (std::getline(lines, line)) {
      std::vector<std::string>& row = rows.emplace_back();
      std::istringstream fields(line);
      for (std::string field; std::getline(fields, field, ',');) row.push_back(field);
    }
    REQUIRE(rows.size() == 2);
    for (const auto& row : rows) {
      REQUIRE(row.size() == 9);
      const std::string text = row[4], solution = row[5];
      INFO(text);
      CHECK(row[1] == "samurai");
      CHECK(row[8] == "hard");
      CHECK(text.rfind("samurai:", 0) == 0);
      int code = 0;
      // A prefix wins over the flag.
      CHECK(run(solve_with, {text}, "killer", code) == run(solve_with, {text}, "classic", code));
      const std::string solved = run(solve_with, {text.substr(8)}, "samurai", code);
      CHECK(code == kExitOk);
      CHECK(solved.rfind("unique nodes=", 0) == 0);
      CHECK(solved.substr(solved.size() - solution.size() - 2) == " " + solution + "\n");
      const std::string graded = run(grade_with, {text}, "classic", code);
      CHECK(code == kExitOk);
      CHECK(graded.rfind("hard rating " + row[7], 0) == 0);
    }
    int code = 0;
    CHECK(run(solve_with, {"samurai:" + std::string(81, '.')}, "classic", code) ==
          "malformed: expected 441 positions (21 rows of 21), got 81\n");
    CHECK(code == kExitMalformed);
    std::string empty = "samurai:";
    for (int r = 0; r < 21; ++r) {
      for (int c = 0; c < 21; ++c)
        empty += (r < 6 || r > 14) && c > 8 && c < 12 ? '-' : (r > 8 && r < 12 && (c < 6 || c > 14)) ? '-' : '.';
      if (r < 20) empty += '/';
    }
    CHECK(run(solve_with, {empty}, "classic", code).rfind("multiple nodes=", 0) == 0);
    CHECK(code == kExitMultiple);
    GenerateArgs bad;
    bad.kind = "samurai";
    bad.symmetry = "mirror";
    CHECK(t::input_error_of([&] { run_generate(bad, out); }) ==
          "--symmetry: kind 'samurai' is dug with rotational symmetry only");
    bad.symmetry = "rotational";
    bad.grade = "tough";
    CHECK(t::input_error_of([&] { run_generate(bad, out); }).rfind("--grade: unknown grade 'tough'", 0) == 0);
  }
}
