// The PDF painter: paints pages (page.h) into PDF bytes with libharu, and measures text with
// the same fonts. It writes no file: callers stage its bytes with util/outputs.h.
// This header does not expose libharu; the files of render/pdf/ are the only ones that include
// it (pdf/pdf_internal.h says which file does what).
//
// What the PDF holds: every font embedded as TrueType (CID, Identity-H, with a correct
// ToUnicode map so text can be copied and searched); UTF-8 text; document information
// Title/Author/Subject/Creator/Keywords; no dates, no /ID, no outlines, links or annotations.
// The same pages and information give a byte-identical file every time. Page content sets line
// width, join, inks and font only where they change (what libharu's state says the page holds).
#pragma once

#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "render/page.h"
#include "render/text_measure.h"
#include "util/result.h"

namespace puzzlepress::render {

/// The PDF of `pages` as bytes. Fails (an error naming the file at fault) when there are no
/// pages, when a font file is missing or unreadable, or is not a TrueType font libharu can
/// load. Characters a font lacks print as its .notdef glyph (not checked here).
util::Result<std::string> render_pdf(const DocumentInfo& info, std::span<const Page* const> pages);
util::Result<std::string> render_pdf(const Document& doc);

/// A PDF painted page by page, the pages given in any order, whose bytes are those render_pdf
/// gives for the same pages: painting page k first creates every page up to k that does not
/// exist yet (in page order, so the file numbers its objects as render_pdf does), and each
/// page's content stream is compressed as soon as it is painted (zlib level 2, with one zlib
/// stream per painter, reset for each page: the bytes depend on the page alone, not on the
/// order or on the pages before). A book paints its pages while later puzzles are still
/// generating (book/make/build.cpp) and finishes with only the file's assembly left.
/// Not for two threads at once (painting shares that zlib stream and libharu's document); one
/// thread after another is fine.
class PdfPainter {
 public:
  /// A document of `page_count` pages (> 0) with `info`'s metadata and fonts, or why not (the
  /// message render_pdf gives).
  static util::Result<std::unique_ptr<PdfPainter>> start(const DocumentInfo& info, std::size_t page_count);
  ~PdfPainter();
  PdfPainter(const PdfPainter&) = delete;
  PdfPainter& operator=(const PdfPainter&) = delete;

  /// Paints `page` as page `index` (0-based). Each page once. A page painted after a later page
  /// was created may hold no image (an image is an object of its own, numbered when first drawn:
  /// out of order it would be numbered differently); that is refused. The error (render_pdf's
  /// message for that page) stays: every later call gives it too.
  std::optional<std::string> paint(std::size_t index, const Page& page);

  /// The PDF, once every page is painted; or why not. A PDF that would be larger than
  /// `max_bytes` is refused (its save stops there; tests use it to fail a save midway).
  /// Called once: later calls, and paint, fail (with this call's error, or "the PDF was already
  /// assembled").
  util::Result<std::string> finish(std::size_t max_bytes = std::numeric_limits<std::size_t>::max());

 private:
  struct Impl;
  explicit PdfPainter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// TextMeasure backed by the TrueType files the writer embeds, so layout measures exactly what
/// will be printed. Widths come from the fonts' advance widths (no kerning).
class PdfFontMetrics final : public TextMeasure {
 public:
  /// Loads the four fonts, or says which one could not be loaded and why. Reads the TrueType
  /// tables only (no PDF fonts) and measures as libharu's HPDF_Font_TextWidth would.
  static util::Result<std::unique_ptr<PdfFontMetrics>> load(const FontFiles& fonts);
  /// Test-only: the slow reference load is held to, full PDF fonts measured by
  /// HPDF_Font_TextWidth itself.
  static util::Result<std::unique_ptr<PdfFontMetrics>> load_reference(const FontFiles& fonts);
  ~PdfFontMetrics() override;
  PdfFontMetrics(const PdfFontMetrics&) = delete;
  PdfFontMetrics& operator=(const PdfFontMetrics&) = delete;

  double width_pt(FontRole role, std::string_view text, double size_pt) const override;
  double cap_height_em(FontRole role) const override;
  double ascent_em(FontRole role) const override;
  double descent_em(FontRole role) const override;

 private:
  struct Impl;
  /// load (full_pdf_fonts false) or load_reference (true).
  static util::Result<std::unique_ptr<PdfFontMetrics>> load_as(const FontFiles& fonts, bool full_pdf_fonts);
  explicit PdfFontMetrics(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// A number as the writer puts it in a content stream (libharu's format: at most five decimals,
/// no trailing zeros).
std::string number_text(double v);
/// Test-only: the slow reference number_text is held to, libharu's HPDF_FToA itself.
std::string number_text_reference(double v);

/// The version of the libharu library linked in (its HPDF_GetVersion), e.g. "2.3.0".
std::string libharu_version();

}  // namespace puzzlepress::render
