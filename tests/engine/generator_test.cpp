// The generator on every shape: every puzzle checked with the independent exact-cover
// oracle and rule checker (unique, givens agree with the solution, clue count in the band,
// symmetric), its tier, determinism, the 9x9 dispatch, refused grades and validate.
#include "engine/generator.h"

#include <doctest/doctest.h>

#include <stdexcept>

#include <string>
#include <vector>

#include "engine/batch.h"
#include "engine/validate9.h"
#include "engine/logic.h"
#include "support/rule_checker.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

// Printed by this generator when it was written (6x6 Medium and 16x16 Hard, seed 42).
constexpr const char* kGolden6x6 = "...4....6.155...2..2...115.3....3...";
constexpr const char* kGolden16x16 =
    "D...6..1..7.G.......CB9.D.G..F.7.F..8A...9246BCD.1B.DG32..C.495.2..51.E8B..DF6.....EG.........DACG.4.....68"
    ".E5........6...E7.1....E.3C...B........FA.24.....B.E95D.........93.....417..F5C.ED..6.6AD.1..EFB5.24.4E8326"
    "C...1A..F.1.G..F.E.24C.......F.5..3..8...1";

bool is_symmetric(const Puzzle& p) {
  for (int i = 0; i < p.shape.cells(); ++i)
    if ((p.givens.cells[i] == 0) != (p.givens.cells[symmetric_partner(p.shape, i, p.symmetry)] == 0)) return false;
  return true;
}

// Every check a printed puzzle must pass, made with the independent checker.
void check_board(const Puzzle& p) {
  const std::string givens = to_string(p.givens), solution = to_string(p.solution);
  CHECK(p.valid);
  CHECK(t::is_complete_legal_any_size(solution));
  CHECK(t::agrees_with_any_size(givens, solution));
  CHECK(t::count_solutions_exact_cover(givens, 2) == 1);
  CHECK(t::first_solution_exact_cover(givens) == solution);
  const ClueBand band = clue_band(p.shape, p.grade);
  CHECK(p.clues == p.givens.clue_count());
  CHECK(p.clues >= band.min);
  CHECK(p.clues <= band.max);
  CHECK(is_symmetric(p));
  CHECK(p.rated);
  CHECK_FALSE(p.needs_trial);
  CHECK(validate(p).empty());
}

GenerateOptions options(Shape s, Grade g, std::uint32_t seed, Grading grading = Grading::techniques) {
  GenerateOptions o;
  o.shape = s;
  o.grade = g;
  o.seed = seed;
  o.grading = grading;
  return o;
}

}  // namespace

