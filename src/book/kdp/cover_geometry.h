// Cover geometry: the full-wrap cover (back, spine, front in one page) of a paperback for KDP,
// IngramSpark and Lulu, sized from the interior's real page count. Every printer rule is a
// named constant below with its source (as in ../shared/kdp-print-spec.md); the functions are
// pure. Lengths are INCHES (suffix _in) in the rules and POINTS (1/72 in) in CoverGeometry,
// whose origin is the bottom-left corner of the whole cover (bleed included).
//
//   +-----------------------------------------------------------------+  media (bleed box)
//   |  +------------------------+------+------------------------+     |
//   |  | back                   |spine | front                  |     |  trim: the cut cover
//   |  |  +------------------+  |      |  +------------------+  |     |  safe: 0.25 in inside
//   |  |  | back safe zone   | ||  s  || |  front safe zone |  |     |  every trim edge and
//   |  |  |                  | ||  p  || |                  |  |     |  0.0625 in from each
//   |  |  |        +-------+ | ||  i  || |                  |  |     |  spine fold
//   |  |  |        |barcode| | ||  n  || |                  |  |     |
//   |  |  +--------+-------+-+  |  e   |  +------------------+  |     |
//   |  +------------------------+------+------------------------+     |
//   +-----------------------------------------------------------------+
//  (0,0)   bleed 0.125 in on every outer edge; the folds are the spine's two long edges.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "book/kdp/trim.h"
#include "render/page.h"

