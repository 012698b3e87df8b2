// Trim sizes: KDP's 16 standard trims, custom "WxH in" / "WxH mm" sizes, paper, and KDP's
// page-count limits per trim and paper. All sizes here are in INCHES (suffix _in).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace puzzlepress::book {

enum class Paper { white, cream };
inline constexpr std::array<Paper, 2> kAllPapers = {Paper::white, Paper::cream};

/// "white" | "cream".
std::string_view paper_id(Paper paper);
/// Case-insensitive "white" | "cream".
std::optional<Paper> parse_paper(std::string_view name);

/// Which row of KDP's page-count table a trim falls in (../shared/kdp-print-spec.md).
enum class PageLimitClass { most, square_8_25, large_8_5, a4 };

/// A trim (the finished, cut page) in inches.
struct Trim {
  std::string_view name;  ///< canonical name (a literal): "6x9", "A4"; "custom" for any other
  double width_in = 0;
  double height_in = 0;
  PageLimitClass limits = PageLimitClass::most;
  bool custom() const { return name == "custom"; }
};

/// KDP's standard trims in KDP's order (A4 last).
inline constexpr std::array<Trim, 16> kStandardTrims = {{
    {"5x8", 5, 8, PageLimitClass::most},
    {"5.06x7.81", 5.06, 7.81, PageLimitClass::most},
    {"5.25x8", 5.25, 8, PageLimitClass::most},
    {"5.5x8.5", 5.5, 8.5, PageLimitClass::most},
    {"6x9", 6, 9, PageLimitClass::most},
    {"6.14x9.21", 6.14, 9.21, PageLimitClass::most},
    {"6.69x9.61", 6.69, 9.61, PageLimitClass::most},
    {"7x10", 7, 10, PageLimitClass::most},
    {"7.44x9.69", 7.44, 9.69, PageLimitClass::most},
    {"7.5x9.25", 7.5, 9.25, PageLimitClass::most},
    {"8x10", 8, 10, PageLimitClass::most},
    {"8.25x6", 8.25, 6, PageLimitClass::square_8_25},
    {"8.25x8.25", 8.25, 8.25, PageLimitClass::square_8_25},
    {"8.5x8.5", 8.5, 8.5, PageLimitClass::large_8_5},
    {"8.5x11", 8.5, 11, PageLimitClass::large_8_5},
    {"A4", 8.27, 11.69, PageLimitClass::a4},
}};

/// Smallest and largest custom trim KDP prints, inches.
inline constexpr double kCustomMinWidthIn = 4.0;
inline constexpr double kCustomMaxWidthIn = 8.5;
inline constexpr double kCustomMinHeightIn = 6.0;
inline constexpr double kCustomMaxHeightIn = 11.69;

struct TrimResult {
  std::optional<Trim> trim;  ///< set on success
  std::string error;         ///< one line for a person when !trim
};

/// Reads a trim: a standard name ("6x9", "A4", "a4", "8.27x11.69"; case-insensitive, spaces
/// ignored) or a custom size "WxH in" / "WxH mm" (the unit is required for custom sizes).
/// A custom size within 0.02 in of a standard trim in both sides is that standard trim.
/// Errors: "unknown trim '6x10' (expected one of: 5x8, ..., A4, or a custom size 'WxH in' or
/// 'WxH mm')" and "custom trim 3x9 in is outside KDP's range (width 4-8.5 in, height
/// 6-11.69 in)".
TrimResult parse_trim(std::string_view text);

/// How close a custom trim must come to a standard trim to share its page limit, inches.
inline constexpr double kCustomReachIn = 0.25;

/// The page-limit class of a custom trim: the strictest (fewest pages) of the standard trims it
/// reaches, i.e. whose width and height it comes within kCustomReachIn of or exceeds; "most"
/// when it reaches none with a stricter limit. So 8.45x11 in takes 8.5x11's 590 pages, and
/// 8.3x6.5 in takes 8.25x6's 800.
PageLimitClass custom_limit_class(double width_in, double height_in);

/// Minimum page count KDP accepts (every trim and paper).
inline constexpr int kMinPageCount = 24;

/// Inclusive page-count range KDP accepts for a black & white interior.
struct PageCountRange {
  int min = kMinPageCount;
  int max = 828;
};

/// most trims 24-828 white / 24-776 cream; 8.25x6 & 8.25x8.25 24-800/750; 8.5x8.5 & 8.5x11
/// 24-590/550; A4 24-780/730; a custom trim uses its class (custom_limit_class).
PageCountRange page_count_range(const Trim& trim, Paper paper);

}  // namespace puzzlepress::book