TEST_SUITE("generator of any shape") {
  TEST_CASE("technique grading: every shape and offered grade, checked independently") {
    for (Shape s : kAllShapes) {
      if (s == kShape9x9) continue;
      for (Grade g : offered_grades(s)) {
        for (std::uint32_t seed = 1; seed <= 3; ++seed) {
          const Puzzle p = generate(options(s, g, seed));
          INFO(shape_id(s) << " " << grade_id(g) << " seed " << seed << " " << to_string(p.givens));
          check_board(p);
          CHECK(p.tier == g);
          CHECK(p.grading == Grading::techniques);
          if (max_forcing_steps(s) >= 0)
            CHECK(p.technique_counts[static_cast<int>(Technique::forcing_chain)] <= max_forcing_steps(s));
        }
      }
    }
  }

  TEST_CASE("every_symbol_given: every symbol among the givens, the grade kept, the seed kept") {
    // Counted by hand here (no engine code): the distinct symbols of the givens string.
    const auto distinct = [](const std::string& givens) {
      std::string seen;
      for (char c : givens)
        if (c != '.' && seen.find(c) == std::string::npos) seen += c;
      return static_cast<int>(seen.size());
    };
    int retried = 0;
    for (Shape s : {kShape4x4, kShape6x6, kShape9x9}) {
      for (Grade g : offered_grades(s)) {
        for (std::uint32_t seed = 1; seed <= 12; ++seed) {
          GenerateOptions o = options(s, g, seed * 7919u);
          o.every_symbol_given = true;
          const Puzzle p = generate(o);
          INFO(shape_id(s) << " " << grade_id(g) << " seed " << o.seed << " " << to_string(p.givens));
          check_board(p);
          CHECK(p.tier == g);
          CHECK(p.seed == o.seed);
          CHECK(distinct(to_string(p.givens)) == s.size());
          CHECK(shows_every_symbol(p.givens));
          // Without a retry the puzzle is the plain one; a retry is the plain puzzle of its seed.
          o.every_symbol_given = false;
          const Puzzle plain = generate(o);
          if (p.symbol_retries == 0) {
            CHECK(plain.givens == p.givens);
          } else {
            ++retried;
            CHECK(distinct(to_string(plain.givens)) == s.size() - 1);
            o.seed = symbol_retry_seed(o.seed, p.symbol_retries);
            CHECK(generate(o).givens == p.givens);
          }
        }
      }
    }
    CHECK(retried > 0);  // the case exists: a unique puzzle may lack one symbol
  }

  TEST_CASE("clue grading: in the band, unique and solvable by logic") {
    for (Shape s : kAllShapes) {
      if (s == kShape9x9) continue;
      for (Grade g : {offered_grades(s).front(), offered_grades(s).back()}) {
        const Puzzle p = generate(options(s, g, 5, Grading::clues));
        INFO(shape_id(s) << " " << grade_id(g) << " " << to_string(p.givens));
        check_board(p);
        CHECK(solve_logically(p.givens).solved);
      }
    }
  }

  TEST_CASE("clue grading under every symmetry stays in the band (4x4 mirror digs can stick above it)") {
    for (Symmetry sym : kAllSymmetries) {
      for (Shape s : {kShape4x4, kShape6x6}) {
        for (std::uint32_t seed = 1; seed <= 60; ++seed) {
          GenerateOptions o = options(s, Grade::medium, seed, Grading::clues);
          o.symmetry = sym;
          const Puzzle p = generate(o);
          INFO(shape_id(s) << " " << symmetry_id(sym) << " seed " << seed << " " << to_string(p.givens));
          CHECK(p.valid);
          CHECK(p.clues <= clue_band(s, Grade::medium).max);
          CHECK(t::count_solutions_exact_cover(to_string(p.givens), 2) == 1);
        }
      }
    }
  }

  TEST_CASE("other symmetries") {
    for (Symmetry sym : {Symmetry::none, Symmetry::mirror, Symmetry::diagonal}) {
      for (Shape s : {kShape6x6, kShape12x12}) {
        GenerateOptions o = options(s, Grade::medium, 11);
        o.symmetry = sym;
        const Puzzle p = generate(o);
        INFO(shape_id(s) << " " << symmetry_id(sym));
        CHECK(p.symmetry == sym);
        check_board(p);
      }
    }
    CHECK(symmetric_partner(kShape6x6, 0, Symmetry::rotational) == 35);
    CHECK(symmetric_partner(kShape6x6, 1, Symmetry::mirror) == 4);
    CHECK(symmetric_partner(kShape6x6, 1, Symmetry::diagonal) == 6);
    CHECK(symmetric_partner(kShape6x6, 7, Symmetry::none) == 7);
  }

  TEST_CASE("same options, same puzzle; a batch is the same for any number of threads") {
    std::vector<GenerateOptions> items;
    for (std::uint32_t k = 0; k < 6; ++k) {
      const Shape s = kAllShapes[k];
      items.push_back(options(s, k % 2 ? Grade::medium : Grade::easy, batch_seed(42, k)));
    }
    const auto one = generate_batch(items, 1);
    const auto two = generate_batch(items, 2);
    REQUIRE(one.size() == items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
      const Puzzle again = generate(items[i]);
      CHECK(one[i].givens == two[i].givens);
      CHECK(one[i].solution == two[i].solution);
      CHECK(again.givens == one[i].givens);
      CHECK(again.rating == one[i].rating);
      CHECK(one[i].seed == items[i].seed);
      CHECK(one[i].shape == items[i].shape);
    }
    std::size_t calls = 0;
    generate_batch(items, 2, [&](std::size_t done, std::size_t total) {
      ++calls;
      CHECK(done <= total);
    });
    CHECK(calls == items.size());
  }

  TEST_CASE("a batch hands its puzzles over in order, each once, as the batch returns them") {
    std::vector<GenerateOptions> items;
    for (std::uint32_t k = 0; k < 9; ++k) {
      items.push_back(options(k % 3 ? kShape6x6 : kShape4x4, k % 2 ? Grade::medium : Grade::easy, batch_seed(7, k)));
    }
    for (int jobs : {1, 2, 4}) {
      INFO("jobs " << jobs);
      std::vector<std::size_t> order;
      std::vector<Puzzle> handed;
      const auto batch = generate_batch(items, jobs, {}, [&](std::size_t i, const Puzzle& p) {
        order.push_back(i);
        handed.push_back(p);
      });
      REQUIRE(order.size() == items.size());
      for (std::size_t i = 0; i < items.size(); ++i) {
        CHECK(order[i] == i);
        CHECK(handed[i].givens == batch[i].givens);
        CHECK(handed[i].seed == items[i].seed);
      }
    }
    // A throwing receiver stops the batch, and its exception comes out.
    std::size_t received = 0;
    CHECK_THROWS_WITH(generate_batch(items, 2, {},
                                     [&](std::size_t i, const Puzzle&) {
                                       ++received;
                                       if (i == 2) throw std::runtime_error("stop at 2");
                                     }),
                      "stop at 2");
    CHECK(received == 3);
  }

  TEST_CASE("golden: the first 16x16 and 6x6 puzzles for seed 42 stay the same") {
    // Any change to the fill, dig or grader shows up here (and changes every book of these sizes).
    const Puzzle six = generate(options(kShape6x6, Grade::medium, 42));
    const Puzzle sixteen = generate(options(kShape16x16, Grade::hard, 42));
    CHECK(to_string(six.givens) == kGolden6x6);
    CHECK(to_string(sixteen.givens) == kGolden16x16);
  }

  TEST_CASE("9x9 is the 9x9 engine's puzzle, field for field") {
    for (Grading grading : {Grading::clues, Grading::techniques}) {
      for (Grade g : kAllGrades) {
        GenerateOptions o = options(kShape9x9, g, 7, grading);
        GenerateOptions9 nine;
        nine.grade = g;
        nine.seed = 7;
        nine.grading = grading;
        const Puzzle9 a = generate(nine);
        const Puzzle b = generate(o);
        CHECK(b.givens == from_grid(a.givens));
        CHECK(b.solution == from_grid(a.solution));
        CHECK(b.clues == a.clues);
        CHECK(b.valid == a.valid);
        CHECK(b.rating == a.rating);
        CHECK(b.tier == a.tier);
        CHECK(b.technique_counts == a.technique_counts);
        CHECK(b.digs == a.digs);
        CHECK(b.uniqueness_checks == a.uniqueness_checks);
        const Puzzle9 back = to_puzzle(b);
        CHECK(back.givens == a.givens);
        CHECK(back.seed == a.seed);
        CHECK(validate(b) == validate(a));
      }
    }
  }

  TEST_CASE("grades a shape does not offer are refused by name") {
    CHECK(offers_grade(kShape4x4, Grade::medium));
    CHECK_FALSE(offers_grade(kShape4x4, Grade::hard));
    CHECK_FALSE(offers_grade(kShape6x6, Grade::evil));
    for (Shape s : {kShape8x8, kShape9x9, kShape12x12, kShape16x16})
      for (Grade g : kAllGrades) CHECK(offers_grade(s, g));
    CHECK(grade_not_offered_message(kShape4x4, Grade::hard) ==
          "grade 'hard' is not offered for 4x4 (offered: easy, medium)");
    CHECK(grade_not_offered_message(kShape6x6, Grade::extreme) ==
          "grade 'extreme' is not offered for 6x6 (offered: easy, medium)");
    const Puzzle p = generate(options(kShape6x6, Grade::hard, 1));
    CHECK_FALSE(p.valid);
    CHECK(p.clues == 0);
    CHECK(validate(p).back() == "grade 'hard' is not offered for 6x6 (offered: easy, medium)");
  }

  TEST_CASE("clue bands: inside the grid, ordered, 9x9's unchanged") {
    for (Grade g : kAllGrades) {
      CHECK(clue_band(kShape9x9, g).target == clue_band(g).target);
      CHECK(clue_band(kShape9x9, g).min == clue_band(g).min);
    }
    for (Shape s : kAllShapes)
      for (Grade g : offered_grades(s)) {
        const ClueBand b = clue_band(s, g);
        CHECK(b.min <= b.target);
        CHECK(b.target <= b.max);
        CHECK(b.max < s.cells());
      }
  }

  TEST_CASE("validate_sized names every problem") {
    Puzzle p = generate(options(kShape12x12, Grade::easy, 3));
    REQUIRE(validate(p).empty());
    int given = 0;
    while (!p.givens.cells[given]) ++given;
    const int right = p.givens.cells[given];
    p.givens.cells[given] = static_cast<std::uint8_t>(right % 12 + 1);
    const std::string cell = "r" + std::to_string(given / 12 + 1) + "c" + std::to_string(given % 12 + 1);
    auto problems = validate(p);
    REQUIRE_FALSE(problems.empty());
    CHECK(problems[0] ==
          cell + ": given " + symbol_char(right % 12 + 1) + " but the solution has " + symbol_char(right));
    p.givens.cells[given] = static_cast<std::uint8_t>(right);
    p.clues += 1;
    problems = validate(p);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] ==
          "clue count is stored as " + std::to_string(p.clues) + " but the givens have " + std::to_string(p.clues - 1));
    for (int c = 0; c < 144 && p.givens.clue_count() > 70; ++c) p.givens.cells[c] = 0;  // below the band
    p.clues = p.givens.clue_count();
    problems = validate(p);
    CHECK(problems.back() == "70 clues is outside the Easy band 72-96");
    Puzzle odd;
    odd.shape = Shape{3, 2};
    CHECK(validate(odd) == std::vector<std::string>{"shape 6x6 is not supported"});
  }
}
