// Image files a cover uses: what a PNG or JPEG file is, read from its bytes (never from its
// name), so a spec error can say what is wrong before anything is drawn. Reads only the
// headers (PNG chunks up to the first IDAT, JPEG segments up to the frame header).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace puzzlepress::book {

enum class ImageFormat { png, jpeg };

/// How the pixels are stored, as the PDF will carry them: PNG grey, RGB or palette (an RGB
/// palette); JPEG with 1, 3 or 4 components.
enum class ImageColour { gray, rgb, palette, cmyk };

struct ImageInfo {
  ImageFormat format = ImageFormat::png;
  int width_px = 0;
  int height_px = 0;
  ImageColour colour = ImageColour::rgb;
  bool transparency = false;  ///< PNG alpha channel or tRNS chunk (the PDF gets a soft mask)
  friend bool operator==(const ImageInfo&, const ImageInfo&) = default;
};

/// "PNG" | "JPEG".
std::string_view image_format_name(ImageFormat format);
/// "greyscale" | "RGB" | "palette (RGB)" | "CMYK".
std::string_view image_colour_name(ImageColour colour);

/// Reads the header of the PNG or JPEG file held in `bytes` (a prefix of the file is enough
/// when it reaches the first PNG IDAT chunk or the JPEG frame header). Fails with one line:
/// "is not a PNG or JPEG file (it starts with 'GIF89a')", "is a truncated PNG file",
/// "is a JPEG with 12-bit samples; save it with 8-bit samples", "is a lossless JPEG; save it
/// as a baseline or progressive JPEG" (libharu embeds baseline, extended and progressive
/// Huffman JPEGs only), "is a JPEG with 2 colour components", "has no pixels".
util::Result<ImageInfo> parse_image_header(std::string_view bytes);

/// The most dots per inch a front image may carry at its printed size (twice what printers ask
/// for: more adds only memory and time), and the most pixels whatever its shape.
inline constexpr double kMaxFrontImageDpi = 600;
inline constexpr std::uint64_t kMaxFrontImagePixels = 100'000'000;

/// The photo design's least resolution (dpi at the printed size): under it the picture that is
/// the whole front prints visibly soft, and printers' reviewers reject low-resolution covers, so
/// the spec is refused; from it up to the 300 printers ask for it is a warning.
inline constexpr double kPhotoLeastDpi = 200;

/// Cover designs keep a colour change or a picture this far from the spine fold, inches: KDP's
/// fold may land 1/16 in either way (binding tolerance), and a change at the fold would show as a
/// sliver. The photo design's picture thus covers the front's width less this, plus its bleed.
inline constexpr double kFoldClearIn = 0.125;

/// The resolution `info`'s pixels print at when scaled to cover the front of a trim
/// `trim_width_in` x `trim_height_in` with its outer, top and bottom bleed (dpi).
double front_image_dpi(const ImageInfo& info, double trim_width_in, double trim_height_in);
/// The same for the photo design's picture, which leaves kFoldClearIn by the spine fold (dpi).
double photo_image_dpi(const ImageInfo& info, double trim_width_in, double trim_height_in);

/// Why an image of `info`'s pixels is too large to print on the front of a cover of trim
/// `trim_width_in` x `trim_height_in` (inches; the front prints with its outer and top and bottom
/// bleed, the image scaled to cover it), judged from the header alone, before any decoding; or
/// nothing. E.g. "is 20000 x 20000 pixels, 2182 dpi at its printed size (9.17 x 9.17 in); puzzlepress
/// takes up to 600 dpi (printers ask for 300): scale it to at most 5501 x 5501 pixels".
std::optional<std::string> front_image_size_problem(const ImageInfo& info, double trim_width_in, double trim_height_in);

/// Reads the file at `path` (its first 4 MiB at most) and parses its header. Failures name no
/// path: "cannot be read: no such file", or parse_image_header's.
util::Result<ImageInfo> read_image_info(const std::filesystem::path& path);

}  // namespace puzzlepress::book
