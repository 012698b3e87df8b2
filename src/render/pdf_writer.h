// The PDF writer: paints Documents (page.h) with libharu, and measures text with the same
// fonts. This header does not expose libharu; pdf_writer.cpp is the only file that includes it.
//
// What the PDF holds: every font embedded as TrueType (CID, Identity-H, with a correct
// ToUnicode map so text can be copied and searched); UTF-8 text; document information
// Title/Author/Subject/Creator/Keywords; no dates, no /ID, no outlines, links or annotations.
// The same Document gives a byte-identical file every time.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "render/page.h"
#include "render/text_measure.h"

namespace puzzlepress::render {

/// Why a PDF could not be written or a font not loaded. `message` is one line for a person,
/// naming the file at fault, e.g. "font file not found: fonts/DejaVuSans.ttf". The CLI prints it
/// as "cannot write OUT: <message>".
struct RenderError {
  std::string message;
};

/// Writes `doc` to `out` atomically: the bytes go to a temporary file beside `out`
/// ("<out>.tmp-XXXXXX") which is renamed over `out` once complete; on any failure the temporary
/// file is removed and `out` is left as it was. Returns nullopt on success.
/// Fails (without writing anything) when the document has no pages, when a font file is missing or
/// unreadable, or is not a TrueType font libharu can load, and when the directory of `out` does not
/// exist or is not writable. Characters a font lacks print as its .notdef glyph (not checked).
std::optional<RenderError> write_pdf(const Document& doc, const std::filesystem::path& out);

/// The PDF as bytes, for tests and for callers that store it elsewhere. Same checks as write_pdf.
struct PdfBytes {
  std::string bytes;  ///< empty on failure
  std::optional<RenderError> error;
};
PdfBytes render_pdf(const Document& doc);

/// TextMeasure backed by the TrueType files the writer embeds, so layout measures exactly what
/// will be printed. Widths come from the fonts' advance widths (no kerning).
class PdfFontMetrics final : public TextMeasure {
 public:
  /// Loads the four fonts; on failure returns nullptr and sets *error (if given).
  static std::unique_ptr<PdfFontMetrics> load(const FontFiles& fonts, RenderError* error);
  ~PdfFontMetrics() override;
  PdfFontMetrics(const PdfFontMetrics&) = delete;
  PdfFontMetrics& operator=(const PdfFontMetrics&) = delete;

  double width_pt(FontRole role, std::string_view text, double size_pt) const override;
  double cap_height_em(FontRole role) const override;
  double ascent_em(FontRole role) const override;
  double descent_em(FontRole role) const override;

 private:
  struct Impl;
  explicit PdfFontMetrics(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace puzzlepress::render
