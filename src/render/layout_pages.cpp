// Pages of text: title, copyright, how to play, section heading, notes, intentionally blank.
#include <algorithm>
#include <string>

#include "render/layout_internal.h"

namespace puzzlepress::render {
namespace {

using detail::Align;

// The largest size <= size_pt (not below min) at which every word of `text` fits the width, so
// a long title shrinks rather than breaking a word.
double fit_words(std::string_view text, FontRole role, double size_pt, double width_pt, double min_pt,
                 const TextMeasure& measure) {
  double size = size_pt;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find_first_of(" \n", pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(pos, end - pos);
    const double w = measure.width_pt(role, word, size);
    if (w > width_pt) size = std::max(min_pt, size * width_pt / w);
    pos = end + 1;
  }
  return size;
}

// Height of a wrapped paragraph: first ascent, line steps, last descent.
double paragraph_height(std::string_view text, FontRole role, double size_pt, double width_pt, double spacing,
                        const TextMeasure& measure) {
  const auto lines = wrap_text(text, role, size_pt, width_pt, measure);
  if (lines.empty()) return 0;
  return (measure.ascent_em(role) + measure.descent_em(role)) * size_pt + (lines.size() - 1) * size_pt * spacing;
}

// `body` narrowed about its centre to the balanced width of `text` (balanced_width): a centred
// title's lines come out even.
Box balanced_column(const Box& body, std::string_view text, FontRole role, double size_pt, const TextMeasure& measure) {
  const double inset = (body.width() - balanced_width(text, role, size_pt, body.width(), measure)) / 2;
  return Box{body.left + inset, body.bottom, body.right - inset, body.top};
}

// Characters (UTF-8 code points) of `line`.
std::size_t characters(std::string_view line) {
  std::size_t n = 0;
  for (const char c : line) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// The widest column (points, at most `max_width`) in which every line of `paragraphs`, wrapped at
// `size_pt`, holds at most kMaxMeasureChars characters: a comfortable measure at any trim.
double measure_width(std::span<const std::string> paragraphs, double size_pt, double max_width,
                     const TextMeasure& measure) {
  double width = max_width;
  for (int step = 0; step < 60; ++step) {
    bool short_enough = true;
    for (const std::string& text : paragraphs) {
      for (const std::string& line : wrap_text(text, FontRole::text, size_pt, width, measure)) {
        short_enough = short_enough && characters(line) <= kMaxMeasureChars;
      }
    }
    if (short_enough) break;
    width *= 0.97;
  }
  return width;
}

}  // namespace

Page layout_title_page(const PageFrame& frame, const LayoutStyle& style, std::string_view title,
                       std::string_view subtitle, std::string_view author, const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double min = style.min_text_pt;
  const double title_size =
      fit_words(title, FontRole::bold, std::max(min, style.title_size_pt), body.width(), min, measure);
  const double sub_size = std::max(min, std::max(style.text_size_pt * 1.3, title_size * 0.5));
  const double author_size = std::max(min, std::max(style.text_size_pt * 1.2, title_size * 0.45));
  double y = body.top - body.height() * 0.22;
  if (!title.empty()) {
    y = detail::add_paragraph(page.items, title, FontRole::bold, title_size,
                              balanced_column(body, title, FontRole::bold, title_size, measure), y, Align::centre, 1.15,
                              measure);
  }
  // A short rule between title and subtitle.
  const double rule_gap = title_size * 0.45;
  y -= rule_gap;
  const double cx = (body.left + body.right) / 2;
  const double half = std::min(body.width() * 0.2, 72.0);
  detail::add_line(page.items, Line{{cx - half, y}, {cx + half, y}, 1.0, Colour::gray(0)});
  y -= rule_gap;
  if (!subtitle.empty()) {
    y = detail::add_paragraph(page.items, subtitle, FontRole::text, sub_size,
                              balanced_column(body, subtitle, FontRole::text, sub_size, measure), y, Align::centre,
                              1.25, measure, 0.2);
  }
  if (!author.empty()) {
    // Near the foot, but never over the subtitle: pushed down under it (past the margin, which
    // the book's fit check then refuses) when title and subtitle reach that far.
    const double h = paragraph_height(author, FontRole::text, author_size, body.width(), 1.25, measure);
    const double top = std::min(body.bottom + std::max(h, body.height() * 0.12), y - author_size);
    detail::add_paragraph(page.items, author, FontRole::text, author_size, body, top, Align::centre, 1.25, measure);
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_footnote_page(const PageFrame& frame, const LayoutStyle& style, std::span<const Paragraph> paragraphs,
                          const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double size = std::max(style.reading_min(), style.text_size_pt * 0.85);
  const auto role = [](const Paragraph& p) { return p.bold ? FontRole::bold : FontRole::text; };
  const double spacing = style.line_spacing;
  const double para_gap = size * 0.6;
  double total = 0;
  for (const Paragraph& p : paragraphs) {
    total += paragraph_height(p.text, role(p), size, body.width(), spacing, measure) + para_gap;
  }
  total -= para_gap;
  double y = std::min(body.top, body.bottom + total);  // set at the foot of the page
  for (const Paragraph& p : paragraphs) {
    y = detail::add_paragraph(page.items, p.text, role(p), size, body, y, Align::left, spacing, measure);
    y -= para_gap;
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_article_page(const PageFrame& frame, const LayoutStyle& style, const Article& article,
                         const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double min = style.min_text_pt;
  const double heading = std::max(min, style.heading_size_pt);
  // The heading and paragraphs at `size`, into `items`; returns the y below them.
  // The text column at `size`: the body, or a narrower measure centred in it (kMaxMeasureChars).
  const auto column_at = [&](double size) {
    const double width = measure_width(article.paragraphs, size, body.width(), measure);
    const double inset = (body.width() - width) / 2;
    return Box{body.left + inset, body.bottom, body.right - inset, body.top};
  };
  const auto set_text = [&](std::vector<Item>& items, double size) {
    const Box column = column_at(size);
    const Box heading_column{
        column.left, column.bottom,
        column.left + balanced_width(article.heading, FontRole::bold, heading, column.width(), measure),
        column.top};  // balanced lines, as many as the column gives
    double y = detail::add_paragraph(items, article.heading, FontRole::bold, heading, heading_column, body.top,
                                     Align::left, 1.2, measure);
    y -= heading * 0.5;
    for (const std::string& text : article.paragraphs) {
      y = detail::add_paragraph(items, text, FontRole::text, size, column, y, Align::left, style.line_spacing, measure);
      y -= size * 0.7;
    }
    return y;
  };
  // The style's text size, or the largest size (0.5 pt steps, never under reading_min) at which
  // the text fits the page: a longer language or a small trim takes a little smaller type.
  const double least = style.reading_min();
  double size = std::max(least, style.text_size_pt);
  for (std::vector<Item> trial; size - 0.5 >= least; size -= 0.5) {
    trial.clear();
    if (set_text(trial, size) + size * 0.7 >= body.bottom) break;
  }
  double y = set_text(page.items, size);
  // The figure and its caption, centred in the room left, if there is enough of it.
  if (article.figure) {
    const Figure& figure = *article.figure;
    const double caption_size = std::max(least, size * 0.85);
    const std::string captions[] = {article.caption};  // the caption keeps the measure too, centred
    const double caption_inset = (body.width() - measure_width(captions, caption_size, body.width(), measure)) / 2;
    const Box caption_column{body.left + caption_inset, body.bottom, body.right - caption_inset, body.top};
    const double caption_h =
        paragraph_height(article.caption, FontRole::text, caption_size, caption_column.width(), 1.2, measure);
    const double room = y - body.bottom - caption_h - caption_size;
    double side = std::min({room, body.width() * 0.5, 3.0 * 72});
    const detail::GridLines lines{style.solution_cell_line_pt, style.solution_box_line_pt, style.solution_border_pt};
    // Cages need cells whose sums print at kMinCageSumPt or more: such a figure may take the
    // body's width; without the room for it, it is left out.
    const double caged_side =
        figure.cages.empty() ? 0 : figure.size * kMinCageSumPt / kCageSumShare + 2 * lines.border_pt;
    if (caged_side > side) side = std::min({caged_side, room, body.width()});
    if (side >= figure.size * (min + 2) && side >= caged_side) {
      const double top = y - (room - side) / 2;
      const double cx = (body.left + body.right) / 2;
      const Box grid{cx - side / 2, top - side, cx + side / 2, top};
      detail::add_figure(page.items, grid, lines, figure, detail::symbol_size(grid, lines, figure.size, style), style,
                         measure);
      detail::add_paragraph(page.items, article.caption, FontRole::text, caption_size, caption_column,
                            grid.bottom - caption_size * 0.6, Align::centre, 1.2, measure, 0.25);
    }
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_heading_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                         std::string_view subheading, const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double min = style.min_text_pt;
  const double size =
      fit_words(heading, FontRole::bold, std::max(min, style.heading_size_pt * 1.2), body.width(), min, measure);
  double y = body.bottom + body.height() * 0.62;
  y = detail::add_paragraph(page.items, heading, FontRole::bold, size,
                            balanced_column(body, heading, FontRole::bold, size, measure), y, Align::centre, 1.15,
                            measure);
  if (!subheading.empty()) {
    const double sub = std::max(min, style.text_size_pt * 1.2);
    detail::add_paragraph(page.items, subheading, FontRole::text, sub, body, y - sub * 0.8, Align::centre,
                          style.line_spacing, measure, 0.2);
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_ruled_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading_text,
                       const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double heading = std::max(style.min_text_pt, style.heading_size_pt);
  double y = detail::add_paragraph(page.items, heading_text, FontRole::bold, heading, body, body.top, Align::left, 1.2,
                                   measure);
  const double spacing = std::max(12.0, style.notes_line_spacing_pt);
  const double width = 0.75;
  for (y -= spacing; y - width / 2 >= body.bottom; y -= spacing) {
    detail::add_line(page.items, Line{{body.left, y}, {body.right, y}, width, Colour::gray(0.55)});
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_blank_page(const PageFrame& frame, const LayoutStyle& style, std::string_view text,
                       const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double size = std::max(style.reading_min(), style.text_size_pt * 0.9);
  const double h = paragraph_height(text, FontRole::text, size, body.width(), style.line_spacing, measure);
  detail::add_paragraph(page.items, text, FontRole::text, size, body, (body.top + body.bottom + h) / 2, Align::centre,
                        style.line_spacing, measure, 0.35);
  detail::add_folio(page, frame, style, measure);
  return page;
}

}  // namespace puzzlepress::render
