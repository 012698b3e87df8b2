#include "engine/shape.h"

#include <doctest/doctest.h>

using namespace puzzlepress::engine;

TEST_SUITE("shape") {
  TEST_CASE("the six shapes: size, cells, names, box shapes") {
    struct Expect {
      Shape shape;
      int size, cells;
      const char *id, *box;
    };
    const Expect all[] = {{kShape4x4, 4, 16, "4x4", "2x2"},       {kShape6x6, 6, 36, "6x6", "2x3"},
                          {kShape8x8, 8, 64, "8x8", "2x4"},       {kShape9x9, 9, 81, "9x9", "3x3"},
                          {kShape12x12, 12, 144, "12x12", "3x4"}, {kShape16x16, 16, 256, "16x16", "4x4"}};
    REQUIRE(kAllShapes.size() == 6);
    for (std::size_t i = 0; i < 6; ++i) {
      const Expect& e = all[i];
      CHECK(kAllShapes[i] == e.shape);
      CHECK(e.shape.size() == e.size);
      CHECK(e.shape.cells() == e.cells);
      CHECK(shape_id(e.shape) == e.id);
      CHECK(box_id(e.shape) == e.box);
      CHECK(parse_shape(e.id) == e.shape);
      CHECK(shape_for_cell_count(e.cells) == e.shape);
      CHECK(is_supported(e.shape));
    }
  }

  TEST_CASE("parse_shape takes NxN with x or X, nothing else") {
    CHECK(parse_shape("16X16") == kShape16x16);
    for (const char* bad : {"7x7", "10x10", "9", "9x8", " 9x9", "9x9 ", "", "x", "4x4x4", "09x09", "25x25"}) {
      INFO(bad);
      CHECK_FALSE(parse_shape(bad).has_value());
    }
    CHECK_FALSE(is_supported(Shape{3, 2}));  // 6x6 with its boxes turned: not ours
    CHECK_FALSE(shape_for_cell_count(80).has_value());
    CHECK_FALSE(shape_for_cell_count(49).has_value());
  }

  TEST_CASE("a refused size says which ones exist") {
    CHECK(unsupported_shape_message("7x7") == "unsupported size '7x7' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)");
    CHECK(unsupported_shape_message("10x10") ==
          "unsupported size '10x10' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)");
  }

  TEST_CASE("symbols: 1-9 then A-G, '.' or '0' empty") {
    CHECK(symbol_char(0) == '.');
    CHECK(symbol_char(0, '0') == '0');
    CHECK(symbol_char(9) == '9');
    CHECK(symbol_char(10) == 'A');
    CHECK(symbol_char(16) == 'G');
    CHECK(symbol_char(17) == '?');
    for (int v = 0; v <= 16; ++v) CHECK(symbol_value(symbol_char(v)) == v);
    CHECK(symbol_value('0') == 0);
    CHECK(symbol_value('c') == 12);
    CHECK(symbol_value('H') == -1);
    CHECK(symbol_value('x') == -1);
    CHECK(symbol_range(kShape4x4) == "1-4");
    CHECK(symbol_range(kShape9x9) == "1-9");
    CHECK(symbol_range(kShape12x12) == "1-9, A-C");
    CHECK(symbol_range(kShape16x16) == "1-9, A-G");
  }
}
