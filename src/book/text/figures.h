// Figures: puzzles as render draws them. The one place a puzzle's cell value becomes a printed
// symbol (symbol_cell: a digit or letter as text, a shape as a render mark), and the one place
// a puzzle's label line is decided.
#pragma once

#include <string>

#include "book/text/skin.h"
#include "book/text/wording.h"
#include "engine/generator9.h"
#include "engine/grid9.h"
#include "engine/generator.h"
#include "engine/grid.h"
#include "engine/killer.h"
#include "engine/variant.h"
#include "render/figure.h"

namespace puzzlepress::book {

/// The printed digit of cell value 1..9: "1".."9".
std::string symbol_of(int value);

/// Symbol `value` (1..N) of `symbols` inked `ink`: its text (digits, letters) or its mark
/// (shapes). Precondition: symbols_problem(symbols, shape) is empty and 1 <= value <= N.
render::FigureCell symbol_cell(const SymbolSet& symbols, int value, render::Ink ink);

/// The givens, inked as given; empty cells blank.
render::Figure puzzle_figure(const engine::Grid& givens, const SymbolSet& symbols);
/// The givens inked as given, every other cell of `solution` inked as solved (a 0 there stays
/// blank); the row that spells a letters word (symbols.word_row) shaded.
render::Figure solution_figure(const engine::Grid& givens, const engine::Grid& solution, const SymbolSet& symbols);

/// Draws the houses `layout` adds to a grid of its shape: a jigsaw's regions (each tinted a
/// light grey when `tint`), an x sudoku's two diagonals, a hyper sudoku's four windows; a
/// classic layout adds nothing. Precondition: figure.size == layout.shape.size().
void show_kind(render::Figure& figure, const engine::Layout& layout, bool tint = false);

/// Draws `killer`'s cages on `figure` (render::Figure::cages), each sum in digits.
/// Precondition: figure.size == killer.shape.size().
void show_cages(render::Figure& figure, const engine::Killer& killer);

/// A killer puzzle `number` on a puzzle page: "Puzzle 17", its grade and stars (as puzzle_slot)
/// and its cages.
render::FigureSlot killer_slot(const engine::Puzzle& puzzle, const engine::Killer& killer, const SymbolSet& symbols,
                               int number, const Wording& words);

/// The killer How to Play example: `puzzle`'s cages with the first cage filled in from its
/// solution (inked as solved) and shaded.
render::Figure killer_example_figure(const engine::Puzzle& puzzle, const engine::Killer& killer,
                                     const SymbolSet& symbols);

/// A kind's How to Play example: `puzzle`'s givens with one of the kind's houses filled in
/// from its solution (inked as solved): an x sudoku's first (main) diagonal, a hyper sudoku's
/// first window, a jigsaw's region holding the top-left cell (shaded too, and no region tinted,
/// so that it stands out). Precondition: layout.kind is not classic.
render::Figure kind_example_figure(const engine::Puzzle& puzzle, const engine::Layout& layout,
                                   const SymbolSet& symbols);

/// Puzzle `number` on a puzzle page: "Puzzle 17", its grade's name and stars — for its tier
/// when it was graded by techniques (the tier is then its grade), for its grade otherwise.
render::FigureSlot puzzle_slot(const engine::Puzzle& puzzle, const SymbolSet& symbols, int number,
                               const Wording& words);
/// Its solution on an answer page: "Puzzle 17" and the filled grid.
render::FigureSlot solution_slot(const engine::Puzzle& puzzle, const SymbolSet& symbols, int number,
                                 const Wording& words);

/// The same for a 9x9 puzzle in digits (sample sheets).
render::FigureSlot puzzle_slot(const engine::Puzzle9& puzzle, int number, const Wording& words);
render::FigureSlot solution_slot(const engine::Puzzle9& puzzle, int number, const Wording& words);

/// The example on the how-to-play page of a 9x9 digits book: a valid solution (row r, col c
/// holds (3r + r/3 + c) mod 9 + 1) with a scattering of cells shown, its first box shaded and
/// shown whole (the caption says it holds 1 to 9 once each).
render::Figure how_to_play_figure();
/// The example for another size or skin: the same pattern for `shape` (row r, col c holds
/// (box_cols * (r mod box_rows) + r / box_rows + c) mod N + 1), its first box shaded and shown
/// whole (every symbol appears there) and a scattering of other cells shown.
render::Figure how_to_play_figure(engine::Shape shape, const SymbolSet& symbols);

}  // namespace puzzlepress::book
