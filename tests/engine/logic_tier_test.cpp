// Logic solver, the table and the tier check: technique names, ratings, tiers and order;
// check_tier against the full solve; TierMemo; the singles closure's open cells. (The techniques
// one by one are in logic_solver_test.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/band_search.h"
#include "engine/logic_solver.h"
#include "support/rule_checker9.h"

using namespace puzzlepress::engine;
namespace testing = puzzlepress::testing;

TEST_SUITE("logic") {
  TEST_CASE("technique table: names, SE-like ratings, tiers and order") {
    // Sudoku Explainer 1.2.1's values where SE has the technique
    CHECK(technique_rating(Technique::full_house) == 1.0);
    CHECK(technique_rating(Technique::hidden_single_box) == 1.2);
    CHECK(technique_rating(Technique::hidden_single_line) == 1.5);
    CHECK(technique_rating(Technique::naked_single) == 2.3);
    CHECK(technique_rating(Technique::pointing) == 2.6);
    CHECK(technique_rating(Technique::claiming) == 2.8);
    CHECK(technique_rating(Technique::naked_pair) == 3.0);
    CHECK(technique_rating(Technique::x_wing) == 3.2);
    CHECK(technique_rating(Technique::hidden_pair) == 3.4);
    CHECK(technique_rating(Technique::naked_triple) == 3.6);
    CHECK(technique_rating(Technique::swordfish) == 3.8);
    CHECK(technique_rating(Technique::hidden_triple) == 4.0);
    CHECK(technique_rating(Technique::xy_wing) == 4.2);
    CHECK(technique_rating(Technique::xyz_wing) == 4.4);
    CHECK(technique_rating(Technique::unique_rectangle_1) == 4.5);
    CHECK(technique_rating(Technique::unique_rectangle_2) == 4.5);
    CHECK(technique_rating(Technique::unique_rectangle_3) == 4.6);
    CHECK(technique_rating(Technique::unique_rectangle_4) == 4.5);
    CHECK(technique_rating(Technique::naked_quad) == 5.0);
    CHECK(technique_rating(Technique::jellyfish) == 5.2);
    CHECK(technique_rating(Technique::hidden_quad) == 5.4);
    CHECK(technique_rating(Technique::bug_plus_one) == 5.6);
    CHECK(technique_rating(Technique::aligned_pair_exclusion) == 6.2);
    CHECK(technique_rating(Technique::x_chain) == 6.6);
    CHECK(technique_rating(Technique::xy_chain) == 6.6);
    CHECK(technique_rating(Technique::aic) == 7.0);
    CHECK(technique_rating(Technique::forcing_chain) == 8.0);
    // techniques SE lacks: between SE's neighbours (README: "The rating")
    CHECK(technique_rating(Technique::skyscraper) == 5.5);
    CHECK(technique_rating(Technique::empty_rectangle) == 5.6);
    CHECK(technique_rating(Technique::finned_x_wing) == 5.5);
    CHECK(technique_rating(Technique::wxyz_wing) == 5.8);
    CHECK(technique_rating(Technique::grouped_x_chain) == 6.8);
    CHECK(technique_rating(Technique::grouped_aic) == 7.3);
    CHECK(technique_tier(Technique::naked_single) == Grade::easy);
    CHECK(technique_tier(Technique::pointing) == Grade::medium);
    CHECK(technique_tier(Technique::naked_pair) == Grade::medium);
    CHECK(technique_tier(Technique::claiming) == Grade::hard);
    CHECK(technique_tier(Technique::hidden_quad) == Grade::hard);
    for (Technique t :
         {Technique::x_wing, Technique::finned_x_wing, Technique::sashimi_x_wing, Technique::finned_swordfish,
          Technique::sashimi_swordfish, Technique::empty_rectangle, Technique::wxyz_wing, Technique::unique_rectangle_1,
          Technique::unique_rectangle_2, Technique::unique_rectangle_3, Technique::unique_rectangle_4,
          Technique::unique_rectangle_5, Technique::unique_rectangle_6, Technique::bug_plus_one,
          Technique::grouped_x_chain, Technique::xy_chain}) {
      INFO(technique_name(t));
      CHECK(technique_tier(t) == Grade::extreme);
    }
    for (Technique t :
         {Technique::aligned_pair_exclusion, Technique::aic, Technique::grouped_aic, Technique::forcing_chain}) {
      INFO(technique_name(t));
      CHECK(technique_tier(t) == Grade::evil);
    }
    int uniqueness = 0;
    for (int i = 0; i < kTechniqueCount; ++i) uniqueness += assumes_uniqueness(static_cast<Technique>(i));
    CHECK(uniqueness == 7);  // unique rectangles 1-6 and BUG+1
    CHECK(assumes_uniqueness(Technique::bug_plus_one));
    CHECK_FALSE(assumes_uniqueness(Technique::empty_rectangle));
    std::set<std::string_view> names;
    for (int i = 0; i < kTechniqueCount; ++i) names.insert(technique_name(static_cast<Technique>(i)));
    CHECK(names.size() == static_cast<size_t>(kTechniqueCount));
    for (int i = 1; i < kTechniqueCount; ++i) {
      const Technique a = kTechniqueOrder[i - 1], b = kTechniqueOrder[i];
      CHECK((technique_tier(a) < technique_tier(b) ||
             (technique_tier(a) == technique_tier(b) && technique_rating(a) <= technique_rating(b))));
    }
  }

  TEST_CASE("check_tier agrees with the full solve where the order of the Extreme techniques matters") {
    // Boards of the shared data sets (sudoku_exchange diabolical and rated sample, qqwing expert)
    // on which a unique rectangle acts: trying the Extreme techniques in another order inside the
    // tier (a speed-up once tried) ended on another fixpoint, so check_tier disagreed with the full
    // solve, both ways (an Extreme board not solved, an Evil one solved within Extreme), and
    // generation made a puzzle marked invalid.
    const char* boards[] = {
        "080020000040800367010403000003000150200000006096000200000307010764001030000060070",
        "..8......1.....6.7....71..9.7..8..3....51.7.6..3.6.8.5..765...3.4...8......43....",
        ".8..2.....4.8..367.1.4.3.....3...15.2.......6.96...2.....3.7.1.764..1.3.....6..7.",
        "8.13......9..7.48......2..9....9.81..7.4.8.9..58.1....7..1......84.3..6......45.2",
        "8..3....5.7.8.1.6...1.9.4...8.....16..3...5..61.....2...5.7.8...3.4.9.5.9....5..2",
        "...6.1...8...4...2..6...3............732.568..8..1..2.9...8...6.62...89.4...3...1",
        "...987..2..1.3.........46.71.....3.9.2..6..8.5.8.....46.72.........9.8..9..718...",
    };
    for (const char* text : boards) {
      INFO(text);
      const Grid9 g = *parse_grid9(text).grid;
      const LogicResult9 full = solve_logically(g);
      REQUIRE(full.solved);
      const TierCheck at = check_tier(g, full.tier);
      CHECK(at.solved);
      CHECK(at.tier == full.tier);
      if (full.tier != Grade::easy)
        CHECK_FALSE(solvable_within(g, static_cast<Grade>(static_cast<int>(full.tier) - 1)));
    }
  }

  TEST_CASE("TierMemo answers as check_tier, from memory when the singles closure repeats") {
    // Boards of several tiers, each followed by boards with the same singles closure (a given that
    // singles bring back removed, a cell singles fill given) and by a board with more givens (a
    // new closure), then the first board again: a memory keyed wrongly, or answering from the
    // wrong entry, gives another board's answer.
    const char* boards[] = {
        "080020000040800367010403000003000150200000006096000200000307010764001030000060070",
        "..8......1.....6.7....71..9.7..8..3....51.7.6..3.6.8.5..765...3.4...8......43....",
        "8.13......9..7.48......2..9....9.81..7.4.8.9..58.1....7..1......84.3..6......45.2",
        "...987..2..1.3.........46.71.....3.9.2..6..8.5.8.....46.72.........9.8..9..718...",
        "..6....3..5...19.2..295....8...1.......4.5.......7...4....932..1.38...7..2....6..",
    };
    std::vector<Grid9> sequence;
    for (const char* text : boards) {
      const Grid9 g = *parse_grid9(text).grid;
      Grid9 values;
      CandidateMasks masks;
      REQUIRE(detail::singles_closure(g, values, masks));
      const auto same_closure = [&](const Grid9& x) {
        Grid9 v;
        CandidateMasks m;
        return detail::singles_closure(x, v, m) && v == values && m == masks;
      };
      sequence.push_back(g);
      for (int c = 0; c < kCells; ++c) {  // the first given whose removal keeps the closure
        if (!g.cells[c]) continue;
        Grid9 fewer = g;
        fewer.cells[c] = 0;
        if (same_closure(fewer)) {
          sequence.push_back(fewer);
          break;
        }
      }
      for (int c = 0; c < kCells; ++c) {  // a cell singles fill, given
        if (g.cells[c] || !values.cells[c]) continue;
        Grid9 more = g;
        more.cells[c] = values.cells[c];
        REQUIRE(same_closure(more));
        sequence.push_back(more);
        break;
      }
      const LogicResult9 full = solve_logically(g);
      REQUIRE(full.solved);
      Grid9 helped = g;  // a new closure: four more givens from the solution
      for (int c = 0, added = 0; c < kCells && added < 4; ++c) {
        if (values.cells[c]) continue;
        helped.cells[c] = full.final_grid.cells[c];
        ++added;
      }
      REQUIRE_FALSE(same_closure(helped));
      sequence.push_back(helped);
      sequence.push_back(g);
    }
    for (Grade tier : {Grade::medium, Grade::hard, Grade::extreme, Grade::evil}) {
      INFO(grade_id(tier));
      TierMemo memo(tier);
      std::set<std::pair<bool, Grade>> answers;
      for (const Grid9& g : sequence) {
        const TierCheck fresh = check_tier(g, tier);
        const TierCheck remembered = memo.check(g);
        CHECK(remembered.solved == fresh.solved);
        CHECK(remembered.tier == fresh.tier);
        answers.insert({fresh.solved, fresh.tier});
      }
      CHECK(answers.size() >= 2);  // boards with different answers share the memory
      // Each of the 5 boards' repeat, and its variant with a cell singles fill (always found), is
      // answered from memory; the variant with a given fewer, when one exists, too.
      CHECK(memo.hits() >= 2 * 5);
    }
  }

  TEST_CASE("TierMemo replaces its oldest answer and still answers as check_tier") {
    // More boards with distinct open closures than the memory holds, each asked twice in a row (the
    // second from memory), then all again: an entry replaced with a new key but an old answer, or
    // a replaced entry still answering, gives another board's answer.
    const char* boards[] = {
        "..8......1.....6.7....71..9.7..8..3....51.7.6..3.6.8.5..765...3.4...8......43....",
        "8.13......9..7.48......2..9....9.81..7.4.8.9..58.1....7..1......84.3..6......45.2",
        "...987..2..1.3.........46.71.....3.9.2..6..8.5.8.....46.72.........9.8..9..718...",
        "..6....3..5...19.2..295....8...1.......4.5.......7...4....932..1.38...7..2....6..",
    };
    std::vector<Grid9> distinct;
    std::set<std::string> closures;  // the open closures' values, as text
    const auto open_closure = [](const Grid9& g, Grid9& values) {
      CandidateMasks masks;
      return detail::singles_closure(g, values, masks) && !values.is_full();
    };
    for (const char* text : boards) {
      const Grid9 g = *parse_grid9(text).grid;
      Grid9 values;
      REQUIRE(open_closure(g, values));
      distinct.push_back(g);
      closures.insert(to_string(values));
      for (int c = 0, taken = 0; c < kCells && taken < 5; ++c) {  // boards with one given fewer
        if (!g.cells[c]) continue;
        Grid9 fewer = g;
        fewer.cells[c] = 0;
        Grid9 v;
        if (!open_closure(fewer, v) || !closures.insert(to_string(v)).second) continue;
        distinct.push_back(fewer);
        ++taken;
      }
    }
    REQUIRE(distinct.size() == closures.size());
    REQUIRE(distinct.size() > 16);
    for (Grade tier : {Grade::medium, Grade::hard, Grade::extreme}) {
      INFO(grade_id(tier));
      TierMemo memo(tier);
      for (int pass = 0; pass < 2; ++pass) {
        for (const Grid9& g : distinct) {
          for (int twice = 0; twice < 2; ++twice) {
            const TierCheck fresh = check_tier(g, tier);
            const TierCheck remembered = memo.check(g);
            CHECK(remembered.solved == fresh.solved);
            CHECK(remembered.tier == fresh.tier);
          }
        }
      }
      CHECK(memo.hits() == 2 * static_cast<long>(distinct.size()));  // every second ask, none else
    }
  }

  TEST_CASE("singles_open_cells: the closure's open cells, or a count under at_least") {
    const char* boards[] = {
        "080020000040800367010403000003000150200000006096000200000307010764001030000060070",
        "..6....3..5...19.2..295....8...1.......4.5.......7...4....932..1.38...7..2....6..",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    };
    for (const char* text : boards) {
      INFO(text);
      const Grid9 g = *parse_grid9(text).grid;
      Grid9 values;
      CandidateMasks masks;
      REQUIRE(detail::singles_closure(g, values, masks));
      const int open = kCells - values.clue_count();
      CHECK(detail::singles_open_cells(g) == open);
      for (int at_least = 1; at_least <= kCells; ++at_least) {
        const int got = detail::singles_open_cells(g, at_least);
        if (at_least <= open) CHECK(got == open);
        else CHECK(got < at_least);
      }
    }
    Grid9 clash{};
    clash.cells[0] = clash.cells[1] = 5;
    CHECK(detail::singles_open_cells(clash) == kCells);
  }

}  // TEST_SUITE
