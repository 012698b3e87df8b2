// Layout: turns plain inputs (a page frame, a style, figures, strings) into Pages (page.h).
// Pure functions: no I/O, no PDF library, no knowledge of puzzles, specs or wording — every
// word printed is handed in by the caller. Text is measured through TextMeasure, wrapped to
// the content width and placed with alignment resolved.
//
// Contract of every function here: every item's ink (ink_bounds) lies inside frame.content,
// unless the content cannot fit (the caller checks, see book's fit check).
// The page number (frame.folio) sits at the bottom of the content box, at the outer corner:
// right on a recto (odd, right-hand) page, left on a verso. Space for it is always reserved, so
// grids stand at the same place on numbered and unnumbered pages.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/figure.h"
#include "render/layout_style.h"
#include "render/page.h"
#include "render/text_measure.h"

namespace puzzlepress::render {

/// Where a page's content may go. All in points, origin at the bottom-left of the physical page.
/// The caller computes the boxes from KDP's rules (bleed, gutter by page count, margins).
struct PageFrame {
  double width_pt = 0;  ///< physical page, bleed included
  double height_pt = 0;
  Box trim_box;        ///< the trimmed page; equals the whole page without bleed
  Box content;         ///< inside the margins; nothing is drawn outside it
  std::string folio;   ///< page number text; empty = none
  bool recto = true;   ///< right-hand page: the gutter is on the left, the folio on the right
  bool bleed = false;  ///< when true the Page carries trim_box and bleed_box (= whole page)
};

/// Rows x columns for `places` grids in a width x height area (any one unit): the arrangement
/// with the largest square grids, ties to the fewest empty places.
std::pair<int, int> best_arrangement(int places, double width, double height);

/// A page of figures, each figure's outer edge (the border's outside, in points) in slot order,
/// and the side of the smallest cell on the page (points; 0 without figures), so a caller can
/// tell whether min_text_pt symbols still fit their cells.
struct GridPageLayout {
  Page page;
  std::vector<Box> grid_boxes;
  double smallest_cell_pt = 0;
  /// The first label or footnote that is wider than its grid even at min_text_pt (it then
  /// reaches past the grid, towards its neighbour): the caller refuses such a page. Empty: none.
  std::string overwide_line{};
};

/// Up to style.puzzle_rows x style.puzzle_cols figures, filled row-major from the top left,
/// with the puzzle line weights and label size. Each gets its label line (FigureSlot) and a
/// square grid as large as its slot allows (but cells no larger than style.max_cell_pt, the
/// grid then centred in its slot): thin cell lines, heavy box lines, a border, symbols centred
/// in their cells by measured width and cap height, in the size style.symbol_scale x cell side
/// (never under min_text_pt), marks (FigureCell::mark) as filled paths. Fewer slots than places
/// leave the rest empty (the filled ones do not move).
/// Throws std::invalid_argument when there are more slots than places or a figure breaks its
/// invariants.
GridPageLayout layout_puzzle_page(const PageFrame& frame, const LayoutStyle& style, std::span<const FigureSlot> slots,
                                  const TextMeasure& measure);

/// A line at the foot of a puzzle page naming the symbols its puzzles use: `caption`, then each
/// symbol (a letter as text, a shape as its mark), in label size, left-aligned on the body.
struct SymbolLegend {
  std::string caption;  ///< e.g. "Shapes:"
  std::vector<FigureCell> symbols;
};

/// layout_puzzle_page with `legend` under the grids: the grids give up its band (about twice
/// the label size, points) at the foot of the body.
GridPageLayout layout_puzzle_page(const PageFrame& frame, const LayoutStyle& style, std::span<const FigureSlot> slots,
                                  const SymbolLegend& legend, const TextMeasure& measure);

/// The same with the solution table: style.solution_rows x style.solution_cols smaller grids
/// with the solution line weights and label size.
GridPageLayout layout_solution_page(const PageFrame& frame, const LayoutStyle& style, std::span<const FigureSlot> slots,
                                    const TextMeasure& measure);

/// Title (bold, large), subtitle and author, centred. Empty strings are left out.
Page layout_title_page(const PageFrame& frame, const LayoutStyle& style, std::string_view title,
                       std::string_view subtitle, std::string_view author, const TextMeasure& measure);

/// A paragraph of a text page: wrapped to the content width, left-aligned.
struct Paragraph {
  std::string text;
  bool bold = false;
};

/// Paragraphs set small (0.85 x text size) at the foot of the content box, e.g. a copyright
/// notice.
Page layout_footnote_page(const PageFrame& frame, const LayoutStyle& style, std::span<const Paragraph> paragraphs,
                          const TextMeasure& measure);

/// A heading, paragraphs of body text and, when there is room below them, a figure (drawn with
/// the solution line weights, at most half the content width and 3 in) with a caption under it.
/// The text keeps a reader's measure: no line over kMaxMeasureChars characters (a column
/// narrower than the body, centred in it, on a wide page).
inline constexpr std::size_t kMaxMeasureChars = 75;
struct Article {
  std::string heading;
  std::vector<std::string> paragraphs;
  std::optional<Figure> figure;
  std::string caption;
};
Page layout_article_page(const PageFrame& frame, const LayoutStyle& style, const Article& article,
                         const TextMeasure& measure);

/// A section opener such as "Solutions": heading centred a little above the middle, subheading
/// (may be empty) below it.
Page layout_heading_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                         std::string_view subheading, const TextMeasure& measure);

