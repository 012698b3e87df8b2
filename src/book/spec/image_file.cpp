#include "book/spec/image_file.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <system_error>

#include "book/kdp/geometry.h"

namespace puzzlepress::book {
namespace {

using R = util::Result<ImageInfo>;

/// The most of a file read to find its header.
constexpr std::size_t kHeaderBytes = std::size_t{4} << 20;

std::uint32_t be32(std::string_view b, std::size_t at) {
  return (std::uint32_t{static_cast<unsigned char>(b[at])} << 24) |
         (std::uint32_t{static_cast<unsigned char>(b[at + 1])} << 16) |
         (std::uint32_t{static_cast<unsigned char>(b[at + 2])} << 8) |
         std::uint32_t{static_cast<unsigned char>(b[at + 3])};
}

unsigned be16(std::string_view b, std::size_t at) {
  return (unsigned{static_cast<unsigned char>(b[at])} << 8) | static_cast<unsigned char>(b[at + 1]);
}

unsigned byte(std::string_view b, std::size_t at) { return static_cast<unsigned char>(b[at]); }

// The first bytes of a file, printable, for "it starts with ...".
std::string shown_start(std::string_view bytes) {
  std::string out;
  for (std::size_t i = 0; i < bytes.size() && out.size() < 8; ++i) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c < 0x20 || c >= 0x7F) break;
    out += static_cast<char>(c);
  }
  return out;
}

R parse_png(std::string_view b) {
  // Signature (8), then IHDR: length (4), "IHDR" (4), width, height (4 each), depth, colour.
  if (b.size() < 8 + 8 + 13 || b.substr(12, 4) != "IHDR") return R::failure("is a truncated PNG file");
  ImageInfo info;
  info.format = ImageFormat::png;
  const std::uint32_t width = be32(b, 16);
  const std::uint32_t height = be32(b, 20);
  if (width == 0 || height == 0) return R::failure("has no pixels");
  if (width > 0x7FFFFFFF || height > 0x7FFFFFFF) return R::failure("is a damaged PNG file (its size is impossible)");
  info.width_px = static_cast<int>(width);
  info.height_px = static_cast<int>(height);
  switch (byte(b, 25)) {
    case 0: info.colour = ImageColour::gray; break;
    case 2: info.colour = ImageColour::rgb; break;
    case 3: info.colour = ImageColour::palette; break;
    case 4:
      info.colour = ImageColour::gray;
      info.transparency = true;
      break;
    case 6:
      info.colour = ImageColour::rgb;
      info.transparency = true;
      break;
    default: return R::failure("is a damaged PNG file (unknown colour type " + std::to_string(byte(b, 25)) + ")");
  }
  // Chunks up to the first IDAT: a tRNS chunk makes colours transparent too.
  std::size_t at = 8;
  for (;;) {
    if (at + 8 > b.size()) return R::failure("is a truncated PNG file");
    const std::uint32_t length = be32(b, at);
    const std::string_view type = b.substr(at + 4, 4);
    if (type == "IDAT") return R::success(info);
    if (type == "tRNS") info.transparency = true;
    if (type == "IEND") return R::failure("is a PNG file without image data");
    if (length > b.size()) return R::failure("is a truncated PNG file");
    at += 12 + std::size_t{length};
  }
}

R parse_jpeg(std::string_view b) {
  std::size_t at = 2;
  for (;;) {
    while (at < b.size() && byte(b, at) == 0xFF && at + 1 < b.size() && byte(b, at + 1) == 0xFF) ++at;
    if (at + 2 > b.size()) return R::failure("is a truncated JPEG file");
    if (byte(b, at) != 0xFF) return R::failure("is a damaged JPEG file (no marker where one belongs)");
    const unsigned marker = byte(b, at + 1);
    at += 2;
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // no length
    if (marker == 0xD9 || marker == 0xDA) return R::failure("is a JPEG file without a frame header");
    if (at + 2 > b.size()) return R::failure("is a truncated JPEG file");
    const unsigned length = be16(b, at);
    const bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (!frame) {
      if (length < 2) return R::failure("is a damaged JPEG file (a segment has length " + std::to_string(length) + ")");
      at += length;
      continue;
    }
    if (marker == 0xC3 || marker == 0xC7 || marker == 0xCB || marker == 0xCF)
      return R::failure("is a lossless JPEG; save it as a baseline or progressive JPEG");
    if (marker == 0xC5 || marker == 0xC6 || marker == 0xCD || marker == 0xCE)
      return R::failure("is a hierarchical JPEG; save it as a baseline or progressive JPEG");
    if (marker >= 0xC9) return R::failure("is an arithmetic-coded JPEG; save it as a baseline or progressive JPEG");
    if (at + 8 > b.size()) return R::failure("is a truncated JPEG file");
    const unsigned precision = byte(b, at + 2);
    ImageInfo info;
    info.format = ImageFormat::jpeg;
    info.height_px = static_cast<int>(be16(b, at + 3));
    info.width_px = static_cast<int>(be16(b, at + 5));
    const unsigned components = byte(b, at + 7);
    if (precision != 8) {
      return R::failure("is a JPEG with " + std::to_string(precision) + "-bit samples; save it with 8-bit samples");
    }
    if (info.width_px == 0 || info.height_px == 0) return R::failure("has no pixels");
    switch (components) {
      case 1: info.colour = ImageColour::gray; break;
      case 3: info.colour = ImageColour::rgb; break;
      case 4: info.colour = ImageColour::cmyk; break;
      default: return R::failure("is a JPEG with " + std::to_string(components) + " colour components");
    }
    return R::success(info);
  }
}

}  // namespace

