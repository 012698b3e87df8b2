// The only file that includes cairo (and, for the painter's fonts and JPEG images, FreeType and
// libjpeg; for PNG encoding, zlib).
//
// How it matches the PDF writer (pdf_writer.cpp):
//  - Text: libharu writes each UTF-8 code point as a 2-byte code mapped to the glyph the font's
//    Unicode cmap gives it, and advances by the /W widths, which libharu computes as the glyph's
//    advance width * 1000 / units_per_em, truncated. The same table is read here once per font
//    (cmap and hmtx through FreeType) and glyphs are placed by it: no shaping, no kerning.
//  - Drawing state: PDF defaults are butt caps and mitre joins (limit 10), as cairo's; the
//    writer asks for round joins on polygons and paths; fill-and-stroke is PDF `B` (fill, then
//    stroke the same path); the fill rule is non-zero.
//  - Images: the PDF draws an image into its box with row 0 at the top.
#include "render/image_painter.h"

#include <cairo-ft.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include <jpeglib.h>
#include <zlib.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <numbers>
#include <unordered_map>

#include "util/text.h"

namespace puzzlepress::render {
namespace {

// ---------------------------------------------------------------------------------------------
// Fonts

// One FreeType library for the process: FT_New_Face and FT_Done_Face on it are serialised by
// `library_mutex` (FreeType's rule); faces are used afterwards only through cairo, which locks
// each face itself, and through the tables copied out at load time.
std::mutex library_mutex;
FT_Library library() {
  static FT_Library lib = [] {
    FT_Library l = nullptr;
    if (FT_Init_FreeType(&l) != 0) l = nullptr;
    return l;
  }();
  return lib;
}

const cairo_user_data_key_t kFaceKey{};

void done_face(void* face) {
  std::lock_guard lock(library_mutex);
  FT_Done_Face(static_cast<FT_Face>(face));
}

// A role's font: cairo's face, and the glyph and width of every code point it maps.
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
/// FreeType may keep pointing at them).
util::Result<std::shared_ptr<LoadedFont>> load_font(const FontSource& source) {
  using R = util::Result<std::shared_ptr<LoadedFont>>;
  const std::string name = source.describe();
  FT_Face ft = nullptr;
  if (source.in_memory()) {
    std::lock_guard lock(library_mutex);
    if (library() == nullptr) return R::failure("FreeType could not start");
    if (FT_New_Memory_Face(library(), reinterpret_cast<const FT_Byte*>(source.bytes.data()),
                           static_cast<FT_Long>(source.bytes.size()), 0, &ft) != 0) {
      return R::failure("cannot load font " + name + " (is it a TrueType .ttf?)");
    }
  } else {
    const std::filesystem::path& file = source.file;
    std::error_code ec;
    if (file.empty()) return R::failure("no font file given");
    if (!std::filesystem::exists(file, ec)) return R::failure("font file not found: " + name);
    if (!std::filesystem::is_regular_file(file, ec)) {
      return R::failure("font file is not a regular file: " + name);
    }
    std::lock_guard lock(library_mutex);
    if (library() == nullptr) return R::failure("FreeType could not start");
    if (FT_New_Face(library(), file.c_str(), 0, &ft) != 0) {
      return R::failure("cannot load font " + name + " (is it a TrueType .ttf?)");
    }
  }
  auto font = std::make_shared<LoadedFont>();
  auto fail = [&](const std::string& why) {
    std::lock_guard lock(library_mutex);
    FT_Done_Face(ft);
    return R::failure("cannot use font " + name + ": " + why);
  };
  if (!FT_IS_SCALABLE(ft) || ft->units_per_EM == 0) return fail("it has no outlines");
  if (FT_Select_Charmap(ft, FT_ENCODING_UNICODE) != 0) return fail("it has no Unicode cmap");
  FT_UInt gid = 0;
  for (FT_ULong cp = FT_Get_First_Char(ft, &gid); gid != 0; cp = FT_Get_Next_Char(ft, cp, &gid)) {
    font->glyph_of.emplace(static_cast<char32_t>(cp), gid);
  }
  font->width_1000.resize(static_cast<std::size_t>(ft->num_glyphs));
  for (FT_Long g = 0; g < ft->num_glyphs; ++g) {
    FT_Fixed advance = 0;
    if (FT_Get_Advance(ft, static_cast<FT_UInt>(g), FT_LOAD_NO_SCALE, &advance) != 0) advance = 0;
    font->width_1000[static_cast<std::size_t>(g)] =
        static_cast<int>(static_cast<unsigned long>(advance) * 1000 / ft->units_per_EM);
  }
  const double em = ft->units_per_EM;
  font->bbox_em = {ft->bbox.xMin / em, ft->bbox.yMin / em, ft->bbox.xMax / em, ft->bbox.yMax / em};
  font->face = cairo_ft_font_face_create_for_ft_face(ft, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
  if (cairo_font_face_set_user_data(font->face, &kFaceKey, ft, done_face) != CAIRO_STATUS_SUCCESS) {
    cairo_font_face_destroy(font->face);
    font->face = nullptr;
    return fail("cairo could not take it");
  }
  return R::success(std::move(font));
}

// ---------------------------------------------------------------------------------------------
// Images

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;

struct JpegError {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
};

void jpeg_fail(j_common_ptr info) {
  auto* err = reinterpret_cast<JpegError*>(info->err);
  std::longjmp(err->jump, 1);
}

// A JPEG (grey, RGB/YCbCr, or CMYK as Adobe writes it, inverted) as an RGB24 surface.
SurfacePtr decode_jpeg(const std::string& bytes) {
  jpeg_decompress_struct info{};
  JpegError err{};
  info.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = jpeg_fail;
  cairo_surface_t* volatile surface = nullptr;  // volatile: read after a longjmp
  std::vector<unsigned char> row;
  if (setjmp(err.jump) != 0) {
    jpeg_destroy_decompress(&info);
    if (surface != nullptr) cairo_surface_destroy(surface);
    return nullptr;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, reinterpret_cast<const unsigned char*>(bytes.data()),
               static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&info, TRUE);
  const bool cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_start_decompress(&info);
  const int w = static_cast<int>(info.output_width);
  const int h = static_cast<int>(info.output_height);
  surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) longjmp(err.jump, 1);
  cairo_surface_flush(surface);
  unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  row.resize(static_cast<std::size_t>(w) * info.output_components);
  const bool inverted = cmyk && info.saw_Adobe_marker;
  while (info.output_scanline < info.output_height) {
    const int y = static_cast<int>(info.output_scanline);
    JSAMPROW rows[1] = {row.data()};
    jpeg_read_scanlines(&info, rows, 1);
    auto* out = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = &row[static_cast<std::size_t>(x) * info.output_components];
      unsigned r = p[0], g = p[1], b = p[2];
      if (cmyk) {
        double c = p[0] / 255.0, m = p[1] / 255.0, yy = p[2] / 255.0, k = p[3] / 255.0;
        if (inverted) c = 1 - c, m = 1 - m, yy = 1 - yy, k = 1 - k;
        r = static_cast<unsigned>(std::lround(255 * (1 - c) * (1 - k)));
        g = static_cast<unsigned>(std::lround(255 * (1 - m) * (1 - k)));
        b = static_cast<unsigned>(std::lround(255 * (1 - yy) * (1 - k)));
      }
      out[x] = 0xFF000000u | (r << 16) | (g << 8) | b;
    }
  }
  cairo_surface_mark_dirty(surface);
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return SurfacePtr(surface);
}

cairo_status_t read_from_string(void* closure, unsigned char* data, unsigned int length) {
  auto* source = static_cast<std::string_view*>(closure);
  if (source->size() < length) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, source->data(), length);
  source->remove_prefix(length);
  return CAIRO_STATUS_SUCCESS;
}

