// The thumbnail check (issue 26): how the front cover's title reads where a buyer first meets
// the book, a marketplace's search results, whose cover images are about 200 px tall. The front
// panel of the cover PDF is rendered by poppler at that height and the title is measured on the
// pixels: the height of its capitals and its contrast with what is behind it.
//
// Thresholds:
// - Capitals at least kMinThumbnailCapPx (8 px) tall. Apple's Human Interface Guidelines
//   (Typography, "Specifications": iOS and iPadOS) put the least text size at 11 pt, which is
//   11 px on a 1x screen; at the cap height of the common sans-serifs (0.70-0.73 em: DejaVu Sans,
//   SF Pro, Roboto) that is a cap height of 7.7-8.0 px.
// - Contrast at least kMinThumbnailContrast (4.5:1), WCAG 2.1 success criterion 1.4.3 (Contrast,
//   Minimum) for text: the ratio (L1 + 0.05) / (L2 + 0.05) of the relative luminances.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/check/pdf_reader.h"
#include "book/kdp/geometry.h"
#include "book/manifest/manifest.h"

namespace puzzlepress::book {

/// Height of a search-result cover image, pixels.
inline constexpr int kThumbnailHeightPx = 200;
inline constexpr double kMinThumbnailCapPx = 8.0;
inline constexpr double kMinThumbnailContrast = 4.5;

struct ThumbnailReport {
  bool measured = false;  ///< the title's capitals were found on the front panel
  double cap_height_px = 0;
  double contrast = 0;  ///< WCAG ratio, 1 .. 21
  /// One line for a summary: "thumbnail (200 px tall): title capitals 19 px, contrast 11.2:1",
  /// or why there is no measurement.
  std::string summary;
  /// Lines for a title under the thresholds (empty when it reads): "the title's capitals are
  /// 6 px tall on a 200 px thumbnail (under 8 px they do not read in a search result): …".
  std::vector<std::string> warnings;
};

/// The thumbnail check of the cover in `cover` (its page 1) whose front panel is `front`
/// (points, y up) and whose front prints `title`.
ThumbnailReport check_thumbnail(const PdfTextReader& cover, const RectPt& front, std::string_view title);

/// check_thumbnail of the cover PDF at `path` for `manifest`'s title and its cover record's
/// front panel, poppler run in a child process under verify's ceilings (verify_pdf.h); nullopt
/// when the manifest has no cover record, or the file cannot be read or rendered (verify --cover
/// reports that itself).
std::optional<ThumbnailReport> cover_thumbnail_file(const Manifest& manifest, const std::string& path);

/// WCAG 2.1 contrast ratio of two 0xRRGGBB colours (1 .. 21).
double contrast_ratio(std::uint32_t a, std::uint32_t b);

}  // namespace puzzlepress::book
