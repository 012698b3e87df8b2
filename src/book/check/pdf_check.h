// pdf_check: opens a finished interior PDF (with qpdf; only pdf_check.cpp, pdf_scan.cpp and
// pdfx.cpp include it) and checks it against its manifest: page count, every page's MediaBox,
// every font embedded; and a cover PDF against the manifest's cover record.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/manifest/manifest_cover.h"
#include "book/check/pdf_scan.h"  // kMaxPdfBytes

namespace puzzlepress::book {

struct Manifest;  // book/manifest/manifest.h: not included, so that this header stays C++17 (pdf_check.cpp)

/// What the checks below need of a manifest: the qpdf side never sees the engine's types.
struct PdfExpectation {
  int page_count = 0;
  double page_width_pt = 0;  ///< physical page (bleed included)
  double page_height_pt = 0;
  std::string trim;  ///< as written in the spec
  std::optional<ManifestCover> cover;
};
/// Taken from the manifest (defined in pdf_expectation.cpp).
PdfExpectation pdf_expectation(const Manifest& manifest);

/// Test-only (the program reads the file itself and calls check_pdf_bytes, below): problems
/// found, one line each (empty when the PDF matches):
///   "PDF: cannot read book.pdf: <reason>" (and nothing else);
///   "PDF is encrypted: KDP refuses encrypted files (...)" (even with an empty password);
///   "PDF has 138 pages but the manifest says 140" ("1 page");
///   "PDF page 3: MediaBox 612 x 792 pt but the manifest says 432 x 648 pt" (sizes within
///     0.01 pt match; after 3 such pages one line "PDF: 25 more pages with another MediaBox");
///   "PDF font Helvetica is not embedded (first on page 1)": a font whose FontDescriptor (the
///     descendant font's, for Type0 fonts) has no /FontFile, /FontFile2 or /FontFile3, or which
///     has no FontDescriptor at all (a base-14 font). Type3 fonts are drawn by the PDF itself.
///     Fonts are found in each page's resources and the form XObjects they use.
/// The file is read whole first (a regular file of at most kMaxPdfBytes, else "PDF: cannot
/// read book.pdf: is not a regular file"), so a device or FIFO never hangs the check.
std::vector<std::string> check_pdf(const std::filesystem::path& pdf, const Manifest& manifest);
/// The same on the PDF's bytes, named `name` in messages.
std::vector<std::string> check_pdf_bytes(std::string_view bytes, const std::string& name, const Manifest& manifest);

/// Test-only (the program reads the file itself and calls check_cover_pdf_bytes, below):
/// problems of a cover PDF against the manifest's cover record, one line each (empty when it
/// matches). What the page prints is read as verify --pdf and preflight read it (scan_pdf,
/// book/check/pdf_scan.h: the content stream followed like a painter, form XObjects included), so
/// every mark is known by the box its ink covers (lines and text a little generously: stroke
/// widths, the font's ascent and descent).
///   "cover PDF: the manifest has no cover record (built without a cover: key?)" (alone);
///   "cover PDF: cannot read book-cover.pdf: <reason>" (alone);
///   "cover PDF has 2 pages; a cover is one page";
///   "cover PDF: MediaBox 900 x 666 pt but the manifest says 914.43 x 666 pt";
///   "cover PDF: no TrimBox" / "cover PDF: TrimBox [x, y, w, h] is not the cover less its
///     0.125 in bleed [x, y, w, h]"; "cover PDF: BleedBox … is not the MediaBox …";
///   "cover PDF: 2 annotations on the page";
///   "cover PDF font Helvetica is not embedded";
///   "cover PDF: the barcode box [x, y, w, h] holds more than the background: text 'Puzzles' at
///     [x, y, w, h]" (or "a fill" not under the whole box, "a stroke", "an image" unless the
///     record has a barcode image; the first three, then "… and 4 more marks");
///   "cover PDF: text 'Jane Doe' at [x, y, w, h] is outside the safe zones (0.25 in inside the
///     trim, 0.0625 in from the spine folds)" (the first three, then "… and N more");
///   for IngramSpark, PDF/X-1a:2001: "cover PDF: not PDF/X-1a: no GTS_PDFX output intent"
///     (likewise "no /GTS_PDFXVersion", "/Trapped is not /True or /False", "no trailer /ID",
///     "version 1.4 is above 1.3"), "cover PDF: not PDF/X-1a: RGB colour (rg) on the page",
///     "cover PDF: not PDF/X-1a: image Im1 is DeviceRGB", "cover PDF: not PDF/X-1a:
///     transparency (image Im1 has a soft mask)".
std::vector<std::string> check_cover_pdf(const std::filesystem::path& pdf, const Manifest& manifest);
/// The same on the cover PDF's bytes, named `name` in messages.
std::vector<std::string> check_cover_pdf_bytes(std::string_view bytes, const std::string& name,
                                               const Manifest& manifest);

/// The version of the qpdf library linked in (QPDF::QPDFVersion), e.g. "11.3.0".
std::string qpdf_version();

}  // namespace puzzlepress::book
