#include "engine/grade.h"

#include <doctest/doctest.h>

using namespace puzzlepress::engine;

TEST_SUITE("grade") {
  TEST_CASE("bands as published") {
    CHECK(clue_band(Grade::easy).target == 42);
    CHECK(clue_band(Grade::easy).min == 38);
    CHECK(clue_band(Grade::easy).max == 52);
    CHECK(clue_band(Grade::medium).target == 34);
    CHECK(clue_band(Grade::hard).min == 27);
    CHECK(clue_band(Grade::extreme).max == 34);
    CHECK(clue_band(Grade::evil).target == 24);
    CHECK(clue_band(Grade::evil).min == 22);
    CHECK(clue_band(Grade::evil).max == 31);
  }

  TEST_CASE("names parse case-insensitively; expert is extreme") {
    CHECK(parse_grade("easy") == Grade::easy);
    CHECK(parse_grade("EVIL") == Grade::evil);
    CHECK(parse_grade("Medium") == Grade::medium);
    CHECK(parse_grade("expert") == Grade::extreme);
    CHECK(parse_grade("EXPERT") == Grade::extreme);
    CHECK_FALSE(parse_grade("hardest").has_value());
    CHECK_FALSE(parse_grade("").has_value());
    for (auto g : kAllGrades) CHECK(parse_grade(grade_id(g)) == g);
  }

  TEST_CASE("stars run 1..5") {
    CHECK(grade_stars(Grade::easy) == 1);
    CHECK(grade_stars(Grade::extreme) == 4);
    CHECK(grade_stars(Grade::evil) == 5);
    CHECK(grade_label(Grade::extreme) == "Extreme");
  }
}
