// Logic solver: each technique on a hand-made pencil-mark position where it is the first step
// the solver finds (no easier technique applies), with the eliminations worked out by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>
#include <utility>

#include "engine/logic_solver.h"
#include "support/rule_checker.h"

using namespace puzzlepress::engine;
namespace testing = puzzlepress::testing;

namespace {

// 1-based row and column, as in the explanations.
int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

CandidateMasks open_board() {
  CandidateMasks m;
  m.fill(0x1FF);
  return m;
}

void only(CandidateMasks& m, int cell, std::initializer_list<int> digits) {
  std::uint16_t x = 0;
  for (int d : digits) x = static_cast<std::uint16_t>(x | (1u << (d - 1)));
  m[cell] = x;
}

void remove(CandidateMasks& m, int cell, int d) { m[cell] = static_cast<std::uint16_t>(m[cell] & ~(1u << (d - 1))); }

// Digit d stays in row r only at the given columns.
void row_only(CandidateMasks& m, int d, int r, std::initializer_list<int> cols) {
  for (int c = 1; c <= 9; ++c)
    if (std::find(cols.begin(), cols.end(), c) == cols.end()) remove(m, rc(r, c), d);
}
void col_only(CandidateMasks& m, int d, int c, std::initializer_list<int> rows) {
  for (int r = 1; r <= 9; ++r)
    if (std::find(rows.begin(), rows.end(), r) == rows.end()) remove(m, rc(r, c), d);
}

LogicStep first_step(const CandidateMasks& m) {
  LogicOptions opt;
  opt.record_steps = true;
  opt.max_steps = 1;
  const LogicResult r = solve_logically(Grid{}, m, opt);
  REQUIRE_FALSE(r.invalid);
  REQUIRE(r.steps.size() == 1);
  return r.steps[0];
}

using Set = std::set<std::pair<int, int>>;

Set elims(const LogicStep& s) {
  Set out;
  for (const auto& e : s.eliminations) out.insert({e.cell, e.digit});
  return out;
}

// Every (cell, d) in `cells` for each digit in `digits`.
Set all_of(std::initializer_list<int> cells, std::initializer_list<int> digits) {
  Set out;
  for (int c : cells)
    for (int d : digits) out.insert({c, d});
  return out;
}

void check(const CandidateMasks& m, Technique t, const Set& expected) {
  const LogicStep s = first_step(m);
  INFO(s.explain());
  CHECK(s.technique == t);
  CHECK(s.placements.empty());
  CHECK(elims(s) == expected);
}

}  // namespace

