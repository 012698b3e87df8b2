// Canonical forms: one representative per class of equivalent puzzles, so that a catalogue can
// tell "the same puzzle, rotated, mirrored or relabelled" by comparing two strings.
//
// Two puzzles of a kind are equivalent when a transformation of the kind's group maps one onto
// the other. The canonical form of a puzzle is the least, in lexicographic order of its text
// (row-major, '.' for empty, which sorts before every symbol; symbols in order 1..9, A..G), of
// all the images of the puzzle under the group, each image's symbols relabelled in order of
// first appearance (the first symbol read becomes 1, the next new one 2, ...; with relabelling
// left out of the group the symbols keep their values). Relabelling by first appearance gives the
// least text among all relabellings of an arrangement, so this is the minimum over the whole
// group: equivalent puzzles have equal forms, and a form is itself an image of the puzzle, so
// different classes have different forms.
//
// Groups by kind (PuzzleKind):
//   classic  relabelling; permutations of the bands, of the rows within each band, of the stacks
//            and of the columns within each stack; transposition when the boxes are square
//            (4x4, 9x9, 16x16: a 6x6's 2x3 boxes would become 3x2). Its position group has
//            2 * (3!)^8 = 3,359,232 elements for 9x9.
//   killer   the classic position group without relabelling (sums change under it); the cages
//            move with the cells (issue 30 adds the cage layer: cages as part of the text).
//   x, hyper, jigsaw, samurai (issues 29/30) bring their own position groups: X keeps the
//            square's 8 symmetries and the permutations that map both diagonals onto themselves;
//            hyper (windoku) the symmetries of the square that keep the windows; jigsaw only the
//            square's 8 symmetries (applied to the regions too); samurai the square's symmetries
//            of the whole figure. Each plugs in as a list of position permutations (or a
//            search like the classic one) behind canonical_form().
//
// Pure computation; the classic search is a pruned walk over rows (see canonical.cpp): about
// 8 microseconds for a 9x9 puzzle (`puzzlepress bench --canonical`). A full grid's first row
// ties over every column order, which are walked column by column, each order cut as soon as its
// second row is sure to be worse: about 0.1 ms for a full 9x9 grid, 1.3 ms for 16x16.
#pragma once

#include <optional>
#include <string>

#include "engine/grid.h"

namespace puzzlepress::engine {

/// The kinds whose groups are known. Only classic and killer (positions only) are implemented
/// here; the others (issues 29/30) add their groups beside these.
enum class PuzzleKind { classic, killer };

/// What a kind's group allows on a classic geometry.
struct ClassicGroup {
  Shape shape = kShape9x9;
  bool transpose = true;  ///< only honoured for square boxes
  bool relabel = true;    ///< false for kinds whose symbols carry meaning (killer)
};

/// The group of `kind` on `shape`.
ClassicGroup group_of(PuzzleKind kind, Shape shape);

/// The canonical form of `grid` under `group` (see the top of this file). Any board of the
/// shape is accepted, empty or full, legal or not (the search uses only the cell values).
Grid canonical_form(const Grid& grid, const ClassicGroup& group);

/// canonical_form under the classic group of the grid's shape.
Grid canonical_form(const Grid& grid);

/// The canonical form of a solution grid: canonical_form of the full grid. Puzzles with
/// equivalent solutions have equal canonical solutions (`unique_by: solution`).
inline Grid canonical_solution(const Grid& solution) { return canonical_form(solution); }
/// Every supported shape has one (kept for callers that ask).
inline bool has_canonical_solution(Shape shape) { return is_supported(shape); }

/// One element of a classic position group with a relabelling, for tests and for building
/// equivalent puzzles: output cell (r, c) takes input cell (row[r], col[c]) (of the transposed
/// input when `transposed`), and symbol v becomes symbol[v] (symbol[0] = 0).
struct ClassicTransform {
  bool transposed = false;
  std::array<std::uint8_t, kMaxSize> row{};
  std::array<std::uint8_t, kMaxSize> col{};
  std::array<std::uint8_t, kMaxSize + 1> symbol{};
};

/// The identity of `shape`.
ClassicTransform identity_transform(Shape shape);

/// The image of `grid` under `t`. The caller keeps `t` inside the group (rows that stay in
/// bands, columns in stacks); nothing is checked here.
Grid apply_transform(const Grid& grid, const ClassicTransform& t);

}  // namespace puzzlepress::engine
