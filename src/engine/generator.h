// Generator: puzzles of every shape behind one entry point. 9x9 goes to the 9x9 engine
// (generate(GenerateOptions9), unchanged: same puzzles for the same seeds); the other shapes get a seeded
// complete grid and a symmetric dig that keeps the puzzle unique, graded by the logic
// solver.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/generator9.h"
#include "engine/batch_progress.h"
#include "engine/grid.h"

namespace puzzlepress::engine {

// --- grades a shape offers, and their clue bands ---

/// The grades a shape offers, easiest first: every grade for 9x9, 12x12 and 16x16; easy,
/// medium, hard for 8x8; easy and medium for 4x4 and 6x6. (README "Sizes" gives the reasons.)
std::span<const Grade> offered_grades(Shape shape);
bool offers_grade(Shape shape, Grade grade);
/// e.g. "grade 'hard' is not offered for 4x4 (offered: easy, medium)".
std::string grade_not_offered_message(Shape shape, Grade grade);

/// The clue band of a grade on a shape (clue_band(grade) for 9x9). For a grade the shape
/// does not offer: the band of its hardest offered grade.
ClueBand clue_band(Shape shape, Grade grade);

/// Forcing-chain steps a generated board of `shape` may need (< 0: no limit; both gradings).
/// 0 for 16x16, whose Evil boards need alternating inference chains but no forcing chain:
/// there a forcing chain follows dozens of singles from each of hundreds of assumptions, which
/// is trial and error in all but name for a person, and rating such a board takes seconds.
/// No limit elsewhere. The grader still knows forcing chains on every shape.
int max_forcing_steps(Shape shape);

// --- generation ---

/// GenerateOptions9 with a shape. For 9x9 the GenerateOptions9 part is passed to generate().
struct GenerateOptions : GenerateOptions9 {
  Shape shape = kShape9x9;
  /// Every symbol appears among the givens (a unique puzzle lacks at most one): for skins whose
  /// symbols a solver cannot infer (shapes, a word's letters). A puzzle that lacks one is drawn
  /// again from symbol_retry_seed(seed, 1), (seed, 2), … (at most kMaxSymbolRetries); the
  /// result keeps `seed` and counts the draws in Puzzle::symbol_retries.
  bool every_symbol_given = false;
};

/// Draws generate() makes at most, beyond the first, for GenerateOptions::every_symbol_given.
constexpr int kMaxSymbolRetries = 64;

/// The seed of retry `retry` (>= 1) of the puzzle seeded `seed` (a MurmurHash3 finaliser mix, off
/// the seed + k * kBatchSeedStep line of a book's other puzzles).
std::uint32_t symbol_retry_seed(std::uint32_t seed, int retry);

/// Whether every symbol 1..N of `grid`'s shape appears in it.
bool shows_every_symbol(const Grid& grid);

/// A generated puzzle of any shape with everything needed to print it and re-check it later:
/// the facts Puzzle9 records too, the shape, and the grids as Grids.
struct Puzzle : PuzzleFacts {
  Shape shape = kShape9x9;
  Grid givens;
  Grid solution;
  /// Set when rated and the logic solver cannot finish the board (rating is kTrialRating).
  bool needs_trial = false;
  /// Draws made again because the givens lacked a symbol (GenerateOptions::every_symbol_given).
  int symbol_retries = 0;
};

/// A 9x9 Puzzle9 as a Puzzle, and back (to_puzzle requires a 9x9 shape).
Puzzle from_puzzle(const Puzzle9& puzzle);
Puzzle9 to_puzzle(const Puzzle& puzzle);

/// The cell removed together with `cell` under `symmetry` on an N x N grid:
/// rotational N*N-1-cell, mirror (r, N-1-c), diagonal (c, r), none the cell itself.
int symmetric_partner(Shape shape, int cell, Symmetry symmetry);

/// A complete legal grid of `shape` from `rng` (9x9: fill_solution's grid).
Grid fill_solution(Shape shape, Mulberry32& rng);

/// The puzzle for `options`; the same options give the same puzzle on every platform.
/// 9x9: generate() with the same options, converted. A grade the shape does not offer gives an
/// invalid puzzle with empty givens (check offers_grade first and refuse with
/// grade_not_offered_message).
Puzzle generate(const GenerateOptions& options);

/// Called by generate_batch with each puzzle and its index, in index order.
using InOrderPuzzles = std::function<void(std::size_t index, const Puzzle& puzzle)>;

/// Generates every item; result[i] is generate(items[i]) whatever `jobs` is (<= 0: one
/// worker per hardware thread). A throwing generation or progress callback stops the others;
/// the first exception is rethrown.
/// With `in_order`, each puzzle is also handed to it in index order (0, 1, 2, …) as soon as it
/// and every puzzle before it are made: on a worker thread, never on two at once, while later
/// puzzles are still being generated (a caller may lay out pages as their puzzles arrive).
/// Only when `in_order` runs depends on `jobs`. `progress` for an item comes after the
/// deliveries its finishing caused. If `in_order` throws, generation stops and the exception is
/// rethrown here.
std::vector<Puzzle> generate_batch(std::span<const GenerateOptions> items, int jobs, const BatchProgress& progress = {},
                                   const InOrderPuzzles& in_order = {});

/// validate() for any shape (9x9: validate(to_puzzle(puzzle)), word for word). Every problem
/// found, in this order: an unsupported shape (alone); the solution is not a complete legal
/// grid; a given differs from the solution ("r3c12: given A but the solution has 2"); the stored
/// clue count differs; the givens have no or several solutions; the shape does not offer the
/// grade; the clue count is outside the band.
std::vector<std::string> validate(const Puzzle& puzzle);

}  // namespace puzzlepress::engine
