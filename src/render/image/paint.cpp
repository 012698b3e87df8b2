// A sheet and its items painted onto a cairo context, the way the PDF writer paints them
// (image_internal.h says how they match), one function per item kind (page.h's Item). The
// context's user space is points, y up; on PNGs (`snap`) edges and glyph origins are moved to
// device pixels as poppler's rasteriser places them.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <mutex>
#include <numbers>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "render/image/image_internal.h"
#include "util/text.h"

namespace puzzlepress::render::image {
namespace {

void set_colour(cairo_t* cr, const Colour& c) {
  switch (c.space) {
    case Colour::Space::gray: cairo_set_source_rgb(cr, c.c[0], c.c[0], c.c[0]); break;
    case Colour::Space::rgb: cairo_set_source_rgb(cr, c.c[0], c.c[1], c.c[2]); break;
    case Colour::Space::cmyk:
      cairo_set_source_rgb(cr, (1 - c.c[0]) * (1 - c.c[3]), (1 - c.c[1]) * (1 - c.c[3]), (1 - c.c[2]) * (1 - c.c[3]));
      break;
  }
}

// Fills and/or strokes the current path as PDF's f / S / B.
void fill_stroke(cairo_t* cr, const std::optional<Colour>& fill, double stroke_width, const Colour& stroke) {
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

// `snapping`: a straight line is filled as a band on whole pixels.
void paint_line(cairo_t* cr, const Line& line, bool snapping) {
  const bool straight = line.from.x == line.to.x || line.from.y == line.to.y;
  if (line.dash_pt > 0) {  // dashed: stroked as the PDF strokes it
    const double pattern[2] = {line.dash_pt, line.gap_pt};
    cairo_set_dash(cr, pattern, 2, 0);
    cairo_move_to(cr, line.from.x, line.from.y);
    cairo_line_to(cr, line.to.x, line.to.y);
    cairo_set_line_width(cr, line.width_pt);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    set_colour(cr, line.colour);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
    return;
  }
  if (snapping && straight && line.width_pt > 0) {
    const double h = line.width_pt / 2;
    const Box band =
        line.from.x == line.to.x
            ? Box{line.from.x - h, std::min(line.from.y, line.to.y), line.from.x + h, std::max(line.from.y, line.to.y)}
            : Box{std::min(line.from.x, line.to.x), line.from.y - h, std::max(line.from.x, line.to.x), line.from.y + h};
    const Box b = snapped(cr, band);
    cairo_rectangle(cr, b.left, b.bottom, b.width(), b.height());
    set_colour(cr, line.colour);
    cairo_fill(cr);
    return;
  }
  cairo_move_to(cr, line.from.x, line.from.y);
  cairo_line_to(cr, line.to.x, line.to.y);
  cairo_set_line_width(cr, line.width_pt);
  set_colour(cr, line.colour);
  cairo_stroke(cr);
}

// `snapping`: the fill and the outline are filled on whole pixels.
void paint_rect(cairo_t* cr, const Rect& rect, bool snapping) {
  if (snapping) {
    if (rect.fill) {
      const Box b = snapped(cr, rect.box);
      cairo_rectangle(cr, b.left, b.bottom, b.width(), b.height());
      set_colour(cr, *rect.fill);
      cairo_fill(cr);
    }
    if (rect.stroke_width_pt > 0) {
      frame_path(cr, rect.box, rect.stroke_width_pt);
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
      set_colour(cr, rect.stroke);
      cairo_fill(cr);
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    }
    return;
  }
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, rect.box.left, rect.box.bottom, rect.box.width(), rect.box.height());
  fill_stroke(cr, rect.fill, rect.stroke_width_pt, rect.stroke);
}

void paint_polygon(cairo_t* cr, const Polygon& poly) {
  if (poly.points.size() < 2) return;
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to(cr, poly.points[0].x, poly.points[0].y);
  for (std::size_t i = 1; i < poly.points.size(); ++i) {
    cairo_line_to(cr, poly.points[i].x, poly.points[i].y);
  }
  cairo_close_path(cr);
  fill_stroke(cr, poly.fill, poly.stroke_width_pt, poly.stroke);
}

void paint_path(cairo_t* cr, const Path& path) {
  if (path.segments.empty()) return;
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (const Path::Segment& s : path.segments) {
    switch (s.verb) {
      case Path::Verb::move: cairo_move_to(cr, s.to.x, s.to.y); break;
      case Path::Verb::line: cairo_line_to(cr, s.to.x, s.to.y); break;
      case Path::Verb::curve: cairo_curve_to(cr, s.c1.x, s.c1.y, s.c2.x, s.c2.y, s.to.x, s.to.y); break;
      case Path::Verb::close: cairo_close_path(cr); break;
    }
  }
  fill_stroke(cr, path.fill, path.stroke_width_pt, path.stroke);
}

}  // namespace
}  // namespace puzzlepress::render::image

