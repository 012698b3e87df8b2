// cairo's side of the image painter (internal to render/image): the painter's state, its fonts,
// the image files it draws and its PNG encoder, shared by the files of render/image/. Only those
// files include cairo, FreeType (ft2build.h) and libjpeg; the public face is
// render/image_painter.h. Units: points (1/72 in), y up, origin bottom-left, as page.h, until a
// surface's device space (pixels); font widths in 1/1000 em where named so.
//
// The files, one concern each:
//  - painter.cpp: ImagePainter (load, png, svg), sheets and pixel sizes, SVG ids made stable;
//  - paint.cpp:   a sheet and its items onto a cairo context, one function per item kind, with
//    the pixel snapping of PNGs;
//  - fonts.cpp:   the role fonts through FreeType (glyphs and widths copied out at load);
//  - images.cpp:  the image files a page draws, PNG through cairo and JPEG through libjpeg;
//  - png.cpp:     PNG encoding (zlib) and the per-thread scratch memory of page images.
//
// How it matches the PDF writer (render/pdf/):
//  - Text: libharu writes each UTF-8 code point as a 2-byte code mapped to the glyph the font's
//    Unicode cmap gives it, and advances by the /W widths, which libharu computes as the glyph's
//    advance width * 1000 / units_per_em, truncated. The same table is read here once per font
//    (cmap and hmtx through FreeType) and glyphs are placed by it: no shaping, no kerning.
//  - Drawing state: PDF defaults are butt caps and mitre joins (limit 10), as cairo's; the
//    writer asks for round joins on polygons and paths; fill-and-stroke is PDF `B` (fill, then
//    stroke the same path); the fill rule is non-zero.
//  - Images: the PDF draws an image into its box with row 0 at the top.
#pragma once

#include <cairo.h>

#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "render/image_painter.h"
#include "render/page.h"
#include "util/result.h"

namespace puzzlepress::render::image {

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;

// ---------------------------------------------------------------------------------------------
// fonts.cpp

/// A role's font: cairo's face, and the glyph and width of every code point it maps.
struct LoadedFont {
  cairo_font_face_t* face = nullptr;
  std::unordered_map<char32_t, unsigned> glyph_of;  ///< code point -> glyph id (absent: 0)
  std::vector<int> width_1000;                      ///< glyph id -> advance, 1/1000 em, truncated
  std::array<double, 4> bbox_em{};                  ///< the font's bounding box: x min, y min, x max, y max

  LoadedFont() = default;
  LoadedFont(const LoadedFont&) = delete;
  LoadedFont& operator=(const LoadedFont&) = delete;
  ~LoadedFont() {
    if (face != nullptr) cairo_font_face_destroy(face);
  }
};

/// Loads a font from its file, or from memory for a built-in font (whose bytes are static, so
/// FreeType may keep pointing at them); or says why it cannot be used.
util::Result<std::shared_ptr<LoadedFont>> load_font(const FontSource& source);

// ---------------------------------------------------------------------------------------------
// images.cpp

/// The image in `file` (PNG or JPEG, told by its bytes) as a surface of its pixels, or null
/// when it cannot be read whole.
SurfacePtr load_image(const std::filesystem::path& file);

// ---------------------------------------------------------------------------------------------
// png.cpp

/// Scratch memory kept per thread between images (see png.cpp): a page image's pixels, and its
/// deflated rows.
struct Scratch {
  std::vector<unsigned char> pixels;
  std::vector<unsigned char> packed;
};

/// This thread's scratch memory.
Scratch& scratch();

/// Lets `v`'s memory go when it is larger than what is kept between images.
void release_if_large(std::vector<unsigned char>& v);

/// The RGB24 image surface as PNG bytes, or nothing when zlib fails.
std::optional<std::string> encode_png(cairo_surface_t* surface);

}  // namespace puzzlepress::render::image

namespace puzzlepress::render {

// The painter's state (paint.cpp): its fonts, and the image files decoded so far. Painting only
// reads the fonts and locks the image cache, so one painter may paint on several threads.
struct ImagePainter::Impl {
  std::array<std::shared_ptr<image::LoadedFont>, kAllFontRoles.size()> fonts;
  mutable std::mutex images_mutex;
  /// Each image file decoded once per painter (null: it could not be read).
  mutable std::map<std::filesystem::path, std::shared_ptr<cairo_surface_t>> images;

  /// `file`'s surface, decoded on first use; null when it cannot be read.
  std::shared_ptr<cairo_surface_t> image(const std::filesystem::path& file) const;

  /// Paints `sheet` onto `cr`, whose user space is the sheet's points (y up); `snap` (PNGs)
  /// puts edges and glyphs on pixels as poppler does. Returns a failure message, or empty.
  std::string paint(cairo_t* cr, const Sheet& sheet, bool snap) const;

 private:
  // Paints one item; returns the image file that could not be read, if any.
  std::optional<std::filesystem::path> paint(cairo_t* cr, const Item& item, bool snap) const;
  void text(cairo_t* cr, const TextRun& run, bool snap) const;
  std::optional<std::filesystem::path> draw_image(cairo_t* cr, const Image& image) const;
};

}  // namespace puzzlepress::render
