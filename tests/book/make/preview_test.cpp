// Previews, book side: --pages parsing, which spreads a listing shows, the listing sheets'
// sizes, the puzzle cache (an edit of layout only regenerates nothing, and changes no puzzle).
#include "book/make/preview.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "book/make/build.h"
#include "book/make/listing_mockup.h"
#include "book/make/listing_panels.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/errors.h"
#include "support/files.h"
#include "support/raster.h"
#include "util/errors.h"

namespace puzzlepress::book {
namespace {

namespace fs = std::filesystem;
using testing::input_error_of;
using testing::TempDir;

std::string spec_text(const std::string& trim = "6x9", int seed = 3) {
  return "title: Preview Test\nauthor: Ann Example\ntrim: " + trim + "\nlayout: two-up\nseed: " + std::to_string(seed) +
         "\npuzzles:\n  - { grade: easy, count: 5 }\n  - { grade: hard, count: 4 }\n";
}
const std::string kSpec = spec_text();

TEST_CASE("--pages: numbers and ranges, ascending, each once; errors name the flag") {
  const Place flag = Place::flag("--pages");
  CHECK(parse_page_numbers("1,5,120-124", 140, flag) == std::vector<int>{1, 5, 120, 121, 122, 123, 124});
  CHECK(parse_page_numbers(" 7 , 3-4,3,", 10, flag) == std::vector<int>{3, 4, 7});
  CHECK(parse_page_numbers("10-10", 10, flag) == std::vector<int>{10});
  CHECK(input_error_of([&] { parse_page_numbers("141", 140, flag); }) ==
        "--pages: page 141 does not exist (the book has pages 1 to 140)");
  CHECK(input_error_of([&] { parse_page_numbers("130-150", 140, flag); }) ==
        "--pages: page 150 does not exist (the book has pages 1 to 140)");
  CHECK(input_error_of([&] { parse_page_numbers("9-5", 140, flag); }) ==
        "--pages: 9-5 is an empty range (write the first page first)");
  CHECK(input_error_of([&] { parse_page_numbers("1,,2", 140, flag); }) ==
        "--pages: '' is not a page number or a range such as 1,5,120-124");
  CHECK(input_error_of([&] { parse_page_numbers("-3", 140, flag); }) ==
        "--pages: '-3' is not a page number or a range such as 1,5,120-124");
  CHECK(input_error_of([&] { parse_page_numbers("  ", 140, flag); }) == "--pages: no pages given");
  CHECK(page_image_name(5, PreviewFormat::png) == "page-005.png");
  CHECK(page_image_name(124, PreviewFormat::svg) == "page-124.svg");
}

TEST_CASE("a preview plan names its files before any puzzle is made; the folder may be missing") {
  const BookSpec spec = load_spec(kSpec + "cover:\n  back_text: A few.\n", "/tmp/preview-test.yaml");
  const TempDir parent("preview-plan");
  const fs::path dir = parent / "missing";
  PreviewPlan plan = plan_preview(spec, testing::source_resources(), {dir, "5,6", 96.0, "svg", false});
  CHECK(plan.pages == std::vector<int>{5, 6});
  CHECK(plan.dpi == 96);
  REQUIRE(plan.targets.size() == 3);
  CHECK(plan.targets[0].path == dir / "page-005.svg");
  CHECK(plan.targets[2].path == dir / "cover.svg");
  plan = plan_preview(spec, testing::source_resources(), {dir, std::nullopt, std::nullopt, std::nullopt, true});
  std::vector<std::string> names;
  for (const auto& t : plan.targets) names.push_back(t.path.filename().string());
  CHECK(names == std::vector<std::string>{"listing-cover.png", "listing-mockup.png", "listing-inside.png",
                                          "listing-spread-easy.png", "listing-spread-hard.png",
                                          "listing-spread-solutions.png", "aplus-book.png", "aplus-spread.png"});
  CHECK_FALSE(fs::exists(dir));
}

TEST_CASE("listing sheets: spreads as the book opens, sizes of 2000 px") {
  PuzzleCache cache;
  BuildSettings s = testing::test_settings();
  s.cache = &cache;
  const Book book = make_book(load_spec(kSpec + "cover:\n  back_text: A few.\n", "/tmp/preview-test.yaml"), s);
  const int easy = first_spread(book, engine::Grade::easy);
  const int hard = first_spread(book, engine::Grade::hard);
  const int answers = first_spread(book, std::nullopt);
  for (int left : {easy, hard, answers}) {
    CHECK(left > 0);
    CHECK(left % 2 == 0);  // a verso on the left
  }
  const auto kind_grade = [&](int number) {
    const BookPage& p = book.pages[static_cast<std::size_t>(number - 1)];
    return std::pair{p.planned.kind, p.planned.puzzles.empty()
                                         ? engine::Grade::easy
                                         : book.puzzles[static_cast<std::size_t>(p.planned.puzzles[0])].grade};
  };
  CHECK(kind_grade(easy) == std::pair{PageKind::puzzles, engine::Grade::easy});
  CHECK(kind_grade(easy + 1) == std::pair{PageKind::puzzles, engine::Grade::easy});
  CHECK(kind_grade(hard).second == engine::Grade::hard);
  CHECK(book.pages[static_cast<std::size_t>(answers - 1)].planned.kind == PageKind::solutions);

  const render::Sheet spread = spread_sheet(book, easy);
  CHECK(std::min(spread.width_pt, spread.height_pt) == kListingShortSidePx);
  REQUIRE(spread.pages.size() == 2);
  CHECK(spread.pages[0].target.right == doctest::Approx(spread.pages[1].target.left));  // they meet at the fold
  CHECK(spread_sheet(book, 0).pages.size() == 1);                                       // page 1 alone, on the right
  const render::Sheet cover = front_cover_sheet(book);
  CHECK(cover.width_pt == kListingShortSidePx);
  CHECK(cover.pages[0].source.width() == doctest::Approx(6 * 72));  // the trimmed front
}

TEST_CASE("what's inside: the book's own callouts and contents, as large as the panel holds, in its language") {
  const Book book =
      make_book(load_spec(kSpec + "language: de\ncover:\n  back_text: Ein paar.\n", "/tmp/preview-test.yaml"),
                testing::test_settings());
  const ListingFacts& facts = book.cover->listing;
  CHECK(facts.heading == "In diesem Buch");
  REQUIRE(facts.callouts.size() == 2);  // the count and the grades: not large print
  CHECK(facts.callouts[0] == "9 R\xC3\xA4tsel");
  REQUIRE(facts.lines.size() == 2);
  CHECK(facts.lines[0].stars == 1);
  CHECK(facts.lines[1].stars == 3);
  // With a Hints section, the callouts say so.
  const Book hinted = make_book(
      load_spec(kSpec + "hints: true\nlanguage: de\ncover:\n  back_text: Ein paar.\n", "/tmp/preview-test.yaml"),
      testing::test_settings());
  CHECK(hinted.cover->listing.callouts.back() == "Tipps");
  auto metrics = render::PdfFontMetrics::load(book.info.fonts);
  REQUIRE(metrics.ok());
  for (const std::pair<double, double>& size : {std::pair{1000.0, 2000.0}, std::pair{560.0, 600.0}}) {
    const double w = size.first, h = size.second;
    CAPTURE(w);
    const render::Page panel = inside_panel(facts, **metrics, w, h);
    // Every text of the facts, each once, inside the panel's margin, the lines at one size.
    std::vector<std::string> texts;
    std::set<double> line_sizes;
    const render::Box inner{0.08 * std::min(w, h) - 0.5, 0, w - 0.08 * std::min(w, h) + 0.5, h};
    for (const render::Item& item : panel.items) {
      const auto* run = std::get_if<render::TextRun>(&item);
      if (run == nullptr) continue;
      texts.push_back(run->text);
      CHECK(inner.contains(render::ink_bounds(item, **metrics)));
      if (run->text == facts.lines[0].text || run->text == facts.lines[1].text) line_sizes.insert(run->size_pt);
    }
    CHECK(texts.size() == 5);  // callouts, heading, 2 lines, solutions
    CHECK(std::find(texts.begin(), texts.end(), facts.solutions) != texts.end());
    CHECK(line_sizes.size() == 1);
    // As large as it fits: the widest row reaches the margin's width within a few per cent, or the
    // rows fill its height.
    double widest = 0, lowest = h, highest = 0;
    for (const render::Item& item : panel.items) {
      if (!std::holds_alternative<render::TextRun>(item)) continue;
      const render::Box ink = render::ink_bounds(item, **metrics);
      widest = std::max(widest, ink.right);
      lowest = std::min(lowest, ink.bottom);
      highest = std::max(highest, ink.top);
    }
    CHECK((widest > inner.right - 0.06 * w || highest - lowest > 0.75 * (h - 0.16 * std::min(w, h))));
  }
  ListingPanels keep;
  const render::Sheet inside = inside_sheet(book, **metrics, keep);
  CHECK(inside.width_pt == kListingInsideSidePx);
  REQUIRE(inside.pages.size() == 2);
  CHECK(inside.pages[0].page->items.size() > 20);  // a puzzle page
  CHECK(inside.pages[1].page == &keep.square);
  CHECK(inside.pages[0].target.right <= inside.pages[1].target.left + 1e-9);
  const render::Sheet banner = aplus_book_sheet(book, **metrics, keep);
  CHECK(banner.width_pt == kAplusWidthPx);
  CHECK(banner.height_pt == kAplusHeightPx);
  CHECK(banner.pages.back().page == &keep.banner);
  for (std::size_t i = 0; i + 1 < banner.pages.size(); ++i) {
    CHECK(banner.pages[i].target.left == std::round(banner.pages[i].target.left));  // whole pixels: no seams
  }
  const render::Sheet spread = aplus_spread_sheet(book, first_spread(book, engine::Grade::easy));
  CHECK(spread.width_pt == kAplusWidthPx);
  REQUIRE(spread.pages.size() == 2);
  CHECK(spread.pages[0].target.right == doctest::Approx(spread.pages[1].target.left));
}

TEST_CASE("the mock-up: the cover's spine and front in perspective over a shadow, 2000 px square") {
  const Book book =
      make_book(load_spec(kSpec + "cover:\n  back_text: A few.\n", "/tmp/preview-test.yaml"), testing::test_settings());
  render::Page backdrop;
  const render::Sheet sheet = mockup_sheet(book, backdrop);
  CHECK(sheet.width_pt == kMockupSidePx);
  CHECK(sheet.height_pt == kMockupSidePx);
  REQUIRE(sheet.pages.size() > 2);
  CHECK(sheet.pages.front().page == &backdrop);  // under the book
  // The strips cut the spine, then the front, each exactly once, left to right, edge to edge;
  // each face is tallest at the fold (its near edge) and shrinks away from it.
  const CoverGeometry& g = book.cover->geometry;
  double spine_cut = 0, front_cut = 0, last_right = -1, fold_height = 0;
  std::vector<double> spine_heights, front_heights;
  for (std::size_t i = 1; i < sheet.pages.size(); ++i) {
    const render::PagePlacement& strip = sheet.pages[i];
    REQUIRE(strip.page == &book.cover->page);
    if (last_right >= 0) CHECK(strip.target.left == doctest::Approx(last_right));
    last_right = strip.target.right;
    CHECK(strip.target.left == std::round(strip.target.left));  // whole pixels: no seams
    const bool spine = g.spine.contains(strip.source, 1e-6);
    CHECK((spine || g.front.contains(strip.source, 1e-6)));
    (spine ? spine_cut : front_cut) += strip.source.width();
    (spine ? spine_heights : front_heights).push_back(strip.target.height());
    if (spine) fold_height = strip.target.height();
  }
  CHECK(spine_cut == doctest::Approx(g.spine.width()));
  CHECK(front_cut == doctest::Approx(g.front.width()));
  CHECK(std::is_sorted(spine_heights.begin(), spine_heights.end()));
  CHECK(std::is_sorted(front_heights.rbegin(), front_heights.rend()));
  CHECK(front_heights.back() < 0.95 * fold_height);

  // Painted: the floor in the corners, the cover's colour on the front, a shadow under the foot.
  const auto painter = load_painter(book);
  const auto bytes = painter->png(sheet, 72);
  REQUIRE(bytes.ok());
  const std::optional<testing::RgbImage> img = testing::decode_png(*bytes);
  REQUIRE(img.has_value());
  CHECK(img->width == 2000);
  const double floor = img->grey(5, 5);
  CHECK(floor > 240);
  CHECK(img->grey(1995, 1995) == doctest::Approx(floor).epsilon(0.01));
  const render::PagePlacement& middle = sheet.pages[sheet.pages.size() * 3 / 4];
  const int x = static_cast<int>(middle.target.left) + 1;
  CHECK(img->grey(x, 2000 - static_cast<int>(middle.target.top) + 40) < 100);  // the dark background
  const int below_foot = 2000 - static_cast<int>(middle.target.bottom) + 12;
  CHECK(img->grey(x, below_foot) < floor - 20);  // the shadow
}

TEST_CASE("the puzzle cache: a layout edit regenerates nothing and changes no puzzle") {
  PuzzleCache cache;
  BuildSettings s = testing::test_settings();
  s.cache = &cache;
  int generated = 0;
  s.progress = [&](std::size_t, std::size_t) { ++generated; };
  const Book first = make_book(load_spec(kSpec, "/tmp/preview-test.yaml"), s);
  CHECK(cache.size() == 9);
  const int first_generated = generated;
  CHECK(first_generated > 0);
  const Book relaid = make_book(load_spec(spec_text("8.5x11"), "/tmp/preview-test.yaml"), s);
  CHECK(generated == first_generated);  // nothing generated again
  REQUIRE(relaid.puzzles.size() == first.puzzles.size());
  for (std::size_t k = 0; k < first.puzzles.size(); ++k) CHECK(relaid.puzzles[k].givens == first.puzzles[k].givens);
  // Without the cache the same spec gives the same puzzles.
  const Book fresh = make_book(load_spec(kSpec, "/tmp/preview-test.yaml"), testing::test_settings());
  for (std::size_t k = 0; k < first.puzzles.size(); ++k) CHECK(fresh.puzzles[k].givens == first.puzzles[k].givens);
  // A new seed makes new puzzles (and stores them beside the old).
  make_book(load_spec(spec_text("6x9", 4), "/tmp/preview-test.yaml"), s);
  CHECK(generated > first_generated);
  CHECK(cache.size() == 18);
}

}  // namespace
TEST_CASE("write_preview: a failed write removes the folders it created, and only those") {
  const TempDir root("preview-unmade");
  const fs::path out = root / "new" / "images";
  // The second output's folder does not exist: staging it fails after the first was staged.
  const std::vector<util::Output> outputs{{out / "page-001.png", "png"}, {root / "missing" / "page-002.png", "png"}};
  CHECK_THROWS_AS(write_preview(out, outputs), EnvironmentError);
  CHECK(!fs::exists(root / "new"));
  CHECK(fs::is_empty(root));
  // A folder that was there stays, empty as it was.
  fs::create_directories(out);
  CHECK_THROWS_AS(write_preview(out, outputs), EnvironmentError);
  CHECK(fs::is_directory(out));
  CHECK(fs::is_empty(out));
}

}  // namespace puzzlepress::book
