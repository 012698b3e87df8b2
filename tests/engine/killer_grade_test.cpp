// The killer grader (killer_grade.h) on generated killers: every step it takes keeps the known
// solution (checked against the generator's solution, which killer_generator_test proves unique
// with an oracle written apart), the same killer gets the same grade, and what it solves is
// solved right.
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "engine/killer.h"
#include "engine/killer_generator.h"
#include "engine/hint.h"
#include "engine/killer_grade.h"
#include "support/sampling.h"

using namespace puzzlepress::engine;

namespace {

KillerPuzzle generated(Shape shape, std::uint32_t seed) {
  KillerOptions options;
  options.shape = shape;
  options.seed = seed;
  return generate_killer(options);
}

// Every placement of `r`'s steps is the solution's digit and no elimination removes it.
void check_sound(const KillerPuzzle& p, const LogicResult& r) {
  for (const LogicStep& s : r.steps) {
    for (const CellDigit& e : s.eliminations) {
      INFO(technique_name(s.technique) << ": " << s.describe(killer_geometry(p.killer.shape)));
      CHECK(p.solution.cells[static_cast<std::size_t>(e.cell)] != e.digit);
    }
    for (const CellDigit& e : s.placements) {
      INFO(technique_name(s.technique) << ": " << s.describe(killer_geometry(p.killer.shape)));
      CHECK(p.solution.cells[static_cast<std::size_t>(e.cell)] == e.digit);
    }
  }
}

void check_generated(Shape shape, int count) {
  int solved = 0;
  for (int i = 0; i < count; ++i) {
    const KillerPuzzle p = generated(shape, static_cast<std::uint32_t>(2000 + i));
    REQUIRE(p.valid);
    CAPTURE(killer_text(p.killer, p.givens));
    LogicOptions options;
    options.record_steps = true;
    const LogicResult r = solve_logically(p.killer, p.givens, options);
    CHECK_FALSE(r.invalid);
    check_sound(p, r);
    if (r.solved) {
      ++solved;
      CHECK(r.final_grid == p.solution);
    }
  }
  MESSAGE(shape.size() << "x" << shape.size() << ": " << solved << " of " << count << " solved");
}

}  // namespace

TEST_CASE("killer grader: every step on generated 9x9 killers keeps the solution") {
  check_generated(kShape9x9, puzzlepress::testing::cases(60, 8));
}

TEST_CASE("killer grader: every step on generated 6x6 killers keeps the solution") {
  check_generated(kShape6x6, puzzlepress::testing::cases(150, 30));
}

TEST_CASE("killer grader: the same killer gets the same grade, steps and words") {
  for (int i = 0; i < puzzlepress::testing::cases(10, 3); ++i) {
    const KillerPuzzle p = generated(i % 2 ? kShape6x6 : kShape9x9, static_cast<std::uint32_t>(3000 + i));
    REQUIRE(p.valid);
    LogicOptions options;
    options.record_steps = true;
    const LogicResult a = solve_logically(p.killer, p.givens, options);
    const LogicResult b = solve_logically(p.killer, p.givens, options);
    CHECK(a.solved == b.solved);
    CHECK(a.tier == b.tier);
    CHECK(a.score == b.score);
    CHECK(a.counts == b.counts);
    REQUIRE(a.steps.size() == b.steps.size());
    const Geometry& g = killer_geometry(p.killer.shape);
    for (std::size_t k = 0; k < a.steps.size(); ++k) CHECK(a.steps[k].describe(g) == b.steps[k].describe(g));
    // The fast check agrees with the full solve at every tier.
    for (Grade tier : kAllGrades) {
      CHECK(solvable_within(p.killer, p.givens, tier) == (a.solved && a.tier <= tier));
      CHECK(killer_tier_within(p.killer, p.givens, tier) ==
            (a.solved && a.tier <= tier ? std::optional<Grade>(a.tier) : std::nullopt));
    }
    CHECK(killer_grade(p.killer, p.givens) == (a.solved ? std::optional<Grade>(a.tier) : std::nullopt));
  }
}