// The image in `file` (PNG or JPEG, told by its bytes), or null when it cannot be read.
SurfacePtr load_image(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return nullptr;
  const std::string bytes(std::istreambuf_iterator<char>(in), {});
  if (bytes.rfind("\x89PNG", 0) == 0) {
    std::string_view source(bytes);
    SurfacePtr s(cairo_image_surface_create_from_png_stream(read_from_string, &source));
    if (cairo_surface_status(s.get()) != CAIRO_STATUS_SUCCESS) return nullptr;
    return s;
  }
  if (bytes.rfind("\xFF\xD8", 0) == 0) return decode_jpeg(bytes);
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Painting

void set_colour(cairo_t* cr, const Colour& c) {
  switch (c.space) {
    case Colour::Space::gray: cairo_set_source_rgb(cr, c.c[0], c.c[0], c.c[0]); break;
    case Colour::Space::rgb: cairo_set_source_rgb(cr, c.c[0], c.c[1], c.c[2]); break;
    case Colour::Space::cmyk:
      cairo_set_source_rgb(cr, (1 - c.c[0]) * (1 - c.c[3]), (1 - c.c[1]) * (1 - c.c[3]),
                           (1 - c.c[2]) * (1 - c.c[3]));
      break;
  }
}

// Fills and/or strokes the current path as PDF's f / S / B.
void fill_stroke(cairo_t* cr, const std::optional<Colour>& fill, double stroke_width,
                 const Colour& stroke) {
  if (fill) {
    set_colour(cr, *fill);
    if (stroke_width > 0) {
      cairo_fill_preserve(cr);
    } else {
      cairo_fill(cr);
    }
  }
  if (stroke_width > 0) {
    cairo_set_line_width(cr, stroke_width);
    set_colour(cr, stroke);
    cairo_stroke(cr);
  }
  cairo_new_path(cr);
}

// Pixel snapping ("stroke adjustment", as poppler's rasteriser does by default for PDF pages):
// on a PNG, the edges of axis-aligned boxes, box outlines and straight horizontal or vertical
// lines fall on pixel boundaries, at least one pixel apart. Thin grid lines then print crisp
// instead of as two grey half-pixels, and boxes that meet leave no seam between them. SVG is not
// snapped.

// Rounds the device-space interval [a, b] (either order) to whole pixels, at least 1 wide.
void snap_interval(double& a, double& b) {
  const bool flipped = a > b;
  double lo = std::min(a, b), hi = std::max(a, b);
  const double rlo = std::round(lo), rhi = std::round(hi);
  lo = rlo;
  hi = std::max(rhi, rlo + 1);
  a = flipped ? hi : lo;
  b = flipped ? lo : hi;
}

bool axis_aligned(cairo_t* cr) {
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  return m.xy == 0 && m.yx == 0;
}

// `box` with its edges on device pixel boundaries (user space in and out).
Box snapped(cairo_t* cr, const Box& box) {
  double x0 = box.left, y0 = box.bottom, x1 = box.right, y1 = box.top;
  cairo_user_to_device(cr, &x0, &y0);
  cairo_user_to_device(cr, &x1, &y1);
  snap_interval(x0, x1);
  snap_interval(y0, y1);
  cairo_device_to_user(cr, &x0, &y0);
  cairo_device_to_user(cr, &x1, &y1);
  return {std::min(x0, x1), std::min(y0, y1), std::max(x0, x1), std::max(y0, y1)};
}

// The outline of `box` stroked `width` wide (centred on the box's edges) as a snapped frame:
// the outer and inner boxes each snapped, the band between them at least a pixel. Adds the
// path (to be filled even-odd) to `cr`.
void frame_path(cairo_t* cr, const Box& box, double width) {
  const double h = width / 2;
  Box outer{box.left - h, box.bottom - h, box.right + h, box.top + h};
  Box inner{box.left + h, box.bottom + h, box.right - h, box.top - h};
  double ox0 = outer.left, oy0 = outer.bottom, ox1 = outer.right, oy1 = outer.top;
  double ix0 = inner.left, iy0 = inner.bottom, ix1 = inner.right, iy1 = inner.top;
  cairo_user_to_device(cr, &ox0, &oy0);
  cairo_user_to_device(cr, &ox1, &oy1);
  cairo_user_to_device(cr, &ix0, &iy0);
  cairo_user_to_device(cr, &ix1, &iy1);
  // One side at a time: [outer edge, inner edge] snapped to at least a pixel.
  snap_interval(ox0, ix0);
  snap_interval(ix1, ox1);
  snap_interval(oy0, iy0);
  snap_interval(iy1, oy1);
  cairo_device_to_user(cr, &ox0, &oy0);
  cairo_device_to_user(cr, &ox1, &oy1);
  cairo_device_to_user(cr, &ix0, &iy0);
  cairo_device_to_user(cr, &ix1, &iy1);
  cairo_rectangle(cr, ox0, oy0, ox1 - ox0, oy1 - oy0);
  if (inner.right > inner.left && inner.top > inner.bottom) {
    cairo_rectangle(cr, ix0, iy0, ix1 - ix0, iy1 - iy0);
  }
}

}  // namespace

