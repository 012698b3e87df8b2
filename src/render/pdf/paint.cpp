// One item of a page painted with libharu, one function per item kind (page.h's Item), each
// setting line width, join, inks and font only where libharu's page state says they change.
// Coordinates, widths and sizes are points; angles degrees, anticlockwise.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "render/pdf/pdf_internal.h"
#include "render/pixels.h"

namespace puzzlepress::render::pdf {
namespace {

// State setters that write their operator only when it changes what libharu says the page's
// graphics state holds (it tracks width, join, inks and font for the page, through q and Q,
// from PDF's own initial state: width 1, miter joins, black DeviceGray inks, no font). The
// printed page is the same; its content stream is shorter, and quicker to write and deflate.
void set_line_width(HPDF_Page p, double width_pt) {
  if (HPDF_Page_GetLineWidth(p) != real(width_pt)) HPDF_Page_SetLineWidth(p, real(width_pt));
}

void set_line_join(HPDF_Page p, HPDF_LineJoin join) {
  if (HPDF_Page_GetLineJoin(p) != join) HPDF_Page_SetLineJoin(p, join);
}

// libharu's getters and setters of one ink, stroke or fill.
struct InkCalls {
  HPDF_ColorSpace (*space)(HPDF_Page);
  HPDF_REAL (*gray)(HPDF_Page);
  HPDF_RGBColor (*rgb)(HPDF_Page);
  HPDF_CMYKColor (*cmyk)(HPDF_Page);
  HPDF_STATUS (*set_gray)(HPDF_Page, HPDF_REAL);
  HPDF_STATUS (*set_rgb)(HPDF_Page, HPDF_REAL, HPDF_REAL, HPDF_REAL);
  HPDF_STATUS (*set_cmyk)(HPDF_Page, HPDF_REAL, HPDF_REAL, HPDF_REAL, HPDF_REAL);
};
constexpr InkCalls kStrokeInk{HPDF_Page_GetStrokingColorSpace, HPDF_Page_GetGrayStroke, HPDF_Page_GetRGBStroke,
                              HPDF_Page_GetCMYKStroke,         HPDF_Page_SetGrayStroke, HPDF_Page_SetRGBStroke,
                              HPDF_Page_SetCMYKStroke};
constexpr InkCalls kFillInk{HPDF_Page_GetFillingColorSpace, HPDF_Page_GetGrayFill, HPDF_Page_GetRGBFill,
                            HPDF_Page_GetCMYKFill,          HPDF_Page_SetGrayFill, HPDF_Page_SetRGBFill,
                            HPDF_Page_SetCMYKFill};

// Sets the ink `calls` name to `c`, unless libharu's page state holds it already.
void set_ink(HPDF_Page p, const InkCalls& calls, const Colour& c) {
  const HPDF_ColorSpace now = calls.space(p);
  switch (c.space) {
    case Colour::Space::gray:
      if (now == HPDF_CS_DEVICE_GRAY && calls.gray(p) == real(c.c[0])) return;
      calls.set_gray(p, real(c.c[0]));
      break;
    case Colour::Space::rgb: {
      const HPDF_RGBColor ink = calls.rgb(p);
      if (now == HPDF_CS_DEVICE_RGB && ink.r == real(c.c[0]) && ink.g == real(c.c[1]) && ink.b == real(c.c[2])) return;
      calls.set_rgb(p, real(c.c[0]), real(c.c[1]), real(c.c[2]));
      break;
    }
    case Colour::Space::cmyk: {
      const HPDF_CMYKColor ink = calls.cmyk(p);
      if (now == HPDF_CS_DEVICE_CMYK && ink.c == real(c.c[0]) && ink.m == real(c.c[1]) && ink.y == real(c.c[2]) &&
          ink.k == real(c.c[3])) {
        return;
      }
      calls.set_cmyk(p, real(c.c[0]), real(c.c[1]), real(c.c[2]), real(c.c[3]));
      break;
    }
  }
}

void set_stroke(HPDF_Page p, const Colour& c) { set_ink(p, kStrokeInk, c); }
void set_fill(HPDF_Page p, const Colour& c) { set_ink(p, kFillInk, c); }

// The font and size persist from one text object to the next (PDF's text state is part of the
// graphics state, not reset by BT).
void set_font(HPDF_Page p, HPDF_Font font, double size_pt) {
  if (HPDF_Page_GetCurrentFont(p) == font && HPDF_Page_GetCurrentFontSize(p) == real(size_pt)) return;
  HPDF_Page_SetFontAndSize(p, font, real(size_pt));
}

// The dash of the next strokes: dashed (whole points) or solid, written only when it changes.
void set_dash(HPDF_Page p, double dash_pt, double gap_pt) {
  const HPDF_DashMode now = HPDF_Page_GetDash(p);
  if (dash_pt <= 0) {
    if (now.num_ptn != 0) HPDF_Page_SetDash(p, nullptr, 0, 0);
    return;
  }
  const HPDF_UINT16 pattern[2] = {static_cast<HPDF_UINT16>(std::lround(dash_pt)),
                                  static_cast<HPDF_UINT16>(std::lround(gap_pt))};
  if (now.num_ptn == 2 && now.ptn[0] == pattern[0] && now.ptn[1] == pattern[1] && now.phase == 0) return;
  HPDF_Page_SetDash(p, pattern, 2, 0);
}

// The state of a shape about to be drawn, in this order: a stroke's width, ink, `join` and
// solid dash (only when `width_pt` > 0), then the fill's ink (when there is a fill).
void set_shape_state(HPDF_Page p, double width_pt, const Colour& stroke, HPDF_LineJoin join,
                     const std::optional<Colour>& fill) {
  if (width_pt > 0) {
    set_line_width(p, width_pt);
    set_stroke(p, stroke);
    set_line_join(p, join);
    set_dash(p, 0, 0);  // shapes are solid; only a Line may be dashed
  }
  if (fill) set_fill(p, *fill);
}

// Paints the current path as PDF's B (fill, then stroke), S or f.
void fill_stroke(HPDF_Page p, bool stroke, bool fill) {
  if (stroke && fill) {
    HPDF_Page_FillStroke(p);
  } else if (stroke) {
    HPDF_Page_Stroke(p);
  } else {
    HPDF_Page_Fill(p);
  }
}

// Loads each image file once per document (libharu embeds it once, however often drawn). A
// JPEG goes in as it is (DCT, checked whole by render/pixels.h first); a PNG as the pixels
// pixels.h decodes, grey or RGB, deflated, its alpha as a soft mask: libharu's own PNG reader
// refuses interlaced files and crashes on an RGB tRNS chunk, so it is never used.
HPDF_Image load_png(Haru& h, const std::filesystem::path& file) {
  const util::Result<Pixels> decoded = decode_image_file(file);
  if (!decoded) return nullptr;
  const Pixels& px = *decoded;
  const std::size_t count = static_cast<std::size_t>(px.width) * static_cast<std::size_t>(px.height);
  const std::size_t colours = static_cast<std::size_t>(px.colour_channels());
  const HPDF_ColorSpace space = px.colour == Pixels::Colour::gray ? HPDF_CS_DEVICE_GRAY : HPDF_CS_DEVICE_RGB;
  if (!px.alpha) {
    return HPDF_LoadRawImageFromMem(h.doc, px.samples.data(), static_cast<HPDF_UINT>(px.width),
                                    static_cast<HPDF_UINT>(px.height), space, 8);
  }
  std::vector<HPDF_BYTE> colour(count * colours);
  std::vector<HPDF_BYTE> opacity(count);
  const HPDF_BYTE* in = px.samples.data();
  for (std::size_t i = 0; i < count; ++i, in += colours + 1) {
    std::copy(in, in + colours, colour.begin() + static_cast<std::ptrdiff_t>(i * colours));
    opacity[i] = in[colours];
  }
  HPDF_Image image = HPDF_LoadRawImageFromMem(h.doc, colour.data(), static_cast<HPDF_UINT>(px.width),
                                              static_cast<HPDF_UINT>(px.height), space, 8);
  HPDF_Image mask = HPDF_LoadRawImageFromMem(h.doc, opacity.data(), static_cast<HPDF_UINT>(px.width),
                                             static_cast<HPDF_UINT>(px.height), HPDF_CS_DEVICE_GRAY, 8);
  if (image == nullptr || mask == nullptr || HPDF_Image_AddSMask(image, mask) != HPDF_OK) return nullptr;
  return image;
}

HPDF_Image load_image(Haru& h, const std::filesystem::path& file) {
  if (auto it = h.images.find(file); it != h.images.end()) return it->second;
  std::string head(8, '\0');
  {
    std::ifstream in(file, std::ios::binary);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
  }
  HPDF_Image image = nullptr;
  if (head.rfind("\x89PNG", 0) == 0) {
    image = load_png(h, file);
  } else if (head.rfind("\xFF\xD8", 0) == 0 && check_image_file(file)) {
    image = HPDF_LoadJpegImageFromFile(h.doc, file.c_str());
  }
  h.images.emplace(file, image);
  return image;
}

void paint_line(HPDF_Page p, const Line& line) {
  set_line_width(p, line.width_pt);  // one segment: no join
  set_stroke(p, line.colour);
  set_dash(p, line.dash_pt, line.gap_pt);
  const Point ends[] = {line.from, line.to};
  if (write_polyline(p, ends, false, "S")) return;
  HPDF_Page_MoveTo(p, real(line.from.x), real(line.from.y));
  HPDF_Page_LineTo(p, real(line.to.x), real(line.to.y));
  HPDF_Page_Stroke(p);
}

void paint_rect(HPDF_Page p, const Rect& rect) {
  const bool stroke = rect.stroke_width_pt > 0;
  if (!stroke && !rect.fill) return;
  set_shape_state(p, rect.stroke_width_pt, rect.stroke, HPDF_MITER_JOIN, rect.fill);
  HPDF_Page_Rectangle(p, real(rect.box.left), real(rect.box.bottom), real(rect.box.width()), real(rect.box.height()));
  fill_stroke(p, stroke, rect.fill.has_value());
}

void paint_polygon(HPDF_Page p, const Polygon& poly) {
  const bool stroke = poly.stroke_width_pt > 0;
  if (poly.points.size() < 2 || (!stroke && !poly.fill)) return;
  set_shape_state(p, poly.stroke_width_pt, poly.stroke, HPDF_ROUND_JOIN, poly.fill);
  if (write_polyline(p, poly.points, true, stroke && poly.fill ? "B" : stroke ? "S" : "f")) return;
  HPDF_Page_MoveTo(p, real(poly.points[0].x), real(poly.points[0].y));
  for (std::size_t i = 1; i < poly.points.size(); ++i) {
    HPDF_Page_LineTo(p, real(poly.points[i].x), real(poly.points[i].y));
  }
  HPDF_Page_ClosePath(p);
  fill_stroke(p, stroke, poly.fill.has_value());
}

void paint_path(HPDF_Page p, const Path& path) {
  const bool stroke = path.stroke_width_pt > 0;
  if (path.segments.empty() || (!stroke && !path.fill)) return;
  set_shape_state(p, path.stroke_width_pt, path.stroke, HPDF_ROUND_JOIN, path.fill);
  for (const Path::Segment& s : path.segments) {
    switch (s.verb) {
      case Path::Verb::move: HPDF_Page_MoveTo(p, real(s.to.x), real(s.to.y)); break;
      case Path::Verb::line: HPDF_Page_LineTo(p, real(s.to.x), real(s.to.y)); break;
      case Path::Verb::curve:
        HPDF_Page_CurveTo(p, real(s.c1.x), real(s.c1.y), real(s.c2.x), real(s.c2.y), real(s.to.x), real(s.to.y));
        break;
      case Path::Verb::close: HPDF_Page_ClosePath(p); break;
    }
  }
  fill_stroke(p, stroke, path.fill.has_value());
}

void paint_text(Haru& h, HPDF_Page p, const TextRun& text) {
  if (text.text.empty()) return;
  HPDF_Page_BeginText(p);
  set_font(p, h.fonts[role_index(text.role)], text.size_pt);
  set_fill(p, text.colour);
  if (text.angle_deg == 0) {
    if (write_text_start(p, text.origin)) {
      HPDF_Page_ShowText(p, text.text.c_str());
    } else {
      HPDF_Page_TextOut(p, real(text.origin.x), real(text.origin.y), text.text.c_str());
    }
  } else {
    const double a = text.angle_deg * std::numbers::pi / 180;
    HPDF_Page_SetTextMatrix(p, real(std::cos(a)), real(std::sin(a)), real(-std::sin(a)), real(std::cos(a)),
                            real(text.origin.x), real(text.origin.y));
    HPDF_Page_ShowText(p, text.text.c_str());
  }
  HPDF_Page_EndText(p);
}

void paint_image(Haru& h, HPDF_Page p, const Image& image) {
  HPDF_Image loaded = load_image(h, image.file);
  if (loaded == nullptr) {
    if (h.errors.code == HPDF_OK) h.errors.code = HPDF_INVALID_IMAGE;
    h.failed_file = image.file.string();
    return;
  }
  HPDF_Page_GSave(p);
  if (image.clip) {
    HPDF_Page_Rectangle(p, real(image.clip->left), real(image.clip->bottom), real(image.clip->width()),
                        real(image.clip->height()));
    HPDF_Page_Clip(p);
    HPDF_Page_EndPath(p);
  }
  HPDF_Page_DrawImage(p, loaded, real(image.box.left), real(image.box.bottom), real(image.box.width()),
                      real(image.box.height()));
  HPDF_Page_GRestore(p);
}

}  // namespace

void paint_item(Haru& h, HPDF_Page p, const Item& item) {
  if (const auto* line = std::get_if<Line>(&item)) {
    paint_line(p, *line);
  } else if (const auto* rect = std::get_if<Rect>(&item)) {
    paint_rect(p, *rect);
  } else if (const auto* poly = std::get_if<Polygon>(&item)) {
    paint_polygon(p, *poly);
  } else if (const auto* path = std::get_if<Path>(&item)) {
    paint_path(p, *path);
  } else if (const auto* text = std::get_if<TextRun>(&item)) {
    paint_text(h, p, *text);
  } else if (const auto* image = std::get_if<Image>(&item)) {
    paint_image(h, p, *image);
  }
}

}  // namespace puzzlepress::render::pdf
