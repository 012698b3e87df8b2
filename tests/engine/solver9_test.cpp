// Solver contract fixtures: each board is built from one full legal grid, with the reason its
// status must be what it is. Completions are judged by the independent rule checker.
#include <doctest/doctest.h>

#include <string>

#include "engine/band_search.h"
#include "engine/generator9.h"
#include "engine/logic_board.h"
#include "engine/reference_solver9.h"
#include "engine/rng.h"
#include "engine/solver9.h"
#include "support/rule_checker9.h"

namespace pe = puzzlepress::engine;
namespace pt = puzzlepress::testing;

namespace {

// A full legal grid: row r is 1..9 shifted by 3*(r%3) + r/3.
pe::Grid9 full_grid() {
  pe::Grid9 g;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) g.cells[r * 9 + c] = static_cast<std::uint8_t>((r * 3 + r / 3 + c) % 9 + 1);
  }
  return g;
}

std::string text(const pe::Grid9& g) { return pe::to_string(g, '.'); }

// A unique board's one solution is the full grid it came from, and it is legal.
void check_unique(const pe::Grid9& givens) {
  const auto full = full_grid();
  const auto r = pe::solve(givens);
  REQUIRE(r.status == pe::SolveStatus::unique);
  REQUIRE(r.solutions.size() == 1);
  CHECK(pt::is_complete_legal(text(r.solutions[0])));
  CHECK(pt::agrees_with(text(givens), text(r.solutions[0])));
  CHECK(r.solutions[0] == full);
  CHECK(r.nodes >= 1);
  CHECK(pe::count_solutions(givens, 2) == 1);
  CHECK(pe::has_unique_solution(givens));
  CHECK(pt::count_solutions_naively(text(givens), 2) == 1);
}

// A legal full grid drawn from `rng`: full_grid() with its digits relabelled and its rows
// permuted inside each band (both keep every unit legal).
pe::Grid9 random_full_grid(pe::Mulberry32& rng) {
  int relabel[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (int i = 9; i > 1; --i) std::swap(relabel[i], relabel[1 + rng.below(static_cast<std::uint32_t>(i))]);
  const auto base = full_grid();
  pe::Grid9 g;
  for (int band = 0; band < 3; ++band) {
    int rows[3] = {0, 1, 2};
    for (int i = 2; i > 0; --i) std::swap(rows[i], rows[rng.below(static_cast<std::uint32_t>(i + 1))]);
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 9; ++c) {
        g.cells[(band * 3 + r) * 9 + c] = static_cast<std::uint8_t>(relabel[base.cells[(band * 3 + rows[r]) * 9 + c]]);
      }
    }
  }
  return g;
}

}  // namespace

