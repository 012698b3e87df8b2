// The cover's picture files (internal to book/spec: spec.cpp's reader): front_image and
// barcode_image, each found relative to the spec, read by its bytes and held to what its
// printer takes before anything is drawn. Sizes in inches, resolutions in dots per inch.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "book/kdp/cover_geometry.h"
#include "book/spec/image_file.h"
#include "book/spec/spec.h"
#include "book/text/yaml_reader.h"

namespace puzzlepress::book {

/// A picture file named by a spec value, read and checked.
struct CoverImageFile {
  std::filesystem::path file;
  ImageInfo info;
};

/// What a cover image file must also satisfy, judged from its header (before it is decoded):
/// the reason it is refused, or nothing.
using ImageSizeRule = std::function<std::optional<std::string>(const ImageInfo&)>;

/// The image named at `value` (the key `name`, e.g. "cover.front_image"; `what` begins each
/// message, e.g. "front image"): found relative to `directory` (`exists` as existing_file's), a
/// PNG or JPEG by its bytes, passing `size_rule`, decodable by the painters' decoder within
/// `max_pixels`, and for IngramSpark (PDF/X-1a) CMYK or greyscale without transparency. Fails at
/// the value.
CoverImageFile read_cover_image(const YamlReader& reader, const YamlNode& value, const std::string& name,
                                std::string_view what, const std::filesystem::path& directory, const FileExists& exists,
                                Printer printer, const ImageSizeRule& size_rule, std::uint64_t max_pixels);

/// A barcode image prints fitted into the printer's barcode box: at least this sharp (KDP asks
/// 300 PPI of a raster barcode; a softer one may not scan) and at most this (sharper adds only
/// bytes), dots per inch at the fitted size.
inline constexpr double kBarcodeLeastDpi = 300;
inline constexpr double kBarcodeMostDpi = 1200;
/// KDP's least printed barcode, inches (KDP help "Barcodes" as publishers quote it, e.g.
/// publishing.co.uk's "KDP error: Barcode / ISBN placement", June 2026: 1.4 x 0.8 in least,
/// 2 x 1.2 suggested).
inline constexpr double kBarcodeLeastWidthIn = 1.4;
inline constexpr double kBarcodeLeastHeightIn = 0.8;

/// The size `info` prints at when fitted (whole, its shape kept) into a box of `box_width_in` x
/// `box_height_in` inches, and the resolution that gives.
struct FittedImage {
  double width_in = 0;
  double height_in = 0;
  double dpi = 0;
};
FittedImage fit_image(const ImageInfo& info, double box_width_in, double box_height_in);

/// Why `info` cannot be the barcode fitted into a box of `box_width_in` x `box_height_in` inches,
/// or nothing; its printed size first, then its resolution: "prints 2.00 x 0.20 in fitted into
/// the 2 x 1.2 in barcode box, under the 1.4 x 0.8 in a barcode prints at least: crop it to the
/// barcode and its quiet zone", "is 300 x 180 pixels, 150 dpi fitted into the 2 x 1.2 in
/// barcode box; a barcode needs 300 (600 x 360 pixels) to scan", "is … 1500 dpi …; puzzlepress
/// takes up to 1200: scale it to at most … pixels".
std::optional<std::string> barcode_image_problem(const ImageInfo& info, double box_width_in, double box_height_in);

/// cover.barcode_image at `value` (`name` its key path): read_cover_image's checks, then
/// barcode_image_problem's in the printer's box; refused with barcode: none (no box to fit).
/// Sets out.barcode_image and its info; fails at the value.
void read_barcode_image(const YamlReader& reader, CoverSpec& out, const YamlNode& value, const std::string& name,
                        const std::filesystem::path& directory, const FileExists& exists);

}  // namespace puzzlepress::book
