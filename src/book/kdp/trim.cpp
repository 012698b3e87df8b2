#include "book/kdp/trim.h"
#include "util/text.h"
#include "util/numbers.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace puzzlepress::book {
namespace {

std::string normalise(std::string_view text) {
  std::string out;
  for (const char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<double> to_number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value <= 0)
    return std::nullopt;
  return value;
}

constexpr double kSameTrimToleranceIn = 0.02;
constexpr double kMmPerIn = 25.4;

}  // namespace

std::string_view paper_id(Paper paper) { return paper == Paper::cream ? "cream" : "white"; }

std::optional<Paper> parse_paper(std::string_view name) {
  const std::string n = normalise(name);
  for (Paper p : kAllPapers) {
    if (n == paper_id(p)) return p;
  }
  return std::nullopt;
}

TrimResult parse_trim(std::string_view text) {
  const std::string n = normalise(text);
  for (const Trim& trim : kStandardTrims)
    if (n == normalise(trim.name)) return {trim, {}};
  if (n == "8.27x11.69") return {kStandardTrims.back(), {}};

  // Custom: "<w>x<h>in" or "<w>x<h>mm" after normalising.
  std::optional<double> width, height;
  double per_unit = 1.0;
  std::string_view unit;
  if (n.size() > 2) {
    unit = std::string_view(n).substr(n.size() - 2);
    if (unit == "mm") per_unit = 1.0 / kMmPerIn;
    const std::string_view size = std::string_view(n).substr(0, n.size() - 2);
    const auto x = size.find('x');
    if ((unit == "in" || unit == "mm") && x != std::string_view::npos) {
      width = to_number(size.substr(0, x));
      height = to_number(size.substr(x + 1));
    }
  }
  if (!width || !height) {
    std::string message = "unknown trim '" + util::echo(text) + "' (expected one of: ";
    for (const Trim& trim : kStandardTrims) message += std::string(trim.name) + ", ";
    message += "or a custom size 'WxH in' or 'WxH mm')";
    return {std::nullopt, message};
  }
  Trim trim{"custom", *width * per_unit, *height * per_unit, PageLimitClass::most};
  for (const Trim& standard : kStandardTrims)
    if (std::abs(standard.width_in - trim.width_in) <= kSameTrimToleranceIn &&
        std::abs(standard.height_in - trim.height_in) <= kSameTrimToleranceIn)
      return {standard, {}};
  trim.limits = custom_limit_class(trim.width_in, trim.height_in);
  if (trim.width_in < kCustomMinWidthIn || trim.width_in > kCustomMaxWidthIn || trim.height_in < kCustomMinHeightIn ||
      trim.height_in > kCustomMaxHeightIn)
    return {std::nullopt, "custom trim " + util::format_general(*width) + "x" + util::format_general(*height) + " " +
                              std::string(unit) + " is outside KDP's range (width 4-8.5 in, height 6-11.69 in)"};
  return {trim, {}};
}

PageLimitClass custom_limit_class(double width_in, double height_in) {
  PageLimitClass strictest = PageLimitClass::most;
  int least = page_count_range(Trim{"custom", width_in, height_in, strictest}, Paper::white).max;
  for (const Trim& standard : kStandardTrims) {
    const bool reaches =
        width_in >= standard.width_in - kCustomReachIn && height_in >= standard.height_in - kCustomReachIn;
    const int max = page_count_range(standard, Paper::white).max;
    if (reaches && max < least) {
      least = max;
      strictest = standard.limits;
    }
  }
  return strictest;
}

PageCountRange page_count_range(const Trim& trim, Paper paper) {
  const bool white = paper == Paper::white;
  switch (trim.limits) {
    case PageLimitClass::most: return {24, white ? 828 : 776};
    case PageLimitClass::square_8_25: return {24, white ? 800 : 750};
    case PageLimitClass::large_8_5: return {24, white ? 590 : 550};
    case PageLimitClass::a4: return {24, white ? 780 : 730};
  }
  return {24, 828};
}

}  // namespace puzzlepress::book
