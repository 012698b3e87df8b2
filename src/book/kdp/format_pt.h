// Lengths and rectangles as messages print them. Valid C++17: the qpdf files include it (see
// book/manifest/manifest_cover.h).
#pragma once

#include <string>

#include "book/kdp/geometry.h"

namespace puzzlepress::book {

/// A length in points as printed in messages: up to 2 decimals, no trailing zeros ("612",
/// "441.5", "595.44").
std::string format_pt(double points);

/// A length in inches as printed in messages: up to `decimals` decimals (4 unless said), no
/// trailing zeros ("0.125", "6", "0.4504").
std::string format_in(double inches, int decimals = 4);

/// "[x, y, w, h]" with format_pt's numbers.
std::string format_rect(const RectPt& rect);

}  // namespace puzzlepress::book