std::string_view image_format_name(ImageFormat format) { return format == ImageFormat::jpeg ? "JPEG" : "PNG"; }

std::string_view image_colour_name(ImageColour colour) {
  switch (colour) {
    case ImageColour::gray: return "greyscale";
    case ImageColour::rgb: return "RGB";
    case ImageColour::palette: return "palette (RGB)";
    case ImageColour::cmyk: return "CMYK";
  }
  return "RGB";
}

util::Result<ImageInfo> parse_image_header(std::string_view bytes) {
  if (bytes.starts_with("\x89PNG\r\n\x1a\n")) return parse_png(bytes);
  if (bytes.size() >= 3 && byte(bytes, 0) == 0xFF && byte(bytes, 1) == 0xD8 && byte(bytes, 2) == 0xFF)
    return parse_jpeg(bytes);
  const std::string start = shown_start(bytes);
  if (bytes.empty()) return R::failure("is empty, not a PNG or JPEG file");
  return R::failure("is not a PNG or JPEG file" +
                    (start.size() >= 3 ? " (it starts with '" + start + "')" : std::string()));
}

double front_image_dpi(const ImageInfo& info, double trim_width_in, double trim_height_in) {
  return std::min(info.width_px / (trim_width_in + kBleedIn), info.height_px / (trim_height_in + 2 * kBleedIn));
}

double photo_image_dpi(const ImageInfo& info, double trim_width_in, double trim_height_in) {
  return std::min(info.width_px / (trim_width_in + kBleedIn - kFoldClearIn),
                  info.height_px / (trim_height_in + 2 * kBleedIn));
}

std::optional<std::string> front_image_size_problem(const ImageInfo& info, double trim_width_in,
                                                    double trim_height_in) {
  const double front_width_in = trim_width_in + kBleedIn;  // the outer edge's bleed
  const double front_height_in = trim_height_in + 2 * kBleedIn;
  const double width_px = info.width_px;
  const double height_px = info.height_px;
  const double dpi = std::min(width_px / front_width_in, height_px / front_height_in);  // scaled to cover
  char line[320];
  if (dpi > kMaxFrontImageDpi + 0.5) {
    const double shrink = kMaxFrontImageDpi / dpi;
    std::snprintf(line, sizeof line,
                  "is %d x %d pixels, %.0f dpi at its printed size (%.2f x %.2f in); puzzlepress takes up to "
                  "%.0f dpi (printers ask for 300): scale it to at most %.0f x %.0f pixels",
                  info.width_px, info.height_px, dpi, width_px / dpi, height_px / dpi, kMaxFrontImageDpi,
                  std::floor(width_px * shrink + 1e-6), std::floor(height_px * shrink + 1e-6));
    return std::string(line);
  }
  if (width_px * height_px > static_cast<double>(kMaxFrontImagePixels)) {
    std::snprintf(line, sizeof line,
                  "is %d x %d pixels, more than the %.0f million puzzlepress reads: crop it to the front's "
                  "shape (%g x %g in)",
                  info.width_px, info.height_px, kMaxFrontImagePixels / 1e6, front_width_in, front_height_in);
    return std::string(line);
  }
  return std::nullopt;
}

util::Result<ImageInfo> read_image_info(const std::filesystem::path& path) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) return R::failure("cannot be read: no such file");
  if (std::filesystem::is_directory(status)) return R::failure("cannot be read: it is a folder, not a file");
  if (!std::filesystem::is_regular_file(status)) return R::failure("cannot be read: it is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return R::failure(std::string("cannot be read: ") + std::strerror(errno));
  std::string bytes(kHeaderBytes, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (in.bad()) return R::failure(std::string("cannot be read: ") + std::strerror(errno));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return parse_image_header(bytes);
}

}  // namespace puzzlepress::book
