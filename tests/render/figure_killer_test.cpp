// Killer cages in a figure (Figure::cages): each cage outlined by dashed lines kCageInsetShare of a
// cell inside its edge (never on a cell line), its sum small in its first cell's top-left corner
// over a paper patch, black ink only; and the cages' invariants.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/fake_measure.h"
#include "render/figure.h"
#include "render/layout.h"
#include "support/render_fixtures.h"

namespace puzzlepress::render {
namespace {

using puzzlepress::testing::items_of;
using puzzlepress::testing::letter_frame;
using testing::FakeMeasure;

// A 6x6 with three cages: an L of three cells (r1c1 r1c2 r2c1: a concave corner at r2c2),
// a 2x2 square (r1c3 r1c4 r2c3 r2c4) and a straight pair (r3c1 r3c2). Every other cell in no cage.
Figure caged_figure() {
  Figure f;
  f.size = 6;
  f.box_rows = 2;
  f.box_cols = 3;
  f.cells.assign(36, FigureCell{});
  f.cages = {{{0, 1, 6}, "10"}, {{2, 3, 8, 9}, "23"}, {{12, 13}, "7"}};
  return f;
}

GridPageLayout one_figure(const Figure& figure, const TextMeasure& m) {
  LayoutStyle style;
  style.solution_rows = style.solution_cols = 1;
  FigureSlot slot;
  slot.figure = figure;
  slot.name = "Test";
  const FigureSlot slots[] = {slot};
  return layout_solution_page(letter_frame(), style, slots, m);
}

// Cell edges as the test computes them: the border's path is inset by half its width.
struct Cells {
  Box grid;
  double inset, cell;
  double x(double col) const { return grid.left + inset + col * cell; }
  double y(double row) const { return grid.top - inset - row * cell; }
};

std::vector<Line> dashed(const Page& page) {
  std::vector<Line> out;
  for (const Line& l : items_of<Line>(page))
    if (l.dash_pt > 0) out.push_back(l);
  return out;
}

// True when point p lies on a dashed line (within 1e-6 across, between its ends).
bool on_dash(const std::vector<Line>& lines, Point p) {
  return std::any_of(lines.begin(), lines.end(), [&](const Line& l) {
    const double lo_x = std::min(l.from.x, l.to.x), hi_x = std::max(l.from.x, l.to.x);
    const double lo_y = std::min(l.from.y, l.to.y), hi_y = std::max(l.from.y, l.to.y);
    return p.x >= lo_x - 1e-6 && p.x <= hi_x + 1e-6 && p.y >= lo_y - 1e-6 && p.y <= hi_y + 1e-6;
  });
}

TEST_CASE("killer cages: dashed outlines inset from the cell edges, corners closed") {
  const FakeMeasure m;
  const GridPageLayout out = one_figure(caged_figure(), m);
  const double inset = LayoutStyle{}.solution_border_pt / 2;
  const Box grid = out.grid_boxes.at(0);
  const Cells c{grid, inset, (grid.width() - 2 * inset) / 6};
  const double d = kCageInsetShare * c.cell;
  const std::vector<Line> lines = dashed(out.page);
  REQUIRE(!lines.empty());
  for (const Line& l : lines) {
    CHECK(l.dash_pt == kCageDashPt);
    CHECK(l.gap_pt == kCageGapPt);
    CHECK(l.colour == Colour::gray(0));
    CHECK((l.from.x == l.to.x || l.from.y == l.to.y));
    // d from the nearest cell line (a multiple of the cell), never on it.
    const double along = l.from.x == l.to.x ? (l.from.x - c.x(0)) / c.cell : (c.y(0) - l.from.y) / c.cell;
    const double off = std::abs(along - std::round(along)) * c.cell;
    CHECK(off == doctest::Approx(d));
  }
  // The L cage's outline, corner by corner: the outer corners d inside, the concave corner of
  // r2c2 d beyond the cells' edges (where r1c2's bottom piece meets r2c1's right piece).
  CHECK(on_dash(lines, {c.x(0) + d, c.y(0) - d}));  // top-left
  CHECK(on_dash(lines, {c.x(2) - d, c.y(0) - d}));  // top-right of r1c2
  CHECK(on_dash(lines, {c.x(2) - d, c.y(1) + d}));  // bottom-right of r1c2
  CHECK(on_dash(lines, {c.x(1) + d, c.y(1) + d}));  // the concave corner
  CHECK(on_dash(lines, {c.x(1) - d, c.y(2) + d}));  // bottom-right of r2c1
  CHECK(on_dash(lines, {c.x(0) + d, c.y(2) + d}));  // bottom-left
  CHECK_FALSE(on_dash(lines, {c.x(1), c.y(0.5)}));  // no dash across the L's inside
  CHECK_FALSE(on_dash(lines, {c.x(0.5), c.y(1)}));
  // The square: one closed loop of four pieces, d inside its outer edge; nothing inside.
  CHECK(on_dash(lines, {c.x(2) + d, c.y(0) - d}));
  CHECK(on_dash(lines, {c.x(4) - d, c.y(2) + d}));
  CHECK_FALSE(on_dash(lines, {c.x(3), c.y(1)}));
  // Side-by-side pieces along one line are joined: the square's top is one line, 2 cells less 2d.
  const auto top = std::find_if(lines.begin(), lines.end(), [&](const Line& l) {
    return l.from.y == l.to.y && std::abs(l.from.y - (c.y(0) - d)) < 1e-6 && std::min(l.from.x, l.to.x) > c.x(2);
  });
  REQUIRE(top != lines.end());
  CHECK(std::abs(top->to.x - top->from.x) == doctest::Approx(2 * c.cell - 2 * d));
}

TEST_CASE("killer cages: each sum small in its first cell's top-left corner, over paper") {
  const FakeMeasure m;
  const GridPageLayout out = one_figure(caged_figure(), m);
  const double inset = LayoutStyle{}.solution_border_pt / 2;
  const Box grid = out.grid_boxes.at(0);
  const Cells c{grid, inset, (grid.width() - 2 * inset) / 6};
  const std::vector<TextRun> runs = items_of<TextRun>(out.page);
  const auto sum_run = [&](const std::string& text) {
    const auto it = std::find_if(runs.begin(), runs.end(), [&](const TextRun& r) { return r.text == text; });
    REQUIRE(it != runs.end());
    return *it;
  };
  struct Placed {
    const char* text;
    int row;
    int col;
  };
  for (const Placed& placed : {Placed{"10", 0, 0}, Placed{"23", 0, 2}, Placed{"7", 2, 0}}) {
    const int row = placed.row, col = placed.col;  // the sum's first cell
    const std::string text = placed.text;
    const TextRun run = sum_run(text);
    CHECK(run.size_pt == doctest::Approx(kCageSumShare * c.cell));
    CHECK(run.role == FontRole::text);
    // In the top-left quarter of its cell.
    CHECK(run.origin.x > c.x(col));
    CHECK(run.origin.x < c.x(col + 0.5));
    CHECK(run.origin.y < c.y(row));
    CHECK(run.origin.y > c.y(row + 0.5));
    // A paper patch under it, inside the cell (clear of the cell lines).
    const std::vector<Rect> rects = items_of<Rect>(out.page);
    const bool patched = std::any_of(rects.begin(), rects.end(), [&](const Rect& r) {
      return r.fill && r.fill->c[0] == 1 && r.box.left <= run.origin.x && r.box.bottom <= run.origin.y &&
             r.box.left > c.x(col) && r.box.top < c.y(row);
    });
    CHECK(patched);
  }
}

TEST_CASE("killer cages: a symbol filled in stays under its cell's sum") {
  const FakeMeasure m;
  Figure f = caged_figure();
  f.cells[0] = FigureCell{"4", Ink::solved};  // r1c1, under the sum 10
  const GridPageLayout out = one_figure(f, m);
  const std::vector<TextRun> runs = items_of<TextRun>(out.page);
  const auto digit = std::find_if(runs.begin(), runs.end(), [](const TextRun& r) { return r.text == "4"; });
  const auto sum = std::find_if(runs.begin(), runs.end(), [](const TextRun& r) { return r.text == "10"; });
  REQUIRE(digit != runs.end());
  REQUIRE(sum != runs.end());
  const double digit_top = digit->origin.y + m.cap_height_em(digit->role) * digit->size_pt;
  CHECK(digit_top < sum->origin.y);  // the sum's baseline: its lowest ink (digits have no descent)
  const double inset = LayoutStyle{}.solution_border_pt / 2;
  const double cell = (out.grid_boxes.at(0).width() - 2 * inset) / 6;
  CHECK(digit->size_pt <= kCagedSymbolShare * cell + 1e-9);
}

TEST_CASE("killer cages: a How to Play example grows until its sums print at the floor") {
  const FakeMeasure m;
  PageFrame frame;  // 6x9 with half-inch margins: half the body's width gives 9x9 cells of 20 pt
  frame.width_pt = 432;
  frame.height_pt = 648;
  frame.trim_box = Box{0, 0, 432, 648};
  frame.content = Box{36, 36, 396, 612};
  Figure f;
  f.cells.assign(81, FigureCell{});
  for (int row = 0; row < 9; ++row) f.cages.push_back({{row * 9, row * 9 + 1}, "17"});
  Article article;
  article.heading = "Killer";
  article.paragraphs = {"A rule."};
  article.figure = f;
  article.caption = "An example.";
  const Page page = layout_article_page(frame, LayoutStyle{}, article, m);
  int sums = 0;
  for (const TextRun& run : items_of<TextRun>(page)) {
    if (run.text != "17") continue;
    ++sums;
    CHECK(run.size_pt >= kMinCageSumPt - 1e-9);
  }
  CHECK(sums == 9);
}

TEST_CASE("killer cages: the figure's invariants") {
  const FakeMeasure m;
  Figure twice = caged_figure();
  twice.cages.push_back({{1, 7}, "9"});  // r1c2 is in the L already
  CHECK_THROWS_AS(one_figure(twice, m), std::invalid_argument);
  Figure outside = caged_figure();
  outside.cages.push_back({{36}, "3"});
  CHECK_THROWS_AS(one_figure(outside, m), std::invalid_argument);
  Figure empty = caged_figure();
  empty.cages.push_back({{}, "3"});
  CHECK_THROWS_AS(one_figure(empty, m), std::invalid_argument);
  // Without cages, no dashed line at all.
  Figure plain = caged_figure();
  plain.cages.clear();
  CHECK(dashed(one_figure(plain, m).page).empty());
}

}  // namespace
}  // namespace puzzlepress::render
