// The image files a page draws (page.h's Image), decoded into cairo surfaces of their pixels:
// PNG through cairo, JPEG through libjpeg (grey, RGB/YCbCr, or CMYK shown as RGB). A file is
// told by its first bytes, never by its name; one that does not decode whole is refused.
// clang-format off: jpeglib.h uses size_t and FILE without including their headers.
#include <cstddef>
#include <cstdio>
#include <jpeglib.h>
// clang-format on

#include <cmath>
#include <csetjmp>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "render/image/image_internal.h"

namespace puzzlepress::render::image {
namespace {

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

}  // namespace

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

}  // namespace puzzlepress::render::image

namespace puzzlepress::render {

bool image_file_decodes(const std::filesystem::path& file) {
  return image::load_image(file) != nullptr;
}

}  // namespace puzzlepress::render
