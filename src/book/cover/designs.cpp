// The front's designs other than the card (cover.design, issue 26): compositions that tell
// books apart at a search result's thumbnail size, with the card's palette, title rules
// (title_block: the same refusals) and safe zones.
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "book/cover/cover_parts.h"
#include "render/layout.h"
#include "render/pieces.h"

namespace puzzlepress::book::cover_parts {
namespace {

/// The least given symbols a giant crop shows whole; with fewer, the front is laid out as band.
constexpr int kGiantLeastSymbols = 3;

using render::Point;

/// The part of segment a-b inside `box` (Liang-Barsky); nullopt when none is.
std::optional<std::pair<Point, Point>> clip_segment(Point a, Point b, const Box& box) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double p[4] = {-dx, dx, -dy, dy};
  const double q[4] = {a.x - box.left, box.right - a.x, a.y - box.bottom, box.top - a.y};
  double t0 = 0, t1 = 1;
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return std::nullopt;
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0) {
      t0 = std::max(t0, t);
    } else {
      t1 = std::min(t1, t);
    }
  }
  if (t0 >= t1) return std::nullopt;
  return std::pair{Point{a.x + t0 * dx, a.y + t0 * dy}, Point{a.x + t1 * dx, a.y + t1 * dy}};
}

/// `stroke` (a line's width and colour) along a-b, cut so its ink stays inside `box`.
void add_clipped_line(std::vector<Item>& out, Point a, Point b, double width, const Colour& colour, const Box& box) {
  const Box inner{box.left + width / 2, box.bottom + width / 2, box.right - width / 2, box.top - width / 2};
  if (const auto part = clip_segment(a, b, inner))
    out.push_back(render::Line{part->first, part->second, width, colour});
}

/// Where a giant grid of `cell`-point cells goes over `art`: its top-left corner, and how many
/// given symbols then show whole (symbol_shows). Whole cells are cut off at the left and the
/// top, as many as shows the most (the first such offset from the top-left).
std::pair<Point, int> giant_grid_corner(const render::Figure& figure, double cell, const Box& art, const Box& safe,
                                        const std::vector<Box>& covered) {
  const int n = figure.size;
  const int max_left = std::max(0, static_cast<int>(std::floor(n - art.width() / cell)));
  const int max_top = std::max(0, static_cast<int>(std::floor(n - art.height() / cell)));
  Point best{art.left, art.top};
  int best_count = -1;
  for (int top = 0; top <= max_top; ++top) {
    for (int left = 0; left <= max_left; ++left) {
      const Point corner{art.left - left * cell, art.top + top * cell};
      int count = 0;
      for (int row = 0; row < n; ++row) {
        for (int col = 0; col < n; ++col) {
          if (figure.at(row, col).ink != render::Ink::blank && symbol_shows(corner, cell, row, col, safe, covered))
            ++count;
        }
      }
      if (count > best_count) {
        best_count = count;
        best = corner;
      }
    }
  }
  return {best, best_count};
}

/// The card's warning when the front has no room for the grid.
void warn_no_grid(BookCover& out, const CoverContext& c) {
  out.warnings.push_back("the front cover has no room for the puzzle grid at " + c.spec.trim_name +
                         " with this title and subtitle: it is left out");
}

}  // namespace

void append_clipped(std::vector<Item>& out, std::vector<Item> items, const Box& box, const Box& text_box,
                    const std::vector<Box>& covered, const render::TextMeasure& m) {
  for (Item& item : items) {
    if (const auto* line = std::get_if<render::Line>(&item)) {
      add_clipped_line(out, line->from, line->to, line->width_pt, line->colour, box);
    } else if (const auto* rect = std::get_if<render::Rect>(&item)) {
      const Box& r = rect->box;
      if (rect->fill) {
        const Box cut{std::max(r.left, box.left), std::max(r.bottom, box.bottom), std::min(r.right, box.right),
                      std::min(r.top, box.top)};
        if (cut.width() > 0 && cut.height() > 0) out.push_back(render::filled_box(cut, *rect->fill));
      }
      if (const double w = rect->stroke_width_pt; w > 0) {
        const double e = w / 2;
        add_clipped_line(out, {r.left - e, r.top}, {r.right + e, r.top}, w, rect->stroke, box);
        add_clipped_line(out, {r.left - e, r.bottom}, {r.right + e, r.bottom}, w, rect->stroke, box);
        add_clipped_line(out, {r.left, r.bottom - e}, {r.left, r.top + e}, w, rect->stroke, box);
        add_clipped_line(out, {r.right, r.bottom - e}, {r.right, r.top + e}, w, rect->stroke, box);
      }
    } else if (std::holds_alternative<render::TextRun>(item)) {
      const Box ink = render::ink_bounds(item, m);
      const bool hidden = std::any_of(covered.begin(), covered.end(), [&](const Box& b) { return b.overlaps(ink); });
      if (text_box.contains(ink, 0) && !hidden) out.push_back(std::move(item));
    } else if (box.contains(render::ink_bounds(item, m), 0)) {
      out.push_back(std::move(item));
    }
  }
}

bool symbol_shows(Point corner, double cell, int row, int col, const Box& safe, const std::vector<Box>& covered) {
  const double x = corner.x + (col + 0.5) * cell, y = corner.y - (row + 0.5) * cell;
  const Box symbol{x - cell * 0.35, y - cell * 0.35, x + cell * 0.35, y + cell * 0.35};
  return safe.contains(symbol, 0) &&
         std::none_of(covered.begin(), covered.end(), [&](const Box& b) { return b.overlaps(symbol); });
}