struct ImagePainter::Impl {
  std::array<std::shared_ptr<LoadedFont>, kAllFontRoles.size()> fonts;
  mutable std::mutex images_mutex;
  /// Each image file decoded once per painter (null: it could not be read).
  mutable std::map<std::filesystem::path, std::shared_ptr<cairo_surface_t>> images;

  std::shared_ptr<cairo_surface_t> image(const std::filesystem::path& file) const {
    std::lock_guard lock(images_mutex);
    if (auto it = images.find(file); it != images.end()) return it->second;
    SurfacePtr loaded = load_image(file);
    std::shared_ptr<cairo_surface_t> shared(loaded.release(), [](cairo_surface_t* s) {
      if (s != nullptr) cairo_surface_destroy(s);
    });
    images.emplace(file, shared);
    return shared;
  }

  // With `snap`, each glyph's origin is moved down to a whole device pixel row and, across, to a
  // quarter pixel for glyphs of a font whose bounding box stands at most 50 pixels tall (a whole
  // pixel for larger ones): where poppler's rasteriser places its glyph bitmaps, so a page image
  // sets text as pdftoppm does.
  void text(cairo_t* cr, const TextRun& run, bool snap) const {
    if (run.text.empty()) return;
    const LoadedFont& font = *fonts[static_cast<std::size_t>(run.role)];
    std::vector<cairo_glyph_t> glyphs;
    double x = 0;
    for (char32_t cp : util::decode_utf8_lenient(run.text)) {
      const auto it = font.glyph_of.find(cp);
      const unsigned gid = it == font.glyph_of.end() ? 0 : it->second;
      glyphs.push_back({gid, x, 0});
      const int w = gid < font.width_1000.size() ? font.width_1000[gid] : 0;
      x += w / 1000.0 * run.size_pt;
    }
    cairo_save(cr);
    cairo_translate(cr, run.origin.x, run.origin.y);
    if (run.angle_deg != 0) cairo_rotate(cr, run.angle_deg * std::numbers::pi / 180);
    cairo_scale(cr, 1, -1);  // glyphs are drawn y-down
    cairo_set_font_face(cr, font.face);
    cairo_set_font_size(cr, run.size_pt);
    set_colour(cr, run.colour);
    if (snap) {
      double top = 0, bottom = 0;  // device y extent of the font's box at this size
      for (int corner = 0; corner < 4; ++corner) {
        double dx = font.bbox_em[corner % 2 == 0 ? 0 : 2] * run.size_pt;
        double dy = -font.bbox_em[corner < 2 ? 1 : 3] * run.size_pt;  // text space is y-down here
        cairo_user_to_device_distance(cr, &dx, &dy);
        top = corner == 0 ? dy : std::min(top, dy);
        bottom = corner == 0 ? dy : std::max(bottom, dy);
      }
      const double steps = std::ceil(bottom) - std::floor(top) + 3 > 50 ? 1 : 4;
      for (cairo_glyph_t& g : glyphs) {
        cairo_user_to_device(cr, &g.x, &g.y);
        g.x = std::floor(g.x * steps) / steps;
        g.y = std::floor(g.y);
        cairo_device_to_user(cr, &g.x, &g.y);
      }
    }
    if (snap) {
      // cairo 1.16's image surfaces round glyph positions to whole pixels; filling the glyphs'
      // outlines keeps the quarter pixels.
      cairo_glyph_path(cr, glyphs.data(), static_cast<int>(glyphs.size()));
      cairo_fill(cr);
    } else {
      cairo_show_glyphs(cr, glyphs.data(), static_cast<int>(glyphs.size()));
    }
    cairo_restore(cr);
  }

