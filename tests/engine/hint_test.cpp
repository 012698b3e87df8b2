// Hints and the worded steps: exact text for a few techniques, and the hint of a real puzzle
// is its first step beyond singles, consistent with the solution.
#include "engine/hint.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "engine/geometry.h"
#include "engine/logic_solver.h"
#include "engine/logic.h"
#include "engine/generator.h"
#include "support/pencil_marks9.h"
#include "support/rule_checker9.h"

using namespace puzzlepress::engine;
namespace testing = puzzlepress::testing;

namespace {

using namespace puzzlepress::testing::pencil_marks;

std::string first_step_words(const CandidateMasks& m) {
  LogicOptions opt;
  opt.record_steps = true;
  opt.max_steps = 1;
  const LogicResult9 r = solve_logically(Grid9{}, m, opt);
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
      const Hint h = first_hint(
          *parse_grid9("..3.2...12.861593.4.5....7..34851...76..4..18...27634..8....2.3.297634.53...8.1..").grid);
      CHECK(h.singles_only);
      CHECK_FALSE(h.needs_trial);
      CHECK(h.text == "singles only");
      CHECK(h.cells.empty());
    }
    SUBCASE("needs trial") {
      const Hint h = first_hint(
          *parse_grid9("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3").grid);
      CHECK(h.needs_trial);
      CHECK(h.text == "no logical step applies after the singles");
    }
    SUBCASE("clashing givens") {
      Grid9 bad{};
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
        const Grid9 givens = *parse_grid9(puzzle).grid;
        const std::string solution = testing::first_solution_naively(puzzle);
        const Hint h = first_hint(givens);
        CHECK_FALSE(h.singles_only);
        LogicOptions opt;
        opt.record_steps = true;
        const LogicResult9 r = solve_logically(givens, opt);
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
  const Grid nine =
      *parse_grid("71349....2...1.....8.7..9..97..81....38.6.72....97..13..4..7.9.....3...5....49367", kShape9x9).grid;
  Grid9 grid;
  for (int c = 0; c < kCells; ++c) grid.cells[c] = nine.cells[c];
  const Hint a = first_hint(nine), b = first_hint(grid);
  CHECK(a.text == b.text);
  CHECK(a.cells == b.cells);
  CHECK(a.values == b.values);
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    GenerateOptions o;
    o.shape = seed % 2 ? kShape6x6 : kShape8x8;
    o.grade = Grade::medium;
    o.seed = seed;
    o.grading = Grading::techniques;
    const Puzzle p = generate(o);
    REQUIRE(p.valid);
    const Hint h = first_hint(p.givens);
    REQUIRE(static_cast<int>(h.values.size()) == p.shape.cells());
    for (int c = 0; c < p.shape.cells(); ++c) {
      if (h.values[static_cast<std::size_t>(c)] != 0)
        CHECK(h.values[static_cast<std::size_t>(c)] == p.solution.cells[c]);
    }
    CHECK(h.singles_only == (h.eliminations.empty() && h.placements.empty()));
    for (const CellDigit& e : h.eliminations) CHECK(p.solution.cells[e.cell] != e.digit);
    for (const CellDigit& q : h.placements) CHECK(p.solution.cells[q.cell] == q.digit);
  }
  const std::vector<Grid> boards{nine, nine};
  const auto batch = first_hints(boards, 2);
  REQUIRE(batch.size() == 2);
  CHECK(batch[1].text == a.text);
}