void lay_out_band_front(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const Box column = design_column(g.front, c.spec.trim.width_in);
  const double gap = column.width() * 0.05;
  const double max_height = column.height() * kTitleMaxShare;
  std::vector<Item>& items = out.page.items;
  Palette on_band = ink;  // the title block in the band's ink
  on_band.text = on_band.muted = on_band.accent = ink.band_ink;
  // The band: the top third of the front (more when the title needs it) out to the bleed, the
  // title block centred in its trimmed part with at least the design margin above and below.
  const double height = column.top - title_block(c, on_band, column, column.top, max_height).bottom;
  const double margin = g.front.top - column.top;
  const double band_bottom = std::min(g.front.top - g.front.height() / 3, column.top - height - margin);
  const double title_top = std::min(column.top, (band_bottom + g.front.top + height) / 2);
  items.push_back(
      render::filled_box({g.front.left + pt(kFoldClearIn), band_bottom, g.media.right, g.media.top}, ink.band));
  append(items, title_block(c, on_band, column, title_top, max_height).items);
  const double author_top = add_author(items, c, ink.text, column, column.bottom);
  // The badges above the author; the hardest puzzle as large as the space under the band allows.
  const double floor =
      badge_row_height(c, column) > 0 ? add_badges(items, c, ink, column, author_top + gap, "band") : author_top;
  const std::optional<int> index = front_puzzle_index(c.puzzles, c.killers);
  if (!index) return;
  const Box area{column.left, floor + gap, column.right, band_bottom - gap};
  if ((out.front_grid_side_pt = add_card_grid(items, c, ink, area, *index, 0.95, false)) > 0) {
    out.front_puzzle = *index + 1;
  } else {
    warn_no_grid(out, c);
  }
}

void lay_out_giant_front(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const render::TextMeasure& m = c.measure;
  const Box column = design_column(g.front, c.spec.trim.width_in);
  const double gap = column.width() * 0.05;
  // The front and its bleed, the fold's clearance left in the background colour.
  const Box art{g.front.left + pt(kFoldClearIn), g.media.bottom, g.media.right, g.media.top};
  // The title panel: the background colour, ruled in the accent, its block centred a little
  // above the middle of the front (never above the design margin).
  const double max_height = column.height() * kTitleMaxShare;
  const double height = column.top - title_block(c, ink, column, column.top, max_height).bottom;
  const double pad = gap * 1.6;
  const double title_top = std::min(column.top, g.front.bottom + g.front.height() * 0.6 + height / 2);
  const TitleBlock title = title_block(c, ink, column, title_top, max_height);
  const double rule = std::max(2.0, column.width() * 0.012);  // the panel's frame, points
  const Box& safe = g.front_safe;                             // the frame is art: inside it
  render::Rect panel = render::filled_box(
      {std::max(column.left - pad, safe.left + rule / 2), title.bottom - pad,
       std::min(column.right + pad, safe.right - rule / 2), std::min(title_top + pad, safe.top - rule / 2)},
      ink.background);
  panel.stroke_width_pt = rule;
  panel.stroke = ink.accent;
  // The author, and the badges above it, on a strip of the background colour at the foot, out
  // to the bleed.
  std::vector<Item> author;
  double author_top = add_author(author, c, ink.text, column, column.bottom);
  if (badge_row_height(c, column) > 0) author_top = add_badges(author, c, ink, column, author_top + gap, "giant");
  const Box strip{art.left, art.bottom, art.right, author_top + gap};

  std::vector<Item>& items = out.page.items;
  if (const std::optional<int> index = front_puzzle_index(c.puzzles, c.killers)) {
    // Cells large enough that at most 5 to 10 columns show (about two thirds of a 9x9's), the
    // grid at least as tall as the art: it runs off the front's edges (a 4x4 or 6x6 shows 2 or
    // 3 columns).
    render::FigureSlot slot = cover_slot(c, *index);
    const int n = slot.figure.size;
    const double cell = std::max(g.front.width() / std::clamp(n * 0.65, 5.0, 10.0), art.height() / n);
    const double side = cell * n;
    render::FigureInk figure_ink;
    figure_ink.lines = figure_ink.given = ink.card_ink;
    figure_ink.paper = ink.card;
    figure_ink.cell_line_pt = std::max(0.75, cell * 0.022);
    figure_ink.box_line_pt = std::max(1.5, cell * 0.07);
    figure_ink.border_pt = std::max(2.0, cell * 0.09);
    figure_ink.symbol_scale = 0.58;
    const Box framed{panel.box.left - rule / 2, panel.box.bottom - rule / 2, panel.box.right + rule / 2,
                     panel.box.top + rule / 2};
    const std::vector<Box> covered{framed, strip};
    const auto [corner, shown] = giant_grid_corner(slot.figure, cell, art, safe, covered);
    if (shown < kGiantLeastSymbols) {  // a crop that shows no puzzle: the band shows it whole
      out.warnings.push_back("cover.design giant would show " + std::to_string(shown) + " of puzzle " +
                             std::to_string(*index + 1) + "'s symbols at " + c.spec.trim_name +
                             " (the rest fall under the title or off the front): the front is laid out as band");
      return lay_out_band_front(out, c, ink);
    }
    // No symbol half under the title or the author, or cut at the safe zone: those cells print
    // empty.
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col < n; ++col) {
        if (!symbol_shows(corner, cell, row, col, safe, covered))
          slot.figure.cells[static_cast<std::size_t>(row * n + col)] = {};
      }
    }
    const Box grid{corner.x, corner.y - side, corner.x + side, corner.y};
    append_clipped(items, render::figure_items(slot.figure, grid, figure_ink, m), art, g.front_safe, covered, m);
    out.front_puzzle = *index + 1;
  }
  items.push_back(panel);
  append(items, title.items);
  items.push_back(render::filled_box(strip, ink.background));
  append(items, std::move(author));
}

}  // namespace puzzlepress::book::cover_parts
