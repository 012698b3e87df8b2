// The thumbnail check (book/check/thumbnail.h): the front cover rendered 200 px tall, its
// title's capitals measured on the pixels and against the size the layout set them at, its
// contrast against the colours the spec chose; a small title or a faint one is warned about.
#include <doctest/doctest.h>

#include <cmath>

#include "book/check/thumbnail.h"
#include "cover/cover_support.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::cover_testing;

namespace {

struct Built {
  Book book;
  std::string cover_pdf;
};

Built build(const std::string& title, const std::string& cover_lines, const std::string& trim = "6x9") {
  std::string text = spec_text(trim, cover_lines);
  text.replace(text.find("Test Book"), 9, title);
  Built b{make_book(spec_of(text), test_settings()), {}};
  for (util::Output& out : outputs_of(b.book, "/nowhere")) {  // in memory: nothing is written
    if (out.path.filename() == "b-cover.pdf") b.cover_pdf = std::move(out.bytes);
  }
  REQUIRE_FALSE(b.cover_pdf.empty());
  return b;
}

/// The largest title run's size on the cover page (points): the layout's own record of it.
double title_size_pt(const Book& book, const std::string& first_word) {
  double size = 0;
  for (const render::Item& item : book.cover->page.items) {
    if (const auto* run = std::get_if<render::TextRun>(&item); run && run->text.rfind(first_word, 0) == 0) {
      size = std::max(size, run->size_pt);
    }
  }
  return size;
}

ThumbnailReport report_of(const Built& b) {
  const util::Result<PdfTextReader> reader = PdfTextReader::open(b.cover_pdf);
  REQUIRE(reader.ok());
  return check_thumbnail(*reader, b.book.manifest.cover->front, b.book.manifest.title);
}

}  // namespace

TEST_SUITE("thumbnail check") {
  TEST_CASE("WCAG contrast: black on white 21:1, a colour on itself 1:1, symmetric") {
    CHECK(contrast_ratio(0x000000, 0xFFFFFF) == doctest::Approx(21.0));
    CHECK(contrast_ratio(0x2F5D7C, 0x2F5D7C) == doctest::Approx(1.0));
    CHECK(contrast_ratio(0x777777, 0xFFFFFF) == doctest::Approx(contrast_ratio(0xFFFFFF, 0x777777)));
    CHECK(contrast_ratio(0x777777, 0xFFFFFF) == doctest::Approx(4.48).epsilon(0.01));  // WCAG's own example
  }

  TEST_CASE("a short title: capitals as tall as the layout set them, high contrast, no warning") {
    const Built b = build("Sudoku", "  background: \"#1d3557\"\n  text_color: \"#ffffff\"\n");
    const ThumbnailReport r = report_of(b);
    REQUIRE(r.measured);
    // The expected cap height from the layout's size: DejaVu Sans Bold's capitals are 0.729 em.
    const double scale = kThumbnailHeightPx / b.book.manifest.cover->front.height;
    const double expected = title_size_pt(b.book, "Sudoku") * 0.729 * scale;
    CHECK(std::fabs(r.cap_height_px - expected) <= 1.0);
    CHECK(r.contrast > 10);  // white on #1d3557 is 12.6:1; anti-aliasing takes a little
    CHECK(r.warnings.empty());
    CHECK(r.summary.rfind("thumbnail (200 px tall): title capitals ", 0) == 0);
  }

  TEST_CASE("a long title prints small; a text colour near the background is faint: both warned") {
    const Built b = build("The Big Book Of Extremely Hard Sudoku Puzzles For Long Winter Evenings By The Fire",
                          "  background: \"#777777\"\n  text_color: \"#8a8a8a\"\n", "5x8");
    const ThumbnailReport r = report_of(b);
    REQUIRE(r.measured);
    CHECK(r.cap_height_px < kMinThumbnailCapPx);
    CHECK(r.contrast < kMinThumbnailContrast);
    REQUIRE(r.warnings.size() == 2);
    CHECK(r.warnings[0].rfind("the title's capitals are ", 0) == 0);
    CHECK(r.warnings[1].rfind("the title's contrast with the cover behind it is 1.", 0) == 0);
  }

  TEST_CASE("a title of no capitals is not sized, and says so") {
    const Built b = build("sudoku", "  background: \"#1d3557\"\n  text_color: \"#ffffff\"\n");
    const ThumbnailReport r = report_of(b);
    CHECK_FALSE(r.measured);
    CHECK(r.summary.find("no capital A-Z or figure to measure") != std::string::npos);
  }
}
