// verify --pdf reads each grid's kind back from the printed page, by geometry alone: the heavy
// borders (a jigsaw's regions, the other kinds' boxes) and the cells shaded kHouseShadeGray
// (an x puzzle's diagonals, a hyper puzzle's windows), on puzzle and solution pages; it holds
// them to the manifest and solves the printed givens under the printed houses. Expected borders,
// shading and solution counts come from the tests' own house checker (support/house_checker.h),
// not from the code under test.
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "book/check/pdf_houses.h"
#include "book/check/pdf_scan.h"
#include "book/manifest/manifest.h"
#include "book/text/wording.h"
#include "check/verify_pdf_fixtures.h"
#include "render/figure.h"
#include "support/house_checker.h"
#include "support/sampling.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::verify_pdf_tests;

namespace {

// Two puzzles a section, two a page (6x9, two-up): each kind, each with a skin of its own, the
// classic last. Puzzle numbers: 1-2 x, 3-4 hyper, 5-6 jigsaw (tinted), 7 jigsaw 6x6 in shapes,
// 8 x 6x6 in letters spelling a word (its solution shades the word's row in another grey),
// 9-10 classic.
const std::string kKinds =
    "  - { kind: x, grade: easy, count: 2 }\n"
    "  - { kind: hyper, grade: easy, count: 2 }\n"
    "  - { kind: jigsaw, grade: easy, count: 2, tint: true }\n"
    "  - { kind: jigsaw, size: 6x6, skin: shapes, grade: easy, count: 1 }\n"
    "  - { kind: x, size: 6x6, skin: letters, letters: PLANET, grade: easy, count: 1 }\n"
    "  - { grade: easy, count: 2 }\n";

const Printed& kinds_book() {
  static const Printed p = print(spec_text(29, kKinds));
  return p;
}

const ManifestPuzzle& puzzle(const Printed& p, int number) {
  return p.manifest.puzzles.at(static_cast<std::size_t>(number - 1));
}

std::string cell_name(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

/// The region of each cell of `layout` (boxes unless a jigsaw).
std::vector<int> regions_of(const engine::Layout& layout) {
  const engine::Shape s = layout.shape;
  if (layout.kind == engine::Kind::jigsaw) return layout.regions;
  return testing::box_regions(s.size(), s.box_rows, s.box_cols);
}

/// The cells an x (diagonals) or hyper (rows and columns 2-4 and 6-8, 1-based) puzzle shades.
std::vector<bool> shaded_of(const ManifestPuzzle& mp) {
  const int n = mp.givens.size();
  std::vector<bool> shaded(static_cast<std::size_t>(n * n), false);
  if (mp.layout.kind == engine::Kind::x) {
    for (const std::vector<int>& d : testing::diagonals(n))
      for (const int cell : d) shaded[static_cast<std::size_t>(cell)] = true;
  }
  if (mp.layout.kind == engine::Kind::hyper) {
    for (int cell = 0; cell < n * n; ++cell) {
      const int r = cell / n, c = cell % n;
      shaded[static_cast<std::size_t>(cell)] = r % 4 != 0 && c % 4 != 0;
    }
  }
  return shaded;
}

/// The borders between side-by-side cells where `a` and `b` disagree on "same region", each a
/// cell's right border then its lower, in reading order: "r1c3/r1c4".
std::vector<std::string> borders_differing(int n, const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<std::string> out;
  for (int cell = 0; cell < n * n; ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    if (cell % n + 1 < n && (a[i] != a[i + 1]) != (b[i] != b[i + 1])) {
      out.push_back(cell_name(n, cell) + "/" + cell_name(n, cell + 1));
    }
    const auto j = i + static_cast<std::size_t>(n);
    if (cell / n + 1 < n && (a[i] != a[j]) != (b[i] != b[j])) {
      out.push_back(cell_name(n, cell) + "/" + cell_name(n, cell + n));
    }
  }
  return out;
}

/// "A, B, C and 4 more borders" as verify lists them (three shown).
std::string listed(const std::vector<std::string>& items, const std::string& one, const std::string& many) {
  std::string text;
  for (std::size_t k = 0; k < items.size() && k < 3; ++k) text += (k == 0 ? "" : ", ") + items[k];
  if (items.size() > 3)
    text += " and " + std::to_string(items.size() - 3) + " more " + (items.size() == 4 ? one : many);
  return text;
}

/// The grid's N*N cells (Grid keeps room for 16x16).
std::vector<int> cells_of(const engine::Grid& grid) {
  return std::vector<int>(grid.cells.begin(), grid.cells.begin() + grid.cell_count());
}

/// What verify says of the printed givens of `mp` solved under `houses` (the oracle's count):
/// nothing when they have one solution and it is the one printed.
std::vector<std::string> solved_again(const ManifestPuzzle& mp, const testing::Houses& houses) {
  std::vector<int> first;
  const int found = testing::count_solutions(houses, cells_of(mp.givens), 2, &first);
  const std::string page = "puzzle " + std::to_string(mp.number) + ", page " + std::to_string(mp.page);
  if (found == 0) return {page + ": the printed grid has no solution"};
  if (found > 1) return {page + ": the printed grid has more than one solution"};
  if (first != cells_of(mp.solution)) {
    return {"puzzle " + std::to_string(mp.number) + ", solution page " + std::to_string(mp.solution_page) +
            ": the printed solution is not the solution of the printed grid"};
  }
  return {};
}

/// The border rectangle of the grid printed in `rect` on `page` (its path: the stroke's middle).
render::Box border_path(const render::Page& page, const RectPt& rect) {
  for (const render::Item& item : page.items) {
    const auto* r = std::get_if<render::Rect>(&item);
    if (r == nullptr || r->stroke_width_pt <= 0 || r->fill) continue;
    const double h = r->stroke_width_pt / 2;
    if (std::abs(r->box.left - h - rect.x) < 0.05 && std::abs(r->box.bottom - h - rect.y) < 0.05 &&
        std::abs(r->box.width() + 2 * h - rect.width) < 0.05) {
      return r->box;
    }
  }
  FAIL("no border rectangle at the manifest's rect");
  return {};
}

/// Page `page` with the grid in `rect` redrawn with the borders of `regions`: its inner lines
/// taken away, then a line for each inner border, heavy (the heaviest weight taken away) where
/// the regions differ and thin (the thinnest) elsewhere. Returns the thin weight.
double redraw_regions(render::Page& page, const RectPt& rect, int n, const std::vector<int>& regions) {
  const render::Box path = border_path(page, rect);
  const double side = path.width() / n;
  double thin = 1e9, heavy = 0;
  const auto inside = [&](render::Point p) {
    return p.x > path.left + 0.01 && p.x < path.right - 0.01 && p.y > path.bottom + 0.01 && p.y < path.top - 0.01;
  };
  std::vector<render::Item> kept;
  for (render::Item& item : page.items) {
    const auto* line = std::get_if<render::Line>(&item);
    if (line != nullptr && (inside(line->from) || inside(line->to))) {
      thin = std::min(thin, line->width_pt);
      heavy = std::max(heavy, line->width_pt);
      continue;
    }
    kept.push_back(std::move(item));
  }
  REQUIRE(heavy > thin);
  for (int k = 0; k < n * n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const int r = k / n, c = k % n;
    if (c + 1 < n) {
      const double x = path.left + (c + 1) * side;
      kept.push_back(render::Line{
          {x, path.top - (r + 1) * side}, {x, path.top - r * side}, regions[i] != regions[i + 1] ? heavy : thin});
    }
    if (r + 1 < n) {
      const double y = path.top - (r + 1) * side;
      kept.push_back(render::Line{{path.left + c * side, y},
                                  {path.left + (c + 1) * side, y},
                                  regions[i] != regions[i + static_cast<std::size_t>(n)] ? heavy : thin});
    }
  }
  page.items = std::move(kept);
  return thin;
}

/// Fills of `grey` over cells of the grid in `rect` on `page`, one rectangle a cell.
void shade_cells(render::Page& page, const RectPt& rect, int n, const std::vector<int>& cells, double grey) {
  const render::Box path = border_path(page, rect);
  const double cell = path.width() / n;
  for (const int c : cells) {
    const double left = path.left + (c % n) * cell, top = path.top - (c / n) * cell;
    // Behind the grid: before the lines and symbols (items paint in order).
    page.items.insert(
        page.items.begin(),
        render::Rect{{left, top - cell, left + cell, top}, 0, render::Colour::gray(0), render::Colour::gray(grey)});
  }
}

/// The grid in `rect` on `page` without its house shading (fills of kHouseShadeGray).
void unshade(render::Page& page, const RectPt& rect) {
  std::erase_if(page.items, [&](const render::Item& item) {
    const auto* r = std::get_if<render::Rect>(&item);
    if (r == nullptr || !r->fill || *r->fill != render::Colour::gray(render::kHouseShadeGray)) return false;
    const double x = (r->box.left + r->box.right) / 2, y = (r->box.bottom + r->box.top) / 2;
    return x > rect.x && x < rect.x + rect.width && y > rect.y && y < rect.y + rect.height;
  });
}

std::string on_page(const ManifestPuzzle& mp) {
  return "puzzle " + std::to_string(mp.number) + ", page " + std::to_string(mp.page);
}
std::string on_solution_page(const ManifestPuzzle& mp) {
  return "puzzle " + std::to_string(mp.number) + ", solution page " + std::to_string(mp.solution_page);
}

}  // namespace

TEST_CASE("verify --pdf: a book of each kind passes, its borders and shading read back from both pages") {
  const Printed& p = kinds_book();
  CHECK(verify_both(p.manifest, p.pdf, "book.pdf").empty());
  const util::Result<PdfScan> scan = scan_pdf(p.pdf);
  REQUIRE(scan.ok());
  std::vector<engine::Kind> kinds;
  for (const ManifestPuzzle& mp : p.manifest.puzzles) {
    CAPTURE(mp.number);
    const engine::Shape shape = mp.givens.shape;
    const int n = shape.size();
    kinds.push_back(mp.layout.kind);
    const std::vector<int> regions = regions_of(mp.layout);
    for (const auto& where : {std::pair{mp.page, mp.rect}, std::pair{mp.solution_page, mp.solution_rect}}) {
      const int page = where.first;  // not a structured binding: clang 14 cannot capture one (CAPTURE)
      const RectPt& rect = where.second;
      CAPTURE(page);
      const PrintedHouses read = read_printed_houses(scan->pages.at(static_cast<std::size_t>(page - 1)), rect, shape);
      REQUIRE(read.size == n);
      CHECK(read.shaded == shaded_of(mp));
      // Each border heavy exactly where its two cells lie in different regions.
      std::vector<std::string> heavy_read;
      for (int cell = 0; cell < n * n; ++cell) {
        const auto i = static_cast<std::size_t>(cell);
        if (read.heavy_right[i]) heavy_read.push_back(cell_name(n, cell) + "/" + cell_name(n, cell + 1));
        if (read.heavy_below[i]) heavy_read.push_back(cell_name(n, cell) + "/" + cell_name(n, cell + n));
      }
      CHECK(heavy_read == borders_differing(n, regions, std::vector<int>(static_cast<std::size_t>(n * n), 0)));
      // The layout they make is the manifest's: its kind, and a jigsaw's very partition.
      const std::optional<engine::Layout> layout = printed_layout(read, shape);
      REQUIRE(layout);
      CHECK(layout->kind == mp.layout.kind);
      CHECK(borders_differing(n, regions_of(*layout), regions).empty());
    }
  }
  // The book holds every kind.
  for (const engine::Kind kind : engine::kAllKinds) CHECK(std::count(kinds.begin(), kinds.end(), kind) >= 2);
}

TEST_CASE("verify --pdf: kinds read back in every language") {
  for (int index = 0; index < static_cast<int>(std::size(kLanguages)); ++index) {
    if (!testing::taken(index, {0, 2})) continue;
    const std::string_view language = kLanguages[index];
    CAPTURE(language);
    const Printed p = print(spec_text(3,
                                      "  - { kind: jigsaw, size: 6x6, grade: easy, count: 1 }\n"
                                      "  - { kind: x, size: 6x6, grade: easy, count: 1 }\n",
                                      "6x9", "language: " + std::string(language) + "\n"));
    CHECK(verify_pdf_bytes(p.manifest, p.pdf, "book.pdf").empty());
    // A manifest whose x puzzle says classic is caught whatever the words.
    Manifest classic = p.manifest;
    classic.puzzles[1].layout.kind = engine::Kind::classic;
    const std::vector<std::string> lines = verify_pdf_bytes(classic, p.pdf, "book.pdf");
    CHECK(std::count(lines.begin(), lines.end(),
                     on_page(p.manifest.puzzles[1]) + ": the grid is printed as kind x, the manifest says classic") ==
          1);
  }
}

TEST_CASE("verify --pdf: a manifest whose jigsaw regions were altered names the borders that differ") {
  const Printed& p = kinds_book();
  const ManifestPuzzle& mp = puzzle(p, 5);
  const ManifestPuzzle& other = puzzle(p, 6);
  REQUIRE(mp.layout.kind == engine::Kind::jigsaw);
  REQUIRE(other.layout.kind == engine::Kind::jigsaw);
  Manifest altered = p.manifest;
  altered.puzzles[4].layout.regions = other.layout.regions;  // puzzle 6's regions for puzzle 5's
  const std::vector<std::string> borders = borders_differing(9, mp.layout.regions, other.layout.regions);
  REQUIRE(borders.size() > 3);
  const std::string at = " the printed regions differ from the manifest's at " + listed(borders, "border", "borders");
  // Both pages print the real regions; the printed grid, solved under them, is the puzzle.
  CHECK(verify_both(altered, p.pdf, "book.pdf") ==
        std::vector<std::string>{on_page(mp) + ":" + at, on_solution_page(mp) + ":" + at});

  // One border moved: two cells of neighbouring regions exchanged.
  Manifest swapped = p.manifest;
  std::vector<int>& regions = swapped.puzzles[4].layout.regions;
  std::size_t pair = 0;
  while (regions[pair] == regions[pair + 1]) ++pair;
  std::swap(regions[pair], regions[pair + 1]);
  REQUIRE(regions != mp.layout.regions);
  const std::string moved = " the printed regions differ from the manifest's at " +
                            listed(borders_differing(9, mp.layout.regions, regions), "border", "borders");
  CHECK(verify_pdf_bytes(swapped, p.pdf, "book.pdf") ==
        std::vector<std::string>{on_page(mp) + ":" + moved, on_solution_page(mp) + ":" + moved});
}

TEST_CASE("verify --pdf: a manifest that names another kind is told the printed one") {
  const Printed& p = kinds_book();
  const auto told = [&](int number, engine::Kind kind, const std::string& printed) {
    Manifest m = p.manifest;
    ManifestPuzzle& mp = m.puzzles[static_cast<std::size_t>(number - 1)];
    mp.layout.kind = kind;
    if (kind != engine::Kind::jigsaw) mp.layout.regions.clear();
    const std::string line =
        ": the grid is printed as kind " + printed + ", the manifest says " + std::string(engine::kind_id(kind));
    CHECK(verify_pdf_bytes(m, p.pdf, "book.pdf") ==
          std::vector<std::string>{on_page(mp) + line, on_solution_page(mp) + line});
  };
  told(1, engine::Kind::hyper, "x");
  told(1, engine::Kind::classic, "x");
  told(3, engine::Kind::x, "hyper");
  told(5, engine::Kind::classic, "jigsaw");
  told(9, engine::Kind::x, "classic");
  told(8, engine::Kind::classic, "x");  // 6x6 letters, its word row shaded in another grey

  // A classic puzzle's manifest that says jigsaw, with regions: the boxes are printed.
  Manifest m = p.manifest;
  ManifestPuzzle& classic = m.puzzles[8];
  classic.layout.kind = engine::Kind::jigsaw;
  classic.layout.regions = puzzle(p, 5).layout.regions;
  const std::string line = ": the grid is printed as kind classic, the manifest says jigsaw";
  CHECK(verify_pdf_bytes(m, p.pdf, "book.pdf") ==
        std::vector<std::string>{on_page(classic) + line, on_solution_page(classic) + line});
}

TEST_CASE("verify --pdf: a page drawn with other regions is solved under the printed ones") {
  Printed p = kinds_book();
  const ManifestPuzzle& mp = puzzle(p, 5);
  const std::vector<int>& other = puzzle(p, 6).layout.regions;
  const std::string pdf = repainted(p, mp.page, [&](render::Page& page) { redraw_regions(page, mp.rect, 9, other); });
  std::vector<std::string> expected = {on_page(mp) + ": the printed regions differ from the manifest's at " +
                                       listed(borders_differing(9, mp.layout.regions, other), "border", "borders")};
  for (std::string& line : solved_again(mp, testing::make_houses(9, other))) expected.push_back(std::move(line));
  CHECK(verify_both(tied(p, pdf), pdf, "book.pdf") == expected);

  // Redrawn with its own regions (one line a border): still the manifest's.
  const std::string same =
      repainted(p, mp.page, [&](render::Page& page) { redraw_regions(page, mp.rect, 9, mp.layout.regions); });
  CHECK(verify_pdf_bytes(tied(p, same), same, "book.pdf").empty());

  // A heavy border left out: the pieces are no partition, the printed grid is not solved.
  const std::vector<int>& own = mp.layout.regions;
  int gap = 0;
  while (own[static_cast<std::size_t>(gap)] == own[static_cast<std::size_t>(gap + 1)]) ++gap;
  REQUIRE(gap % 9 < 8);
  const std::string open = repainted(p, mp.page, [&](render::Page& page) {
    const double thin = redraw_regions(page, mp.rect, 9, own);
    // The line of the border right of cell `gap` drawn thin.
    const render::Box path = border_path(page, mp.rect);
    const double cell = path.width() / 9;
    const double x = path.left + (gap % 9 + 1) * cell;
    const double y = path.top - (gap / 9 + 1) * cell;
    for (render::Item& item : page.items) {
      auto* line = std::get_if<render::Line>(&item);
      if (line != nullptr && std::abs(line->from.x - x) < 0.01 && std::abs(line->to.x - x) < 0.01 &&
          std::abs(line->from.y - y) < 0.01) {
        line->width_pt = thin;
      }
    }
  });
  CHECK(verify_both(tied(p, open), open, "book.pdf") ==
        std::vector<std::string>{on_page(mp) + ": the printed regions differ from the manifest's at " +
                                 cell_name(9, gap) + "/" + cell_name(9, gap + 1)});
}

TEST_CASE("verify --pdf: shading taken away, moved or added is read from the page") {
  Printed p = kinds_book();
  // An x page without its diagonals: a classic grid, solved as one.
  const ManifestPuzzle& x = puzzle(p, 1);
  const std::string plain = repainted(p, x.page, [&](render::Page& page) { unshade(page, x.rect); });
  std::vector<std::string> expected = {on_page(x) + ": the grid is printed as kind classic, the manifest says x"};
  for (std::string& line : solved_again(x, testing::make_houses(9, testing::box_regions(9, 3, 3)))) {
    expected.push_back(std::move(line));
  }
  CHECK(verify_both(tied(p, plain), plain, "book.pdf") == expected);

  // The same page shaded as hyper: hyper, solved under the windows.
  std::vector<int> windows;
  for (int cell = 0; cell < 81; ++cell) {
    if (cell / 9 % 4 != 0 && cell % 9 % 4 != 0) windows.push_back(cell);
  }
  std::vector<std::vector<int>> window_houses(4);
  for (const int cell : windows)
    window_houses[static_cast<std::size_t>((cell / 9 / 4) * 2 + cell % 9 / 4)].push_back(cell);
  const std::string hyper = repainted(p, x.page, [&](render::Page& page) {
    unshade(page, x.rect);
    shade_cells(page, x.rect, 9, windows, render::kHouseShadeGray);
  });
  expected = {on_page(x) + ": the grid is printed as kind hyper, the manifest says x"};  // puzzle 2 keeps its own
  for (std::string& line : solved_again(x, testing::make_houses(9, testing::box_regions(9, 3, 3), window_houses))) {
    expected.push_back(std::move(line));
  }
  CHECK(verify_both(tied(p, hyper), hyper, "book.pdf") == expected);

  // A classic grid: one cell shaded 15 % is no kind's; other greys (tints, a word's row) are not
  // house shading.
  const ManifestPuzzle& classic = puzzle(p, 9);
  const std::string one = repainted(p, classic.page, [&](render::Page& page) {
    shade_cells(page, classic.rect, 9, {40}, render::kHouseShadeGray);
    shade_cells(page, classic.rect, 9, {0, 1, 2}, 0.82);
    shade_cells(page, classic.rect, 9, {80}, render::kRegionTints[1]);
  });
  CHECK(verify_both(tied(p, one), one, "book.pdf") ==
        std::vector<std::string>{on_page(classic) +
                                 ": the printed shading differs from the manifest's (kind classic) at r5c5"});

  // An x grid missing part of a diagonal: the cells named.
  const std::string part = repainted(p, x.page, [&](render::Page& page) {
    unshade(page, x.rect);
    std::vector<int> kept;
    for (const std::vector<int>& d : testing::diagonals(9))
      for (const int cell : d) kept.push_back(cell);
    std::erase_if(kept, [](int cell) { return cell == 0 || cell == 10 || cell == 72 || cell == 64 || cell == 40; });
    shade_cells(page, x.rect, 9, kept, render::kHouseShadeGray);
  });
  // Shading of no kind: the printed grid is not solved again.
  CHECK(verify_both(tied(p, part), part, "book.pdf") ==
        std::vector<std::string>{on_page(x) + ": the printed shading differs from the manifest's (kind x) at r1c1, "
                                              "r2c2, r5c5 and 2 more cells"});
}

TEST_CASE("read_printed_houses: marks anywhere, of any size, read as nothing") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  PdfPageScan page;
  const auto add = [&](PdfMark::Kind kind, render::Box box, double width, double ink) {
    PdfMark mark;
    mark.kind = kind;
    mark.box = box;
    mark.line_width_pt = width;
    mark.ink = ink;
    page.marks.push_back(mark);
  };
  const RectPt rect{100, 100, 90, 90};
  add(PdfMark::Kind::stroke, {100, 100, 190, 190}, nan, 1);  // a border of no width
  add(PdfMark::Kind::stroke, {-inf, 149, inf, 151}, 2, 1);
  add(PdfMark::Kind::stroke, {139, -1e308, 141, 1e308}, 2, 1);
  add(PdfMark::Kind::stroke, {nan, nan, nan, nan}, 2, 1);
  add(PdfMark::Kind::fill, {-1e308, 95, 1e308, 1e308}, 0, nan);
  add(PdfMark::Kind::fill, {-inf, -inf, inf, inf}, 0, 1 - render::kHouseShadeGray);
  const PrintedHouses none = read_printed_houses(page, rect, engine::kShape9x9);
  REQUIRE(none.size == 9);
  CHECK(std::count(none.shaded.begin(), none.shaded.end(), true) == 0);
  // The one line read (the tall one over rule 4) is the grid's only weight: nothing is heavy.
  CHECK(std::count(none.heavy_right.begin(), none.heavy_right.end(), true) == 0);
  CHECK(std::count(none.heavy_below.begin(), none.heavy_below.end(), true) == 0);
  // No heavy border: one piece, no kind, and every box border missing.
  CHECK_FALSE(printed_layout(none, engine::kShape9x9));
  const std::vector<int> boxes = testing::box_regions(9, 3, 3);
  CHECK(
      compare_printed_houses(none, engine::Layout{engine::Kind::classic, engine::kShape9x9, {}}, "puzzle 1, page 3") ==
      std::vector<std::string>{"puzzle 1, page 3: the printed boxes differ from the manifest's at " +
                               listed(borders_differing(9, boxes, std::vector<int>(81, 0)), "border", "borders")});
  // A rect that is not a number, or too large to add up, reads nothing.
  for (const RectPt& bad : {RectPt{nan, 0, 10, 10}, RectPt{1e308, 0, 1e308, 10}, RectPt{0, 0, -5, 10}}) {
    const PrintedHouses read = read_printed_houses(page, bad, engine::kShape9x9);
    const std::vector<bool> nothing(81, false);
    CHECK(read == PrintedHouses{9, nothing, nothing, nothing});
  }
}