TEST_SUITE("logic") {

TEST_CASE("technique table: names, SE ratings, tiers and order") {
  CHECK(technique_rating(Technique::full_house) == 1.0);
  CHECK(technique_rating(Technique::hidden_single_box) == 1.2);
  CHECK(technique_rating(Technique::hidden_single_line) == 1.5);
  CHECK(technique_rating(Technique::naked_single) == 2.3);
  CHECK(technique_rating(Technique::pointing) == 2.6);
  CHECK(technique_rating(Technique::claiming) == 2.8);
  CHECK(technique_rating(Technique::naked_pair) == 3.0);
  CHECK(technique_rating(Technique::x_wing) == 3.2);
  CHECK(technique_rating(Technique::hidden_pair) == 3.4);
  CHECK(technique_rating(Technique::naked_triple) == 3.6);
  CHECK(technique_rating(Technique::swordfish) == 3.8);
  CHECK(technique_rating(Technique::hidden_triple) == 4.0);
  CHECK(technique_rating(Technique::xy_wing) == 4.2);
  CHECK(technique_rating(Technique::xyz_wing) == 4.4);
  CHECK(technique_rating(Technique::unique_rectangle) == 4.5);
  CHECK(technique_rating(Technique::naked_quad) == 5.0);
  CHECK(technique_rating(Technique::jellyfish) == 5.2);
  CHECK(technique_rating(Technique::hidden_quad) == 5.4);
  CHECK(technique_rating(Technique::x_chain) == 6.5);
  CHECK(technique_rating(Technique::xy_chain) == 7.0);
  CHECK(technique_rating(Technique::forcing_chain) == 8.0);
  CHECK(technique_tier(Technique::naked_single) == Grade::easy);
  CHECK(technique_tier(Technique::pointing) == Grade::medium);
  CHECK(technique_tier(Technique::naked_pair) == Grade::medium);
  CHECK(technique_tier(Technique::claiming) == Grade::hard);
  CHECK(technique_tier(Technique::hidden_quad) == Grade::hard);
  CHECK(technique_tier(Technique::x_wing) == Grade::extreme);
  CHECK(technique_tier(Technique::xy_chain) == Grade::extreme);
  CHECK(technique_tier(Technique::forcing_chain) == Grade::evil);
  std::set<std::string_view> names;
  for (int i = 0; i < kTechniqueCount; ++i) names.insert(technique_name(static_cast<Technique>(i)));
  CHECK(names.size() == static_cast<size_t>(kTechniqueCount));
  for (int i = 1; i < kTechniqueCount; ++i) {
    const Technique a = kTechniqueOrder[i - 1], b = kTechniqueOrder[i];
    CHECK((technique_tier(a) < technique_tier(b) ||
           (technique_tier(a) == technique_tier(b) && technique_rating(a) <= technique_rating(b))));
  }
}

TEST_CASE("full house") {
  auto g = *parse_grid("534678912672195348198342567859761423426853791713924856961537284287419635345286179").grid;
  g.cells[rc(1, 1)] = 0;
  LogicOptions opt;
  opt.record_steps = true;
  const auto r = solve_logically(g, opt);
  REQUIRE(r.solved);
  REQUIRE(r.steps.size() == 1);
  CHECK(r.steps[0].technique == Technique::full_house);
  CHECK(r.steps[0].explain() == "r1c1 = 5: full house in row 1");
  CHECK(r.rating == 1.0);
  CHECK(r.score == 1.0);
  CHECK(r.tier == Grade::easy);
  CHECK(r.count(Technique::full_house) == 1);
}

TEST_CASE("hidden singles and naked single") {
  SUBCASE("box") {
    auto m = open_board();
    for (int c : {rc(1, 2), rc(1, 3), rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}) remove(m, c, 1);
    const auto s = first_step(m);
    CHECK(s.technique == Technique::hidden_single_box);
    CHECK(s.explain() == "r1c1 = 1: hidden single (box) in box 1");
  }
  SUBCASE("line") {
    auto m = open_board();
    row_only(m, 4, 5, {7});
    const auto s = first_step(m);
    CHECK(s.technique == Technique::hidden_single_line);
    CHECK(s.explain() == "r5c7 = 4: hidden single (line) in row 5");
  }
  SUBCASE("naked") {
    auto m = open_board();
    only(m, rc(5, 5), {5});
    const auto s = first_step(m);
    CHECK(s.technique == Technique::naked_single);
    CHECK(s.explain() == "r5c5 = 5: naked single");
  }
}

TEST_CASE("intersections") {
  SUBCASE("pointing") {
    auto m = open_board();
    for (int c : {rc(1, 3), rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}) remove(m, c, 1);
    check(m, Technique::pointing, all_of({rc(1, 4), rc(1, 5), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9)}, {1}));
  }
  SUBCASE("claiming") {
    auto m = open_board();
    row_only(m, 1, 1, {1, 2});
    check(m, Technique::claiming, all_of({rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}, {1}));
  }
}

TEST_CASE("subsets") {
  SUBCASE("naked pair") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 2), {1, 2});
    const auto s = first_step(m);
    CHECK(s.technique == Technique::naked_pair);
    CHECK(s.unit == 0);
    CHECK(elims(s) == all_of({rc(1, 3), rc(1, 4), rc(1, 5), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9)}, {1, 2}));
    CHECK(s.explain().rfind("naked pair {1,2} in r1c1,r1c2 (row 1): r1c3 -12", 0) == 0);
  }
  SUBCASE("hidden pair") {
    auto m = open_board();
    row_only(m, 1, 1, {1, 5});
    row_only(m, 2, 1, {1, 5});
    check(m, Technique::hidden_pair, all_of({rc(1, 1), rc(1, 5)}, {3, 4, 5, 6, 7, 8, 9}));
  }
  SUBCASE("naked triple") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 4), {2, 3});
    only(m, rc(1, 7), {1, 3});
    check(m, Technique::naked_triple, all_of({rc(1, 2), rc(1, 3), rc(1, 5), rc(1, 6), rc(1, 8), rc(1, 9)}, {1, 2, 3}));
  }
  SUBCASE("hidden triple") {
    auto m = open_board();
    for (int d : {1, 2, 3}) row_only(m, d, 1, {1, 4, 7});
    check(m, Technique::hidden_triple, all_of({rc(1, 1), rc(1, 4), rc(1, 7)}, {4, 5, 6, 7, 8, 9}));
  }
  SUBCASE("naked quad") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 3), {2, 3});
    only(m, rc(1, 5), {3, 4});
    only(m, rc(1, 7), {1, 4});
    check(m, Technique::naked_quad, all_of({rc(1, 2), rc(1, 4), rc(1, 6), rc(1, 8), rc(1, 9)}, {1, 2, 3, 4}));
  }
  SUBCASE("hidden quad") {
    auto m = open_board();
    for (int d : {1, 2, 3, 4}) row_only(m, d, 1, {1, 3, 5, 7});
    check(m, Technique::hidden_quad, all_of({rc(1, 1), rc(1, 3), rc(1, 5), rc(1, 7)}, {5, 6, 7, 8, 9}));
  }
}

