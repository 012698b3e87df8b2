#include "book/kdp/format_pt.h"

#include "util/numbers.h"

namespace puzzlepress::book {

std::string format_pt(double points) { return util::format_decimal(points, 2); }

std::string format_in(double inches, int decimals) { return util::format_decimal(inches, decimals); }

std::string format_rect(const RectPt& r) {
  return "[" + format_pt(r.x) + ", " + format_pt(r.y) + ", " + format_pt(r.width) + ", " + format_pt(r.height) + "]";
}

}  // namespace puzzlepress::book