  // Paints one item; returns the image file that could not be read, if any.
  std::optional<std::filesystem::path> paint(cairo_t* cr, const Item& item, bool snap) const {
    const bool snapping = snap && axis_aligned(cr);
    if (const auto* line = std::get_if<Line>(&item)) {
      const bool straight = line->from.x == line->to.x || line->from.y == line->to.y;
      if (snapping && straight && line->width_pt > 0) {
        const double h = line->width_pt / 2;
        const Box band = line->from.x == line->to.x
                             ? Box{line->from.x - h, std::min(line->from.y, line->to.y), line->from.x + h,
                                   std::max(line->from.y, line->to.y)}
                             : Box{std::min(line->from.x, line->to.x), line->from.y - h,
                                   std::max(line->from.x, line->to.x), line->from.y + h};
        const Box b = snapped(cr, band);
        cairo_rectangle(cr, b.left, b.bottom, b.width(), b.height());
        set_colour(cr, line->colour);
        cairo_fill(cr);
        return std::nullopt;
      }
      cairo_move_to(cr, line->from.x, line->from.y);
      cairo_line_to(cr, line->to.x, line->to.y);
      cairo_set_line_width(cr, line->width_pt);
      set_colour(cr, line->colour);
      cairo_stroke(cr);
    } else if (const auto* rect = std::get_if<Rect>(&item)) {
      if (snapping) {
        if (rect->fill) {
          const Box b = snapped(cr, rect->box);
          cairo_rectangle(cr, b.left, b.bottom, b.width(), b.height());
          set_colour(cr, *rect->fill);
          cairo_fill(cr);
        }
        if (rect->stroke_width_pt > 0) {
          frame_path(cr, rect->box, rect->stroke_width_pt);
          cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
          set_colour(cr, rect->stroke);
          cairo_fill(cr);
          cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
        }
        return std::nullopt;
      }
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
      cairo_rectangle(cr, rect->box.left, rect->box.bottom, rect->box.width(), rect->box.height());
      fill_stroke(cr, rect->fill, rect->stroke_width_pt, rect->stroke);
    } else if (const auto* poly = std::get_if<Polygon>(&item)) {
      if (poly->points.size() < 2) return std::nullopt;
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
      cairo_move_to(cr, poly->points[0].x, poly->points[0].y);
      for (std::size_t i = 1; i < poly->points.size(); ++i) {
        cairo_line_to(cr, poly->points[i].x, poly->points[i].y);
      }
      cairo_close_path(cr);
      fill_stroke(cr, poly->fill, poly->stroke_width_pt, poly->stroke);
    } else if (const auto* path = std::get_if<Path>(&item)) {
      if (path->segments.empty()) return std::nullopt;
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
      for (const Path::Segment& s : path->segments) {
        switch (s.verb) {
          case Path::Verb::move: cairo_move_to(cr, s.to.x, s.to.y); break;
          case Path::Verb::line: cairo_line_to(cr, s.to.x, s.to.y); break;
          case Path::Verb::curve: cairo_curve_to(cr, s.c1.x, s.c1.y, s.c2.x, s.c2.y, s.to.x, s.to.y); break;
          case Path::Verb::close: cairo_close_path(cr); break;
        }
      }
      fill_stroke(cr, path->fill, path->stroke_width_pt, path->stroke);
    } else if (const auto* run = std::get_if<TextRun>(&item)) {
      text(cr, *run, snap);
    } else if (const auto* image = std::get_if<Image>(&item)) {
      const std::shared_ptr<cairo_surface_t> surface = this->image(image->file);
      if (!surface) return image->file;
      const int w = cairo_image_surface_get_width(surface.get());
      const int h = cairo_image_surface_get_height(surface.get());
      cairo_save(cr);
      if (image->clip) {
        cairo_rectangle(cr, image->clip->left, image->clip->bottom, image->clip->width(),
                        image->clip->height());
        cairo_clip(cr);
      }
      cairo_translate(cr, image->box.left, image->box.top);
      cairo_scale(cr, image->box.width() / w, -image->box.height() / h);  // row 0 at the top
      cairo_set_source_surface(cr, surface.get(), 0, 0);
      cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
      cairo_rectangle(cr, 0, 0, w, h);
      cairo_fill(cr);
      cairo_restore(cr);
    }
    return std::nullopt;
  }

