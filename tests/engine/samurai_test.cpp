// Samurai (engine/samurai.h, samurai_grade.h, samurai_generator.h): the figure, the text form,
// the solve contract, and generated puzzles proved unique by an oracle written apart
// (samurai_reference.h).
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/logic.h"
#include "engine/samurai.h"
#include "engine/samurai_generator.h"
#include "engine/samurai_grade.h"
#include "samurai_reference.h"
#include "support/sampling.h"

using namespace puzzlepress::engine;
using puzzlepress::testing::reference_samurai_agrees;
using puzzlepress::testing::reference_samurai_count;
using puzzlepress::testing::reference_samurai_legal;

namespace {

// The text of the figure with every cell empty.
std::string empty_text() { return samurai_text(SamuraiGrid{}); }

SamuraiGrid parsed(const std::string& text) {
  const SamuraiParse p = parse_samurai(text);
  REQUIRE_MESSAGE(p.grid.has_value(), p.error);
  return *p.grid;
}

// Text with position (row, column) (0-based) replaced by `ch`.
std::string with_at(std::string text, int row, int column, char ch) {
  text.replace(8 + static_cast<std::size_t>(row * 22 + column), 1, 1, ch);
  return text;
}

SamuraiPuzzle made(std::uint32_t seed, Grade grade) {
  SamuraiOptions options;
  options.seed = seed;
  options.grade = grade;
  return generate_samurai(options);
}

}  // namespace

TEST_CASE("samurai figure: 369 cells, 131 houses, five grids sharing four boxes") {
  int cells = 0;
  for (int r = 0; r < kSamuraiSide; ++r)
    for (int c = 0; c < kSamuraiSide; ++c) cells += samurai_cell(r, c) >= 0;
  CHECK(cells == kSamuraiCells);
  CHECK(samurai_cell(0, 9) == -1);
  CHECK(samurai_cell(9, 0) == -1);
  CHECK(samurai_cell(10, 10) >= 0);
  int shared = 0;
  for (int c = 0; c < kSamuraiCells; ++c) {
    const auto grids = samurai_grids_of(c);
    CHECK((grids.size() == 1 || grids.size() == 2));
    shared += grids.size() == 2;
    const auto [r, col] = samurai_position(c);
    CHECK(samurai_cell(r, col) == c);
  }
  CHECK(shared == 36);
  // Grid 1's box 9 is the centre grid's box 1.
  CHECK(samurai_cell_of(0, 8, 8) == samurai_cell_of(2, 2, 2));
  CHECK(samurai_cell_of(4, 0, 0) == samurai_cell_of(2, 6, 6));
  std::set<std::set<int>> houses;
  for (int h = 0; h < kSamuraiHouses; ++h) {
    const auto span = samurai_house(h);
    const std::set<int> cells_of(span.begin(), span.end());
    CHECK(cells_of.size() == 9);
    houses.insert(cells_of);
  }
  CHECK(houses.size() == kSamuraiHouses);
  CHECK(samurai_house_name(0) == "row 1 of grid 1");
  CHECK(samurai_house_name(27 + 9) == "column 1 of grid 2");
}

TEST_CASE("samurai text: round trip, optional prefix, separators and whitespace") {
  const SamuraiPuzzle p = made(7, Grade::easy);
  REQUIRE(p.valid);
  const std::string text = samurai_text(p.givens);
  CHECK(text.size() == 8 + 21 * 21 + 20);
  CHECK(parsed(text) == p.givens);
  CHECK(samurai_text(parsed(text)) == text);
  CHECK(parsed(text.substr(8)) == p.givens);
  std::string lines = "SAMURAI:";
  for (char ch : text.substr(8)) lines += ch == '/' ? '\n' : ch;
  CHECK(parsed("  " + lines + "\n") == p.givens);
  std::string zeros = text;
  for (char& ch : zeros)
    if (ch == '.') ch = '0';
  CHECK(parsed(zeros) == p.givens);
}

TEST_CASE("samurai text: a malformed one names its position") {
  const std::string empty = empty_text();
  CHECK(parse_samurai(empty.substr(0, empty.size() - 1)).error == "expected 441 positions (21 rows of 21), got 440");
  CHECK(parse_samurai(with_at(empty, 3, 9, '5')).error == "row 4, column 10 is inside no grid: expected '-', got '5'");
  CHECK(parse_samurai(with_at(empty, 3, 13, '-')).error ==
        "row 4, column 14 is in grid 2: expected 1-9, '.' or '0', got '-'");
  CHECK(parse_samurai(with_at(empty, 0, 2, 'x')).error ==
        "row 1, column 3: bad character 'x' (expected 1-9, '.', '0' or '-')");
  CHECK(solve_samurai(with_at(empty, 0, 2, 'x')).status == SolveStatus::malformed);
}