TEST_CASE("killer grader: what it cannot grade is invalid") {
  const KillerPuzzle p = generated(kShape6x6, 5);
  REQUIRE(p.valid);
  Grid clash = p.givens;  // two cells of one cage given the same digit
  clash.cells[static_cast<std::size_t>(p.killer.cages[0].cells[0])] = 1;
  clash.cells[static_cast<std::size_t>(p.killer.cages[0].cells[1])] = 1;
  CHECK(solve_logically(p.killer, clash).invalid);
  CHECK_FALSE(solvable_within(p.killer, clash, Grade::evil));
  Killer wrong = p.killer;  // a sum its cells cannot make
  wrong.cages[0].sum = 1;
  CHECK(solve_logically(wrong, p.givens).invalid);
  CHECK(solve_logically(p.killer, Grid(kShape9x9)).invalid);  // givens of another shape
  // Givens that fill the grid with a cage not adding up: every house valid, the cage not.
  Killer off = p.killer;
  off.cages[0].sum += 1;
  off.cages[1].sum -= 1;
  if (killer_problem(off).empty()) {
    const LogicResult r = solve_logically(off, p.solution);
    CHECK(r.invalid);
    CHECK_FALSE(r.solved);
  }
}

TEST_CASE("killer generator aiming at a tier: the grader gives it that tier") {
  const std::array<std::pair<Shape, Grade>, 6> aims = {{{kShape9x9, Grade::easy},
                                                        {kShape9x9, Grade::medium},
                                                        {kShape9x9, Grade::hard},
                                                        {kShape9x9, Grade::evil},
                                                        {kShape6x6, Grade::easy},
                                                        {kShape6x6, Grade::medium}}};
  for (const auto& aim : aims) {
    const Shape shape = aim.first;
    const Grade grade = aim.second;
    for (int i = 0; i < puzzlepress::testing::cases(3, 1); ++i) {
      KillerOptions options;
      options.shape = shape;
      options.seed = static_cast<std::uint32_t>(4000 + i);
      options.grade = grade;
      const KillerPuzzle p = generate_killer(options);
      CAPTURE(grade_id(grade));
      REQUIRE(p.valid);
      const LogicResult again = solve_logically(p.killer, p.givens);
      CHECK(killer_tier(again) == grade);                  // Evil: also what no technique finishes
      CHECK(generate_killer(options).killer == p.killer);  // the same options, the same killer
      // The grader's result kept with the puzzle is the grader's on it.
      CHECK(p.logic.solved == again.solved);
      CHECK(p.logic.rating == again.rating);
      CHECK(p.logic.counts == again.counts);
    }
  }
}

// The spread of tiers over generated killers, for docs/puzzles.md ("Killer"): a measurement, not
// run by default. Run it with
//   engine_tests -tc="killer grader: the spread*" --no-skip
TEST_CASE("killer grader: the spread of tiers over generated killers" * doctest::skip()) {
  for (const Shape shape : {kShape9x9, kShape6x6}) {
    const int count = 300;
    std::vector<KillerOptions> items(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      items[static_cast<std::size_t>(i)].shape = shape;
      items[static_cast<std::size_t>(i)].seed =
          static_cast<std::uint32_t>(1u + static_cast<std::uint32_t>(i) * 0x9E3779B9u);
    }
    const std::vector<KillerPuzzle> puzzles = generate_killer_batch(items, 0);
    const auto start = std::chrono::steady_clock::now();
    std::array<int, 5> tiers{};
    std::array<int, kTechniqueCount> uses{};  // puzzles using each technique
    int unsolved = 0;
    double steps = 0;
    for (const KillerPuzzle& p : puzzles) {
      REQUIRE(p.valid);
      const LogicResult r = solve_logically(p.killer, p.givens);
      REQUIRE_FALSE(r.invalid);
      if (!r.solved) ++unsolved;
      else ++tiers[static_cast<std::size_t>(r.tier)];
      for (int t = 0; t < kTechniqueCount; ++t)
        uses[static_cast<std::size_t>(t)] += r.counts[static_cast<std::size_t>(t)] > 0;
      for (int n : r.counts) steps += n;
    }
    std::string line =
        std::to_string(shape.size()) + "x" + std::to_string(shape.size()) + ", " + std::to_string(count) + " killers:";
    for (Grade g : kAllGrades)
      line += " " + std::string(grade_id(g)) + " " + std::to_string(tiers[static_cast<std::size_t>(g)]);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    line += ", unsolved " + std::to_string(unsolved) + "; steps a puzzle " + std::to_string(steps / count) +
            "; grading " + std::to_string(ms / count) + " ms a puzzle (wall, one thread)";
    MESSAGE(line);
    std::string used = "puzzles using:";
    for (Technique t : kTechniqueOrder)
      if (uses[static_cast<std::size_t>(t)])
        used += " " + std::string(technique_name(t)) + " " + std::to_string(uses[static_cast<std::size_t>(t)]) + ";";
    MESSAGE(used);
  }
}

