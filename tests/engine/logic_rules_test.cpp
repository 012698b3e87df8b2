// The rules beside the techniques: which techniques each geometry leaves out and why, and for
// each rule a counter-example - a position where the technique, applied without its rule,
// would remove a digit of a solution (checked by tests/support/house_checker.h, which knows no
// engine code).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/logic_techniques.h"
#include "engine/logic.h"
#include "support/house_checker.h"

using namespace puzzlepress::engine;
using logic::Board;
using logic::Query;
using logic::TableView;
namespace t = puzzlepress::testing;

namespace {

Geometry build(GeometrySpec spec) {
  GeometryBuild b = build_geometry(spec);
  REQUIRE_MESSAGE(b.geometry, b.error);
  return *b.geometry;
}

// A board on `g`: cells with a value are filled; the others hold `marks` (bit v-1 for v).
Board<TableView> position(const Geometry& g, const std::vector<int>& values, const std::map<int, unsigned>& marks) {
  Board<TableView> b;
  b.geo = TableView{&g.tables(), nullptr};
  b.unsolved = 0;
  for (int c = 0; c < g.cells(); ++c) {
    b.value[c] = static_cast<std::uint8_t>(values[static_cast<std::size_t>(c)]);
    const auto m = marks.find(c);
    b.cand[c] = m == marks.end() ? 0 : static_cast<logic::Mask>(m->second);
    if (m != marks.end()) b.value[c] = 0;
    b.unsolved += b.value[c] == 0;
  }
  b.reindex();
  return b;
}

unsigned marks_of(std::initializer_list<int> symbols) {
  unsigned m = 0;
  for (int v : symbols) m |= 1u << (v - 1);
  return m;
}

std::vector<int> digits_of(const char* text) {
  std::vector<int> v;
  for (const char* p = text; *p; ++p) v.push_back(*p - '0');
  return v;
}

// Boxes of a classic shape as regions.
std::vector<int> box_regions(Shape s) { return puzzlepress::testing::box_regions(s.size(), s.box_rows, s.box_cols); }

template <class Finder>
bool finds(const Board<TableView>& b, Technique technique, Finder finder, LogicStep& out) {
  out = LogicStep{};
  out.technique = technique;
  out.rating = technique_rating(technique);
  return finder(b, Query<TableView>{}, out);
}

}  // namespace

