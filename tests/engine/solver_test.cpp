// The solver's contract on every shape, and three solvers held against each other on
// tests/data/solver_cases_shapes.txt: the fast search, the reference solver of every shape
// (engine, slow and obvious) and the test-side exact-cover counter (written apart).
#include "engine/solver.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/rng.h"
#include "engine/reference_solver.h"
#include "engine/search.h"
#include "support/rule_checker9.h"
#include "support/rule_checker.h"
#include "support/test_data.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

struct Case {
  std::string puzzle;
  int count;
  std::string solution;
};

std::vector<Case> shape_cases() {
  std::vector<Case> cases;
  for (const auto& line : t::read_lines(t::test_data_dir() / "solver_cases_shapes.txt")) {
    if (line[0] == '#') continue;
    const auto a = line.find(':');
    const auto b = line.find(':', a + 1);
    REQUIRE(b != std::string::npos);
    cases.push_back({line.substr(0, a), std::stoi(line.substr(a + 1, b - a - 1)), line.substr(b + 1)});
  }
  return cases;
}

Grid parse(std::string_view text) {
  const auto parsed = parse_grid(text);
  REQUIRE(parsed.ok());
  return *parsed.grid;
}

// solve agrees with `expected` (capped at 3) and returns legal, distinct witnesses.
void check_solve(const Grid& g, int expected) {
  const auto r = solve(g);
  const auto want = expected == 0   ? SolveStatus::no_solution
                    : expected == 1 ? SolveStatus::unique
                                    : SolveStatus::multiple;
  CHECK(r.status == want);
  CHECK(static_cast<int>(r.solutions.size()) == (expected < 2 ? expected : 2));
  for (const auto& s : r.solutions) {
    CHECK(t::is_complete_legal_any_size(to_string(s)));
    CHECK(t::agrees_with_any_size(to_string(g), to_string(s)));
  }
  if (r.solutions.size() == 2) CHECK(r.solutions[0] != r.solutions[1]);
}

}  // namespace

