// Killer layouts: the text form's round trip and its exact error texts, killer_problem's
// messages for what the text cannot say (overlaps, empty cages), the solve contract's statuses,
// each checked against the oracle of killer_reference.h (no engine code).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/killer.h"
#include "engine/killer_generator.h"
#include "killer_reference.h"
#include "killer_test_support.h"

using namespace puzzlepress::engine;
namespace ref = puzzlepress::killer_reference;

namespace {

using puzzlepress::killer_testing::cells_of;
using puzzlepress::killer_testing::data_of;

// The cage symbols of a hand-made 9x9 layout: each row holds cages of 2, 2, 2 and 3 cells
// (symbols kCageSymbols[4r..4r+3] on row r): 36 cages, symbols 0-9 and a-z.
std::string row_cages() {
  std::string cages;
  for (int r = 0; r < 9; ++r)
    for (int i : {0, 0, 1, 1, 2, 2, 3, 3, 3}) cages += kCageSymbols[static_cast<std::size_t>(4 * r + i)];
  return cages;
}

// The text of `cages` (N*N symbols) with empty givens and, per symbol in order of first
// appearance, the least sum its cell count takes (or `sums` when given).
std::string text_of(const std::string& cages, std::vector<int> sums = {}, std::size_t grid_cells = 0) {
  if (sums.empty()) {
    std::string order;
    std::vector<int> counts;
    for (char c : cages) {
      if (c == '.') continue;
      const auto at = order.find(c);
      if (at == std::string::npos) {
        order += c;
        counts.push_back(1);
      } else {
        ++counts[at];
      }
    }
    for (int k : counts) sums.push_back(k * (k + 1) / 2);
  }
  std::string text = "killer:" + std::string(grid_cells ? grid_cells : cages.size(), '.') + "/" + cages + "/";
  for (std::size_t i = 0; i < sums.size(); ++i) text += (i ? "," : "") + std::to_string(sums[i]);
  return text;
}

std::string error_of(const std::string& text) {
  const KillerParse parsed = parse_killer(text);
  return parsed.killer ? "(read)" : parsed.error;
}

}  // namespace

TEST_CASE("killer text: a written layout reads back, and the text it reads writes again") {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    for (Shape shape : {kShape9x9, kShape6x6}) {
      KillerOptions options;
      options.shape = shape;
      options.seed = seed;
      const KillerPuzzle puzzle = generate_killer(options);
      REQUIRE(puzzle.valid);
      const std::string text = killer_text(puzzle.killer, puzzle.givens);
      const KillerParse back = parse_killer(text);
      REQUIRE_MESSAGE(back.killer, back.error);
      CHECK(*back.killer == puzzle.killer);
      CHECK(*back.givens == puzzle.givens);
      CHECK(killer_text(*back.killer, *back.givens) == text);
      // Other symbols, spaces and no prefix read as the same layout.
      std::string relabelled = text.substr(7);
      for (char& c : relabelled)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      const KillerParse again = parse_killer("  " + relabelled + " \n");
      REQUIRE_MESSAGE(again.killer, again.error);
      CHECK(*again.killer == puzzle.killer);
    }
  }
}

TEST_CASE("killer text: malformed text, each message exact") {
  const std::string cages = row_cages();
  REQUIRE(error_of(text_of(cages)) == "(read)");
  CHECK(error_of("killer:" + std::string(81, '.') + "/" + cages) ==
        "a killer is 'grid/cages/sums' (3 parts separated by '/'), got 2 parts");
  CHECK(error_of(std::string(81, '.')) == "a killer is 'grid/cages/sums' (3 parts separated by '/'), got 1 part");
  CHECK(error_of("killer:" + std::string(80, '.') + "/" + cages + "/3") ==
        "grid: expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 grid), got 80");
  std::string bad = cages;
  bad[11] = '#';
  CHECK(error_of(text_of(bad)) == "cages: bad character '#' at position 12 (expected 0-9, a-z, A-Z or '.')");
  CHECK(error_of(text_of(cages.substr(1), {}, 81)) == "cages: expected 81 symbols, got 80");
  std::vector<int> sums(36, 3);
  sums.pop_back();
  CHECK(error_of(text_of(cages, sums)) == "sums: expected 36 sums (one per cage), got 35");
  std::string text = text_of(cages);
  text.replace(text.rfind(',') + 1, std::string::npos, "x1");
  CHECK(error_of(text) == "sums: sum 36 is 'x1' (expected a whole number)");
  // Bytes outside printable ASCII are shown, never echoed raw (a UTF-8 dash, a long run cut).
  bad[11] = '\xe2';
  CHECK(error_of(text_of(bad)) == "cages: bad character byte 0xe2 at position 12 (expected 0-9, a-z, A-Z or '.')");
  text.replace(text.rfind(',') + 1, std::string::npos, "1\xe2\x80\x93" + std::string(40, '9'));
  CHECK(error_of(text) == "sums: sum 36 is '1\\xe2\\x80\\x9399999999999999999999...' (expected a whole number)");
  // A 4x4 grid reads, and killer refuses its shape.
  CHECK(error_of(text_of(std::string(kCageSymbols.substr(0, 16)))) == "kind 'killer' takes 6x6 or 9x9, not 4x4");
}

