#include "book/kdp/cover_geometry.h"

#include <cctype>
#include <cmath>
#include <string>

#include "book/kdp/format_pt.h"
#include "book/kdp/geometry.h"
#include "util/text.h"

namespace puzzlepress::book {
namespace {

constexpr double pt(double inches) { return inches * kPointsPerInch; }

}  // namespace

std::string_view printer_id(Printer printer) {
  switch (printer) {
    case Printer::kdp: return "kdp";
    case Printer::ingramspark: return "ingramspark";
    case Printer::lulu: return "lulu";
  }
  return "kdp";
}

std::string_view printer_name(Printer printer) {
  switch (printer) {
    case Printer::kdp: return "KDP";
    case Printer::ingramspark: return "IngramSpark";
    case Printer::lulu: return "Lulu";
  }
  return "KDP";
}

std::optional<Printer> parse_printer(std::string_view text) {
  const std::string wanted = util::ascii_lower(text);
  for (Printer p : kAllPrinters) {
    if (wanted == printer_id(p)) return p;
  }
  return std::nullopt;
}

std::string_view cover_paper_id(CoverPaper paper) {
  switch (paper) {
    case CoverPaper::white: return "white";
    case CoverPaper::cream: return "cream";
    case CoverPaper::color: return "color";
  }
  return "white";
}

std::optional<CoverPaper> parse_cover_paper(std::string_view text) {
  const std::string wanted = util::ascii_lower(text);
  for (CoverPaper p : kAllCoverPapers) {
    if (wanted == cover_paper_id(p)) return p;
  }
  return std::nullopt;
}

CoverPaper cover_paper_of(Paper paper) { return paper == Paper::cream ? CoverPaper::cream : CoverPaper::white; }

BarcodeRule barcode_rule(Printer printer) {
  switch (printer) {
    case Printer::lulu: return {3.625, 1.25, 0.375, 0.375};
    case Printer::kdp:
    case Printer::ingramspark: break;
  }
  return {2.0, 1.2, 0.25, 0.25};
}

std::optional<double> formula_spine_in(Printer printer, CoverPaper paper, int pages) {
  switch (printer) {
    case Printer::kdp: {
      const double per_page = paper == CoverPaper::cream   ? kKdpCreamInPerPage
                              : paper == CoverPaper::color ? kKdpColorInPerPage
                                                           : kKdpWhiteInPerPage;
      return pages * per_page;
    }
    case Printer::lulu: return pages / kLuluPagesPerInch + kLuluSpineExtraIn;
    case Printer::ingramspark: return std::nullopt;
  }
  return std::nullopt;
}

int spine_text_min_pages(Printer printer) {
  switch (printer) {
    case Printer::kdp: return kKdpSpineTextMinPages;
    case Printer::lulu: return kLuluSpineTextMinPages;
    case Printer::ingramspark: return kIngramSpineTextMinPages;
  }
  return kKdpSpineTextMinPages;
}

int min_pages(Printer printer) { return printer == Printer::lulu ? kLuluMinPages : kMinPageCount; }

double spine_band_pt(double spine_in) { return pt(spine_in - 2 * kSpineFoldClearanceIn); }

CoverGeometry cover_geometry(const Trim& trim, double spine_in, Printer printer, bool keep_barcode_clear) {
  const double b = kCoverBleedIn;
  const double w = trim.width_in;
  const double h = trim.height_in;
  CoverGeometry g;
  g.spine_in = spine_in;
  g.width_pt = pt(2 * b + 2 * w + spine_in);
  g.height_pt = pt(2 * b + h);
  g.media = {0, 0, g.width_pt, g.height_pt};
  g.trim = {pt(b), pt(b), pt(b + 2 * w + spine_in), pt(b + h)};
  g.back = {pt(b), pt(b), pt(b + w), pt(b + h)};
  g.spine = {pt(b + w), pt(b), pt(b + w + spine_in), pt(b + h)};
  g.front = {pt(b + w + spine_in), pt(b), pt(b + 2 * w + spine_in), pt(b + h)};
  const double safe = pt(kCoverSafeMarginIn);
  const double fold = pt(kSpineFoldClearanceIn);
  g.back_safe = {g.back.left + safe, g.back.bottom + safe, g.back.right - fold, g.back.top - safe};
  g.front_safe = {g.front.left + fold, g.front.bottom + safe, g.front.right - safe, g.front.top - safe};
  g.spine_safe = {g.spine.left + fold, g.spine.bottom + safe, g.spine.right - fold, g.spine.top - safe};
  if (keep_barcode_clear) {
    const BarcodeRule r = barcode_rule(printer);
    const double right = g.back.right - pt(r.from_fold_in);
    const double bottom = g.back.bottom + pt(r.from_bottom_in);
    g.barcode = render::Box{right - pt(r.width_in), bottom, right, bottom + pt(r.height_in)};
  }
  return g;
}

std::optional<std::string> spine_problem(double spine_in, bool from_spec, Printer printer, CoverPaper paper,
                                         int pages) {
  const double recorded = std::round(spine_in * 10000.0) / 10000.0;
  if (!(recorded > 0 && recorded <= kMaxSpineIn)) {
    return "spine " + format_in(recorded) + " in is not a paperback spine (more than 0, at most " +
           format_in(kMaxSpineIn) + " in)";
  }
  const std::optional<double> formula = formula_spine_in(printer, paper, pages);
  if (!formula) return std::nullopt;
  const std::string printer_words(printer_name(printer));
  const std::string of = std::to_string(pages) + " pages of " + std::string(cover_paper_id(paper)) + " paper";
  const double off = std::abs(*formula - recorded);
  // A spine the formula made is recorded to 4 decimals: closer than that is the formula's.
  if (!from_spec && off > 0.0001) {
    return "spine " + format_in(recorded) + " in does not match " + printer_words + "'s " + format_in(*formula) +
           " in for " + of;
  }
  // KDP states its tolerance; for Lulu a spec's own spine is the author's call (build warns).
  if (from_spec && printer == Printer::kdp && off > kKdpSpineToleranceIn) {
    return "spine " + format_in(recorded) + " in (from the spec) is " + format_in(off, 3) + " in off " + printer_words +
           "'s " + format_in(*formula) + " in for " + of + "; more than " + format_in(kKdpSpineToleranceIn) +
           " in is rejected";
  }
  return std::nullopt;
}

}  // namespace puzzlepress::book
