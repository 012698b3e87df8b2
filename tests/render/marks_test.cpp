// Paths (straight and cubic segments: ink bounds; painting: pdf_writer_test), the catalogue of marks (ids,
// sizes, centring, equal weight) and marks in figures (given black, solved grey, kept inside
// their cells; a shaded row; children's grids stop growing at max_cell_pt).
#include "render/marks.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <utility>
#include <vector>

#include "render/fake_measure.h"
#include "support/render_fixtures.h"
#include "render/figure.h"
#include "render/layout.h"

namespace puzzlepress::render {
namespace {

using puzzlepress::testing::items_of;
using puzzlepress::testing::letter_frame;
using testing::FakeMeasure;

// The outline cut into short chords (128 per curve): area (shoelace) and extent, measured here
// apart from the code under test.
struct Measured {
  double area = 0;
  Box box{INFINITY, INFINITY, -INFINITY, -INFINITY};
};

Measured measure_path(const Path& p) {
  std::vector<Point> pts;
  Point at{};
  for (const Path::Segment& s : p.segments) {
    if (s.verb == Path::Verb::curve) {
      for (int i = 1; i <= 128; ++i) {
        const double t = i / 128.0, u = 1 - t;
        pts.push_back({u * u * u * at.x + 3 * u * u * t * s.c1.x + 3 * u * t * t * s.c2.x + t * t * t * s.to.x,
                       u * u * u * at.y + 3 * u * u * t * s.c1.y + 3 * u * t * t * s.c2.y + t * t * t * s.to.y});
      }
    } else if (s.verb != Path::Verb::close) {
      pts.push_back(s.to);
    }
    if (s.verb != Path::Verb::close) at = s.to;
  }
  Measured m;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const Point& a = pts[i];
    const Point& b = pts[(i + 1) % pts.size()];
    m.area += (a.x * b.y - b.x * a.y) / 2;
    m.box = Box{std::min(m.box.left, a.x), std::min(m.box.bottom, a.y), std::max(m.box.right, a.x),
                std::max(m.box.top, a.y)};
  }
  m.area = std::abs(m.area);
  return m;
}

}  // namespace

TEST_SUITE("paths") {
  TEST_CASE("ink bounds reach a curve's turning points, not its control points") {
    const FakeMeasure m;
    // A quarter-circle-like bulge: from (0,0) to (10,0), controls far above. Its top is at
    // t = 0.5: y = 0.75 * 8 = 6, well under the control points' 8.
    Path p;
    p.move_to({0, 0}).curve_to({0, 8}, {10, 8}, {10, 0}).close();
    p.fill = Colour::gray(0);
    const Box b = ink_bounds(p, m);
    CHECK(b.left == doctest::Approx(0));
    CHECK(b.right == doctest::Approx(10));
    CHECK(b.bottom == doctest::Approx(0));
    CHECK(b.top == doctest::Approx(6));
    // A curve that overshoots sideways: x goes beyond its end points.
    Path s;
    s.move_to({0, 0}).curve_to({-6, 3}, {16, 6}, {10, 9});
    s.stroke_width_pt = 2;
    const Box sb = ink_bounds(s, m);
    const Measured chords = measure_path(s);
    CHECK(sb.left == doctest::Approx(chords.box.left - 1).epsilon(1e-3));
    CHECK(sb.right == doctest::Approx(chords.box.right + 1).epsilon(1e-3));
    CHECK(sb.left < -1);
    CHECK(sb.right > 11);
    CHECK(ink_bounds(Path{}, m).width() == 0);
  }
}

