// The image painter: paints pages (page.h) as PNG (any resolution) or SVG bytes with cairo,
// the second painter beside the PDF writer (pdf_writer.h). It writes no file: callers stage its
// bytes with util/outputs.h. This header does not expose cairo or FreeType; the files of
// render/image/ are the only ones that include them (image/image_internal.h says which file does
// what).
//
// It paints what the PDF writer paints, the same way, so that a page image and the PDF agree
// (tests/book/make/preview_agreement_test.cpp compares them through poppler's pdftoppm):
//  - every item kind of page.h: lines (butt caps), rectangles (mitre joins), polygons and paths
//    (round joins, non-zero fill, fill then stroke), text runs (also turned), images (PNG or
//    JPEG, stretched to their box, cut to their clip), in order, over white paper;
//  - text from the same TrueType fonts (FontFiles: our files, the built-in copies, or the
//    spec's), loaded with FreeType (never a system font):
//    one glyph per code point through the font's Unicode cmap, placed by the font's advance
//    widths truncated to 1/1000 em as the PDF's /W array holds them, no kerning, no hinting;
//  - colours: grey and RGB as given; CMYK shown on screen as R = (1-C)(1-K), G = (1-M)(1-K),
//    B = (1-Y)(1-K) (a preview, not a proof of the printer's inks);
//  - on PNGs, as poppler rasterises a PDF page: edges of boxes and of horizontal and vertical
//    lines on whole pixels (at least one pixel wide), glyph origins on a whole pixel row and on
//    a quarter pixel across (a whole pixel for fonts whose box stands over 50 pixels tall),
//    grey anti-aliasing, no hinting. At 100 dpi a page differs from pdftoppm's image of its PDF
//    by a mean of under 0.3 levels (of 255) per pixel (tests/book/make/preview_agreement_test.cpp).
//
// Units: pages are in points (1/72 in), y up, origin bottom-left (page.h). A PNG at `dpi` is
// ceil(width_pt * dpi / 72) x ceil(height_pt * dpi / 72) pixels, 8-bit RGB, the page's top-left
// corner at the image's top-left pixel corner (as pdftoppm places a PDF page; a part-pixel
// left over by the rounding is at the right and bottom edges).
// An SVG is width_pt x height_pt in "pt" units, glyphs drawn as outlines (no font needed to
// view it), images embedded.
//
// Determinism: the same page, fonts and dpi give the same bytes.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "render/page.h"
#include "util/result.h"

namespace puzzlepress::render {

/// The accepted resolutions of a PNG, dots per inch (inclusive).
inline constexpr double kMinImageDpi = 36;
inline constexpr double kMaxImageDpi = 1200;

/// Part of a page drawn onto a sheet: `source` (in the page's points) is scaled to fill
/// `target` (in the sheet's points; the caller keeps the aspect ratio when it wants one), and
/// nothing of the page outside `source` is drawn.
struct PagePlacement {
  const Page* page = nullptr;
  Box source;
  Box target;
  /// Black laid over the placed part, 0 (none) .. 1 (black): the light falling off a page
  /// turned away (a listing's book mock-up).
  double shade = 0;
  /// On PNGs, lines and edges snap to whole pixels (crisp grids). Off for placements whose
  /// neighbours are scaled a little differently (a mock-up's strips), where snapping would put
  /// one line on different pixel rows from strip to strip.
  bool snap = true;
};

/// A picture made of pages: listing images (spreads, a mock-up, banners), a cover's front alone.
/// Painted in order: the background over the whole sheet, each placed page (clipped to its
/// target), then `items` (sheet points) on top.
struct Sheet {
  double width_pt = 0;
  double height_pt = 0;
  Colour background = Colour::gray(1);
  std::vector<PagePlacement> pages;
  std::vector<Item> items;
};

/// The whole of `page` (its physical size, bleed included) as a one-page sheet.
Sheet whole_page(const Page& page);

/// A painter with its four fonts loaded once (FreeType faces through cairo). Load it once and
/// paint many pages: a page then costs only its drawing and encoding. One painter may be used
/// from several threads at once.
class ImagePainter {
 public:
  /// Loads the four role fonts, or says which file could not be loaded and why.
  static util::Result<std::unique_ptr<ImagePainter>> load(const FontFiles& fonts);
  ~ImagePainter();
  ImagePainter(const ImagePainter&) = delete;
  ImagePainter& operator=(const ImagePainter&) = delete;

  /// PNG bytes of `sheet` at `dpi` (kMinImageDpi..kMaxImageDpi; outside is a failure, as are an
  /// empty sheet and an image file that cannot be read, named in the message).
  util::Result<std::string> png(const Sheet& sheet, double dpi) const;
  /// SVG bytes of `sheet` (width_pt x height_pt pt).
  util::Result<std::string> svg(const Sheet& sheet) const;

  util::Result<std::string> png(const Page& page, double dpi) const { return png(whole_page(page), dpi); }
  util::Result<std::string> svg(const Page& page) const { return svg(whole_page(page)); }

 private:
  struct Impl;
  explicit ImagePainter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// Test-only (the program keeps one ImagePainter): one-off painting, loads `fonts` and paints
/// the whole page. (For many pages, load an ImagePainter once.)
util::Result<std::string> paint_png(const Page& page, double dpi, const FontFiles& fonts);
util::Result<std::string> paint_svg(const Page& page, const FontFiles& fonts);

/// Pixel size of a `width_pt` x `height_pt` sheet at `dpi`: ceil(points * dpi / 72), at least 1.
struct PixelSize {
  int width = 0;
  int height = 0;
  friend bool operator==(const PixelSize&, const PixelSize&) = default;
};
PixelSize pixel_size(double width_pt, double height_pt, double dpi);

/// The versions of the cairo and FreeType libraries linked in (cairo_version_string,
/// FT_Library_Version), e.g. "1.16.0" and "2.12.1".
std::string cairo_version();
std::string freetype_version();

}  // namespace puzzlepress::render
