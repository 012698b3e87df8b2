// Previews, book side: --pages parsing, which spreads a listing shows, the listing sheets'
// sizes, the puzzle cache (an edit of layout only regenerates nothing, and changes no puzzle).
#include "book/make/preview.h"

#include <doctest/doctest.h>

#include "book/make/build.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/errors.h"
#include "support/files.h"
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
  CHECK(names == std::vector<std::string>{"listing-cover.png", "listing-spread-easy.png", "listing-spread-hard.png",
                                          "listing-spread-solutions.png", "listing-pages.png"});
  CHECK_FALSE(fs::exists(dir));
}

TEST_CASE("listing sheets: spreads as the book opens, sizes of 2000 px, every page on the contact sheet") {
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
  CHECK(std::max(spread.width_pt, spread.height_pt) == kListingLongSidePx);
  REQUIRE(spread.pages.size() == 2);
  CHECK(spread.pages[0].target.right == doctest::Approx(spread.pages[1].target.left));  // they meet at the fold
  CHECK(spread_sheet(book, 0).pages.size() == 1);                                       // page 1 alone, on the right
  const render::Sheet cover = front_cover_sheet(book);
  CHECK(cover.height_pt == kListingLongSidePx);
  CHECK(cover.pages[0].source.width() == doctest::Approx(6 * 72));  // the trimmed front

  auto metrics = render::PdfFontMetrics::load(book.info.fonts);
  REQUIRE(metrics.ok());
  const render::Sheet sheet = contact_sheet(book, **metrics);
  CHECK(sheet.pages.size() == book.pages.size());
  CHECK(std::max(sheet.width_pt, sheet.height_pt) >= kListingLongSidePx);
  int labels = 0;
  for (const auto& item : sheet.items) labels += std::holds_alternative<render::TextRun>(item) ? 1 : 0;
  CHECK(labels == static_cast<int>(book.pages.size()));
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
