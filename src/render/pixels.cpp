// pixels.h's decoder: libpng and libjpeg, each behind setjmp, streaming from the file. The only
// file that includes png.h or jpeglib.h.
// clang-format off: jpeglib.h uses size_t and FILE without including their headers.
#include <cstddef>
#include <cstdio>
#include <jpeglib.h>
#include <png.h>
// clang-format on

#include <csetjmp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "render/pixels.h"

namespace puzzlepress::render {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

// Where each decoded row goes: all rows into `pixels.samples` (decode), or one scratch row
// (check). An interlaced PNG passes over every row several times; the scratch row takes them.
struct RowSink {
  Pixels& pixels;
  bool keep = false;
  std::vector<std::uint8_t> scratch;

  std::size_t row_bytes() const {
    return static_cast<std::size_t>(pixels.width) * static_cast<std::size_t>(pixels.channels());
  }
  void start() {
    if (keep) {
      pixels.samples.assign(row_bytes() * static_cast<std::size_t>(pixels.height), 0);
    } else {
      scratch.assign(row_bytes(), 0);
    }
  }
  std::uint8_t* row(int y) {
    return keep ? pixels.samples.data() + row_bytes() * static_cast<std::size_t>(y) : scratch.data();
  }
};

std::string too_many_pixels(std::uint64_t width, std::uint64_t height, std::uint64_t max_pixels) {
  return "holds " + std::to_string(width) + " x " + std::to_string(height) + " pixels, more than the " +
         std::to_string(max_pixels) + " puzzlepress reads";
}

std::string damaged(const char* format) {
  return std::string("is damaged: its pixels cannot be decoded (") + format + " cut short or corrupt?)";
}

// ---- PNG --------------------------------------------------------------------------------------

struct PngJump {
  std::jmp_buf jump;
  std::string why;  // the refusal longjmp returns with (a member: locals are unsafe after longjmp)
};

[[noreturn]] void png_fail(png_structp png, png_const_charp) {
  std::longjmp(static_cast<PngJump*>(png_get_error_ptr(png))->jump, 1);
}
void png_quiet(png_structp, png_const_charp) {}  // warnings (an odd ICC profile) do not refuse

// Expands every PNG to 8-bit grey or RGB, with an alpha sample when the file has alpha or tRNS.
util::Result<Pixels> read_png(std::FILE* file, RowSink& sink, std::uint64_t max_pixels) {
  PngJump jump{};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &jump, png_fail, png_quiet);
  if (png == nullptr) return util::Result<Pixels>::failure("cannot be decoded: out of memory");
  png_infop info = png_create_info_struct(png);
  jump.why = damaged("PNG");
  if (setjmp(jump.jump) != 0) {
    png_destroy_read_struct(&png, &info, nullptr);
    return util::Result<Pixels>::failure(jump.why);
  }
  if (info == nullptr) png_error(png, "out of memory");
  png_set_user_limits(png, 1'000'000, 1'000'000);
  png_init_io(png, file);
  png_read_info(png, info);
  const std::uint64_t width = png_get_image_width(png, info);
  const std::uint64_t height = png_get_image_height(png, info);
  if (width * height > max_pixels) {
    jump.why = too_many_pixels(width, height, max_pixels);
    png_error(png, "budget");
  }
  png_set_expand(png);  // palette to RGB, grey below 8 bits to 8, tRNS to alpha
  png_set_strip_16(png);
  const int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  const int channels = png_get_channels(png, info);
  Pixels& out = sink.pixels;
  out.width = static_cast<int>(width);
  out.height = static_cast<int>(height);
  out.colour = channels <= 2 ? Pixels::Colour::gray : Pixels::Colour::rgb;
  out.alpha = channels == 2 || channels == 4;
  if (png_get_rowbytes(png, info) != sink.row_bytes()) png_error(png, "unexpected row size");
  sink.start();
  for (int pass = 0; pass < passes; ++pass) {
    for (int y = 0; y < out.height; ++y) png_read_row(png, sink.row(y), nullptr);
  }
  png_read_end(png, nullptr);
  png_destroy_read_struct(&png, &info, nullptr);
  return util::Result<Pixels>::success(std::move(out));
}