namespace puzzlepress::render {

using image::set_colour;

std::shared_ptr<cairo_surface_t> ImagePainter::Impl::image(const std::filesystem::path& file) const {
  std::lock_guard lock(images_mutex);
  if (auto it = images.find(file); it != images.end()) return it->second;
  image::SurfacePtr loaded = image::load_image(file);
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
void ImagePainter::Impl::text(cairo_t* cr, const TextRun& run, bool snap) const {
  if (run.text.empty()) return;
  const image::LoadedFont& font = *fonts[static_cast<std::size_t>(run.role)];
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

// The image stretched to its box (row 0 at the top), cut to its clip; its file when it cannot be
// read.
std::optional<std::filesystem::path> ImagePainter::Impl::draw_image(cairo_t* cr, const Image& image) const {
  const std::shared_ptr<cairo_surface_t> surface = this->image(image.file);
  if (!surface) return image.file;
  const int w = cairo_image_surface_get_width(surface.get());
  const int h = cairo_image_surface_get_height(surface.get());
  cairo_save(cr);
  if (image.clip) {
    cairo_rectangle(cr, image.clip->left, image.clip->bottom, image.clip->width(), image.clip->height());
    cairo_clip(cr);
  }
  cairo_translate(cr, image.box.left, image.box.top);
  cairo_scale(cr, image.box.width() / w, -image.box.height() / h);  // row 0 at the top
  cairo_set_source_surface(cr, surface.get(), 0, 0);
  cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
  cairo_rectangle(cr, 0, 0, w, h);
  cairo_fill(cr);
  cairo_restore(cr);
  return std::nullopt;
}

std::optional<std::filesystem::path> ImagePainter::Impl::paint(cairo_t* cr, const Item& item, bool snap) const {
  const bool snapping = snap && image::axis_aligned(cr);
  if (const auto* line = std::get_if<Line>(&item)) {
    image::paint_line(cr, *line, snapping);
  } else if (const auto* rect = std::get_if<Rect>(&item)) {
    image::paint_rect(cr, *rect, snapping);
  } else if (const auto* poly = std::get_if<Polygon>(&item)) {
    image::paint_polygon(cr, *poly);
  } else if (const auto* path = std::get_if<Path>(&item)) {
    image::paint_path(cr, *path);
  } else if (const auto* run = std::get_if<TextRun>(&item)) {
    text(cr, *run, snap);
  } else if (const auto* picture = std::get_if<Image>(&item)) {
    return draw_image(cr, *picture);
  }
  return std::nullopt;
}

std::string ImagePainter::Impl::paint(cairo_t* cr, const Sheet& sheet, bool snap) const {
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
    cairo_rectangle(cr, placed.target.left, placed.target.bottom, placed.target.width(), placed.target.height());
    cairo_clip(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);  // the paper
    cairo_paint(cr);
    cairo_translate(cr, placed.target.left, placed.target.bottom);
    cairo_scale(cr, placed.target.width() / placed.source.width(), placed.target.height() / placed.source.height());
    cairo_translate(cr, -placed.source.left, -placed.source.bottom);
    for (const Item& item : placed.page->items) {
      if (auto bad = paint(cr, item, snap && placed.snap)) {
        cairo_restore(cr);
        return "cannot load image " + bad->string() + " (is it a readable PNG or JPEG?)";
      }
    }
    if (placed.shade > 0) {
      cairo_set_source_rgba(cr, 0, 0, 0, std::min(placed.shade, 1.0));
      cairo_paint(cr);  // within the target's clip
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

}  // namespace puzzlepress::render
