// LayoutStyle: the look of a book's pages (grids per page, line weights, type sizes). The book
// module fills one from a preset file (layouts/*.yaml, the only definition of the presets);
// the defaults below only give every field a sane value. All lengths are in points (1/72 in);
// sizes of things on the page derive from the page frame, so one style works at 5x8 in and at
// 8.5x11 in alike.
#pragma once

namespace puzzlepress::render {

struct LayoutStyle {
  // Grids per page, filled row-major.
  int puzzle_rows = 2;
  int puzzle_cols = 2;
  int solution_rows = 3;
  int solution_cols = 3;

  // Grid lines of puzzle grids. Cell lines must be >= 0.75 pt (thinner may not print);
  // box lines (between boxes) clearly heavier; the border is the grid's outer frame.
  double cell_line_pt = 0.75;
  double box_line_pt = 2.0;
  double border_pt = 2.5;
  // The same for the smaller solution grids.
  double solution_cell_line_pt = 0.75;
  double solution_box_line_pt = 1.5;
  double solution_border_pt = 2.0;

  /// Symbol size as a fraction of the cell side; never set below min_text_pt (the preset key
  /// is `digit_scale`).
  double symbol_scale = 0.6;
  double solved_symbol_gray = 0.45;  ///< grey of solved symbols in solutions (0 = black)
  /// Largest cell side (pt): a grid of few cells (4x4, 6x6) stops growing at this and is
  /// centred in its slot, so children's grids get big cells without filling a whole page.
  /// 0 = no limit. (A 9x9 grid would need more than 7.5 in to reach the default.)
  double max_cell_pt = 72;

  // Type sizes (pt). Nothing is printed below min_text_pt.
  double label_size_pt = 10;          ///< "Puzzle 17", grade name; star height follows it
  double solution_label_size_pt = 8;  ///< "Puzzle 17" above a solution grid
  double text_size_pt = 11;           ///< body text (how to play, copyright, blank page)
  double heading_size_pt = 26;        ///< "How to Play", "Solutions", "Notes"
  double title_size_pt = 34;          ///< book title on the title page
  double folio_size_pt = 9;           ///< page numbers
  double min_text_pt = 7;
  /// Least size of what a reader reads (body text, captions, footnotes, the copyright page):
  /// text that shrinks to fit stops here. 0: min_text_pt. (A kids book sets 14.)
  double reading_min_pt = 0;
  double reading_min() const { return reading_min_pt > min_text_pt ? reading_min_pt : min_text_pt; }
  double list_text_pt = 8.5;        ///< hints: each line's label and text
  double glossary_figure_pt = 108;  ///< side of a glossary figure (9 x 9: 12 pt cells)

  // Spacing (pt).
  double slot_gap_pt = 24;            ///< least space between puzzle slots
  double solution_slot_gap_pt = 14;   ///< least space between solution slots
  double notes_line_spacing_pt = 24;  ///< distance between the ruled lines of a notes page
  double line_spacing = 1.35;         ///< baseline distance / type size for wrapped text
  double list_gap_pt = 3;             ///< extra space between two hints
};

}  // namespace puzzlepress::render