TEST_CASE("killer layouts: cages that break a rule, named by index and first cell") {
  std::string cages = row_cages();
  std::string apart = cages;
  apart[4] = apart[0];  // r1c5 joins r1c1's cage across r1c3-r1c4
  CHECK(error_of(text_of(apart)) == "cage 1 (r1c1) is not connected (r1c5 cannot be reached from r1c1)");
  std::string big = cages;
  for (int c = 0; c < 10; ++c) big[static_cast<std::size_t>(c)] = big[0];  // row 1 and r2c1
  CHECK(error_of(text_of(big)) == "cage 1 (r1c1) has 10 cells, more than the 9 symbols");
  std::vector<int> sums;
  for (int r = 0; r < 9; ++r) sums.insert(sums.end(), {3, 3, 3, 6});
  sums[5] = 18;
  CHECK(error_of(text_of(cages, sums)) == "cage 6 (r2c3): 2 different digits from 1-9 sum to 3-17, not 18");
  std::string lone = cages;
  lone[1] = 'Z';  // r1c2 alone: the 2nd cage in reading order
  std::vector<int> lone_sums(37, 3);
  lone_sums[1] = 10;
  CHECK(error_of(text_of(lone, lone_sums)) == "cage 2 (r1c2): one digit from 1-9 is 1-9, not 10");
  std::string none = cages;
  none[40] = '.';
  CHECK(error_of(text_of(none)) == "r5c5 is in no cage");

  // What the text cannot say, on the model.
  Killer k = *parse_killer(text_of(cages)).killer;
  Killer overlap = k;
  overlap.cages[1].cells.push_back(1);
  CHECK(killer_problem(overlap) == "r1c2 is in cage 1 (r1c1) and cage 2 (r1c2)");
  Killer empty = k;
  empty.cages[2].cells.clear();
  CHECK(killer_problem(empty) == "cage 3 has no cell");
  Killer outside = k;
  outside.cages[1].cells.push_back(90);
  CHECK(killer_problem(outside) == "cage 2 (r1c3) has cell 90, outside the 81 cells");
  Killer twice = k;
  twice.cages[1].cells.push_back(3);
  CHECK(killer_problem(twice) == "cage 2 (r1c3) holds r1c4 twice");
  Killer singles{kShape9x9, {}};
  for (int c = 0; c < 81; ++c) singles.cages.push_back({{c}, 5});
  CHECK(killer_problem(singles) == "81 cages (the text form writes at most 62)");
  CHECK(killer_problem(Killer{kShape4x4, {}}) == "kind 'killer' takes 6x6 or 9x9, not 4x4");
  // The whole layout, one cage: every rule but the size holds.
  Killer whole{kShape9x9, {{{}, 45}}};
  for (int c = 0; c < 81; ++c) whole.cages[0].cells.push_back(c);
  CHECK(killer_problem(whole) == "cage 1 (r1c1) has 81 cells, more than the 9 symbols");
}

