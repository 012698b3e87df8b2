// The image painter (render/image_painter.h): loads the role fonts once, then paints sheets of
// pages as PNG (a surface of pixels over this thread's scratch memory, dpi / 72 pixels a point,
// the page's top edge on the image's top edge) or SVG (a surface of points), through paint.cpp.
// SVG ids are renumbered so that the same sheet always gives the same bytes.
#include <cairo-svg.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/image/image_internal.h"

namespace puzzlepress::render::image {
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
}  // namespace puzzlepress::render::image

namespace puzzlepress::render {

using image::ContextDeleter;
using image::SurfacePtr;

Sheet whole_page(const Page& page) {
  const Box all{0, 0, page.width_pt, page.height_pt};
  return Sheet{.width_pt = page.width_pt,
               .height_pt = page.height_pt,
               .background = Colour::gray(1),
               .pages = {PagePlacement{&page, all, all}},
               .items = {}};
}

PixelSize pixel_size(double width_pt, double height_pt, double dpi) {
  const auto px = [&](double pt) { return std::max(1, static_cast<int>(std::ceil(pt * dpi / 72 - 1e-9))); };
  return {px(width_pt), px(height_pt)};
}

ImagePainter::ImagePainter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ImagePainter::~ImagePainter() = default;

util::Result<std::unique_ptr<ImagePainter>> ImagePainter::load(const FontFiles& files) {
  using R = util::Result<std::unique_ptr<ImagePainter>>;
  auto impl = std::make_unique<Impl>();
  std::map<std::string, std::shared_ptr<image::LoadedFont>> loaded;  // by FontSource::describe()
  for (FontRole role : kAllFontRoles) {
    const FontSource& source = files.for_role(role);
    auto& slot = impl->fonts[static_cast<std::size_t>(role)];
    if (auto it = loaded.find(source.describe()); it != loaded.end()) {
      slot = it->second;
      continue;
    }
    auto font = image::load_font(source);
    if (!font) return R::failure(font.error());
    slot = *font;
    loaded.emplace(source.describe(), slot);
  }
  return R::success(std::unique_ptr<ImagePainter>(new ImagePainter(std::move(impl))));
}

util::Result<std::string> ImagePainter::png(const Sheet& sheet, double dpi) const {
  using R = util::Result<std::string>;
  if (auto bad = image::check_sheet(sheet)) return R::failure(*bad);
  if (!(dpi >= kMinImageDpi && dpi <= kMaxImageDpi)) {
    return R::failure("the resolution must be 36 to 1200 dpi");
  }
  const PixelSize size = pixel_size(sheet.width_pt, sheet.height_pt, dpi);
  // The pixels live in this thread's scratch block (every pixel is painted: no clearing).
  const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, size.width);
  if (stride <= 0) return R::failure("the image would be too wide");
  std::vector<unsigned char>& pixels = image::scratch().pixels;
  try {
    pixels.resize(static_cast<std::size_t>(stride) * static_cast<std::size_t>(size.height));
  } catch (const std::bad_alloc&) {
    return R::failure("cannot make a " + std::to_string(size.width) + " x " + std::to_string(size.height) +
                      " pixel image (out of memory)");
  }
  struct Release {
    std::vector<unsigned char>& v;
    ~Release() { image::release_if_large(v); }
  } release{pixels};
  SurfacePtr surface(
      cairo_image_surface_create_for_data(pixels.data(), CAIRO_FORMAT_RGB24, size.width, size.height, stride));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    return R::failure("cannot make a " + std::to_string(size.width) + " x " + std::to_string(size.height) +
                      " pixel image (out of memory?)");
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
  std::optional<std::string> bytes = image::encode_png(surface.get());
  if (!bytes) return R::failure("cannot encode the PNG");
  return R::success(std::move(*bytes));
}

util::Result<std::string> ImagePainter::svg(const Sheet& sheet) const {
  using R = util::Result<std::string>;
  if (auto bad = image::check_sheet(sheet)) return R::failure(*bad);
  std::string bytes;
  {
    SurfacePtr surface(
        cairo_svg_surface_create_for_stream(image::append_to_string, &bytes, sheet.width_pt, sheet.height_pt));
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
  return R::success(image::stable_svg_ids(bytes));
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

std::string cairo_version() { return cairo_version_string(); }

}  // namespace puzzlepress::render
