// A TextMeasure for layout tests: every character is 0.5 em wide (digits 0.55 em), so widths
// are easy to predict. Counts UTF-8 code points, not bytes.
#pragma once

#include <string_view>

#include "render/text_measure.h"

namespace puzzlepress::render::testing {

class FakeMeasure final : public TextMeasure {
 public:
  double width_pt(FontRole, std::string_view text, double size_pt) const override {
    double em = 0;
    for (unsigned char c : text) {
      if ((c & 0xC0) == 0x80) continue;  // continuation byte
      em += (c >= '0' && c <= '9') ? 0.55 : 0.5;
    }
    return em * size_pt;
  }
  double cap_height_em(FontRole) const override { return 0.7; }
  double ascent_em(FontRole) const override { return 0.9; }
  double descent_em(FontRole) const override { return 0.2; }
};

}  // namespace puzzlepress::render::testing
