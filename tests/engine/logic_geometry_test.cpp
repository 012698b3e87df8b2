// Geometries: the classic shapes' tables against the rules of sudoku written here, geometries
// built from data (irregular regions, diagonals) and refused specs, and the grader solving
// variant puzzles on them, every step checked against the solution an independent checker
// finds (tests/support/house_checker.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/rng.h"
#include "engine/logic.h"
#include "support/house_checker.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

// A 6x6 jigsaw: six irregular regions of six cells.
const std::vector<int> kJigsaw6 = {
    0, 0, 0, 1, 1, 1,  //
    0, 0, 2, 2, 1, 1,  //
    0, 2, 2, 2, 3, 1,  //
    4, 2, 3, 3, 3, 5,  //
    4, 4, 4, 3, 3, 5,  //
    4, 4, 5, 5, 5, 5,
};

// Boxes of a classic shape as regions.
std::vector<int> box_regions(Shape s) { return puzzlepress::testing::box_regions(s.size(), s.box_rows, s.box_cols); }

// A puzzle on `houses` with one solution: the checker's first solution of the empty grid under
// a seeded shuffle of the symbols, emptied cell by cell (in a seeded order) while it stays unique.
std::vector<int> make_puzzle(const t::Houses& houses, std::uint32_t seed, std::vector<int>& solution) {
  const int cells = houses.n * houses.n;
  std::vector<int> empty(static_cast<std::size_t>(cells), 0);
  REQUIRE(t::count_solutions(houses, empty, 1, &solution) == 1);
  Mulberry32 rng(seed);
  std::vector<int> relabel(static_cast<std::size_t>(houses.n));
  for (int v = 0; v < houses.n; ++v) relabel[static_cast<std::size_t>(v)] = v + 1;
  shuffle(std::span<int>(relabel), rng);
  for (int& v : solution) v = relabel[static_cast<std::size_t>(v - 1)];
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) order[static_cast<std::size_t>(c)] = c;
  shuffle(std::span<int>(order), rng);
  std::vector<int> givens = solution;
  for (int c : order) {
    const int keep = givens[static_cast<std::size_t>(c)];
    givens[static_cast<std::size_t>(c)] = 0;
    if (t::count_solutions(houses, givens, 2) != 1) givens[static_cast<std::size_t>(c)] = keep;
  }
  return givens;
}

Grid grid_of(Shape shape, const std::vector<int>& cells) {
  Grid g(shape);
  for (std::size_t c = 0; c < cells.size(); ++c) g.cells[c] = static_cast<std::uint8_t>(cells[c]);
  return g;
}

// Grades `givens` on `geometry` and checks every step against `solution`; returns the result.
LogicResult grade_checked(const Geometry& geometry, const std::vector<int>& givens, const std::vector<int>& solution) {
  LogicOptions record;
  record.record_steps = true;
  const LogicResult r = solve_logically(grid_of(geometry.shape(), givens), geometry, record);
  CHECK_FALSE(r.invalid);
  for (const LogicStep& step : r.steps) {
    INFO(step.describe(geometry));
    for (const CellDigit& p : step.placements) CHECK(solution[static_cast<std::size_t>(p.cell)] == p.digit);
    for (const CellDigit& e : step.eliminations) CHECK(solution[static_cast<std::size_t>(e.cell)] != e.digit);
  }
  return r;
}

}  // namespace