TEST_CASE("fish") {
  SUBCASE("x-wing") {
    auto m = open_board();
    row_only(m, 1, 1, {2, 8});
    row_only(m, 1, 5, {2, 8});
    Set want;
    for (int r : {2, 3, 4, 6, 7, 8, 9})
      for (int c : {2, 8}) want.insert({rc(r, c), 1});
    check(m, Technique::x_wing, want);
  }
  SUBCASE("swordfish") {
    auto m = open_board();
    row_only(m, 1, 1, {2, 5});
    row_only(m, 1, 4, {5, 8});
    row_only(m, 1, 7, {2, 8});
    Set want;
    for (int r : {2, 3, 5, 6, 8, 9})
      for (int c : {2, 5, 8}) want.insert({rc(r, c), 1});
    check(m, Technique::swordfish, want);
  }
  SUBCASE("jellyfish") {
    auto m = open_board();
    row_only(m, 1, 1, {1, 4, 7});
    row_only(m, 1, 4, {2, 4, 7});
    row_only(m, 1, 6, {1, 2, 7});
    row_only(m, 1, 8, {1, 2, 4});
    Set want;
    for (int r : {2, 3, 5, 7, 9})
      for (int c : {1, 2, 4, 7}) want.insert({rc(r, c), 1});
    check(m, Technique::jellyfish, want);
  }
}

TEST_CASE("single-digit patterns") {
  SUBCASE("skyscraper") {
    auto m = open_board();
    col_only(m, 1, 2, {1, 7});
    col_only(m, 1, 5, {3, 7});
    check(m, Technique::skyscraper, all_of({rc(1, 4), rc(1, 6), rc(3, 1), rc(3, 3)}, {1}));
  }
  SUBCASE("two-string kite") {
    auto m = open_board();
    row_only(m, 1, 1, {2, 7});
    col_only(m, 1, 1, {3, 8});
    check(m, Technique::two_string_kite, all_of({rc(8, 7)}, {1}));
  }
  SUBCASE("turbot fish") {
    auto m = open_board();
    for (int c : {rc(1, 1), rc(1, 2), rc(1, 3), rc(2, 1), rc(2, 3), rc(3, 1), rc(3, 2)}) remove(m, c, 1);
    col_only(m, 1, 8, {3, 7});
    check(m, Technique::turbot_fish, all_of({rc(7, 2)}, {1}));
  }
}

TEST_CASE("wings and unique rectangle") {
  SUBCASE("xy-wing") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 5), {1, 3});
    only(m, rc(5, 1), {2, 3});
    check(m, Technique::xy_wing, all_of({rc(5, 5)}, {3}));
  }
  SUBCASE("xyz-wing") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2, 3});
    only(m, rc(2, 2), {1, 3});
    only(m, rc(1, 6), {2, 3});
    check(m, Technique::xyz_wing, all_of({rc(1, 2), rc(1, 3)}, {3}));
  }
  SUBCASE("w-wing") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    only(m, rc(5, 5), {1, 2});
    row_only(m, 1, 3, {2, 5});
    check(m, Technique::w_wing, all_of({rc(1, 5), rc(5, 1)}, {2}));
  }
  SUBCASE("unique rectangle type 1") {
    auto m = open_board();
    for (int d : {1, 2}) {
      row_only(m, d, 1, {1, 4});
      col_only(m, d, 1, {1, 2});
      for (int c : {rc(1, 2), rc(1, 3), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}) remove(m, c, d);
    }
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 4), {1, 2});
    only(m, rc(2, 1), {1, 2});
    only(m, rc(2, 4), {1, 2, 5});
    check(m, Technique::unique_rectangle, all_of({rc(2, 4)}, {1, 2}));
  }
}

