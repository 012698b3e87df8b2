// Pages of text: title, copyright, how to play, section heading, notes, intentionally blank.
#include <algorithm>
#include <string>

#include "render/layout_internal.h"

namespace puzzlepress::render {
namespace {

using detail::Align;

// The largest size <= size_pt (not below min) at which every word of `text` fits the width, so
// a long title shrinks rather than breaking a word.
double fit_words(std::string_view text, FontRole role, double size_pt, double width_pt,
                 double min_pt, const TextMeasure& measure) {
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
double paragraph_height(std::string_view text, FontRole role, double size_pt, double width_pt,
                        double spacing, const TextMeasure& measure) {
  const auto lines = wrap_text(text, role, size_pt, width_pt, measure);
  if (lines.empty()) return 0;
  return (measure.ascent_em(role) + measure.descent_em(role)) * size_pt +
         (lines.size() - 1) * size_pt * spacing;
}

// The example on the how-to-play page: a valid solution (row r, col c holds
// (3r + r/3 + c) mod 9 + 1) with a scattering of cells shown.
engine::Grid example_givens() {
  static constexpr const char* kMask =
      "101001010"
      "010100101"
      "001010010"
      "100010100"
      "010101010"
      "001010001"
      "010010100"
      "101001010"
      "010100101";
  engine::Grid g;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      if (kMask[r * 9 + c] == '1') {
        g.cells[r * 9 + c] = static_cast<std::uint8_t>((3 * r + r / 3 + c) % 9 + 1);
      }
    }
  }
  return g;
}

}  // namespace

