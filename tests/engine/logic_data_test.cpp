// Logic solver on the shared data sets: soundness (never removes a digit of the true
// solution), tier agreement with solvable_within, and the QQWing easy sets grading Easy.
// Samples by default; PUZZLEPRESS_FULL_DATA=1 runs every puzzle. Skips without ../shared/data.
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/logic_solver.h"
#include "support/rule_checker9.h"
#include "support/test_data.h"

using namespace puzzlepress::engine;
namespace testing = puzzlepress::testing;

namespace {

bool full_data() {
  const char* v = std::getenv("PUZZLEPRESS_FULL_DATA");
  return v && std::string(v) == "1";
}

// Puzzles of a data file (first column; '0' or '.' blanks), `sample` of them spread evenly
// over the file unless full data is asked for. Empty when the data is absent.
std::vector<Grid9> load(const char* name, size_t sample) {
  std::vector<Grid9> out;
  const auto dir = testing::shared_data_dir();
  if (!dir) return out;
  const auto lines = testing::read_lines(*dir / name);
  const size_t step = full_data() || lines.size() <= sample ? 1 : lines.size() / sample;
  for (size_t i = 0; i < lines.size(); i += step) {
    std::istringstream ss(lines[i]);
    std::string p;
    ss >> p;
    const auto r = parse_grid9(p);
    if (r.ok()) out.push_back(*r.grid);
  }
  return out;
}

// The test's own solver (the engine's may be slow on hard boards, and an independent one keeps
// the check honest): bitmask backtracking, fewest candidates first. Counts up to 2 solutions.
struct MiniSolver {
  std::array<int, 81> v{};
  unsigned rows[9]{}, cols[9]{}, boxes[9]{};
  int found = 0;
  std::array<int, 81> first{};
  static int box(int c) { return (c / 27) * 3 + (c % 9) / 3; }
  void set(int c, int d, bool on) {
    const unsigned b = 1u << d;
    if (on) rows[c / 9] |= b, cols[c % 9] |= b, boxes[box(c)] |= b;
    else rows[c / 9] &= ~b, cols[c % 9] &= ~b, boxes[box(c)] &= ~b;
    v[c] = on ? d : 0;
  }
  void search() {
    if (found >= 2) return;
    int best = -1, best_n = 10;
    unsigned best_free = 0;
    for (int c = 0; c < 81; ++c) {
      if (v[c]) continue;
      const unsigned free = ~(rows[c / 9] | cols[c % 9] | boxes[box(c)]) & 0x3FE;
      const int n = std::popcount(free);
      if (n < best_n) best = c, best_n = n, best_free = free;
      if (n == 0) return;
    }
    if (best < 0) {
      if (found++ == 0) first = v;
      return;
    }
    for (int d = 1; d <= 9; ++d)
      if (best_free & (1u << d)) {
        set(best, d, true);
        search();
        set(best, d, false);
      }
  }
};

// The unique solution, or nullopt.
std::optional<Grid9> unique_solution(const Grid9& g) {
  MiniSolver m;
  for (int c = 0; c < 81; ++c)
    if (g.cells[c]) m.set(c, g.cells[c], true);
  m.search();
  if (m.found != 1) return std::nullopt;
  Grid9 out;
  for (int c = 0; c < 81; ++c) out.cells[c] = static_cast<std::uint8_t>(m.first[c]);
  return out;
}

// Checks one unique-solution board; returns its result.
LogicResult9 check_sound(const Grid9& g) {
  const auto unique = unique_solution(g);
  REQUIRE(unique.has_value());
  const Grid9& sol = *unique;
  REQUIRE(testing::is_complete_legal(to_string(sol)));
  const auto r = solve_logically(g);
  CHECK_FALSE(r.invalid);
  for (int c = 0; c < kCells; ++c) {
    const int d = sol.cells[c];
    if (r.final_grid.cells[c]) CHECK(r.final_grid.cells[c] == d);
    else CHECK((r.final_candidates[c] >> (d - 1) & 1) == 1);
  }
  if (r.solved) CHECK(testing::is_complete_legal(to_string(r.final_grid)));
  CHECK(r.solved != r.needs_trial);
  // The fast tier check agrees with the full solve at the board's tier and the one below.
  if (r.solved) {
    CHECK(solvable_within(g, r.tier));
    if (r.tier != Grade::easy) CHECK_FALSE(solvable_within(g, static_cast<Grade>(static_cast<int>(r.tier) - 1)));
  } else {
    CHECK_FALSE(solvable_within(g, Grade::evil));
  }
  return r;
}

}  // namespace

TEST_SUITE("logic") {
  TEST_CASE("qqwing simple and easy puzzles all grade Easy" * doctest::test_suite("shared-data")) {
    for (const char* name : {"qqwing_gen10k_simple.txt", "qqwing_gen10k_easy.txt"}) {
      const auto boards = load(name, 1u << 30);  // every puzzle: singles are cheap
      if (boards.empty()) {
        MESSAGE("shared data absent: skipped");
        return;
      }
      int easy = 0;
      for (const auto& g : boards) {
        const bool ok = solvable_within(g, Grade::easy);
        easy += ok;
        if (!ok) FAIL_CHECK("not easy: " << to_string(g));
      }
      CHECK(easy == static_cast<int>(boards.size()));
      // the full solver agrees on a sample
      for (size_t i = 0; i < boards.size(); i += 97) {
        const auto r = solve_logically(boards[i]);
        CHECK(r.solved);
        CHECK(r.tier == Grade::easy);
      }
    }
  }

  TEST_CASE("soundness on the shared data sets" * doctest::test_suite("shared-data")) {
    struct Set {
      const char* name;
      size_t sample;
    };
    bool any = false;
    for (const Set& s : {Set{"qqwing_gen10k_intermediate.txt", 40}, Set{"qqwing_gen10k_expert.txt", 40},
                         Set{"sudoku_exchange_diabolical.txt", 40}, Set{"sudoku_exchange_rated_sample_se121.txt", 40},
                         Set{"cloudsudoku_human_difficulty.txt", 20}, Set{"magictour_top1465.txt", 10},
                         Set{"forum_hardest_1106.txt", 4}}) {
      const auto boards = load(s.name, s.sample);
      if (boards.empty()) continue;
      any = true;
      INFO(s.name);
      for (const auto& g : boards) {
        INFO(to_string(g));
        check_sound(g);
      }
    }
    if (!any) MESSAGE("shared data absent: skipped");
  }

  TEST_CASE("boards with several solutions: no crash, any completion is legal" * doctest::test_suite("shared-data")) {
    const auto boards = load("serg_benchmark_multisolution.txt", 10);
    if (boards.empty()) {
      MESSAGE("shared data absent: skipped");
      return;
    }
    for (const auto& g : boards) {
      const auto r = solve_logically(g);
      if (r.solved) {
        CHECK(testing::is_complete_legal(to_string(r.final_grid)));
        CHECK(testing::agrees_with(to_string(g), to_string(r.final_grid)));
      }
    }
  }

}  // TEST_SUITE
