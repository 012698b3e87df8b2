// Hints and the worded steps: exact text for a few techniques, and the hint of a real puzzle
// is its first step beyond singles, consistent with the solution.
#include "engine/hint.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "engine/logic_solver.h"
#include "engine/sized_generator.h"
#include "support/rule_checker.h"

using namespace puzzlepress::engine;
namespace testing = puzzlepress::testing;

namespace {

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

void row_only(CandidateMasks& m, int d, int r, std::initializer_list<int> cols) {
  for (int c = 1; c <= 9; ++c)
    if (std::find(cols.begin(), cols.end(), c) == cols.end()) remove(m, rc(r, c), d);
}

std::string first_step_words(const CandidateMasks& m) {
  LogicOptions opt;
  opt.record_steps = true;
  opt.max_steps = 1;
  const LogicResult r = solve_logically(Grid{}, m, opt);
  REQUIRE(r.steps.size() == 1);
  return r.steps[0].describe();
}

}  // namespace

TEST_SUITE("hints") {

TEST_CASE("worded steps") {
  SUBCASE("naked pair: the issue's own example") {
    auto m = open_board();
    only(m, rc(4, 2), {2, 7});
    only(m, rc(4, 8), {2, 7});
    CHECK(first_step_words(m) == "row 4: the pair 2/7 in r4c2 and r4c8 removes 2 and 7 from the rest of the row");
  }
  SUBCASE("pointing") {
    auto m = open_board();
    for (int c : {rc(1, 3), rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}) remove(m, c, 1);
    CHECK(first_step_words(m) ==
          "box 1: the 1s lie in row 1 (r1c1 and r1c2), which removes 1 from the rest of row 1 "
          "(r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9)");
  }
  SUBCASE("hidden pair") {
    auto m = open_board();
    row_only(m, 1, 1, {1, 5});
    row_only(m, 2, 1, {1, 5});
    CHECK(first_step_words(m) ==
          "row 1: 1 and 2 can only go in r1c1 and r1c5, so those cells hold nothing else; "
          "removes 3, 4, 5, 6, 7, 8 and 9 from r1c1 and r1c5");
  }
  SUBCASE("xy-wing") {
    auto m = open_board();
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 5), {1, 3});
    only(m, rc(5, 1), {2, 3});
    CHECK(first_step_words(m) ==
          "xy-wing: r1c1 (1/2) with r1c5 (1/3) and r5c1 (2/3): one of the two wings is 3, which removes 3 from r5c5");
  }
  SUBCASE("finned x-wing") {
    auto m = open_board();
    row_only(m, 1, 1, {2, 8});
    row_only(m, 1, 5, {2, 8, 9});
    CHECK(first_step_words(m) ==
          "finned x-wing on 1: in rows 1 and 5 the 1s lie in columns 2 and 8 apart from the fin r5c9; either a fin "
          "is 1 or the fish holds, so cells that see the fin lose 1: removes 1 from r4c8 and r6c8");
  }
  SUBCASE("unique rectangle type 1") {
    auto m = open_board();
    for (int d : {1, 2}) {
      row_only(m, d, 1, {1, 4});
      for (int r = 3; r <= 9; ++r) remove(m, rc(r, 1), d);
      for (int c : {rc(1, 2), rc(1, 3), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}) remove(m, c, d);
    }
    only(m, rc(1, 1), {1, 2});
    only(m, rc(1, 4), {1, 2});
    only(m, rc(2, 1), {1, 2});
    only(m, rc(2, 4), {1, 2, 5});
    CHECK(first_step_words(m) ==
          "unique rectangle on 1/2 in r1c1, r1c4, r2c1 and r2c4: r2c4 cannot be 1 or 2 (otherwise the puzzle "
          "would have two solutions); removes 1 and 2 from r2c4");
  }
}