TEST_CASE("fish, wing and chain steps on 8x8, 12x12 and 16x16 are worded like 9x9 ones") {
  // Evil puzzles of `generate --size S --grade evil --seed 3` whose solves take all three kinds.
  const std::pair<Shape, const char*> boards[] = {
      {kShape8x8, "...57....74...5...82...6....41....61....8...32...6...37....36..."},
      {kShape12x12,
       "...5...3..7.1.4.7.5...9...B.9C6...25.3A9.6.......6..C....3..81.7.5...9.4A.1...7.B.39..6....8..5....."
       "..A.261.92...347.A...5...A.2.B.7.B..5...1..."},
      {kShape16x16,
       ".D93..6....E.....A...G.9.3.7.E4C.....7..49..G8D.F74.ECD.G..A.6...E.2A37G8.41B......7....9G.D...E...."
       "C5...A.392...3....1..2.56..A7..EG.C..6....F...5B3.F...89....3...8.A5....D......AD4.E5F1B3.7...1.6..3."
       "BEG.427.B35..GF..A.....D4E.1.B.7.9...6.....9....D..E1B."},
  };
  const auto lines = [](const std::vector<int>& houses, int n, int kind) {  // all rows (0) or columns (1)
    bool all = !houses.empty();
    for (int h : houses) all &= h / n == kind;
    return all;
  };
  for (const auto& board : boards) {
    const Shape shape = board.first;  // a plain variable: doctest's INFO captures it
    const auto& text = board.second;
    INFO(shape_id(shape));
    const int n = shape.size();
    LogicOptions record;
    record.record_steps = true;
    const LogicResult r = solve_logically(*parse_grid(text, shape).grid, record);
    REQUIRE(r.solved);
    int fish = 0, wings = 0, chains = 0;
    for (const LogicStep& step : r.steps) {
      const std::string words = explain_step(step, shape);
      const std::string name(technique_name(step.technique));
      INFO(words);
      switch (step.technique) {
        case Technique::x_wing:
        case Technique::swordfish:
        case Technique::jellyfish:
        case Technique::finned_x_wing:
        case Technique::sashimi_x_wing:
        case Technique::finned_swordfish:
        case Technique::sashimi_swordfish: {
          ++fish;
          // base lines, then as many cover lines of the other kind: named in the words
          REQUIRE(step.units.size() % 2 == 0);
          const std::size_t half = step.units.size() / 2;
          const std::vector<int> base(step.units.begin(), step.units.begin() + static_cast<long>(half));
          const std::vector<int> cover(step.units.begin() + static_cast<long>(half), step.units.end());
          const int kind = base[0] / n;
          CHECK(lines(base, n, kind));
          CHECK(lines(cover, n, 1 - kind));
          const std::string base_words =
              std::string(kind == 0 ? ": in rows " : ": in columns ") + std::to_string(base[0] % n + 1);
          const std::string cover_words = std::string(kind == 0 ? " lie only in columns " : " lie only in rows ") +
                                          std::to_string(cover[0] % n + 1);
          const std::string finned_cover =
              std::string(kind == 0 ? " lie in columns " : " lie in rows ") + std::to_string(cover[0] % n + 1);
          CHECK(words.rfind(name + " on ", 0) == 0);
          CHECK(words.find(base_words) != std::string::npos);
          CHECK((words.find(cover_words) != std::string::npos || words.find(finned_cover) != std::string::npos));
          break;
        }
        case Technique::xy_wing:
          ++wings;
          CHECK(words.rfind("xy-wing: ", 0) == 0);
          CHECK(words.find("one of the two wings is ") != std::string::npos);
          break;
        case Technique::xyz_wing:
        case Technique::wxyz_wing:
          ++wings;
          CHECK(words.rfind(name + " on ", 0) == 0);
          CHECK(words.find("one of them is ") != std::string::npos);
          break;
        case Technique::w_wing:
          ++wings;
          CHECK(words.rfind("w-wing: ", 0) == 0);
          CHECK(words.find(" both hold ") != std::string::npos);
          break;
        case Technique::x_chain:
        case Technique::grouped_x_chain:
        case Technique::xy_chain:
        case Technique::aic:
        case Technique::grouped_aic:
          ++chains;
          CHECK(words.rfind(name + " through ", 0) == 0);
          CHECK(words.find(": one of its ends is true, which removes ") != std::string::npos);
          break;
        default: break;
      }
    }
    CHECK(fish > 0);
    CHECK(wings > 0);
    CHECK(chains > 0);
  }
}
