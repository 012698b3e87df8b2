#include "render/layout.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "render/fake_measure.h"
#include "support/render_fixtures.h"

namespace puzzlepress::render {
namespace {

using puzzlepress::testing::items_of;
using testing::FakeMeasure;

struct Trim {
  const char* name;
  double width_in;
  double height_in;
};
constexpr Trim kTrims[] = {{"5x8", 5, 8}, {"6x9", 6, 9}, {"8.5x11", 8.5, 11}};

// A frame as the book module builds it: 0.375 in gutter, 0.25 in other margins (0.375 in with
// bleed), bleed 0.125 in on top, bottom and the outside edge.
PageFrame make_frame(double width_in, double height_in, bool recto, bool bleed, std::string folio = "12") {
  const double b = bleed ? 9 : 0;
  const double inside = 27;
  const double outer = bleed ? 27 : 18;
  PageFrame f;
  f.width_pt = width_in * 72 + b;
  f.height_pt = height_in * 72 + 2 * b;
  const double trim_left = recto ? 0 : b;
  f.trim_box = Box{trim_left, b, trim_left + width_in * 72, b + height_in * 72};
  f.content = Box{f.trim_box.left + (recto ? inside : outer), f.trim_box.bottom + outer,
                  f.trim_box.right - (recto ? outer : inside), f.trim_box.top - outer};
  f.folio = std::move(folio);
  f.recto = recto;
  f.bleed = bleed;
  return f;
}

// Test styles in the shapes the presets have (the presets themselves are book data, tested in
// tests/book): one grid a page with heavy lines and large type, two stacked, 2 x 2, 3 x 2.
struct NamedStyle {
  std::string name;
  LayoutStyle style;
};
std::vector<NamedStyle> test_styles() {
  LayoutStyle one;
  one.puzzle_rows = one.puzzle_cols = 1;
  one.solution_rows = one.solution_cols = 2;
  one.cell_line_pt = 1.0;
  one.box_line_pt = 3.0;
  one.border_pt = 3.5;
  one.label_size_pt = 16;
  one.solution_label_size_pt = 12;
  one.text_size_pt = 16;
  one.heading_size_pt = 32;
  one.title_size_pt = 40;
  one.folio_size_pt = 14;
  LayoutStyle two;
  two.puzzle_rows = 2;
  two.puzzle_cols = 1;
  two.solution_rows = 3;
  two.solution_cols = 2;
  two.label_size_pt = 11;
  LayoutStyle four;  // the defaults
  LayoutStyle six;
  six.puzzle_rows = 3;
  six.puzzle_cols = 2;
  six.label_size_pt = 9;
  six.text_size_pt = 10.5;
  six.slot_gap_pt = 20;
  return {{"one a page", one}, {"two a page", two}, {"four a page", four}, {"six a page", six}};
}
LayoutStyle test_style(const std::string& name) {
  for (const auto& s : test_styles()) {
    if (s.name == name) return s.style;
  }
  return LayoutStyle{};
}

// A valid 9x9 solution: row r, col c holds (3r + r/3 + c) mod 9 + 1.
int solution_value(int r, int c) { return (3 * r + r / 3 + c) % 9 + 1; }

// A figure of the test solution: the cells with (i * 7 + number) % 3 == 0 given, the rest
// solved (with_solution) or blank.
Figure test_figure(int number, bool with_solution) {
  Figure f;
  f.cells.resize(81);
  for (int i = 0; i < 81; ++i) {
    const std::string symbol(1, static_cast<char>('0' + solution_value(i / 9, i % 9)));
    if ((i * 7 + number) % 3 == 0) {
      f.cells[i] = {symbol, Ink::given};
    } else if (with_solution) {
      f.cells[i] = {symbol, Ink::solved};
    }
  }
  return f;
}

int given_count(const Figure& f) {
  return static_cast<int>(
      std::count_if(f.cells.begin(), f.cells.end(), [](const FigureCell& c) { return c.ink == Ink::given; }));
}

FigureSlot make_slot(int number, int stars, bool solution = false) {
  FigureSlot s;
  s.figure = test_figure(number, solution);
  s.name = "Puzzle " + std::to_string(number);
  if (!solution) {
    s.caption = "Grade " + std::to_string(stars);
    s.stars_filled = stars;
    s.stars_total = 5;
  }
  return s;
}

std::vector<FigureSlot> make_slots(int count, int first = 1, bool solution = false) {
  std::vector<FigureSlot> slots;
  for (int i = 0; i < count; ++i) slots.push_back(make_slot(first + i, i % 5 + 1, solution));
  return slots;
}

Article test_article() {
  Article a;
  a.heading = "How to Play";
  a.paragraphs = {"A sudoku is a grid of 9 x 9 cells, divided into nine boxes of 3 x 3 cells.",
                  "Fill every empty cell so that each row, column and box holds every digit once."};
  a.figure = test_figure(1, false);
  a.figure->shaded_box = 0;
  a.caption = "The shaded box holds 1 to 9 once each.";
  return a;
}

void check_inside(const Page& page, const PageFrame& frame, const TextMeasure& m) {
  CHECK(page.width_pt == frame.width_pt);
  CHECK(page.height_pt == frame.height_pt);
  CHECK_FALSE(page.items.empty());
  for (const Item& item : page.items) {
    const Box b = ink_bounds(item, m);
    INFO("item bounds " << b.left << "," << b.bottom << " - " << b.right << "," << b.top << " content "
                        << frame.content.left << "," << frame.content.bottom << " - " << frame.content.right << ","
                        << frame.content.top);
    CHECK(frame.content.contains(b));
  }
}

// Every page type of a book, for one style and frame.
std::vector<Page> every_page(const PageFrame& frame, const LayoutStyle& style, const TextMeasure& m) {
  std::vector<Page> pages;
  const auto puzzles = make_slots(style.puzzle_rows * style.puzzle_cols, 995);
  const auto solutions = make_slots(style.solution_rows * style.solution_cols, 995, true);
  pages.push_back(layout_puzzle_page(frame, style, puzzles, m).page);
  pages.push_back(layout_solution_page(frame, style, solutions, m).page);
  pages.push_back(layout_title_page(frame, style, "The Enormous Book of Sudoku Puzzles for Caf\xC3\xA9 Breaks",
                                    "500 puzzles \xE2\x80\x94 Easy to Evil, with solutions",
                                    "Ana Mar\xC3\xAD"
                                    "a O\xE2\x80\x99Neill",
                                    m));
  const Paragraph notice[] = {{"The Enormous Book of Sudoku", true},
                              {"Copyright 2026 Ana O'Neill. All rights reserved."},
                              {"Published by Quiet Owl Press"},
                              {"ISBN 978-1-23456-789-7"},
                              {"Generated by puzzlepress 0.1.0 from base seed 1234567890123"}};
  pages.push_back(layout_footnote_page(frame, style, notice, m));
  pages.push_back(layout_article_page(frame, style, test_article(), m));
  pages.push_back(layout_heading_page(frame, style, "Solutions", "Puzzles 1 to 500", m));
  pages.push_back(layout_ruled_page(frame, style, "Notes", m));
  pages.push_back(layout_blank_page(frame, style, "This page is intentionally left blank", m));
  return pages;
}

double cell_of(const Box& grid, double v, bool column) {
  const double side = grid.width() / 9;
  return column ? std::floor((v - grid.left) / side) : std::floor((grid.top - v) / side);
}

}  // namespace

TEST_SUITE("layout") {
  TEST_CASE("every item of every page type stays inside the content box") {
    const FakeMeasure m;
    for (const NamedStyle& named : test_styles()) {
      const std::string& name = named.name;    // not a structured binding: clang 14's lambdas
      const LayoutStyle& style = named.style;  // (doctest's CHECK) cannot capture one
      for (const Trim& trim : kTrims) {
        for (bool recto : {true, false}) {
          for (bool bleed : {false, true}) {
            INFO(std::string(name) << " " << std::string(trim.name) << (recto ? " recto" : " verso")
                                   << (bleed ? " bleed" : ""));
            const PageFrame frame = make_frame(trim.width_in, trim.height_in, recto, bleed);
            for (const Page& page : every_page(frame, style, m)) check_inside(page, frame, m);
          }
        }
      }
    }
  }

  TEST_CASE("bleed pages carry trim and bleed boxes; others carry none") {
    const FakeMeasure m;
    const LayoutStyle style = test_style("four a page");
    const PageFrame bleed = make_frame(6, 9, false, true);
    const Page with = layout_ruled_page(bleed, style, "Notes", m);
    REQUIRE(with.trim_box.has_value());
    REQUIRE(with.bleed_box.has_value());
    CHECK(with.trim_box->left == 9);
    CHECK(with.bleed_box->right == 6 * 72 + 9);
    CHECK(with.bleed_box->top == 9 * 72 + 18);
    const Page without = layout_ruled_page(make_frame(6, 9, false, false), style, "Notes", m);
    CHECK_FALSE(without.trim_box.has_value());
    CHECK_FALSE(without.bleed_box.has_value());
  }

  TEST_CASE("puzzle pages: grid boxes, lines, digits, labels and stars") {
    const FakeMeasure m;
    for (const NamedStyle& named : test_styles()) {
      const std::string& name = named.name;    // not a structured binding: clang 14's lambdas
      const LayoutStyle& style = named.style;  // (doctest's CHECK) cannot capture one
      for (const Trim& trim : kTrims) {
        INFO(std::string(name) << " " << std::string(trim.name));
        const PageFrame frame = make_frame(trim.width_in, trim.height_in, true, false);
        const int n = style.puzzle_rows * style.puzzle_cols;
        const auto slots = make_slots(n, 17);
        const GridPageLayout out = layout_puzzle_page(frame, style, slots, m);
        REQUIRE(out.grid_boxes.size() == slots.size());

        for (std::size_t i = 0; i < out.grid_boxes.size(); ++i) {
          const Box& g = out.grid_boxes[i];
          CHECK(std::abs(g.width() - g.height()) < 1e-9);
          CHECK(g.width() == doctest::Approx(out.grid_boxes[0].width()));
          CHECK(frame.content.contains(g));
          for (std::size_t j = i + 1; j < out.grid_boxes.size(); ++j) {
            CHECK_FALSE(g.overlaps(out.grid_boxes[j]));
          }
        }
        // Row-major from the top left.
        if (style.puzzle_cols > 1) CHECK(out.grid_boxes[1].left > out.grid_boxes[0].right);
        if (style.puzzle_rows > 1) {
          CHECK(out.grid_boxes[style.puzzle_cols].top < out.grid_boxes[0].bottom);
        }

        const auto lines = items_of<Line>(out.page);
        const auto thin =
            std::count_if(lines.begin(), lines.end(), [&](const Line& l) { return l.width_pt == style.cell_line_pt; });
        const auto heavy =
            std::count_if(lines.begin(), lines.end(), [&](const Line& l) { return l.width_pt == style.box_line_pt; });
        CHECK(thin == 12 * n);
        CHECK(heavy == 4 * n);
        for (const Line& l : lines) CHECK(l.width_pt >= 0.75);
        const auto rects = items_of<Rect>(out.page);
        CHECK(std::count_if(rects.begin(), rects.end(),
                            [&](const Rect& r) { return r.stroke_width_pt == style.border_pt; }) == n);

        // Givens: one digit run per clue, inside its cell, with the clue's text.
        const auto texts = items_of<TextRun>(out.page);
        std::vector<int> seen(slots.size(), 0);
        for (const TextRun& t : texts) {
          if (t.role != FontRole::symbol) continue;
          CHECK(t.size_pt >= 7);
          if (name == "one a page" && trim.width_in == 8.5) CHECK(t.size_pt >= 16);
          const double cx = t.origin.x + t.width_pt / 2;
          const double cy = t.origin.y + m.cap_height_em(t.role) * t.size_pt / 2;
          const auto box = std::find_if(out.grid_boxes.begin(), out.grid_boxes.end(), [&](const Box& g) {
            return g.contains(Box{cx, cy, cx, cy}, 0);
          });
          REQUIRE(box != out.grid_boxes.end());
          const auto k = static_cast<std::size_t>(box - out.grid_boxes.begin());
          const int col = static_cast<int>(cell_of(*box, cx, true));
          const int row = static_cast<int>(cell_of(*box, cy, false));
          REQUIRE(row >= 0);
          REQUIRE(row < 9);
          REQUIRE(col >= 0);
          REQUIRE(col < 9);
          REQUIRE(slots[k].figure.at(row, col).ink == Ink::given);
          CHECK(t.text == slots[k].figure.at(row, col).symbol);
          ++seen[k];
        }
        for (std::size_t k = 0; k < slots.size(); ++k) CHECK(seen[k] == given_count(slots[k].figure));

        // Labels and stars.
        for (const FigureSlot& s : slots) {
          CHECK(std::any_of(texts.begin(), texts.end(), [&](const TextRun& t) {
            return t.text == s.name && t.role == FontRole::bold && t.size_pt >= 7;
          }));
        }
        const auto stars = items_of<Polygon>(out.page);
        CHECK(stars.size() == 5 * slots.size());
        int filled = 0;
        for (const Polygon& p : stars) {
          CHECK(p.points.size() == 10);
          if (p.fill) ++filled;
        }
        int expected = 0;
        for (const FigureSlot& s : slots) expected += s.stars_filled;
        CHECK(filled == expected);
      }
    }
  }

  TEST_CASE("solution pages: every cell filled, givens and solved digits distinct") {
    const FakeMeasure m;
    for (const NamedStyle& named : test_styles()) {
      const std::string& name = named.name;    // not a structured binding: clang 14's lambdas
      const LayoutStyle& style = named.style;  // (doctest's CHECK) cannot capture one
      for (const Trim& trim : kTrims) {
        INFO(std::string(name) << " " << std::string(trim.name));
        const PageFrame frame = make_frame(trim.width_in, trim.height_in, false, false);
        const auto slots = make_slots(style.solution_rows * style.solution_cols, 40, true);
        const GridPageLayout out = layout_solution_page(frame, style, slots, m);
        REQUIRE(out.grid_boxes.size() == slots.size());
        const auto texts = items_of<TextRun>(out.page);
        int givens = 0;
        int solved = 0;
        for (const TextRun& t : texts) {
          if (t.role == FontRole::symbol) {
            ++givens;
            CHECK(t.colour == Colour::gray(0));
          } else if (t.role == FontRole::solved_symbol) {
            ++solved;
            CHECK(t.colour.c[0] > 0.2);
          } else {
            continue;
          }
          CHECK(t.size_pt >= 7);
        }
        int clues = 0;
        for (const FigureSlot& s : slots) clues += given_count(s.figure);
        CHECK(givens == clues);
        CHECK(givens + solved == 81 * static_cast<int>(slots.size()));
        for (const FigureSlot& s : slots) {
          CHECK(std::any_of(texts.begin(), texts.end(), [&](const TextRun& t) { return t.text == s.name; }));
        }
        for (std::size_t i = 0; i < out.grid_boxes.size(); ++i) {
          for (std::size_t j = i + 1; j < out.grid_boxes.size(); ++j) {
            CHECK_FALSE(out.grid_boxes[i].overlaps(out.grid_boxes[j]));
          }
        }
      }
    }
  }

  TEST_CASE("a part-filled page keeps grids where a full page has them") {
    const FakeMeasure m;
    const LayoutStyle style = test_style("six a page");
    const PageFrame frame = make_frame(8.5, 11, true, false);
    const auto full = layout_puzzle_page(frame, style, make_slots(6), m);
    const auto part = layout_puzzle_page(frame, style, make_slots(3), m);
    REQUIRE(part.grid_boxes.size() == 3);
    for (int i = 0; i < 3; ++i) {
      CHECK(part.grid_boxes[i].left == full.grid_boxes[i].left);
      CHECK(part.grid_boxes[i].top == full.grid_boxes[i].top);
    }
    CHECK_THROWS_AS(layout_puzzle_page(frame, style, make_slots(7), m), std::invalid_argument);
    CHECK_THROWS_AS(layout_solution_page(frame, style, make_slots(10), m), std::invalid_argument);
  }

  TEST_CASE("the folio sits at the outer corner, and only when given") {
    const FakeMeasure m;
    const LayoutStyle style = test_style("four a page");
    auto folio_of = [&](const PageFrame& f) -> std::optional<TextRun> {
      for (const TextRun& t : items_of<TextRun>(layout_ruled_page(f, style, "Notes", m))) {
        if (t.text == "123") return t;
      }
      return std::nullopt;
    };
    const PageFrame recto = make_frame(6, 9, true, false, "123");
    const PageFrame verso = make_frame(6, 9, false, false, "123");
    const auto r = folio_of(recto);
    const auto v = folio_of(verso);
    REQUIRE(r.has_value());
    REQUIRE(v.has_value());
    CHECK(r->origin.x + r->width_pt == doctest::Approx(recto.content.right));
    CHECK(v->origin.x == doctest::Approx(verso.content.left));
    CHECK(r->origin.y < recto.content.bottom + 20);
    CHECK_FALSE(folio_of(make_frame(6, 9, true, false, "")).has_value());
  }

  TEST_CASE("text pages say what they are") {
    const FakeMeasure m;
    const LayoutStyle style = test_style("two a page");
    const PageFrame frame = make_frame(6, 9, true, false, "");
    auto has_text = [&](const Page& p, std::string_view s) {
      const auto texts = items_of<TextRun>(p);
      return std::any_of(texts.begin(), texts.end(),
                         [&](const TextRun& t) { return t.text.find(s) != std::string::npos; });
    };
    CHECK(has_text(layout_blank_page(frame, style, "This page is intentionally left blank", m), "intentionally"));
    const Page notes = layout_ruled_page(frame, style, "Notes", m);
    CHECK(has_text(notes, "Notes"));
    CHECK(items_of<Line>(notes).size() >= 10);
    CHECK(has_text(layout_heading_page(frame, style, "Solutions", "", m), "Solutions"));
    CHECK(has_text(layout_article_page(frame, style, test_article(), m), "How to Play"));
    const Paragraph notice[] = {{"T", true}, {"Copyright 2026 A. Author"}, {"ISBN 978-0"}, {"seed 42"}};
    const Page copyright = layout_footnote_page(frame, style, notice, m);
    CHECK(has_text(copyright, "2026 A. Author"));
    CHECK(has_text(copyright, "ISBN 978-0"));
    CHECK(has_text(copyright, "seed 42"));
    const Page title = layout_title_page(frame, style, "Sudoku", "for Everyone", "A. Author", m);
    CHECK(has_text(title, "Sudoku"));
    CHECK(has_text(title, "A. Author"));
  }

  TEST_CASE("a title too wide for the page shrinks instead of overflowing") {
    const FakeMeasure m;
    const LayoutStyle style = test_style("one a page");
    const PageFrame frame = make_frame(5, 8, true, false);
    const Page page = layout_title_page(frame, style, "Supercalifragilisticexpialidocious", "", "", m);
    check_inside(page, frame, m);
    std::vector<TextRun> texts;
    for (const TextRun& t : items_of<TextRun>(page)) {
      if (t.role == FontRole::bold) texts.push_back(t);
    }
    REQUIRE(texts.size() == 1);
    CHECK(texts[0].size_pt < style.title_size_pt);
    CHECK(texts[0].text == "Supercalifragilisticexpialidocious");
  }
}

TEST_SUITE("wrap_text") {
  TEST_CASE("greedy wrap keeps every word and fits the width") {
    const FakeMeasure m;  // 10 pt: 5 pt a character
    const auto lines = wrap_text("one two three four five", FontRole::text, 10, 50, m);
    CHECK(lines == std::vector<std::string>{"one two", "three four", "five"});
  }
  TEST_CASE("a word wider than the line is broken between characters, UTF-8 intact") {
    const FakeMeasure m;
    const auto lines = wrap_text("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9 ab", FontRole::text, 10, 15, m);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "\xC3\xA9\xC3\xA9\xC3\xA9");
    CHECK(lines[1] == "\xC3\xA9\xC3\xA9");
    CHECK(lines[2] == "ab");
  }
  TEST_CASE("newlines start new lines") {
    const FakeMeasure m;
    CHECK(wrap_text("a\nb", FontRole::text, 10, 500, m) == std::vector<std::string>{"a", "b"});
  }

