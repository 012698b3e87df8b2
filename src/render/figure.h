// Figure: a puzzle grid as render sees it — a size, a box shape, and per cell what to print in
// which ink. Render knows nothing of how the grid was made or what its symbols mean; the book
// module turns puzzles into figures (book/text/figures.h), the one place a cell value becomes a
// printed symbol.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "render/marks.h"

namespace puzzlepress::render {

/// How a cell's symbol is inked.
enum class Ink {
  blank,   ///< nothing printed
  given,   ///< a clue: the symbol face (FontRole::symbol), black
  solved,  ///< filled in by the solution: FontRole::solved_symbol, in the style's grey
};

/// A mark's size (its circle's diameter) per point of symbol size: 0.85 makes the circle a
/// little taller than a digit's capitals (0.73 em), as a filled shape needs to read as easily.
inline constexpr double kMarkScale = 0.85;
/// The most of a cell's side a mark's width or height may take (small cells: the mark shrinks
/// below kMarkScale x symbol size rather than touch the lines).
inline constexpr double kMarkMaxCellShare = 0.78;

struct FigureCell {
  std::string symbol;  ///< UTF-8 text printed centred in the cell; ignored when ink is blank
  Ink ink = Ink::blank;
  /// When set, this mark (marks.h) is drawn instead of `symbol`: given marks black, solved ones
  /// in the style's solved grey, sized from the symbol size (kMarkScale).
  std::optional<Mark> mark = std::nullopt;
  friend bool operator==(const FigureCell&, const FigureCell&) = default;
};

/// A size x size grid divided into boxes of box_rows x box_cols cells (heavier lines between
/// boxes). Cells row-major: cells[row * size + col]. Invariants (checked by layout): size >= 1,
/// size % box_rows == 0, size % box_cols == 0, cells.size() == size * size.
struct Figure {
  int size = 9;
  int box_rows = 3;
  int box_cols = 3;
  std::vector<FigureCell> cells;
  /// A box to shade light grey behind the grid (0-based, row-major over boxes), e.g. to show
  /// what a box is on a how-to-play page.
  std::optional<int> shaded_box;
  /// A row to shade light grey behind the grid (0-based), e.g. to point at a word in it.
  std::optional<int> shaded_row;
  /// Cells to shade behind the grid: (cell row-major, grey level 0 black .. 1 white), e.g. a
  /// technique's pattern in a glossary figure.
  std::vector<std::pair<int, double>> shaded_cells;
  /// Row numbers (1 at the top) at the left and column numbers (1 at the left) above the grid,
  /// small and grey, so that a hint's "r4c2" can be found; puzzle pages make room for them.
  bool row_column_labels = false;

  const FigureCell& at(int row, int col) const { return cells[static_cast<std::size_t>(row * size + col)]; }
  friend bool operator==(const Figure&, const Figure&) = default;
};

/// A figure with its label line. With stars_total > 0 the label is "name" at the left and
/// "caption" plus stars (stars_filled of stars_total) at the right, shrunk to fit (the caption
/// is dropped first); otherwise just the name.
struct FigureSlot {
  Figure figure;
  std::string name;      ///< e.g. "Puzzle 17"
  std::string caption;   ///< e.g. "Hard"; may be empty
  std::string footnote;  ///< a line under the grid, e.g. "Solution on page 87"; may be empty
  int stars_filled = 0;
  int stars_total = 0;
};

}  // namespace puzzlepress::render
