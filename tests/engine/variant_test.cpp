// Variants (x, hyper, jigsaw) on the one engine: every generated puzzle checked with the house
// checker (tests/support/house_checker.h, no engine code: its own houses, its own backtracking
// solver), regions checked by a flood fill written here, the text form's round trip and its
// exact error texts, the solve contract per kind, and determinism across thread counts.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/logic.h"
#include "engine/variant.h"
#include "engine/variant_solver.h"
#include "support/house_checker.h"
#include "support/sampling.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

// The checker's houses for a layout.
t::Houses houses_of(const Layout& layout) {
  const int n = layout.shape.size();
  switch (layout.kind) {
    case Kind::x:
      return t::make_houses(n, t::box_regions(n, layout.shape.box_rows, layout.shape.box_cols), t::diagonals(n));
    case Kind::hyper: return t::make_houses(n, t::box_regions(n, 3, 3), t::hyper_windows());
    case Kind::jigsaw: return t::make_houses(n, layout.regions);
    case Kind::classic: break;
  }
  return t::make_houses(n, t::box_regions(n, layout.shape.box_rows, layout.shape.box_cols));
}

std::vector<int> cells_of(const Grid& g) { return {g.cells.begin(), g.cells.begin() + g.cell_count()}; }

// Regions are a partition into n regions of n cells, each connected (flood fill over the four
// neighbours), and not the boxes of the shape.
void check_regions(Shape shape, const std::vector<int>& regions) {
  const int n = shape.size();
  REQUIRE(regions.size() == static_cast<std::size_t>(n * n));
  for (int r = 0; r < n; ++r) {
    std::vector<int> members;
    for (int c = 0; c < n * n; ++c)
      if (regions[static_cast<std::size_t>(c)] == r) members.push_back(c);
    CHECK(members.size() == static_cast<std::size_t>(n));
    if (members.empty()) continue;
    std::set<int> reached{members[0]};
    std::vector<int> todo{members[0]};
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      for (int d : {c - n, c + n, (c % n) ? c - 1 : -1, (c % n + 1 < n) ? c + 1 : -1})
        if (d >= 0 && d < n * n && regions[static_cast<std::size_t>(d)] == r && reached.insert(d).second)
          todo.push_back(d);
    }
    CHECK(reached.size() == members.size());
  }
  CHECK(regions != t::box_regions(n, shape.box_rows, shape.box_cols));
}

// Every check a printed puzzle must pass, by the independent checker.
void check_puzzle(const VariantPuzzle& vp, Grade grade) {
  const Puzzle& p = vp.puzzle;
  INFO(variant_text(vp.layout, p.givens));
  REQUIRE(p.valid);
  const t::Houses houses = houses_of(vp.layout);
  CHECK(t::is_complete_legal(houses, cells_of(p.solution)));
  for (int c = 0; c < p.shape.cells(); ++c)
    if (p.givens.cells[c]) CHECK(p.givens.cells[c] == p.solution.cells[c]);
  std::vector<int> first;
  CHECK(t::count_solutions(houses, cells_of(p.givens), 2, &first) == 1);
  CHECK(first == cells_of(p.solution));
  CHECK(p.clues == p.givens.clue_count());
  const ClueBand band = variant_clue_band(vp.layout.kind, p.shape, grade);
  CHECK(p.clues >= band.min);
  CHECK(p.clues <= band.max);
  CHECK(p.tier == grade);
  CHECK(validate(vp).empty());
  if (vp.layout.kind == Kind::jigsaw) check_regions(p.shape, vp.layout.regions);
}

VariantOptions options(Kind kind, Shape shape, Grade grade, std::uint32_t seed) {
  VariantOptions o;
  o.kind = kind;
  o.base.shape = shape;
  o.base.grade = grade;
  o.base.seed = seed;
  o.base.grading = Grading::techniques;
  return o;
}

}  // namespace