TEST_SUITE("solver") {
  TEST_CASE("the constructed grid is full and legal (the fixtures rest on it)") {
    CHECK(pt::is_complete_legal(text(full_grid())));
  }

  TEST_CASE("unique: one cell removed (the cell's row holds the other eight digits)") {
    auto g = full_grid();
    g.cells[40] = 0;
    check_unique(g);
    // No guess is needed, so the root is the only node.
    CHECK(pe::solve(g).nodes == 1);
  }

  TEST_CASE("unique: the main diagonal removed (each row misses exactly one digit)") {
    auto g = full_grid();
    for (int i = 0; i < 9; ++i) g.cells[i * 10] = 0;
    check_unique(g);
  }

  TEST_CASE("unique: the first row removed (each column misses exactly one digit)") {
    auto g = full_grid();
    for (int c = 0; c < 9; ++c) g.cells[c] = 0;
    check_unique(g);
  }

  TEST_CASE("multiple: all 1s and 2s removed (swapping 1 and 2 gives a second completion)") {
    const auto full = full_grid();
    auto g = full;
    for (auto& v : g.cells) {
      if (v == 1 || v == 2) v = 0;
    }
    const auto r = pe::solve(g);
    REQUIRE(r.status == pe::SolveStatus::multiple);
    REQUIRE(r.solutions.size() == 2);
    const auto& a = r.solutions[0];
    const auto& b = r.solutions[1];
    CHECK(a != b);
    for (const auto& s : r.solutions) {
      CHECK(pt::is_complete_legal(text(s)));
      CHECK(pt::agrees_with(text(g), text(s)));
    }
    auto swapped = a;
    for (auto& v : swapped.cells) v = v == 1 ? 2 : v == 2 ? 1 : v;
    CHECK(swapped == b);
    CHECK((a == full || b == full));
    CHECK(pe::count_solutions(g, 2) == 2);
    CHECK(pe::count_solutions(g, 1) == 1);
    CHECK(pt::count_solutions_naively(text(g), 2) == 2);
  }

  TEST_CASE("multiple: a larger cap returns more distinct witnesses") {
    pe::Grid9 g = full_grid();
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 9; ++c) g.cells[r * 9 + c] = 0;
    }
    const int expected = pe::reference_count_solutions(g, 5);
    REQUIRE(expected == 5);
    const auto r = pe::solve(g, {.solution_cap = 5});
    CHECK(r.status == pe::SolveStatus::multiple);
    REQUIRE(r.solutions.size() == 5);
    for (std::size_t i = 0; i < r.solutions.size(); ++i) {
      CHECK(pt::is_complete_legal(text(r.solutions[i])));
      CHECK(pt::agrees_with(text(g), text(r.solutions[i])));
      for (std::size_t j = 0; j < i; ++j) CHECK(r.solutions[i] != r.solutions[j]);
    }
    CHECK(pe::count_solutions(g, 5) == 5);
  }

  TEST_CASE("inconsistent: a digit given twice is reported with its unit, index and digit") {
    auto g = full_grid();
    g.cells[40] = 0;
    g.cells[1] = g.cells[0];  // row 1 now holds its first digit twice
    auto r = pe::solve(g);
    REQUIRE(r.status == pe::SolveStatus::inconsistent);
    REQUIRE(r.conflict.has_value());
    CHECK(r.conflict->unit == pe::UnitKind::row);
    CHECK(r.conflict->index == 1);
    CHECK(r.conflict->digit == full_grid().cells[0]);
    CHECK(r.solutions.empty());
    CHECK(r.nodes == 0);
    CHECK(pe::count_solutions(g, 2) == 0);

    pe::Grid9 column;  // two 5s in column 5 only
    column.cells[4] = 5;
    column.cells[7 * 9 + 4] = 5;
    r = pe::solve(column);
    REQUIRE(r.status == pe::SolveStatus::inconsistent);
    CHECK(r.conflict->unit == pe::UnitKind::column);
    CHECK(r.conflict->index == 5);
    CHECK(r.conflict->digit == 5);
    CHECK(r.conflict->message() == "digit 5 appears twice in column 5");
    CHECK(pe::count_solutions(column, 2) == 0);

    pe::Grid9 box;  // two 3s in box 9 only (r7c7 and r9c9)
    box.cells[6 * 9 + 6] = 3;
    box.cells[8 * 9 + 8] = 3;
    r = pe::solve(box);
    REQUIRE(r.status == pe::SolveStatus::inconsistent);
    CHECK(r.conflict->unit == pe::UnitKind::box);
    CHECK(r.conflict->index == 9);
    CHECK(r.conflict->digit == 3);
    CHECK(pe::count_solutions(box, 2) == 0);
  }

  TEST_CASE("no_solution: no clash, but r1c9 can only be 9 and column 9 already has a 9") {
    const auto full = full_grid();
    pe::Grid9 g;
    for (int c = 0; c < 9; ++c) g.cells[c] = full.cells[c];
    const int last = g.cells[8];
    g.cells[8] = 0;
    g.cells[4 * 9 + 8] = static_cast<std::uint8_t>(last);  // r5c9
    REQUIRE_FALSE(pe::find_conflict(g).has_value());
    const auto r = pe::solve(g);
    CHECK(r.status == pe::SolveStatus::no_solution);
    CHECK(r.solutions.empty());
    CHECK(r.nodes >= 1);
    CHECK(pe::count_solutions(g, 2) == 0);
    CHECK(pt::count_solutions_naively(text(g), 2) == 0);
  }

  TEST_CASE("malformed: wrong length, a letter, an out-of-range cell") {
    const std::string good = text(full_grid());
    auto r = pe::solve(std::string_view(good).substr(0, 80));
    CHECK(r.status == pe::SolveStatus::malformed);
    CHECK(r.detail == "expected 81 cells, got 80");

    std::string letter = good;
    letter[11] = 'x';
    r = pe::solve(letter);
    CHECK(r.status == pe::SolveStatus::malformed);
    CHECK(r.detail == "bad character 'x' at position 12 (expected 1-9, '.' or '0')");
    CHECK(r.solutions.empty());
    CHECK(r.nodes == 0);

    auto g = full_grid();
    g.cells[4] = 10;
    r = pe::solve(g);
    CHECK(r.status == pe::SolveStatus::malformed);
    CHECK(r.detail == "cell 5 holds 10 (expected 0-9)");
    CHECK(pe::count_solutions(g, 2) == 0);
  }

  TEST_CASE("unresolved: a unique board with a zero budget starts no search") {
    auto g = full_grid();
    g.cells[40] = 0;
    const auto r = pe::solve(g, {.node_budget = 0});
    CHECK(r.status == pe::SolveStatus::unresolved);
    CHECK(r.nodes == 0);
    CHECK(r.solutions.empty());
    // A budget of one is the root alone: enough for a board that needs no guess.
    CHECK(pe::solve(g, {.node_budget = 1}).status == pe::SolveStatus::unique);
  }

  TEST_CASE("the node budget is exact: N nodes decide, N-1 stop with N-1 nodes used") {
    // top1465 #1 (magictour), a board that needs guessing.
    const std::string hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const auto full = pe::solve(hard);
    REQUIRE(full.status == pe::SolveStatus::unique);
    REQUIRE(full.nodes > 2);
    const auto exact = pe::solve(hard, {.node_budget = full.nodes});
    CHECK(exact.status == pe::SolveStatus::unique);
    CHECK(exact.nodes == full.nodes);
    const auto short_by_one = pe::solve(hard, {.node_budget = full.nodes - 1});
    CHECK(short_by_one.status == pe::SolveStatus::unresolved);
    CHECK(short_by_one.nodes == full.nodes - 1);
    CHECK(short_by_one.solutions.size() <= 1);
    for (const auto& s : short_by_one.solutions) CHECK(pt::is_complete_legal(text(s)));
  }

  TEST_CASE("a cap of one finds a solution but cannot call it unique") {
    auto g = full_grid();
    g.cells[40] = 0;
    const auto r = pe::solve(g, {.solution_cap = 1});
    CHECK(r.status == pe::SolveStatus::unresolved);
    REQUIRE(r.solutions.size() == 1);
    CHECK(r.solutions[0] == full_grid());
    CHECK(pe::count_solutions(g, 0) == 0);
  }

  TEST_CASE("agrees with the reference solver on random boards: no solution, unique, multiple") {
    // Boards keep 30..50 cells of a random full grid (unique or multiple); one in two then
    // has one given changed to another digit (mostly no solution). The reference solver is
    // plain backtracking with no propagation, so it shares none of the band search's rules.
    pe::Mulberry32 rng(2024);
    int outcomes[3] = {0, 0, 0};
    for (int trial = 0; trial < 600; ++trial) {
      const auto full = random_full_grid(rng);
      pe::Grid9 g;
      const int keep = 30 + static_cast<int>(rng.below(21));
      while (g.clue_count() < keep) {
        const int cell = static_cast<int>(rng.below(81));
        g.cells[cell] = full.cells[cell];
      }
      if (rng.below(2) == 0) {
        int cell = static_cast<int>(rng.below(81));
        while (!g.cells[cell]) cell = (cell + 1) % 81;
        g.cells[cell] = static_cast<std::uint8_t>(1 + (g.cells[cell] + rng.below(8)) % 9);
      }
      if (pe::find_conflict(g)) continue;
      const int expected = pe::reference_count_solutions(g, 2);
      INFO("board " << text(g));
      for (int cap = 1; cap <= 3; ++cap) CHECK(pe::count_solutions(g, cap) == pe::reference_count_solutions(g, cap));
      const auto r = pe::solve(g);
      CHECK(r.status == (expected == 0   ? pe::SolveStatus::no_solution
                         : expected == 1 ? pe::SolveStatus::unique
                                         : pe::SolveStatus::multiple));
      REQUIRE(static_cast<int>(r.solutions.size()) == expected);
      for (const auto& solution : r.solutions) {
        CHECK(pt::is_complete_legal(text(solution)));
        CHECK(pt::agrees_with(text(g), text(solution)));
      }
      if (expected == 2) CHECK(r.solutions[0] != r.solutions[1]);
      ++outcomes[expected];
    }
    // All three outcomes were exercised.
    CHECK(outcomes[0] >= 20);
    CHECK(outcomes[1] >= 20);
    CHECK(outcomes[2] >= 20);
    MESSAGE("no solution " << outcomes[0] << ", unique " << outcomes[1] << ", multiple " << outcomes[2]);
  }

  TEST_CASE("search size on known hard puzzles (pins propagation and branching)") {
    // Deterministic node counts: they change only when the rules or the branching do (then
    // update them on purpose, with the README's solver table). Without the hidden-triad rule,
    // for example, the first takes 127 nodes and the second 286.
    CHECK(pe::solve("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").nodes == 101);
    CHECK(pe::solve("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3").nodes == 163);
  }

  TEST_CASE("status names") {
    CHECK(pe::status_name(pe::SolveStatus::no_solution) == "no_solution");
    CHECK(pe::status_name(pe::SolveStatus::unresolved) == "unresolved");
  }
}

