// The cover's picture files: found, read by their bytes, held to the printer's rules.
#include "book/spec/cover_images.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/pixels.h"
#include "util/text.h"

namespace puzzlepress::book {

CoverImageFile read_cover_image(const YamlReader& reader, const YamlNode& value, const std::string& name,
                                std::string_view what, const std::filesystem::path& directory, const FileExists& exists,
                                Printer printer, const ImageSizeRule& size_rule, std::uint64_t max_pixels) {
  const std::string words(what);
  const std::string text = reader.get_string(value, name);
  const std::optional<std::filesystem::path> found = existing_file(text, directory, exists);
  const std::filesystem::path given(text);
  const std::filesystem::path file = found ? *found : given.is_absolute() ? given : directory / given;
  if (!found) {
    reader.fail(value.where, words + " for '" + util::echo(name) + "' " + missing_file_words(file) + ": " +
                                 util::echo_path(file.string()));
  }
  const util::Result<ImageInfo> info = read_image_info(file);
  if (!info) reader.fail(value.where, words + " " + file.string() + " " + info.error());
  // From the header first, so a huge image is refused before a byte of it is decoded.
  if (const auto problem = size_rule(*info)) reader.fail(value.where, words + " " + file.string() + " " + *problem);
  // The decoder the PDF and image painters use, so what passes here paints.
  if (const util::Result<render::Pixels> whole = render::check_image_file(file, max_pixels); !whole)
    reader.fail(value.where, words + " " + file.string() + " " + whole.error());
  if (printer == Printer::ingramspark) {
    // PDF/X-1a carries CMYK and grey only, and no transparency.
    if (info->colour == ImageColour::rgb || info->colour == ImageColour::palette) {
      reader.fail(value.where, "IngramSpark prints covers from CMYK (PDF/X-1a), but " + words + " " + file.string() +
                                   " is " + std::string(image_colour_name(info->colour)) +
                                   ": convert it to a CMYK JPEG (or to greyscale)");
    }
    if (info->transparency) {
      reader.fail(value.where,
                  words + " " + file.string() + " has transparency, which PDF/X-1a (IngramSpark) forbids: flatten it");
    }
  }
  return {file, *info};
}

FittedImage fit_image(const ImageInfo& info, double box_width_in, double box_height_in) {
  const double scale = std::min(box_width_in / info.width_px, box_height_in / info.height_px);  // inches a pixel
  return {info.width_px * scale, info.height_px * scale, 1 / scale};
}

std::optional<std::string> barcode_image_problem(const ImageInfo& info, double box_width_in, double box_height_in) {
  const FittedImage fitted = fit_image(info, box_width_in, box_height_in);
  char line[360];
  // The printed size first: no resolution makes a badly cropped image a barcode.
  if (fitted.width_in < kBarcodeLeastWidthIn - 1e-9 || fitted.height_in < kBarcodeLeastHeightIn - 1e-9) {
    std::snprintf(line, sizeof line,
                  "prints %.2f x %.2f in fitted into the %g x %g in barcode box, under the %g x %g in a barcode "
                  "prints at least: crop it to the barcode and its quiet zone",
                  fitted.width_in, fitted.height_in, box_width_in, box_height_in, kBarcodeLeastWidthIn,
                  kBarcodeLeastHeightIn);
    return std::string(line);
  }
  if (fitted.dpi < kBarcodeLeastDpi - 0.5) {
    const double grow = kBarcodeLeastDpi / fitted.dpi;
    std::snprintf(line, sizeof line,
                  "is %d x %d pixels, %.0f dpi fitted into the %g x %g in barcode box; a barcode needs %.0f "
                  "(%.0f x %.0f pixels) to scan",
                  info.width_px, info.height_px, fitted.dpi, box_width_in, box_height_in, kBarcodeLeastDpi,
                  std::ceil(info.width_px * grow - 1e-6), std::ceil(info.height_px * grow - 1e-6));
    return std::string(line);
  }
  if (fitted.dpi > kBarcodeMostDpi + 0.5) {
    const double shrink = kBarcodeMostDpi / fitted.dpi;
    std::snprintf(line, sizeof line,
                  "is %d x %d pixels, %.0f dpi fitted into the %g x %g in barcode box; puzzlepress takes up to "
                  "%.0f: scale it to at most %.0f x %.0f pixels",
                  info.width_px, info.height_px, fitted.dpi, box_width_in, box_height_in, kBarcodeMostDpi,
                  std::floor(info.width_px * shrink + 1e-6), std::floor(info.height_px * shrink + 1e-6));
    return std::string(line);
  }
  return std::nullopt;
}

void read_barcode_image(const YamlReader& reader, CoverSpec& out, const YamlNode& value, const std::string& name,
                        const std::filesystem::path& directory, const FileExists& exists) {
  if (!out.keep_barcode_clear) {
    reader.fail(value.where, "'" + util::echo(name) +
                                 "' goes into the printer's barcode box, which barcode: none gives up: remove "
                                 "one of the two");
  }
  const BarcodeRule box = barcode_rule(out.printer);
  const auto rule = [&](const ImageInfo& info) { return barcode_image_problem(info, box.width_in, box.height_in); };
  CoverImageFile image = read_cover_image(reader, value, name, "barcode image", directory, exists, out.printer, rule,
                                          kMaxFrontImagePixels);
  out.barcode_image = std::move(image.file);
  out.barcode_image_info = image.info;
}

}  // namespace puzzlepress::book
