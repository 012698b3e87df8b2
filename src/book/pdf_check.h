// pdf_check: opens a finished interior PDF (with qpdf; only pdf_check.cpp includes it) and
// checks it against its manifest: page count, every page's MediaBox, every font embedded.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "book/manifest.h"

namespace puzzlepress::book {

/// Problems found, one line each (empty when the PDF matches):
///   "PDF: cannot read book.pdf: <reason>" (and nothing else);
///   "PDF has 138 pages but the manifest says 140" ("1 page");
///   "PDF page 3: MediaBox 612 x 792 pt but the manifest says 432 x 648 pt" (sizes within
///     0.01 pt match; after 3 such pages one line "PDF: 25 more pages with another MediaBox");
///   "PDF font Helvetica is not embedded (first on page 1)": a font whose FontDescriptor (the
///     descendant font's, for Type0 fonts) has no /FontFile, /FontFile2 or /FontFile3, or which
///     has no FontDescriptor at all (a base-14 font). Type3 fonts are drawn by the PDF itself.
///     Fonts are found in each page's resources and the form XObjects they use.
std::vector<std::string> check_pdf(const std::filesystem::path& pdf, const Manifest& manifest);

}  // namespace puzzlepress::book