TEST_CASE("killer solve contract: every status, witnesses checked apart from the engine") {
  KillerOptions options;
  options.seed = 7;
  const KillerPuzzle puzzle = generate_killer(options);
  REQUIRE(puzzle.valid);
  const ref::KillerData data = data_of(puzzle.killer, puzzle.givens);

  const SolveResult unique = solve(puzzle.killer, puzzle.givens);
  REQUIRE(unique.status == SolveStatus::unique);
  CHECK(unique.solutions.size() == 1);
  CHECK(unique.solutions[0] == puzzle.solution);
  CHECK(ref::check_grid(data, cells_of(unique.solutions[0])) == "");
  CHECK(solve_killer(killer_text(puzzle.killer, puzzle.givens)).status == SolveStatus::unique);

  // A wrong given (one cell, so no clash): no solution, as the oracle says (on 6x6, where its
  // exhaustive search is quick).
  Grid wrong = puzzle.givens;
  wrong.cells[40] = static_cast<std::uint8_t>(puzzle.solution.cells[40] % 9 + 1);
  CHECK(solve(puzzle.killer, wrong).status == SolveStatus::no_solution);
  options.shape = kShape6x6;
  const KillerPuzzle six = generate_killer(options);
  REQUIRE(six.valid);
  Grid wrong6 = six.givens;
  wrong6.cells[20] = static_cast<std::uint8_t>(six.solution.cells[20] % 6 + 1);
  CHECK(solve(six.killer, wrong6).status == SolveStatus::no_solution);
  CHECK(ref::count_solutions(data_of(six.killer, wrong6), 2) <= 0);

  // Rows as cages of 45: many solutions; two distinct witnesses, each legal.
  Killer rows{kShape9x9, {}};
  for (int r = 0; r < 9; ++r) {
    rows.cages.push_back({{}, 45});
    for (int c = 0; c < 9; ++c) rows.cages.back().cells.push_back(r * 9 + c);
  }
  const SolveResult many = solve(rows, Grid(kShape9x9));
  REQUIRE(many.status == SolveStatus::multiple);
  REQUIRE(many.solutions.size() == 2);
  CHECK(many.solutions[0] != many.solutions[1]);
  for (const Grid& g : many.solutions) CHECK(ref::check_grid(data_of(rows, Grid(kShape9x9)), cells_of(g)) == "");

  // Clashing givens: in a row, then in a cage whose two cells share no house.
  Grid row_clash(kShape9x9);
  row_clash.cells[0] = row_clash.cells[5] = 5;
  const SolveResult clash = solve(puzzle.killer, row_clash);
  REQUIRE(clash.status == SolveStatus::inconsistent);
  CHECK(clash.conflict->message() == "digit 5 appears twice in row 1");
  bool found = false;
  for (std::size_t k = 0; k < puzzle.killer.cages.size() && !found; ++k)
    for (int a : puzzle.killer.cages[k].cells)
      for (int b : puzzle.killer.cages[k].cells) {
        const bool sees = a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
        if (found || a == b || sees) continue;
        Grid cage_clash(kShape9x9);
        cage_clash.cells[static_cast<std::size_t>(a)] = cage_clash.cells[static_cast<std::size_t>(b)] = 3;
        const SolveResult r = solve(puzzle.killer, cage_clash);
        REQUIRE(r.status == SolveStatus::inconsistent);
        CHECK(r.conflict->message() == "digit 3 appears twice in " + cage_name(puzzle.killer, static_cast<int>(k)));
        found = true;
      }
  CHECK(found);

  // Malformed: another shape's grid, a cell out of range, bad text; unresolved: no nodes.
  CHECK(solve(puzzle.killer, Grid(kShape6x6)).detail == "the grid is 6x6, the cages 9x9");
  Grid high(kShape9x9);
  high.cells[3] = 12;
  const SolveResult out = solve(puzzle.killer, high);
  CHECK(out.status == SolveStatus::malformed);
  CHECK(out.detail == "cell 4 holds 12 (expected 0-9)");
  CHECK(solve_killer("killer:/").detail == "a killer is 'grid/cages/sums' (3 parts separated by '/'), got 2 parts");
  SolveOptions none;
  none.node_budget = 0;
  CHECK(solve(puzzle.killer, puzzle.givens, none).status == SolveStatus::unresolved);
  CHECK(count_solutions(puzzle.killer, puzzle.givens, 2) == 1);
  CHECK(count_solutions(rows, Grid(kShape9x9), 3) == 3);
}

TEST_CASE("killer text: the example at the top of killer.h reads, writes back and has one solution") {
  const std::string text =
      "killer:..................................../0011220033456788456798aa7778abccdddb/"
      "17,5,5,4,11,9,7,19,14,6,6,8,3,12";
  const KillerParse parsed = parse_killer(text);
  REQUIRE_MESSAGE(parsed.killer, parsed.error);
  CHECK(parsed.killer->cages[0].cells == std::vector<int>{0, 1, 6, 7});
  CHECK(killer_text(*parsed.killer, *parsed.givens) == text);
  const SolveResult result = solve(*parsed.killer, *parsed.givens);
  REQUIRE(result.status == SolveStatus::unique);
  const ref::KillerData data = data_of(*parsed.killer, *parsed.givens);
  CHECK(ref::count_solutions(data, 2) == 1);
  CHECK(ref::check_grid(data, cells_of(result.solutions[0])) == "");
}
