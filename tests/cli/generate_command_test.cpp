#include "util/errors.h"
#include "cli/generate_command.h"

#include <doctest/doctest.h>

#include <sstream>
#include <vector>

#include "cli/exit_codes.h"
#include "support/rule_checker.h"

using namespace puzzlepress::cli;
using puzzlepress::InputError;
namespace t = puzzlepress::testing;

TEST_SUITE("generate command") {
  TEST_CASE("csv: header, one row per puzzle, boards the rule checker accepts") {
    GenerateArgs args;
    args.grade = "Hard";
    args.count = 5;
    args.seed = 42;
    args.format = "csv";
    std::ostringstream out;
    CHECK(run_generate(args, out) == kExitOk);
    std::istringstream rows(out.str());
    std::string line;
    std::getline(rows, line);
    CHECK(line == "seed,grade,clues,givens,solution,valid,rating,tier");
    int n = 0;
    while (std::getline(rows, line)) {
      ++n;
      std::vector<std::string> f;
      std::istringstream cells(line);
      for (std::string x; std::getline(cells, x, ',');) f.push_back(x);
      REQUIRE(f.size() == 8);
      CHECK(f[1] == "hard");
      CHECK(f[7] == "hard");  // technique grading (the default): the tier is the grade
      CHECK(std::stod(f[6]) >= 2.8);
      CHECK(t::is_complete_legal(f[4]));
      CHECK(t::agrees_with(f[3], f[4]));
      CHECK(t::count_solutions_naively(f[3], 2) == 1);
      CHECK(f[5] == "true");
    }
    CHECK(n == 5);
  }

  TEST_CASE("the same arguments give the same output for any --jobs") {
    GenerateArgs args;
    args.count = 12;
    args.format = "json";
    args.jobs = 1;
    std::ostringstream a, b;
    CHECK(run_generate(args, a) == kExitOk);
    args.jobs = 3;
    CHECK(run_generate(args, b) == kExitOk);
    CHECK(a.str() == b.str());
    CHECK(a.str().rfind("[\n  {\"seed\": 42, \"grade\": \"medium\"", 0) == 0);
  }

  TEST_CASE("bad flags name the flag and what was expected") {
    GenerateArgs args;
    std::ostringstream out;
    args.grade = "hardest";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--grade: unknown grade 'hardest' (expected one of: easy, medium, hard, extreme (or expert), evil)",
                         InputError);
    args = {};
    args.count = 0;
    CHECK_THROWS_WITH_AS(run_generate(args, out), "--count: must be at least 1, got 0", InputError);
    args = {};
    args.grading = "stars";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--grading: unknown grading 'stars' (expected one of: techniques, clues)", InputError);
    args = {};
    args.format = "xml";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--format: unknown format 'xml' (expected text, csv or json)", InputError);
    args = {};
    args.symmetry = "radial";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--symmetry: unknown symmetry 'radial' (expected one of: rotational, none, mirror, diagonal)",
                         InputError);
  }
}
