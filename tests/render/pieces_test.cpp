// Drawing pieces: coordinates checked with the fake measure (0.5 em a character, digits 0.55 em;
// ascent 0.9 em, descent 0.2 em, cap height 0.7 em).
#include "render/pieces.h"

#include <doctest/doctest.h>

#include "fake_measure.h"
#include "render/layout.h"

using namespace puzzlepress::render;
using testing::FakeMeasure;

TEST_SUITE("pieces") {
  TEST_CASE("centred_text: the ink box is centred on the point at any angle") {
    const FakeMeasure m;
    // "Spine" at 10 pt: 25 pt wide, ink 9 pt up and 2 pt down.
    const TextRun flat = centred_text("Spine", FontRole::bold, 10, Colour::gray(0), {100, 200}, 0, m);
    const Box a = ink_bounds(flat, m);
    CHECK((a.left + a.right) / 2 == doctest::Approx(100));
    CHECK((a.bottom + a.top) / 2 == doctest::Approx(200));
    const TextRun down = centred_text("Spine", FontRole::bold, 10, Colour::gray(0), {100, 200}, -90, m);
    CHECK(down.angle_deg == -90);
    const Box b = ink_bounds(down, m);
    CHECK(b.width() == doctest::Approx(11));   // ascent + descent, across the spine
    CHECK(b.height() == doctest::Approx(25));  // the text's length, down the spine
    CHECK((b.left + b.right) / 2 == doctest::Approx(100));
    CHECK((b.bottom + b.top) / 2 == doctest::Approx(200));
    CHECK(down.origin.y == doctest::Approx(212.5));  // reads from the top down
    CHECK(down.origin.x < 100);                      // letters' tops towards +x
  }

  TEST_CASE("text_line aligns; fit sizes shrink to the width") {
    const FakeMeasure m;
    const TextRun right = text_line("abcd", FontRole::text, 10, Colour::gray(0), 100, 50, TextAlign::right, m);
    CHECK(right.origin.x == doctest::Approx(80));
    CHECK(right.width_pt == doctest::Approx(20));
    CHECK(fit_line_size("abcd", FontRole::text, 10, 40, m) == 10);
    CHECK(fit_line_size("abcd", FontRole::text, 10, 10, m) == doctest::Approx(5));
    // Every word fits: "abcdefgh" is 4 em; 20 pt wide allows 5 pt; not below the minimum.
    CHECK(fit_words_size("ab abcdefgh", FontRole::text, 10, 1, 20, m) == doctest::Approx(5));
    CHECK(fit_words_size("ab abcdefgh", FontRole::text, 10, 6, 20, m) == 6);
  }

  TEST_CASE("text_block: wraps, counts what does not fit, separates paragraphs") {
    const FakeMeasure m;
    TextStyle style{FontRole::text, 10, Colour::rgb(0, 0, 1), 1.5, TextAlign::left};
    // 50 pt wide: 10 characters a line. Four lines need 9 + 3 x 15 + 2 = 56 pt.
    const std::string text = "aaaa bbbb cccc dddd eeee ffff gggg hhhh";
    CHECK(text_block_height(text, style, 50, m) == doctest::Approx(56));
    const TextBlock all = text_block(text, style, {0, 0, 50, 100}, m);
    CHECK(all.lines == 4);
    CHECK(all.overflow_lines == 0);
    REQUIRE(all.runs.size() == 4);
    CHECK(all.runs[0].origin.y == doctest::Approx(91));
    CHECK(all.runs[3].origin.y == doctest::Approx(46));
    CHECK(all.bottom == doctest::Approx(44));
    CHECK(all.runs[0].colour == Colour::rgb(0, 0, 1));
    const TextBlock short_box = text_block(text, style, {0, 60, 50, 100}, m);
    CHECK(short_box.runs.size() == 2);  // the third line's descent would reach 59
    CHECK(short_box.overflow_lines == 2);
    // With a paragraph gap, '\n' separates paragraphs (blank lines dropped) with extra space.
    style.paragraph_gap = 0.5;
    const TextBlock paras = text_block("aaaa\n\nbbbb", style, {0, 0, 50, 100}, m);
    REQUIRE(paras.runs.size() == 2);
    CHECK(paras.runs[0].origin.y - paras.runs[1].origin.y == doctest::Approx(15 + 5));
    CHECK(text_block_height("aaaa\n\nbbbb", style, 50, m) == doctest::Approx(11 + 20));
    CHECK(text_block_height("", style, 50, m) == 0);
  }

  TEST_CASE("figure_items: paper under the grid, lines and givens in the figure's inks") {
    const FakeMeasure m;
    Figure f;
    f.cells.resize(81);
    f.cells[0] = {"5", Ink::given};
    FigureInk ink;
    ink.lines = Colour::cmyk(0, 0, 0, 1);
    ink.given = Colour::rgb(0, 0, 0.5);
    ink.paper = Colour::gray(1);
    const std::vector<Item> items = figure_items(f, {0, 0, 90, 90}, ink, m);
    REQUIRE(std::holds_alternative<Rect>(items.front()));
    CHECK(std::get<Rect>(items.front()).fill == Colour::gray(1));
    int lines = 0;
    for (const Item& item : items) {
      if (const auto* line = std::get_if<Line>(&item)) {
        ++lines;
        CHECK(line->colour == Colour::cmyk(0, 0, 0, 1));
      }
    }
    CHECK(lines == 16);  // 8 inner rules each way
    REQUIRE(std::holds_alternative<TextRun>(items.back()));
    CHECK(std::get<TextRun>(items.back()).colour == Colour::rgb(0, 0, 0.5));
    CHECK(std::get<TextRun>(items.back()).text == "5");
  }

  TEST_CASE("star_row: centred, filled first, in one colour") {
    const std::vector<Item> stars = star_row({100, 50}, 10, 2, 5, Colour::rgb(1, 0.8, 0));
    REQUIRE(stars.size() == 5);
    const FakeMeasure m;
    const Box first = ink_bounds(stars.front(), m);
    const Box last = ink_bounds(stars.back(), m);
    CHECK((first.left + last.right) / 2 == doctest::Approx(100).epsilon(0.01));
    CHECK(last.right - first.left == doctest::Approx(star_row_width(10, 5)).epsilon(0.02));
    CHECK(std::get<Polygon>(stars[1]).fill == Colour::rgb(1, 0.8, 0));
    CHECK_FALSE(std::get<Polygon>(stars[2]).fill.has_value());
    CHECK(std::get<Polygon>(stars[2]).stroke == Colour::rgb(1, 0.8, 0));
  }
}
