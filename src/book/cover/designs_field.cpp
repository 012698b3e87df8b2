// The designs that fill the front edge to edge with something other than a puzzle
// (cover.design pattern and photo, issue 26): a field of the book's own symbols, or the spec's
// front image, each with its title on solid ink so the title never sits on the texture.
#include <algorithm>
#include <cmath>
#include <optional>

#include "book/cover/cover_parts.h"
#include "book/text/figures.h"
#include "render/layout.h"
#include "render/pieces.h"

namespace puzzlepress::book::cover_parts {
namespace {

/// Symbols across the front's width in the pattern (about; whole cells are kept).
constexpr double kPatternColumns = 8;

/// A `size` x `size` figure of the symbols of puzzle `index`'s solution, tiled from its top-left
/// (a 9x9 book's 9 symbols in the order its hardest puzzle's rows give them), every cell given.
render::Figure symbol_field(const CoverContext& c, int index, int size) {
  const engine::Puzzle& puzzle = c.puzzles[static_cast<std::size_t>(index)];
  const int n = puzzle.solution.size();
  render::Figure field;
  field.size = size;
  field.box_rows = field.box_cols = 1;
  field.cells.resize(static_cast<std::size_t>(size * size));
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      // Each row of the field starts a third of a tile further on, so no column repeats a row.
      const int value = puzzle.solution.at(row % n, (col + row / n * (n / 3 + 1)) % n);
      if (value != 0)
        field.cells[static_cast<std::size_t>(row * size + col)] =
            symbol_cell(c.symbols[static_cast<std::size_t>(index)], value, render::Ink::given);
    }
  }
  return field;
}

}  // namespace

void lay_out_pattern_front(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const render::TextMeasure& m = c.measure;
  const Box column = design_column(g.front, c.spec.trim.width_in);
  const double gap = column.width() * 0.05;
  const double max_height = column.height() * kTitleMaxShare;
  Palette on_block = ink;  // the title block in the band's inks: the accent and its best contrast
  on_block.text = on_block.muted = on_block.accent = ink.band_ink;
  // The block: the title centred a little above the middle of the front, a solid fill of the
  // accent out to the design margin's edge, inside the safe zone.
  const double height = column.top - title_block(c, on_block, column, column.top, max_height).bottom;
  const double pad = gap * 1.6;
  const double title_top = std::min(column.top, g.front.bottom + g.front.height() * 0.56 + height / 2);
  const TitleBlock title = title_block(c, on_block, column, title_top, max_height);
  const Box& safe = g.front_safe;
  const Box block{std::max(column.left - pad, safe.left), title.bottom - pad, std::min(column.right + pad, safe.right),
                  std::min(title_top + pad, safe.top)};
  std::vector<Item> author;  // the author at the foot, the badges above it
  double author_top = add_author(author, c, ink.text, column, column.bottom);
  if (badge_row_height(c, column) > 0) author_top = add_badges(author, c, ink, column, author_top + gap, "pattern");
  const Box author_box{g.front.left, g.media.bottom, g.media.right, author_top + gap};

  std::vector<Item>& items = out.page.items;
  if (const std::optional<int> index = front_puzzle_index(c.puzzles)) {
    // The field: square cells over the front and its bleed, centred across it, a row of cells
    // ending where the block's clearance begins (whole rows above it); a symbol that would be
    // cut by the safe zone, or lie under the block or the author, is left out.
    const Box art{g.front.left + pt(kFoldClearIn), g.media.bottom, g.media.right, g.media.top};
    const Box clear{block.left - gap, block.bottom - gap, block.right + gap, block.top + gap};
    const double cell = g.front.width() / kPatternColumns;
    const double top = clear.top + std::ceil((art.top - clear.top) / cell) * cell;
    const int size = static_cast<int>(std::ceil(std::max(art.width(), top - art.bottom) / cell)) + 1;
    const render::Point corner{(g.front.left + g.front.right - size * cell) / 2, top};
    const std::vector<Box> covered{clear, author_box};
    render::Figure field = symbol_field(c, *index, size);
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        if (!symbol_shows(corner, cell, row, col, safe, covered))
          field.cells[static_cast<std::size_t>(row * size + col)] = {};
      }
    }
    render::FigureInk figure_ink;
    figure_ink.lines = figure_ink.given = ink.pattern;
    figure_ink.symbol_scale = 0.62;
    std::vector<Item> symbols;  // the symbols alone: the field has no lines and no paper
    for (Item& item : render::figure_items(field, {corner.x, corner.y - size * cell, corner.x + size * cell, corner.y},
                                           figure_ink, m)) {
      if (!std::holds_alternative<render::Line>(item) && !std::holds_alternative<render::Rect>(item))
        symbols.push_back(std::move(item));
    }
    append_clipped(items, std::move(symbols), art, safe, covered, m);
  }
  items.push_back(render::filled_box(block, ink.band));
  append(items, title.items);
  append(items, std::move(author));
}

void lay_out_photo_front(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const Box column = design_column(g.front, c.spec.trim.width_in);
  const double gap = column.width() * 0.05;
  const double max_height = column.height() * kTitleMaxShare;
  std::vector<Item>& items = out.page.items;
  // The picture over the front and its bleed, the fold's clearance left in the background.
  const Box art{g.front.left + pt(kFoldClearIn), g.media.bottom, g.media.right, g.media.top};
  items.push_back(place_front_image(out, c, art));
  // The panel at the foot: the author on the design margin, the title block above it, solid
  // background colour out to the bleed under both, an accent rule along its top.
  std::vector<Item> text;
  const double author_top = add_author(text, c, ink.text, column, column.bottom);
  const double height = column.top - title_block(c, ink, column, column.top, max_height).bottom;
  const double title_top = author_top + gap * 1.5 + height;
  append(text, title_block(c, ink, column, title_top, max_height).items);
  const double panel_top = title_top + gap * 1.6;
  const double rule = std::max(2.0, column.width() * 0.012);
  items.push_back(render::filled_box({art.left, art.bottom, art.right, panel_top}, ink.background));
  items.push_back(render::filled_box({art.left, panel_top, art.right, panel_top + rule}, ink.accent));
  append(items, std::move(text));
  // The badges across the top of the picture, on their own plates.
  if (const double h = badge_row_height(c, column); h > 0) add_badges(items, c, ink, column, column.top - h, "photo");
}

}  // namespace puzzlepress::book::cover_parts
