// KDP page geometry: physical page size, trim box and content box of each page, in PDF POINTS
// (1/72 in, suffix _pt) with the origin at the bottom-left of the physical page (bleed
// included). Margins are given in INCHES (suffix _in), as in the spec and KDP's rules.
//
//        Verso (even page, left-hand)       spine      Recto (odd page, right-hand)
//   +-------------------------------+     |     +-------------------------------+
//   |          bleed (top)          |     |     |          bleed (top)          |
//   |   +---------------------------+     |     +---------------------------+   |
//   | b | trim box       top        |     |     |        top       trim box |   | b
//   | l |   +-----------------+     |     |     |     +-----------------+   |   | l
//   | e |   |                 |     |     |     |     |                 |   |   | e
//   | e |out|   content box   | in  |     |     | in  |   content box   |out|   | e
//   | d |   |                 |     |     |     |     |                 |   |   | d
//   |   |   +-----------------+     |     |     |     +-----------------+   |   |
//   |   |          bottom           |     |     |          bottom           |   |
//   |   +---------------------------+     |     +---------------------------+   |
//   |          bleed (bottom)       |     |     |          bleed (bottom)       |
//   +-------------------------------+     |     +-------------------------------+
//   ^x=0 ^trim box x = 0.125 in                 ^x=0 = trim box x (no bleed at the spine)
//   in = inside margin (gutter), out = outside margin; the bleed strips exist only with bleed.
//
// Without bleed the page is the trim: trim box = whole page. With bleed the page is
// trim width + 0.125 in wide and trim height + 0.25 in tall; the trim box sits 0.125 in up
// and, on a verso, 0.125 in right. Odd page numbers are rectos (gutter on the left).
#pragma once

#include "book/kdp/trim.h"

namespace puzzlepress::book {

inline constexpr double kPointsPerInch = 72.0;
/// Bleed KDP adds on each bled edge (top, bottom, outside), inches.
inline constexpr double kBleedIn = 0.125;

/// A rectangle in PDF points, origin bottom-left of the physical page.
struct RectPt {
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;
  friend bool operator==(const RectPt&, const RectPt&) = default;
};

/// Physical page size in points: the trim, plus 0.125 in wide and 0.25 in tall with bleed.
/// 6x9 -> 432 x 648 pt; with bleed 441 x 666 pt.
struct PageSizePt {
  double width = 0;
  double height = 0;
};
PageSizePt page_size_pt(const Trim& trim, bool bleed);

/// True for odd (right-hand) 1-based page numbers.
constexpr bool is_recto(int page_number) { return page_number % 2 == 1; }

/// Trim box of a 1-based page within its physical page, points: with bleed x = 0 on a recto,
/// 0.125 in on a verso, y = 0.125 in; without bleed the whole page.
RectPt trim_box_pt(int page_number, const Trim& trim, bool bleed);

/// Page margins in inches, measured from the TRIM edge (not the bleed edge).
struct MarginsIn {
  double inside = 0;  ///< gutter (spine side)
  double outside = 0;
  double top = 0;
  double bottom = 0;
};

/// KDP's minimum gutter for a book of `page_count` pages, inches: 24-150 0.375, 151-300 0.5,
/// 301-500 0.625, 501-700 0.75, 701 and more 0.875 (counts under 24 use 0.375; counts KDP
/// rejects are page_count_range's business, not this function's).
double inside_margin_in(int page_count);

/// KDP's minimum margins: the gutter above; outside, top and bottom 0.25 in, or 0.375 in with
/// bleed.
MarginsIn minimum_margins_in(int page_count, bool bleed);

/// Margins used: each side the larger of KDP's minimum and the preset's (never less than KDP).
MarginsIn effective_margins_in(int page_count, bool bleed, const MarginsIn& preset_in);

/// The area inside the margins of 1-based page `page_number` of a `page_count`-page book, in
/// points, origin bottom-left of the physical page (bleed included). The gutter is on the left
/// of odd pages and on the right of even pages.
RectPt content_box_pt(int page_number, int page_count, const Trim& trim, bool bleed, const MarginsIn& preset_in);

}  // namespace puzzlepress::book
