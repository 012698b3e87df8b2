// Reading and comparing raster images in tests: PNG bytes decoded (through cairo, in tests
// only) to 8-bit RGB, and the measures the painter agreement test states (README, "Preview").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace puzzlepress::testing {

/// 8-bit RGB pixels, rows top to bottom.
struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  ///< width * height * 3

  const std::uint8_t* at(int x, int y) const { return &rgb[(static_cast<std::size_t>(y) * width + x) * 3]; }
  /// Mean of the three channels, 0 (black) .. 255 (white).
  double grey(int x, int y) const {
    const auto* p = at(x, y);
    return (p[0] + p[1] + p[2]) / 3.0;
  }
};

/// The PNG in `bytes`, or nothing when it is not a PNG cairo can read.
std::optional<RgbImage> decode_png(const std::string& bytes);

/// The PNG's width and height from its IHDR chunk (no decoding), or nothing.
std::optional<std::pair<int, int>> png_size(const std::string& bytes);

/// How far two images of the same size differ.
struct ImageDifference {
  /// Mean over every pixel and channel of |a - b|, in 0..255 levels.
  double mean_abs = 0;
  /// Pixels where a channel differs by more than the threshold (one image inked, the other not).
  long differing_pixels = 0;
  /// The largest 8-connected group of such pixels: its pixel count and bounding box.
  long largest_area_px = 0;
  int largest_left = 0, largest_top = 0, largest_width = 0, largest_height = 0;
};

/// Compares `a` and `b` over their common area (they should be the same size; a one-pixel
/// difference in size from rounding is tolerated, the extra edge ignored).
ImageDifference compare_images(const RgbImage& a, const RgbImage& b, int threshold);

}  // namespace puzzlepress::testing
