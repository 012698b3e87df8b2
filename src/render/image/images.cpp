// The image files a page draws (page.h's Image) as cairo surfaces of their pixels, decoded by
// render/pixels.h (the decoder the PDF writer and the spec check use too): grey and RGB as
// RGB24, alpha as premultiplied ARGB32, CMYK ink shown as RGB.
#include <cmath>
#include <cstdint>
#include <filesystem>

#include "render/image/image_internal.h"
#include "render/pixels.h"

namespace puzzlepress::render::image {
namespace {

std::uint32_t premultiplied(unsigned r, unsigned g, unsigned b, unsigned a) {
  const auto times = [a](unsigned c) { return (c * a + 127) / 255; };
  return (a << 24) | (times(r) << 16) | (times(g) << 8) | times(b);
}

// One pixel's colour samples as cairo's r, g, b.
void rgb_of(const std::uint8_t* p, Pixels::Colour colour, unsigned& r, unsigned& g, unsigned& b) {
  switch (colour) {
    case Pixels::Colour::gray: r = g = b = p[0]; return;
    case Pixels::Colour::rgb: r = p[0], g = p[1], b = p[2]; return;
    case Pixels::Colour::cmyk: {
      const double k = 1 - p[3] / 255.0;
      r = static_cast<unsigned>(std::lround(255 * (1 - p[0] / 255.0) * k));
      g = static_cast<unsigned>(std::lround(255 * (1 - p[1] / 255.0) * k));
      b = static_cast<unsigned>(std::lround(255 * (1 - p[2] / 255.0) * k));
      return;
    }
  }
}

}  // namespace

SurfacePtr load_image(const std::filesystem::path& file) {
  const util::Result<Pixels> pixels = decode_image_file(file);
  if (!pixels) return nullptr;
  const Pixels& px = *pixels;
  SurfacePtr surface(
      cairo_image_surface_create(px.alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, px.width, px.height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return nullptr;
  cairo_surface_flush(surface.get());
  unsigned char* data = cairo_image_surface_get_data(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  const std::size_t channels = static_cast<std::size_t>(px.channels());
  for (int y = 0; y < px.height; ++y) {
    auto* out = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    const std::uint8_t* in = px.samples.data() + static_cast<std::size_t>(y) * px.width * channels;
    for (int x = 0; x < px.width; ++x, in += channels) {
      unsigned r = 0, g = 0, b = 0;
      rgb_of(in, px.colour, r, g, b);
      out[x] = px.alpha ? premultiplied(r, g, b, in[channels - 1]) : 0xFF000000u | (r << 16) | (g << 8) | b;
    }
  }
  cairo_surface_mark_dirty(surface.get());
  return surface;
}

}  // namespace puzzlepress::render::image
