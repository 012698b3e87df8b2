#include "book/kdp/geometry.h"

#include <algorithm>

namespace puzzlepress::book {

PageSizePt page_size_pt(const Trim& trim, bool bleed) {
  const double extra_width_in = bleed ? kBleedIn : 0.0;
  const double extra_height_in = bleed ? 2 * kBleedIn : 0.0;
  return {(trim.width_in + extra_width_in) * kPointsPerInch, (trim.height_in + extra_height_in) * kPointsPerInch};
}

RectPt trim_box_pt(int page_number, const Trim& trim, bool bleed) {
  const double x_in = bleed && !is_recto(page_number) ? kBleedIn : 0.0;
  const double y_in = bleed ? kBleedIn : 0.0;
  return {x_in * kPointsPerInch, y_in * kPointsPerInch, trim.width_in * kPointsPerInch,
          trim.height_in * kPointsPerInch};
}

double inside_margin_in(int page_count) {
  if (page_count <= 150) return 0.375;
  if (page_count <= 300) return 0.5;
  if (page_count <= 500) return 0.625;
  if (page_count <= 700) return 0.75;
  return 0.875;
}

MarginsIn minimum_margins_in(int page_count, bool bleed) {
  const double edge_in = bleed ? 0.375 : 0.25;
  return {inside_margin_in(page_count), edge_in, edge_in, edge_in};
}

MarginsIn effective_margins_in(int page_count, bool bleed, const MarginsIn& preset_in) {
  const MarginsIn kdp = minimum_margins_in(page_count, bleed);
  return {std::max(kdp.inside, preset_in.inside), std::max(kdp.outside, preset_in.outside),
          std::max(kdp.top, preset_in.top), std::max(kdp.bottom, preset_in.bottom)};
}

RectPt content_box_pt(int page_number, int page_count, const Trim& trim, bool bleed, const MarginsIn& preset_in) {
  const MarginsIn m = effective_margins_in(page_count, bleed, preset_in);
  const RectPt trim_box = trim_box_pt(page_number, trim, bleed);
  const double left_in = is_recto(page_number) ? m.inside : m.outside;
  const double right_in = is_recto(page_number) ? m.outside : m.inside;
  return {trim_box.x + left_in * kPointsPerInch, trim_box.y + m.bottom * kPointsPerInch,
          trim_box.width - (left_in + right_in) * kPointsPerInch,
          trim_box.height - (m.top + m.bottom) * kPointsPerInch};
}

}  // namespace puzzlepress::book