/// `heading` (e.g. "Notes") and ruled lines down to the folio space.
Page layout_ruled_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                       const TextMeasure& measure);

/// A deliberately blank page that says so, e.g. "This page is intentionally left blank".
Page layout_blank_page(const PageFrame& frame, const LayoutStyle& style, std::string_view text,
                       const TextMeasure& measure);

/// One entry of a list page: a bold label ("Puzzle 57") and its text, wrapped in a column
/// beside the labels (a hanging indent).
struct ListEntry {
  std::string label;
  std::string text;
};

/// A page of list entries in style.list_text_pt (never under min_text_pt), the label column as
/// wide as the widest label of `label_sample` (pass the widest label of the whole list, so every
/// page aligns), style.list_gap_pt between entries; under `heading` (bold, heading size) and
/// `intro` (a paragraph in style.text_size_pt), each when it is not empty. Entries that do not fit run past the body
/// (paginate_list decides how many go on a page).
Page layout_list_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                      std::string_view intro, std::span<const ListEntry> entries, std::string_view label_sample,
                      const TextMeasure& measure);

/// How many entries each page takes, in order, when `entries` are laid out by
/// layout_list_page in `frame` (the first page under `heading`, the others without): every
/// page as full as it fits, at least one entry a page. Empty for no entries.
std::vector<int> paginate_list(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                               std::string_view intro, std::span<const ListEntry> entries,
                               std::string_view label_sample, const TextMeasure& measure);

/// One entry of a glossary page: a small figure at the left (style.glossary_figure_pt square,
/// solution line weights) with its caption under it, the name (bold) and text at its right.
struct GlossaryItem {
  Figure figure;
  std::string name;
  std::string text;
  std::string caption;
};

/// A glossary page: `heading` and `intro` (when not empty), then the items one under another.
Page layout_glossary_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                          std::string_view intro, std::span<const GlossaryItem> items, const TextMeasure& measure);

/// How many items each glossary page takes (the first under heading and intro), in order.
std::vector<int> paginate_glossary(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                                   std::string_view intro, std::span<const GlossaryItem> items,
                                   const TextMeasure& measure);

/// One row of a table page: a label (a cage sum) and its entries (the combinations), the whole
/// row in the bold face when `bold`.
struct TableRow {
  std::string label{};
  std::vector<std::string> entries{};
  bool bold = false;
};
/// Rows under a title ("2 cells"); `part` (when not empty) is a line above the title that names
/// a part of the table ("Digits 1 to 6").
struct TableGroup {
  std::string part{};
  std::string title{};
  std::vector<TableRow> rows{};
};

/// A table of short entries (layout_table.cpp) in newspaper columns, its rows numbered across the
/// groups in order. Type style.list_text_pt (never under the reading minimum); entries sit in
/// slots of a fixed pitch per group, sized from the type size alone (a digit taken as 0.6 em;
/// wider faces are set smaller to fit, down to min_text_pt), so that how many rows a page
/// takes needs no measuring: a book plans these pages before it loads its fonts. A row is
/// never split; a title keeps its first row; a column's top repeats the part its first row is
/// in (the nearest `part` at or before its group) and, inside a group, the group's title. `intro_chars` (code points of
/// the intro) reserves the intro's lines, estimated at 0.55 em a character plus one line; the heading takes one line
/// (both set smaller to fit). Rows each page takes, in order (the first page under the heading and the intro).
std::vector<int> paginate_table(const PageFrame& frame, const LayoutStyle& style, std::size_t intro_chars,
                                std::span<const TableGroup> groups);
/// The page of rows [first_row, first_row + row_count), under `heading` and `intro` when
/// first_row is 0.
Page layout_table_page(const PageFrame& frame, const LayoutStyle& style, std::string_view heading,
                       std::string_view intro, std::span<const TableGroup> groups, int first_row, int row_count,
                       const TextMeasure& measure);

/// The narrowest width (points, at most `max_width_pt`) at which `text` wraps into as many lines
/// as at `max_width_pt`: the lines a designer would set for a centred title ("Sudoku / for
/// Adults", not "Sudoku for / Adults"). `max_width_pt` when the text takes one line.
double balanced_width(std::string_view text, FontRole role, double size_pt, double max_width_pt,
                      const TextMeasure& measure);

/// The box an item's ink covers (stroke widths and the face's ascent/descent included).
Box ink_bounds(const Item& item, const TextMeasure& measure);

/// Greedy word wrap of UTF-8 `text` to `max_width_pt`; a word wider than the line is broken
/// between characters. Explicit '\n' starts a new line. Never returns an empty vector for
/// non-empty text.
std::vector<std::string> wrap_text(std::string_view text, FontRole role, double size_pt, double max_width_pt,
                                   const TextMeasure& measure);

}  // namespace puzzlepress::render
