// The spine: title and author along it when the printer and the page count allow.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "book/cover/cover_parts.h"
#include "book/kdp/format_pt.h"
#include "book/text/figures.h"
#include "book/text/wording.h"
#include "render/layout.h"
#include "render/pieces.h"

namespace puzzlepress::book::cover_parts {
namespace {

/// Pages at which the printer's formula gives a spine of `spine_in`, rounded up (0 when the
/// printer has no formula).
int pages_for_spine(Printer printer, CoverPaper paper, double spine_in) {
  const std::optional<double> one = formula_spine_in(printer, paper, 1);
  const std::optional<double> none = formula_spine_in(printer, paper, 0);
  if (!one || !none || *one <= *none) return 0;
  return static_cast<int>(std::ceil((spine_in - *none) / (*one - *none) - 1e-9));
}

}  // namespace

void lay_out_spine(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const render::TextMeasure& m = c.measure;
  const std::string printer(printer_name(out.printer));
  if (!c.cover.spine_text) {
    out.spine_text_why_not = "spine_text: never in the spec";
    return;
  }
  const int min_pages = spine_text_min_pages(out.printer);
  if (c.page_count < min_pages) {
    out.spine_text_why_not = printer + " prints spine text from " + std::to_string(min_pages) +
                             " pages; the book has " + std::to_string(c.page_count);
    return;
  }
  const double band = spine_band_pt(g.spine_in);
  const double em = std::max(ink_height_em(FontRole::bold, m), ink_height_em(FontRole::text, m));
  const double fit = band / em;  // the largest size whose ink fits the band
  if (fit < kCoverMinTextPt) {
    const double needed_in = kCoverMinTextPt * em / kPointsPerInch + 2 * kSpineFoldClearanceIn;
    std::string why = "the spine is " + format_in(g.spine_in) + " in wide; " + format_in(kCoverMinTextPt, 0) +
                      " pt text needs " + format_in(needed_in, 2) + " in";
    if (const int pages = pages_for_spine(out.printer, out.paper, needed_in); pages > 0) {
      why += ", about " + std::to_string(pages + pages % 2) + " pages of " + std::string(cover_paper_id(out.paper)) +
             " paper";
    }
    out.spine_text_why_not = why;
    return;
  }
  const double cap = std::max(kCoverMinTextPt, pt(c.spec.trim.width_in) * 0.055);
  double size = std::min({cap, fit, std::max(kCoverMinTextPt, fit * kSpineBandShare)});
  const double inset = pt(kCoverSafeMarginIn) + pt(0.2);  // from each trim end
  const double length = g.spine.height() - 2 * inset;
  const double author_scale = 0.85;
  const double gap_em = 2.0;
  const auto both_width = [&](double s) {
    return m.width_pt(FontRole::bold, c.spec.title, s) + gap_em * s +
           m.width_pt(FontRole::text, c.spec.author, s * author_scale);
  };
  bool with_author = true;
  if (both_width(size) > length) size = std::max(kCoverMinTextPt, size * length / both_width(size));
  if (both_width(size) > length + 1e-6 || size * author_scale < kCoverMinTextPt) {
    with_author = false;
    size = std::min({cap, fit, std::max(kCoverMinTextPt, fit * kSpineBandShare)});
    const double w = m.width_pt(FontRole::bold, c.spec.title, size);
    if (w > length) size = std::max(kCoverMinTextPt, size * length / w);
    if (m.width_pt(FontRole::bold, c.spec.title, size) > length + 1e-6) {
      out.spine_text_why_not = "the title is too long for the spine at " + format_in(kCoverMinTextPt, 0) + " pt";
      return;
    }
  }
  const double cx = (g.spine.left + g.spine.right) / 2;
  std::vector<Item>& items = out.page.items;
  if (with_author) {
    const double title_w = m.width_pt(FontRole::bold, c.spec.title, size);
    const double author_w = m.width_pt(FontRole::text, c.spec.author, size * author_scale);
    items.push_back(render::centred_text(c.spec.title, FontRole::bold, size, ink.text,
                                         {cx, g.spine.top - inset - title_w / 2}, -90, m));
    items.push_back(render::centred_text(c.spec.author, FontRole::text, size * author_scale, ink.muted,
                                         {cx, g.spine.bottom + inset + author_w / 2}, -90, m));
  } else {
    items.push_back(render::centred_text(c.spec.title, FontRole::bold, size, ink.text,
                                         {cx, (g.spine.top + g.spine.bottom) / 2}, -90, m));
  }
  out.spine_text_shown = true;
}

}  // namespace puzzlepress::book::cover_parts
