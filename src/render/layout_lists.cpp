// List pages (hints) and glossary pages: entries one under another, paginated by measuring.
#include <algorithm>

#include "render/layout_internal.h"

namespace puzzlepress::render {
namespace {

using detail::Align;

/// Space under a heading, as a share of its size.
constexpr double kHeadingGap = 0.5;
/// Space between a glossary figure and the text at its right, points.
constexpr double kGlossaryColumnGap = 12;
/// Space between glossary items, points.
constexpr double kGlossaryItemGap = 14;

double text_pt(const LayoutStyle& style) { return std::max(style.min_text_pt, style.list_text_pt); }
double heading_pt(const LayoutStyle& style) { return std::max(style.min_text_pt, style.heading_size_pt); }

// Height of wrapped text set by add_paragraph: ascent of the first line to descent of the last.
double text_height(std::string_view text, FontRole role, double size, double width, double spacing,
                   const TextMeasure& measure) {
  const auto lines = wrap_text(text, role, size, width, measure);
  if (lines.empty()) return 0;
  return (measure.ascent_em(role) + measure.descent_em(role)) * size +
         static_cast<double>(lines.size() - 1) * size * spacing;
}

double heading_height(std::string_view heading, const LayoutStyle& style, double width, const TextMeasure& measure) {
  if (heading.empty()) return 0;
  const double size = heading_pt(style);
  return text_height(heading, FontRole::bold, size, width, 1.2, measure) + size * kHeadingGap;
}

// The list's columns: labels from body.left, texts from the returned x.
double text_left(const Box& body, const LayoutStyle& style, std::string_view label_sample, const TextMeasure& measure) {
  const double size = text_pt(style);
  return body.left + measure.width_pt(FontRole::bold, label_sample, size) + size * 0.8;
}

double entry_height(const ListEntry& e, const Box& body, double left, const LayoutStyle& style,
                    const TextMeasure& measure) {
  return text_height(e.text, FontRole::text, text_pt(style), body.right - left, style.line_spacing, measure);
}

// Greedy pages: each takes entries while their heights (plus gaps) fit; at least one a page.
std::vector<int> paginate(double first_room, double room, const std::vector<double>& heights, double gap) {
  std::vector<int> pages;
  std::size_t i = 0;
  double available = first_room;
  while (i < heights.size()) {
    int count = 0;
    double used = 0;
    while (i < heights.size()) {
      const double need = heights[i] + (count ? gap : 0);
      if (count && used + need > available + 0.01) break;
      used += need;
      ++count;
      ++i;
    }
    pages.push_back(count);
    available = room;
  }
  return pages;
}

double glossary_text_left(const Box& body, const LayoutStyle& style) {
  return body.left + style.glossary_figure_pt + kGlossaryColumnGap;
}

double caption_pt(const LayoutStyle& style) { return std::max(style.min_text_pt, text_pt(style) * 0.9); }

double intro_height(std::string_view intro, const LayoutStyle& style, double width, const TextMeasure& measure) {
  if (intro.empty()) return 0;
  const double size = std::max(style.min_text_pt, style.text_size_pt);
  return text_height(intro, FontRole::text, size, width, style.line_spacing, measure) + size;
}

double glossary_item_height(const GlossaryItem& item, const Box& body, const LayoutStyle& style,
                            const TextMeasure& measure) {
  const double size = text_pt(style);
  const double width = body.right - glossary_text_left(body, style);
  const double words = text_height(item.name, FontRole::bold, size, width, style.line_spacing, measure) + size * 0.3 +
                       text_height(item.text, FontRole::text, size, width, style.line_spacing, measure);
  const double figure =
      style.glossary_figure_pt + caption_pt(style) * 0.4 +
      text_height(item.caption, FontRole::text, caption_pt(style), style.glossary_figure_pt, 1.2, measure);
  return std::max(words, figure);
}

// The heading and the paragraph under it (each when not empty) from the body's top; returns
// the y (points) below them where the page's entries start.
double add_heading_and_intro(Page& page, const Box& body, const LayoutStyle& style, std::string_view heading,
                             std::string_view intro, const TextMeasure& measure) {
  double y = body.top;
  if (!heading.empty()) {
    // Balanced lines ("Die Techniken / in diesem Buch"): as many as the body's width gives.
    const double width = balanced_width(heading, FontRole::bold, heading_pt(style), body.width(), measure);
    const Box column{body.left, body.bottom, body.left + width, body.top};
    y = detail::add_paragraph(page.items, heading, FontRole::bold, heading_pt(style), column, y, Align::left, 1.2,
                              measure);
    y -= heading_pt(style) * kHeadingGap;
  }
  if (!intro.empty()) {
    const double size = std::max(style.min_text_pt, style.text_size_pt);
    y = detail::add_paragraph(page.items, intro, FontRole::text, size, body, y, Align::left, style.line_spacing,
                              measure);
    y -= size;
  }
  return y;
}

}  // namespace

Page layout_list_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                      std::string_view intro, std::span<const ListEntry> entries, std::string_view label_sample,
                      const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  double y = add_heading_and_intro(page, body, style, heading, intro, measure);
  const double size = text_pt(style);
  const double left = text_left(body, style, label_sample, measure);
  const Box column{left, body.bottom, body.right, body.top};
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i) y -= style.list_gap_pt;
    const double baseline = y - measure.ascent_em(FontRole::text) * size;
    page.items.push_back(
        detail::make_text(entries[i].label, FontRole::bold, size, body.left, baseline, Align::left, measure));
    y = detail::add_paragraph(page.items, entries[i].text, FontRole::text, size, column, y, Align::left,
                              style.line_spacing, measure);
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