TEST_CASE("hints of real puzzles") {
  SUBCASE("singles only") {
    const Hint h = first_hint(*parse_grid("..3.2...12.861593.4.5....7..34851...76..4..18...27634..8....2.3.297634.53...8.1..").grid);
    CHECK(h.singles_only);
    CHECK_FALSE(h.needs_trial);
    CHECK(h.text == "singles only");
    CHECK(h.cells.empty());
  }
  SUBCASE("needs trial") {
    const Hint h = first_hint(*parse_grid("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3").grid);
    CHECK(h.needs_trial);
    CHECK(h.text == "no logical step applies after the singles");
  }
  SUBCASE("clashing givens") {
    Grid bad{};
    bad.cells[0] = bad.cells[1] = 4;
    const Hint h = first_hint(bad);
    CHECK_FALSE(h.singles_only);
    CHECK(h.text == "not a valid puzzle");
  }
  SUBCASE("the first step beyond singles, as the full solve takes it") {
    for (const char* puzzle : {"040700600070000458380500000000803209000000000708609000000005096692000010004001080",
                               "000701060840000070007040300300904007001080600400607001008030200060000084020805000",
                               "014906000700080200000350000001000093002401500690000100000072000007040002000609480"}) {
      INFO(puzzle);
      const Grid givens = *parse_grid(puzzle).grid;
      const std::string solution = testing::first_solution_naively(puzzle);
      const Hint h = first_hint(givens);
      CHECK_FALSE(h.singles_only);
      LogicOptions opt;
      opt.record_steps = true;
      const LogicResult r = solve_logically(givens, opt);
      const auto beyond = std::find_if(r.steps.begin(), r.steps.end(),
                                       [](const LogicStep& s) { return technique_tier(s.technique) != Grade::easy; });
      REQUIRE(beyond != r.steps.end());
      CHECK(h.technique == beyond->technique);
      CHECK(h.technique_name == technique_name(beyond->technique));
      CHECK(h.eliminations == beyond->eliminations);
      CHECK(h.placements == beyond->placements);
      CHECK(h.text == beyond->describe());
      for (const auto& e : h.eliminations) CHECK(solution[e.cell] - '0' != e.digit);
      for (const auto& p : h.placements) CHECK(solution[p.cell] - '0' == p.digit);
      CHECK(first_hint(givens).text == h.text);  // pure
    }
  }
}

}  // TEST_SUITE

TEST_CASE("hints of any size: 9x9 word for word, other sizes consistent with the solution") {
  const SizedGrid nine = *parse_sized_grid(
      "71349....2...1.....8.7..9..97..81....38.6.72....97..13..4..7.9.....3...5....49367", kShape9x9).grid;
  Grid grid;
  for (int c = 0; c < kCells; ++c) grid.cells[c] = nine.cells[c];
  const Hint a = first_hint(nine), b = first_hint(grid);
  CHECK(a.text == b.text);
  CHECK(a.cells == b.cells);
  CHECK(a.values == b.values);
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    SizedGenerateOptions o;
    o.shape = seed % 2 ? kShape6x6 : kShape8x8;
    o.grade = Grade::medium;
    o.seed = seed;
    o.grading = Grading::techniques;
    const SizedPuzzle p = generate_sized(o);
    REQUIRE(p.valid);
    const Hint h = first_hint(p.givens);
    REQUIRE(static_cast<int>(h.values.size()) == p.shape.cells());
    for (int c = 0; c < p.shape.cells(); ++c) {
      if (h.values[static_cast<std::size_t>(c)] != 0) CHECK(h.values[static_cast<std::size_t>(c)] == p.solution.cells[c]);
    }
    CHECK(h.singles_only == (h.eliminations.empty() && h.placements.empty()));
    for (const CellDigit& e : h.eliminations) CHECK(p.solution.cells[e.cell] != e.digit);
    for (const CellDigit& q : h.placements) CHECK(p.solution.cells[q.cell] == q.digit);
  }
  const std::vector<SizedGrid> boards{nine, nine};
  const auto batch = first_hints(boards, 2);
  REQUIRE(batch.size() == 2);
  CHECK(batch[1].text == a.text);
}
