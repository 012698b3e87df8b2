// The technique grader for every shape: the unit-table solver held against the 9x9 solver on
// 9x9 boards, its soundness on generated boards of every shape (every step checked against
// the solution the independent exact-cover search finds), the children's tiers, and the
// explanations.
#include "engine/logic.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/generator.h"
#include "support/rule_checker.h"
#include "support/test_data.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

// 9x9 boards always at hand: the reference engine's puzzles of every grade (tests/data), and a
// sample of the shared rated set when present.
std::vector<Grid> nine_by_nine_boards() {
  std::vector<Grid> boards;
  for (const auto& line : t::read_lines(t::test_data_dir() / "reference_puzzles.txt")) {
    std::istringstream in(line);
    std::string grade, seed, clues, givens;
    in >> grade >> seed >> clues >> givens;
    boards.push_back(*parse_grid(givens).grid);
  }
  if (const auto dir = t::shared_data_dir()) {
    const auto lines = t::read_lines(*dir / "sudoku_exchange_rated_sample_se121.txt");
    for (std::size_t i = 0; i < lines.size(); i += lines.size() / 60) {
      const auto parsed = parse_grid(std::string_view(lines[i]).substr(0, 81));
      if (parsed.ok()) boards.push_back(*parsed.grid);
    }
  }
  return boards;
}

}  // namespace

TEST_SUITE("logic on every shape") {
  TEST_CASE("on 9x9 boards the unit-table solver grades as the 9x9 solver") {
    // Same techniques, order, ratings and tiers. Forcing chains may differ in one corner (see
    // logic_forcing.cpp), so steps are compared only when neither used one. A board the
    // 9x9 solver solves with a technique not yet written for the other sizes is left out.
    int compared = 0, with_forcing = 0, left_out = 0;
    for (const Grid& g : nine_by_nine_boards()) {
      INFO(to_string(g));
      const LogicResult9 nine = solve_logically(to_grid(g));
      bool portable = true;
      for (Technique tech : kTechniqueOrder) portable &= !nine.count(tech) || technique_available(kShape16x16, tech);
      if (!portable) {
        ++left_out;
        continue;
      }
      const LogicResult any = detail::solve_logically_unit_tables(g);
      CHECK(any.solved == nine.solved);
      CHECK(any.needs_trial == nine.needs_trial);
      CHECK(any.tier == nine.tier);
      if (nine.count(Technique::forcing_chain) || any.count(Technique::forcing_chain)) {
        ++with_forcing;
      } else {
        CHECK(any.counts == nine.counts);
        CHECK(any.rating == doctest::Approx(nine.rating));
        CHECK(any.final_grid == from_grid(nine.final_grid));
      }
      for (Grade tier : kAllGrades)
        CHECK(detail::solvable_within_limited(g, tier, -1) == (any.solved && any.tier <= tier));
      ++compared;
    }
    CHECK(compared >= 100);
    MESSAGE(compared << " 9x9 boards compared, " << with_forcing << " with forcing chains, " << left_out
                     << " left out");
  }

  TEST_CASE("sound on every shape: every step agrees with the solution") {
    for (Shape s : kAllShapes) {
      if (s == kShape9x9) continue;
      for (Grade grade : offered_grades(s)) {
        for (std::uint32_t seed = 1; seed <= 2; ++seed) {
          GenerateOptions o;
          o.shape = s;
          o.grade = grade;
          o.seed = seed;
          o.grading = Grading::techniques;
          const Puzzle p = generate(o);
          const std::string givens = to_string(p.givens);
          INFO(shape_id(s) << " " << grade_id(grade) << " seed " << seed << " " << givens);
          const std::string truth = t::first_solution_exact_cover(givens);
          REQUIRE(truth.size() == static_cast<std::size_t>(s.cells()));
          LogicOptions record;
          record.record_steps = true;
          const LogicResult r = solve_logically(p.givens, record);
          CHECK(r.solved);
          CHECK(to_string(r.final_grid) == truth);
          CHECK(r.tier == grade);
          for (const LogicStep& step : r.steps) {
            for (const auto& pl : step.placements) CHECK(symbol_char(pl.digit) == truth[pl.cell]);
            for (const auto& e : step.eliminations) CHECK(symbol_char(e.digit) != truth[e.cell]);
            CHECK(technique_tier(s, step.technique) <= grade);
          }
          CHECK(solvable_within(p.givens, grade));
          if (grade != Grade::easy)
            CHECK_FALSE(solvable_within(p.givens, static_cast<Grade>(static_cast<int>(grade) - 1)));
        }
      }
    }
  }

  TEST_CASE("children's sizes: Medium starts within the singles") {
    CHECK(technique_tier(kShape4x4, Technique::full_house) == Grade::easy);
    CHECK(technique_tier(kShape4x4, Technique::hidden_single_box) == Grade::medium);
    CHECK(technique_tier(kShape4x4, Technique::naked_single) == Grade::medium);
    CHECK(technique_tier(kShape6x6, Technique::hidden_single_box) == Grade::easy);
    CHECK(technique_tier(kShape6x6, Technique::hidden_single_line) == Grade::medium);
    CHECK(technique_tier(kShape6x6, Technique::naked_single) == Grade::medium);
    CHECK(technique_tier(kShape6x6, Technique::pointing) == Grade::medium);
    for (Shape s : {kShape8x8, kShape9x9, kShape12x12, kShape16x16})
      for (Technique tech : kTechniqueOrder) CHECK(technique_tier(s, tech) == technique_tier(tech));
    // the order of the techniques a shape uses stays increasing in its tiers, so a tier stop is
    // exact (the killer techniques, left out on every classic shape, have no say in it)
    for (Shape s : kAllShapes) {
      Grade last = Grade::easy;
      for (Technique tech : kTechniqueOrder) {
        if (!technique_available(s, tech)) continue;
        CHECK(last <= technique_tier(s, tech));
        last = technique_tier(s, tech);
      }
    }
    // a 4x4 with one hole per row is full houses only: Easy; with more holes it needs more
    const Grid easy = *parse_grid(".342423.24.33.24").grid;
    CHECK(solve_logically(easy).tier == Grade::easy);
    CHECK(solve_logically(*parse_grid("1.42..3..4..31.4").grid).tier == Grade::easy);
    const Grid medium = *parse_grid("......3..4..31.4").grid;  // the same, 3 clues fewer
    const auto r = solve_logically(medium);
    CHECK(r.solved);
    CHECK(r.tier == Grade::medium);
    CHECK(solvable_within(medium, Grade::medium));
    CHECK_FALSE(solvable_within(medium, Grade::easy));
  }

  TEST_CASE("the techniques of logic.h's list are written for every shape") {
    using T = Technique;
    for (Shape s : kAllShapes)
      for (T tech : {T::full_house,
                     T::hidden_single_box,
                     T::hidden_single_line,
                     T::naked_single,
                     T::pointing,
                     T::naked_pair,
                     T::claiming,
                     T::hidden_pair,
                     T::naked_triple,
                     T::hidden_triple,
                     T::naked_quad,
                     T::hidden_quad,
                     T::x_wing,
                     T::swordfish,
                     T::skyscraper,
                     T::two_string_kite,
                     T::turbot_fish,
                     T::xy_wing,
                     T::xyz_wing,
                     T::w_wing,
                     T::unique_rectangle_1,
                     T::jellyfish,
                     T::simple_colouring,
                     T::x_chain,
                     T::xy_chain,
                     T::aic,
                     T::forcing_chain})
        CHECK(technique_available(s, tech));
  }

  TEST_CASE("explanations name 16x16 cells, units and symbols") {
    // a full grid of the usual pattern with its last cell of row 1 emptied: a full house
    Grid g(kShape16x16);
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 16; ++c) g.cells[r * 16 + c] = static_cast<std::uint8_t>((4 * (r % 4) + r / 4 + c) % 16 + 1);
    g.cells[15] = 0;
    LogicOptions record;
    record.record_steps = true;
    const auto r = solve_logically(g, record);
    REQUIRE(r.steps.size() == 1);
    CHECK(explain_step(r.steps[0], kShape16x16) == "r1c16 = G: full house in row 1");

    LogicStep step;
    step.technique = Technique::pointing;
    step.digits = {12};
    step.cells = {16 * 4 + 4, 16 * 4 + 5};
    step.unit = 2 * 16 + 5;
    step.eliminations = {{16 * 4 + 10, 12}, {16 * 4 + 15, 12}};
    CHECK(explain_step(step, kShape16x16) ==
          "box 6: the Cs lie in row 5 (r5c5 and r5c6), which removes C from the rest of row 5 (r5c11 and r5c16)");
    CHECK(step.explain(classic_geometry(kShape16x16)) == "pointing {C} in r5c5,r5c6 (box 6): r5c11 -C r5c16 -C");
    // 9x9 explains as before
    LogicStep nine = step;
    nine.digits = {3};
    nine.cells = {10, 11};
    nine.unit = 18;
    nine.eliminations = {{15, 3}};
    CHECK(explain_step(nine, kShape9x9) == nine.describe());
  }

  TEST_CASE("invalid boards") {
    Grid clash = *parse_grid("11..............").grid;
    CHECK(solve_logically(clash).invalid);
    CHECK_FALSE(solvable_within(clash, Grade::evil));
    Grid odd(Shape{3, 2});
    CHECK(solve_logically(odd).invalid);
  }
}

