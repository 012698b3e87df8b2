// Figures: puzzles as render draws them. The one place a puzzle's cell value becomes a printed
// symbol (symbol_of), and the one place a puzzle's label line is decided.
#pragma once

#include <string>

#include "engine/generator.h"
#include "engine/grid.h"
#include "render/figure.h"

namespace puzzlepress::book {

/// The printed symbol of cell value 1..9: "1".."9".
std::string symbol_of(int value);

/// The givens, inked as given; empty cells blank.
render::Figure puzzle_figure(const engine::Grid& givens);
/// The givens inked as given, every other cell of `solution` inked as solved (a 0 there stays
/// blank).
render::Figure solution_figure(const engine::Grid& givens, const engine::Grid& solution);

/// Puzzle `number` on a puzzle page: "Puzzle 17", its grade's name and stars — for its tier
/// when it was graded by techniques (the tier is then its grade), for its grade otherwise.
render::FigureSlot puzzle_slot(const engine::Puzzle& puzzle, int number);
/// Its solution on an answer page: "Puzzle 17" and the filled grid.
render::FigureSlot solution_slot(const engine::Puzzle& puzzle, int number);

/// The example on the how-to-play page: a valid solution (row r, col c holds
/// (3r + r/3 + c) mod 9 + 1) with a scattering of cells shown, its first box shaded.
render::Figure how_to_play_figure();

}  // namespace puzzlepress::book
