// Logic solver: each technique on a hand-made pencil-mark position where it is the first step
// the solver finds (no easier technique applies), with the eliminations worked out by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/band_search.h"
#include "engine/logic_solver.h"
#include "support/pencil_marks9.h"
#include "support/rule_checker9.h"

using namespace puzzlepress::engine;
namespace testing = puzzlepress::testing;

namespace {

using namespace puzzlepress::testing::pencil_marks;

LogicStep first_step_from(const Grid9& values, const CandidateMasks& m) {
  LogicOptions opt;
  opt.record_steps = true;
  opt.max_steps = 1;
  const LogicResult9 r = solve_logically(values, m, opt);
  REQUIRE_FALSE(r.invalid);
  REQUIRE(r.steps.size() == 1);
  return r.steps[0];
}

LogicStep first_step(const CandidateMasks& m) {
  LogicOptions opt;
  opt.record_steps = true;
  opt.max_steps = 1;
  const LogicResult9 r = solve_logically(Grid9{}, m, opt);
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

// Unique rectangles on r1c1, r1c4, r2c1, r2c4 (boxes 1 and 2) with the pair {1,2}. Row 1 holds
// 1 and 2 nowhere else, so the floor's naked pair removes nothing.
CandidateMasks rectangle_board() {
  auto m = open_board();
  for (int d : {1, 2}) row_only(m, d, 1, {1, 4});
  only(m, rc(1, 1), {1, 2});
  only(m, rc(1, 4), {1, 2});
  return m;
}

}  // namespace

TEST_SUITE("logic") {
  TEST_CASE("full house") {
    auto g = *parse_grid9("534678912672195348198342567859761423426853791713924856961537284287419635345286179").grid;
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
      check(m, Technique::naked_triple,
            all_of({rc(1, 2), rc(1, 3), rc(1, 5), rc(1, 6), rc(1, 8), rc(1, 9)}, {1, 2, 3}));
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
      // Rows 1, 2, 4, 7 in columns 1, 2, 4, 7; no three of them make a (finned) swordfish.
      auto m = open_board();
      row_only(m, 1, 1, {1, 4, 7});
      row_only(m, 1, 2, {2, 4, 7});
      row_only(m, 1, 4, {1, 2, 4});
      row_only(m, 1, 7, {1, 2, 7});
      Set want;
      for (int r : {3, 5, 6, 8, 9})
        for (int c : {1, 2, 4, 7}) want.insert({rc(r, c), 1});
      check(m, Technique::jellyfish, want);
    }
    SUBCASE("finned x-wing") {
      // Rows 1 and 5 on columns 2 and 8, with a fin r5c9 in box 6: r4c8 and r6c8 see the fin.
      auto m = open_board();
      row_only(m, 1, 1, {2, 8});
      row_only(m, 1, 5, {2, 8, 9});
      const auto s = first_step(m);
      CHECK(s.technique == Technique::finned_x_wing);
      CHECK(elims(s) == all_of({rc(4, 8), rc(6, 8)}, {1}));
      CHECK(s.extra_cells == std::vector<int>{rc(5, 9)});
    }
    SUBCASE("sashimi x-wing") {
      // Row 5 keeps only r5c2 in the cover (columns 2 and 8); fins r5c7, r5c9.
      auto m = open_board();
      row_only(m, 1, 1, {2, 8});
      row_only(m, 1, 5, {2, 7, 9});
      check(m, Technique::sashimi_x_wing, all_of({rc(4, 8), rc(6, 8)}, {1}));
    }
    SUBCASE("finned swordfish") {
      // Rows 1, 4, 7 on columns 1, 5, 9, with a fin r7c8 in box 9.
      auto m = open_board();
      row_only(m, 1, 1, {1, 5, 9});
      row_only(m, 1, 4, {1, 5, 9});
      row_only(m, 1, 7, {1, 5, 8, 9});
      check(m, Technique::finned_swordfish, all_of({rc(8, 9), rc(9, 9)}, {1}));
    }
    SUBCASE("sashimi swordfish") {
      // Rows 1, 4, 7 on columns 1, 5, 9; row 7 keeps only r7c1 in the cover, fins r7c7, r7c8.
      auto m = open_board();
      row_only(m, 1, 1, {1, 5});
      row_only(m, 1, 4, {5, 9});
      row_only(m, 1, 7, {1, 7, 8});
      check(m, Technique::sashimi_swordfish, all_of({rc(8, 9), rc(9, 9)}, {1}));
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
    SUBCASE("empty rectangle") {
      // Box 1 holds 1 only on row 2 and column 2 (both arms); row 7 is a conjugate pair r7c2 =
      // r7c8. If r7c8 is not 1, r7c2 is, so box 1's 1 is on row 2: r2c8 loses 1 either way.
      auto m = open_board();
      for (int c : {rc(1, 1), rc(1, 3), rc(3, 1), rc(3, 3)}) remove(m, c, 1);
      row_only(m, 1, 7, {2, 8});
      const auto s = first_step(m);
      CHECK(s.technique == Technique::empty_rectangle);
      CHECK(elims(s) == all_of({rc(2, 8)}, {1}));
      CHECK(s.units == std::vector<int>{18, 6});  // box 1, row 7
    }
    SUBCASE("turbot fish") {
      auto m = open_board();
      for (int c : {rc(1, 1), rc(1, 2), rc(1, 3), rc(2, 1), rc(2, 3), rc(3, 1), rc(3, 2)}) remove(m, c, 1);
      col_only(m, 1, 8, {3, 7});
      check(m, Technique::turbot_fish, all_of({rc(7, 2)}, {1}));
    }
  }

  TEST_CASE("wings and unique rectangle type 1") {
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
    SUBCASE("wxyz-wing") {
      // r5c5 {1,2,3,4} with r5c2 {1,4}, r4c5 {2,4}, r6c6 {3,4}: 1, 2 and 3 are restricted, 4 is
      // not, so one of the four cells is 4: r5c4 and r5c6 see all of them.
      auto m = open_board();
      only(m, rc(5, 5), {1, 2, 3, 4});
      only(m, rc(5, 2), {1, 4});
      only(m, rc(4, 5), {2, 4});
      only(m, rc(6, 6), {3, 4});
      check(m, Technique::wxyz_wing, all_of({rc(5, 4), rc(5, 6)}, {4}));
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
      check(m, Technique::unique_rectangle_1, all_of({rc(2, 4)}, {1, 2}));
    }
  }

  TEST_CASE("unique rectangles") {
    SUBCASE("type 2: the roof's one extra digit leaves the cells seeing both roof corners") {
      auto m = rectangle_board();
      only(m, rc(2, 1), {1, 2, 3});
      only(m, rc(2, 4), {1, 2, 3});
      check(m, Technique::unique_rectangle_2,
            all_of({rc(2, 2), rc(2, 3), rc(2, 5), rc(2, 6), rc(2, 7), rc(2, 8), rc(2, 9)}, {3}));
    }
    SUBCASE("type 3: the roof's extras {3,4} with r2c7 {3,4} make a naked pair in row 2") {
      auto m = rectangle_board();
      only(m, rc(2, 1), {1, 2, 3});
      only(m, rc(2, 4), {1, 2, 4});
      only(m, rc(2, 7), {3, 4});
      const auto s = first_step(m);
      CHECK(s.technique == Technique::unique_rectangle_3);
      CHECK(elims(s) == all_of({rc(2, 2), rc(2, 3), rc(2, 5), rc(2, 6), rc(2, 8), rc(2, 9)}, {3, 4}));
      CHECK(s.rating == doctest::Approx(4.6));  // naked pair; + 0.1 per larger subset
    }
    SUBCASE("type 4: 1 is a conjugate pair in the roof's row, so 2 leaves both roof corners") {
      auto m = rectangle_board();
      only(m, rc(2, 1), {1, 2, 3});
      only(m, rc(2, 4), {1, 2, 5});
      row_only(m, 1, 2, {1, 4});
      // no other 1 in columns 1 and 4 (or the two rows would make an X-wing that removes them)
      for (int r = 3; r <= 9; ++r) {
        remove(m, rc(r, 1), 1);
        remove(m, rc(r, 4), 1);
      }
      for (int c : {rc(3, 2), rc(3, 3), rc(3, 5), rc(3, 6)}) remove(m, c, 1);
      check(m, Technique::unique_rectangle_4, all_of({rc(2, 1), rc(2, 4)}, {2}));
    }
    SUBCASE("type 5: diagonal roof corners share the extra 3") {
      auto m = open_board();
      only(m, rc(1, 1), {1, 2});
      only(m, rc(2, 4), {1, 2});
      only(m, rc(1, 4), {1, 2, 3});
      only(m, rc(2, 1), {1, 2, 3});
      check(m, Technique::unique_rectangle_5, all_of({rc(1, 2), rc(1, 3), rc(2, 5), rc(2, 6)}, {3}));
    }
    SUBCASE("type 6: diagonal floor, 1 conjugate in both rows: 1 leaves the roof corners") {
      auto m = open_board();
      only(m, rc(1, 1), {1, 2});
      only(m, rc(2, 4), {1, 2});
      only(m, rc(1, 4), {1, 2, 3});
      only(m, rc(2, 1), {1, 2, 5});
      for (int r : {1, 2}) row_only(m, 1, r, {1, 4});
      for (int r = 3; r <= 9; ++r) {
        remove(m, rc(r, 1), 1);
        remove(m, rc(r, 4), 1);
      }
      for (int c : {rc(3, 2), rc(3, 3), rc(3, 5), rc(3, 6)}) remove(m, c, 1);
      check(m, Technique::unique_rectangle_6, all_of({rc(1, 4), rc(2, 1)}, {1}));
    }
  }

  TEST_CASE("chains") {
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

  // Real puzzles (from ../shared/data: the SE-rated sample, top1465, the diabolical set) on which
  // the solver uses each technique, so that every step can be checked against the true solution,
  // found by the rule checker's own solver. The technique is also the next step of the position
  // just before its first use (values and pencil marks as the solve left them).
  TEST_CASE("every technique on a known puzzle: steps agree with the solution") {
    struct Known {
      const char* puzzle;
      Technique technique;
    };
    const Known known[] = {
        {"000701060840000070007040300300904007001080600400607001008030200060000084020805000", Technique::finned_x_wing},
        {"090000006006890000203706090100020000054908320000070004020607809000035600300000050",
         Technique::sashimi_x_wing},
        {"000040000402106809050000010000907000600438002007000600070090020006000500200504007",
         Technique::finned_swordfish},
        {"000028000000300810830019004502000940000090000043000607200940083084003000000580000",
         Technique::sashimi_swordfish},
        {"010030060020000050006809200007501800400000002009000700070203080500704006000010000",
         Technique::empty_rectangle},
        {"000040000402106809050000010000907000600438002007000600070090020006000500200504007", Technique::wxyz_wing},
        {"200900000800503000054706002008000009097000420100000300300105890000802003000007005",
         Technique::unique_rectangle_1},
        {"080302060701080405000000000006010300150060042003209600300000001600000004005000800",
         Technique::unique_rectangle_2},
        {"000109000000070000009532100890000041002000600067080520004000900028090370000827000",
         Technique::unique_rectangle_3},
        {"016000370050000020000601000580000012061050780200080005008000200300020009000507000",
         Technique::unique_rectangle_4},
        {"..3.5.8.....812............3..5.1..9..94237...17...35.6.5...1.4.4..3..2..7..4..8.",
         Technique::unique_rectangle_5},
        {"000400070300001200057068300086000002003040700900000140001670820002800001030005000",
         Technique::unique_rectangle_6},
        {"040700600070000458380500000000803209000000000708609000000005096692000010004001080", Technique::bug_plus_one},
        {"009000300405000709001829500000104000800000007040060090500206001092705640000090000",
         Technique::simple_colouring},
        {"030680400000000009709500100000302706600000002904705000007008603300000000001037090", Technique::x_chain},
        {"050000030902000408400000001046805390703060804800000002009604700004273900000000000",
         Technique::grouped_x_chain},
        {"000407000060205040010000020040609050003000200100000009200080005950000082004090100", Technique::xy_chain},
        {".5..6..9.96.8.5.17..27.94..2.......8..92.46....3...9.....647....7.9.2.8..........",
         Technique::aligned_pair_exclusion},
        {"000000000706308905004675800097030650058902710000000000009000100000103000010060080", Technique::aic},
        {"010000090005040800070090040000080000003109500000756000008264300007000600020000010", Technique::grouped_aic},
        {"014906000700080200000350000001000093002401500690000100000072000007040002000609480", Technique::forcing_chain},
    };
    for (const Known& k : known) {
      INFO(technique_name(k.technique) << ": " << k.puzzle);
      const std::string solution = testing::first_solution_naively(k.puzzle);
      REQUIRE(solution.size() == 81);
      REQUIRE(testing::count_solutions_naively(k.puzzle, 2) == 1);
      LogicOptions opt;
      opt.record_steps = true;
      const Grid9 givens = *parse_grid9(k.puzzle).grid;
      const auto r = solve_logically(givens, opt);
      CHECK(r.solved);
      CHECK(to_string(r.final_grid) == solution);
      int first_use = -1;
      for (size_t i = 0; i < r.steps.size(); ++i) {
        const auto& s = r.steps[i];
        for (const auto& e : s.eliminations) CHECK(solution[e.cell] - '0' != e.digit);
        for (const auto& p : s.placements) CHECK(solution[p.cell] - '0' == p.digit);
        if (s.technique == k.technique && first_use < 0) first_use = static_cast<int>(i);
      }
      REQUIRE(first_use >= 0);
      CHECK(r.count(k.technique) > 0);
      CHECK(r.rating >= technique_rating(k.technique));
      CHECK(r.score > r.rating);
      CHECK(r.score < r.rating + 0.1);
      // The position before that step, as the solve left it: the technique is the next step.
      LogicOptions before;
      before.max_steps = first_use;
      const auto partial = solve_logically(givens, before);
      REQUIRE(partial.stopped);
      const auto next = first_step_from(partial.final_grid, partial.final_candidates);
      CHECK(next.technique == k.technique);
      CHECK(next.eliminations == r.steps[first_use].eliminations);
      CHECK(next.placements == r.steps[first_use].placements);
    }
  }

  TEST_CASE("needs trial, max_tier stop, hints and invalid boards") {
    const char* hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    const std::string solution = testing::first_solution_naively(hard);
    const auto r = solve_logically(*parse_grid9(hard).grid);
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
    const Grid9 g = *parse_grid9(hard).grid;
    CHECK_FALSE(solvable_within(g, Grade::evil));

    // A board needing a chain stops at a lower max_tier without being called trial.
    const Grid9 chain =
        *parse_grid9("000020000008501600000406000080060090200070005000802000120090086040000070509000203").grid;
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
    Grid9 bad{};
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
