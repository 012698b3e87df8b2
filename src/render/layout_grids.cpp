// Puzzle and solution pages: slots in a rows x cols table, each a label line over a square grid.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/layout_internal.h"
#include "render/marks.h"

namespace puzzlepress::render {
namespace {

using detail::Align;
using detail::GridLines;

struct SlotTable {
  int rows;
  int cols;
  double gap_pt;
  double label_size_pt;
  GridLines lines;
  double max_side_pt = 0;    ///< largest grid side (0 = as large as the slot)
  double grid_label_pt = 0;  ///< size of row/column numbers; 0: none, no room kept for them
  double footnote_pt = 0;    ///< size of the line under each grid (FigureSlot::footnote); 0: none, no room kept

  /// The band (points) kept under a grid for its footnote: a gap, then the line's ascent and descent.
  double footnote_band(const TextMeasure& measure) const {
    if (footnote_pt <= 0) return 0;
    return footnote_pt * (kFootnoteGapEm + measure.ascent_em(FontRole::text) + measure.descent_em(FontRole::text));
  }
  static constexpr double kFootnoteGapEm = 0.3;

  /// The band (points) kept at a grid's left and top for its row and column numbers.
  double label_band() const { return grid_label_pt * kLabelBandEm; }
  static constexpr double kLabelBandEm = 1.7;
};

/// The band a symbol legend takes at the foot of a puzzle page, in label sizes.
constexpr double kLegendBandEm = 2.0;
/// A footnote's size against the label's (never under min_text_pt).
constexpr double kFootnoteScale = 0.85;

struct SlotGeometry {
  Box grid;
  double label_baseline;
  double footnote_baseline;  ///< meaningful when the table keeps a footnote band
};

// Spacing of n blocks of size `block` along `length`: the same space before, between and after
// them when that is at least `gap`; otherwise `gap` between them and the rest split evenly
// outside. Returns the offset of block i from the start.
double spread(double length, double block, int n, double gap, int i) {
  const double free = length - n * block;
  const double even = free / (n + 1);
  if (even >= gap) return even + i * (block + even);
  const double outside = std::max(0.0, (free - (n - 1) * gap) / 2);
  return outside + i * (block + gap);
}

// Slot `index` (row-major): a label line over a square grid. Every slot of a table has the same
// size, so all grids on a page are the same size, and they are spread evenly over the body.
SlotGeometry place_slot(const Box& body, const SlotTable& t, int index, const TextMeasure& measure) {
  const double ascent = measure.ascent_em(FontRole::bold) * t.label_size_pt;
  const double descent = measure.descent_em(FontRole::bold) * t.label_size_pt;
  const double label_gap = 0.35 * t.label_size_pt;  // label descent to grid top
  const double band = t.label_band();               // column numbers between the label and the grid, row numbers left
  const double above_grid = ascent + descent + label_gap + band;
  const double below_grid = t.footnote_band(measure);
  const double max_w = (body.width() - (t.cols - 1) * t.gap_pt) / t.cols - band;
  const double max_h = (body.height() - (t.rows - 1) * t.gap_pt) / t.rows - above_grid - below_grid;
  double side = std::max(0.0, std::min(max_w, max_h));
  if (t.max_side_pt > 0) side = std::min(side, t.max_side_pt);
  const double block_h = above_grid + side + below_grid;
  const int row = index / t.cols;
  const int col = index % t.cols;
  const double top = body.top - spread(body.height(), block_h, t.rows, t.gap_pt, row);
  const double left = body.left + spread(body.width(), side + band, t.cols, t.gap_pt, col) + band;
  SlotGeometry g;
  g.label_baseline = top - ascent;
  g.grid = Box{left, top - above_grid - side, left + side, top - above_grid};
  g.footnote_baseline = g.grid.bottom - t.footnote_pt * (SlotTable::kFootnoteGapEm + measure.ascent_em(FontRole::text));
  return g;
}

void check_capacity(std::span<const FigureSlot> slots, int rows, int cols, const char* what) {
  if (rows < 1 || cols < 1) throw std::invalid_argument(std::string(what) + ": empty table");
  if (slots.size() > static_cast<std::size_t>(rows * cols)) {
    throw std::invalid_argument(std::string(what) + ": " + std::to_string(slots.size()) + " figures for " +
                                std::to_string(rows * cols) + " places");
  }
}

// The name (and the kind label) at the left; caption and stars at the right. Shrinks the type
// if the line is too wide for the grid; if that is not enough, drops the kind label and tries
// again from the full size, then drops the caption (the stars remain). A slot with a kind label
// and no stars gets the name and the label.
void add_starred_label(Page& page, const FigureSlot& slot, const SlotGeometry& g, double size_pt,
                       const LayoutStyle& style, const TextMeasure& measure) {
  const std::string& name = slot.name;
  const double width = g.grid.width();
  const int total = slot.stars_total;
  const int filled = std::clamp(slot.stars_filled, 0, total);
  double size = size_pt;
  bool with_caption = !slot.caption.empty();
  bool with_kind = !slot.kind_label.empty();
  auto star_h = [&](double s) { return measure.cap_height_em(FontRole::bold) * s * 1.1; };
  auto needed = [&](double s) {
    const double sh = star_h(s);
    double w = measure.width_pt(FontRole::bold, name, s) + s + total * detail::star_width(sh) +
               std::max(total - 1, 0) * 0.25 * sh;
    if (with_caption) w += measure.width_pt(FontRole::text, slot.caption, s) + 0.5 * s;
    if (with_kind) w += measure.width_pt(FontRole::text, slot.kind_label, s) + 0.5 * s;
    return w;
  };
  const auto shrink = [&] {
    while (needed(size) > width && size > style.min_text_pt) size = std::max(style.min_text_pt, size - 0.5);
  };
  shrink();
  if (with_kind && needed(size) > width) {
    with_kind = false;
    size = size_pt;
    shrink();
  }
  if (needed(size) > width) with_caption = false;
  // Keep the baseline where place_in_slot put it: the label's ascent stays inside the slot.
  page.items.push_back(
      detail::make_text(name, FontRole::bold, size, g.grid.left, g.label_baseline, Align::left, measure));
  if (with_kind) {
    page.items.push_back(detail::make_text(slot.kind_label, FontRole::text, size,
                                           g.grid.left + measure.width_pt(FontRole::bold, name, size) + 0.5 * size,
                                           g.label_baseline, Align::left, measure));
  }
  const double sh = star_h(size);
  const double sw = detail::star_width(sh);
  const double step = sw + 0.25 * sh;
  const double mid_y = g.label_baseline + measure.cap_height_em(FontRole::bold) * size / 2;
  double x = g.grid.right - sw / 2;
  for (int i = total - 1; i >= 0; --i) {
    page.items.push_back(detail::star({x, mid_y}, sh, i < filled));
    x -= step;
  }
  if (with_caption) {
    const double stars_left = g.grid.right - total * sw - std::max(total - 1, 0) * 0.25 * sh;
    page.items.push_back(detail::make_text(slot.caption, FontRole::text, size, stars_left - 0.5 * size,
                                           g.label_baseline, Align::right, measure));
  }
}

// `text` at `baseline` aligned to an edge of `grid` (left or right), in `size_pt` shrunk in half
// points until it is no wider than the grid, never under min_text_pt. Returns false when it is
// still wider than the grid (GridPageLayout::overwide_line).
bool add_fitted_line(Page& page, const std::string& text, FontRole role, double size_pt, const Box& grid,
                     double baseline, Align align, const LayoutStyle& style, const TextMeasure& measure) {
  double size = size_pt;
  while (measure.width_pt(role, text, size) > grid.width() && size > style.min_text_pt) {
    size = std::max(style.min_text_pt, size - 0.5);
  }
  const double x = align == Align::right ? grid.right : grid.left;
  page.items.push_back(detail::make_text(text, role, size, x, baseline, align, measure));
  return measure.width_pt(role, text, size) <= grid.width() + 0.01;
}

// Row numbers right-aligned left of `grid`, column numbers centred above it, in size_pt grey.
void add_row_column_labels(Page& page, const Box& grid, const detail::GridLines& lines, int n, double size_pt,
                           const LayoutStyle& style, const TextMeasure& measure) {
  const double gap = 0.35 * size_pt;
  const double half_cap = measure.cap_height_em(FontRole::text) * size_pt / 2;
  for (int k = 0; k < n; ++k) {
    const std::string number = std::to_string(k + 1);
    const Point row = detail::cell_centre(grid, lines, n, k, 0);
    page.items.push_back(detail::make_text(number, FontRole::text, size_pt, grid.left - gap, row.y - half_cap,
                                           Align::right, measure, style.solved_symbol_gray));
    const Point col = detail::cell_centre(grid, lines, n, 0, k);
    page.items.push_back(detail::make_text(number, FontRole::text, size_pt, col.x, grid.top + gap, Align::centre,
                                           measure, style.solved_symbol_gray));
  }
}

// Figures in the cells of `table`, each under its label.
// `legend` on one line centred between `left` and `right`, its baseline `baseline` (points).
void add_legend(Page& page, const SymbolLegend& legend, double left, double right, double baseline, double size_pt,
                const TextMeasure& measure) {
  const double gap = 0.6 * size_pt;
  const double mark_pt = 0.8 * size_pt;  // a mark's extent (kMarkMaxExtent) about a capital's height
  std::vector<TextRun> texts;            // the caption, then each text symbol, at x = 0 for now
  double width = 0;
  texts.push_back(detail::make_text(legend.caption, FontRole::text, size_pt, 0, baseline, Align::left, measure));
  width += texts.back().width_pt;
  for (const FigureCell& symbol : legend.symbols) {
    if (symbol.mark) {
      width += gap + kMarkMaxExtent * mark_pt;
    } else {
      texts.push_back(detail::make_text(symbol.symbol, FontRole::symbol, size_pt, 0, baseline, Align::left, measure));
      width += gap + texts.back().width_pt;
    }
  }
  double x = std::max(left, (left + right - width) / 2);
  const double cap_mid = baseline + measure.cap_height_em(FontRole::symbol) * size_pt / 2;
  std::size_t next_text = 0;
  const auto place_text = [&] {
    TextRun run = texts[next_text++];
    run.origin.x += x;
    x += run.width_pt + gap;
    page.items.push_back(std::move(run));
  };
  place_text();  // the caption
  for (const FigureCell& symbol : legend.symbols) {
    if (!symbol.mark) {
      place_text();
      continue;
    }
    page.items.push_back(
        mark_path(*symbol.mark, Point{x + kMarkMaxExtent * mark_pt / 2, cap_mid}, mark_pt, Colour::gray(0)));
    x += kMarkMaxExtent * mark_pt + gap;
  }
}

GridPageLayout layout_figure_table(const PageFrame& frame, const LayoutStyle& style, SlotTable table,
                                   std::span<const FigureSlot> slots, const TextMeasure& measure,
                                   const SymbolLegend* legend = nullptr) {
  GridPageLayout out{detail::empty_page(frame), {}};
  // Grids stop growing once the largest figure's cells reach style.max_cell_pt.
  if (style.max_cell_pt > 0 && !slots.empty()) {
    int most_cells = 0;
    for (const FigureSlot& slot : slots) most_cells = std::max(most_cells, slot.figure.size);
    table.max_side_pt = most_cells * style.max_cell_pt + table.lines.border_pt;
  }
  if (std::any_of(slots.begin(), slots.end(), [](const FigureSlot& s) { return s.figure.row_column_labels; })) {
    table.grid_label_pt = style.min_text_pt;
  }
  if (std::any_of(slots.begin(), slots.end(), [](const FigureSlot& s) { return !s.footnote.empty(); })) {
    table.footnote_pt = std::max(style.reading_min(), kFootnoteScale * table.label_size_pt);
  }
  Box body = detail::body_box(frame, style);
  if (legend != nullptr) {
    add_legend(out.page, *legend, body.left, body.right, body.bottom + 0.4 * table.label_size_pt, table.label_size_pt,
               measure);
    body.bottom += kLegendBandEm * table.label_size_pt;
  }
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const FigureSlot& slot = slots[i];
    const SlotGeometry g = place_slot(body, table, static_cast<int>(i), measure);
    if (slot.stars_total > 0 || !slot.kind_label.empty()) {
      add_starred_label(out.page, slot, g, table.label_size_pt, style, measure);
    } else {
      if (!add_fitted_line(out.page, slot.name, FontRole::bold, table.label_size_pt, g.grid, g.label_baseline,
                           Align::left, style, measure) &&
          out.overwide_line.empty()) {
        out.overwide_line = slot.name;
      }
    }
    if (!slot.footnote.empty()) {
      if (!add_fitted_line(out.page, slot.footnote, FontRole::text, table.footnote_pt, g.grid, g.footnote_baseline,
                           Align::right, style, measure) &&
          out.overwide_line.empty()) {
        out.overwide_line = slot.footnote;
      }
    }
    const int n = slot.figure.size;
    detail::add_figure(out.page.items, g.grid, table.lines, slot.figure,
                       detail::symbol_size(g.grid, table.lines, n, style), style, measure);
    if (slot.figure.row_column_labels) {
      add_row_column_labels(out.page, g.grid, table.lines, n, table.grid_label_pt, style, measure);
    }
    out.grid_boxes.push_back(g.grid);
    const double cell = detail::cell_side(g.grid, table.lines, n);
    out.smallest_cell_pt = out.smallest_cell_pt == 0 ? cell : std::min(out.smallest_cell_pt, cell);
  }
  detail::add_folio(out.page, frame, style, measure);
  return out;
}

// The puzzle table (line weights and label size of puzzle pages), with `legend` when not null.
GridPageLayout puzzle_table_page(const PageFrame& frame, const LayoutStyle& style, std::span<const FigureSlot> slots,
                                 const TextMeasure& measure, const SymbolLegend* legend) {
  check_capacity(slots, style.puzzle_rows, style.puzzle_cols, "layout_puzzle_page");
  const double label_size = std::max(style.min_text_pt, style.label_size_pt);
  const SlotTable table{style.puzzle_rows, style.puzzle_cols, style.slot_gap_pt, label_size,
                        GridLines{style.cell_line_pt, style.box_line_pt, style.border_pt}};
  return layout_figure_table(frame, style, table, slots, measure, legend);
}

}  // namespace

GridPageLayout layout_puzzle_page(const PageFrame& frame, const LayoutStyle& style, std::span<const FigureSlot> slots,
                                  const TextMeasure& measure) {
  return puzzle_table_page(frame, style, slots, measure, nullptr);
}

GridPageLayout layout_puzzle_page(const PageFrame& frame, const LayoutStyle& style, std::span<const FigureSlot> slots,
                                  const SymbolLegend& legend, const TextMeasure& measure) {
  return puzzle_table_page(frame, style, slots, measure, &legend);
}

GridPageLayout layout_solution_page(const PageFrame& frame, const LayoutStyle& style, std::span<const FigureSlot> slots,
                                    const TextMeasure& measure) {
  check_capacity(slots, style.solution_rows, style.solution_cols, "layout_solution_page");
  const double label_size = std::max(style.min_text_pt, style.solution_label_size_pt);
  const SlotTable table{style.solution_rows, style.solution_cols, style.solution_slot_gap_pt, label_size,
                        GridLines{style.solution_cell_line_pt, style.solution_box_line_pt, style.solution_border_pt}};
  return layout_figure_table(frame, style, table, slots, measure);
}

}  // namespace puzzlepress::render