TEST_SUITE("technique rules") {
  TEST_CASE("per geometry: the techniques left out, and why") {
    // Every classic size uses every technique but the killer ones, which read cages. (On 4x4
    // and 6x6 the singles' tiers step down, and 16x16 puzzles are generated without forcing
    // chains: a grading policy, not a rule of logic; see technique_tier(Shape, Technique) and
    // max_forcing_steps.)
    const std::vector<Technique> killer = {Technique::cage_combination, Technique::innies_outies,
                                           Technique::cage_house_intersection, Technique::innies_outies_several,
                                           Technique::killer_subset};
    std::ostringstream listing;
    for (Shape s : kAllShapes) {
      std::vector<Technique> left_out;
      for (Technique tech : kTechniqueOrder)
        if (const auto why = technique_exclusion(classic_geometry(s), tech)) {
          left_out.push_back(tech);
          CHECK(why->find("no cages") != std::string::npos);
        }
      std::sort(left_out.begin(), left_out.end());
      listing << shape_id(s) << ": " << (left_out == killer ? "the killer techniques left out" : "?") << '\n';
      CHECK_MESSAGE(left_out == killer, shape_id(s));
    }
    // Geometries built from data: irregular regions and diagonals are houses like any other;
    // constraints that are not houses (killer cages) take out the uniqueness techniques and let
    // the killer techniques in.
    GeometrySpec jigsaw{
        kShape6x6,
        {0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1, 0, 2, 2, 2, 3, 1, 4, 2, 3, 3, 3, 5, 4, 4, 4, 3, 3, 5, 4, 4, 5, 5, 5, 5},
        {},
        true};
    GeometrySpec x{kShape9x9, {}, diagonal_houses(9), true};
    GeometrySpec caged{kShape9x9, {}, {}, /*houses_only=*/false};
    const std::pair<const char*, Geometry> variants[] = {
        {"6x6 jigsaw", build(jigsaw)}, {"9x9 X (diagonals)", build(x)}, {"9x9 with cages", build(caged)}};
    std::map<std::string, std::vector<Technique>> expected = {
        {"6x6 jigsaw", killer},
        {"9x9 X (diagonals)", killer},
        {"9x9 with cages",
         {Technique::unique_rectangle_1, Technique::unique_rectangle_2, Technique::unique_rectangle_4,
          Technique::unique_rectangle_3, Technique::unique_rectangle_5, Technique::unique_rectangle_6,
          Technique::bug_plus_one}},
    };
    for (const auto& variant : variants) {
      const auto& name = variant.first;  // a plain variable: doctest's messages capture it
      const auto& g = variant.second;
      std::vector<Technique> left_out;
      for (Technique tech : kTechniqueOrder)
        if (const auto why = technique_exclusion(g, tech)) {
          left_out.push_back(tech);
          listing << name << ": " << technique_name(tech) << ": " << *why << '\n';
          CHECK(why->find(reads_cages(tech) ? "no cages" : "not houses") != std::string::npos);
          CHECK((assumes_uniqueness(tech) || reads_cages(tech)));
        }
      if (!g.houses_only()) CHECK(left_out == expected[name]);
      std::sort(left_out.begin(), left_out.end());
      std::sort(expected[name].begin(), expected[name].end());
      CHECK_MESSAGE(left_out == expected[name], name);
    }
    MESSAGE(listing.str());
  }

  TEST_CASE("unique rectangle across irregular regions: not a deadly pattern") {
    // A 4x4 jigsaw and one of its solutions S. The rectangle r1c1, r1c3, r2c1, r2c3 holds 1, 3
    // / 3, 1: in 4x4 boxes it spans two boxes (a deadly pattern), but here r1c3 and r2c3 lie in
    // two different regions, so swapping 1 and 3 breaks them: S stays the only solution.
    const std::vector<int> regions = {0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3};
    const std::vector<int> solution = digits_of("1234341243212143");
    const std::vector<int> swapped = digits_of("3214143243212143");
    const t::Houses jigsaw_houses = t::make_houses(4, regions);
    REQUIRE(t::is_complete_legal(jigsaw_houses, solution));
    CHECK_FALSE(t::is_complete_legal(jigsaw_houses, swapped));
    CHECK(t::is_complete_legal(t::make_houses(4, box_regions(kShape4x4)), swapped));  // deadly in boxes
    const Geometry jigsaw = build(GeometrySpec{kShape4x4, regions, {}, true});
    const Geometry& boxes = classic_geometry(kShape4x4);
    const std::array<int, 4> corners = {0, 2, 4, 6};
    CHECK(logic::deadly_rectangle(TableView{&boxes.tables(), nullptr}, corners));
    CHECK_FALSE(logic::deadly_rectangle(TableView{&jigsaw.tables(), nullptr}, corners));
    // The position: S with the corners open; three hold just {1,3}, r2c3 (whose value is 1)
    // also 2. A type 1 rectangle would take 1 and 3 from r2c3: S's own digit.
    const std::map<int, unsigned> marks = {
        {0, marks_of({1, 3})}, {2, marks_of({1, 3})}, {4, marks_of({1, 3})}, {6, marks_of({1, 2, 3})}};
    LogicStep step;
    REQUIRE(finds(position(boxes, solution, marks), Technique::unique_rectangle_1,
                  logic::find_unique_rectangle_1<TableView>, step));
    CHECK(step.eliminations == std::vector<CellDigit>{{6, 1}, {6, 3}});
    CHECK(solution[6] == 1);  // so without the rule the jigsaw's solution would lose its digit
    CHECK_FALSE(finds(position(jigsaw, solution, marks), Technique::unique_rectangle_1,
                      logic::find_unique_rectangle_1<TableView>, step));
  }

  TEST_CASE("uniqueness techniques with constraints that are not houses (a killer cage)") {
    // 4x4 with the same S: the rectangle is a deadly pattern of the houses (swapped is a valid
    // grid too), but a cage r1c1 + r1c2 = 3 holds for S (1 + 2) and not for the swap (3 + 2):
    // with the cage, S is the only solution, and a type 1 rectangle would remove its digit.
    const std::vector<int> solution = digits_of("1234341243212143");
    const std::vector<int> swapped = digits_of("3214143243212143");
    CHECK(solution[0] + solution[1] == 3);
    CHECK(swapped[0] + swapped[1] != 3);
    GeometrySpec spec{kShape4x4, {}, {}, /*houses_only=*/false};
    const Geometry caged = build(spec);
    for (Technique tech : kTechniqueOrder)
      CHECK(technique_exclusion(caged, tech).has_value() == assumes_uniqueness(tech));
    const std::map<int, unsigned> marks = {
        {0, marks_of({1, 3})}, {2, marks_of({1, 3})}, {4, marks_of({1, 3})}, {6, marks_of({1, 2, 3})}};
    LogicStep step;
    REQUIRE(finds(position(caged, solution, marks), Technique::unique_rectangle_1,
                  logic::find_unique_rectangle_1<TableView>, step));
    CHECK(step.eliminations[0] == CellDigit{6, solution[6]});  // what the rule keeps the grader from
    // The grader on the caged geometry never takes a uniqueness step: a 9x9 puzzle whose solve
    // needs a uniqueness technique (from the shared SE-rated sample) graded both ways.
    const Grid needs_ur =
        *parse_grid("200900000800503000054706002008000009097000420100000300300105890000802003000007005").grid;
    LogicOptions record;
    record.record_steps = true;
    const LogicResult plain = solve_logically(needs_ur, record);
    const LogicResult no_ur = solve_logically(needs_ur, build(GeometrySpec{kShape9x9, {}, {}, false}), record);
    int uniqueness = 0;
    for (const LogicStep& s : plain.steps) uniqueness += assumes_uniqueness(s.technique);
    CHECK(uniqueness > 0);
    for (const LogicStep& s : no_ur.steps) CHECK_FALSE(assumes_uniqueness(s.technique));
  }

  TEST_CASE("BUG+1 counts on every house: a diagonal breaks the grave") {
    // A 4x4 X-sudoku solution S, and a second grid T, valid in rows, columns and boxes but not
    // on the diagonals. Every cell where they differ is open with {S, T}; r3c3 also holds 1.
    // Counted on rows, columns and boxes this is BUG+1 (every open cell bivalue but r3c3, 1
    // three times in each of its houses), which would place 1 at r3c3 - but S has 2 there.
    // On the main diagonal 4 is a candidate once: the count fails there, and BUG+1 does not
    // fire.
    const std::vector<int> s = digits_of("1234341243212143");
    const std::vector<int> other = digits_of("1234342121434312");
    REQUIRE(t::is_complete_legal(t::make_houses(4, box_regions(kShape4x4), puzzlepress::testing::diagonals(4)), s));
    REQUIRE(t::is_complete_legal(t::make_houses(4, box_regions(kShape4x4)), other));
    CHECK_FALSE(
        t::is_complete_legal(t::make_houses(4, box_regions(kShape4x4), puzzlepress::testing::diagonals(4)), other));
    std::map<int, unsigned> marks;
    for (int c = 0; c < 16; ++c)
      if (s[static_cast<std::size_t>(c)] != other[static_cast<std::size_t>(c)])
        marks[c] = marks_of({s[static_cast<std::size_t>(c)], other[static_cast<std::size_t>(c)]});
    marks[10] |= marks_of({1});
    const Geometry x = build(GeometrySpec{kShape4x4, {}, diagonal_houses(4), true});
    LogicStep step;
    REQUIRE(finds(position(classic_geometry(kShape4x4), s, marks), Technique::bug_plus_one,
                  logic::find_bug_plus_one<TableView>, step));
    CHECK(step.placements == std::vector<CellDigit>{{10, 1}});
    CHECK(s[10] == 2);
    CHECK_FALSE(finds(position(x, s, marks), Technique::bug_plus_one, logic::find_bug_plus_one<TableView>, step));
  }

  TEST_CASE("fish cross rows and columns only: two diagonals sharing a cell are no family") {
    // On a 9x9 X-sudoku the two diagonals cross at r5c5. Take a solution S with digit d there,
    // and leave d's places on the diagonals at r5c5, r3c3 and r7c3 (both in column 3): a "fish"
    // with the diagonals as base lines would cover columns 3 and 5 and take d from the rest of
    // column 3 - where S has it, because r5c5 = d fills both diagonals at once. The grader's
    // fish stay on rows and columns, families of disjoint houses, and leave S's d alone.
    std::vector<int> s;
    const t::Houses x_houses = t::make_houses(9, box_regions(kShape9x9), puzzlepress::testing::diagonals(9));
    REQUIRE(t::count_solutions(x_houses, std::vector<int>(81, 0), 1, &s) == 1);
    const Geometry x = build(GeometrySpec{kShape9x9, {}, diagonal_houses(9), true});
    CHECK(x.tables().house_set[27].intersects(x.tables().house_set[28]));
    const int d = s[40];
    int row = -1;  // where S has d in column 3 (never on a diagonal: d sits at their crossing)
    for (int r = 0; r < 9; ++r)
      if (s[static_cast<std::size_t>(r * 9 + 2)] == d) row = r;
    REQUIRE(row >= 0);
    CHECK(row != 2);
    CHECK(row != 6);
    const int other = d % 9 + 1;
    std::map<int, unsigned> marks = {{40, marks_of({d, other})},
                                     {2 * 9 + 2, marks_of({d, s[2 * 9 + 2]})},
                                     {6 * 9 + 2, marks_of({d, s[6 * 9 + 2]})},
                                     {row * 9 + 2, marks_of({d, other})}};
    const Board<TableView> b = position(x, s, marks);
    for (auto finder :
         {logic::find_x_wing<TableView>, logic::find_swordfish<TableView>, logic::find_jellyfish<TableView>}) {
      LogicStep step;
      if (!finds(b, Technique::x_wing, finder, step)) continue;
      for (const CellDigit& e : step.eliminations) CHECK(s[static_cast<std::size_t>(e.cell)] != e.digit);
    }
    // What the diagonal "fish" would remove: d at r(row)c3, S's own digit.
    CHECK(s[static_cast<std::size_t>(row * 9 + 2)] == d);
  }
}
