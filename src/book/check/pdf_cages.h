// pdf_cages: a killer's cages read back from its printed puzzle page (verify --pdf), from
// geometry alone: the outlines from the straight strokes that run render::kCageInsetShare of a
// cell inside a cell's side (render draws each cage's outline so, dashed: book/text/figures.cpp,
// render/layout_houses.cpp), the sums from the text in each cell (a killer's puzzle page prints
// no digit in a cell but its cage's sum). Compared with the manifest's killer text.
//
// Units: PDF points, origin bottom-left (the manifest's rects: a grid's outer edge, its border
// included).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "book/check/pdf_scan.h"
#include "book/kdp/geometry.h"
#include "engine/killer.h"

namespace puzzlepress::book {

/// A killer grid's cages as printed. Cells row-major (cell = row * size + column).
struct PrintedCages {
  int size = 0;
  /// Per cell, per side (kTop, kRight, kBottom, kLeft): a cage line runs inside that side, across
  /// its middle.
  std::vector<std::array<bool, 4>> sides{};
  /// Per cell: its text, glyphs joined left to right ("" for none).
  std::vector<std::string> text{};
  static constexpr int kTop = 0, kRight = 1, kBottom = 2, kLeft = 3;
  friend bool operator==(const PrintedCages&, const PrintedCages&) = default;
};

/// What `killer` prints: each cell's side lined where the cell beyond is outside the grid or in
/// another cage; each cage's sum in its first cell.
PrintedCages cages_of(const engine::Killer& killer);

/// The cages of the `shape` grid printed in `rect` on `page`, its text from `glyphs` (the page's).
/// A side is lined when a straight stroke (a box as thin as its width) lies within 4 % of a cell
/// of the inset line and covers the side's middle.
PrintedCages read_printed_cages(const PdfPageScan& page, const std::vector<PdfGlyph>& glyphs, const RectPt& rect,
                                engine::Shape shape);

/// The `shape` killer the printed cages make (the cells the lines leave together, each cage's sum the
/// number in its first cell), or none when they make no killer (a cage lined on one side of a
/// border and not the other, a cage without a number, text in a cell that starts none).
std::optional<engine::Killer> printed_killer(const PrintedCages& cages, engine::Shape shape);

/// Problems, one line each starting with `where` ("puzzle 7, page 12"), of the printed cages
/// against `killer` (empty when cages_of(killer) is what is printed):
///   "…: the printed cage outlines differ from the manifest's at r3c4/r3c5, r1c1 (top) and 2 more
///     sides" (a border between two cells, or a cell's side on the grid's edge);
///   "…: the cage at r3c4 prints sum 14; the manifest says 15" ("prints no sum");
///   "…: r5c6 prints '12', where no cage of the manifest starts"
/// (kMaxCageDifferencesShown of each kind, then a count).
std::vector<std::string> compare_printed_cages(const PrintedCages& printed, const engine::Killer& killer,
                                               const std::string& where);

/// Cage differences listed one by one in a message before the rest are counted.
inline constexpr int kMaxCageDifferencesShown = 3;

}  // namespace puzzlepress::book
