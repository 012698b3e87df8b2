#include "book/make/listing_panels.h"

#include <algorithm>
#include <cmath>

#include "book/make/listing_mockup.h"
#include "book/make/preview.h"
#include "render/pieces.h"

namespace puzzlepress::book {
namespace {

using render::FontRole;

// The panel's rows in type-size units (ems of the lines' size): the callouts line and the
// heading are larger; a row's advance is its size times kLeading.
constexpr double kCalloutEm = 1.25, kHeadingEm = 1.5, kLeading = 1.7, kGapEm = 0.9;
constexpr double kStarsGapEm = 0.8;
constexpr const char* kCalloutSeparator = "  \xC2\xB7  ";  // "  ·  "

std::string callouts_line(const ListingFacts& facts) {
  std::string line;
  for (const std::string& c : facts.callouts) line += (line.empty() ? "" : kCalloutSeparator) + c;
  return line;
}

const BookPage* first_puzzle_page(const Book& book) {
  for (const BookPage& page : book.pages) {
    if (page.planned.kind == PageKind::puzzles) return &page;
  }
  return book.pages.empty() ? nullptr : &book.pages.front();
}

/// Moves a sheet's placements by whole pixels (`dx`, `dy`) into `into`.
void place_moved(const render::Sheet& from, double dx, double dy, render::Sheet& into) {
  for (render::PagePlacement p : from.pages) {
    p.target = {p.target.left + dx, p.target.bottom + dy, p.target.right + dx, p.target.top + dy};
    into.pages.push_back(p);
  }
}

}  // namespace

render::Page inside_panel(const ListingFacts& facts, const render::TextMeasure& m, double width_pt, double height_pt) {
  render::Page page;
  page.width_pt = width_pt;
  page.height_pt = height_pt;
  page.items.push_back(render::filled_box({0, 0, width_pt, height_pt}, facts.background));
  const double margin = 0.08 * std::min(width_pt, height_pt);
  const std::string callouts = callouts_line(facts);
  const int total = facts.lines.empty() ? 5 : facts.lines.front().of;
  // Widths and heights per point of the lines' size.
  const double star_h_em = m.cap_height_em(FontRole::text) * 1.1;
  const double stars_em = render::star_row_width(star_h_em, total) + kStarsGapEm;
  double widest_em =
      std::max({m.width_pt(FontRole::bold, callouts, kCalloutEm), m.width_pt(FontRole::bold, facts.heading, kHeadingEm),
                m.width_pt(FontRole::bold, facts.solutions, 1)});
  for (const ListingFacts::Line& line : facts.lines)
    widest_em = std::max(widest_em, stars_em + m.width_pt(FontRole::text, line.text, 1));
  const double rows_em =
      kCalloutEm * kLeading + kGapEm + kHeadingEm * kLeading + kLeading * static_cast<double>(facts.lines.size() + 1);
  const double size = std::min((width_pt - 2 * margin) / widest_em, (height_pt - 2 * margin) / rows_em);
  const double left = margin;
  double baseline = height_pt / 2 + rows_em * size / 2 - m.ascent_em(FontRole::bold) * kCalloutEm * size;
  page.items.push_back(render::text_line(callouts, FontRole::bold, kCalloutEm * size, facts.accent, left, baseline,
                                         render::TextAlign::left, m));
  baseline -= kCalloutEm * kLeading * size + kGapEm * size;
  page.items.push_back(render::text_line(facts.heading, FontRole::bold, kHeadingEm * size, facts.text, left, baseline,
                                         render::TextAlign::left, m));
  baseline -= kHeadingEm * kLeading * size;
  for (const ListingFacts::Line& line : facts.lines) {
    const double mid = baseline + m.cap_height_em(FontRole::text) * size / 2;
    const double star_h = star_h_em * size;
    for (render::Item& star : render::star_row({left + render::star_row_width(star_h, line.of) / 2, mid}, star_h,
                                               line.stars, line.of, facts.accent))
      page.items.push_back(std::move(star));
    page.items.push_back(render::text_line(line.text, FontRole::text, size, facts.text, left + stars_em * size,
                                           baseline, render::TextAlign::left, m));
    baseline -= kLeading * size;
  }
  page.items.push_back(
      render::text_line(facts.solutions, FontRole::bold, size, facts.text, left, baseline, render::TextAlign::left, m));
  return page;
}

render::Sheet inside_sheet(const Book& book, const render::TextMeasure& measure, ListingPanels& keep) {
  const ListingFacts& facts = book.cover->listing;
  const double side = kListingInsideSidePx, margin = 0.06 * side;
  render::Sheet sheet;
  sheet.width_pt = side;
  sheet.height_pt = side;
  sheet.background = facts.background;
  double panel_left = margin;
  if (const BookPage* page = first_puzzle_page(book)) {
    const render::Box& trim = page->frame.trim_box;
    const double h = side - 2 * margin, w = std::min(h * trim.width() / trim.height(), 0.55 * side);
    const double hh = w * trim.height() / trim.width();
    const render::Box target{margin, (side - hh) / 2, margin + w, (side + hh) / 2};
    sheet.pages.push_back({&page->page, trim, target});
    panel_left = target.right;
  }
  keep.square = inside_panel(facts, measure, side - panel_left, side);
  sheet.pages.push_back({&keep.square, {0, 0, side - panel_left, side}, {panel_left, 0, side, side}});
  return sheet;
}

render::Sheet aplus_book_sheet(const Book& book, const render::TextMeasure& measure, ListingPanels& keep) {
  const ListingFacts& facts = book.cover->listing;
  render::Sheet sheet;
  sheet.width_pt = kAplusWidthPx;
  sheet.height_pt = kAplusHeightPx;
  sheet.background = render::Colour::gray(kMockupFloorGrey);  // where the mock-up's square does not reach
  const double split = std::round(0.42 * kAplusWidthPx);
  // The mock-up's square, centred on the left part; the panel, placed after, covers what of its
  // floor reaches past the split.
  const double mockup_side = std::round(0.97 * kAplusHeightPx);
  const render::Sheet mockup = mockup_sheet(book, keep.backdrop, mockup_side);
  place_moved(mockup, std::round(split / 2 - mockup_side / 2), std::round((kAplusHeightPx - mockup_side) / 2), sheet);
  keep.banner = inside_panel(facts, measure, kAplusWidthPx - split, kAplusHeightPx);
  sheet.pages.push_back(
      {&keep.banner, {0, 0, kAplusWidthPx - split, kAplusHeightPx}, {split, 0, kAplusWidthPx, kAplusHeightPx}});
  return sheet;
}

render::Sheet aplus_spread_sheet(const Book& book, int left) {
  render::Sheet sheet;
  sheet.width_pt = kAplusWidthPx;
  sheet.height_pt = kAplusHeightPx;
  sheet.background = book.cover->listing.background;
  const double margin = 0.06 * kAplusHeightPx;
  place_spread(book, left, {margin, margin, kAplusWidthPx - margin, kAplusHeightPx - margin}, sheet);
  return sheet;
}

}  // namespace puzzlepress::book
