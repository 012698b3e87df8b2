// Figures of any size and box shape: the grid lines follow the boxes, symbols land in their
// cells, shading covers exactly one box, and broken figures are refused.
#include "render/figure.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "render/fake_measure.h"
#include "support/render_fixtures.h"
#include "render/layout.h"

namespace puzzlepress::render {
namespace {

using puzzlepress::testing::items_of;
using puzzlepress::testing::letter_frame;
using testing::FakeMeasure;

Figure figure_of(int size, int box_rows, int box_cols) {
  Figure f;
  f.size = size;
  f.box_rows = box_rows;
  f.box_cols = box_cols;
  f.cells.resize(static_cast<std::size_t>(size * size));
  // The diagonal given, the rest solved: symbols "A".."P" by column.
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c) {
      f.cells[static_cast<std::size_t>(r * size + c)] = {std::string(1, static_cast<char>('A' + c)),
                                                         r == c ? Ink::given : Ink::solved};
    }
  }
  return f;
}

GridPageLayout one_figure_page(const Figure& figure, const FakeMeasure& m) {
  LayoutStyle style;
  style.solution_rows = style.solution_cols = 1;
  FigureSlot slot;
  slot.figure = figure;
  slot.name = "Test";
  const FigureSlot slots[] = {slot};
  return layout_solution_page(letter_frame(), style, slots, m);
}

}  // namespace

