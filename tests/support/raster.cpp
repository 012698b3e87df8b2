#include "support/raster.h"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace puzzlepress::testing {
namespace {

cairo_status_t read_from(void* closure, unsigned char* data, unsigned int length) {
  auto* source = static_cast<std::string_view*>(closure);
  if (source->size() < length) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, source->data(), length);
  source->remove_prefix(length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::optional<RgbImage> decode_png(const std::string& bytes) {
  std::string_view source(bytes);
  cairo_surface_t* s = cairo_image_surface_create_from_png_stream(read_from, &source);
  if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(s);
    return std::nullopt;
  }
  // Flatten onto white (ARGB32 is premultiplied).
  cairo_surface_t* flat = cairo_image_surface_create(CAIRO_FORMAT_RGB24, cairo_image_surface_get_width(s),
                                                     cairo_image_surface_get_height(s));
  cairo_t* cr = cairo_create(flat);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_surface(cr, s, 0, 0);
  cairo_paint(cr);
  cairo_destroy(cr);
  cairo_surface_flush(flat);
  RgbImage image;
  image.width = cairo_image_surface_get_width(flat);
  image.height = cairo_image_surface_get_height(flat);
  image.rgb.resize(static_cast<std::size_t>(image.width) * image.height * 3);
  const unsigned char* data = cairo_image_surface_get_data(flat);
  const int stride = cairo_image_surface_get_stride(flat);
  for (int y = 0; y < image.height; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < image.width; ++x) {
      const std::uint32_t p = row[x];
      std::uint8_t* out = &image.rgb[(static_cast<std::size_t>(y) * image.width + x) * 3];
      out[0] = static_cast<std::uint8_t>(p >> 16);
      out[1] = static_cast<std::uint8_t>(p >> 8);
      out[2] = static_cast<std::uint8_t>(p);
    }
  }
  cairo_surface_destroy(flat);
  cairo_surface_destroy(s);
  return image;
}

std::optional<std::pair<int, int>> png_size(const std::string& bytes) {
  if (bytes.size() < 24 || bytes.compare(0, 8, "\x89PNG\r\n\x1A\n") != 0 || bytes.compare(12, 4, "IHDR") != 0) {
    return std::nullopt;
  }
  auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(bytes[at]) << 24) | (static_cast<unsigned char>(bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(bytes[at + 2]) << 8) | static_cast<unsigned char>(bytes[at + 3]);
  };
  return std::pair<int, int>{static_cast<int>(be32(16)), static_cast<int>(be32(20))};
}

ImageDifference compare_images(const RgbImage& a, const RgbImage& b, int threshold) {
  ImageDifference d;
  const int w = std::min(a.width, b.width);
  const int h = std::min(a.height, b.height);
  if (w <= 0 || h <= 0) return d;
  std::vector<std::uint8_t> differs(static_cast<std::size_t>(w) * h, 0);
  double total = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const auto* p = a.at(x, y);
      const auto* q = b.at(x, y);
      int largest = 0;
      for (int c = 0; c < 3; ++c) {
        const int diff = std::abs(p[c] - q[c]);
        total += diff;
        largest = std::max(largest, diff);
      }
      if (largest > threshold) {
        differs[static_cast<std::size_t>(y) * w + x] = 1;
        ++d.differing_pixels;
      }
    }
  }
  d.mean_abs = total / (3.0 * w * h);
  // Connected groups by flood fill (8-neighbours).
  std::vector<int> stack;
  for (int start = 0; start < w * h; ++start) {
    if (differs[start] != 1) continue;
    differs[start] = 2;
    stack.assign(1, start);
    long area = 0;
    int left = w, right = -1, top = h, bottom = -1;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      ++area;
      const int x = i % w, y = i / w;
      left = std::min(left, x), right = std::max(right, x), top = std::min(top, y), bottom = std::max(bottom, y);
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx, ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const int n = ny * w + nx;
          if (differs[n] == 1) {
            differs[n] = 2;
            stack.push_back(n);
          }
        }
      }
    }
    if (area > d.largest_area_px) {
      d.largest_area_px = area;
      d.largest_left = left, d.largest_top = top;
      d.largest_width = right - left + 1, d.largest_height = bottom - top + 1;
    }
  }
  return d;
}

}  // namespace puzzlepress::testing
