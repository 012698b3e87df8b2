// Figure: a puzzle grid as render sees it — a size, a box shape, and per cell what to print in
// which ink. Render knows nothing of how the grid was made or what its symbols mean; the book
// module turns puzzles into figures (book/text/figures.h), the one place a cell value becomes a
// printed symbol.
#pragma once

#include <array>
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

/// Grey level (0 black .. 1 white) of extra houses (Figure::extra_houses): 15 % grey, above
/// KDP's 10 % floor for grey fills (lighter may not print) and light enough that black givens
/// and grey solved symbols read at a glance.
inline constexpr double kHouseShadeGray = 0.85;
/// Grey levels of region tints (Figure::region_tint), in the order they are used: the bare
/// paper, then 12 %, 20 % and 28 % grey. Four always suffice (a map of connected regions is
/// planar); a figure uses the fewest its map needs.
inline constexpr std::array<double, 4> kRegionTints = {1.0, 0.88, 0.80, 0.72};

/// Killer cages (Figure::cages). A cage is outlined by a dashed line kCageInsetShare of a cell
/// inside its outer edge (so two cages side by side show two dashed lines with paper between
/// them, and no dash touches a cell line); its sum is printed kCageSumShare of a cell high, in
/// the text face, in its first cell in reading order (its top-left), over a paper patch that
/// breaks the dashes under it. Black and paper only: greyscale-safe.
inline constexpr double kCageInsetShare = 0.12;
inline constexpr double kCageSumShare = 0.30;
/// Dash and gap of a cage outline, whole points (libharu 2.3 writes dash lengths as integers).
inline constexpr double kCageDashPt = 2;
inline constexpr double kCageGapPt = 2;
/// The smallest a cage sum may print: 7 pt. Issue 30 asks for 6.5 pt at least; the book's
/// preflight refuses any text under 7 pt (KDP's smallest type, book/check/preflight.h
/// kMinTextSizePt), and a sum is text, so the floor is 7. Book refuses a layout whose smallest
/// killer cell would print sums under it (kCageSumShare x the cell side: cells of 23.4 pt).
inline constexpr double kMinCageSumPt = 7;

/// A symbol in a figure with cages (a how-to-play example filled in) is at most
/// kCagedSymbolShare of its cell high and centred kCagedSymbolDrop of the cell below the cell's
/// centre, so that its top stays under the sum in the cell's corner (the sum's bottom is about
/// 0.09 + 0.22 = 0.31 of the cell from the top; the symbol's cap top 0.56 - 0.2 = 0.36).
inline constexpr double kCagedSymbolShare = 0.55;
inline constexpr double kCagedSymbolDrop = 0.06;

/// One killer cage: its cells row-major (distinct, in [0, size * size)) and the text of its sum.
struct FigureCage {
  std::vector<int> cells{};
  std::string sum{};
  friend bool operator==(const FigureCage&, const FigureCage&) = default;
};

struct FigureCell {
  std::string symbol;  ///< UTF-8 text printed centred in the cell; ignored when ink is blank
  Ink ink = Ink::blank;
  /// When set, this mark (marks.h) is drawn instead of `symbol`: given marks black, solved ones
  /// in the style's solved grey, sized from the symbol size (kMarkScale).
  std::optional<Mark> mark = std::nullopt;
  friend bool operator==(const FigureCell&, const FigureCell&) = default;
};

/// A size x size grid divided into boxes of box_rows x box_cols cells (heavier lines between
/// boxes), or into irregular regions. Cells row-major: cells[row * size + col]. Invariants
/// (checked by layout, which throws std::invalid_argument): size >= 1, size % box_rows == 0,
/// size % box_cols == 0, cells.size() == size * size, and those of the fields below.
///
/// Houses beyond rows and columns (sudoku variants) are data, not kinds: a jigsaw figure sets
/// `regions`, an X figure lists its two diagonals in `extra_houses`, a hyper figure its four
/// windows. With every new field empty a figure draws as it always did.
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
  /// Irregular regions (jigsaw) instead of boxes: cells row-major -> region id. Empty: the
  /// usual box_rows x box_cols boxes. When set: regions.size() == size * size, every id in
  /// [0, size), each region's cells 4-connected (ids may go unused; no size per region is
  /// asked: render draws what it is given). Box lines are then not drawn (box_rows and
  /// box_cols still meet the invariants above); a region border is drawn at the box line
  /// weight wherever two side-by-side cells lie in different regions, the cell line weight
  /// elsewhere, the border as ever. shaded_box is refused with regions (it names a box).
  std::vector<int> regions;
  /// With regions: each region tinted behind the grid with one of kRegionTints, the regions
  /// sharing a side tinted differently (corners may touch). Refused without regions, and
  /// with extra_houses (their greys would mix).
  bool region_tint = false;
  /// Houses beyond rows, columns and boxes or regions, each a list of cells row-major
  /// (distinct, in [0, size * size)), shaded kHouseShadeGray behind the grid: an X sudoku's
  /// two diagonals, a hyper sudoku's four windows. A cell in several houses is shaded once.
  /// (Shaded cells, not thin lines corner to corner, as most printed X sudoku books do: a line
  /// would cross every digit on the diagonal, and a shaded cell reads as "in the house" at once.)
  /// Painted before shaded_box, shaded_row and shaded_cells, which show over it.
  std::vector<std::vector<int>> extra_houses;
  /// Killer cages (the constants above say how they are drawn); no cell in two cages. Cells
  /// in no cage are allowed (a how-to-play detail may show some cages only).
  std::vector<FigureCage> cages{};
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
  std::string name;     ///< e.g. "Puzzle 17"
  std::string caption;  ///< e.g. "Hard"; may be empty
  /// After the name, in the text face, e.g. "X Sudoku" in a book of several kinds; may be empty.
  /// The first part of the label to go when the line is too wide for the grid.
  std::string kind_label{};
  std::string footnote{};  ///< a line under the grid, e.g. "Solution on page 87"; may be empty
  int stars_filled = 0;
  int stars_total = 0;
};

}  // namespace puzzlepress::render