  // Paints `sheet` onto `cr`, whose user space is the sheet's points (y up). Returns a failure
  // message, or empty.
  std::string paint(cairo_t* cr, const Sheet& sheet, bool snap) const {
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, options);
    cairo_font_options_destroy(options);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_miter_limit(cr, 10);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);

    set_colour(cr, sheet.background);
    cairo_paint(cr);
    for (std::size_t i = 0; i < sheet.pages.size(); ++i) {
      const PagePlacement& placed = sheet.pages[i];
      if (placed.page == nullptr || placed.source.width() <= 0 || placed.source.height() <= 0) {
        return "page " + std::to_string(i + 1) + " of the sheet has no area to show";
      }
      cairo_save(cr);
      cairo_rectangle(cr, placed.target.left, placed.target.bottom, placed.target.width(),
                      placed.target.height());
      cairo_clip(cr);
      cairo_set_source_rgb(cr, 1, 1, 1);  // the paper
      cairo_paint(cr);
      cairo_translate(cr, placed.target.left, placed.target.bottom);
      cairo_scale(cr, placed.target.width() / placed.source.width(),
                  placed.target.height() / placed.source.height());
      cairo_translate(cr, -placed.source.left, -placed.source.bottom);
      for (const Item& item : placed.page->items) {
        if (auto bad = paint(cr, item, snap)) {
          cairo_restore(cr);
          return "cannot load image " + bad->string() + " (is it a readable PNG or JPEG?)";
        }
      }
      cairo_restore(cr);
    }
    for (const Item& item : sheet.items) {
      if (auto bad = paint(cr, item, snap)) {
        return "cannot load image " + bad->string() + " (is it a readable PNG or JPEG?)";
      }
    }
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
      return std::string("cairo: ") + cairo_status_to_string(cairo_status(cr));
    }
    return "";
  }
};