TEST_SUITE("figure") {
  TEST_CASE("box lines follow the box shape for every size") {
    const FakeMeasure m;
    const LayoutStyle style;
    struct Shape {
      int size, rows, cols;
    };
    for (const Shape s :
         {Shape{4, 2, 2}, Shape{6, 2, 3}, Shape{8, 2, 4}, Shape{9, 3, 3}, Shape{12, 3, 4}, Shape{16, 4, 4}}) {
      INFO(s.size << "x" << s.size << " boxes " << s.rows << "x" << s.cols);
      const GridPageLayout out = one_figure_page(figure_of(s.size, s.rows, s.cols), m);
      REQUIRE(out.grid_boxes.size() == 1);
      const Box grid = out.grid_boxes[0];
      int vertical_box = 0, horizontal_box = 0, thin = 0;
      for (const Line& l : items_of<Line>(out.page)) {
        if (l.width_pt == style.solution_box_line_pt) {
          (l.from.x == l.to.x ? vertical_box : horizontal_box)++;
        } else if (l.width_pt == style.solution_cell_line_pt) {
          ++thin;
        }
      }
      // Vertical box lines separate boxes across (size / cols of them), horizontal ones boxes
      // down (size / rows).
      CHECK(vertical_box == s.size / s.cols - 1);
      CHECK(horizontal_box == s.size / s.rows - 1);
      CHECK(thin == 2 * (s.size - 1) - vertical_box - horizontal_box);
      // Every cell has its symbol, centred in its own cell.
      const double cell = (grid.width() - style.solution_border_pt) / s.size;
      int symbols = 0;
      for (const TextRun& t : items_of<TextRun>(out.page)) {
        if (t.role != FontRole::symbol && t.role != FontRole::solved_symbol) continue;
        const double cx = t.origin.x + t.width_pt / 2;
        const double cy = t.origin.y + m.cap_height_em(t.role) * t.size_pt / 2;
        const int col = static_cast<int>(std::floor((cx - grid.left - style.solution_border_pt / 2) / cell));
        const int row = static_cast<int>(std::floor((grid.top - style.solution_border_pt / 2 - cy) / cell));
        CHECK(t.text == std::string(1, static_cast<char>('A' + col)));
        CHECK((t.role == FontRole::symbol) == (row == col));
        ++symbols;
      }
      CHECK(symbols == s.size * s.size);
    }
  }

  TEST_CASE("a shaded box covers exactly that box, under the grid") {
    const FakeMeasure m;
    Figure f = figure_of(6, 2, 3);
    f.shaded_box = 3;  // second row of boxes, second box across
    const GridPageLayout out = one_figure_page(f, m);
    const auto rects = items_of<Rect>(out.page);
    const auto shade = std::find_if(rects.begin(), rects.end(), [](const Rect& r) { return r.fill.has_value(); });
    REQUIRE(shade != rects.end());
    const Box grid = out.grid_boxes[0];
    const double inset = LayoutStyle{}.solution_border_pt / 2;
    const double cell = (grid.width() - 2 * inset) / 6;
    CHECK(shade->box.left == doctest::Approx(grid.left + inset + 3 * cell));
    CHECK(shade->box.right == doctest::Approx(grid.left + inset + 6 * cell));
    CHECK(shade->box.top == doctest::Approx(grid.top - inset - 2 * cell));
    CHECK(shade->box.bottom == doctest::Approx(grid.top - inset - 4 * cell));
    // Painted before the first grid line.
    const auto first_rect = std::find_if(out.page.items.begin(), out.page.items.end(),
                                         [](const Item& i) { return std::holds_alternative<Rect>(i); });
    const auto first_line = std::find_if(out.page.items.begin(), out.page.items.end(),
                                         [](const Item& i) { return std::holds_alternative<Line>(i); });
    CHECK(first_rect < first_line);
  }

  TEST_CASE("blank cells print nothing; stars follow their total") {
    const FakeMeasure m;
    FigureSlot slot;
    slot.figure = figure_of(4, 2, 2);
    for (auto& cell : slot.figure.cells) cell.ink = Ink::blank;
    slot.name = "Puzzle 3";
    slot.caption = "Easy";
    slot.stars_filled = 2;
    slot.stars_total = 3;
    LayoutStyle style;
    style.puzzle_rows = style.puzzle_cols = 1;
    const FigureSlot slots[] = {slot};
    const GridPageLayout out = layout_puzzle_page(letter_frame(), style, slots, m);
    for (const TextRun& t : items_of<TextRun>(out.page)) {
      CHECK(t.role != FontRole::symbol);
      CHECK(t.role != FontRole::solved_symbol);
    }
    const auto stars = items_of<Polygon>(out.page);
    CHECK(stars.size() == 3);
    CHECK(std::count_if(stars.begin(), stars.end(), [](const Polygon& p) { return p.fill.has_value(); }) == 2);
  }

  TEST_CASE("a kind label follows the name, and is the first part of the label to go on a narrow grid") {
    const FakeMeasure m;
    FigureSlot slot;
    slot.figure = figure_of(9, 3, 3);
    slot.name = "Puzzle 12";
    slot.caption = "Hard";
    slot.kind_label = "Jigsaw Sudoku";
    slot.stars_filled = 3;
    slot.stars_total = 5;
    const auto texts = [&](int per_row) {
      LayoutStyle style;
      style.puzzle_rows = 1;
      style.puzzle_cols = per_row;
      std::vector<FigureSlot> slots(static_cast<std::size_t>(per_row), slot);
      const GridPageLayout out = layout_puzzle_page(letter_frame(), style, slots, m);
      std::vector<TextRun> first;  // the first grid's label
      for (const TextRun& t : items_of<TextRun>(out.page))
        if (t.origin.y > out.grid_boxes[0].top && t.origin.x < out.grid_boxes[0].right) first.push_back(t);
      return std::pair{first, out.grid_boxes[0]};
    };
    const auto [wide, wide_grid] = texts(1);
    REQUIRE(wide.size() == 3);
    CHECK(wide[0].text == "Puzzle 12");
    CHECK(wide[1].text == "Jigsaw Sudoku");
    CHECK(wide[1].role == FontRole::text);
    CHECK(wide[1].origin.x > wide[0].origin.x + wide[0].width_pt);  // after the name, on its baseline
    CHECK(wide[1].origin.y == doctest::Approx(wide[0].origin.y));
    CHECK(wide[2].text == "Hard");
    CHECK(wide[1].origin.x + wide[1].width_pt < wide[2].origin.x);
    // Four grids across a letter page: no room for all of it. The kind goes, the grade stays.
    const auto [narrow, narrow_grid] = texts(4);
    std::vector<std::string> words;
    for (const TextRun& t : narrow) words.push_back(t.text);
    CHECK(words == std::vector<std::string>{"Puzzle 12", "Hard"});
    for (const TextRun& t : narrow) CHECK(t.origin.x + t.width_pt <= narrow_grid.right + 1e-6);
    CHECK(wide_grid.width() > narrow_grid.width());
  }

  // An ungraded killer in a book of several kinds: no stars, no caption, and still its kind.
  TEST_CASE("a kind label without stars still follows the name") {
    const FakeMeasure m;
    FigureSlot slot;
    slot.figure = figure_of(9, 3, 3);
    slot.name = "Puzzle 5";
    slot.kind_label = "Killer Sudoku";
    LayoutStyle style;
    style.puzzle_rows = style.puzzle_cols = 1;
    const FigureSlot slots[] = {slot};
    const GridPageLayout out = layout_puzzle_page(letter_frame(), style, slots, m);
    std::vector<std::string> words;
    for (const TextRun& t : items_of<TextRun>(out.page))
      if (t.origin.y > out.grid_boxes[0].top) words.push_back(t.text);
    CHECK(words == std::vector<std::string>{"Puzzle 5", "Killer Sudoku"});
    CHECK(items_of<Polygon>(out.page).empty());
  }

  TEST_CASE("row and column numbers: grey, outside the grid, one per row and column; the grid makes room") {
    const FakeMeasure m;
    FigureSlot slot;
    slot.figure = figure_of(9, 3, 3);
    slot.name = "Puzzle 1";
    LayoutStyle style;
    style.puzzle_rows = style.puzzle_cols = 1;
    const FigureSlot plain[] = {slot};
    const GridPageLayout without = layout_puzzle_page(letter_frame(), style, plain, m);
    slot.figure.row_column_labels = true;
    const FigureSlot labelled[] = {slot};
    const GridPageLayout with = layout_puzzle_page(letter_frame(), style, labelled, m);
    REQUIRE(with.grid_boxes.size() == 1);
    const Box grid = with.grid_boxes[0];
    CHECK(grid.width() < without.grid_boxes[0].width());
    int left = 0, above = 0;
    for (const TextRun& t : items_of<TextRun>(with.page)) {
      if (t.text == "Puzzle 1" || t.role != FontRole::text) continue;
      CHECK(t.size_pt == doctest::Approx(style.min_text_pt));
      CHECK(t.colour == Colour::gray(style.solved_symbol_gray));
      if (t.origin.x < grid.left) {
        ++left;
        CHECK(t.origin.x + t.width_pt < grid.left);
        CHECK(t.origin.y > grid.bottom);
        CHECK(t.origin.y < grid.top);
      } else {
        ++above;
        CHECK(t.origin.x + t.width_pt < grid.right);
        CHECK(t.origin.y > grid.top);
      }
    }
    CHECK(left == 9);
    CHECK(above == 9);
  }

  TEST_CASE("a symbol legend: caption, text symbols and marks on one line under the grids, which make room") {
    const FakeMeasure m;
    FigureSlot slot;
    slot.figure = figure_of(4, 2, 2);
    slot.name = "Puzzle 1";
    LayoutStyle style;
    style.puzzle_rows = 2;
    style.puzzle_cols = 1;
    const FigureSlot slots[] = {slot, slot};
    SymbolLegend legend;
    legend.caption = "Shapes:";
    legend.symbols = {{"", Ink::given, Mark::circle}, {"", Ink::given, Mark::star}, {"Q", Ink::given}};
    const GridPageLayout without = layout_puzzle_page(letter_frame(), style, slots, m);
    const GridPageLayout with = layout_puzzle_page(letter_frame(), style, slots, legend, m);
    REQUIRE(with.grid_boxes.size() == 2);
    CHECK(with.grid_boxes[1].bottom > without.grid_boxes[1].bottom);
    const double lowest_grid = with.grid_boxes[1].bottom;
    std::vector<std::string> texts;
    double caption_baseline = 0, caption_right = 0;
    for (const TextRun& t : items_of<TextRun>(with.page)) {
      if (t.text == "Shapes:") {
        caption_baseline = t.origin.y;
        caption_right = t.origin.x + t.width_pt;
      }
      if (t.origin.y < lowest_grid) texts.push_back(t.text);
    }
    CHECK(std::find(texts.begin(), texts.end(), "Shapes:") != texts.end());
    CHECK(std::find(texts.begin(), texts.end(), "Q") != texts.end());
    const auto marks = items_of<Path>(with.page);
    int legend_marks = 0;
    for (const Path& p : marks) {
      bool below = true;
      for (const auto& segment : p.segments)
        below &= segment.to.y < lowest_grid && segment.to.y > caption_baseline - 10;
      legend_marks += below;
    }
    CHECK(legend_marks == 2);
    CHECK(caption_right > 0);
  }

  TEST_CASE("a figure that breaks its invariants is refused") {
    const FakeMeasure m;
    Figure wrong_count = figure_of(9, 3, 3);
    wrong_count.cells.pop_back();
    CHECK_THROWS_AS(one_figure_page(wrong_count, m), std::invalid_argument);
    CHECK_THROWS_AS(one_figure_page(figure_of(9, 2, 3), m), std::invalid_argument);  // 9 % 2
    Figure zero = figure_of(4, 2, 2);
    zero.size = 0;
    CHECK_THROWS_AS(one_figure_page(zero, m), std::invalid_argument);
  }
}

}  // namespace puzzlepress::render
