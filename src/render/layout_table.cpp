// Table pages (a killer book's cage combinations): short entries in slots of a fixed pitch, in
// newspaper columns, paginated without measuring (layout.h, paginate_table).
#include <algorithm>
#include <cmath>

#include "render/layout_internal.h"

namespace puzzlepress::render {
namespace {

using detail::Align;

/// A digit's advance taken for the slots, as a share of the type size (Liberation Sans: 0.556).
constexpr double kDigitEm = 0.6;
/// A character's average advance taken for the intro's lines.
constexpr double kIntroCharEm = 0.55;
/// Most columns on a page.
constexpr int kMaxColumns = 4;
/// Least slots of the widest group a column's line holds.
constexpr int kLeastSlots = 3;

/// Everything that fixes where rows go, from the frame, the style and the groups alone.
struct TableGeometry {
  Box body;
  double size = 0;    ///< type size of titles, labels and entries
  double digit = 0;   ///< a digit's advance taken (kDigitEm x size)
  double pitch = 0;   ///< baseline to baseline
  double label = 0;   ///< the label column's width (labels right-aligned in it)
  double column = 0;  ///< a column's width
  double gutter = 0;  ///< space between columns
  int columns = 1;
  std::vector<double> slot{};   ///< per group: an entry's slot (its widest entry and a digit's space)
  std::vector<int> per_line{};  ///< per group: entries a line holds
  double heading_pt = 0;
  double heading_band = 0;  ///< the heading's line and the space under it
  double intro_pt = 0;
  double intro_band = 0;  ///< the intro's reserved lines and the space under them
};

std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

TableGeometry geometry(const PageFrame& frame, const LayoutStyle& style, std::size_t intro_chars,
                       std::span<const TableGroup> groups) {
  TableGeometry g;
  g.body = detail::body_box(frame, style);
  g.size = std::max({style.min_text_pt, style.reading_min(), style.list_text_pt});
  g.digit = kDigitEm * g.size;
  g.pitch = g.size * style.line_spacing;
  std::size_t label_chars = 1, widest = 1;
  for (const TableGroup& group : groups) {
    std::size_t entry_chars = 1;
    for (const TableRow& row : group.rows) {
      label_chars = std::max(label_chars, code_points(row.label));
      for (const std::string& e : row.entries) entry_chars = std::max(entry_chars, code_points(e));
    }
    widest = std::max(widest, entry_chars);
    g.slot.push_back(static_cast<double>(entry_chars + 1) * g.digit);
  }
  g.label = static_cast<double>(label_chars) * g.digit;
  g.gutter = 2 * g.digit;
  const double least = g.label + g.digit + kLeastSlots * static_cast<double>(widest + 1) * g.digit;
  const double width = g.body.width();
  for (int c = kMaxColumns; c >= 1; --c) {
    g.columns = c;
    if ((width - (c - 1) * g.gutter) / c >= least) break;
  }
  g.column = (width - (g.columns - 1) * g.gutter) / g.columns;
  for (const double slot : g.slot) {
    // Entries start a digit's space after the labels, and the last of a line needs no space
    // after it: k entries take k x slot - digit of the column - label - digit left.
    g.per_line.push_back(std::max(1, static_cast<int>((g.column - g.label) / slot)));
  }
  g.heading_pt = std::max(style.min_text_pt, style.heading_size_pt);
  g.heading_band = g.heading_pt * 1.2 + g.heading_pt * 0.5;
  g.intro_pt = g.size;
  if (intro_chars > 0) {
    const double lines = std::ceil(static_cast<double>(intro_chars) * kIntroCharEm * g.intro_pt / width) + 1;
    g.intro_band = lines * g.intro_pt * style.line_spacing + g.intro_pt;
  }
  return g;
}

/// What a column holds, top down.
struct Placed {
  enum class Kind { part, title, row } kind = Kind::row;
  int group = 0;  ///< a part: the group that carries its words
  int row = 0;    ///< within its group (rows only)
  int column = 0;
  double top = 0;  ///< distance from the columns' top to the top of the block, points
};

struct PageFlow {
  std::vector<Placed> placed;
  int next_row = 0;  ///< the first flat row not on the page
};

/// The rows of the page that starts at flat row `first` flowed into its columns, `room` high.
/// `limit`: at most this many rows (layout keeps to the plan's count).
PageFlow flow_page(const TableGeometry& g, std::span<const TableGroup> groups, int first, double room, int limit) {
  // Flat row -> (group, row).
  std::vector<std::pair<int, int>> rows;
  for (std::size_t k = 0; k < groups.size(); ++k)
    for (std::size_t r = 0; r < groups[k].rows.size(); ++r) rows.emplace_back(static_cast<int>(k), static_cast<int>(r));
  // Group -> the group whose part it is in (its own or the nearest before it with one), -1: none.
  std::vector<int> part_of(groups.size(), -1);
  for (std::size_t k = 0; k < groups.size(); ++k)
    part_of[k] = !groups[k].part.empty() ? static_cast<int>(k) : k > 0 ? part_of[k - 1] : -1;
  PageFlow out;
  out.next_row = first;
  const auto lines_of = [&](int flat) {
    const auto [k, r] = rows[static_cast<std::size_t>(flat)];
    const int count =
        static_cast<int>(groups[static_cast<std::size_t>(k)].rows[static_cast<std::size_t>(r)].entries.size());
    const int per = g.per_line[static_cast<std::size_t>(k)];
    return std::max(1, (count + per - 1) / per);
  };
  int column = 0;
  double y = 0;  // used height of the column
  int placed_rows = 0;
  for (int flat = first; flat < static_cast<int>(rows.size()) && placed_rows < limit; ++flat) {
    const auto [k, r] = rows[static_cast<std::size_t>(flat)];
    const TableGroup& group = groups[static_cast<std::size_t>(k)];
    const double row_height = lines_of(flat) * g.pitch;
    // Blocks to place before the row: a new group's part and title; at a column's top, the
    // part (when the group is in one) and the title again.
    const int part_group = part_of[static_cast<std::size_t>(k)];
    while (true) {
      const bool top_of_column = y == 0;
      const bool part = (r == 0 && !group.part.empty()) || (top_of_column && part_group >= 0);
      const bool title = r == 0 || top_of_column;
      const double part_gap = part && !top_of_column ? g.pitch : 0;
      const double title_gap = r == 0 && !part && !top_of_column ? g.pitch * 0.5 : 0;
      const double head = part_gap + (part ? g.pitch * 1.2 : 0) + title_gap + (title ? g.pitch : 0);
      // An empty column takes what does not fit it whole (no page could).
      if (y + head + row_height <= room + 0.01 || top_of_column) {
        y += part_gap;
        if (part) {
          out.placed.push_back({Placed::Kind::part, part_group, 0, column, y});
          y += g.pitch * 1.2;
        }
        y += title_gap;
        if (title) {
          out.placed.push_back({Placed::Kind::title, k, 0, column, y});
          y += g.pitch;
        }
        out.placed.push_back({Placed::Kind::row, k, r, column, y});
        y += row_height;
        ++placed_rows;
        out.next_row = flat + 1;
        break;
      }
      if (++column >= g.columns) return out;  // the page is full
      y = 0;
    }
  }
  return out;
}

double columns_room(const TableGeometry& g, bool first_page) {
  return g.body.height() - (first_page ? g.heading_band + g.intro_band : 0);
}

/// The largest size (at most `size`, at least `least`) at which `text` is no wider than `width`.
double fitting_size(std::string_view text, FontRole role, double size, double least, double width,
                    const TextMeasure& measure) {
  const double w = measure.width_pt(role, text, size);
  return w <= width || w <= 0 ? size : std::max(least, size * width / w);
}

}  // namespace

std::vector<int> paginate_table(const PageFrame& frame, const LayoutStyle& style, std::size_t intro_chars,
                                std::span<const TableGroup> groups) {
  const TableGeometry g = geometry(frame, style, intro_chars, groups);
  int total = 0;
  for (const TableGroup& group : groups) total += static_cast<int>(group.rows.size());
  std::vector<int> pages;
  for (int first = 0; first < total;) {
    const PageFlow flow = flow_page(g, groups, first, columns_room(g, pages.empty()), total);
    const int taken = std::max(1, flow.next_row - first);  // at least one row a page
    pages.push_back(taken);
    first += taken;
  }
  return pages;
}

Page layout_table_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                       std::string_view intro, std::span<const TableGroup> groups, int first_row, int row_count,
                       const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const bool first_page = first_row == 0;
  const TableGeometry g = geometry(frame, style, first_page ? code_points(intro) : 0, groups);
  const Box& body = g.body;
  const double least = style.min_text_pt;
  double top = body.top;
  if (first_page) {
    if (!heading.empty()) {
      const double size = fitting_size(heading, FontRole::bold, g.heading_pt, least, body.width(), measure);
      page.items.push_back(detail::make_text(heading, FontRole::bold, size, body.left,
                                             top - measure.ascent_em(FontRole::bold) * size, Align::left, measure));
    }
    top -= g.heading_band;
    if (!intro.empty()) {
      // Set smaller (not under the reading minimum) when it wraps into more lines than reserved.
      const double reserved = g.intro_band - g.intro_pt;
      double size = g.intro_pt;
      while (size > style.reading_min() + 1e-9) {
        const auto lines = wrap_text(intro, FontRole::text, size, body.width(), measure);
        if (static_cast<double>(lines.size()) * size * style.line_spacing <= reserved + 0.01) break;
        size = std::max(style.reading_min(), size - 0.25);
      }
      detail::add_paragraph(page.items, intro, FontRole::text, size, body, top, Align::left, style.line_spacing,
                            measure);
    }
    top -= g.intro_band;
  }
  const PageFlow flow = flow_page(g, groups, first_row, columns_room(g, first_page), row_count);
  // Entries set smaller when the face's widest entry overflows its slot (a digit wider than kDigitEm).
  double entry_pt = g.size;
  for (const Placed& p : flow.placed) {
    if (p.kind != Placed::Kind::row) continue;
    const TableRow& row = groups[static_cast<std::size_t>(p.group)].rows[static_cast<std::size_t>(p.row)];
    const double room = g.slot[static_cast<std::size_t>(p.group)] - g.digit / 2;
    for (const std::string& e : row.entries)
      entry_pt = std::min(entry_pt, fitting_size(e, FontRole::bold, g.size, least, room, measure));
    entry_pt = std::min(entry_pt, fitting_size(row.label, FontRole::bold, g.size, least, g.label, measure));
  }
  for (const Placed& p : flow.placed) {
    const TableGroup& group = groups[static_cast<std::size_t>(p.group)];
    const double left = body.left + p.column * (g.column + g.gutter);
    const double line_top = top - p.top;
    const auto baseline = [&](FontRole role, double size) { return line_top - measure.ascent_em(role) * size; };
    if (p.kind == Placed::Kind::part) {
      const double size = fitting_size(group.part, FontRole::bold, g.size * 1.2, least, g.column, measure);
      page.items.push_back(detail::make_text(group.part, FontRole::bold, size, left, baseline(FontRole::bold, size),
                                             Align::left, measure));
      continue;
    }
    if (p.kind == Placed::Kind::title) {
      const double size = fitting_size(group.title, FontRole::bold, g.size, least, g.column, measure);
      page.items.push_back(detail::make_text(group.title, FontRole::bold, size, left, baseline(FontRole::bold, size),
                                             Align::left, measure));
      continue;
    }
    const TableRow& row = group.rows[static_cast<std::size_t>(p.row)];
    const FontRole role = row.bold ? FontRole::bold : FontRole::text;
    page.items.push_back(
        detail::make_text(row.label, role, entry_pt, left + g.label, baseline(role, g.size), Align::right, measure));
    const int per = g.per_line[static_cast<std::size_t>(p.group)];
    const double slot = g.slot[static_cast<std::size_t>(p.group)];
    for (std::size_t e = 0; e < row.entries.size(); ++e) {
      const int line = static_cast<int>(e) / per, at = static_cast<int>(e) % per;
      const double x = left + g.label + g.digit + at * slot;
      page.items.push_back(detail::make_text(row.entries[e], role, entry_pt, x, baseline(role, g.size) - line * g.pitch,
                                             Align::left, measure));
    }
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

}  // namespace puzzlepress::render