  TEST_CASE("How to Play keeps a reader's measure: at most 75 characters a line, however wide the page") {
    const FakeMeasure m;  // 0.5 em a character: 10 pt text is 5 pt a character
    LayoutStyle style = test_style("two a page");
    style.text_size_pt = 10;
    Article article = test_article();
    std::string long_paragraph;
    for (int k = 0; k < 60; ++k) long_paragraph += (k % 3 == 0 ? "row " : k % 3 == 1 ? "column " : "box ");
    article.paragraphs = {long_paragraph,
                          "Fill every empty cell so that each row, column and box holds every digit exactly once."};
    const PageFrame wide = puzzlepress::testing::letter_frame();  // 540 pt of content: 108 characters
    const Page page = layout_article_page(wide, style, article, m);
    std::size_t longest = 0;
    double left = 1e9;
    for (const TextRun& run : items_of<TextRun>(page)) {
      if (run.size_pt != 10) continue;  // the paragraphs, not the heading, caption or folio
      longest = std::max(longest, run.text.size());
      left = std::min(left, run.origin.x);
    }
    CHECK(longest <= kMaxMeasureChars);
    CHECK(longest >= 60);                  // a measure, not a sliver
    CHECK(left > wide.content.left + 40);  // the column is centred: room on both sides
    // A page already narrower than the measure keeps its whole width.
    PageFrame narrow = wide;
    narrow.content = Box{36, 36, 336, 756};  // 300 pt: 60 characters
    double narrow_left = 1e9;
    for (const TextRun& run : items_of<TextRun>(layout_article_page(narrow, style, article, m))) {
      if (run.size_pt == 10) narrow_left = std::min(narrow_left, run.origin.x);
    }
    CHECK(narrow_left == doctest::Approx(narrow.content.left));
  }

  TEST_CASE("balanced_width: a centred title breaks where a designer would") {
    const FakeMeasure m;  // 5 pt a character at 10 pt
    const std::string title = "Sudoku Puzzles for Adults";
    // Greedy at 100 pt (20 characters): "Sudoku Puzzles for" / "Adults".
    CHECK(wrap_text(title, FontRole::bold, 10, 100, m) == std::vector<std::string>{"Sudoku Puzzles for", "Adults"});
    const double width = balanced_width(title, FontRole::bold, 10, 100, m);
    CHECK(wrap_text(title, FontRole::bold, 10, width, m) == std::vector<std::string>{"Sudoku Puzzles", "for Adults"});
    CHECK(width == doctest::Approx(70).epsilon(0.01));                   // "Sudoku Puzzles": 14 characters
    CHECK(balanced_width("Sudoku", FontRole::bold, 10, 100, m) == 100);  // one line: unchanged
  }
}

}  // namespace puzzlepress::render
