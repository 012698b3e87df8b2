// The cover: one full-wrap page (back, spine, front) laid out from the book's own title,
// subtitle, author, sections and puzzles, sized by cover_geometry.h for the printer and the
// interior's real page count. Made of render's standard items (page.h) through render's
// pieces (pieces.h), so every painter draws it; the rules it follows are cover_geometry.h's.
//
// The look: the background colour over the whole wrap (bleed included, the barcode box too:
// KDP and Lulu print their barcode on white there; or cover.barcode_image on white in it); on
// the front the title large
// at the top, the subtitle under it, a real puzzle of the book on a white card with its difficulty stars, the author at
// the foot (or, with a front image, the picture filling the front with title and author on bands of the background
// colour; cover.design band, giant, pattern and photo compose the front otherwise: designs.cpp,
// designs_field.cpp; cover.badges set by each: badges.cpp); on the spine
// title and author reading top to bottom; on the back a headline (the
// subtitle), the blurb, what the book holds (a line per section with its stars) and, when there
// is room, the book's first puzzle; the publisher beside the barcode box.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "book/kdp/cover_geometry.h"
#include "book/manifest/manifest.h"
#include "book/text/skin.h"
#include "book/spec/spec.h"
#include "book/text/wording.h"
#include "engine/generator9.h"
#include "engine/generator.h"
#include "render/page.h"
#include "render/text_measure.h"

namespace puzzlepress::book {

/// What the cover is made from.
struct CoverContext {
  const BookSpec& spec;  ///< title, subtitle, author, publisher, trim, sections, paper
  const CoverSpec& cover;
  int page_count = 0;                          ///< the interior's pages
  const std::vector<engine::Puzzle>& puzzles;  ///< book order
  const std::vector<SymbolSet>& symbols;       ///< symbols[k]: how puzzle k prints
  const std::vector<engine::Layout>& layouts;  ///< layouts[k]: puzzle k's kind (its houses)
  const render::TextMeasure& measure;
  const Wording& words;  ///< the book's language with the spec's overrides
  /// Nothing in the interior prints under kLargePrintLeastPt: badges: auto says "Large print".
  bool large_print = false;
  /// (*killers)[k] with cages: puzzle k is that killer (Book::killers); null: no killers.
  const std::vector<engine::Killer>* killers = nullptr;
};

/// The least type size of a large-print book, points (APH's and UKAAF's large-print guidance,
/// as layouts/large-print.yaml cites).
inline constexpr double kLargePrintLeastPt = 18;

/// What the listing's "inside this book" panels say, in the book's language, and the cover's
/// inks: made with the cover, laid out at the panels' sizes by book/make/listing_panels.h.
struct ListingFacts {
  std::string heading;  ///< "Inside this book"
  /// The book's own badges ("21 puzzles", "Large print", "Easy to Evil"), and "Hints" when it
  /// has a Hints section.
  std::vector<std::string> callouts;
  struct Line {
    int stars = 0;  ///< filled
    int of = 5;     ///< in the row
    std::string text;
  };
  std::vector<Line> lines;  ///< a line per kind of puzzle, as the back cover's contents
  std::string solutions;    ///< "Solutions to every puzzle at the back"
  render::Colour background = render::Colour::gray(0), text = render::Colour::gray(1), accent = render::Colour::gray(1);
};

struct BookCover {
  render::Page page;  ///< the whole wrap: trim_box = the trimmed cover, bleed_box = the page
  CoverGeometry geometry;
  Printer printer = Printer::kdp;
  CoverPaper paper = CoverPaper::white;
  bool spine_in_from_spec = false;
  bool spine_text_shown = false;
  std::string spine_text_why_not;   ///< empty when shown
  std::optional<int> front_puzzle;  ///< number of the puzzle drawn on the front
  std::optional<int> back_puzzle;   ///< number of the puzzle drawn on the back (when room)
  double front_grid_side_pt = 0;    ///< the front's puzzle card, its side in points (0: none)
  double back_grid_side_pt = 0;     ///< the back's sample card, its side in points (0: none)
  bool barcode_image = false;       ///< the barcode box holds the publisher's barcode image
  ListingFacts listing;             ///< for preview --listing's panels
  /// Things the user should know, one line each ("cover.front_image art.png prints at 150 dpi
  /// …"); the build goes on.
  std::vector<std::string> warnings;
};

/// The spine width for `page_count` interior pages, inches: the spec's spine_in when given,
/// else the printer's formula. Throws InputError at the `cover` key for IngramSpark without
/// spine_in, naming the page count and paper to enter in IngramSpark's cover template
/// generator. Called before any puzzle is generated.
double cover_spine_in(const BookSpec& spec, const CoverSpec& cover, int page_count);

/// Lays the cover out. Throws InputError at cover.back_text when the blurb does not fit the
/// back ("the blurb is 4 lines too long for the back cover at 6x9 …"), at the `cover` key when
/// the title cannot fit the front.
BookCover make_cover(const CoverContext& context);

/// The manifest's record of `cover` (manifest.h).
ManifestCover cover_record(const BookCover& cover);

/// Test-only (the cover's panels call cover_parts::ink_of): a spec colour as the printer's ink,
/// RGB for KDP and Lulu; CMYK for IngramSpark (grey component replaced by black, total ink kept
/// under kIngramMaxInk).
render::Colour cover_ink(const Rgb& colour, Printer printer);

}  // namespace puzzlepress::book