namespace {

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// cairo numbers the ids of an SVG's surfaces, images, patterns and clips from counters global
// to the process; renumbered here in order of first appearance (per prefix), so the same page
// gives the same bytes whatever was painted before.
std::string stable_svg_ids(const std::string& svg) {
  static constexpr std::array<std::string_view, 5> kPrefixes = {"surface", "image", "pattern", "clip", "mask"};
  std::map<std::string, std::map<std::string, int>> seen;  // prefix -> old number -> new
  std::string out;
  out.reserve(svg.size());
  std::size_t i = 0;
  while (i < svg.size()) {
    const char before = i == 0 ? '\0' : svg[i - 1];
    bool replaced = false;
    if (before == '"' || before == '#') {
      for (std::string_view prefix : kPrefixes) {
        if (svg.compare(i, prefix.size(), prefix) != 0) continue;
        std::size_t end = i + prefix.size();
        while (end < svg.size() && std::isdigit(static_cast<unsigned char>(svg[end])) != 0) ++end;
        if (end == i + prefix.size()) continue;
        auto& numbers = seen[std::string(prefix)];
        const std::string old = svg.substr(i + prefix.size(), end - i - prefix.size());
        const int fresh = numbers.emplace(old, static_cast<int>(numbers.size()) + 1).first->second;
        out.append(prefix);
        out.append(std::to_string(fresh));
        i = end;
        replaced = true;
        break;
      }
    }
    if (!replaced) out.push_back(svg[i++]);
  }
  return out;
}

// PNG encoding. cairo's own (libpng's defaults: adaptive filters, zlib level 6) takes several
// times as long as painting a page; a preview wants speed more than the last few per cent of
// size. So: 8-bit greyscale when every pixel is grey (interior pages), else 8-bit RGB; the
// "Up" filter on every row (white margins and repeated grid rows become zeros); zlib level 3.

void put_be32(std::string& out, std::uint32_t v) {
  out.push_back(static_cast<char>(v >> 24));
  out.push_back(static_cast<char>(v >> 16));
  out.push_back(static_cast<char>(v >> 8));
  out.push_back(static_cast<char>(v));
}

void put_chunk(std::string& out, const char* type, const std::string& data) {
  put_be32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  out.append(type, 4);
  out += data;
  const auto crc = crc32(0, reinterpret_cast<const Bytef*>(out.data() + start), static_cast<uInt>(out.size() - start));
  put_be32(out, static_cast<std::uint32_t>(crc));
}

// Scratch memory kept per thread between images: on a preview server the same sizes come again
// and again, and fresh large blocks cost a page fault per 4 KiB on first touch (a third of the
// time of a page image, measured). Blocks over kKeptScratchBytes are not kept.
constexpr std::size_t kKeptScratchBytes = std::size_t{64} << 20;

struct Scratch {
  std::vector<unsigned char> pixels;
  std::vector<unsigned char> packed;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

void release_if_large(std::vector<unsigned char>& v) {
  if (v.capacity() > kKeptScratchBytes) std::vector<unsigned char>().swap(v);
}

// The RGB24 surface as PNG bytes, or nothing when zlib fails.
std::optional<std::string> encode_png(cairo_surface_t* surface) {
  const int w = cairo_image_surface_get_width(surface);
  const int h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const auto row_of = [&](int y) {
    return reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
  };
  bool grey = true;
  for (int y = 0; y < h && grey; ++y) {
    const std::uint32_t* row = row_of(y);
    for (int x = 0; x < w; ++x) {
      const std::uint32_t p = row[x];
      if (((p >> 16) & 0xFF) != (p & 0xFF) || ((p >> 8) & 0xFF) != (p & 0xFF)) {
        grey = false;
        break;
      }
    }
  }
  const int channels = grey ? 1 : 3;
  const std::size_t row_bytes = static_cast<std::size_t>(w) * channels;
  std::vector<unsigned char> previous(row_bytes, 0), current(row_bytes), filtered(row_bytes + 1);
  filtered[0] = 2;  // Up

  z_stream z{};
  if (deflateInit(&z, 3) != Z_OK) return std::nullopt;
  std::vector<unsigned char>& packed = scratch().packed;
  packed.resize(std::max<std::size_t>(packed.capacity(), 1 << 16));
  z.next_out = packed.data();
  z.avail_out = static_cast<uInt>(packed.size());
  const auto drain = [&](int flush) {
    for (;;) {
      if (z.avail_out == 0) {
        const std::size_t used = packed.size();
        packed.resize(used * 2);
        z.next_out = packed.data() + used;
        z.avail_out = static_cast<uInt>(packed.size() - used);
      }
      const int status = deflate(&z, flush);
      if (status == Z_STREAM_END) return true;
      if (status != Z_OK && status != Z_BUF_ERROR) return false;
      if (z.avail_in == 0 && z.avail_out != 0 && flush == Z_NO_FLUSH) return true;
    }
  };
  for (int y = 0; y < h; ++y) {
    const std::uint32_t* row = row_of(y);
    if (grey) {
      for (int x = 0; x < w; ++x) current[static_cast<std::size_t>(x)] = static_cast<unsigned char>(row[x]);
    } else {
      for (int x = 0; x < w; ++x) {
        unsigned char* c = &current[static_cast<std::size_t>(x) * 3];
        c[0] = static_cast<unsigned char>(row[x] >> 16);
        c[1] = static_cast<unsigned char>(row[x] >> 8);
        c[2] = static_cast<unsigned char>(row[x]);
      }
    }
    for (std::size_t i = 0; i < row_bytes; ++i) filtered[i + 1] = static_cast<unsigned char>(current[i] - previous[i]);
    std::swap(previous, current);
    z.next_in = filtered.data();
    z.avail_in = static_cast<uInt>(filtered.size());
    if (!drain(Z_NO_FLUSH)) {
      deflateEnd(&z);
      return std::nullopt;
    }
  }
  const bool finished = drain(Z_FINISH);
  const std::size_t packed_size = packed.size() - z.avail_out;
  deflateEnd(&z);
  if (!finished) return std::nullopt;

  std::string png = "\x89PNG\r\n\x1A\n";
  std::string header;
  put_be32(header, static_cast<std::uint32_t>(w));
  put_be32(header, static_cast<std::uint32_t>(h));
  header += std::string{8, static_cast<char>(grey ? 0 : 2), 0, 0, 0};  // depth, colour type, deflate, filters, no interlace
  put_chunk(png, "IHDR", header);
  put_chunk(png, "IDAT", std::string(reinterpret_cast<const char*>(packed.data()), packed_size));
  put_chunk(png, "IEND", "");
  release_if_large(packed);
  return png;
}

struct ContextDeleter {
  void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};

std::optional<std::string> check_sheet(const Sheet& sheet) {
  if (!(sheet.width_pt > 0) || !(sheet.height_pt > 0) || !std::isfinite(sheet.width_pt) ||
      !std::isfinite(sheet.height_pt)) {
    return "the page has no area to paint";
  }
  return std::nullopt;
}

}  // namespace

Sheet whole_page(const Page& page) {
  const Box all{0, 0, page.width_pt, page.height_pt};
  return Sheet{.width_pt = page.width_pt,
               .height_pt = page.height_pt,
               .background = Colour::gray(1),
               .pages = {PagePlacement{&page, all, all}},
               .items = {}};
}

PixelSize pixel_size(double width_pt, double height_pt, double dpi) {
  const auto px = [&](double pt) {
    return std::max(1, static_cast<int>(std::ceil(pt * dpi / 72 - 1e-9)));
  };
  return {px(width_pt), px(height_pt)};
}

ImagePainter::ImagePainter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ImagePainter::~ImagePainter() = default;

util::Result<std::unique_ptr<ImagePainter>> ImagePainter::load(const FontFiles& files) {
  using R = util::Result<std::unique_ptr<ImagePainter>>;
  auto impl = std::make_unique<Impl>();
  std::map<std::string, std::shared_ptr<LoadedFont>> loaded;  // by FontSource::describe()
  for (FontRole role : kAllFontRoles) {
    const FontSource& source = files.for_role(role);
    auto& slot = impl->fonts[static_cast<std::size_t>(role)];
    if (auto it = loaded.find(source.describe()); it != loaded.end()) {
      slot = it->second;
      continue;
    }
    auto font = load_font(source);
    if (!font) return R::failure(font.error());
    slot = *font;
    loaded.emplace(source.describe(), slot);
  }
  return R::success(std::unique_ptr<ImagePainter>(new ImagePainter(std::move(impl))));
}

util::Result<std::string> ImagePainter::png(const Sheet& sheet, double dpi) const {
  using R = util::Result<std::string>;
  if (auto bad = check_sheet(sheet)) return R::failure(*bad);
  if (!(dpi >= kMinImageDpi && dpi <= kMaxImageDpi)) {
    return R::failure("the resolution must be 36 to 1200 dpi");
  }
  const PixelSize size = pixel_size(sheet.width_pt, sheet.height_pt, dpi);
  // The pixels live in this thread's scratch block (every pixel is painted: no clearing).
  const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, size.width);
  if (stride <= 0) return R::failure("the image would be too wide");
  std::vector<unsigned char>& pixels = scratch().pixels;
  try {
    pixels.resize(static_cast<std::size_t>(stride) * static_cast<std::size_t>(size.height));
  } catch (const std::bad_alloc&) {
    return R::failure("cannot make a " + std::to_string(size.width) + " x " + std::to_string(size.height) +
                      " pixel image (out of memory)");
  }
  struct Release {
    std::vector<unsigned char>& v;
    ~Release() { release_if_large(v); }
  } release{pixels};
  SurfacePtr surface(
      cairo_image_surface_create_for_data(pixels.data(), CAIRO_FORMAT_RGB24, size.width, size.height, stride));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    return R::failure("cannot make a " + std::to_string(size.width) + " x " +
                      std::to_string(size.height) + " pixel image (out of memory?)");
  }
  {
    std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(surface.get()));
    // Points, y up, the page's top edge on the image's top edge (as pdftoppm places a page).
    const double scale = dpi / 72;
    cairo_scale(cr.get(), scale, -scale);
    cairo_translate(cr.get(), 0, -sheet.height_pt);
    if (std::string error = impl_->paint(cr.get(), sheet, true); !error.empty()) return R::failure(error);
  }
  cairo_surface_flush(surface.get());
  std::optional<std::string> bytes = encode_png(surface.get());
  if (!bytes) return R::failure("cannot encode the PNG");
  return R::success(std::move(*bytes));
}