TEST_SUITE("solver: the generator's uniqueness step") {
  TEST_CASE("has_other_completion agrees with counting to two on random removals") {
    using namespace puzzlepress::engine;
    int unique = 0, not_unique = 0;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
      // A unique board: few clues (evil, removals mostly break it) or many (easy, mostly not).
      const Puzzle9 start = generate({seed % 2 ? Grade::easy : Grade::evil, seed});
      Mulberry32 rng(seed);
      for (int trial = 0; trial < 40; ++trial) {
        Grid9 g = start.givens;
        // Empty one or two given cells, as a dig step does.
        const int cell = static_cast<int>(rng.below(81));
        if (!g.cells[cell]) continue;
        const int other = static_cast<int>(rng.below(81));
        const bool pair = other != cell && g.cells[other] != 0 && rng.below(2) == 1;
        g.cells[cell] = 0;
        if (pair) g.cells[other] = 0;
        const bool truly_unique = reference_count_solutions(g, 2) == 1;  // the slow, plain solver
        INFO("seed " << seed << " cell " << cell << " partner " << (pair ? other : -1));
        CHECK(has_other_completion(g, start.solution, cell, false, pair ? other : -1) == !truly_unique);
        (truly_unique ? unique : not_unique)++;
      }
    }
    CHECK(unique > 50);  // both answers were exercised
    CHECK(not_unique > 50);
  }

  TEST_CASE("a search guided by the solution answers the same, with a witness nearer the solution") {
    using namespace puzzlepress::engine;
    const auto differing = [](const Grid9& a, const Grid9& b) {
      int n = 0;
      for (int c = 0; c < kCells; ++c) n += a.cells[c] != b.cells[c];
      return n;
    };
    int witnesses = 0, guided_cells = 0, plain_cells = 0;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
      const Puzzle9 start = generate({Grade::evil, seed});
      const detail::SolutionPatterns patterns(start.solution);
      Mulberry32 rng(seed + 100);
      for (int trial = 0; trial < 40; ++trial) {
        Grid9 g = start.givens;
        const int cell = static_cast<int>(rng.below(81));
        if (!g.cells[cell]) continue;
        const int other = static_cast<int>(rng.below(81));
        const int partner = other != cell && g.cells[other] != 0 && rng.below(2) == 1 ? other : -1;
        g.cells[cell] = 0;
        if (partner >= 0) g.cells[partner] = 0;
        const int digit = start.solution.cells[cell];
        const int partner_digit = partner >= 0 ? start.solution.cells[partner] : 0;
        Grid9 plain, guided;
        const bool plain_found = detail::band_search_differs(g, cell, digit, true, partner, partner_digit, &plain);
        const bool guided_found =
            detail::band_search_differs(g, cell, digit, true, partner, partner_digit, &guided, &patterns);
        INFO("seed " << seed << " cell " << cell << " partner " << partner);
        REQUIRE(guided_found == plain_found);
        CHECK(guided_found == (pt::count_solutions_naively(to_string(g), 2) == 2));  // the rule checker's count
        if (!guided_found) continue;
        // A completion of the board other than the solution, as the contract says.
        CHECK(pt::is_complete_legal(to_string(guided)));
        CHECK(pt::agrees_with(to_string(g), to_string(guided)));
        CHECK((guided.cells[cell] != digit || (partner >= 0 && guided.cells[partner] != partner_digit)));
        ++witnesses;
        guided_cells += differing(guided, start.solution);
        plain_cells += differing(plain, start.solution);
      }
    }
    REQUIRE(witnesses > 200);
    // Measured: 310 witnesses; the guided ones differ from the solution in 3,664 cells in all,
    // the plain ones in 7,491.
    CHECK(guided_cells * 4 < plain_cells * 3);
  }

  TEST_CASE("SolutionPatterns: each digit's pattern in each band and stack, 6 where incomplete") {
    using namespace puzzlepress::engine;
    // Pattern p (band_search.cpp's order): row i of a band holds the digit in box kOrder[p][i];
    // across a stack, band i holds it in column kOrder[p][i] of the stack.
    constexpr int kOrder[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const Puzzle9 p = generate({Grade::easy, 7});
    const detail::SolutionPatterns patterns(p.solution);
    int checked = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      const int d = p.solution.cells[cell] - 1, r = cell / 9, c = cell % 9;
      const int in_band = patterns.in_band[r / 3][d], in_stack = patterns.in_stack[c / 3][d];
      REQUIRE(in_band < 6);
      REQUIRE(in_stack < 6);
      CHECK(kOrder[in_band][r % 3] == c / 3);
      CHECK(kOrder[in_stack][r / 3] == c % 3);
      ++checked;
    }
    CHECK(checked == kCells);
    Grid9 partial = p.solution;
    partial.cells[0] = 0;
    const detail::SolutionPatterns holes(partial);
    CHECK(holes.in_band[0][p.solution.cells[0] - 1] == 6);
    CHECK(holes.in_stack[0][p.solution.cells[0] - 1] == 6);
  }
}