TEST_CASE("samurai solve: every status of the contract") {
  const std::string empty = empty_text();
  SUBCASE("malformed: a value outside 0..9") {
    SamuraiGrid g;
    g.cells[7] = 17;
    const SamuraiSolveResult r = solve(g);
    CHECK(r.status == SolveStatus::malformed);
    CHECK(r.detail == "cell 7 holds 17 (expected 0-9)");
  }
  SUBCASE("inconsistent: the conflict names the house and its grid") {
    // Row 3 of grid 2 is figure row 3 from column 13.
    const std::string text = with_at(with_at(empty, 2, 12, '4'), 2, 20, '4');
    const SamuraiSolveResult r = solve_samurai(text);
    CHECK(r.status == SolveStatus::inconsistent);
    CHECK(r.conflict->message() == "digit 4 appears twice in row 3 of grid 2");
    // Two 6s in the centre grid's row 1, one in grid 1's box 9, the other in grid 2's box 7.
    const SamuraiSolveResult centre = solve_samurai(with_at(with_at(empty, 6, 7, '6'), 6, 13, '6'));
    CHECK(centre.conflict->message() == "digit 6 appears twice in row 1 of grid 3");
    CHECK(reference_samurai_count(with_at(with_at(empty, 6, 7, '6'), 6, 13, '6'), 1) == 0);
  }
  SUBCASE("no_solution: r1c1 of grid 1 has no digit left, with no clash among the givens") {
    std::string text = empty;
    for (int c = 1; c <= 8; ++c) text = with_at(text, 0, c, static_cast<char>('0' + c));
    text = with_at(text, 3, 0, '9');
    CHECK(reference_samurai_count(text, 1) == 0);
    const SamuraiSolveResult r = solve_samurai(text);
    CHECK(r.status == SolveStatus::no_solution);
    CHECK(r.solutions.empty());
  }
  SUBCASE("unique and multiple, with distinct legal witnesses") {
    const SamuraiPuzzle p = made(11, Grade::medium);
    REQUIRE(p.valid);
    const SamuraiSolveResult unique = solve(p.givens);
    CHECK(unique.status == SolveStatus::unique);
    REQUIRE(unique.solutions.size() == 1);
    CHECK(unique.solutions[0] == p.solution);
    SamuraiGrid fewer = p.givens;
    for (int c = 0; c < 81; ++c) fewer.cells[c] = 0;  // the first 81 cells (figure rows 1-5) emptied
    const SamuraiSolveResult multiple = solve(fewer);
    CHECK(multiple.status == SolveStatus::multiple);
    REQUIRE(multiple.solutions.size() == 2);
    CHECK(multiple.solutions[0] != multiple.solutions[1]);
    for (const SamuraiGrid& s : multiple.solutions) {
      CHECK(reference_samurai_legal(samurai_text(s)));
      CHECK(reference_samurai_agrees(samurai_text(fewer), samurai_text(s)));
    }
    CHECK(reference_samurai_count(samurai_text(fewer), 2) == 2);
  }
  SUBCASE("unresolved: a budget too small, and none") {
    const SamuraiSolveResult one = solve_samurai(empty, {1, 2});
    CHECK(one.status == SolveStatus::unresolved);
    const SamuraiSolveResult none = solve_samurai(empty, {0, 2});
    CHECK(none.status == SolveStatus::unresolved);
    CHECK(none.nodes == 0);
    SolveOptions cap_one;
    cap_one.solution_cap = 1;
    CHECK(solve(made(11, Grade::easy).givens, cap_one).status == SolveStatus::unresolved);
  }
}