TEST_SUITE("geometry") {
  TEST_CASE("classic tables: rows, columns, boxes, each cell's houses and peers") {
    for (Shape s : kAllShapes) {
      INFO(shape_id(s));
      const Geometry& g = classic_geometry(s);
      const int n = s.size();
      REQUIRE(g.size() == n);
      REQUIRE(g.cells() == n * n);
      REQUIRE(g.houses() == 3 * n);
      CHECK(g.classic());
      CHECK(g.houses_only());
      const t::Houses want = t::make_houses(n, box_regions(s));
      for (int h = 0; h < 3 * n; ++h) {
        const auto cells = g.house(h);
        CHECK(std::vector<int>(cells.begin(), cells.end()) == want.lists[static_cast<std::size_t>(h)]);
        CHECK(g.house_kind(h) == (h < n ? HouseKind::row : h < 2 * n ? HouseKind::column : HouseKind::box));
      }
      for (int a = 0; a < n * n; ++a) {
        const auto houses = g.houses_of(a);
        REQUIRE(houses.size() == 3);
        CHECK(houses[0] == a / n);
        CHECK(houses[1] == n + a % n);
        CHECK(houses[2] == 2 * n + box_regions(s)[static_cast<std::size_t>(a)]);
        for (int b = 0; b < n * n; ++b) {
          const bool share =
              a != b && (a / n == b / n || a % n == b % n ||
                         box_regions(s)[static_cast<std::size_t>(a)] == box_regions(s)[static_cast<std::size_t>(b)]);
          CHECK(g.sees(a, b) == share);
        }
      }
    }
    CHECK(classic_geometry(kShape12x12).house_name(2 * 12 + 7) == "box 8");
    CHECK(classic_geometry(kShape16x16).cell_name(16 * 11 + 2) == "r12c3");
  }

  TEST_CASE("a geometry from data, and what is refused") {
    GeometrySpec jigsaw;
    jigsaw.shape = kShape6x6;
    jigsaw.regions = kJigsaw6;
    const GeometryBuild built = build_geometry(jigsaw);
    REQUIRE(built.geometry);
    const Geometry& g = *built.geometry;
    CHECK_FALSE(g.classic());
    CHECK_FALSE(g.boxes());
    CHECK(g.house_kind(12) == HouseKind::region);
    CHECK(g.house_name(14) == "region 3");
    CHECK(std::vector<int>(g.house(14).begin(), g.house(14).end()) == std::vector<int>{8, 9, 13, 14, 15, 19});
    CHECK(g.sees(8, 19));
    CHECK_FALSE(g.sees(1, 8));  // box-mates on 6x6, but in two regions

    GeometrySpec x;
    x.shape = kShape9x9;
    x.extra_houses = diagonal_houses(9);
    const GeometryBuild built_x = build_geometry(x);
    REQUIRE(built_x.geometry);
    CHECK(built_x.geometry->houses() == 29);
    CHECK(built_x.geometry->house_name(28) == "diagonal 2");
    CHECK(built_x.geometry->houses_of(40).size() == 5);  // the centre: row, column, box, both diagonals
    CHECK(built_x.geometry->sees(0, 80));

    GeometrySpec bad = jigsaw;
    bad.regions[0] = 1;  // region 1 gets seven cells
    CHECK(build_geometry(bad).error == "region 1 has more than 6 cells");
    bad.regions = {0, 1, 2};
    CHECK(build_geometry(bad).error == "regions name 3 cells (expected 36)");
    GeometrySpec short_house = x;
    short_house.extra_houses[0].cells.pop_back();
    CHECK(build_geometry(short_house).error == "house 28 has 8 cells (expected 9)");
    GeometrySpec twice = x;
    twice.extra_houses[1].cells[0] = twice.extra_houses[1].cells[1];
    CHECK(build_geometry(twice).error == "house 29: cell r2c8 is named twice");
    twice.extra_houses[1].cells[0] = 81;
    CHECK(build_geometry(twice).error == "house 29: cell 81 is outside the grid (0-80)");
    bad.regions = kJigsaw6;
    bad.regions[7] = 6;
    CHECK(build_geometry(bad).error == "r2c2 is in region 6 (expected 0-5)");
    CHECK(build_geometry(GeometrySpec{Shape{5, 1}, {}, {}, true}).error == "unsupported shape 5x5");
  }

  TEST_CASE("a jigsaw puzzle graded on its geometry, every step against the solution") {
    GeometrySpec spec;
    spec.shape = kShape6x6;
    spec.regions = kJigsaw6;
    const Geometry g = *build_geometry(spec).geometry;
    const t::Houses houses = t::make_houses(6, kJigsaw6);
    int solved = 0, steps = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
      std::vector<int> solution;
      const std::vector<int> givens = make_puzzle(houses, seed, solution);
      REQUIRE(t::is_complete_legal(houses, solution));
      const LogicResult r = grade_checked(g, givens, solution);
      solved += r.solved;
      steps += static_cast<int>(r.steps.size());
      if (r.solved) {
        CHECK(std::vector<int>(r.final_grid.cells.begin(), r.final_grid.cells.begin() + 36) == solution);
      }
      // The same givens read as a classic 6x6 (boxes instead of regions) are another puzzle.
      CHECK(solve_logically(grid_of(kShape6x6, givens)).final_grid != r.final_grid);
    }
    MESSAGE(solved << " of 12 jigsaw puzzles solved, " << steps << " steps checked");
    CHECK(solved == 12);
  }

  TEST_CASE("an X-sudoku (both diagonals are houses) graded on its geometry") {
    GeometrySpec spec;
    spec.shape = kShape9x9;
    spec.extra_houses = diagonal_houses(9);
    const Geometry g = *build_geometry(spec).geometry;
    const t::Houses houses = t::make_houses(9, box_regions(kShape9x9), puzzlepress::testing::diagonals(9));
    int solved = 0;
    for (std::uint32_t seed = 1; seed <= 2; ++seed) {
      std::vector<int> solution;
      const std::vector<int> givens = make_puzzle(houses, seed, solution);
      const LogicResult r = grade_checked(g, givens, solution);
      solved += r.solved;
      for (const LogicStep& step : r.steps) {
        if (step.unit >= 27) CHECK(step.describe(g).find("diagonal") != std::string::npos);
      }
    }
    CHECK(solved == 2);
  }
}
