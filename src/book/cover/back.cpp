// The back panel (blurb, contents, a sample), and the check of the whole cover's layout.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "book/cover/cover_parts.h"
#include "book/kdp/format_pt.h"
#include "book/text/figures.h"
#include "book/text/wording.h"
#include "render/layout.h"
#include "render/pieces.h"

namespace puzzlepress::book::cover_parts {
namespace {

/// The contents lines of the book's sections (Wording::cover_contents).
std::vector<std::pair<engine::Grade, std::string>> contents_lines(const CoverContext& c) {
  std::vector<Wording::ContentsEntry> entries;
  for (const Section& s : c.spec.sections) entries.push_back({s.count, s.grade, s.shape, s.skin, s.kind, s.killer});
  return c.words.cover_contents(entries);
}

/// A line per kind of puzzle ("★★☆☆☆ 40 Medium puzzles") and the solutions line, from `top` down.
std::vector<Item> contents_items(const CoverContext& c, const Palette& ink, const Box& column, double top,
                                 double size) {
  const render::TextMeasure& m = c.measure;
  std::vector<Item> items;
  const double step = size * 1.7;
  const double star_h = m.cap_height_em(FontRole::text) * size * 1.1;
  const int total = c.spec.stars(engine::Grade::easy).total;  // 5, or a kids book's own levels
  const double stars_w = render::star_row_width(star_h, total);
  double baseline = top - m.ascent_em(FontRole::text) * size;
  for (const auto& [grade, line] : contents_lines(c)) {
    const double mid = baseline + m.cap_height_em(FontRole::text) * size / 2;
    append(items,
           render::star_row({column.left + stars_w / 2, mid}, star_h, c.spec.stars(grade).filled, total, ink.accent));
    items.push_back(render::text_line(line, FontRole::text, size, ink.text, column.left + stars_w + size * 0.8,
                                      baseline, TextAlign::left, m));
    baseline -= step;
  }
  items.push_back(render::text_line(c.words.cover_solutions_line(), FontRole::bold, size, ink.text, column.left,
                                    baseline, TextAlign::left, m));
  return items;
}

double contents_height(const CoverContext& c, double size) {
  const double lines = static_cast<double>(contents_lines(c).size()) + 1;
  return (lines - 1) * size * 1.7 + ink_height_em(FontRole::bold, c.measure) * size;
}

}  // namespace

ListingFacts listing_facts(const CoverContext& c, const Palette& ink) {
  ListingFacts facts;
  facts.heading = c.words.cover_inside();
  for (const CoverBadge& badge : auto_badges(c)) facts.callouts.push_back(badge.text);
  if (c.spec.hints) facts.callouts.push_back(c.words.text("hints_heading"));
  const int total = c.spec.stars(engine::Grade::easy).total;
  for (const auto& [grade, line] : contents_lines(c)) facts.lines.push_back({c.spec.stars(grade).filled, total, line});
  facts.solutions = c.words.cover_solutions_line();
  facts.background = ink.background;
  facts.text = ink.text;
  facts.accent = ink.accent;
  return facts;
}

void lay_out_back(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const render::TextMeasure& m = c.measure;
  const Box column = design_column(g.back, c.spec.trim.width_in);
  const double gap = pt(0.2);
  const double preferred = kBlurbBasePt + kBlurbPerInchPt * c.spec.trim.width_in;
  // The publisher's line: at the foot beside the barcode box when it fits there at 7 pt or
  // more, else (and without a box) on a line of its own above everything else's floor.
  const double beside_width = (g.barcode ? g.barcode->left - gap : column.right) - column.left;
  double publisher_size = 0;
  bool publisher_beside = false;
  if (!c.spec.publisher.empty()) {
    const double largest = std::max(9.0, preferred * 0.9);
    publisher_size = render::fit_line_size(c.spec.publisher, FontRole::bold, largest, beside_width, m);
    publisher_beside = g.barcode && publisher_size >= kCoverMinTextPt;
    if (!publisher_beside)
      publisher_size = render::fit_line_size(c.spec.publisher, FontRole::bold, largest, column.width(), m);
  }
  const double publisher_line = ink_height_em(FontRole::bold, m) * publisher_size + gap;
  double floor = g.barcode ? std::max(column.bottom, g.barcode->top + gap) : column.bottom;
  const double publisher_bottom = floor;  // when not beside the box
  if (publisher_size > 0 && !publisher_beside) floor += publisher_line;
  const double least = std::max(9.0, preferred * kBlurbMinShare);
  const std::string& blurb = c.cover.back_text;
  std::vector<Item>& items = out.page.items;

  render::TextStyle style{FontRole::text, preferred, ink.text, 1.38, TextAlign::left, 0.6};
  const double contents_size = std::max(kCoverMinTextPt + 2, preferred * 0.95);
  const double contents_h = contents_height(c, contents_size);
  // The contents list's heading ("Inside this book"), bold in the accent colour: the back has no
  // headline of its own, which would repeat the front's title or subtitle.
  const std::string heading = c.words.cover_inside();
  render::TextStyle head{FontRole::bold, 0, ink.accent, 1.15, TextAlign::left};
  head.size_pt = render::fit_words_size(heading, FontRole::bold, contents_size * 1.3, contents_size, column.width(), m);
  const double head_h = render::text_block_height(heading, head, column.width(), m) + contents_size * 0.7;
  const double between = pt(0.35);  // blurb to the contents' heading
  // The blurb at its size, else smaller (down to `least`), with the contents list under it;
  // failing that, without the list.
  struct Plan {
    double size = 0, blurb_h = 0, gap = 0, total = 0;
    bool contents = false;
  };
  const auto plan = [&](bool with_contents) -> std::optional<Plan> {
    for (double size = preferred;; size = std::max(least, size - 0.5)) {
      style.size_pt = size;
      Plan p;
      p.size = size;
      p.contents = with_contents;
      p.blurb_h = render::text_block_height(blurb, style, column.width(), m);
      p.gap = p.blurb_h > 0 && with_contents ? between : 0.0;
      p.total = p.blurb_h + p.gap + (with_contents ? head_h + contents_h : 0.0);
      if (p.total <= column.top - floor) return p;
      if (size <= least) return std::nullopt;
    }
  };
  std::optional<Plan> chosen = plan(true);
  if (!chosen) chosen = plan(false);
  if (!chosen) {
    style.size_pt = least;
    const render::TextBlock block = render::text_block(blurb, style, {column.left, floor, column.right, column.top}, m);
    throw InputError(c.cover.back_text_place,
                     "the blurb is " + std::to_string(block.overflow_lines) +
                         (block.overflow_lines == 1 ? " line" : " lines") + " too long for the back cover at " +
                         c.spec.trim_name + " (it holds " + std::to_string(block.lines - block.overflow_lines) +
                         " lines of " + format_in(least, 1) + " pt above the barcode box); shorten it");
  }
  const Plan& p = *chosen;
  style.size_pt = p.size;
  // With room left, a second real puzzle (the book's first) under the text, smaller than the
  // front's; the text then starts at the top. Without, the text sits a third of the way down the
  // free space. Everything is set flush with the column's left edge.
  const double free = column.top - floor - p.total;
  const double grid_gap = pt(0.4);
  const bool sample = !c.puzzles.empty() && free - grid_gap >= pt(kMinGridIn) * 1.2;
  const double text_top = sample ? column.top : column.top - free * 0.35;
  append_runs(items, render::text_block(blurb, style, {column.left, floor, column.right, text_top}, m).runs);
  if (p.contents) {
    const double head_top = text_top - p.blurb_h - p.gap;
    append_runs(items, render::text_block(heading, head, {column.left, floor, column.right, head_top}, m).runs);
    append(items, contents_items(c, ink, column, head_top - head_h, contents_size));
  }
  if (sample) {
    const Box area{column.left, floor, column.right, text_top - p.total - grid_gap};
    const double most = out.front_grid_side_pt > 0 ? out.front_grid_side_pt * kBackGridShareOfFront : area.width();
    out.back_grid_side_pt = add_card_grid(items, c, ink, area, 0, 0.62, false, most, CardAlign::left);
    if (out.back_grid_side_pt > 0) out.back_puzzle = 1;
  }
  if (publisher_size >= kCoverMinTextPt) {
    const double bottom = publisher_beside ? column.bottom : publisher_bottom;
    items.push_back(render::text_line(c.spec.publisher, FontRole::bold, publisher_size, ink.muted, column.left,
                                      bottom + m.descent_em(FontRole::bold) * publisher_size, TextAlign::left, m));
  } else if (!c.spec.publisher.empty()) {
    out.warnings.push_back("the publisher's name is too long for the back cover at 7 pt: it is left out");
  }
}

void check_cover(const BookCover& out, const CoverContext& c) {
  const CoverGeometry& g = out.geometry;
  for (const Item& item : out.page.items) {
    const Box ink = render::ink_bounds(item, c.measure);
    if (const auto* run = std::get_if<render::TextRun>(&item); run && run->size_pt < kCoverMinTextPt - 1e-9) {
      throw std::logic_error("cover layout: text under 7 pt: " + run->text);
    }
    if (std::holds_alternative<render::TextRun>(item)) {
      const bool safe =
          g.front_safe.contains(ink, 0.5) || g.back_safe.contains(ink, 0.5) || g.spine_safe.contains(ink, 0.5);
      if (!safe) {
        throw InputError(c.cover.place, "the cover's text '" + std::get<render::TextRun>(item).text +
                                            "' does not fit inside the safe zone at " + c.spec.trim_name +
                                            " (shorten the title, subtitle or author)");
      }
    }
    if (g.barcode) {
      // Fills under the whole box (the background; the white under a barcode image) and the
      // barcode image are the box's; anything else in it is a layout bug.
      const Box& b = *g.barcode;
      const Box inner{b.left + 0.01, b.bottom + 0.01, b.right - 0.01, b.top - 0.01};
      const auto* rect = std::get_if<render::Rect>(&item);
      const bool under_all = rect && rect->fill && rect->stroke_width_pt == 0 && rect->box.contains(b);
      const bool the_barcode = out.barcode_image && std::holds_alternative<render::Image>(item) && b.contains(ink);
      if (inner.overlaps(ink) && !under_all && !the_barcode)
        throw std::logic_error("cover layout: an item overlaps the barcode box");
    }
  }
}

}  // namespace puzzlepress::book::cover_parts