TEST_CASE("chains") {
  SUBCASE("x-chain") {
    auto m = open_board();
    col_only(m, 1, 1, {1, 4});
    col_only(m, 1, 6, {4, 8});
    col_only(m, 1, 9, {8, 2});
    const auto s = first_step(m);
    CHECK(s.technique == Technique::x_chain);
    CHECK(elims(s) == all_of({rc(1, 7), rc(1, 8), rc(2, 2), rc(2, 3)}, {1}));
    CHECK(s.rating == doctest::Approx(6.6));
  }
  SUBCASE("xy-chain") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 5), {2, 3});
    only(m, rc(5, 5), {3, 4});
    only(m, rc(5, 9), {4, 1});
    check(m, Technique::xy_chain, all_of({rc(1, 9), rc(5, 1)}, {1}));
  }
  SUBCASE("alternating inference chain") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    col_only(m, 2, 6, {1, 7});
    row_only(m, 3, 7, {1, 6});
    check(m, Technique::aic, all_of({rc(7, 1)}, {1}));
  }
}

// Known positions for techniques hard to isolate by hand: the solver's trace on a published
// puzzle reaches them; the step must remove no digit of the true solution.
TEST_CASE("simple colouring and forcing chains on known puzzles") {
  struct Known {
    const char* puzzle;
    Technique technique;
  };
  for (const Known& k : {Known{"000020000008501600000406000080060090200070005000802000120090086040000070509000203",
                               Technique::simple_colouring},
                         Known{"030100400020000035900700000000401502000000000408506000000008004680000010004009070",
                               Technique::simple_colouring},
                         Known{"002709030730000490090010007100507002009060100200104009900070010081000024040201900",
                               Technique::forcing_chain},
                         Known{"070060030300000002069030150000090000000304000800070006006708200100040003084000790",
                               Technique::forcing_chain}}) {
    INFO(k.puzzle);
    const std::string solution = testing::first_solution_naively(k.puzzle);
    REQUIRE(solution.size() == 81);
    LogicOptions opt;
    opt.record_steps = true;
    const auto r = solve_logically(*parse_grid(k.puzzle).grid, opt);
    CHECK(r.solved);
    CHECK(to_string(r.final_grid) == solution);
    bool seen = false;
    for (const auto& s : r.steps) {
      for (const auto& e : s.eliminations) CHECK(solution[e.cell] - '0' != e.digit);
      for (const auto& p : s.placements) CHECK(solution[p.cell] - '0' == p.digit);
      seen |= s.technique == k.technique;
    }
    CHECK(seen);
    CHECK(r.count(k.technique) > 0);
    CHECK(r.rating >= technique_rating(k.technique));
    CHECK(r.score > r.rating);
    CHECK(r.score < r.rating + 0.1);
  }
}

TEST_CASE("needs trial, max_tier stop, hints and invalid boards") {
  const char* hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
  const std::string solution = testing::first_solution_naively(hard);
  const auto r = solve_logically(*parse_grid(hard).grid);
  CHECK(r.needs_trial);
  CHECK_FALSE(r.solved);
  CHECK_FALSE(r.invalid);
  CHECK(r.tier == Grade::evil);
  CHECK(r.rating == kTrialRating);
  for (int c = 0; c < kCells; ++c) {
    const int d = solution[c] - '0';
    if (r.final_grid.cells[c]) CHECK(r.final_grid.cells[c] == d);
    else CHECK((r.final_candidates[c] >> (d - 1) & 1) == 1);
  }
  const Grid g = *parse_grid(hard).grid;
  CHECK_FALSE(solvable_within(g, Grade::evil));

  // A board needing a chain stops at a lower max_tier without being called trial.
  const Grid chain = *parse_grid("000020000008501600000406000080060090200070005000802000120090086040000070509000203").grid;
  LogicOptions opt;
  opt.max_tier = Grade::hard;
  const auto stopped = solve_logically(chain, opt);
  CHECK(stopped.stopped);
  CHECK_FALSE(stopped.needs_trial);
  CHECK_FALSE(stopped.solved);
  CHECK(stopped.tier <= Grade::hard);
  CHECK_FALSE(solvable_within(chain, Grade::hard));
  CHECK(solvable_within(chain, Grade::extreme));

  // clashing givens
  Grid bad{};
  bad.cells[0] = 5;
  bad.cells[1] = 5;
  CHECK(solve_logically(bad).invalid);
  CHECK_FALSE(solvable_within(bad, Grade::evil));
  bad.cells[1] = 0;
  bad.cells[rc(9, 1)] = 5;  // same column as r1c1
  CHECK(solve_logically(bad).invalid);
  CHECK_FALSE(solvable_within(bad, Grade::evil));
  bad.cells[1] = 12;
  CHECK(solve_logically(bad).invalid);
}

}  // TEST_SUITE
