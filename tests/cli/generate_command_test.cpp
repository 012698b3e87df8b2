#include "util/errors.h"
#include "cli/generate_command.h"

#include <doctest/doctest.h>

#include <sstream>
#include <vector>

#include "cli/exit_codes.h"
#include "support/cli_fixtures.h"
#include "support/rule_checker9.h"
#include "support/rule_checker.h"

using namespace puzzlepress::cli;
using puzzlepress::InputError;
namespace t = puzzlepress::testing;

using puzzlepress::testing::generate_csv_rows;

TEST_SUITE("generate command") {
  TEST_CASE("csv: header, one row per puzzle, boards the rule checker accepts") {
    GenerateArgs args;
    args.grade = "Hard";
    args.count = 5;
    args.seed = 42;
    args.format = "csv";
    std::ostringstream out;
    CHECK(run_generate(args, out) == kExitOk);
    const auto rows = generate_csv_rows(out.str());
    for (const std::vector<std::string>& f : rows) {
      REQUIRE(f.size() == 8);
      CHECK(f[1] == "hard");
      CHECK(f[7] == "hard");  // technique grading (the default): the tier is the grade
      CHECK(std::stod(f[6]) >= 2.8);
      CHECK(t::is_complete_legal(f[4]));
      CHECK(t::agrees_with(f[3], f[4]));
      CHECK(t::count_solutions_naively(f[3], 2) == 1);
      CHECK(f[5] == "true");
    }
    CHECK(rows.size() == 5);
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
    CHECK_THROWS_WITH_AS(
        run_generate(args, out),
        "--grade: unknown grade 'hardest' (expected one of: easy, medium, hard, extreme (or expert), evil)",
        InputError);
    args = {};
    args.count = 0;
    CHECK_THROWS_WITH_AS(run_generate(args, out), "--count: must be 1-1000000, got 0", InputError);
    args = {};
    args.grading = "stars";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--grading: unknown grading 'stars' (expected one of: techniques, clues)", InputError);
    args = {};
    args.format = "xml";
    CHECK_THROWS_WITH_AS(run_generate(args, out), "--format: unknown format 'xml' (expected text, csv or json)",
                         InputError);
    args = {};
    args.symmetry = "radial";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--symmetry: unknown symmetry 'radial' (expected one of: rotational, none, mirror, diagonal)",
                         InputError);
  }
}

TEST_SUITE("generate command: sizes") {
  TEST_CASE("every size: csv rows the independent checker accepts, in the size's band") {
    for (const char* size : {"4x4", "6x6", "8x8", "12x12", "16x16"}) {
      GenerateArgs args;
      args.size = size;
      args.grade = "medium";
      args.count = 2;
      args.seed = 5;
      args.format = "csv";
      std::ostringstream out;
      INFO(size);
      CHECK(run_generate(args, out) == kExitOk);
      const auto rows = generate_csv_rows(out.str());
      for (const std::vector<std::string>& f : rows) {
        REQUIRE(f.size() == 8);
        const int side = std::stoi(size);
        CHECK(f[3].size() == static_cast<std::size_t>(side * side));
        CHECK(t::is_complete_legal_any_size(f[4]));
        CHECK(t::agrees_with_any_size(f[3], f[4]));
        CHECK(t::count_solutions_exact_cover(f[3], 2) == 1);
        CHECK(f[5] == "true");
        CHECK(f[7] == "medium");
      }
      CHECK(rows.size() == 2);
    }
  }

  TEST_CASE("text: a 6x6 board with its size in the heading") {
    GenerateArgs args;
    args.size = "6x6";
    args.grade = "easy";
    std::ostringstream out;
    CHECK(run_generate(args, out) == kExitOk);
    CHECK(out.str().rfind("Puzzle 1 - 6x6 Easy, 18 clues, rating 1.2 (Easy), seed 42\n", 0) == 0);
    CHECK(out.str().find("------+------\n") != std::string::npos);
  }

  TEST_CASE("a size we do not make, or a grade a size does not offer, is refused by name") {
    GenerateArgs args;
    std::ostringstream out;
    args.size = "10x10";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--size: unsupported size '10x10' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)", InputError);
    args.size = "4x4";
    args.grade = "hard";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--grade: grade 'hard' is not offered for 4x4 (offered: easy, medium)", InputError);
    args.size = "6x6";
    args.grade = "evil";
    CHECK_THROWS_WITH_AS(run_generate(args, out),
                         "--grade: grade 'evil' is not offered for 6x6 (offered: easy, medium)", InputError);
  }
}
