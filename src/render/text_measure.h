// TextMeasure: how wide a string is and how tall a face's letters stand, so layout can centre
// and wrap text without knowing about PDF libraries. The real implementation reads the
// TrueType files (PdfFontMetrics in pdf_writer.h); tests use a fake.
#pragma once

#include <string_view>

#include "render/page.h"

namespace puzzlepress::render {

class TextMeasure {
 public:
  virtual ~TextMeasure() = default;

  /// Advance width in points of UTF-8 `text` set in `role`'s face at `size_pt`, without kerning
  /// (the writer does not kern either).
  virtual double width_pt(FontRole role, std::string_view text, double size_pt) const = 0;
  /// Height of capital letters (and lining digits) above the baseline, in ems (x size_pt = pt).
  virtual double cap_height_em(FontRole role) const = 0;
  /// Highest ink above the baseline, in ems (positive).
  virtual double ascent_em(FontRole role) const = 0;
  /// Lowest ink below the baseline, in ems (positive: 0.2 means 0.2 em below).
  virtual double descent_em(FontRole role) const = 0;
};

}  // namespace puzzlepress::render
