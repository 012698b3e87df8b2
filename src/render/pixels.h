// The one decoder of the image files a page draws (PNG through libpng, JPEG through libjpeg):
// the spec check, the PDF writer and the image painter all read pixels here, so a file one of
// them accepts is never refused (or misread) by another. Streams the file row by row; a PNG
// or JPEG that does not decode whole, with no warning, is refused.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "util/result.h"

namespace puzzlepress::render {

/// A decoded image, 8 bits a sample, rows top to bottom, each `width * channels()` bytes.
struct Pixels {
  enum class Colour { gray, rgb, cmyk };  ///< cmyk: JPEG only, as ink (0 = none), never inverted
  int width = 0;
  int height = 0;
  Colour colour = Colour::rgb;
  bool alpha = false;  ///< one more sample a pixel, last: opacity (PNG only; tRNS made alpha)
  std::vector<std::uint8_t> samples;

  int colour_channels() const { return colour == Colour::gray ? 1 : colour == Colour::rgb ? 3 : 4; }
  int channels() const { return colour_channels() + (alpha ? 1 : 0); }
};

/// The most pixels (width * height) any image file may hold, whatever its printed size: about
/// 1.2 GB decoded as RGB plus alpha. Callers set tighter budgets from the printed size.
inline constexpr std::uint64_t kMaxImagePixels = 300'000'000;

/// Decodes the whole PNG or JPEG in `file` (told by its first bytes). Refuses, with one line
/// naming no path, a file that is neither, holds more than `max_pixels`, or does not decode
/// whole and clean: "is damaged: its pixels cannot be decoded (JPEG cut short or corrupt?)".
util::Result<Pixels> decode_image_file(const std::filesystem::path& file, std::uint64_t max_pixels = kMaxImagePixels);

/// As decode_image_file, but keeps no pixels (`samples` stays empty): reads the file row by row
/// through one row's buffer (interlaced PNGs too), so a check costs one row of memory whatever
/// the image's size.
util::Result<Pixels> check_image_file(const std::filesystem::path& file, std::uint64_t max_pixels = kMaxImagePixels);

}  // namespace puzzlepress::render
