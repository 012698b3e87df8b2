// The cover's design (internal to book/cover): its choices, palette and shared pieces, and the
// three panels each laid out by its own file (front.cpp, spine.cpp, back.cpp) into one page of
// the full wrap. Units: PDF points on the cover page, origin at the bottom-left of the bleed,
// unless a name says inches.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "book/cover/cover.h"
#include "book/kdp/geometry.h"
#include "book/spec/image_file.h"  // kFoldClearIn
#include "render/page.h"
#include "render/pieces.h"

namespace puzzlepress::book::cover_parts {

using render::Box;
using render::Colour;
using render::FontRole;
using render::Item;
using render::TextAlign;

// ---- Design choices (not printer rules: those are in cover_geometry.h) ----------------------

/// Margin of the design inside each panel's trim, as a fraction of the trim width, and its least
/// value in inches (always more than kCoverSafeMarginIn).
inline constexpr double kPanelMarginPerWidth = 0.085;
inline constexpr double kPanelMarginMinIn = 0.42;
/// Title: largest size per point of column width; least size; most share of the front's height.
inline constexpr double kTitleSizePerWidth = 0.135;
inline constexpr double kTitleMinPt = 16;
/// The front's subtitle never prints smaller (points); a subtitle that cannot fit is refused.
inline constexpr double kSubtitleMinPt = 12;
inline constexpr double kTitleMaxShare = 0.3;
inline constexpr int kTitleMaxLines = 3;
/// The front grid is not drawn smaller than this, inches.
inline constexpr double kMinGridIn = 1.4;
/// Blurb size: base + per inch of trim width (pt); it may shrink to this share of that.
inline constexpr double kBlurbBasePt = 4;
inline constexpr double kBlurbPerInchPt = 1.25;
inline constexpr double kBlurbMinShare = 0.8;
/// Spine text uses at most this share of the band between the folds' clearances.
inline constexpr double kSpineBandShare = 0.8;
/// Printers ask for images of this resolution at their printed size.
inline constexpr double kImageDpi = 300;

inline constexpr double pt(double inches) { return inches * kPointsPerInch; }

/// The cover's inks, from the spec's background and text colours, in the printer's colour
/// space (IngramSpark: CMYK within its ink limit).
struct Palette {
  Colour background, text, muted, accent, shadow, card, card_ink;
  /// The band design's band (the accent) and the ink of most contrast with it (of the
  /// background, the text colour, near-black and white: WCAG's ratio).
  Colour band, band_ink;
  /// The pattern design's symbols: the text colour a third of the way from the background, a
  /// texture that never carries words (the title sits on its own block).
  Colour pattern;
};
Palette palette_of(const CoverSpec& spec);

inline void append(std::vector<Item>& items, std::vector<Item> more) {
  for (Item& item : more) items.push_back(std::move(item));
}
template <class Run>
void append_runs(std::vector<Item>& items, const std::vector<Run>& runs) {
  for (const Run& run : runs) items.push_back(run);
}

inline double ink_height_em(FontRole role, const render::TextMeasure& m) {
  return m.ascent_em(role) + m.descent_em(role);
}

/// The panels' design column: the panel less the design margin.
Box design_column(const Box& panel, double trim_width_in);

/// The first puzzle of the book's hardest grade that has givens, or is a killer of `killers`
/// (CoverContext::killers; its cages are drawn): the front's art. Null `killers`: puzzles with
/// givens only (a design that draws givens alone).
std::optional<int> front_puzzle_index(const std::vector<engine::Puzzle>& puzzles,
                                      const std::vector<engine::Killer>* killers = nullptr);
/// The killer puzzle `index` is in `c`, or null.
const engine::Killer* cover_killer(const CoverContext& c, int index);

/// The front's title block: title (bold, large, centred, balanced lines), an accent rule and the
/// subtitle, from `top` down in `column`, in ink.text, ink.accent and ink.muted. Throws
/// InputError at the cover key when the title cannot fit kTitleMaxLines lines of kTitleMinPt
/// within `max_height`, at the subtitle when it cannot print at kSubtitleMinPt.
struct TitleBlock {
  std::vector<Item> items;
  double bottom = 0;  ///< lowest ink
};
TitleBlock title_block(const CoverContext& c, const Palette& ink, const Box& column, double top, double max_height);

/// The author, centred (wrapped if it must be, never under 9 pt), its ink's bottom at
/// `bottom`; returns its ink's top.
double add_author(std::vector<Item>& items, const CoverContext& c, const Colour& colour, const Box& column,
                  double bottom);

/// Puzzle `puzzle_index` as the cover draws it: its kind shown (show_kind), a kids book's own
/// star scale.
render::FigureSlot cover_slot(const CoverContext& c, int puzzle_index);

/// Where add_card_grid sets the card across its area.
enum class CardAlign { centre, left };
/// The back's sample grid is at most this share of the front's (its side), so that the back never
/// outshouts the front.
inline constexpr double kBackGridShareOfFront = 0.75;

/// A puzzle on a white card with its shadow, and under it its stars and "Puzzle 161 · Evil",
/// centred in `area` vertically and, as `align` says, across it (left: the card and its label
/// flush with area.left; over_image goes with centre), at most `width_share` of its width and
/// `max_side_pt` points a side.
/// Returns the card's side in points, 0 (nothing drawn) when there is no room for kMinGridIn.
double add_card_grid(std::vector<Item>& items, const CoverContext& c, const Palette& ink, const Box& area,
                     int puzzle_index, double width_share, bool over_image, double max_side_pt = 1e9,
                     CardAlign align = CardAlign::centre);

/// `items` cut to `box` as a clip path would cut them (the render items have none): lines and
/// fills are cut at its edges, a stroked rectangle becomes its four sides; a star or shape is
/// kept only when its ink is inside whole. Text is kept only inside `text_box` (live text keeps
/// to the safe zone) and clear of every box in `covered`.
void append_clipped(std::vector<Item>& out, std::vector<Item> items, const Box& box, const Box& text_box,
                    const std::vector<Box>& covered, const render::TextMeasure& m);

/// Whether the symbol of the cell at `row`, `col` of a grid with top-left `corner` and cells of
/// `cell` points shows whole: inside `safe` and clear of every box in `covered`.
bool symbol_shows(render::Point corner, double cell, int row, int col, const Box& safe,
                  const std::vector<Box>& covered);

/// The front image scaled to cover `area` (the front and its bleed), centred and clipped to it,
/// and the resolution it prints at; the warning when that is under kImageDpi goes to `out`.
render::Image place_front_image(BookCover& out, const CoverContext& c, const Box& area);

/// Throws InputError at the badge when a hand-written one (not badges: auto) says, in the book's
/// language or in English, something untrue of the book: more puzzles than it has, large print
/// when it prints under kLargePrintLeastPt, or a grade it has no puzzle of.
void check_badge_claims(const CoverContext& c);
/// The badges of the book itself, all true of it: its puzzle count, large print, its grades.
std::vector<CoverBadge> auto_badges(const CoverContext& c);
/// The listing panels' facts (BookCover::listing): the back's contents and the book's badges.
ListingFacts listing_facts(const CoverContext& c, const Palette& ink);

/// The height of the front's row of badges (points; 0 without cover.badges).
double badge_row_height(const CoverContext& c, const Box& column);
/// The badges (the spec's, or the book's own with badges: auto) in a row centred across
/// `column`, the row's bottom at `bottom`: plates of ink.band, words in ink.band_ink, bold, one
/// size for all (at most 16 pt, at least 9). Returns the row's top (`bottom` without badges).
/// Throws InputError at a badge's place when its words at 9 pt are wider than its equal share of
/// the column, naming `design`.
double add_badges(std::vector<Item>& items, const CoverContext& c, const Palette& ink, const Box& column, double bottom,
                  std::string_view design);

/// Each panel onto out.page (the geometry is set): the front (title, grid or image, author),
/// the spine (its text when the printer allows it; out.spine_text_* say what was decided) and
/// the back (blurb, contents, a sample).
void lay_out_front(BookCover& out, const CoverContext& c, const Palette& ink);
/// The front of a design other than card (designs.cpp): its dispatch is lay_out_front's.
void lay_out_band_front(BookCover& out, const CoverContext& c, const Palette& ink);
void lay_out_giant_front(BookCover& out, const CoverContext& c, const Palette& ink);
void lay_out_pattern_front(BookCover& out, const CoverContext& c, const Palette& ink);
void lay_out_photo_front(BookCover& out, const CoverContext& c, const Palette& ink);
void lay_out_spine(BookCover& out, const CoverContext& c, const Palette& ink);
void lay_out_back(BookCover& out, const CoverContext& c, const Palette& ink);

/// Every text run's ink inside one safe zone, nothing in the barcode box: layout's promise,
/// checked like the interior's fit check.
void check_cover(const BookCover& out, const CoverContext& c);

}  // namespace puzzlepress::book::cover_parts