Page layout_title_page(const PageFrame& frame, const LayoutStyle& style, std::string_view title,
                       std::string_view subtitle, std::string_view author,
                       const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double min = style.min_text_pt;
  const double title_size = fit_words(title, FontRole::bold, std::max(min, style.title_size_pt),
                                      body.width(), min, measure);
  const double sub_size = std::max(min, std::max(style.text_size_pt * 1.3, title_size * 0.5));
  const double author_size = std::max(min, std::max(style.text_size_pt * 1.2, title_size * 0.45));
  double y = body.top - body.height() * 0.22;
  if (!title.empty()) {
    y = detail::add_paragraph(page.items, title, FontRole::bold, title_size, body, y, Align::centre,
                              1.15, measure);
  }
  // A short rule between title and subtitle.
  const double rule_gap = title_size * 0.45;
  y -= rule_gap;
  const double cx = (body.left + body.right) / 2;
  const double half = std::min(body.width() * 0.2, 72.0);
  detail::add_line(page.items, Line{{cx - half, y}, {cx + half, y}, 1.0, 0});
  y -= rule_gap;
  if (!subtitle.empty()) {
    detail::add_paragraph(page.items, subtitle, FontRole::text, sub_size, body, y, Align::centre,
                          1.25, measure, 0.2);
  }
  if (!author.empty()) {
    const double h =
        paragraph_height(author, FontRole::text, author_size, body.width(), 1.25, measure);
    const double top = body.bottom + std::max(h, body.height() * 0.12);
    detail::add_paragraph(page.items, author, FontRole::text, author_size, body, top, Align::centre,
                          1.25, measure);
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_copyright_page(const PageFrame& frame, const LayoutStyle& style,
                           const CopyrightInfo& info, const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double size = std::max(style.min_text_pt, style.text_size_pt * 0.85);
  struct Para {
    std::string text;
    FontRole role;
  };
  std::vector<Para> paras;
  if (!info.title.empty()) paras.push_back({info.title, FontRole::bold});
  if (!info.author.empty()) paras.push_back({"by " + info.author, FontRole::text});
  std::string notice = "Copyright \xC2\xA9";  // ©
  if (!info.year.empty()) notice += " " + info.year;
  if (!info.author.empty()) notice += " " + info.author;
  paras.push_back({notice + ". All rights reserved.", FontRole::text});
  paras.push_back(
      {"No part of this book may be reproduced in any form without written "
       "permission from the copyright holder.",
       FontRole::text});
  if (!info.publisher.empty()) paras.push_back({"Published by " + info.publisher, FontRole::text});
  if (!info.isbn.empty()) paras.push_back({"ISBN " + info.isbn, FontRole::text});
  if (!info.generator.empty()) paras.push_back({info.generator, FontRole::text});

  const double spacing = style.line_spacing;
  const double para_gap = size * 0.6;
  double total = 0;
  for (const Para& p : paras) {
    total += paragraph_height(p.text, p.role, size, body.width(), spacing, measure) + para_gap;
  }
  total -= para_gap;
  double y = std::min(body.top, body.bottom + total);  // set at the foot of the page
  for (const Para& p : paras) {
    y = detail::add_paragraph(page.items, p.text, p.role, size, body, y, Align::left, spacing,
                              measure);
    y -= para_gap;
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_how_to_play_page(const PageFrame& frame, const LayoutStyle& style,
                             const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double min = style.min_text_pt;
  const double heading = std::max(min, style.heading_size_pt);
  const double size = std::max(min, style.text_size_pt);
  double y = detail::add_paragraph(page.items, "How to Play", FontRole::bold, heading, body,
                                   body.top, Align::left, 1.2, measure);
  y -= heading * 0.5;
  static constexpr const char* kParagraphs[] = {
      // "\xC2\xA0" is a no-break space: "3 x 3" never breaks across lines.
      "A sudoku is a grid of 9\xC2\xA0\xC3\x97\xC2\xA0"
      "9 cells, divided into nine boxes "
      "of 3\xC2\xA0\xC3\x97\xC2\xA0"
      "3 cells. Some cells already hold a digit: these are "
      "the givens.",
      "Fill every empty cell with a digit from 1 to 9 so that each row, each column and each "
      "3\xC2\xA0\xC3\x97\xC2\xA0"
      "3 box contains every digit exactly once. No arithmetic "
      "is needed; it is a puzzle of pure logic, and every puzzle in this book has exactly one "
      "solution.",
      "Start with a row, column or box that is nearly full and ask which digits are missing "
      "and where they can go. Pencilling small candidates into the cells helps with the harder "
      "puzzles.",
      "Each puzzle is marked with its difficulty, from Easy (one star) to Evil (five stars). "
      "The solutions are at the back of the book.",
  };
  for (const char* text : kParagraphs) {
    y = detail::add_paragraph(page.items, text, FontRole::text, size, body, y, Align::left,
                              style.line_spacing, measure);
    y -= size * 0.7;
  }
  // The example: a grid with its top-left box shaded, and a caption, if there is room.
  const double caption_size = std::max(min, size * 0.85);
  const char* caption = "The shaded box, like every row and column, holds 1 to 9 once each.";
  const double caption_h =
      paragraph_height(caption, FontRole::text, caption_size, body.width(), 1.2, measure);
  const double room = y - body.bottom - caption_h - caption_size;
  const double side = std::min({room, body.width() * 0.5, 3.0 * 72});
  const detail::GridLines lines{style.solution_cell_line_pt, style.solution_box_line_pt,
                                style.solution_border_pt};
  if (side >= 9 * (min + 2)) {
    const double top = y - (room - side) / 2;
    const double cx = (body.left + body.right) / 2;
    const Box grid{cx - side / 2, top - side, cx + side / 2, top};
    const double cell = detail::cell_side(grid, lines);
    const Point c00 = detail::cell_centre(grid, lines, 0, 0);
    page.items.push_back(Rect{Box{c00.x - cell / 2, c00.y + cell / 2 - 3 * cell,
                                  c00.x - cell / 2 + 3 * cell, c00.y + cell / 2},
                              0, 0, 0.82});
    detail::add_grid(page.items, grid, lines);
    const engine::Grid givens = example_givens();
    const double digit = std::max(min, style.digit_scale * cell);
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        if (const int d = givens.at(r, c); d != 0) {
          page.items.push_back(detail::centred_digit(
              d, FontRole::digit, digit, detail::cell_centre(grid, lines, r, c), measure, 0));
        }
      }
    }
    detail::add_paragraph(page.items, caption, FontRole::text, caption_size, body,
                          grid.bottom - caption_size * 0.6, Align::centre, 1.2, measure, 0.25);
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_heading_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                         std::string_view subheading, const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double min = style.min_text_pt;
  const double size = fit_words(heading, FontRole::bold, std::max(min, style.heading_size_pt * 1.2),
                                body.width(), min, measure);
  double y = body.bottom + body.height() * 0.62;
  y = detail::add_paragraph(page.items, heading, FontRole::bold, size, body, y, Align::centre, 1.15,
                            measure);
  if (!subheading.empty()) {
    const double sub = std::max(min, style.text_size_pt * 1.2);
    detail::add_paragraph(page.items, subheading, FontRole::text, sub, body, y - sub * 0.8,
                          Align::centre, style.line_spacing, measure, 0.2);
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_notes_page(const PageFrame& frame, const LayoutStyle& style,
                       const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double heading = std::max(style.min_text_pt, style.heading_size_pt);
  double y = detail::add_paragraph(page.items, "Notes", FontRole::bold, heading, body, body.top,
                                   Align::left, 1.2, measure);
  const double spacing = std::max(12.0, style.notes_line_spacing_pt);
  const double width = 0.75;
  for (y -= spacing; y - width / 2 >= body.bottom; y -= spacing) {
    detail::add_line(page.items, Line{{body.left, y}, {body.right, y}, width, 0.55});
  }
  detail::add_folio(page, frame, style, measure);
  return page;
}

Page layout_blank_page(const PageFrame& frame, const LayoutStyle& style, std::string_view text,
                       const TextMeasure& measure) {
  Page page = detail::empty_page(frame);
  const Box body = detail::body_box(frame, style);
  const double size = std::max(style.min_text_pt, style.text_size_pt * 0.9);
  const double h =
      paragraph_height(text, FontRole::text, size, body.width(), style.line_spacing, measure);
  detail::add_paragraph(page.items, text, FontRole::text, size, body,
                        (body.top + body.bottom + h) / 2, Align::centre, style.line_spacing,
                        measure, 0.35);
  detail::add_folio(page, frame, style, measure);
  return page;
}

}  // namespace puzzlepress::render
