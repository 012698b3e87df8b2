// Generated killers against the oracle of killer_reference.h (no engine code): each one unique
// with no givens, its solution legal under houses and cages; the same seed, the same puzzle;
// and the fast solver's status against the oracle's count on layouts changed to have no, one
// or several solutions.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/killer.h"
#include "engine/killer_generator.h"
#include "killer_reference.h"
#include "killer_test_support.h"
#include "support/sampling.h"

using namespace puzzlepress::engine;
namespace ref = puzzlepress::killer_reference;

namespace {

using puzzlepress::killer_testing::cells_of;
using puzzlepress::killer_testing::data_of;

// The oracle's count (cap 2) as the status the engine should give.
SolveStatus oracle_status(const Killer& killer, const Grid& givens) {
  const int count = ref::count_solutions(data_of(killer, givens), 2);
  return count <= 0 ? SolveStatus::no_solution : count == 1 ? SolveStatus::unique : SolveStatus::multiple;
}

void check_generated(Shape shape, int count, std::optional<Grade> grade = std::nullopt) {
  for (int i = 0; i < count; ++i) {
    KillerOptions options;
    options.shape = shape;
    options.seed = static_cast<std::uint32_t>(1000 + i);
    options.grade = grade;
    const KillerPuzzle puzzle = generate_killer(options);
    CAPTURE(killer_text(puzzle.killer, puzzle.givens));
    REQUIRE(puzzle.valid);
    CHECK(killer_problem(puzzle.killer) == "");
    CHECK(puzzle.givens.clue_count() == 0);
    const ref::KillerData data = data_of(puzzle.killer, puzzle.givens);
    std::vector<std::vector<int>> solutions;
    CHECK(ref::count_solutions(data, 2, &solutions) == 1);
    REQUIRE(!solutions.empty());
    CHECK(solutions[0] == cells_of(puzzle.solution));
    CHECK(ref::check_grid(data, cells_of(puzzle.solution)) == "");
  }
}

}  // namespace

TEST_CASE("generated 9x9 killers: unique under their cages alone, as the oracle proves") {
  // 0.2 s each under the oracle: more in the long run (docs/puzzles.md).
  check_generated(kShape9x9, puzzlepress::testing::cases(30, 8));
}

TEST_CASE("9x9 killers aimed at each tier: unique under their cages alone, as the oracle proves") {
  // Aiming merges cages (which may leave a second solution) and splits them: the search's
  // verdicts are held to the oracle here; the tier each gets is killer_grade_test's.
  for (Grade grade : {Grade::easy, Grade::medium, Grade::hard, Grade::evil}) {
    CAPTURE(grade_id(grade));
    check_generated(kShape9x9, puzzlepress::testing::cases(2, 1), grade);
  }
}

TEST_CASE("generated 6x6 killers: unique under their cages alone, as the oracle proves") {
  check_generated(kShape6x6, puzzlepress::testing::cases(100, 40));
}

TEST_CASE("killer generation: the same options, the same puzzle; cages of 2 to 6 cells") {
  std::map<std::size_t, int> sizes;
  for (std::uint32_t seed = 0; seed < 20; ++seed) {
    KillerOptions options;
    options.seed = seed;
    const KillerPuzzle a = generate_killer(options), b = generate_killer(options);
    CHECK(a.killer == b.killer);
    CHECK(a.solution == b.solution);
    for (const Cage& cage : a.killer.cages) ++sizes[cage.cells.size()];
  }
  // Mostly 2 to 5 cells: only a lone cell joining a neighbour makes 6 or more.
  int typical = 0, all = 0;
  for (const auto& [size, n] : sizes) {
    all += n;
    if (size >= 2 && size <= 5) typical += n;
  }
  CHECK(typical * 10 >= all * 9);
  // A lone cell is drawn again with its neighbours until none is left (adjustments allowing).
  CHECK(sizes[1] * 100 <= all);
  KillerOptions four;
  four.shape = kShape4x4;
  CHECK_FALSE(generate_killer(four).valid);
}

TEST_CASE("killer solver against the oracle on layouts with no, one or several solutions") {
  std::map<SolveStatus, int> seen;
  // Mostly 6x6: the oracle's search for no solution on 9x9 takes seconds (a 9x9 every tenth).
  for (int i = 0; i < puzzlepress::testing::cases(60, 20); ++i) {
    KillerOptions options;
    options.shape = i % 10 ? kShape6x6 : kShape9x9;
    options.seed = static_cast<std::uint32_t>(5000 + i);
    const KillerPuzzle puzzle = generate_killer(options);
    REQUIRE(puzzle.valid);
    const Killer& base = puzzle.killer;
    const int n = base.shape.size();
    std::vector<Killer> changed;
    // Two cages side by side merged (when the merge keeps n cells or fewer): often several
    // solutions. One sum moved by one from another (the total kept): often none.
    for (std::size_t k = 0; k + 1 < base.cages.size() && changed.size() < 2; ++k) {
      const Cage& a = base.cages[k];
      for (std::size_t j = k + 1; j < base.cages.size(); ++j) {
        const Cage& b = base.cages[j];
        bool touch = false;
        for (int x : a.cells)
          for (int y : b.cells) touch |= (x / n == y / n && (x - y == 1 || y - x == 1)) || x - y == n || y - x == n;
        if (!touch || a.cells.size() + b.cells.size() > static_cast<std::size_t>(n)) continue;
        Killer merged = base;
        merged.cages[k].cells.insert(merged.cages[k].cells.end(), b.cells.begin(), b.cells.end());
        merged.cages[k].sum += b.sum;
        merged.cages.erase(merged.cages.begin() + static_cast<std::ptrdiff_t>(j));
        merged = killer_normalized(merged);
        if (killer_problem(merged).empty()) changed.push_back(merged);
        break;
      }
    }
    Killer moved = base;
    moved.cages[0].sum += 1;
    moved.cages[1].sum -= 1;
    if (killer_problem(moved).empty()) changed.push_back(moved);
    for (const Killer& k : changed) {
      CAPTURE(killer_text(k, puzzle.givens));
      const SolveResult result = solve(k, puzzle.givens);
      CHECK(result.status == oracle_status(k, puzzle.givens));
      ++seen[result.status];
      for (const Grid& g : result.solutions) CHECK(ref::check_grid(data_of(k, puzzle.givens), cells_of(g)) == "");
      if (result.status == SolveStatus::multiple) CHECK(result.solutions[0] != result.solutions[1]);
    }
  }
  // The changes reach every status the search can end with.
  CHECK(seen[SolveStatus::unique] > 0);
  CHECK(seen[SolveStatus::multiple] > 0);
  CHECK(seen[SolveStatus::no_solution] > 0);
}