TEST_CASE("killer hint: the grader's first step beyond singles and combinations, sound, with its sum") {
  int beyond_combinations = 0;
  for (int i = 0; i < puzzlepress::testing::cases(12, 3); ++i) {
    const Shape shape = i % 3 == 0 ? kShape6x6 : kShape9x9;
    const KillerPuzzle p = generated(shape, static_cast<std::uint32_t>(5000 + i));
    REQUIRE(p.valid);
    CAPTURE(killer_text(p.killer, p.givens));
    const Hint hint = first_hint(p.killer, p.givens);
    REQUIRE_FALSE(hint.singles_only);
    REQUIRE_FALSE(hint.needs_trial);
    // The first step of the recorded solve that is neither a single nor a cage combination, at
    // the position the singles before it reach; else the first cage combination (a pure killer
    // has nothing before it).
    LogicOptions options;
    options.record_steps = true;
    const LogicResult r = solve_logically(p.killer, p.givens, options);
    REQUIRE_FALSE(r.steps.empty());
    std::vector<int> values(static_cast<std::size_t>(shape.cells()), 0), values_at_combination;
    const LogicStep* step = nullptr;
    const LogicStep* combination = nullptr;
    for (const LogicStep& s : r.steps) {
      if (s.technique == Technique::naked_single || s.technique == Technique::hidden_single_box ||
          s.technique == Technique::hidden_single_line || s.technique == Technique::full_house) {
        for (const CellDigit& d : s.placements) values[static_cast<std::size_t>(d.cell)] = d.digit;
      } else if (s.technique == Technique::cage_combination) {
        if (!combination) values_at_combination = values;
        if (!combination) combination = &s;
      } else {
        step = &s;
        break;
      }
    }
    if (!step) {
      REQUIRE(combination);
      step = combination;
      values = values_at_combination;
    }
    CHECK(hint.technique == step->technique);
    CHECK(hint.cells == step->cells);
    CHECK(hint.sum == step->sum);
    CHECK(hint.combinations == step->combinations);
    CHECK(hint.text == step->describe(killer_geometry(shape)));
    CHECK(hint.values == values);
    beyond_combinations += hint.technique != Technique::cage_combination;
    // Sound, by the known solution: the cells' digits add up to the step's sum (a cage's
    // combination or the rule of 45's), and no removal takes a solution's digit.
    if (hint.technique == Technique::cage_combination) {
      int sum = 0;
      for (const int c : hint.cells) sum += p.solution.cells[static_cast<std::size_t>(c)];
      CHECK(sum == hint.sum);
    }
    for (const CellDigit& e : hint.eliminations) CHECK(p.solution.cells[static_cast<std::size_t>(e.cell)] != e.digit);
    for (const CellDigit& e : hint.placements) CHECK(p.solution.cells[static_cast<std::size_t>(e.cell)] == e.digit);
  }
  CHECK(beyond_combinations > 0);  // most hints name a step past the combinations
  // first_hints over killers: the same hints on any number of threads.
  std::vector<Killer> killers;
  std::vector<Grid> givens;
  for (int i = 0; i < 4; ++i) {
    const KillerPuzzle p = generated(kShape9x9, static_cast<std::uint32_t>(5100 + i));
    killers.push_back(p.killer);
    givens.push_back(p.givens);
  }
  const std::vector<Hint> one = first_hints(killers, givens, 1);
  const std::vector<Hint> three = first_hints(killers, givens, 3);
  REQUIRE(one.size() == 4);
  for (std::size_t k = 0; k < 4; ++k) {
    CHECK(one[k].text == three[k].text);
    CHECK(one[k].text == first_hint(killers[k], givens[k]).text);
  }
}