TEST_CASE("samurai generation: unique by the oracle, givens from a legal solution, the grade met") {
  // Seeds 1 + k * 0x9E3779B9, the grades in turn.
  const int count = puzzlepress::testing::cases(200, 5);
  for (int k = 0; k < count; ++k) {
    const auto seed = static_cast<std::uint32_t>(1 + static_cast<std::uint32_t>(k) * 0x9E3779B9u);
    const Grade grade = kAllGrades[static_cast<std::size_t>(k) % kAllGrades.size()];
    const SamuraiPuzzle p = made(seed, grade);
    const std::string puzzle = samurai_text(p.givens), solution = samurai_text(p.solution);
    CAPTURE(k);
    CAPTURE(puzzle);
    REQUIRE(p.valid);
    CHECK(reference_samurai_count(puzzle, 2) == 1);
    CHECK(reference_samurai_legal(solution));
    CHECK(reference_samurai_agrees(puzzle, solution));
    // The five grids hold the solution's digits, and the shared boxes agree.
    for (int g = 0; g < kSamuraiGrids; ++g)
      for (int i = 0; i < 81; ++i)
        CHECK(samurai_subgrid(p.solution, g).cells[i] == p.solution.cells[samurai_cell_of(g, i / 9, i % 9)]);
    const ClueBand band = samurai_clue_band(grade);
    CHECK(p.clues == p.givens.clue_count());
    CHECK(p.clues >= band.min);
    CHECK(p.clues <= band.max);
    const SamuraiLogicResult graded = solve_logically(p.givens);
    CHECK(graded.solved);
    CHECK(graded.tier == grade);
    CHECK(graded.final_grid == p.solution);
    // Symmetric under the figure's half turn.
    for (int c = 0; c < kSamuraiCells; ++c) {
      const auto [r, col] = samurai_position(c);
      CHECK((p.givens.cells[c] == 0) == (p.givens.cells[samurai_cell(20 - r, 20 - col)] == 0));
    }
  }
}

TEST_CASE("samurai generation: same options, same puzzle; batches independent of jobs") {
  CHECK(samurai_text(made(5, Grade::hard).givens) == samurai_text(made(5, Grade::hard).givens));
  CHECK(samurai_text(made(5, Grade::hard).givens) != samurai_text(made(6, Grade::hard).givens));
  std::vector<SamuraiOptions> items;
  for (std::uint32_t s = 1; s <= 4; ++s) items.push_back({s, kAllGrades[s % 5], 12, 8});
  const auto one = generate_samurai_batch(items, 1);
  const auto two = generate_samurai_batch(items, 2);
  REQUIRE(one.size() == items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    CHECK(one[i].givens == two[i].givens);
    CHECK(one[i].givens == made(items[i].seed, items[i].grade).givens);
  }
}

TEST_CASE("samurai grader: sound steps, no uniqueness technique, the same grade every time") {
  const int count = puzzlepress::testing::cases(20, 2);
  for (int k = 0; k < count; ++k) {
    const SamuraiPuzzle p = made(static_cast<std::uint32_t>(900 + k), kAllGrades[static_cast<std::size_t>(k) % 5]);
    REQUIRE(p.valid);
    LogicOptions options;
    options.record_steps = true;
    const SamuraiLogicResult r = solve_logically(p.givens, options);
    CHECK(r.solved);
    for (const SamuraiStep& s : r.steps) {
      CHECK_FALSE(assumes_uniqueness(s.step.technique));
      for (const CellDigit& e : s.step.eliminations)
        CHECK(p.solution.cells[samurai_cell_of(s.grid, e.cell / 9, e.cell % 9)] != e.digit);
      for (const CellDigit& e : s.step.placements)
        CHECK(p.solution.cells[samurai_cell_of(s.grid, e.cell / 9, e.cell % 9)] == e.digit);
    }
    CHECK(samurai_grade(p.givens) == r.tier);
    CHECK(samurai_solvable_within(p.givens, r.tier));
    if (r.tier != Grade::easy)
      CHECK_FALSE(samurai_solvable_within(p.givens, static_cast<Grade>(static_cast<int>(r.tier) - 1)));
  }
}

TEST_CASE("the grader from a mid-solve position on a geometry keeps the givens' candidates") {
  // An empty 9x9 with r1c1's candidates narrowed to {5}: the grader places it.
  Grid empty(kShape9x9);
  std::vector<std::uint16_t> masks(81, 0x1FF);
  masks[0] = 1u << 4;
  LogicOptions options;
  options.max_tier = Grade::easy;
  const LogicResult r = solve_logically(empty, masks, samurai_subgrid_geometry(), options);
  CHECK(r.final_grid.cells[0] == 5);
  REQUIRE(r.final_candidates.size() == 81);
  CHECK((r.final_candidates[1] & (1u << 4)) == 0);
  CHECK(solve_logically(empty, std::vector<std::uint16_t>(80, 0x1FF), samurai_subgrid_geometry()).invalid);
}
