#include "book/check/thumbnail.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "book/check/verify_pdf.h"
#include "util/contained.h"
#include "util/numbers.h"

namespace puzzlepress::book {
namespace {

double channel(std::uint32_t rgb, int shift) {
  const double c = static_cast<double>((rgb >> shift) & 0xFFu) / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

/// WCAG 2.1 relative luminance of 0xRRGGBB.
double luminance(std::uint32_t rgb) {
  return 0.2126 * channel(rgb, 16) + 0.7152 * channel(rgb, 8) + 0.0722 * channel(rgb, 0);
}

/// The title's characters without its spaces, one UTF-8 sequence each (as glyphs carry them).
std::vector<std::string> characters(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    std::string c(text.substr(i, length));
    if (c != " " && c != "\n" && c != "\t" && c != "\xC2\xA0") out.push_back(std::move(c));
    i += length;
  }
  return out;
}

/// A capital (or lining figure) whose ink runs from the baseline to the cap height: no
/// descender, no accent (J and Q may descend).
bool flat_capital(const std::string& c) {
  return c.size() == 1 && ((c[0] >= 'A' && c[0] <= 'Z' && c[0] != 'J' && c[0] != 'Q') || (c[0] >= '0' && c[0] <= '9'));
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

struct GlyphInk {
  int ink_rows = 0;     ///< rows holding at least half the glyph's strongest ink
  double contrast = 1;  ///< its strongest pixel against its background
};

// The ink of the glyph in pixel box [x0, x1) x [y0, y1): the background is the box's most common
// colour, the ink its pixel of most contrast with it; a pixel counts as ink when its luminance is
// at least halfway from the background's to the ink's (half covered, for anti-aliased edges).
GlyphInk ink_in(const PdfRaster& raster, int x0, int y0, int x1, int y1) {
  std::map<std::uint32_t, int> counts;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) ++counts[raster.at(x, y)];
  GlyphInk ink;
  if (counts.empty()) return ink;
  const std::uint32_t background = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
                                     return a.second < b.second;
                                   })->first;
  const double back = luminance(background);
  double strongest = back;
  for (const auto& [colour, count] : counts) {
    const double ratio = contrast_ratio(colour, background);
    if (ratio > ink.contrast) {
      ink.contrast = ratio;
      strongest = luminance(colour);
    }
  }
  const double half = std::fabs(strongest - back) / 2;
  if (half == 0) return ink;
  int first = -1, last = -1;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      if (std::fabs(luminance(raster.at(x, y)) - back) >= half) {
        if (first < 0) first = y;
        last = y;
        break;
      }
    }
  }
  ink.ink_rows = first < 0 ? 0 : last - first + 1;
  return ink;
}

}  // namespace

