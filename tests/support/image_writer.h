// Small, valid PNG and JPEG files written from scratch for tests (no image library): a PNG of
// any size and colour type with stored (uncompressed) deflate blocks, and a baseline (or other
// frame type) JPEG of one solid colour, which libharu embeds and poppler decodes.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace puzzlepress::testing {

/// PNG colour types: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha.
/// Every pixel is `rgba` (grey types take r; a palette holds that one colour). With `trns`, a
/// tRNS chunk is added (palette and grey/RGB types only).
std::string png_bytes(int width, int height, int colour_type, std::array<std::uint8_t, 4> rgba = {40, 90, 160, 255},
                      bool trns = false);

/// A JPEG of `components` (1 grey, 3 YCbCr, 4 Adobe CMYK) filled with one colour (grey level,
/// RGB, or CMYK ink 0-255), with frame marker `sof` (0xC0 baseline; others to test refusals)
/// and `precision` bits per sample in the frame header.
std::string jpeg_bytes(int width, int height, int components, std::array<std::uint8_t, 4> colour = {40, 90, 160, 0},
                       int sof = 0xC0, int precision = 8);

}  // namespace puzzlepress::testing