namespace puzzlepress::book {

enum class Printer { kdp, ingramspark, lulu };
inline constexpr std::array<Printer, 3> kAllPrinters = {Printer::kdp, Printer::ingramspark, Printer::lulu};
/// "kdp" | "ingramspark" | "lulu" (spec and manifest).
std::string_view printer_id(Printer printer);
/// "KDP" | "IngramSpark" | "Lulu" (messages).
std::string_view printer_name(Printer printer);
/// Case-insensitive printer_id.
std::optional<Printer> parse_printer(std::string_view text);

/// The paper the cover's spine is sized for: KDP's three stocks (white and cream black & white,
/// premium colour).
enum class CoverPaper { white, cream, color };
inline constexpr std::array<CoverPaper, 3> kAllCoverPapers = {CoverPaper::white, CoverPaper::cream, CoverPaper::color};
/// "white" | "cream" | "color".
std::string_view cover_paper_id(CoverPaper paper);
std::optional<CoverPaper> parse_cover_paper(std::string_view text);
/// The book's interior paper as a cover paper.
CoverPaper cover_paper_of(Paper paper);

// ---- The rules -------------------------------------------------------------------------------

/// KDP spine width per interior page, inches: KDP help G201953020 ("Cover Calculator and
/// Templates"), paperback.
inline constexpr double kKdpWhiteInPerPage = 0.002252;
inline constexpr double kKdpCreamInPerPage = 0.0025;
inline constexpr double kKdpColorInPerPage = 0.002347;
/// KDP rejects a cover whose spine is off by more than this, inches (KDP help G201953020).
inline constexpr double kKdpSpineToleranceIn = 0.0625;
/// KDP: spine text only on books of at least this many pages (KDP help G201953020; its Cover
/// Creator says 80).
inline constexpr int kKdpSpineTextMinPages = 79;

/// Lulu perfect-bound spine = pages / 444 + 0.06 in (Lulu's spine-width help article and
/// "Spine Width Calculator" PDF; the same for every paper).
inline constexpr double kLuluPagesPerInch = 444;
inline constexpr double kLuluSpineExtraIn = 0.06;
/// Lulu prints spine text from 80 pages (Lulu's spine-width help article).
inline constexpr int kLuluSpineTextMinPages = 80;
/// Lulu paperbacks need at least 32 pages (Lulu "Spine Width Calculator" PDF); notes pages
/// pad a shorter book.
inline constexpr int kLuluMinPages = 32;

/// IngramSpark publishes paper thickness only through its cover template generator, so the
/// spine width is the spec's `spine_in`. Spine text from 48 pages (secondary: IngramSpark's
/// template guidance as quoted by cover tools; not on IngramSpark's own pages we saw).
inline constexpr int kIngramSpineTextMinPages = 48;
/// IngramSpark's limit on total ink (C + M + Y + K) for covers, as a fraction (240 %;
/// IngramSpark help "Manufacturing and File Setup Tips": heavy ink coverage).
inline constexpr double kIngramMaxInk = 2.4;

/// Bleed on every outer edge of the full wrap, inches: KDP G201953020, Lulu (spine-width
/// article), IngramSpark (file creation guide) alike.
inline constexpr double kCoverBleedIn = 0.125;
/// Live text at least this far inside every trim edge, inches: IngramSpark's 0.25 in (KDP asks
/// 0.125 in; we keep the larger for every printer).
inline constexpr double kCoverSafeMarginIn = 0.25;
/// Live text at least this far from each spine fold, inches (KDP G201953020: 0.0625 in each
/// side of the spine text; IngramSpark's binding tolerance is the same 1/16 in).
inline constexpr double kSpineFoldClearanceIn = 0.0625;
/// Smallest text printed, points (KDP's 7 pt minimum).
inline constexpr double kCoverMinTextPt = 7;
/// A spine wider than this is not a paperback spine: a typing mistake, inches.
inline constexpr double kMaxSpineIn = 3.0;

/// The box on the back cover a printer puts its barcode in: lower right, `from_fold_in` left
/// of the spine fold and `from_bottom_in` above the bottom trim; nothing of ours may print in it.
struct BarcodeRule {
  double width_in = 0;
  double height_in = 0;
  double from_fold_in = 0;
  double from_bottom_in = 0;
};
/// KDP: 2 x 1.2 in, 0.25 in from the spine fold and the bottom trim (KDP help G201953020).
/// Lulu: 3.625 x 1.25 in, 0.375 in from the spine and the bottom (Lulu help "Will Lulu add a
/// barcode to my cover?"). IngramSpark publishes its barcode only in the cover template: we
/// keep KDP's box clear for it.
BarcodeRule barcode_rule(Printer printer);

// ---- Functions --------------------------------------------------------------------------------

/// The spine width the printer's formula gives for `pages` interior pages, inches; nullopt for
/// IngramSpark (no published formula: the spec gives it).
std::optional<double> formula_spine_in(Printer printer, CoverPaper paper, int pages);

/// What a cover's spine width `spine_in` (as the manifest records it: 4 decimals) breaks, or
/// nothing: "spine 0 in is not a paperback spine (more than 0, at most 3 in)"; a width that is
/// not the printer's formula for `pages` pages ("spine 0.5 in does not match KDP's 0.4504 in for
/// 200 pages of white paper"), or, when the spec gave it (`from_spec`), is off KDP's formula by
/// more than KDP accepts. verify holds a manifest to this, and build refuses the spec's value
/// that breaks it, so build never writes what verify rejects.
std::optional<std::string> spine_problem(double spine_in, bool from_spec, Printer printer, CoverPaper paper, int pages);

/// The least page count at which the printer prints spine text.
int spine_text_min_pages(Printer printer);

/// The least interior page count the printer binds as a paperback (24 for KDP and IngramSpark
/// as KDP, 32 for Lulu).
int min_pages(Printer printer);

/// Width of the band spine text may use, points: spine less 0.0625 in at each fold (may be
/// negative for a very thin spine).
double spine_band_pt(double spine_in);

/// The full wrap, in points, origin at the bottom-left of the media box.
struct CoverGeometry {
  double spine_in = 0;
  double width_pt = 0;                 ///< media width: 2 x bleed + 2 x trim width + spine
  double height_pt = 0;                ///< media height: 2 x bleed + trim height
  render::Box media;                   ///< the whole page = BleedBox
  render::Box trim;                    ///< the cut cover = TrimBox
  render::Box back;                    ///< back panel, trimmed (left of the spine)
  render::Box spine;                   ///< between the two folds, trimmed top and bottom
  render::Box front;                   ///< front panel, trimmed
  render::Box back_safe;               ///< where live text may go on the back
  render::Box front_safe;              ///< on the front
  render::Box spine_safe;              ///< on the spine: the band between the folds' clearances, and
                                       ///< kCoverSafeMarginIn from the top and bottom trim (may be empty)
  std::optional<render::Box> barcode;  ///< the printer's barcode box when kept clear
};

/// The geometry of a cover for `trim` with a spine of `spine_in` inches. `keep_barcode_clear`
/// false leaves `barcode` unset.
CoverGeometry cover_geometry(const Trim& trim, double spine_in, Printer printer, bool keep_barcode_clear);

}  // namespace puzzlepress::book