double contrast_ratio(std::uint32_t a, std::uint32_t b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

ThumbnailReport check_thumbnail(const PdfTextReader& cover, const RectPt& front, std::string_view title) {
  ThumbnailReport report;
  const std::string head = "thumbnail (" + std::to_string(kThumbnailHeightPx) + " px tall): ";
  const render::Box area{front.x, front.y, front.x + front.width, front.y + front.height};
  const PdfRaster raster = cover.raster(1, area, kThumbnailHeightPx);
  if (raster.width == 0) {
    report.summary = head + "not measured (poppler could not render the cover)";
    return report;
  }
  // The title's glyphs: the first run on the front panel, in reading order, that spells it.
  std::vector<PdfGlyph> glyphs;
  for (PdfGlyph& g : cover.glyphs(1)) {
    if (area.contains(g.box, 1.0) && !characters(g.text).empty()) glyphs.push_back(std::move(g));
  }
  const std::vector<std::string> wanted = characters(title);
  std::optional<std::size_t> start;
  for (std::size_t i = 0; !wanted.empty() && i + wanted.size() <= glyphs.size() && !start; ++i) {
    bool same = true;
    for (std::size_t k = 0; k < wanted.size() && same; ++k) same = glyphs[i + k].text == wanted[k];
    if (same) start = i;
  }
  if (!start) {
    report.summary = head + "not measured (the title was not found on the front panel)";
    return report;
  }
  const double scale = raster.height / area.height();  // pixels a point
  std::vector<double> caps, contrasts;
  for (std::size_t k = 0; k < wanted.size(); ++k) {
    const render::Box& b = glyphs[*start + k].box;
    const int x0 = std::clamp(static_cast<int>(std::floor((b.left - area.left) * scale)), 0, raster.width);
    const int x1 = std::clamp(static_cast<int>(std::ceil((b.right - area.left) * scale)), 0, raster.width);
    const int y0 = std::clamp(static_cast<int>(std::floor((area.top - b.top) * scale)), 0, raster.height);
    const int y1 = std::clamp(static_cast<int>(std::ceil((area.top - b.bottom) * scale)), 0, raster.height);
    const GlyphInk ink = ink_in(raster, x0, y0, x1, y1);
    contrasts.push_back(ink.contrast);
    if (flat_capital(wanted[k]) && ink.ink_rows > 0) caps.push_back(ink.ink_rows);
  }
  report.contrast = median(contrasts);
  if (caps.empty()) {
    report.summary = head + "contrast " + util::format_fixed(report.contrast, 1) +
                     ":1; the title's size not measured (it has no capital A-Z or figure to measure)";
  } else {
    report.measured = true;
    report.cap_height_px = median(caps);
    report.summary = head + "title capitals " + util::format_fixed(report.cap_height_px, 0) + " px, contrast " +
                     util::format_fixed(report.contrast, 1) + ":1";
    if (report.cap_height_px < kMinThumbnailCapPx) {
      report.warnings.push_back("the title's capitals are " + util::format_fixed(report.cap_height_px, 0) +
                                " px tall on a " + std::to_string(kThumbnailHeightPx) + " px thumbnail; under " +
                                util::format_fixed(kMinThumbnailCapPx, 0) +
                                " px a search result does not read (shorten the title: it then prints larger)");
    }
  }
  if (report.contrast < kMinThumbnailContrast) {
    report.warnings.push_back("the title's contrast with the cover behind it is " +
                              util::format_fixed(report.contrast, 1) + ":1 on a thumbnail; under " +
                              util::format_fixed(kMinThumbnailContrast, 1) +
                              ":1 (WCAG's least for text) it does not read at a glance: choose a text_color "
                              "further from the background");
  }
  return report;
}

std::optional<ThumbnailReport> cover_thumbnail_file(const Manifest& manifest, const std::string& path) {
  if (!manifest.cover) return std::nullopt;
  const util::Result<std::string> bytes = read_pdf_file(path);
  if (!bytes) return std::nullopt;
  util::ContainedLimits limits = poppler_reading_limits(1);
  limits.extra_memory_bytes += bytes->size();
  // The child's answer: "M" or "-" (measured or not), the cap height, the contrast, then the
  // summary and each warning, a line each.
  const util::Result<std::string> message = util::run_contained(limits, [&] {
    const util::Result<PdfTextReader> text = PdfTextReader::open(*bytes);
    if (!text) return std::string();
    const ThumbnailReport r = check_thumbnail(*text, manifest.cover->front, manifest.title);
    std::string out = std::string(r.measured ? "M" : "-") + "\n" + util::format_fixed(r.cap_height_px, 3) + "\n" +
                      util::format_fixed(r.contrast, 3) + "\n" + r.summary + "\n";
    for (const std::string& w : r.warnings) out += w + "\n";
    return out;
  });
  if (!message || message->empty()) return std::nullopt;
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < message->size();) {
    const std::size_t end = message->find('\n', at);
    if (end == std::string::npos) break;
    lines.push_back(message->substr(at, end - at));
    at = end + 1;
  }
  if (lines.size() < 4) return std::nullopt;
  ThumbnailReport report;
  report.measured = lines[0] == "M";
  report.cap_height_px = std::strtod(lines[1].c_str(), nullptr);
  report.contrast = std::strtod(lines[2].c_str(), nullptr);
  report.summary = lines[3];
  report.warnings.assign(lines.begin() + 4, lines.end());
  return report;
}

}  // namespace puzzlepress::book
