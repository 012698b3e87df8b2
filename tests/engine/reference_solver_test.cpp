// The reference solver on its own, and the fast solver cross-checked against it:
// on tests/data/solver_cases.txt (always present) and on a few hundred shared boards (skipped
// without ../shared/data), including boards mutated to have several or no solutions.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/reference_solver9.h"
#include "engine/solver9.h"
#include "support/rule_checker9.h"
#include "support/test_data.h"

namespace pe = puzzlepress::engine;
namespace pt = puzzlepress::testing;

namespace {

pe::Grid9 parse(std::string_view text) {
  const auto parsed = pe::parse_grid9(text.substr(0, 81));
  REQUIRE(parsed.ok());
  return *parsed.grid;
}

struct Case {
  std::string puzzle;
  int count;
  std::string solution;
};

std::vector<Case> solver_cases() {
  std::vector<Case> cases;
  for (const auto& line : pt::read_lines(pt::test_data_dir() / "solver_cases.txt")) {
    if (line[0] == '#') continue;
    const auto a = line.find(':');
    const auto b = line.find(':', a + 1);
    REQUIRE(a != std::string::npos);
    REQUIRE(b != std::string::npos);
    cases.push_back({line.substr(0, a), std::stoi(line.substr(a + 1, b - a - 1)), line.substr(b + 1)});
  }
  return cases;
}

// Both solvers agree on min(count, 3), and solve() agrees with both.
void cross_check(const pe::Grid9& g, const std::string& where) {
  INFO(where << " " << pe::to_string(g));
  const int expected = pe::reference_count_solutions(g, 3);
  CHECK(pe::count_solutions(g, 3) == expected);
  const auto r = pe::solve(g);
  const auto want = expected == 0   ? pe::SolveStatus::no_solution
                    : expected == 1 ? pe::SolveStatus::unique
                                    : pe::SolveStatus::multiple;
  CHECK(r.status == want);
  CHECK(static_cast<int>(r.solutions.size()) == (expected < 2 ? expected : 2));
  for (const auto& s : r.solutions) {
    CHECK(pt::is_complete_legal(pe::to_string(s)));
    CHECK(pt::agrees_with(pe::to_string(g), pe::to_string(s)));
  }
}

}  // namespace

TEST_SUITE("solver") {
  TEST_CASE("reference: counts on small hand-made boards, checked by the naive rule checker") {
    pe::Grid9 empty;
    CHECK(pe::reference_count_solutions(empty, 4) == 4);
    CHECK(pe::reference_count_solutions(empty, 0) == 0);
    pe::Grid9 clash;
    clash.cells[0] = clash.cells[10] = 7;  // box 1 twice
    CHECK(pe::reference_count_solutions(clash, 2) == 0);
    pe::Grid9 bad;
    bad.cells[3] = 12;
    CHECK(pe::reference_count_solutions(bad, 2) == 0);
  }

  TEST_CASE("solver_cases.txt: both solvers give the recorded count and solution") {
    const auto cases = solver_cases();
    REQUIRE(cases.size() >= 30);
    int counts_seen[3] = {0, 0, 0};
    for (const auto& c : cases) {
      INFO(c.puzzle);
      const auto g = parse(c.puzzle);
      ++counts_seen[c.count];
      CHECK(pe::reference_count_solutions(g, 2) == c.count);
      CHECK(pe::count_solutions(g, 2) == c.count);
      const auto r = pe::solve(g);
      CHECK(static_cast<int>(r.solutions.size()) == c.count);
      if (c.count == 1) {
        CHECK(r.status == pe::SolveStatus::unique);
        REQUIRE(r.solutions.size() == 1);
        CHECK(pe::to_string(r.solutions[0]) == c.solution);
        CHECK(pt::is_complete_legal(c.solution));
        CHECK(pt::agrees_with(c.puzzle, c.solution));
      } else if (c.count == 2) {
        CHECK(r.status == pe::SolveStatus::multiple);
      } else {
        CHECK(r.status == pe::SolveStatus::no_solution);
      }
    }
    // The file exercises all three outcomes.
    CHECK(counts_seen[0] > 0);
    CHECK(counts_seen[1] > 0);
    CHECK(counts_seen[2] > 0);
  }

  TEST_CASE("fast vs reference on a few hundred shared boards and their mutations" *
            doctest::test_suite("shared-data")) {
    const auto dir = pt::shared_data_dir();
    if (!dir) {
      MESSAGE("skipped: no ../shared/data (set PUZZLEPRESS_SHARED_DATA to run)");
      return;
    }
    struct Pick {
      const char* file;
      std::size_t step;
    };
    // Steps keep the reference (tens of ms on a hard 17-clue board) affordable under ASan.
    const Pick picks[] = {{"serg_benchmark_multisolution.txt", 50},
                          {"qqwing_gen10k_expert.txt", 35},
                          {"magictour_top1465.txt", 50},
                          {"sudoku17_royle_49158.txt", 5000}};
    int checked = 0;
    for (const auto& pick : picks) {
      const auto lines = pt::read_lines(*dir / pick.file);
      REQUIRE_FALSE(lines.empty());
      for (std::size_t i = 0; i < lines.size(); i += pick.step) {
        const auto where = std::string(pick.file) + ":" + std::to_string(i + 1);
        auto g = parse(lines[i]);
        cross_check(g, where);
        ++checked;
        // Mutations: drop the first clue (often several solutions); then, on an easy board,
        // fill the first empty cell with the lowest digit its unit-mates allow (often none).
        int first_clue = 0;
        while (!g.cells[first_clue]) ++first_clue;
        auto dropped = g;
        dropped.cells[first_clue] = 0;
        if (g.clue_count() > 24) {
          cross_check(dropped, where + " minus first clue");
          ++checked;
          int empty = 0;
          while (g.cells[empty]) ++empty;
          for (int d = 1; d <= 9; ++d) {
            auto added = g;
            added.cells[empty] = static_cast<std::uint8_t>(d);
            if (!pe::find_conflict(added)) {
              cross_check(added, where + " plus digit " + std::to_string(d));
              ++checked;
              break;
            }
          }
        }
      }
    }
    CHECK(checked > 300);
  }
}
