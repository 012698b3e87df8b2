// Drawing pieces for free-form pages (see pieces.h), built on the shared layout helpers.
#include "render/pieces.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "render/layout_internal.h"

namespace puzzlepress::render {
namespace {

detail::Align to_detail(TextAlign align) {
  switch (align) {
    case TextAlign::left: return detail::Align::left;
    case TextAlign::centre: return detail::Align::centre;
    case TextAlign::right: return detail::Align::right;
  }
  return detail::Align::left;
}

}  // namespace

Rect filled_box(const Box& box, const Colour& colour) { return Rect{box, 0, colour, colour}; }

TextRun text_line(std::string_view text, FontRole role, double size_pt, const Colour& colour, double x, double baseline,
                  TextAlign align, const TextMeasure& measure) {
  return detail::make_text(text, role, size_pt, x, baseline, to_detail(align), measure, colour);
}

TextRun centred_text(std::string_view text, FontRole role, double size_pt, const Colour& colour, Point centre,
                     double angle_deg, const TextMeasure& measure) {
  TextRun run = detail::make_text(text, role, size_pt, 0, 0, detail::Align::left, measure, colour);
  run.angle_deg = angle_deg;
  // The ink box's centre in the run's own axes, from its origin: (w/2, (ascent - descent)/2).
  const double dx = run.width_pt / 2;
  const double dy = (measure.ascent_em(role) - measure.descent_em(role)) * size_pt / 2;
  const double a = angle_deg * std::numbers::pi / 180;
  run.origin = {centre.x - (dx * std::cos(a) - dy * std::sin(a)), centre.y - (dx * std::sin(a) + dy * std::cos(a))};
  return run;
}

double fit_line_size(std::string_view text, FontRole role, double max_pt, double width_pt, const TextMeasure& measure) {
  const double w = measure.width_pt(role, text, max_pt);
  if (w <= width_pt || w <= 0) return max_pt;
  return max_pt * width_pt / w;
}

double fit_words_size(std::string_view text, FontRole role, double max_pt, double min_pt, double width_pt,
                      const TextMeasure& measure) {
  double size = max_pt;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find_first_of(" \n", pos);
    if (end == std::string_view::npos) end = text.size();
    const double w = measure.width_pt(role, text.substr(pos, end - pos), size);
    if (w > width_pt) size = std::max(min_pt, size * width_pt / w);
    pos = end + 1;
  }
  return size;
}

namespace {

struct SetLine {
  std::string text;
  double drop = 0;  ///< from the first baseline down to this one
};

// The wrapped lines of `text` and how far below the first baseline each sits.
std::vector<SetLine> set_lines(std::string_view text, const TextStyle& style, double width_pt,
                               const TextMeasure& measure) {
  std::vector<SetLine> out;
  const double step = style.size_pt * style.line_spacing;
  if (style.paragraph_gap <= 0) {
    double drop = 0;
    for (std::string& line : wrap_text(text, style.role, style.size_pt, width_pt, measure)) {
      out.push_back({std::move(line), drop});
      drop += step;
    }
    return out;
  }
  double drop = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view paragraph = text.substr(pos, end - pos);
    pos = end + 1;
    if (paragraph.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if (!out.empty()) drop += style.size_pt * style.paragraph_gap;
    for (std::string& line : wrap_text(paragraph, style.role, style.size_pt, width_pt, measure)) {
      out.push_back({std::move(line), drop});
      drop += step;
    }
  }
  return out;
}

}  // namespace

TextBlock text_block(std::string_view text, const TextStyle& style, const Box& column, const TextMeasure& measure) {
  TextBlock block;
  block.bottom = column.top;
  const double ascent = measure.ascent_em(style.role) * style.size_pt;
  const double descent = measure.descent_em(style.role) * style.size_pt;
  const double x = style.align == TextAlign::left    ? column.left
                   : style.align == TextAlign::right ? column.right
                                                     : (column.left + column.right) / 2;
  const std::vector<SetLine> lines = set_lines(text, style, column.width(), measure);
  block.lines = static_cast<int>(lines.size());
  for (const SetLine& line : lines) {
    const double baseline = column.top - ascent - line.drop;
    if (baseline - descent < column.bottom - 1e-6) {
      ++block.overflow_lines;
    } else {
      block.runs.push_back(
          text_line(line.text, style.role, style.size_pt, style.colour, x, baseline, style.align, measure));
      block.bottom = baseline - descent;
    }
  }
  return block;
}

double text_block_height(std::string_view text, const TextStyle& style, double width_pt, const TextMeasure& measure) {
  const std::vector<SetLine> lines = set_lines(text, style, width_pt, measure);
  if (lines.empty()) return 0;
  return (measure.ascent_em(style.role) + measure.descent_em(style.role)) * style.size_pt + lines.back().drop;
}

std::vector<Item> figure_items(const Figure& figure, const Box& grid, const FigureInk& ink,
                               const TextMeasure& measure) {
  std::vector<Item> items;
  const detail::GridLines lines{ink.cell_line_pt, ink.box_line_pt, ink.border_pt};
  if (ink.paper) items.push_back(filled_box(grid, *ink.paper));
  detail::FigureColours colours;
  colours.line = ink.lines;
  colours.given = ink.given;
  colours.solved = ink.solved;
  const double symbol_pt = ink.symbol_scale * detail::cell_side(grid, lines, figure.size);
  detail::add_figure(items, grid, lines, figure, symbol_pt, colours, measure);
  return items;
}

double star_row_width(double height_pt, int total) {
  if (total <= 0) return 0;
  return total * detail::star_width(height_pt) + (total - 1) * 0.25 * height_pt;
}

std::vector<Item> star_row(Point centre, double height_pt, int filled, int total, const Colour& colour) {
  std::vector<Item> items;
  const double w = detail::star_width(height_pt);
  double x = centre.x - star_row_width(height_pt, total) / 2 + w / 2;
  for (int i = 0; i < total; ++i) {
    items.push_back(detail::star({x, centre.y}, height_pt, i < filled, colour));
    x += w + 0.25 * height_pt;
  }
  return items;
}

}  // namespace puzzlepress::render
