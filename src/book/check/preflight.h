// preflight: KDP's print rules checked on what a PDF prints (a PdfScan, book/check/pdf_scan.h) — any
// interior PDF, ours or not. `puzzlepress preflight` runs every check; `verify --pdf` runs the
// ones its manifest does not already cover (book/check/pdf_check.h checks sizes, page count, fonts).
//
// Units: PDF points; trims and margins in inches as in book/kdp/geometry.h. Boxes in messages are
// [x, y, w, h] (verify.h's format_rect), origin at the bottom-left of the page.
#pragma once

#include <string>
#include <vector>

#include "book/kdp/geometry.h"
#include "book/check/pdf_scan.h"
#include "book/kdp/trim.h"

namespace puzzlepress::book {

/// KDP's print floors (../shared/kdp-print-spec.md): thinner lines, lighter grey fills and
/// smaller type may not print.
inline constexpr double kMinLineWidthPt = 0.75;
inline constexpr double kMinGreyInk = 0.10;
inline constexpr double kMinTextSizePt = 7;
/// Pages reported one by one for each kind of problem before the rest are counted.
inline constexpr int kMaxPagesPerProblem = 5;

/// What the PDF is meant to be.
struct PreflightTarget {
  Trim trim;
  bool bleed = false;
  Paper paper = Paper::white;  ///< for the page-count limit
};

/// Which checks to run (all by default: `puzzlepress preflight`).
struct PreflightChecks {
  bool page_count = true;  ///< parity and KDP's range
  bool page_sizes = true;  ///< MediaBox = trim (+ bleed)
  bool fonts = true;       ///< every font embedded
  bool encryption = true;  ///< not encrypted (verify leaves it to check_pdf)
};

/// Problems, one line each, in this order (empty when the PDF passes):
///   "PDF is encrypted"; "PDF has outlines (bookmarks)"; "PDF has JavaScript";
///   "page count 25 is odd"; "page count 20 is below KDP's minimum of 24"; "page count 900 is
///     above KDP's limit of 828 for 6x9 on white paper";
///   "font Helvetica is not embedded (first on page 1)";
///   then per kind of problem, in this order, page by page — "page 3: MediaBox 612 x 792 pt but trim 6x9 makes 432 x
///   648 pt"
///     (" with bleed" after the trim's name); "page 3: TrimBox [x, y, w, h] is not the trim
///     [x, y, w, h]"; "page 3: BleedBox [x, y, w, h] is not the MediaBox [x, y, w, h]" (boxes
///     are checked when the page has them, within 0.01 pt);
///     "page 3: 2 annotations (Link, Text)" ("1 annotation (Link)"; each kind named once:
///       "21 annotations (Link)");
///     "page 3: form XObjects nested more than 32 deep were not looked into";
///     "page 3: more than 200000 marks; the rest were not looked into";
///     "page 3: too much to follow (…); the rest was not looked into" (too_much_to_follow());
///     "page 3: text 'Puzzle 1' at [x, y, w, h] is outside the margins [x, y, w, h]" — KDP's
///       minimum margins for the page count (gutter by band; book/kdp/geometry.h), for every
///       mark that lays ink (white is not ink), page numbers included; with bleed a fill,
///       image or shading that runs past the trim is bleed art and allowed; marks are
///       "text '…'", "a fill", "a line", "an image", "a shading";
///     "page 3: a line 0.25 pt wide at [x, y, w, h] (thinner than 0.75 pt)";
///     "page 3: a grey fill of 5 % at [x, y, w, h] (lighter than 10 %)";
///     "page 3: text 'abc' of 6.5 pt at [x, y, w, h] (smaller than 7 pt)";
///   each per-page line names the first such mark of its page and ends " (and 4 more)" when
///   there are more; after kMaxPagesPerProblem pages of one kind, one line counts the rest:
///   "… and 12 more pages with ink outside the margins" ("1 more page"; likewise "with lines thinner than
///   0.75 pt", "with grey fills lighter than 10 %", "with text smaller than 7 pt", "with
///   annotations", "with another MediaBox", "with another TrimBox", "with another BleedBox").
std::vector<std::string> preflight(const PdfScan& scan, const PreflightTarget& target,
                                   const PreflightChecks& checks = {});

}  // namespace puzzlepress::book
