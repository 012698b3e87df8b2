// The two painters agree: pages of real books (title, how to play, puzzles, solutions, a
// shapes page, a letters page, the cover) painted by the image painter and, through their PDF,
// by poppler's pdftoppm, must match closely. This checks the image painter and the PDF writer
// against each other.
//
// The measure (README, "Preview"), at 100 dpi, both images 8-bit RGB of the same size:
//  - mean absolute difference per pixel and channel: at most kMaxMeanAbs levels (of 255);
//  - differing pixels: a channel differs by more than kInkThreshold (one image inked, the other
//    paper: anti-aliasing at the edges differs less); the largest 8-connected group of them is
//    at most kMaxArea pixels (a missing digit at 100 dpi is about 100). Measured on Debian
//    bookworm (poppler 22.12, cairo 1.16): mean 0.01-0.25, largest area 0-2 px.
// Each threshold is checked to fail on a page with one symbol missing.
#include <doctest/doctest.h>

#include <string>

#include "book/make/build.h"
#include "book/make/preview.h"
#include "render/image_painter.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/command.h"
#include "support/files.h"
#include "support/raster.h"

namespace puzzlepress::book {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

constexpr double kDpi = 100;
constexpr double kMaxMeanAbs = 1.0;
constexpr int kInkThreshold = 128;
constexpr long kMaxArea = 6;

// `page` through the PDF writer and pdftoppm.
testing::RgbImage through_pdf(const render::DocumentInfo& info, const render::Page& page, const TempDir& dir) {
  const render::Page* pages[] = {&page};
  auto pdf = render::render_pdf(info, pages);
  REQUIRE_MESSAGE(pdf.ok(), pdf.error());
  testing::write_file(dir / "page.pdf", *pdf);
  const std::string cmd = "pdftoppm -r " + std::to_string(static_cast<int>(kDpi)) + " -png -singlefile " +
                          testing::shell_quoted(dir / "page.pdf") + " " + testing::shell_quoted(dir / "poppler");
  REQUIRE(testing::run_shell(cmd).exit_code == 0);
  auto image = testing::decode_png(testing::read_bytes(dir / "poppler.png"));
  REQUIRE(image.has_value());
  return *image;
}

testing::ImageDifference difference(const render::ImagePainter& painter, const render::DocumentInfo& info,
                                    const render::Page& page, const TempDir& dir) {
  auto ours = painter.png(page, kDpi);
  REQUIRE_MESSAGE(ours.ok(), ours.error());
  const testing::RgbImage a = *testing::decode_png(*ours);
  const testing::RgbImage b = through_pdf(info, page, dir);
  CHECK(a.width == b.width);
  CHECK(a.height == b.height);
  return testing::compare_images(a, b, kInkThreshold);
}

void check_agrees(const render::ImagePainter& painter, const render::DocumentInfo& info, const render::Page& page,
                  const std::string& what, const TempDir& dir) {
  const testing::ImageDifference d = difference(painter, info, page, dir);
  INFO(what << ": mean |diff| " << d.mean_abs << ", differing pixels " << d.differing_pixels << ", largest area "
            << d.largest_area_px << " px at (" << d.largest_left << "," << d.largest_top << ") " << d.largest_width
            << "x" << d.largest_height);
  MESSAGE(what << ": mean |diff| " << d.mean_abs << ", largest differing area " << d.largest_area_px << " px");
  CHECK(d.mean_abs <= kMaxMeanAbs);
  CHECK(d.largest_area_px <= kMaxArea);
}

int first_page_of(const Book& book, PageKind kind, int section = -1) {
  for (const BookPage& p : book.pages) {
    if (p.planned.kind == kind && (section < 0 || p.planned.section == section)) return p.planned.number;
  }
  return 0;
}

TEST_CASE("the image painter and the PDF (through pdftoppm) agree on a book's pages and cover") {
  if (!testing::have_tool("pdftoppm")) {
    MESSAGE("skipped: pdftoppm (poppler-utils) is not installed");
    return;
  }
  const BookSpec spec = load_spec(
      "title: Agreement Test\nsubtitle: Every Kind of Page\nauthor: Ann Example\npublisher: Test Press\n"
      "year: 2026\ntrim: 6x9\nbleed: true\nlayout: two-up\nseed: 11\n"
      "puzzles:\n  - { grade: easy, count: 4 }\n  - { size: 6x6, skin: shapes, grade: easy, count: 2 }\n"
      "  - { size: 6x6, letters: GARDEN, grade: medium, count: 2 }\n"
      "front_matter: [title, copyright, how_to_play]\n"
      "cover:\n  printer: kdp\n  background: \"#1d3557\"\n  text_color: \"#ffffff\"\n"
      "  back_text: A short blurb for the back of the cover.\n",
      (fs::path(PUZZLEPRESS_SOURCE_DIR) / "tests/data/agreement.yaml").string());
  const Book book = make_book(spec, testing::test_settings());
  const auto painter = load_painter(book);
  const TempDir dir("agree");

  const struct {
    std::string what;
    int page;
  } pages[] = {
      {"title page", first_page_of(book, PageKind::title)},
      {"how to play", first_page_of(book, PageKind::how_to_play)},
      {"puzzle page", first_page_of(book, PageKind::puzzles, 0)},
      {"shapes page", first_page_of(book, PageKind::puzzles, 1)},
      {"letters page", first_page_of(book, PageKind::puzzles, 2)},
      {"solutions page", first_page_of(book, PageKind::solutions)},
  };
  for (const auto& p : pages) {
    REQUIRE(p.page > 0);
    check_agrees(*painter, book.info, book.pages[static_cast<std::size_t>(p.page - 1)].page, p.what, dir);
  }
  REQUIRE(book.cover.has_value());
  check_agrees(*painter, book.cover_info, book.cover->page, "cover", dir);

  SUBCASE("the measure sees one missing symbol") {
    render::Page page = book.pages[static_cast<std::size_t>(first_page_of(book, PageKind::puzzles, 0) - 1)].page;
    render::Page missing = page;
    for (auto it = missing.items.begin(); it != missing.items.end(); ++it) {
      const auto* run = std::get_if<render::TextRun>(&*it);
      if (run != nullptr && run->role == render::FontRole::symbol) {
        missing.items.erase(it);
        break;
      }
    }
    REQUIRE(missing.items.size() + 1 == page.items.size());
    auto ours = painter->png(missing, kDpi);
    REQUIRE(ours.ok());
    const testing::ImageDifference d =
        testing::compare_images(*testing::decode_png(*ours), through_pdf(book.info, page, dir), kInkThreshold);
    CHECK(d.largest_area_px > kMaxArea);
  }
}

}  // namespace
}  // namespace puzzlepress::book
