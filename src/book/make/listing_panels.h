// The listing's "what's inside" images: a panel of callouts in the book's language (its own
// badges, "Inside this book" and a line per kind of puzzle with its stars, the solutions line)
// on the cover's colour, set beside a puzzle page (listing-inside.png, 2000 px square) or the
// book's mock-up (aplus-book.png), and a framed spread (aplus-spread.png): the last two at the
// 970 x 600 px of a marketplace's "A+" content modules. Sheets in points = pixels at 72 dpi.
#pragma once

#include "book/cover/cover.h"
#include "book/make/build.h"
#include "render/image_painter.h"
#include "render/text_measure.h"

namespace puzzlepress::book {

inline constexpr double kListingInsideSidePx = 2000;
inline constexpr double kAplusWidthPx = 970, kAplusHeightPx = 600;

/// The callouts panel: `facts` on their background, set as large as a `width_pt` x `height_pt`
/// page holds them (the lines at one size, the callouts and heading larger), centred; text
/// measured by `measure`.
render::Page inside_panel(const ListingFacts& facts, const render::TextMeasure& measure, double width_pt,
                          double height_pt);

/// The pages the sheets below point at, kept alive while they are painted.
struct ListingPanels {
  render::Page square;    ///< the panel of listing-inside.png
  render::Page banner;    ///< the panel of aplus-book.png
  render::Page backdrop;  ///< the mock-up's floor in aplus-book.png
};

/// listing-inside.png: the book's first puzzle page on the left, the panel beside it.
/// Precondition: the book has a cover (its facts and colours).
render::Sheet inside_sheet(const Book& book, const render::TextMeasure& measure, ListingPanels& keep);
/// aplus-book.png: the mock-up on the left, the panel beside it. Precondition: a cover.
render::Sheet aplus_book_sheet(const Book& book, const render::TextMeasure& measure, ListingPanels& keep);
/// aplus-spread.png: pages `left` and left + 1 as the book opens, on the cover's colour.
/// Precondition: a cover.
render::Sheet aplus_spread_sheet(const Book& book, int left);

}  // namespace puzzlepress::book
