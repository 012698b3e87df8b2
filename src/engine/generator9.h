// Generator: a seeded complete grid, then a symmetric dig that keeps the puzzle unique.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/grade.h"
#include "engine/grid9.h"
#include "engine/rng.h"
#include "engine/technique.h"

namespace puzzlepress::engine {

/// Which cells are removed together during the dig.
///   rotational  cell and its 180-degree partner (80 - i): the newspaper look (default)
///   none        one cell at a time
///   mirror      cell and its left-right mirror (same row, column 8 - c)
///   diagonal    cell and its reflection in the main diagonal (row and column swapped)
enum class Symmetry { rotational, none, mirror, diagonal };
inline constexpr std::array<Symmetry, 4> kAllSymmetries = {Symmetry::rotational, Symmetry::none, Symmetry::mirror,
                                                           Symmetry::diagonal};

std::string_view symmetry_id(Symmetry symmetry);
/// Case-insensitive "rotational" | "none" | "mirror" | "diagonal".
std::optional<Symmetry> parse_symmetry(std::string_view name);

/// The cell removed together with `cell` under `symmetry` (the cell itself when it is its own
/// partner). Inline: digs ask it for every cell they look at.
constexpr int symmetric_partner(int cell, Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::rotational: return kCells - 1 - cell;
    case Symmetry::none: return cell;
    case Symmetry::mirror: return cell / 9 * 9 + (8 - cell % 9);
    case Symmetry::diagonal: return cell % 9 * 9 + cell / 9;
  }
  return cell;
}

/// What a grade means when a puzzle is made.
///   clues       the clue band alone (the reference engine's behaviour)
///   techniques  the band, and the hardest technique the puzzle needs is of the grade's tier:
///               no more and no less (see logic_solver.h for the tiers)
enum class Grading { clues, techniques };
/// In the order messages list them: the default first.
inline constexpr std::array<Grading, 2> kAllGradings = {Grading::techniques, Grading::clues};

std::string_view grading_id(Grading grading);
/// Case-insensitive "clues" | "techniques".
std::optional<Grading> parse_grading(std::string_view name);

/// The options of generate() that every shape shares: generate(GenerateOptions9) makes a 9x9
/// puzzle from them, and GenerateOptions adds the shape (generator.h).
struct GenerateOptions9 {
  Grade grade = Grade::medium;
  std::uint32_t seed = 0;
  Symmetry symmetry = Symmetry::rotational;
  /// Digs per complete solution, each with a fresh order; the one closest to the grade's target
  /// is kept, and the loop ends as soon as one reaches it. At least 1. (9x9 with technique
  /// grading, Medium and Hard: a dig that ends below the tier walks on before the next. Evil:
  /// one balanced dig per solution and up to eight rounds from it, new solutions until a
  /// round reaches the target, or a sixth of this many rounds, rounded up, once some
  /// candidate exists.)
  int attempts = 12;
  Grading grading = Grading::clues;
  /// Complete solutions tried before giving up with an invalid puzzle (technique grading, and
  /// clue grading without allow_trial; on 9x9 the latter only when every one needs trial,
  /// which has never been seen). Every new solution continues the same random stream, so the
  /// puzzle is still determined by its seed alone.
  int max_solutions = 200;
  /// Grade the result with the logic solver (rating, tier, technique counts). Always done with
  /// techniques grading; optional with clues, where it costs time the reference engine does not
  /// spend (the benchmark turns it off).
  bool rate = true;
  /// Also keep puzzles our techniques cannot finish ("needs trial"). Off by default: such a
  /// board is drawn again from the same random stream (clue grading; so the puzzle is still
  /// determined by its seed) or never reached (technique grading, where Evil means "needs
  /// chains", not "needs trial"). With technique grading, allowing trial lets Evil take boards
  /// that need trial; with clue grading on 9x9, it keeps the reference engine's puzzle whatever
  /// it needs.
  bool allow_trial = false;
};

/// What a generated puzzle of any shape records besides its grids: Puzzle9 adds 9x9 grids,
/// Puzzle (generator.h) the shape and grids of any shape.
struct PuzzleFacts {
  std::uint32_t seed = 0;
  Grade grade = Grade::easy;
  Symmetry symmetry = Symmetry::rotational;
  Grading grading = Grading::clues;
  int clues = 0;
  /// Final check: the givens have exactly one solution, the clue count is inside the band, the
  /// shape offers the grade, with technique grading the tier is the grade, and unless
  /// allow_trial the logic solver finishes it. (validate() re-checks all but the tier from the
  /// stored data; the tier is checked by grading again, as `puzzlepress verify` does.)
  bool valid = false;
  /// Uniqueness checks (count-to-2 or differ searches) this puzzle cost, the final one included.
  std::uint64_t uniqueness_checks = 0;
  /// Set when rated (never for a technique-graded puzzle the generator gave up on, whose givens
  /// are empty): hardest step on the SE-like scale of technique.h (kTrialRating when the logic
  /// solver cannot finish), its tier, and the steps of each technique in the logical solve.
  bool rated = false;
  double rating = 0;
  Grade tier = Grade::easy;
  std::array<int, kTechniqueCount> technique_counts{};
  /// Digs made and complete solutions filled to get this puzzle.
  int digs = 0;
  int solutions_tried = 1;
};

/// The facts a puzzle takes from its options before it is made: seed, grade, symmetry and
/// grading; every other field keeps its default.
PuzzleFacts facts_of(const GenerateOptions9& options);

/// A generated 9x9 puzzle with everything needed to print it and to re-check it later.
struct Puzzle9 : PuzzleFacts {
  Grid9 givens;
  Grid9 solution;
};

/// A complete legal grid by randomised backtracking: the empty cell with the fewest candidates
/// first (ties to the lowest cell index), its candidates tried in an rng-shuffled order.
Grid9 fill_solution(Mulberry32& rng);

/// The puzzle for `options`. The same options give the same puzzle on every platform; with the
/// default rotational symmetry and 12 attempts it is also the reference engine's puzzle for
/// the same seed and grade (../shared/anchors/seed-engine.mjs).
Puzzle9 generate(const GenerateOptions9& options);

}  // namespace puzzlepress::engine