TEST_CASE("empty rectangle on the boxes of 8x8 (2x4) and 12x12 (3x4)") {
  const std::pair<Shape, const char*> boards[] = {
      {kShape8x8, ".21....467......1.7....5..3.6......2.5..5....8.2......377....28."},
      {kShape12x12,
       ".C..B...8....B29..C...A.....654.1..B.6.7...4.82.89...6..BC....4...A.6......5.9...4....18..6...B3.4B.A"
       "...9.5.2..A.436.....3...C..274....4...1..3."},
  };
  for (const auto& board : boards) {
    const Shape shape = board.first;  // plain variables: clang 14's lambdas (INFO's) cannot capture bindings
    const char* const text = board.second;
    INFO(shape_id(shape) << " " << text);
    const Grid givens = *parse_grid(text, shape).grid;
    const std::string truth = t::first_solution_exact_cover(text);
    REQUIRE(truth.size() == static_cast<std::size_t>(shape.cells()));
    LogicOptions record;
    record.record_steps = true;
    const LogicResult r = solve_logically(givens, record);
    CHECK(r.solved);
    int found = 0;
    for (const LogicStep& step : r.steps) {
      if (step.technique != Technique::empty_rectangle) continue;
      ++found;
      REQUIRE(step.units.size() == 2);
      const int n = shape.size();
      CHECK(step.units[0] >= 2 * n);  // the box
      CHECK(step.units[0] < 3 * n);
      CHECK(step.units[1] < 2 * n);  // the line of the conjugate pair
      REQUIRE(step.eliminations.size() == 1);
      CHECK(symbol_char(step.eliminations[0].digit) != truth[step.eliminations[0].cell]);
      CHECK(explain_step(step, shape).rfind("empty rectangle on ", 0) == 0);
    }
    CHECK(found > 0);
  }
}
