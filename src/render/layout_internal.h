// Helpers shared by the layout_*.cpp files. Not part of the render API.
#pragma once

#include <string_view>
#include <vector>

#include "render/layout.h"

namespace puzzlepress::render::detail {

enum class Align { left, centre, right };

/// A Page sized like the frame, with trim/bleed boxes when frame.bleed.
Page empty_page(const PageFrame& frame);

/// The content box less the band reserved at its bottom for the folio.
Box body_box(const PageFrame& frame, const LayoutStyle& style);

/// Adds the folio (if any) at the outer bottom corner of the content box.
void add_folio(Page& page, const PageFrame& frame, const LayoutStyle& style, const TextMeasure& measure);

/// A measured text run; `x` is the left end, centre or right end per `align`.
TextRun make_text(std::string_view text, FontRole role, double size_pt, double x, double baseline, Align align,
                  const TextMeasure& measure, double gray = 0);
TextRun make_text(std::string_view text, FontRole role, double size_pt, double x, double baseline, Align align,
                  const TextMeasure& measure, const Colour& colour);

/// Appends a line. (Out of line: GCC 12 warns falsely about std::variant moves otherwise.)
void add_line(std::vector<Item>& items, const Line& line);

/// Line weights of a grid, points.
struct GridLines {
  double cell_pt;
  double box_pt;
  double border_pt;
};

/// Inks of a figure: its lines, given and solved symbols, and the shaded box.
struct FigureColours {
  Colour line = Colour::gray(0);
  Colour given = Colour::gray(0);
  Colour solved = Colour::gray(0.45);
  Colour shade = Colour::gray(0.82);
  Colour house_shade = Colour::gray(kHouseShadeGray);  ///< Figure::extra_houses
};
/// The colours of an interior figure: black, solved symbols in style.solved_symbol_gray.
FigureColours interior_colours(const LayoutStyle& style);

/// Lines painting `figure`'s grid (cell lines, then box lines over them, then the border; with
/// regions, the region lines of add_region_lines instead of box lines) whose border's outer
/// edge is `grid`.
void add_grid(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
              const Colour& colour = Colour::gray(0));

/// Throws std::invalid_argument when `figure`'s regions, region_tint or extra_houses break
/// their invariants (render/figure.h). (layout_houses.cpp)
void check_houses(const Figure& figure);
/// Each region id's index into kRegionTints (-1 for ids no cell has): regions sharing a side
/// differ, and the fewest tints are used. All -1 without regions.
std::vector<int> region_tints(const Figure& figure);
/// The region tints and the extra houses' shading of `figure` (nothing when it has neither).
void add_house_shading(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
                       const FigureColours& colours);
/// The cell lines and region borders of a figure with regions (add_grid's lines without the
/// border): thin runs, then heavy ones over them.
void add_region_lines(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
                      const Colour& colour);

/// A figure's killer cages (Figure::cages): dashed outlines inset from the cell edges, and each
/// sum over a paper patch in its cage's first cell. Nothing without cages.
void add_cages(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
               const FigureColours& colours, const TextMeasure& measure);

/// Centre of cell (row, col) of a size x size grid drawn by add_grid.
Point cell_centre(const Box& grid, const GridLines& lines, int size, int row, int col);
/// Side of one cell of such a grid.
double cell_side(const Box& grid, const GridLines& lines, int size);

/// Symbol size for a grid: style.symbol_scale x the cell side, never under style.min_text_pt.
double symbol_size(const Box& grid, const GridLines& lines, int size, const LayoutStyle& style);

/// The whole figure: its region tints or extra houses' shading (render/figure.h), its shaded
/// box, row and cells (if any), the grid, and every non-blank cell's symbol in
/// `symbol_pt`, inked per FigureCell::ink. Throws std::invalid_argument for a figure that breaks
/// its invariants.
void add_figure(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
                double symbol_pt, const LayoutStyle& style, const TextMeasure& measure);
/// The same in `colours`.
void add_figure(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
                double symbol_pt, const FigureColours& colours, const TextMeasure& measure);

/// Text centred on `centre` by measured width and cap height.
TextRun centred_symbol(std::string_view symbol, FontRole role, double size_pt, Point centre, const TextMeasure& measure,
                       const Colour& colour);

/// A five-pointed star, point up, whose bounding box is centred on `centre`; `height_pt` is the
/// bounding box's height. Filled in `colour`, or outlined in it when !filled.
Polygon star(Point centre, double height_pt, bool filled, const Colour& colour = Colour::gray(0));
/// Width of such a star's bounding box.
double star_width(double height_pt);

/// The point at `t` (0..1) of the cubic Bézier p0 p1 p2 p3.
Point cubic_point(Point p0, Point p1, Point p2, Point p3, double t);
/// The t in (0, 1) where the curve's x or y has a turning point (so its extent lies among
/// these points and the end points).
std::vector<double> cubic_extremes(Point p0, Point p1, Point p2, Point p3);

/// Lines of wrapped text set from `top` downwards (top = top of the first line's ascent).
/// Returns the y just below the last line's descent.
double add_paragraph(std::vector<Item>& items, std::string_view text, FontRole role, double size_pt, const Box& column,
                     double top, Align align, double line_spacing, const TextMeasure& measure, double gray = 0);
double add_paragraph(std::vector<Item>& items, std::string_view text, FontRole role, double size_pt, const Box& column,
                     double top, Align align, double line_spacing, const TextMeasure& measure, const Colour& colour);

}  // namespace puzzlepress::render::detail