TEST_SUITE("solver of any shape") {
  TEST_CASE("data: fast, reference and exact-cover counts agree on every line") {
    const auto cases = shape_cases();
    REQUIRE(cases.size() >= 40);
    for (const auto& c : cases) {
      INFO(c.puzzle);
      const Grid g = parse(c.puzzle);
      CHECK(t::count_solutions_exact_cover(c.puzzle, 2) == c.count);
      CHECK(count_solutions(g, 2) == c.count);
      CHECK(reference_count_solutions(g, 2) == c.count);
      check_solve(g, c.count);
      if (c.count == 1) {
        CHECK(to_string(solve(g).solutions[0]) == c.solution);
        CHECK(t::first_solution_exact_cover(c.puzzle) == c.solution);
      }
    }
  }

  TEST_CASE("random boards of every shape: fast and reference agree up to 3") {
    // Clues taken from a complete grid (consistent), then some changed at random (often
    // inconsistent or without solution): every outcome occurs.
    int outcomes[4] = {};
    for (Shape s : kAllShapes) {
      Mulberry32 rng(7 + s.size());
      for (int trial = 0; trial < (s.size() >= 12 ? 6 : 60); ++trial) {
        Grid full(s);
        full = detail::random_fill(s, rng);
        Grid g(s);
        const int keep = s.cells() / 3 + static_cast<int>(rng.below(static_cast<std::uint32_t>(s.cells() / 3)));
        for (int k = 0; k < keep; ++k) {
          const int c = static_cast<int>(rng.below(static_cast<std::uint32_t>(s.cells())));
          g.cells[c] = full.cells[c];
        }
        if (trial % 3 == 0)
          g.cells[rng.below(static_cast<std::uint32_t>(s.cells()))] =
              static_cast<std::uint8_t>(1 + rng.below(static_cast<std::uint32_t>(s.size())));
        INFO(shape_id(s) << " " << to_string(g));
        const int expected = reference_count_solutions(g, 3);
        CHECK(count_solutions(g, 3) == expected);
        CHECK(t::count_solutions_exact_cover(to_string(g), 3) == expected);
        if (find_conflict(g)) {
          CHECK(solve(g).status == SolveStatus::inconsistent);
          ++outcomes[3];
        } else {
          check_solve(g, expected);
          ++outcomes[expected < 2 ? expected : 2];
        }
      }
    }
    CHECK(outcomes[0] > 0);
    CHECK(outcomes[1] > 0);
    CHECK(outcomes[2] > 0);
    CHECK(outcomes[3] > 0);
  }

  TEST_CASE("the random fill gives complete legal grids of every shape") {
    for (Shape s : kAllShapes) {
      Mulberry32 rng(99);
      for (int i = 0; i < 5; ++i) CHECK(t::is_complete_legal_any_size(to_string(detail::random_fill(s, rng))));
    }
  }

  TEST_CASE("statuses: malformed, inconsistent, unique, multiple, no_solution, unresolved") {
    // malformed: parse errors and bad cells
    auto r = solve("1234", std::nullopt);
    CHECK(r.status == SolveStatus::malformed);
    CHECK(r.detail == "expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 grid), got 4");
    Grid bad(kShape4x4);
    bad.cells[6] = 5;
    r = solve(bad);
    CHECK(r.status == SolveStatus::malformed);
    CHECK(r.detail == "cell 7 holds 5 (expected 0-4)");
    Grid odd(Shape{3, 2});
    CHECK(solve(odd).detail == "unsupported shape 6x6");
    CHECK(count_solutions(odd, 2) == 0);

    // inconsistent, with symbols above 9 by their letters
    std::string sixteen(256, '.');
    sixteen[0] = 'C';
    sixteen[16 * 5] = 'C';
    r = solve(sixteen, std::nullopt);
    CHECK(r.status == SolveStatus::inconsistent);
    CHECK(r.conflict->message() == "symbol C appears twice in column 1");
    std::string six(36, '.');
    six[0] = '5';
    six[7] = '5';  // row 2, column 2: same 2x3 box
    r = solve(six, kShape6x6);
    CHECK(r.status == SolveStatus::inconsistent);
    CHECK(r.conflict->message() == "digit 5 appears twice in box 1");

    // unique
    const std::string four = "1.42..3..4..31.4";
    r = solve(four, std::nullopt);
    CHECK(r.status == SolveStatus::unique);
    REQUIRE(r.solutions.size() == 1);
    CHECK(to_string(r.solutions[0]) == "1342423124133124");

    // multiple, two witnesses; a cap of 3 finds three
    r = solve(std::string(16, '.'), std::nullopt);
    CHECK(r.status == SolveStatus::multiple);
    SolveOptions three;
    three.solution_cap = 3;
    CHECK(solve(std::string(36, '.'), std::nullopt, three).solutions.size() == 3);

    // no_solution: the unique board above with r2c1 = 2 (its solution has 4 there; 2 clashes
    // with no given)
    r = solve("1.422.3..4..31.4", kShape4x4);
    CHECK(r.status == SolveStatus::no_solution);
    CHECK(r.solutions.empty());

    // unresolved: a zero budget starts nothing, a cap of one cannot prove uniqueness
    SolveOptions none;
    none.node_budget = 0;
    r = solve(std::string(256, '.'), std::nullopt, none);
    CHECK(r.status == SolveStatus::unresolved);
    CHECK(r.nodes == 0);
    SolveOptions one;
    one.solution_cap = 1;
    r = solve(four, std::nullopt, one);
    CHECK(r.status == SolveStatus::unresolved);
    CHECK(r.solutions.size() == 1);
    SolveOptions tight;
    tight.node_budget = 3;
    r = solve(std::string(144, '.'), std::nullopt, tight);
    CHECK(r.status == SolveStatus::unresolved);
    CHECK(r.nodes <= 3);
  }

  TEST_CASE("9x9 goes to the 9x9 solver: same statuses, nodes and witnesses") {
    for (const char* text : {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                             ".................................................................................",
                             "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}) {
      const auto a = solve(text);
      const auto b = solve(text, std::nullopt);
      CHECK(a.status == b.status);
      CHECK(a.nodes == b.nodes);
      REQUIRE(a.solutions.size() == b.solutions.size());
      for (std::size_t i = 0; i < a.solutions.size(); ++i) CHECK(from_grid(a.solutions[i]) == b.solutions[i]);
      if (a.conflict) CHECK(a.conflict->message() == b.conflict->message());
    }
  }

  TEST_CASE("the general search on 9x9 boards agrees with the 9x9 solver") {
    // (9x9 never reaches it in production; this holds the unit-table search to a known count)
    const auto lines = t::read_lines(t::test_data_dir() / "solver_cases.txt");
    int checked = 0;
    for (const auto& line : lines) {
      if (line[0] == '#') continue;
      const std::string puzzle = line.substr(0, 81);
      const Grid g = parse(puzzle);
      INFO(puzzle);
      CHECK(detail::search_grid(g, 2, ~std::uint64_t{0}, nullptr).found == count_solutions(to_grid(g), 2));
      ++checked;
    }
    CHECK(checked > 30);
  }
}
