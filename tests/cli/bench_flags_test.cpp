// The --grade and --grading values every bench table reads (cli/bench_internal.h).
#include <doctest/doctest.h>

#include "cli/bench_internal.h"
#include "util/errors.h"

using namespace puzzlepress::cli::bench;
using puzzlepress::InputError;
using puzzlepress::engine::Grade;

TEST_SUITE("bench flags") {
  TEST_CASE("--grade names one grade or all of them, else says which it takes") {
    CHECK(grades_of_flag("all").size() == 5);
    CHECK(grades_of_flag("Hard") == std::vector<Grade>{Grade::hard});
    CHECK(grades_of_flag("expert") == std::vector<Grade>{Grade::extreme});
    CHECK_THROWS_WITH_AS(
        grades_of_flag("nope"),
        "--grade: unknown grade 'nope' (expected one of: easy, medium, hard, extreme (or expert), evil, all)",
        InputError);
  }
  TEST_CASE("--grading takes clues, techniques or both") {
    CHECK(gradings_of_flag("clues").clues);
    CHECK_FALSE(gradings_of_flag("clues").techniques);
    CHECK_FALSE(gradings_of_flag("techniques").clues);
    CHECK(gradings_of_flag("both").clues);
    CHECK(gradings_of_flag("both").techniques);
    CHECK_THROWS_WITH_AS(gradings_of_flag("x"),
                         "--grading: unknown grading 'x' (expected one of: techniques, clues, both)", InputError);
  }
}
