// pdf_houses: a grid's houses read back from the printed page (verify --pdf), from geometry
// alone and so the same in every language: which borders between side-by-side cells are drawn
// at the heavier of the grid's two line weights (a jigsaw's regions, the boxes of the other
// kinds) and which cells are shaded render::kHouseShadeGray (an x puzzle's diagonals, a hyper
// puzzle's windows), from the straight lines and the filled rectangles the scan records
// (book/check/pdf_scan.h); then the kind and regions they make, compared with the manifest's.
//
// Units: PDF points, origin bottom-left (the manifest's rects: a grid's outer edge, its border
// included).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "book/check/pdf_scan.h"
#include "book/kdp/geometry.h"
#include "engine/variant.h"

namespace puzzlepress::book {

/// A grid's houses as drawn. Cells row-major (cell = row * size + column).
struct PrintedHouses {
  int size = 0;
  /// The border between a cell and its neighbour on the right (below) drawn heavy; always false
  /// in the last column (row).
  std::vector<bool> heavy_right{};
  std::vector<bool> heavy_below{};
  /// Cells shaded render::kHouseShadeGray (other greys: region tints, a letters solution's
  /// word row, are not).
  std::vector<bool> shaded{};
  friend bool operator==(const PrintedHouses&, const PrintedHouses&) = default;
};

/// Where a grid's cells lie on the page: the border's inner path (the middle of its stroke), the
/// left and top of the cells, and a cell's width and height.
struct CellFrame {
  double left = 0, top = 0, cell_w = 0, cell_h = 0;
};
/// The cells of the `n` x `n` grid printed in `rect` on `page`: the border rectangle's stroke
/// (when the page has one matching `rect`) gives where they start.
CellFrame printed_cell_frame(const PdfPageScan& page, const RectPt& rect, int n);

/// What `layout` prints (book::show_kind): heavy borders between cells of different regions
/// (the shape's boxes unless a jigsaw), the cells of its extra houses shaded.
PrintedHouses houses_of(const engine::Layout& layout);

/// The houses of the `shape` grid printed in `rect` on `page`. A border is the line whose
/// middle is the border's middle: straight strokes (a box as thin as the stroke's width) near a
/// rule of the grid (the border rectangle's stroke, when the page has one matching `rect`,
/// gives where the cells start); the grid's line weights are the thinnest and heaviest of its
/// inner borders, a border heavy when over half way from the one to the other (one weight: no
/// border heavy; a border without a line: not heavy). A cell is shaded when a fill of
/// kHouseShadeGray's ink (a rectangle, or a path known by its box only) covers its middle half.
PrintedHouses read_printed_houses(const PdfPageScan& page, const RectPt& rect, engine::Shape shape);

/// The layout the printed houses make: the heavy borders are the shape's boxes, or a jigsaw's
/// regions (the pieces the heavy borders cut the grid into, when they are N pieces of N cells
/// and each heavy border lies between two of them; numbered in reading order of their first
/// cells); the shading none, the two diagonals (x) or the four windows (hyper) of boxes. None
/// when they make no layout the engine takes (engine::kind_takes), e.g. a jigsaw shaded.
std::optional<engine::Layout> printed_layout(const PrintedHouses& houses, engine::Shape shape);

/// Borders and cells listed one by one in a message before the rest are counted.
inline constexpr int kMaxHouseDifferencesShown = 3;

/// Problems, one line each starting with `where` ("puzzle 61, page 22"), of the printed houses
/// against the manifest's `layout` (empty when houses_of(layout) is what is printed):
///   "…: the grid is printed as kind x, the manifest says hyper" (alone, when the printed houses
///     make a layout of another kind);
///   else "…: the printed regions differ from the manifest's at r3c4/r3c5, r4c4/r5c4, r6c1/r6c2
///     and 2 more borders" ("the printed boxes" when the manifest's kind is not jigsaw), and
///     "…: the printed shading differs from the manifest's (kind x) at r1c1, r2c2, r3c3 and 15
///     more cells"; borders and cells in reading order (a cell's right border, then its lower).
std::vector<std::string> compare_printed_houses(const PrintedHouses& printed, const engine::Layout& layout,
                                                const std::string& where);

}  // namespace puzzlepress::book
