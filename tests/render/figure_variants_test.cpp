// Figures of the sudoku variants: jigsaw regions (heavy borders exactly where regions meet,
// tints that tell neighbours apart), extra shaded houses (X diagonals, hyper windows), the
// invariants of that data, and figures without it drawn as before.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/fake_measure.h"
#include "render/figure.h"
#include "render/image_painter.h"
#include "render/layout.h"
#include "support/raster.h"
#include "support/render_fixtures.h"

namespace puzzlepress::render {
namespace {

using puzzlepress::testing::items_of;
using puzzlepress::testing::letter_frame;
using testing::FakeMeasure;

// A jigsaw puzzle made by `puzzlepress generate --kind jigsaw` (seed 42): givens, then its
// regions numbered 1..9.
constexpr const char* kJigsawGivens =
    "...9...7......816..2.647...6.......4....9....9.......7...374.1..174......3...9...";
constexpr const char* kJigsawRegions =
    "122223333111122233411122633441555636744456666744555566748885999777888889777899999";

Figure figure_from(const std::string& givens) {
  const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(givens.size()))));
  Figure f;
  f.size = n;
  f.box_rows = n == 9 ? 3 : 2;
  f.box_cols = n == 9 ? 3 : n / 2;
  for (const char ch : givens) {
    f.cells.push_back(ch == '.' ? FigureCell{} : FigureCell{std::string(1, ch), Ink::given});
  }
  return f;
}

Figure jigsaw_figure() {
  Figure f = figure_from(kJigsawGivens);
  for (const char ch : std::string(kJigsawRegions)) f.regions.push_back(ch - '1');
  return f;
}

std::vector<std::vector<int>> x_houses(int n) {
  std::vector<std::vector<int>> houses(2);
  for (int i = 0; i < n; ++i) {
    houses[0].push_back(i * n + i);
    houses[1].push_back(i * n + (n - 1 - i));
  }
  return houses;
}

std::vector<std::vector<int>> hyper_houses() {
  std::vector<std::vector<int>> houses;
  for (const int top : {1, 5}) {
    for (const int left : {1, 5}) {
      std::vector<int> window;
      for (int r = top; r < top + 3; ++r) {
        for (int c = left; c < left + 3; ++c) window.push_back(r * 9 + c);
      }
      houses.push_back(window);
    }
  }
  return houses;
}

// A figure alone on a solution page (its line weights: solution_*_pt).
GridPageLayout one_figure(
    const Figure& figure, const TextMeasure& m, const LayoutStyle& style = [] {
      LayoutStyle s;
      s.solution_rows = s.solution_cols = 1;
      return s;
    }()) {
  FigureSlot slot;
  slot.figure = figure;
  slot.name = "Test";
  const FigureSlot slots[] = {slot};
  return layout_solution_page(letter_frame(), style, slots, m);
}

// The grid's cell geometry as the tests compute it: the border's path is inset by half its width.
struct Cells {
  Box grid;
  double inset, cell;
  int n;
  double x(double col) const { return grid.left + inset + col * cell; }
  double y(double row) const { return grid.top - inset - row * cell; }
};
Cells cells_of(const GridPageLayout& out, int n) {
  const double inset = LayoutStyle{}.solution_border_pt / 2;
  const Box grid = out.grid_boxes.at(0);
  return Cells{grid, inset, (grid.width() - 2 * inset) / n, n};
}

// The lines whose ink covers point p (the line's centre within width/2 across, between its ends).
std::vector<Line> lines_at(const std::vector<Line>& lines, Point p) {
  std::vector<Line> out;
  for (const Line& l : lines) {
    const double lo_x = std::min(l.from.x, l.to.x), hi_x = std::max(l.from.x, l.to.x);
    const double lo_y = std::min(l.from.y, l.to.y), hi_y = std::max(l.from.y, l.to.y);
    const double h = l.width_pt / 2 + 1e-9;
    const bool vertical = l.from.x == l.to.x;
    const bool covers = vertical ? std::abs(p.x - l.from.x) <= h && p.y >= lo_y - 1e-9 && p.y <= hi_y + 1e-9
                                 : std::abs(p.y - l.from.y) <= h && p.x >= lo_x - 1e-9 && p.x <= hi_x + 1e-9;
    if (covers) out.push_back(l);
  }
  return out;
}

