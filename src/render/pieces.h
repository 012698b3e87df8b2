// Drawing pieces for free-form pages such as a book cover: filled areas (with a hole left
// empty), single lines of text at any angle centred on a point, wrapped text blocks that say how
// much did not fit, a figure in any inks, rows of stars. Each returns plain items (page.h); the
// caller places them. Pure functions: no I/O, no PDF library, no rules of any printer. Units
// and axes as in page.h (points, origin bottom-left, y up).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "render/figure.h"
#include "render/page.h"
#include "render/text_measure.h"

namespace puzzlepress::render {

/// A rectangle filled with `colour`, not stroked.
Rect filled_box(const Box& box, const Colour& colour);

enum class TextAlign { left, centre, right };

/// One line of text, measured. `x` is its left end, centre or right end per `align`; the run is
/// not turned.
TextRun text_line(std::string_view text, FontRole role, double size_pt, const Colour& colour, double x, double baseline,
                  TextAlign align, const TextMeasure& measure);

/// One line whose ink box (advance width by the face's ascent + descent) is centred on
/// `centre`, turned counter-clockwise by `angle_deg` about that centre (-90: reading top to
/// bottom, tops of the letters towards +x).
TextRun centred_text(std::string_view text, FontRole role, double size_pt, const Colour& colour, Point centre,
                     double angle_deg, const TextMeasure& measure);

/// The largest size <= max_pt at which `text` set on one line is at most `width_pt` wide
/// (max_pt when it fits; may be below any minimum: the caller decides).
double fit_line_size(std::string_view text, FontRole role, double max_pt, double width_pt, const TextMeasure& measure);

/// The largest size <= max_pt (not below min_pt) at which every word of `text` fits
/// `width_pt`, so wrapping never breaks a word.
double fit_words_size(std::string_view text, FontRole role, double max_pt, double min_pt, double width_pt,
                      const TextMeasure& measure);

struct TextStyle {
  FontRole role = FontRole::text;
  double size_pt = 10;
  Colour colour = Colour::gray(0);
  double line_spacing = 1.3;  ///< baseline distance / size
  TextAlign align = TextAlign::left;
  /// Extra space after each '\n', as a fraction of the size. With a gap, '\n' separates
  /// paragraphs and empty lines are dropped; without one, '\n' is a line break.
  double paragraph_gap = 0;
};

/// A text wrapped to a column (wrap_text: words kept whole unless one is wider than the column;
/// '\n' starts a new line or paragraph, see TextStyle::paragraph_gap).
struct TextBlock {
  std::vector<TextRun> runs;  ///< the lines whose ink lies inside the column, top first
  int lines = 0;              ///< lines the text wraps to
  int overflow_lines = 0;     ///< lines that would reach below column.bottom (not in runs)
  double bottom = 0;          ///< lowest ink of the runs (column.top when there are none)
};

/// `text` set from the top of `column` down: the first line's ascent touches column.top.
TextBlock text_block(std::string_view text, const TextStyle& style, const Box& column, const TextMeasure& measure);

/// Height of `text` wrapped to `width_pt`: first ascent, line steps, last descent (0 for no
/// lines).
double text_block_height(std::string_view text, const TextStyle& style, double width_pt, const TextMeasure& measure);

/// How a figure drawn on its own is inked and ruled (points).
struct FigureInk {
  Colour lines = Colour::gray(0);
  Colour given = Colour::gray(0);
  Colour solved = Colour::gray(0.45);
  std::optional<Colour> paper;  ///< filled behind the grid, inside its border; none = no fill
  double cell_line_pt = 0.75;
  double box_line_pt = 2.0;
  double border_pt = 2.5;
  double symbol_scale = 0.6;  ///< symbol size / cell side
};

/// `figure` with its border's outer edge at `grid` (a square): paper, lines, symbols centred
/// in their cells. Throws std::invalid_argument for a figure that breaks its invariants.
std::vector<Item> figure_items(const Figure& figure, const Box& grid, const FigureInk& ink, const TextMeasure& measure);

/// `total` five-pointed stars `height_pt` tall in a row centred on `centre`, 0.25 x height
/// apart; the first `filled` are filled, the rest outlined, all in `colour`.
std::vector<Item> star_row(Point centre, double height_pt, int filled, int total, const Colour& colour);
/// Width of such a row.
double star_row_width(double height_pt, int total);

}  // namespace puzzlepress::render
