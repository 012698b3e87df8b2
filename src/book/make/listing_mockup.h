// The listing's book mock-up: the real cover's front and spine drawn as a book standing turned a
// little away, the spine towards the viewer's left, on a soft shadow. Painted by render's image
// painter from the cover page itself (no raster enlarged, no image editor): the faces are cut
// into narrow vertical strips, each scaled to the height perspective gives it there and shaded
// as the light falls off, so the affine painter draws a perspective view (steps under half a
// pixel at the listing's size).
#pragma once

#include "book/make/build.h"
#include "render/image_painter.h"

namespace puzzlepress::book {

/// The mock-up's sheet side, points = pixels at 72 dpi (square: marketplaces show square
/// images whole; at least the 2000 px they zoom from).
inline constexpr double kMockupSidePx = 2000;
/// The floor the book stands on (grey level, 1 = white).
inline constexpr double kMockupFloorGrey = 0.965;

/// The mock-up of `book`'s cover on a square of `side` px (the strips' edges on whole pixels:
/// move it by whole pixels only). `backdrop` receives the floor and the shadow (a page placed
/// first, under the book) and must outlive the sheet, which points at it and at book.cover's
/// page. Precondition: the book has a cover.
render::Sheet mockup_sheet(const Book& book, render::Page& backdrop, double side = kMockupSidePx);

}  // namespace puzzlepress::book