TEST_SUITE("variants") {
  TEST_CASE("jigsaw regions: connected, N cells each, a partition, not the boxes, seeded") {
    for (Shape shape : {kShape6x6, kShape8x8, kShape9x9})
      for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        Mulberry32 a(seed), b(seed);
        const std::vector<int> regions = random_regions(shape, a);
        check_regions(shape, regions);
        CHECK(regions == random_regions(shape, b));
        CHECK(regions_problem(shape.size(), regions).empty());
      }
  }

  TEST_CASE("regions_problem names what is wrong") {
    std::vector<int> boxes = t::box_regions(6, 2, 3);
    CHECK(regions_problem(6, boxes).empty());
    std::vector<int> bad = boxes;
    bad[0] = 1;  // region 1 loses r1c1 to region 2
    CHECK(regions_problem(6, bad) == "region 1 has 5 cells (expected 6)");
    std::vector<int> split = boxes;
    std::swap(split[0], split[3]);  // r1c1 (region 1) and r1c4 (region 2) trade places
    CHECK(regions_problem(6, split) == "region 2 is not connected (r1c5 cannot be reached from r1c1)");
    CHECK(regions_problem(6, std::vector<int>(10, 0)) == "regions name 10 cells (expected 36)");
  }

  TEST_CASE("kinds take their shapes") {
    CHECK(kind_takes(Kind::hyper, kShape9x9));
    CHECK_FALSE(kind_takes(Kind::hyper, kShape8x8));
    CHECK_FALSE(kind_takes(Kind::x, kShape4x4));
    CHECK_FALSE(kind_takes(Kind::jigsaw, kShape12x12));
    CHECK(kind_shape_message(Kind::hyper, kShape6x6) == "kind 'hyper' takes 9x9 only, not 6x6");
    CHECK(kind_shape_message(Kind::jigsaw, kShape4x4) == "kind 'jigsaw' takes 6x6, 8x8 or 9x9, not 4x4");
    CHECK(parse_kind("Windoku") == Kind::hyper);
    CHECK_FALSE(parse_kind("samurai").has_value());
  }

  TEST_CASE("the kinds' geometries leave no technique out; their instance rules still apply") {
    // Every constraint of x, hyper and jigsaw is a house, so no geometry rule applies
    // (technique_rules.cpp); the uniqueness techniques' instance rule (deadly_rectangle) and the
    // fish's rows-and-columns rule sit in the finders (tests/engine/logic_rules_test.cpp).
    Mulberry32 rng(5);
    for (const Layout& layout :
         {Layout{Kind::x, kShape9x9, {}}, Layout{Kind::x, kShape6x6, {}}, Layout{Kind::hyper, kShape9x9, {}},
          Layout{Kind::jigsaw, kShape8x8, random_regions(kShape8x8, rng)}}) {
      const GeometryBuild g = variant_geometry(layout);
      REQUIRE_MESSAGE(g.geometry, g.error);
      CHECK(g.geometry->houses() == 3 * layout.shape.size() + (layout.kind == Kind::x       ? 2
                                                               : layout.kind == Kind::hyper ? 4
                                                                                            : 0));
      for (Technique tech : kTechniqueOrder)  // houses only: no cages for the killer techniques
        CHECK(technique_exclusion(*g.geometry, tech).has_value() == reads_cages(tech));
    }
    // The grader on a kind's geometry ends on the solution the search proved unique.
    const VariantPuzzle vp = generate(options(Kind::hyper, kShape9x9, Grade::extreme, 11));
    const LogicResult r = solve_logically(vp.puzzle.givens, *variant_geometry(vp.layout).geometry);
    CHECK(r.solved);
    CHECK(r.final_grid == vp.puzzle.solution);
  }

  TEST_CASE("generated puzzles: unique by the checker, graded, in the band") {
    // 9x9: every grade of x and hyper, jigsaw to Extreme; 6x6 and 8x8 their offered grades.
    struct Case {
      Kind kind;
      Shape shape;
      Grade grade;
      int count;
    };
    const std::vector<Case> cases = {
        {Kind::x, kShape9x9, Grade::easy, 6},         {Kind::x, kShape9x9, Grade::medium, 6},
        {Kind::x, kShape9x9, Grade::hard, 6},         {Kind::x, kShape9x9, Grade::extreme, 4},
        {Kind::x, kShape9x9, Grade::evil, 2},         {Kind::hyper, kShape9x9, Grade::easy, 6},
        {Kind::hyper, kShape9x9, Grade::medium, 6},   {Kind::hyper, kShape9x9, Grade::hard, 6},
        {Kind::hyper, kShape9x9, Grade::extreme, 4},  {Kind::hyper, kShape9x9, Grade::evil, 2},
        {Kind::jigsaw, kShape9x9, Grade::easy, 6},    {Kind::jigsaw, kShape9x9, Grade::medium, 6},
        {Kind::jigsaw, kShape9x9, Grade::hard, 6},    {Kind::jigsaw, kShape9x9, Grade::extreme, 4},
        {Kind::jigsaw, kShape9x9, Grade::evil, 2},    {Kind::jigsaw, kShape6x6, Grade::easy, 10},
        {Kind::jigsaw, kShape6x6, Grade::medium, 10}, {Kind::jigsaw, kShape8x8, Grade::hard, 6},
        {Kind::x, kShape6x6, Grade::medium, 10},      {Kind::x, kShape8x8, Grade::hard, 6},
    };
    std::vector<VariantOptions> items;
    std::vector<Grade> grades;
    for (const Case& c : cases)
      for (int k = 0; k < puzzlepress::testing::cases(c.count, (c.count + 2) / 3); ++k) {
        items.push_back(options(c.kind, c.shape, c.grade, static_cast<std::uint32_t>(1000 + k)));
        grades.push_back(c.grade);
      }
    const std::vector<VariantPuzzle> puzzles = generate_batch(items, 0);
    for (std::size_t i = 0; i < puzzles.size(); ++i) check_puzzle(puzzles[i], grades[i]);
  }

  TEST_CASE("golden: seed 42 gives these puzzles on every platform") {
    // Printed by this generator when it was written (g++ 12); a change here changes every book's
    // variant puzzles and must be deliberate. .ci/same-bytes also holds g++ and clang together.
    const std::pair<VariantOptions, const char*> golden[] = {
        {options(Kind::x, kShape9x9, Grade::medium, 42),
         "x:...2......3.19...6..167...8..3.......4.....8.......9..3...264..1...39.2......4..."},
        {options(Kind::hyper, kShape9x9, Grade::medium, 42),
         "hyper:8........43.6....8.91..8....2.....57....3....37.....4....9..73.7....5.19........5"},
        {options(Kind::jigsaw, kShape9x9, Grade::medium, 42),
         "jigsaw:...9...7......816..2.647...6.......4....9....9.......7...374.1..174......3...9.../"
         "122223333111122233411122633441555636744456666744555566748885999777888889777899999"},
        {options(Kind::jigsaw, kShape8x8, Grade::hard, 42),
         "jigsaw:..1..3.....8.....2.3...66..2...31...2..44...7.1.....3.....3..4../"
         "1111222211122246313324463333344675554446755586667775886877758888"},
    };
    for (const auto& entry : golden) {
      const std::string expected = entry.second;  // a plain variable: doctest's messages capture it
      const VariantPuzzle vp = generate(entry.first);
      CHECK(variant_text(vp.layout, vp.puzzle.givens) == expected);
    }
  }

  TEST_CASE("hundreds more: Easy and Medium of every kind and size, unique by the checker") {
    std::vector<VariantOptions> items;
    std::vector<Grade> grades;
    for (Kind kind : {Kind::x, Kind::hyper, Kind::jigsaw})
      for (Shape shape : {kShape6x6, kShape8x8, kShape9x9})
        for (Grade grade : {Grade::easy, Grade::medium}) {
          if (!kind_takes(kind, shape)) continue;
          for (int k = 0; k < puzzlepress::testing::cases(25, 8); ++k) {
            items.push_back(options(kind, shape, grade, static_cast<std::uint32_t>(5000 + k)));
            grades.push_back(grade);
          }
        }
    const std::vector<VariantPuzzle> puzzles = generate_batch(items, 0);
    CHECK(puzzles.size() == static_cast<std::size_t>(puzzlepress::testing::cases(350, 112)));
    for (std::size_t i = 0; i < puzzles.size(); ++i) check_puzzle(puzzles[i], grades[i]);
  }

  TEST_CASE("same seed, same puzzle, for any thread count") {
    std::vector<VariantOptions> items;
    for (Kind kind : {Kind::x, Kind::hyper, Kind::jigsaw})
      for (std::uint32_t seed = 7; seed < 10; ++seed) items.push_back(options(kind, kShape9x9, Grade::hard, seed));
    const auto one = generate_batch(items, 1), two = generate_batch(items, 2);
    for (std::size_t i = 0; i < items.size(); ++i) {
      CHECK(one[i].layout == two[i].layout);
      CHECK(one[i].puzzle.givens == two[i].puzzle.givens);
      CHECK(one[i].puzzle.solution == two[i].puzzle.solution);
    }
    // A jigsaw's regions come from its seed: two seeds, two layouts.
    CHECK(one[6].layout.regions != one[7].layout.regions);
  }

  TEST_CASE("solve contract on every kind: all six statuses") {
    for (Kind kind : {Kind::x, Kind::hyper, Kind::jigsaw}) {
      const VariantPuzzle vp = generate(options(kind, kShape9x9, Grade::hard, 21));
      const Layout& layout = vp.layout;
      const t::Houses houses = houses_of(layout);
      INFO(kind_id(kind));
      SolveResult r = solve(layout, vp.puzzle.givens);
      CHECK(r.status == SolveStatus::unique);
      REQUIRE(r.solutions.size() == 1);
      CHECK(r.solutions[0] == vp.puzzle.solution);
      // Multiple: the empty grid; two distinct witnesses, each legal under the kind's houses.
      r = solve(layout, Grid(kShape9x9));
      CHECK(r.status == SolveStatus::multiple);
      REQUIRE(r.solutions.size() == 2);
      CHECK(r.solutions[0] != r.solutions[1]);
      CHECK(t::is_complete_legal(houses, cells_of(r.solutions[0])));
      CHECK(t::is_complete_legal(houses, cells_of(r.solutions[1])));
      // No solution: row 1 holds 1-8, r2c9 holds 9 (distinct values: no clash is possible).
      Grid none(kShape9x9);
      for (int c = 0; c < 8; ++c) none.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c + 1);
      none.cells[17] = 9;
      CHECK(solve(layout, none).status == SolveStatus::no_solution);
      // Inconsistent: two 1s in a house of the kind only (not sharing a row, column or box).
      Grid clash(kShape9x9);
      int a = 0, b = 80;                        // x: the main diagonal
      if (kind == Kind::hyper) a = 10, b = 30;  // r2c2 and r4c4: window 1, boxes 1 and 5
      if (kind == Kind::jigsaw) {
        a = 0;
        for (b = 1; b < 81; ++b)
          if (layout.regions[static_cast<std::size_t>(b)] == layout.regions[0] && b / 9 != 0 && b % 9 != 0) break;
        REQUIRE(b < 81);
      }
      clash.cells[static_cast<std::size_t>(a)] = clash.cells[static_cast<std::size_t>(b)] = 1;
      r = solve(layout, clash);
      CHECK(r.status == SolveStatus::inconsistent);
      REQUIRE(r.conflict.has_value());
      const std::string expected = kind == Kind::x       ? "digit 1 appears twice in diagonal 1"
                                   : kind == Kind::hyper ? "digit 1 appears twice in window 1"
                                                         : "digit 1 appears twice in region 1";
      CHECK(r.conflict->message() == expected);
      // Malformed: a cell outside 0..9; a layout with no geometry.
      Grid bad(kShape9x9);
      bad.cells[4] = 10;
      r = solve(layout, bad);
      CHECK(r.status == SolveStatus::malformed);
      CHECK(r.detail == "cell 5 holds 10 (expected 0-9)");
      CHECK(solve(Layout{kind, kShape4x4, {}}, Grid(kShape4x4)).detail == kind_shape_message(kind, kShape4x4));
      // Unresolved: no search allowed, or a cap of one that cannot prove uniqueness.
      SolveOptions none_allowed;
      none_allowed.node_budget = 0;
      r = solve(layout, vp.puzzle.givens, none_allowed);
      CHECK(r.status == SolveStatus::unresolved);
      CHECK(r.nodes == 0);
      SolveOptions one;
      one.solution_cap = 1;
      CHECK(solve(layout, vp.puzzle.givens, one).status == SolveStatus::unresolved);
    }
  }

  TEST_CASE("text form: round trip, and the kind decides the houses") {
    for (Kind kind : {Kind::x, Kind::hyper, Kind::jigsaw}) {
      const VariantPuzzle vp = generate(options(kind, kShape9x9, Grade::medium, 3));
      const std::string text = variant_text(vp.layout, vp.puzzle.givens);
      const VariantParse back = parse_variant(text, Kind::classic, std::nullopt);
      REQUIRE_MESSAGE(back.layout, back.error);
      CHECK(*back.layout == vp.layout);
      CHECK(*back.grid == vp.puzzle.givens);
      CHECK(variant_text(*back.layout, *back.grid) == text);
      // x and hyper: the same givens as a classic puzzle have several solutions; their extra
      // houses made them unique.
      if (kind != Kind::jigsaw) CHECK(count_solutions(Layout{Kind::classic, kShape9x9, {}}, vp.puzzle.givens, 2) == 2);
    }
  }

  TEST_CASE("text form: exact errors") {
    const std::string grid(81, '.');
    const auto error = [](const std::string& text, Kind kind = Kind::classic) {
      return parse_variant(text, kind, std::nullopt).error;
    };
    CHECK(error("samurai:" + grid) == "unknown kind 'samurai' (expected one of: classic, x, hyper, jigsaw)");
    CHECK(error("jigsaw:" + grid) == "a jigsaw needs its regions after '/'");
    CHECK(error(grid, Kind::jigsaw) == "a jigsaw needs its regions after '/'");
    CHECK(error("x:" + grid + "/" + grid) == "kind 'x' has no regions ('/' after the grid)");
    CHECK(error("hyper:" + std::string(36, '.')) == "kind 'hyper' takes 9x9 only, not 6x6");
    CHECK(error("jigsaw:" + grid + "/" + std::string(81, '1')) == "regions: region 1 has 81 cells (expected 9)");
    CHECK(error("jigsaw:" + grid + "/12") == "regions: expected 81 cells, got 2");
    std::string holes = regions_text(9, t::box_regions(9, 3, 3));
    holes[4] = '.';
    CHECK(error("jigsaw:" + grid + "/" + holes) == "regions: r1c5 has no region");
    CHECK(error("x:" + std::string(80, '.')) ==
          "expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 grid), got 80");
  }
}
