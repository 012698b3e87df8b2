// Previews: images of a book's pages and cover straight from the laid-out pages (no PDF), made
// by render's image painter (render/image_painter.h) from the same Book a build makes — same
// spec, same seed, same puzzles.
//
// Page images show each whole physical page (bleed included, as the PDF's page), the cover the
// whole wrap. Listing images — what a product page needs — show trimmed pages, as the reader
// sees them, painted at their size from the vector pages (never enlarged from a smaller
// raster): the cover, mock-up, inside panel and spreads kListingShortSidePx or more on their short
// side, where marketplaces zoom (spreads on white); the A+ banners 970 x 600 px:
//   listing-cover.png               the front cover alone (books with a cover: key)
//   listing-mockup.png              the book standing, spine and front in perspective, on a
//                                   soft shadow (books with a cover: listing_mockup.h)
//   listing-spread-GRADE.png        two facing pages as the book opens (verso left, recto
//                                   right): the first puzzle spread of each grade in the book
//   listing-spread-solutions.png    the first spread of solution pages
//   listing-inside.png              "what's inside": the book's callouts beside a puzzle page
//   aplus-book.png, aplus-spread.png  970 x 600 banners for "A+" content: the mock-up beside
//                                   the callouts; a spread on the cover's colour
// (listing_panels.h; cover, mock-up, inside panel and banners only for books with a cover: key)
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/make/build.h"
#include "render/image_painter.h"
#include "render/text_measure.h"
#include "util/errors.h"
#include "util/outputs.h"

namespace puzzlepress::book {

enum class PreviewFormat { png, svg };

/// Listing images are at least this long on their long side (pixels).
inline constexpr int kListingShortSidePx = 2000;

/// What `puzzlepress preview` was asked for; each value remembers its flag for messages.
struct PreviewRequest {
  std::filesystem::path dir;          ///< -o: the folder (created when missing)
  std::optional<std::string> pages;   ///< --pages "1,5,120-124"; none = every page
  std::optional<double> dpi;          ///< --dpi (default kDefaultPreviewDpi)
  std::optional<std::string> format;  ///< --format png | svg (default png)
  bool listing = false;               ///< --listing: the listing images instead of page images
};

inline constexpr double kDefaultPreviewDpi = 150;

/// The --format value. Throws InputError at --format: "expected png or svg, got 'jpg'".
PreviewFormat read_preview_format(std::string_view text);

/// The page numbers a --pages value names, ascending, each once: comma-separated numbers and
/// ranges A-B (A <= B), spaces allowed around them. Throws InputError at `flag`:
///   "'x' is not a page number or a range such as 1,5,120-124",
///   "9-5 is an empty range (write the first page first)",
///   "page 130 does not exist (the book has pages 1 to 124)",
///   "no pages given".
std::vector<int> parse_page_numbers(std::string_view text, int page_count, const Place& flag);

/// The file name of page `number`'s image: "page-005.png" (three digits at least).
std::string page_image_name(int number, PreviewFormat format);

/// Everything a preview writes, checked before any puzzle is generated: flag values (dpi 36 to
/// 1200 at --dpi; --listing with --pages, --dpi or --format svg is refused at that flag), the
/// page numbers against the planned book, and the output paths (util::check_outputs against the
/// book's inputs; -o naming a file that is not a folder is an InputError at -o). The folder
/// itself may not exist yet.
struct PreviewPlan {
  PreviewFormat format = PreviewFormat::png;
  double dpi = kDefaultPreviewDpi;
  bool listing = false;                     ///< the listing images instead of page images
  std::vector<int> pages;                   ///< page images to paint (empty with --listing)
  std::vector<util::OutputTarget> targets;  ///< every file, in the order outputs are made
};
PreviewPlan plan_preview(const BookSpec& spec, const Resources& resources, const PreviewRequest& request);

/// A painter with the book's fonts. Throws EnvironmentError when a font cannot be loaded.
std::unique_ptr<render::ImagePainter> load_painter(const Book& book);

/// The images `plan` names, painted from `book` (made from the same spec). Throws
/// EnvironmentError when a page cannot be painted.
std::vector<util::Output> preview_outputs(const Book& book, const PreviewPlan& plan,
                                          const render::ImagePainter& painter);

/// Listing sheets (in sheet points = pixels at 72 dpi), for tests and the studio.
/// The front cover alone, trimmed. Precondition: the book has a cover.
render::Sheet front_cover_sheet(const Book& book);
/// Pages `left` (even) and left + 1 side by side; a page number outside the book leaves its
/// side empty (page 1 stands alone on the right).
render::Sheet spread_sheet(const Book& book, int left);
/// Pages `left` and left + 1 fitted into `area` of `sheet` (sheet points), centred, outlined,
/// with a soft fold between them when both are there.
void place_spread(const Book& book, int left, const render::Box& area, render::Sheet& sheet);

/// The left page of the first spread showing puzzles of `grade` (both pages when the book has
/// such a spread; killers are apart, whatever their grades), or of solutions when `grade` is
/// empty; 0 when there is none. The listing also has a spread of killers (listing-spread-killer).
int first_spread(const Book& book, std::optional<engine::Grade> grade);

/// Writes `outputs` into the plan's folder (created first when missing), all or none: when the
/// write fails, the folders this call created are removed again. Throws EnvironmentError.
void write_preview(const std::filesystem::path& dir, const std::vector<util::Output>& outputs);

}  // namespace puzzlepress::book
