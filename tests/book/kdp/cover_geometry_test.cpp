// The printers' rules, against numbers worked out by hand (pages x inches per page, or
// pages / 444 + 0.06 for Lulu; full wrap = 0.125 + W + spine + W + 0.125 by H + 0.25).
#include "book/kdp/cover_geometry.h"

#include <doctest/doctest.h>

#include <tuple>
#include <vector>

#include "support/book_fixtures.h"

using namespace puzzlepress::book;
using puzzlepress::testing::check_box;
using puzzlepress::testing::trim_of;

TEST_SUITE("cover geometry") {
  TEST_CASE("spine width for every printer and paper at 24, 79, 80, 100 and 828 pages") {
    // {printer, paper, pages, spine in inches worked out by hand}
    std::vector<std::tuple<Printer, CoverPaper, int, double>> cases = {
        {Printer::kdp, CoverPaper::white, 24, 0.054048},  {Printer::kdp, CoverPaper::white, 79, 0.177908},
        {Printer::kdp, CoverPaper::white, 80, 0.18016},   {Printer::kdp, CoverPaper::white, 100, 0.2252},
        {Printer::kdp, CoverPaper::white, 828, 1.864656}, {Printer::kdp, CoverPaper::cream, 24, 0.06},
        {Printer::kdp, CoverPaper::cream, 79, 0.1975},    {Printer::kdp, CoverPaper::cream, 80, 0.2},
        {Printer::kdp, CoverPaper::cream, 100, 0.25},     {Printer::kdp, CoverPaper::cream, 828, 2.07},
        {Printer::kdp, CoverPaper::color, 24, 0.056328},  {Printer::kdp, CoverPaper::color, 79, 0.185413},
        {Printer::kdp, CoverPaper::color, 80, 0.18776},   {Printer::kdp, CoverPaper::color, 100, 0.2347},
        {Printer::kdp, CoverPaper::color, 828, 1.943316},
    };
    // Lulu: pages / 444 + 0.06, the same for every paper.
    for (const CoverPaper paper : kAllCoverPapers) {
      for (const auto& [pages, spine] : std::vector<std::pair<int, double>>{
               {24, 0.114054}, {79, 0.237928}, {80, 0.240180}, {100, 0.285225}, {828, 1.924865}}) {
        cases.emplace_back(Printer::lulu, paper, pages, spine);
      }
    }
    for (const auto& [printer, paper, pages, spine] : cases) {
      // A string first: clang 14's lambdas (INFO's) cannot capture structured bindings.
      const std::string info =
          std::string(printer_id(printer)) + " " + std::string(cover_paper_id(paper)) + " " + std::to_string(pages);
      INFO(info);
      const std::optional<double> got = formula_spine_in(printer, paper, pages);
      REQUIRE(got.has_value());
      CHECK(*got == doctest::Approx(spine).epsilon(1e-6));
    }
    for (const CoverPaper paper : kAllCoverPapers) {
      for (const int pages : {24, 79, 80, 100, 828}) {
        CHECK_FALSE(formula_spine_in(Printer::ingramspark, paper, pages).has_value());
      }
    }
  }

  TEST_CASE("KDP's own example: 6x9, 200 white pages is 12.7004 x 9.25 in") {
    const double spine = *formula_spine_in(Printer::kdp, CoverPaper::white, 200);
    CHECK(spine == doctest::Approx(0.4504));
    const CoverGeometry g = cover_geometry(trim_of("6x9"), spine, Printer::kdp, true);
    CHECK(g.width_pt == doctest::Approx(12.7004 * 72));
    CHECK(g.height_pt == doctest::Approx(9.25 * 72));
  }

  TEST_CASE("full-wrap size at 5x8, 6x9 and 8.5x11 for every printer and paper at each page count") {
    // width = 0.25 + 2 W + spine, height = H + 0.25 (inches); spine from the table above.
    const std::vector<std::tuple<std::string, double, double>> trims = {
        {"5x8", 5, 8}, {"6x9", 6, 9}, {"8.5x11", 8.5, 11}};
    const std::vector<std::tuple<Printer, CoverPaper, int, double>> spines = {
        {Printer::kdp, CoverPaper::white, 24, 0.054048},  {Printer::kdp, CoverPaper::cream, 79, 0.1975},
        {Printer::kdp, CoverPaper::color, 80, 0.18776},   {Printer::lulu, CoverPaper::white, 100, 0.285225},
        {Printer::kdp, CoverPaper::white, 828, 1.864656}, {Printer::ingramspark, CoverPaper::cream, 100, 0.3},
    };
    for (const auto& [name, w, h] : trims) {
      for (const auto& [printer, paper, pages, spine] : spines) {
        const std::string info =
            std::string(name) + " " + std::string(printer_id(printer)) + " " + std::to_string(pages);
        INFO(info);
        const double s = formula_spine_in(printer, paper, pages).value_or(spine);
        const CoverGeometry g = cover_geometry(trim_of(name), s, printer, true);
        CHECK(g.spine_in == doctest::Approx(spine).epsilon(1e-6));
        CHECK(g.width_pt == doctest::Approx((0.25 + 2 * w + spine) * 72).epsilon(1e-6));
        CHECK(g.height_pt == doctest::Approx((h + 0.25) * 72));
        check_box(g.media, 0, 0, g.width_pt, g.height_pt);
        check_box(g.trim, 9, 9, g.width_pt - 9, g.height_pt - 9);
        check_box(g.back, 9, 9, 9 + w * 72, 9 + h * 72);
        check_box(g.spine, 9 + w * 72, 9, 9 + (w + spine) * 72, 9 + h * 72);
        check_box(g.front, 9 + (w + spine) * 72, 9, 9 + (2 * w + spine) * 72, 9 + h * 72);
      }
    }
  }

  TEST_CASE("safe zones: 0.25 in inside the trim, 0.0625 in from the folds") {
    const CoverGeometry g = cover_geometry(trim_of("6x9"), 0.5, Printer::kdp, true);
    // back: x 9..441, spine 441..477, front 477..909; y 9..657.
    check_box(g.back_safe, 27, 27, 436.5, 639);
    check_box(g.spine_safe, 445.5, 27, 472.5, 639);
    check_box(g.front_safe, 481.5, 27, 891, 639);
    CHECK(spine_band_pt(0.5) == doctest::Approx(27));
    CHECK(spine_band_pt(0.1) < 0);
  }

  TEST_CASE("barcode boxes: KDP (and IngramSpark) 2 x 1.2 in, Lulu 3.625 x 1.25 in; none when not kept clear") {
    const Trim t = trim_of("6x9");
    // KDP: right edge 0.25 in left of the fold (441 - 18 = 423), 2 in wide; bottom 0.25 in up.
    check_box(*cover_geometry(t, 0.3, Printer::kdp, true).barcode, 279, 27, 423, 113.4);
    check_box(*cover_geometry(t, 0.3, Printer::ingramspark, true).barcode, 279, 27, 423, 113.4);
    // Lulu: 0.375 in from the fold (441 - 27 = 414) and the bottom (9 + 27 = 36).
    check_box(*cover_geometry(t, 0.3, Printer::lulu, true).barcode, 153, 36, 414, 126);
    CHECK_FALSE(cover_geometry(t, 0.3, Printer::kdp, false).barcode.has_value());
  }

  TEST_CASE("spine text and page minimums by printer; names") {
    CHECK(spine_text_min_pages(Printer::kdp) == 79);
    CHECK(spine_text_min_pages(Printer::lulu) == 80);
    CHECK(spine_text_min_pages(Printer::ingramspark) == 48);
    CHECK(min_pages(Printer::kdp) == 24);
    CHECK(min_pages(Printer::ingramspark) == 24);
    CHECK(min_pages(Printer::lulu) == 32);
    for (const Printer p : kAllPrinters) CHECK(parse_printer(printer_id(p)) == p);
    CHECK(parse_printer("IngramSpark") == Printer::ingramspark);
    CHECK_FALSE(parse_printer("createspace").has_value());
    for (const CoverPaper p : kAllCoverPapers) CHECK(parse_cover_paper(cover_paper_id(p)) == p);
    CHECK(cover_paper_of(Paper::cream) == CoverPaper::cream);
    CHECK(cover_paper_of(Paper::white) == CoverPaper::white);
  }
}