// The fill's grey of the last filled rect covering point p, or 1 (paper).
double fill_at(const Page& page, Point p) {
  double grey = 1;
  for (const Rect& r : items_of<Rect>(page)) {
    if (r.fill && p.x > r.box.left && p.x < r.box.right && p.y > r.box.bottom && p.y < r.box.top) grey = r.fill->c[0];
  }
  return grey;
}

bool same_lines(const std::vector<Line>& a, const std::vector<Line>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].from.x != b[i].from.x || a[i].from.y != b[i].from.y || a[i].to.x != b[i].to.x || a[i].to.y != b[i].to.y ||
        a[i].width_pt != b[i].width_pt || !(a[i].colour == b[i].colour)) {
      return false;
    }
  }
  return true;
}

}  // namespace

TEST_SUITE("figure variants") {
  TEST_CASE("region borders are heavy exactly where side-by-side cells' regions differ") {
    const FakeMeasure m;
    const LayoutStyle style;
    const Figure f = jigsaw_figure();
    const GridPageLayout out = one_figure(f, m);
    const Cells g = cells_of(out, 9);
    const auto lines = items_of<Line>(out.page);
    const auto region = [&](int r, int c) { return f.regions[static_cast<std::size_t>(r * 9 + c)]; };
    int heavy_edges = 0;
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        // The edge right of (r, c) and the edge below it: exactly one line covers its middle.
        if (c + 1 < 9) {
          const auto at = lines_at(lines, {g.x(c + 1), g.y(r + 0.5)});
          REQUIRE(at.size() == 1);
          const bool differ = region(r, c) != region(r, c + 1);
          CHECK(at[0].width_pt == (differ ? style.solution_box_line_pt : style.solution_cell_line_pt));
          heavy_edges += differ;
        }
        if (r + 1 < 9) {
          const auto at = lines_at(lines, {g.x(c + 0.5), g.y(r + 1)});
          REQUIRE(at.size() == 1);
          const bool differ = region(r, c) != region(r + 1, c);
          CHECK(at[0].width_pt == (differ ? style.solution_box_line_pt : style.solution_cell_line_pt));
          heavy_edges += differ;
        }
        // No line runs through a cell's middle.
        CHECK(lines_at(lines, {g.x(c + 0.5), g.y(r + 0.5)}).empty());
      }
    }
    CHECK(heavy_edges > 20);  // an irregular map, not a trivial one
    // No box lines: the rule between columns 2 and 3 is thin where both cells share a region.
    CHECK(region(0, 2) == region(0, 3));
    // Heavy lines close their corners: every heavy run's inner end reaches half its width past
    // the vertex into another heavy line; its border ends stop at the border's inner edge.
    for (const Line& l : lines) {
      if (l.width_pt != style.solution_box_line_pt) continue;
      for (const Point end : {l.from, l.to}) {
        const double along = l.from.x == l.to.x ? (g.grid.top - g.inset - end.y) : (end.x - g.grid.left - g.inset);
        const double k = along / g.cell;
        const bool at_border = std::abs(along - g.inset) < 1e-6 || std::abs(along - (9 * g.cell - g.inset)) < 1e-6;
        const double reach = style.solution_box_line_pt / 2;
        const bool past_vertex = std::abs(std::abs(k * g.cell - std::round(k) * g.cell) - reach) < 1e-6;
        CHECK((at_border || past_vertex));
      }
    }
  }

  TEST_CASE("regions shaped like the boxes draw the very lines of boxes") {
    const FakeMeasure m;
    for (const auto& [n, rows, cols] : {std::tuple{9, 3, 3}, std::tuple{6, 2, 3}, std::tuple{8, 2, 4}}) {
      Figure boxes = figure_from(std::string(static_cast<std::size_t>(n * n), '.'));
      boxes.box_rows = rows;
      boxes.box_cols = cols;
      Figure regions = boxes;
      for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) regions.regions.push_back((r / rows) * (n / cols) + c / cols);
      }
      CHECK(same_lines(items_of<Line>(one_figure(boxes, m).page), items_of<Line>(one_figure(regions, m).page)));
    }
  }

  TEST_CASE("region tints tell neighbouring regions apart, behind the grid") {
    const FakeMeasure m;
    Figure f = jigsaw_figure();
    f.region_tint = true;
    const GridPageLayout out = one_figure(f, m);
    const Cells g = cells_of(out, 9);
    const auto grey = [&](int r, int c) { return fill_at(out.page, {g.x(c + 0.5), g.y(r + 0.5)}); };
    std::set<double> used;
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        used.insert(grey(r, c));
        CHECK(std::find(kRegionTints.begin(), kRegionTints.end(), grey(r, c)) != kRegionTints.end());
        for (const auto& [rr, cc] : {std::pair{r, c + 1}, std::pair{r + 1, c}}) {
          if (rr >= 9 || cc >= 9) continue;
          const bool same_region =
              f.regions[static_cast<std::size_t>(r * 9 + c)] == f.regions[static_cast<std::size_t>(rr * 9 + cc)];
          CHECK((grey(r, c) == grey(rr, cc)) == same_region);
        }
      }
    }
    CHECK(used.size() >= 2);
    // Every tint that lays ink prints (KDP: 10 % grey at least) and the fills come before the lines.
    for (const Rect& r : items_of<Rect>(out.page)) {
      if (r.fill) CHECK(r.fill->c[0] <= 0.9);
    }
    const auto first_fill = std::find_if(out.page.items.begin(), out.page.items.end(), [](const Item& i) {
      return std::holds_alternative<Rect>(i) && std::get<Rect>(i).fill.has_value();
    });
    const auto first_line = std::find_if(out.page.items.begin(), out.page.items.end(),
                                         [](const Item& i) { return std::holds_alternative<Line>(i); });
    CHECK(first_fill < first_line);
    // A map two tints cannot colour (three regions touching each other) gets three.
    Figure triangle = figure_from(std::string(16, '.'));
    triangle.regions = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    triangle.region_tint = true;
    const auto tints = [&] {
      std::set<double> s;
      const GridPageLayout t = one_figure(triangle, m);
      const Cells tg = cells_of(t, 4);
      for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c) s.insert(fill_at(t.page, {tg.x(c + 0.5), tg.y(r + 0.5)}));
      }
      return s;
    }();
    CHECK(tints.size() == 3);  // 0, 1 and 2 touch each other; 3 touches only 2
  }

  TEST_CASE("x diagonals and hyper windows shade exactly their cells") {
    const FakeMeasure m;
    for (const bool hyper : {false, true}) {
      INFO((hyper ? "hyper" : "x"));
      Figure f = figure_from(kJigsawGivens);
      f.extra_houses = hyper ? hyper_houses() : x_houses(9);
      std::set<int> house_cells;
      for (const auto& h : f.extra_houses) house_cells.insert(h.begin(), h.end());
      const GridPageLayout out = one_figure(f, m);
      const Cells g = cells_of(out, 9);
      for (int r = 0; r < 9; ++r) {
        for (int c = 0; c < 9; ++c) {
          const double expected = house_cells.count(r * 9 + c) ? kHouseShadeGray : 1.0;
          // The middle and near each corner of the cell: whole cells, nothing beyond them.
          for (const auto& [dx, dy] : {std::pair{0.5, 0.5}, std::pair{0.02, 0.02}, std::pair{0.98, 0.98},
                                       std::pair{0.02, 0.98}, std::pair{0.98, 0.02}}) {
            CHECK(fill_at(out.page, {g.x(c + dx), g.y(r + dy)}) == expected);
          }
        }
      }
      // Shading is painted as few rectangles: a window is one, a diagonal cell one (the centre once).
      const auto fills = items_of<Rect>(out.page);
      CHECK(std::count_if(fills.begin(), fills.end(), [](const Rect& r) { return r.fill.has_value(); }) ==
            (hyper ? 4 : 17));
    }
  }

  TEST_CASE("broken variant data is refused") {
    const FakeMeasure m;
    const auto refused = [&](const Figure& f) { CHECK_THROWS_AS(one_figure(f, m), std::invalid_argument); };
    Figure f = jigsaw_figure();
    f.regions.pop_back();
    refused(f);  // 80 ids for 81 cells
    f = jigsaw_figure();
    f.regions[40] = 9;
    refused(f);  // id out of range
    f.regions[40] = -1;
    refused(f);
    f = jigsaw_figure();
    std::swap(f.regions[0], f.regions[80]);
    refused(f);  // a region in two pieces
    f = jigsaw_figure();
    f.shaded_box = 0;
    refused(f);  // a box with no boxes drawn
    f = figure_from(kJigsawGivens);
    f.region_tint = true;
    refused(f);  // a tint without regions
    f = jigsaw_figure();
    f.region_tint = true;
    f.extra_houses = x_houses(9);
    refused(f);  // tints and shading mixed
    f = figure_from(kJigsawGivens);
    f.extra_houses = {{0, 10, 81}};
    refused(f);  // a cell out of range
    f.extra_houses = {{0, 10, 10}};
    refused(f);  // a cell twice
    f.extra_houses = {{-1}};
    refused(f);
    // The good data passes.
    f = jigsaw_figure();
    f.region_tint = true;
    CHECK_NOTHROW(one_figure(f, m));
  }

  TEST_CASE("a figure without variant data draws as before") {
    // Lines, fills and symbols of a classic figure: cell lines, then box lines, no fill.
    const FakeMeasure m;
    const LayoutStyle style;
    const GridPageLayout out = one_figure(figure_from(kJigsawGivens), m);
    const auto lines = items_of<Line>(out.page);
    REQUIRE(lines.size() == 16);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      CHECK(lines[i].width_pt == (i < 12 ? style.solution_cell_line_pt : style.solution_box_line_pt));
    }
    const auto rects = items_of<Rect>(out.page);
    CHECK(std::none_of(rects.begin(), rects.end(), [](const Rect& r) { return r.fill.has_value(); }));
  }

  TEST_CASE("painted: shading and tints show, givens stay black on them") {
    // Painted through the image painter at 100 dpi with the real fonts. With
    // PUZZLEPRESS_FIGURE_PNGS=dir set, the pages are also written there to be looked at.
    const auto metrics = puzzlepress::testing::source_font_metrics();
    auto loaded = ImagePainter::load(puzzlepress::testing::source_fonts());
    REQUIRE_MESSAGE(loaded.ok(), loaded.error());
    LayoutStyle style;
    style.puzzle_rows = style.puzzle_cols = 1;
    struct Case {
      const char* name;
      Figure figure;
    };
    Figure jigsaw = jigsaw_figure();
    Figure tinted = jigsaw;
    tinted.region_tint = true;
    Figure x = figure_from(kJigsawGivens);
    x.extra_houses = x_houses(9);
    Figure hyper = figure_from(kJigsawGivens);
    hyper.extra_houses = hyper_houses();
    for (const Case& c : {Case{"jigsaw", jigsaw}, Case{"jigsaw-tinted", tinted}, Case{"x", x}, Case{"hyper", hyper}}) {
      INFO(c.name);
      FigureSlot slot;
      slot.figure = c.figure;
      slot.name = c.name;
      const FigureSlot slots[] = {slot};
      const GridPageLayout out = layout_puzzle_page(letter_frame(), style, slots, *metrics);
      const auto png = (*loaded)->png(out.page, 100);
      REQUIRE_MESSAGE(png.ok(), png.error());
      if (const char* dir = std::getenv("PUZZLEPRESS_FIGURE_PNGS")) {
        std::ofstream(std::string(dir) + "/" + c.name + ".png", std::ios::binary) << *png;
      }
      const auto image = puzzlepress::testing::decode_png(*png);
      REQUIRE(image.has_value());
      const Box grid = out.grid_boxes.at(0);
      const double inset = style.border_pt / 2, cell = (grid.width() - 2 * inset) / 9;
      // The pixel at a fraction (fx, fy) across cell (r, col), page y down at 100 dpi.
      const auto grey_at = [&](int r, int col, double fx, double fy) {
        const double x_pt = grid.left + inset + (col + fx) * cell, y_pt = grid.top - inset - (r + fy) * cell;
        return image->grey(static_cast<int>(x_pt * 100 / 72), static_cast<int>((792 - y_pt) * 100 / 72));
      };
      for (int r = 0; r < 9; ++r) {
        for (int col = 0; col < 9; ++col) {
          const double paper =
              fill_at(out.page, {grid.left + inset + (col + 0.2) * cell, grid.top - inset - (r + 0.2) * cell});
          // Near the cell's corner (clear of lines and glyph) the paper shows its fill.
          CHECK(std::abs(grey_at(r, col, 0.2, 0.2) - paper * 255) <= 2);
          // A given's glyph is black ink on it: its darkest pixel across the cell's middle row.
          if (c.figure.at(r, col).ink == Ink::given) {
            double darkest = 255;
            for (double fx = 0.3; fx <= 0.7; fx += 0.01) darkest = std::min(darkest, grey_at(r, col, fx, 0.5));
            CHECK(darkest < 40);
          }
        }
      }
    }
  }
}

}  // namespace puzzlepress::render
