// pdf_grids: every puzzle's grid read back from the printed PDF and compared with the manifest
// (verify --pdf). The symbols inside a grid's rectangle are placed into cells by position:
// digits and letters from the PDF's text (book/check/pdf_reader.h, poppler), shapes from the filled
// paths the page draws (book/check/pdf_scan.h, qpdf), each path recognised by comparing its outline,
// scaled to a unit box, with the outline of every shape of the puzzle's skin (render/marks.h);
// the kind and regions from the lines and shading around them (book/check/pdf_houses.h).
//
// Units: PDF points, origin bottom-left (the manifest's rects).
#pragma once

#include <string>
#include <vector>

#include "book/kdp/geometry.h"
#include "book/manifest/manifest.h"
#include "book/check/pdf_reader.h"
#include "book/check/pdf_scan.h"
#include "book/text/skin.h"
#include "engine/grid.h"

namespace puzzlepress::book {

/// A grid as printed: each cell's symbol index (0 = nothing printed, -1 = something that is no
/// symbol of the set) and, for messages, what the cell shows ("7", "circle", "'Z'", "an unknown
/// shape", "nothing").
struct PrintedGrid {
  engine::Grid grid;              ///< indices, unreadable cells 0
  std::vector<int> cells;         ///< indices, -1 unreadable
  std::vector<std::string> seen;  ///< what each cell shows
  bool readable() const;          ///< no cell is -1
};

/// Reads the grid of `shape` printed in `rect` with `symbols`: for digits and letters, the
/// glyphs whose centre lies inside the rect, each in the cell under its centre, a cell's
/// glyphs joined left to right ("10" would be one symbol); for shapes, the filled paths (not
/// rectangles: shading) whose box centre lies inside the rect.
PrintedGrid read_printed_grid(const std::vector<PdfGlyph>& glyphs, const PdfPageScan& page, const RectPt& rect,
                              engine::Shape shape, const SymbolSet& symbols);

/// Grids reported one by one before the rest are counted.
inline constexpr int kMaxGridsReported = 10;
/// Cells of one grid reported one by one before the rest are counted.
inline constexpr int kMaxCellsReported = 3;

/// Problems, one line each (empty when every grid matches), per puzzle in manifest order:
///   "puzzle 57, page 33, r4c2: PDF shows 7, manifest says 2" (what a cell shows: the symbol,
///     "nothing", 'Z' for text that is no symbol, "an unknown shape"), the first 3 cells of a
///     grid then "puzzle 57, page 33: … and 12 more cells differ";
///   the same for the solution: "puzzle 57, solution page 120, r4c2: …";
///   "puzzle 57, page 141: the PDF has no such page (139 pages)";
///   "puzzle 57, solution page 120, r4c2: PDF shows 3 where the puzzle page shows the given 7";
///   each grid's houses as printed (heavy borders, shaded cells: book/check/pdf_houses.h) held
///     to the manifest's kind and regions, on both pages: "puzzle 61, page 22: the printed
///     regions differ from the manifest's at r3c4/r3c5", "puzzle 12, solution page 90: the grid
///     is printed as kind x, the manifest says hyper", … (compare_printed_houses);
///   a killer's puzzle page: its cages and sums read back and compared with the manifest's
///     killer text, then solved again (book/check/pdf_cages.h): "puzzle 7, page 12: the cage at
///     r3c4 prints sum 14; the manifest says 15";
///   the grid read from the puzzle page solved again by the engine under the kind and regions
///     its page prints (not when they make none): "puzzle 57, page 33: the printed grid has no
///     solution" / "… has more than one solution"; "puzzle 57, solution page 120: the printed
///     solution is not the solution of the printed grid";
///   after kMaxGridsReported puzzles with problems: "… and 40 more puzzles whose printed grids
///   differ".
/// A grid's symbols come from `text` (poppler) on the pages of `poppler_pages` (read ahead on
/// up to `threads` threads), else from its page's scan (PdfPageScan::glyphs, the scan made
/// with keep_glyphs). `text` may be null when `poppler_pages` is empty.
std::vector<std::string> check_printed_grids(const Manifest& manifest, const PdfScan& scan, const PdfTextReader* text,
                                             const std::vector<int>& poppler_pages, int threads = 1);

/// The pages with a digit or letter grid that the scan followed to the end and whose text it
/// could not read whole (glyphs_complete false), or all of them with `every_page`: the pages
/// poppler reads.
std::vector<int> pages_needing_poppler(const Manifest& manifest, const PdfScan& scan, bool every_page = false);

}  // namespace puzzlepress::book
