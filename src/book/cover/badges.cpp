// The front's badges (cover.badges, issue 26): a row of short texts on solid plates of the
// accent colour, each design setting the row where its composition leaves room.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "book/cover/cover_parts.h"
#include "book/kdp/format_pt.h"
#include "render/layout.h"
#include "render/pieces.h"
#include "util/text.h"

namespace puzzlepress::book::cover_parts {
namespace {

/// A badge's type: its size per point of column width, and the most it may shrink to fit (the
/// least size reads as a badge at a search result's size only on the largest trims).
constexpr double kBadgeSizePerWidth = 0.04;
constexpr double kBadgeMaxPt = 16;
constexpr double kBadgeLeastPt = 9;
/// A plate's padding beside its text and the gap between plates, per point of type size.
constexpr double kBadgePadEm = 0.7;
constexpr double kBadgeGapEm = 0.8;
/// A plate's height per point of type size.
constexpr double kBadgeHeightEm = 1.9;

double badge_size(const Box& column) {
  return std::clamp(column.width() * kBadgeSizePerWidth, kBadgeLeastPt, kBadgeMaxPt);
}

}  // namespace

// The badges of the book itself, all true of it: its puzzle count, large print when nothing in
// it prints under kLargePrintLeastPt, and the grades it has ("Easy to Evil"; one grade: its name).
std::vector<CoverBadge> auto_badges(const CoverContext& c) {
  std::vector<CoverBadge> out;
  out.push_back({c.words.format("badge_puzzles", {{"n", std::to_string(c.puzzles.size())}}), c.cover.place});
  if (c.large_print) out.push_back({c.words.text("badge_large_print"), c.cover.place});
  std::set<engine::Grade> grades;
  for (const engine::Puzzle& p : c.puzzles) grades.insert(p.grade);
  if (grades.size() == 1) {
    out.push_back({c.words.grade_name(*grades.begin()), c.cover.place});
  } else if (grades.size() > 1) {
    out.push_back({c.words.format("badge_grades", {{"first", c.words.grade_name(*grades.begin())},
                                                   {"last", c.words.grade_name(*grades.rbegin())}}),
                   c.cover.place});
  }
  return out;
}

double badge_row_height(const CoverContext& c, const Box& column) {
  if (c.cover.badges.empty() && !c.cover.badges_auto) return 0;
  return badge_size(column) * kBadgeHeightEm;
}

double add_badges(std::vector<Item>& items, const CoverContext& c, const Palette& ink, const Box& column, double bottom,
                  std::string_view design) {
  const render::TextMeasure& m = c.measure;
  const std::vector<CoverBadge> badges = c.cover.badges_auto ? auto_badges(c) : c.cover.badges;
  if (badges.empty()) return bottom;
  const double size = badge_size(column);
  const double pad = size * kBadgePadEm, gap = size * kBadgeGapEm;
  // Each badge has an equal share of the column; its text at the least size must fit it.
  const double n = static_cast<double>(badges.size());
  const double share = (column.width() - gap * (n - 1)) / n;
  double fitted = size;
  for (std::size_t i = 0; i < badges.size(); ++i) {
    const double room = share - 2 * pad;
    const double at_least = m.width_pt(FontRole::bold, badges[i].text, kBadgeLeastPt);
    if (at_least > room) {
      const std::string name =
          c.cover.badges_auto ? "cover.badges (auto)" : "cover.badges[" + std::to_string(i + 1) + "]";
      char line[200];
      std::snprintf(line, sizeof line, " is %s pt wide at %s pt; a badge of %d on the %.*s front at %s has %s pt",
                    format_in(at_least, 0).c_str(), format_in(kBadgeLeastPt, 0).c_str(), static_cast<int>(n),
                    static_cast<int>(design.size()), design.data(), c.spec.trim_name.c_str(),
                    format_in(room, 0).c_str());
      throw InputError(badges[i].place, "'" + name + "' \"" + util::echo(badges[i].text) + "\"" + line +
                                            ": shorten it" + (n > 1 ? " or give fewer badges" : ""));
    }
    fitted = std::min(fitted, room / m.width_pt(FontRole::bold, badges[i].text, 1));
  }
  fitted = std::max(kBadgeLeastPt, std::min(size, std::floor(fitted * 10) / 10));
  // The plates, each as wide as its text, the row centred; the text centred on its plate.
  std::vector<double> widths;
  double total = gap * (n - 1);
  for (const CoverBadge& b : badges) total += widths.emplace_back(m.width_pt(FontRole::bold, b.text, fitted) + 2 * pad);
  const double height = size * kBadgeHeightEm;
  const double baseline =
      bottom + (height - ink_height_em(FontRole::bold, m) * fitted) / 2 + m.descent_em(FontRole::bold) * fitted;
  double x = (column.left + column.right - total) / 2;
  for (std::size_t i = 0; i < badges.size(); ++i) {
    items.push_back(render::filled_box({x, bottom, x + widths[i], bottom + height}, ink.band));
    items.push_back(render::text_line(badges[i].text, FontRole::bold, fitted, ink.band_ink, x + widths[i] / 2, baseline,
                                      TextAlign::centre, m));
    x += widths[i] + gap;
  }
  return bottom + height;
}

}  // namespace puzzlepress::book::cover_parts
