#include "engine/grid.h"

#include <doctest/doctest.h>

#include <string>

#include "support/rule_checker.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

// A complete legal grid of any shape by the usual pattern: row r, column c holds
// (box_cols * (r % box_rows) + r / box_rows + c) % N + 1. Checked by the independent checker.
Grid pattern_grid(Shape s) {
  Grid g(s);
  const int n = s.size();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      g.cells[r * n + c] = static_cast<std::uint8_t>((s.box_cols * (r % s.box_rows) + r / s.box_rows + c) % n + 1);
  return g;
}

}  // namespace

TEST_SUITE("grid of any shape") {
  TEST_CASE("text form round-trips for every shape, size inferred or given") {
    for (Shape s : kAllShapes) {
      INFO(shape_id(s));
      Grid g = pattern_grid(s);
      REQUIRE(t::is_complete_legal_any_size(to_string(g)));
      for (int i = 0; i < g.cell_count(); i += 3) g.cells[i] = 0;  // some empty cells
      const std::string text = to_string(g);
      CHECK(text.size() == static_cast<std::size_t>(s.cells()));
      const auto inferred = parse_grid(text);
      REQUIRE(inferred.ok());
      CHECK(*inferred.grid == g);
      const auto given = parse_grid(text, s);
      REQUIRE(given.ok());
      CHECK(*given.grid == g);
      CHECK(to_string(g, '0').find('.') == std::string::npos);
      CHECK(*parse_grid(to_string(g, '0')).grid == g);
      // the board form reads back once its separators are dropped
      std::string board = to_board_text(g), cells;
      for (char c : board)
        if (c != '|' && c != '+' && c != '-') cells += c;
      CHECK(*parse_grid(cells, s).grid == g);
    }
  }

  TEST_CASE("16x16 uses A-G; lower case reads too; whitespace between cells") {
    Grid g = pattern_grid(kShape16x16);
    const std::string text = to_string(g);
    CHECK(text.substr(0, 16) == "123456789ABCDEFG");
    std::string spaced, lower;
    for (int r = 0; r < 16; ++r) spaced += text.substr(r * 16, 16) + "\r\n";
    for (char c : text) lower += static_cast<char>(c >= 'A' && c <= 'G' ? c - 'A' + 'a' : c);
    CHECK(*parse_grid(spaced).grid == g);
    CHECK(*parse_grid(lower).grid == g);
  }

  TEST_CASE("9x9 text and board form are grid9.h's") {
    const std::string text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const auto parsed = parse_grid(text);
    REQUIRE(parsed.ok());
    CHECK(parsed.grid->shape == kShape9x9);
    const Grid9 nine = *parse_grid9(text).grid;
    CHECK(to_grid(*parsed.grid) == nine);
    CHECK(from_grid(nine) == *parsed.grid);
    CHECK(to_board_text(*parsed.grid) == to_board_text(nine));
    CHECK(parsed.grid->clue_count() == nine.clue_count());
  }

  TEST_CASE("board text of a 6x6: boxes two rows by three columns") {
    const Grid g = pattern_grid(kShape6x6);
    CHECK(to_board_text(g) ==
          "1 2 3 | 4 5 6\n"
          "4 5 6 | 1 2 3\n"
          "------+------\n"
          "2 3 4 | 5 6 1\n"
          "5 6 1 | 2 3 4\n"
          "------+------\n"
          "3 4 5 | 6 1 2\n"
          "6 1 2 | 3 4 5\n");
  }

  TEST_CASE("parse errors say what was expected, in grid9.h's words for 9x9") {
    auto message = [](std::string_view text, std::optional<Shape> s = std::nullopt) {
      const auto r = parse_grid(text, s);
      REQUIRE_FALSE(r.ok());
      return r.error.message();
    };
    std::string nine(81, '.');
    nine[11] = 'x';
    CHECK(message(nine) == "bad character 'x' at position 12 (expected 1-9, '.' or '0')");
    CHECK(message(nine) == parse_grid9(nine).error.message());
    CHECK(message(std::string(80, '.')) ==
          "expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 grid), got 80");
    CHECK(message(std::string(80, '.'), kShape9x9) == "expected 81 cells, got 80");
    CHECK(message(std::string(80, '.'), kShape9x9) == parse_grid9(std::string(80, '.')).error.message());
    CHECK(message(std::string(90, '.'), kShape9x9) == "expected 81 cells, got more (cell 82 at position 82)");
    CHECK(message("12 34", kShape4x4) == "expected 16 cells, got 4");
    std::string twelve(144, '.');
    twelve[39] = 'G';
    CHECK(message(twelve) == "bad character 'G' at position 40 (expected 1-9, A-C, '.' or '0')");
    std::string four(16, '.');
    four[2] = '5';
    CHECK(message(four) == "bad character '5' at position 3 (expected 1-4, '.' or '0')");
    CHECK(message("..x..") == "bad character 'x' at position 3 (expected 1-9, A-G, '.' or '0')");
    CHECK(message(std::string("..\x01..")) == "bad character byte 0x01 at position 3 (expected 1-9, A-G, '.' or '0')");
    CHECK(message("") ==
          "expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 grid), got 0");
  }
}