std::vector<int> paginate_list(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                               std::string_view intro, std::span<const ListEntry> entries,
                               std::string_view label_sample, const TextMeasure& measure) {
  const Box body = detail::body_box(frame, style);
  const double left = text_left(body, style, label_sample, measure);
  std::vector<double> heights;
  for (const ListEntry& e : entries) heights.push_back(entry_height(e, body, left, style, measure));
  const double room = body.height();
  const double first =
      room - heading_height(heading, style, body.width(), measure) - intro_height(intro, style, body.width(), measure);
  return paginate(first, room, heights, style.list_gap_pt);
}

Page layout_glossary_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                          std::string_view intro, std::span<const GlossaryItem> items, const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  double y = add_heading_and_intro(page, body, style, heading, intro, measure);
  const double size = text_pt(style);
  const double side = style.glossary_figure_pt;
  const detail::GridLines lines{style.solution_cell_line_pt, style.solution_box_line_pt, style.solution_border_pt};
  const Box column{glossary_text_left(body, style), body.bottom, body.right, body.top};
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) y -= kGlossaryItemGap;
    const GlossaryItem& item = items[i];
    const double top = y;
    const Box grid{body.left, top - side, body.left + side, top};
    detail::add_figure(page.items, grid, lines, item.figure, detail::symbol_size(grid, lines, item.figure.size, style),
                       style, measure);
    const Box caption_box{body.left, body.bottom, body.left + side, body.top};
    const double caption_bottom =
        detail::add_paragraph(page.items, item.caption, FontRole::text, caption_pt(style), caption_box,
                              grid.bottom - caption_pt(style) * 0.4, Align::centre, 1.2, measure, 0.3);
    double text_y = detail::add_paragraph(page.items, item.name, FontRole::bold, size, column, top, Align::left,
                                          style.line_spacing, measure);
    text_y = detail::add_paragraph(page.items, item.text, FontRole::text, size, column, text_y - size * 0.3,
                                   Align::left, style.line_spacing, measure);
    y = std::min(caption_bottom, text_y);
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

std::vector<int> paginate_glossary(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                                   std::string_view intro, std::span<const GlossaryItem> items,
                                   const TextMeasure& measure) {
  const Box body = detail::body_box(frame, style);
  std::vector<double> heights;
  for (const GlossaryItem& item : items) heights.push_back(glossary_item_height(item, body, style, measure));
  const double room = body.height();
  const double first =
      room - heading_height(heading, style, body.width(), measure) - intro_height(intro, style, body.width(), measure);
  return paginate(first, room, heights, kGlossaryItemGap);
}

}  // namespace puzzlepress::render
