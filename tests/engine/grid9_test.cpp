#include "engine/grid9.h"

#include <doctest/doctest.h>

using namespace puzzlepress::engine;

TEST_SUITE("grid") {
  const char* kText = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

  TEST_CASE("parse and format round-trip") {
    const auto r = parse_grid9(kText);
    REQUIRE(r.ok());
    CHECK(to_string(*r.grid) == kText);
    CHECK(r.grid->at(0, 0) == 5);
    CHECK(r.grid->at(8, 8) == 9);
    CHECK(r.grid->clue_count() == 30);
    CHECK_FALSE(r.grid->is_full());
  }

  TEST_CASE("zeros and whitespace between cells are accepted") {
    std::string spaced;
    for (int i = 0; i < 81; ++i) {
      spaced += kText[i] == '.' ? '0' : kText[i];
      spaced += (i % 9 == 8) ? "\r\n" : " ";
    }
    const auto r = parse_grid9(spaced);
    REQUIRE(r.ok());
    CHECK(to_string(*r.grid) == kText);
  }

  TEST_CASE("board text reads back") {
    const auto r = parse_grid9(kText);
    REQUIRE(r.ok());
    const std::string board = to_board_text(*r.grid);
    CHECK(board.substr(0, 22) == "5 3 . | . 7 . | . . .\n");
    // The separators are not cells, so the board text is not itself parseable; its digits are.
    std::string digits;
    for (char c : board)
      if ((c >= '1' && c <= '9') || c == '.') digits += c;
    CHECK(digits == kText);
  }

  TEST_CASE("malformed: too few cells") {
    const auto r = parse_grid9(std::string(kText).substr(0, 80));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.kind == ParseError9::Kind::too_few_cells);
    CHECK(r.error.message() == "expected 81 cells, got 80");
  }

  TEST_CASE("malformed: too many cells") {
    const auto r = parse_grid9(std::string(kText) + "1");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.message() == "expected 81 cells, got more (cell 82 at position 82)");
  }

  TEST_CASE("malformed: a letter names the character and its position") {
    std::string text = kText;
    text[11] = 'x';
    const auto r = parse_grid9(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.kind == ParseError9::Kind::bad_character);
    CHECK(r.error.position == 12);
    CHECK(r.error.message() == "bad character 'x' at position 12 (expected 1-9, '.' or '0')");
  }

  TEST_CASE("malformed: a control byte is shown in hex") {
    std::string text = kText;
    text[0] = '\x01';
    CHECK(parse_grid9(text).error.message() == "bad character byte 0x01 at position 1 (expected 1-9, '.' or '0')");
  }

  TEST_CASE("empty input") { CHECK(parse_grid9("").error.message() == "expected 81 cells, got 0"); }
}
