#include <doctest/doctest.h>

#include <string>

#include "book/kdp/trim.h"

using namespace puzzlepress::book;

TEST_SUITE("trim") {
  TEST_CASE("every standard name is found, case and spaces aside") {
    for (const Trim& trim : kStandardTrims) {
      const TrimResult result = parse_trim(trim.name);
      REQUIRE(result.trim.has_value());
      CHECK(result.trim->name == trim.name);
      CHECK_FALSE(result.trim->custom());
    }
    CHECK(parse_trim("a4").trim->name == "A4");
    CHECK(parse_trim("8.27x11.69").trim->name == "A4");
    CHECK(parse_trim(" 6 X 9 ").trim->name == "6x9");
    CHECK(parse_trim("6x9").trim->width_in == 6);
    CHECK(parse_trim("6x9").trim->height_in == 9);
  }

  TEST_CASE("custom sizes in inches and millimetres") {
    const TrimResult inches = parse_trim("5.5x7 in");
    REQUIRE(inches.trim.has_value());
    CHECK(inches.trim->custom());
    CHECK(inches.trim->width_in == 5.5);
    CHECK(inches.trim->height_in == 7);
    const TrimResult mm = parse_trim("127x177.8 mm");
    REQUIRE(mm.trim.has_value());
    CHECK(mm.trim->custom());
    CHECK(mm.trim->width_in == doctest::Approx(5.0));
    CHECK(mm.trim->height_in == doctest::Approx(7.0));
    // A custom size that is a standard trim is that trim.
    CHECK(parse_trim("152.4x228.6mm").trim->name == "6x9");
    CHECK(parse_trim("8.5x11 in").trim->name == "8.5x11");
    // Range edges are inclusive.
    CHECK(parse_trim("4x6 in").trim.has_value());
    CHECK(parse_trim("8.5x11.69 in").trim.has_value());
  }

  TEST_CASE("errors") {
    CHECK(parse_trim("6x9 ft").error.starts_with("unknown trim '6x9 ft' (expected one of: 5x8,"));
    CHECK(parse_trim("nanx9 in").error.starts_with("unknown trim 'nanx9 in' (expected"));
    CHECK(parse_trim("6xinf in").error.starts_with("unknown trim '6xinf in' (expected"));
    CHECK(parse_trim("6x9 ft").error.ends_with("A4, or a custom size 'WxH in' or 'WxH mm')"));
    CHECK_FALSE(parse_trim("5x7").trim.has_value());  // custom sizes need a unit
    CHECK_FALSE(parse_trim("x9 in").trim.has_value());
    CHECK_FALSE(parse_trim("0x9 in").trim.has_value());
    CHECK(parse_trim("3.99x9 in").error ==
          "custom trim 3.99x9 in is outside KDP's range (width 4-8.5 in, height 6-11.69 in)");
    CHECK(parse_trim("6x12 in").error ==
          "custom trim 6x12 in is outside KDP's range (width 4-8.5 in, height 6-11.69 in)");
    CHECK(parse_trim("100x140 mm").error ==
          "custom trim 100x140 mm is outside KDP's range (width 4-8.5 in, height 6-11.69 in)");
  }

  TEST_CASE("page-count limits by trim and paper") {
    const auto range = [](std::string_view name, Paper paper) {
      return page_count_range(*parse_trim(name).trim, paper);
    };
    CHECK(range("6x9", Paper::white).min == 24);
    CHECK(range("6x9", Paper::white).max == 828);
    CHECK(range("6x9", Paper::cream).max == 776);
    CHECK(range("8.25x6", Paper::white).max == 800);
    CHECK(range("8.25x8.25", Paper::cream).max == 750);
    CHECK(range("8.5x8.5", Paper::white).max == 590);
    CHECK(range("8.5x11", Paper::cream).max == 550);
    CHECK(range("A4", Paper::white).max == 780);
    CHECK(range("A4", Paper::cream).max == 730);
    CHECK(range("5x7 in", Paper::white).max == 828);
    CHECK(range("5x7 in", Paper::cream).max == 776);
  }

  TEST_CASE("paper names") {
    CHECK(parse_paper("White") == Paper::white);
    CHECK(parse_paper("cream") == Paper::cream);
    CHECK_FALSE(parse_paper("ivory").has_value());
    CHECK(paper_id(Paper::cream) == "cream");
  }
}