TEST_SUITE("marks") {
  TEST_CASE("ids are distinct and read back to the same mark") {
    std::set<std::string_view> ids;
    for (Mark mark : kAllMarks) {
      CHECK(ids.insert(mark_id(mark)).second);
      REQUIRE(parse_mark(mark_id(mark)).has_value());
      CHECK(*parse_mark(mark_id(mark)) == mark);
    }
    CHECK_FALSE(parse_mark("Circle").has_value());
    CHECK_FALSE(parse_mark("blob").has_value());
  }

  TEST_CASE("every mark fits its square, the circle is its size, weights stay close") {
    const FakeMeasure m;
    const Point centre{100, 200};
    const double size = 20;
    const double circle_area = std::numbers::pi * size * size / 4;
    for (Mark mark : kAllMarks) {
      INFO(mark_id(mark));
      const Path p = mark_path(mark, centre, size, Colour::gray(0));
      REQUIRE(p.fill.has_value());
      CHECK(p.stroke_width_pt == 0);
      const Box ink = ink_bounds(p, m);
      const double half = kMarkMaxExtent * size / 2 + 1e-9;
      CHECK(ink.left >= centre.x - half);
      CHECK(ink.right <= centre.x + half);
      CHECK(ink.bottom >= centre.y - half);
      CHECK(ink.top <= centre.y + half);
      const Measured shape = measure_path(p);
      // Equal weight: every area between 60% and 120% of the circle's (a pure same-width rule
      // would put the diamond at 46% and the cross at 42%; a pure same-area rule would make the
      // star half again as wide as the circle).
      CHECK(shape.area / circle_area > 0.6);
      CHECK(shape.area / circle_area < 1.2);
      // Optical centring moves a mark by a little, never by much.
      const Point mid{(ink.left + ink.right) / 2, (ink.bottom + ink.top) / 2};
      CHECK(std::abs(mid.x - centre.x) < 0.12 * size);
      CHECK(std::abs(mid.y - centre.y) < 0.12 * size);
    }
    const Box circle = ink_bounds(mark_path(Mark::circle, centre, size, Colour::gray(0)), m);
    CHECK(circle.width() == doctest::Approx(size).epsilon(1e-3));
    CHECK(circle.height() == doctest::Approx(size).epsilon(1e-3));
    CHECK((circle.left + circle.right) / 2 == doctest::Approx(centre.x));
    // A triangle sits a little high (its weight is low), a heart a little low.
    const Box triangle = ink_bounds(mark_path(Mark::triangle, centre, size, Colour::gray(0)), m);
    CHECK((triangle.top + triangle.bottom) / 2 > centre.y);
    const Box heart = ink_bounds(mark_path(Mark::heart, centre, size, Colour::gray(0)), m);
    CHECK((heart.top + heart.bottom) / 2 < centre.y);
  }

  TEST_CASE("marks in a figure: given black, solved grey, each inside its cell") {
    const FakeMeasure m;
    for (const int size : {4, 6, 9}) {
      INFO(size);
      Figure f;
      f.size = size;
      f.box_rows = size == 9 ? 3 : 2;
      f.box_cols = size / f.box_rows;
      f.cells.resize(static_cast<std::size_t>(size * size));
      for (int r = 0; r < size; ++r) {
        for (int c = 0; c < size; ++c) {
          FigureCell& cell = f.cells[static_cast<std::size_t>(r * size + c)];
          cell.ink = r == c ? Ink::given : Ink::solved;
          cell.mark = kAllMarks[static_cast<std::size_t>(c % static_cast<int>(kAllMarks.size()))];
          cell.symbol = "X";  // ignored: the mark is drawn instead
        }
      }
      // The smallest cells the fit check allows: a 9x9 solution grid about 80 pt wide.
      for (const double width : {80.0, 400.0}) {
        LayoutStyle style;
        style.solution_rows = style.solution_cols = 1;
        PageFrame frame = letter_frame();
        frame.content = Box{36, 36, 36 + width, 36 + width + 40};
        FigureSlot slot;
        slot.figure = f;
        slot.name = "P";
        const FigureSlot slots[] = {slot};
        const GridPageLayout out = layout_solution_page(frame, style, slots, m);
        for (const TextRun& t : items_of<TextRun>(out.page)) CHECK(t.role != FontRole::symbol);
        const auto paths = items_of<Path>(out.page);
        REQUIRE(paths.size() == static_cast<std::size_t>(size * size));
        const Box grid = out.grid_boxes[0];
        const double inset = style.solution_border_pt / 2;
        const double cell = (grid.width() - 2 * inset) / size;
        // The given marks (the diagonal) come first, then the solved ones, each in reading order.
        std::vector<std::pair<int, int>> cells;
        for (const bool given : {true, false}) {
          for (int r = 0; r < size; ++r) {
            for (int c = 0; c < size; ++c) {
              if ((r == c) == given) cells.emplace_back(r, c);
            }
          }
        }
        for (std::size_t i = 0; i < paths.size(); ++i) {
          const auto [r, c] = cells[i];
          const Box ink = ink_bounds(paths[i], m);
          const Box own{grid.left + inset + c * cell, grid.top - inset - (r + 1) * cell,
                        grid.left + inset + (c + 1) * cell, grid.top - inset - r * cell};
          CHECK(own.contains(ink));
          CHECK(std::max(ink.width(), ink.height()) <= kMarkMaxCellShare * cell + 1e-9);
          CHECK(*paths[i].fill == Colour::gray(r == c ? 0.0 : style.solved_symbol_gray));
        }
      }
    }
  }

  TEST_CASE("a shaded row covers that row, under the grid") {
    const FakeMeasure m;
    Figure f;
    f.size = 6;
    f.box_rows = 2;
    f.box_cols = 3;
    f.cells.resize(36);
    f.shaded_row = 4;
    LayoutStyle style;
    style.solution_rows = style.solution_cols = 1;
    FigureSlot slot;
    slot.figure = f;
    const FigureSlot slots[] = {slot};
    const GridPageLayout out = layout_solution_page(letter_frame(), style, slots, m);
    const auto rects = items_of<Rect>(out.page);
    REQUIRE(!rects.empty());
    REQUIRE(rects.front().fill.has_value());
    const Box grid = out.grid_boxes[0];
    const double inset = style.solution_border_pt / 2;
    const double cell = (grid.width() - 2 * inset) / 6;
    CHECK(rects.front().box.left == doctest::Approx(grid.left + inset));
    CHECK(rects.front().box.right == doctest::Approx(grid.right - inset));
    CHECK(rects.front().box.top == doctest::Approx(grid.top - inset - 4 * cell));
    CHECK(rects.front().box.bottom == doctest::Approx(grid.top - inset - 5 * cell));
    f.shaded_row = 6;
    slot.figure = f;
    const FigureSlot bad[] = {slot};
    CHECK_THROWS_AS(layout_solution_page(letter_frame(), style, bad, m), std::invalid_argument);
  }

  TEST_CASE("grids of few cells stop growing at max_cell_pt, centred in their slot") {
    const FakeMeasure m;
    LayoutStyle style;
    style.puzzle_rows = style.puzzle_cols = 1;
    FigureSlot small;
    small.figure.size = 4;
    small.figure.box_rows = small.figure.box_cols = 2;
    small.figure.cells.resize(16);
    small.name = "Puzzle 1";
    const FigureSlot slots[] = {small};
    const GridPageLayout out = layout_puzzle_page(letter_frame(), style, slots, m);
    const Box grid = out.grid_boxes[0];
    CHECK(grid.width() == doctest::Approx(4 * style.max_cell_pt + style.border_pt));
    CHECK(out.smallest_cell_pt == doctest::Approx(style.max_cell_pt));
    CHECK((grid.left + grid.right) / 2 == doctest::Approx((36 + 576) / 2.0));
    // A 9x9 grid on the same page fills its slot (9 cells of 72 pt would not fit).
    FigureSlot big = small;
    big.figure.size = 9;
    big.figure.box_rows = big.figure.box_cols = 3;
    big.figure.cells.resize(81);
    const FigureSlot big_slots[] = {big};
    CHECK(layout_puzzle_page(letter_frame(), style, big_slots, m).grid_boxes[0].width() == doctest::Approx(540));
  }
}

}  // namespace puzzlepress::render