// check_tier_from_closure skips its first round of singles: the board singles_closure leaves
// must be one the generic board's own singles propagation leaves exactly as it is.

TEST_SUITE("solver: the singles closure is closed for the generic board") {
  TEST_CASE("propagate_singles finds nothing to do on a loaded singles closure, nor a contradiction") {
    using namespace puzzlepress::engine;
    int checked = 0;
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
      const Puzzle9 start = generate({seed % 2 ? Grade::evil : Grade::hard, seed});
      Mulberry32 rng(seed * 7 + 1);
      for (int trial = 0; trial < 30; ++trial) {
        // The puzzle with a few more cells emptied (often several completions), or a wrong
        // digit put in (often a contradiction that singles reach).
        Grid9 g = start.givens;
        const int emptied = static_cast<int>(rng.below(8));
        for (int k = 0; k < emptied; ++k) g.cells[rng.below(81)] = 0;
        if (rng.below(3) == 0) {
          const int cell = static_cast<int>(rng.below(81));
          if (!g.cells[cell]) g.cells[cell] = static_cast<std::uint8_t>(1 + rng.below(9));
        }
        Grid9 values;
        std::array<std::uint16_t, kCells> masks{};
        if (!detail::singles_closure(g, values, masks)) continue;
        logic::Board<logic::Classic9> b;
        b.unsolved = kCells;
        bool clash = false;
        for (int c = 0; c < kCells; ++c) b.cand[c] = static_cast<logic::Mask>(masks[c] & logic::Classic9::all());
        b.reindex();
        for (int c = 0; c < kCells && !clash; ++c) {
          const int v = values.cells[c];
          if (v == 0) continue;
          for (int p : logic::Classic9::peers(c)) clash = clash || values.cells[p] == v;
          b.cand[c] |= logic::bit(v);
          b.place(c, v);
          clash = clash || b.broken;
        }
        INFO("seed " << seed << " trial " << trial);
        REQUIRE_FALSE(clash);
        const logic::Board<logic::Classic9> before = b;
        CHECK(logic::propagate_singles(b));
        CHECK(b.cand == before.cand);
        CHECK(b.value == before.value);
        ++checked;
      }
    }
    CHECK(checked > 600);
  }
}
