// The cover as laid out: the printers' rules seen in the items (the barcode box holds the
// background alone, or the publisher's barcode on white; text in the
// safe zones, spine text when the spine allows it), colours per printer, the blurb's overflow,
// the front image, re-exports and determinism.
#include "book/check/pdf_check.h"
#include "book/check/verify.h"
#include "book/cover/cover.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>

#include "book/kdp/cover_geometry.h"
#include "cover/cover_support.h"
#include "render/layout.h"
#include "support/errors.h"
#include "support/files.h"
#include "support/image_writer.h"
#include "support/render_fixtures.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::cover_testing;
using puzzlepress::testing::input_error_of;
using render::Box;
using render::TextRun;

namespace {

const char* const kBlurb = "  back_text: A short blurb about the puzzles in this book.\n";

/// The cover of a 21-puzzle book laid out as if the interior had `pages` pages.
BookCover cover_at(const Book& book, const BookSpec& spec, int pages, const render::TextMeasure& m) {
  static const Wording english;
  return make_cover(CoverContext{spec, *spec.cover, pages, book.puzzles, book.symbols, book.layouts, m, english});
}

std::multiset<std::string> texts(const render::Page& page) {
  const std::vector<std::string> all = testing::texts_of(page);
  return {all.begin(), all.end()};
}

/// Every word printed, however the lines wrap.
std::multiset<std::string> words(const render::Page& page) {
  std::multiset<std::string> out;
  for (const std::string& text : testing::texts_of(page)) {
    std::istringstream in(text);
    for (std::string word; in >> word;) out.insert(word);
  }
  return out;
}

}  // namespace