util::Result<std::string> ImagePainter::svg(const Sheet& sheet) const {
  using R = util::Result<std::string>;
  if (auto bad = check_sheet(sheet)) return R::failure(*bad);
  std::string bytes;
  {
    SurfacePtr surface(cairo_svg_surface_create_for_stream(append_to_string, &bytes,
                                                           sheet.width_pt, sheet.height_pt));
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
      return R::failure("cannot start the SVG");
    }
    cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PT);
    {
      std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(surface.get()));
      cairo_scale(cr.get(), 1, -1);
      cairo_translate(cr.get(), 0, -sheet.height_pt);
      if (std::string error = impl_->paint(cr.get(), sheet, false); !error.empty()) return R::failure(error);
    }
    cairo_surface_finish(surface.get());
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
      return R::failure("cannot finish the SVG");
    }
  }
  return R::success(stable_svg_ids(bytes));
}

util::Result<std::string> paint_png(const Page& page, double dpi, const FontFiles& fonts) {
  auto painter = ImagePainter::load(fonts);
  if (!painter) return util::Result<std::string>::failure(painter.error());
  return (*painter)->png(page, dpi);
}

util::Result<std::string> paint_svg(const Page& page, const FontFiles& fonts) {
  auto painter = ImagePainter::load(fonts);
  if (!painter) return util::Result<std::string>::failure(painter.error());
  return (*painter)->svg(page);
}

}  // namespace puzzlepress::render

namespace puzzlepress::render {

std::string cairo_version() { return cairo_version_string(); }

std::string freetype_version() {
  FT_Library library = nullptr;
  if (FT_Init_FreeType(&library) != 0) return "unknown";
  FT_Int major = 0, minor = 0, patch = 0;
  FT_Library_Version(library, &major, &minor, &patch);
  FT_Done_FreeType(library);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace puzzlepress::render

namespace puzzlepress::render {

bool image_file_decodes(const std::filesystem::path& file) { return load_image(file) != nullptr; }

}  // namespace puzzlepress::render