// ---- JPEG -------------------------------------------------------------------------------------

struct JpegJump {
  jpeg_error_mgr mgr;  // first: libjpeg's err pointer is cast back to JpegJump
  std::jmp_buf jump;
  std::string why;
};

[[noreturn]] void jpeg_fail(j_common_ptr info) { std::longjmp(reinterpret_cast<JpegJump*>(info->err)->jump, 1); }
// libjpeg reports a file cut short or corrupt data as a warning (level -1) and fills in grey:
// that is a refusal here. Trace messages (levels above 0) are ignored; nothing is printed.
void jpeg_message(j_common_ptr info, int level) {
  if (level < 0) jpeg_fail(info);
}
void jpeg_silent(j_common_ptr) {}

// Grey, RGB (YCbCr) or CMYK (Adobe's inverted CMYK and YCCK made plain ink).
util::Result<Pixels> read_jpeg(std::FILE* file, RowSink& sink, std::uint64_t max_pixels) {
  jpeg_decompress_struct info{};
  JpegJump err{};
  info.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = jpeg_fail;
  err.mgr.emit_message = jpeg_message;
  err.mgr.output_message = jpeg_silent;
  err.why = damaged("JPEG");
  if (setjmp(err.jump) != 0) {
    jpeg_destroy_decompress(&info);
    return util::Result<Pixels>::failure(err.why);
  }
  jpeg_create_decompress(&info);
  jpeg_stdio_src(&info, file);
  jpeg_read_header(&info, TRUE);
  if (static_cast<std::uint64_t>(info.image_width) * info.image_height > max_pixels) {
    err.why = too_many_pixels(info.image_width, info.image_height, max_pixels);
    jpeg_fail(reinterpret_cast<j_common_ptr>(&info));
  }
  const bool cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  info.out_color_space = cmyk ? JCS_CMYK : info.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress(&info);
  Pixels& out = sink.pixels;
  out.width = static_cast<int>(info.output_width);
  out.height = static_cast<int>(info.output_height);
  out.colour = cmyk ? Pixels::Colour::cmyk : info.output_components == 1 ? Pixels::Colour::gray : Pixels::Colour::rgb;
  out.alpha = false;
  if (info.output_components != out.channels()) jpeg_fail(reinterpret_cast<j_common_ptr>(&info));
  const bool inverted = cmyk && info.saw_Adobe_marker;
  sink.start();
  while (info.output_scanline < info.output_height) {
    std::uint8_t* row = sink.row(static_cast<int>(info.output_scanline));
    JSAMPROW rows[1] = {row};
    jpeg_read_scanlines(&info, rows, 1);
    if (inverted) {
      for (std::size_t i = 0; i < sink.row_bytes(); ++i) row[i] = static_cast<std::uint8_t>(255 - row[i]);
    }
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return util::Result<Pixels>::success(std::move(out));
}

util::Result<Pixels> read_image(const std::filesystem::path& path, bool keep, std::uint64_t max_pixels) {
  FilePtr file(std::fopen(path.c_str(), "rb"));
  if (!file) return util::Result<Pixels>::failure("cannot be read");
  unsigned char head[4] = {};
  const std::size_t got = std::fread(head, 1, sizeof head, file.get());
  std::rewind(file.get());
  Pixels pixels;
  RowSink sink{pixels, keep, {}};
  if (got == 4 && head[0] == 0x89 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G') {
    return read_png(file.get(), sink, max_pixels);
  }
  if (got >= 2 && head[0] == 0xFF && head[1] == 0xD8) return read_jpeg(file.get(), sink, max_pixels);
  return util::Result<Pixels>::failure("is not a PNG or JPEG file");
}

}  // namespace

util::Result<Pixels> decode_image_file(const std::filesystem::path& file, std::uint64_t max_pixels) {
  return read_image(file, true, max_pixels);
}

util::Result<Pixels> check_image_file(const std::filesystem::path& file, std::uint64_t max_pixels) {
  return read_image(file, false, max_pixels);
}

}  // namespace puzzlepress::render