TEST_SUITE("cover") {
  TEST_CASE(
      "a KDP cover: one page with trim and bleed boxes, only the background under the barcode box, text in "
      "the safe zones") {
    const BookSpec spec = spec_of(spec_text("6x9", kBlurb));
    const Book book = make_book(spec, test_settings());
    REQUIRE(book.cover.has_value());
    const BookCover& cover = *book.cover;
    const CoverGeometry& g = cover.geometry;
    const int pages = static_cast<int>(book.pages.size());
    CHECK(g.spine_in == doctest::Approx(pages * 0.002252));
    CHECK(cover.page.width_pt == doctest::Approx(g.width_pt));
    REQUIRE(cover.page.trim_box.has_value());
    REQUIRE(cover.page.bleed_box.has_value());
    CHECK(cover.page.trim_box->left == doctest::Approx(9));
    CHECK(cover.page.bleed_box->right == doctest::Approx(g.width_pt));
    REQUIRE(g.barcode.has_value());
    const auto m = source_font_metrics();
    const Box& b = *g.barcode;
    const Box inside{b.left + 0.01, b.bottom + 0.01, b.right - 0.01, b.top - 0.01};
    // The background is the first item, over the whole page, the box included (the printer
    // prints its barcode on its own white box there); nothing after it reaches into the box.
    REQUIRE_FALSE(cover.page.items.empty());
    const auto* background = std::get_if<render::Rect>(&cover.page.items.front());
    REQUIRE(background != nullptr);
    CHECK(background->fill == cover_ink({0x1d, 0x35, 0x57}, Printer::kdp));
    CHECK(background->box.contains(g.media));
    for (std::size_t i = 1; i < cover.page.items.size(); ++i) {
      const auto& item = cover.page.items[i];
      const Box ink = render::ink_bounds(item, *m);
      CHECK_FALSE(inside.overlaps(ink));
      if (std::holds_alternative<TextRun>(item)) {
        CHECK((g.front_safe.contains(ink, 0.5) || g.back_safe.contains(ink, 0.5) || g.spine_safe.contains(ink, 0.5)));
      }
    }
    CHECK_FALSE(cover.barcode_image);
    CHECK_FALSE(book.manifest.cover->barcode_image);
    // The title, subtitle, author and the blurb are printed; the front shows the first evil puzzle.
    const auto words = texts(cover.page);
    CHECK(words.count("Test Book") == 1);
    CHECK(words.count("Ann Example") == 1);
    CHECK(words.count("Test Press") == 1);
    CHECK(cover.front_puzzle == 17);
    CHECK(cover.back_puzzle == 1);
    CHECK(cover.warnings.empty());
    // The manifest records it.
    REQUIRE(book.manifest.cover.has_value());
    CHECK(*book.manifest.cover == cover_record(cover));
    CHECK(book.manifest.cover->barcode->width == doctest::Approx(144));
    CHECK(book.manifest.cover->front.x == doctest::Approx(g.front.left));
  }

  TEST_CASE("the front grid is a real puzzle of the book: its givens, in order") {
    const BookSpec spec = spec_of(spec_text("6x9", kBlurb));
    const Book book = make_book(spec, test_settings());
    const BookCover& cover = *book.cover;
    // Digits printed on the front panel inside the grid, top to bottom, left to right.
    const CoverGeometry& g = cover.geometry;
    std::vector<std::pair<std::pair<double, double>, std::string>> digits;
    for (const TextRun& run : testing::items_of<TextRun>(cover.page)) {
      if (run.text.size() == 1 && run.text[0] >= '1' && run.text[0] <= '9' &&
          g.front.contains({run.origin.x, run.origin.y, run.origin.x, run.origin.y})) {
        digits.push_back({{-run.origin.y, run.origin.x}, run.text});
      }
    }
    std::sort(digits.begin(), digits.end());
    std::string printed;
    for (const auto& d : digits) printed += d.second;
    std::string givens;
    for (const int v : book.puzzles[16].givens.cells) {
      if (v != 0) givens += static_cast<char>('0' + v);
    }
    CHECK(printed == givens);
  }

  TEST_CASE("spine text: by the printer's page minimum and the 7 pt band, the reason recorded") {
    const auto m = source_font_metrics();
    const BookSpec spec = spec_of(spec_text("6x9", kBlurb));
    const Book book = make_book(spec, test_settings());
    const auto at = [&](int pages) { return cover_at(book, spec, pages, *m); };
    CHECK(at(24).spine_text_why_not == "KDP prints spine text from 79 pages; the book has 24");
    CHECK_FALSE(at(24).spine_text_shown);
    // 79 and 80 pages: allowed by the page rule, but the band (spine - 1/8 in) is under 7 pt of ink.
    CHECK(at(79).spine_text_why_not.rfind("the spine is 0.1779 in wide; 7 pt text needs 0.23 in", 0) == 0);
    CHECK_FALSE(at(80).spine_text_shown);
    CHECK(at(100).spine_text_why_not ==
          "the spine is 0.2252 in wide; 7 pt text needs 0.23 in, about 104 pages of white paper");
    // From 104 white pages the band holds 7 pt text (Liberation Sans: ascent + descent 1.117 em).
    CHECK_FALSE(at(102).spine_text_shown);
    CHECK(at(104).spine_text_shown);
    const BookCover thick = at(828);
    CHECK(thick.spine_text_shown);
    CHECK(thick.spine_text_why_not.empty());
    // Title and author read top to bottom (-90 degrees), centred on the spine, inside its band.
    int spine_runs = 0;
    for (const TextRun& run : testing::items_of<TextRun>(thick.page)) {
      if (run.angle_deg == 0) continue;
      ++spine_runs;
      CHECK(run.angle_deg == -90);
      CHECK(thick.geometry.spine_safe.contains(render::ink_bounds(run, *m), 1e-6));
      CHECK(run.size_pt >= 7);
    }
    CHECK(spine_runs == 2);

    BookSpec never = spec;
    never.cover->spine_text = false;
    CHECK(cover_at(book, never, 828, *m).spine_text_why_not == "spine_text: never in the spec");
    BookSpec lulu = spec;
    lulu.cover->printer = Printer::lulu;
    CHECK(cover_at(book, lulu, 79, *m).spine_text_why_not == "Lulu prints spine text from 80 pages; the book has 79");
    CHECK(cover_at(book, lulu, 80, *m).spine_text_shown);  // 80 / 444 + 0.06 = 0.2402 in
    BookSpec cream = spec;
    cream.paper = Paper::cream;
    CHECK_FALSE(cover_at(book, cream, 92, *m).spine_text_shown);
    CHECK(cover_at(book, cream, 94, *m).spine_text_shown);  // 94 x 0.0025 = 0.235 in
  }

  TEST_CASE("colours: RGB for KDP and Lulu, CMYK for IngramSpark with total ink at most 240%") {
    CHECK(cover_ink({0x1d, 0x35, 0x57}, Printer::kdp) == render::Colour::rgb(0.1137, 0.2078, 0.3412));
    CHECK(cover_ink({0x1d, 0x35, 0x57}, Printer::lulu) == render::Colour::rgb(0.1137, 0.2078, 0.3412));
    // k = 1 - 0x57/255 = 0.6588; c = (1 - 0x1d/255 - k) / (1 - k) = 0.6667; m = 0.3908; y = 0.
    CHECK(cover_ink({0x1d, 0x35, 0x57}, Printer::ingramspark) == render::Colour::cmyk(0.6667, 0.3908, 0, 0.6588));
    CHECK(cover_ink({0, 0, 0}, Printer::ingramspark) == render::Colour::cmyk(0, 0, 0, 1));
    CHECK(cover_ink({255, 255, 255}, Printer::ingramspark) == render::Colour::cmyk(0, 0, 0, 0));
    // #010000: c 0, m 1, y 1, k 0.9961 = 300% before the limit; m and y scale to (2.4 - k) / 2.
    const render::Colour dark = cover_ink({1, 0, 0}, Printer::ingramspark);
    CHECK(dark.c[0] == 0);
    CHECK(dark.c[1] == doctest::Approx(0.702).epsilon(0.001));
    CHECK(dark.c[0] + dark.c[1] + dark.c[2] + dark.c[3] <= 2.4 + 1e-4);

    // An IngramSpark cover uses no RGB at all.
    const BookSpec spec = spec_of(spec_text("6x9", std::string(kBlurb) + "  printer: ingramspark\n  spine_in: 0.25\n"));
    const Book book = make_book(spec, test_settings());
    for (const auto& item : book.cover->page.items) {
      std::visit(
          [](const auto& i) {
            using T = std::decay_t<decltype(i)>;
            if constexpr (std::is_same_v<T, render::Rect>) {
              if (i.fill) CHECK(i.fill->space != render::Colour::Space::rgb);
              if (i.stroke_width_pt > 0) CHECK(i.stroke.space != render::Colour::Space::rgb);
            } else if constexpr (std::is_same_v<T, render::Polygon>) {
              if (i.fill) CHECK(i.fill->space != render::Colour::Space::rgb);
              if (i.stroke_width_pt > 0) CHECK(i.stroke.space != render::Colour::Space::rgb);
            } else if constexpr (std::is_same_v<T, render::Line>) {
              CHECK(i.colour.space != render::Colour::Space::rgb);
            } else if constexpr (std::is_same_v<T, render::TextRun>) {
              CHECK(i.colour.space != render::Colour::Space::rgb);
            }
          },
          item);
    }
    CHECK(book.cover->spine_in_from_spec);
    CHECK(book.cover_pdfx.has_value());
  }

  TEST_CASE("IngramSpark needs spine_in: an error at the cover key naming the page count, before generation") {
    const BookSpec spec = spec_of(spec_text("6x9", "  printer: ingramspark\n"));
    CHECK(
        input_error_of([&] { make_book(spec, test_settings()); })
            .ends_with(
                "cover-book.yaml:13:1: 'cover.spine_in' is required for printer ingramspark: IngramSpark publishes its "
                "paper thickness only through its cover template generator (ingramspark.com, Resources > Tools); "
                "enter the spine width it gives for this book's 24 pages on white paper"));
  }

  TEST_CASE("a spine_in verify would reject is refused by build, at its place, before generation") {
    // Hostile round two: 1e-300 (recorded as 0) and 3 in on a 24-page KDP book were built with
    // a warning at most, and verify then rejected the manifest.
    const auto refused = [&](const std::string& cover) {
      return input_error_of([&] { make_book(spec_of(spec_text("6x9", cover)), test_settings()); });
    };
    CHECK(
        refused("  printer: kdp\n  spine_in: 1e-300\n")
            .ends_with("cover-book.yaml:15:13: 'cover.spine_in' is refused: spine 0 in is not a paperback spine (more "
                       "than 0, at most 3 in)"));
    CHECK(
        refused("  printer: kdp\n  spine_in: 3\n")
            .ends_with("cover-book.yaml:15:13: 'cover.spine_in' is refused: spine 3 in (from the spec) is 2.946 in off "
                       "KDP's 0.054 in for 24 pages of white paper; more than 0.0625 in is rejected"));
    // Within KDP's tolerance it is the author's call; Lulu's spec spine only warns (its template decides).
    const Book near = make_book(spec_of(spec_text("6x9", "  printer: kdp\n  spine_in: 0.1\n")), test_settings());
    CHECK(verify_cover_record(near.manifest).empty());
    const Book lulu = make_book(spec_of(spec_text("6x9", "  printer: lulu\n  spine_in: 1\n")), test_settings());
    CHECK(verify_cover_record(lulu.manifest).empty());
    CHECK(!lulu.cover->warnings.empty());
  }

  TEST_CASE("Lulu binds 32 pages or more: notes pages pad the book") {
    const Book kdp = make_book(spec_of(spec_text("6x9", kBlurb)), test_settings());
    const Book lulu = make_book(spec_of(spec_text("6x9", std::string(kBlurb) + "  printer: lulu\n")), test_settings());
    CHECK(kdp.pages.size() == 24);
    CHECK(lulu.pages.size() == 32);
    CHECK(lulu.pages.back().planned.kind == PageKind::notes);
    CHECK(lulu.cover->geometry.spine_in == doctest::Approx(32 / 444.0 + 0.06));
    // Lulu's barcode area is kept clear instead of KDP's.
    CHECK(lulu.cover->geometry.barcode->width() == doctest::Approx(3.625 * 72));
  }

  TEST_CASE("a blurb too long for the back is an error at back_text naming the lines that overflow") {
    std::string blurb = "  back_text: |\n";
    for (int i = 0; i < 40; ++i)
      blurb += "    This line of the blurb is long enough to wrap on a small back cover, twice.\n";
    const BookSpec spec = spec_of(spec_text("5x8", blurb));
    const std::string error = input_error_of([&] { make_book(spec, test_settings()); });
    INFO(error);
    CHECK(error.find("cover-book.yaml:14:14: the blurb is ") != std::string::npos);
    CHECK(error.find(" lines too long for the back cover at 5x8 (it holds ") != std::string::npos);
    CHECK(error.find(" lines of 9 pt above the barcode box); shorten it") != std::string::npos);
    // The count is honest: this many lines more would fit if they were gone.
    const int overflow = std::stoi(error.substr(error.find("the blurb is ") + 13));
    const int held = std::stoi(error.substr(error.find("(it holds ") + 10));
    CHECK(overflow > 0);
    CHECK(held > 10);
    // A blurb that fits is set, at a size that shrinks no further than 80% of the preferred one.
    const BookSpec fits = spec_of(spec_text("5x8", "  back_text: |\n    One paragraph.\n    And another.\n"));
    CHECK_NOTHROW(make_book(fits, test_settings()));
  }

  TEST_CASE("a title too long for the front is an error at the cover key; a long author wraps, never under 9 pt") {
    const auto m = source_font_metrics();
    const BookSpec spec = spec_of(spec_text("5x8", kBlurb));
    const Book book = make_book(spec, test_settings());
    BookSpec wordy = spec;
    wordy.title.clear();
    for (int i = 0; i < 30; ++i) wordy.title += "Extraordinarily ";
    CHECK(
        input_error_of([&] { cover_at(book, wordy, 24, *m); })
            .ends_with(
                "cover-book.yaml:13:1: the title is too long for the front cover at 5x8 (it needs more than 3 lines of "
                "16 pt); shorten it"));
    BookSpec authors = spec;
    authors.author = "Anne-Marie Example-Longname, Bartholomew Second-Author and Christopher Third-Contributor";
    const BookCover cover = cover_at(book, authors, 24, *m);
    int author_lines = 0;
    for (const TextRun& run : testing::items_of<TextRun>(cover.page)) {
      CHECK(run.size_pt >= 7);
      if (run.text.find("Example-Longname") != std::string::npos ||
          run.text.find("Third-Contributor") != std::string::npos) {
        ++author_lines;
        CHECK(run.size_pt >= 9);
        CHECK(cover.geometry.front_safe.contains(render::ink_bounds(run, *m), 0.5));
      }
    }
    CHECK(author_lines >= 2);
  }

  TEST_CASE("the front's subtitle never prints under 12 pt, however long the title; one that cannot fit is refused") {
    // (the error names the subtitle's line in the spec)
    const auto m = source_font_metrics();
    const BookSpec spec = spec_of(spec_text("5x8", kBlurb));
    const Book book = make_book(spec, test_settings());
    BookSpec long_title = spec;
    long_title.title = "The Big Book of Sudoku Puzzles for Adults and Teens, Easy to Evil";
    long_title.subtitle = "Two hundred brand-new puzzles for long evenings";
    int subtitle_runs = 0;
    for (const TextRun& run : testing::items_of<TextRun>(cover_at(book, long_title, 24, *m).page)) {
      if (long_title.subtitle.find(run.text) == std::string::npos || run.text.size() < 4) continue;
      ++subtitle_runs;
      CHECK(run.size_pt >= 12);
    }
    CHECK(subtitle_runs >= 1);
    BookSpec unbroken = spec;
    unbroken.subtitle = "Supercalifragilisticexpialidocious-Sudoku-Collection-of-Brand-New-Puzzles";
    CHECK(input_error_of([&] { cover_at(book, unbroken, 24, *m); })
              .ends_with("cover-book.yaml:2:11: the subtitle has a word wider than the front cover at 5x8 in 12 pt "
                         "(the least size that reads at a glance); shorten it"));
  }

  TEST_CASE("a barcode image sits on white in the barcode box, fitted whole and centred; verify takes it") {
    const TempDir dir("cover-barcode");
    testing::write_file(dir / "ean.png", testing::png_bytes(900, 600, 0));  // 3:2, 450 dpi across 2 in
    const fs::path spec_file = dir / "book.yaml";
    const BookSpec spec = spec_of(spec_text("6x9", std::string(kBlurb) + "  barcode_image: ean.png\n"), spec_file);
    const Book book = make_book(spec, test_settings());
    const BookCover& cover = *book.cover;
    REQUIRE(cover.geometry.barcode.has_value());
    const Box& b = *cover.geometry.barcode;
    REQUIRE(cover.page.items.size() >= 2);
    // The last two items: the white box, then the image in it (2 x 1.2 in: 2 x 1.333 would be
    // too tall, so the width is 1.8 in).
    const auto* white = std::get_if<render::Rect>(&cover.page.items[cover.page.items.size() - 2]);
    const auto* image = std::get_if<render::Image>(&cover.page.items.back());
    REQUIRE(white != nullptr);
    REQUIRE(image != nullptr);
    CHECK((white->box.contains(b) && b.contains(white->box)));
    CHECK(white->fill == cover_ink({0xff, 0xff, 0xff}, Printer::kdp));
    CHECK(image->file == dir / "ean.png");
    CHECK(image->box.height() == doctest::Approx(b.height()));
    CHECK(image->box.width() == doctest::Approx(1.8 * 72));
    CHECK((image->box.left + image->box.right) / 2 == doctest::Approx((b.left + b.right) / 2));
    CHECK(b.contains(image->box));
    CHECK(cover.barcode_image);
    CHECK(book.manifest.cover->barcode_image);
    // The cover PDF passes verify's zone check with the record, which names the image.
    const auto outputs = outputs_of(book, dir);
    testing::write_file(dir / "c.pdf", outputs[2].bytes);
    CHECK(check_cover_pdf(dir / "c.pdf", book.manifest).empty());
    // IngramSpark prints no barcode of its own: without barcode_image the build says so.
    const std::string ingram = std::string(kBlurb) + "  printer: ingramspark\n  spine_in: 0.1\n";
    const Book with =
        make_book(spec_of(spec_text("6x9", ingram + "  barcode_image: ean.png\n"), spec_file), test_settings());
    CHECK(with.cover->warnings.empty());
    const Book without = make_book(spec_of(spec_text("6x9", ingram), spec_file), test_settings());
    CHECK(without.cover->warnings ==
          std::vector<std::string>{"IngramSpark prints no barcode of its own: the box is kept clear for the one its "
                                   "cover template generator gives; add it as cover.barcode_image, or place it in the "
                                   "box before you upload"});
  }

  TEST_CASE("a front image fills the front and its bleed; a low resolution is a warning, not an error") {
    const TempDir dir("cover-image");
    testing::write_file(dir / "art.png", testing::png_bytes(600, 900, 2));
    const fs::path spec_file = dir / "book.yaml";
    const BookSpec spec = spec_of(spec_text("6x9", std::string(kBlurb) + "  front_image: art.png\n"), spec_file);
    const Book book = make_book(spec, test_settings());
    const BookCover& cover = *book.cover;
    const CoverGeometry& g = cover.geometry;
    const render::Image* image = nullptr;
    for (const auto& item : cover.page.items) {
      if (const auto* i = std::get_if<render::Image>(&item)) image = i;
    }
    REQUIRE(image != nullptr);
    CHECK(image->file == dir / "art.png");
    REQUIRE(image->clip.has_value());
    // Clipped to the front and its bleed (top, bottom, outside edge), never across the fold.
    CHECK(image->clip->left == doctest::Approx(g.front.left));
    CHECK(image->clip->right == doctest::Approx(g.width_pt));
    CHECK(image->clip->bottom == 0);
    CHECK(image->clip->top == doctest::Approx(g.height_pt));
    CHECK(image->box.contains(*image->clip, 1e-6));
    // 600 x 900 px over 6.125 x 9.25 in: scaled to cover, 97 dpi.
    REQUIRE(cover.warnings.size() == 1);
    CHECK(cover.warnings[0] ==
          "cover.front_image art.png prints at 97 dpi on the front (printers ask for 300: use an image of at "
          "least 1838 x 2775 pixels)");
    CHECK_FALSE(cover.front_puzzle.has_value());  // the picture is the art

    // A large enough image: no warning; front_grid: true draws the grid over it.
    testing::write_file(dir / "big.jpg", testing::jpeg_bytes(1838, 2775, 3));
    const BookSpec big =
        spec_of(spec_text("6x9", std::string(kBlurb) + "  front_image: big.jpg\n  front_grid: true\n"), spec_file);
    const Book big_book = make_book(big, test_settings());
    CHECK(big_book.cover->warnings.empty());
    CHECK(big_book.cover->front_puzzle == 17);
    // The front image is an input: no output may land on it.
    BookPaths paths{{dir / "b.pdf", "the PDF", "-o"},
                    {dir / "b.json", "the manifest", ""},
                    util::OutputTarget{dir / "big.jpg", "the cover", "--cover"}};
    CHECK(input_error_of([&] { check_book_paths(big, testing::source_resources(), paths); }) ==
          "--cover: the cover would overwrite the front image: " + (dir / "big.jpg").string());
  }

  TEST_CASE("re-exports recompute the cover for the new page count: its size changes and nothing else") {
    const BookSpec spec = spec_of(spec_text("6x9", kBlurb, "one-up"));
    const Book one_up = make_book(spec, test_settings());
    BookSpec re = spec;
    apply_overrides(re, Overrides{.layout = "two-up"});
    const Book two_up = make_book(re, test_settings());
    REQUIRE(one_up.pages.size() != two_up.pages.size());
    const ManifestCover& a = *one_up.manifest.cover;
    const ManifestCover& b = *two_up.manifest.cover;
    CHECK(a.spine_in == doctest::Approx(one_up.pages.size() * 0.002252));
    CHECK(b.spine_in == doctest::Approx(two_up.pages.size() * 0.002252));
    CHECK(a.width_pt - b.width_pt == doctest::Approx((a.spine_in - b.spine_in) * 72));
    CHECK(a.height_pt == b.height_pt);
    CHECK(a.back == b.back);
    CHECK(a.barcode == b.barcode);
    CHECK(a.front.width == doctest::Approx(b.front.width));
    // Nothing else: the same words, the same puzzles on front and back, the same printer and paper.
    CHECK(texts(one_up.cover->page) == texts(two_up.cover->page));
    CHECK(one_up.cover->front_puzzle == two_up.cover->front_puzzle);
    CHECK(a.printer == b.printer);
    CHECK(a.paper == b.paper);
    CHECK(one_up.cover->page.items.size() == two_up.cover->page.items.size());

    // --trim: the panels change with the trim, the words do not.
    BookSpec letter = spec;
    apply_overrides(letter, Overrides{.trim = "8.5x11", .layout = "four-up"});
    const Book big = make_book(letter, test_settings());
    CHECK(big.manifest.cover->height_pt == doctest::Approx((11 + 0.25) * 72));
    CHECK(big.manifest.cover->front.width == doctest::Approx(8.5 * 72));
    CHECK(words(big.cover->page) == words(one_up.cover->page));
  }

  TEST_CASE("the same spec gives the same cover bytes, for any thread count; IngramSpark's PDF/X too") {
    const TempDir dir("cover-twice");
    for (const std::string printer : {"kdp", "ingramspark"}) {
      INFO(printer);
      // IngramSpark takes its spine from the spec (KDP's formula gives its own).
      const std::string spine = printer == "ingramspark" ? "  spine_in: 0.2\n" : "";
      const BookSpec spec = spec_of(spec_text("6x9", std::string(kBlurb) + "  printer: " + printer + "\n" + spine));
      const auto first = outputs_of(make_book(spec, test_settings(1)), dir);
      const auto second = outputs_of(make_book(spec, test_settings(2)), dir);
      REQUIRE(first.size() == 3);
      CHECK(first[2].path == dir / "b-cover.pdf");
      CHECK(first[2].bytes.rfind(printer == "kdp" ? "%PDF-1." : "%PDF-1.3", 0) == 0);
      CHECK(first[2].bytes == second[2].bytes);
      CHECK(first[1].bytes == second[1].bytes);
    }
  }

  TEST_CASE("outputs: the cover's default path, --cover without a cover, a cover onto the spec") {
    CHECK(default_cover_path("out/book.pdf") == fs::path("out/book-cover.pdf"));
    CHECK(default_cover_path("book.pdf") == fs::path("book-cover.pdf"));
    const TempDir dir("cover-paths");
    const fs::path spec_file = dir / "book.yaml";
    testing::write_file(spec_file, spec_text("6x9", kBlurb));
    const BookSpec spec = load_spec_file(spec_file);
    BookPaths paths{{dir / "b.pdf", "the PDF", ""},
                    {dir / "b.json", "the manifest", ""},
                    util::OutputTarget{spec_file, "the cover", "--cover"}};
    CHECK(input_error_of([&] { check_book_paths(spec, testing::source_resources(), paths); }) ==
          "--cover: the cover would overwrite the spec: " + spec_file.string());
    paths.cover->path = dir / "b.pdf";
    CHECK(input_error_of([&] { check_book_paths(spec, testing::source_resources(), paths); }) ==
          "--cover: the PDF and the cover would be the same file: " + (dir / "b.pdf").string());
    BookSpec plain = spec;
    plain.cover.reset();
    paths.cover->path = dir / "c.pdf";
    CHECK(input_error_of([&] { check_book_paths(plain, testing::source_resources(), paths); }) ==
          "--cover: the spec has no 'cover:' mapping, so there is no cover to write (add one, e.g. cover: { "
          "printer: kdp })");
    // A caller that names no cover path gets the default one, checked and written like the others.
    CHECK(input_error_of([&] {
            check_book_paths(
                spec, testing::source_resources(),
                BookPaths{{dir / "x.pdf", "the PDF", ""}, {dir / "x-cover.pdf", "the manifest", "--manifest"}});
          }) == "--manifest: the manifest and the cover would be the same file: " + (dir / "x-cover.pdf").string());
    const auto outputs = book_outputs(make_book(spec, test_settings()),
                                      {{dir / "x.pdf", "the PDF", ""}, {dir / "x.json", "the manifest", ""}});
    REQUIRE(outputs.size() == 3);
    CHECK(outputs[2].path == dir / "x-cover.pdf");
  }
}
