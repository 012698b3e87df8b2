// The large-print preset (layouts/large-print.yaml) meets APH / UKAAF large-print guidance: every
// text run of the book at least 18 pt (labels, page numbers, headings, solutions' digits), no
// line under 0.75 pt, digits of 24 pt or more in cells of 15 mm or more at 8.5x11, one puzzle a
// page as large as the margins allow and centred in the height left.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "book/make/build.h"
#include "book/spec/spec.h"
#include "book/text/wording.h"
#include "support/book_fixtures.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

constexpr double kLargePrintPt = 18;
constexpr double kMmPerPt = 25.4 / 72;

Book large_print_book(const std::string& trim, std::string_view language) {
  const BookSpec spec = load_spec(
      "title: Large Print Sudoku\nsubtitle: Easy to Hard, One per Page\nauthor: Ann Example\nyear: 2026\n"
      "publisher: Example Books\ntrim: " +
          trim + "\nlayout: large-print\nseed: 11\nlanguage: " + std::string(language) +
          "\npuzzles:\n  - { grade: easy, count: 5 }\n  - { grade: hard, count: 4 }\n",
      "spec.yaml", testing::any_file_exists);
  return make_book(spec, testing::built_in_settings(1));  // built-in preset and fonts
}

}  // namespace

TEST_SUITE("large print") {
  TEST_CASE("every text run of a large-print book is at least 18 pt, every line at least 0.75 pt") {
    for (const char* trim : {"8.5x11", "A4", "8x10", "8.5x8.5"}) {
      for (std::string_view language : kLanguages) {
        INFO(trim << " " << language);
        const Book book = large_print_book(trim, language);
        int runs = 0;
        double smallest = 1000, thinnest = 1000;
        for (const BookPage& page : book.pages) {
          for (const auto& item : page.page.items) {
            if (const auto* t = std::get_if<render::TextRun>(&item)) {
              smallest = std::min(smallest, t->size_pt);
              ++runs;
            } else if (const auto* l = std::get_if<render::Line>(&item)) {
              thinnest = std::min(thinnest, l->width_pt);
            }
          }
        }
        CHECK(runs > 100);
        CHECK(smallest >= kLargePrintPt);
        CHECK(thinnest >= 0.75);
      }
    }
  }

  TEST_CASE("at 8.5x11: one puzzle a page, 15 mm cells or more with 24 pt digits or more, centred") {
    const Book book = large_print_book("8.5x11", "en");
    int puzzle_pages = 0;
    for (const BookPage& page : book.pages) {
      if (page.planned.kind == PageKind::solutions) {
        CHECK(page.smallest_cell_pt * kMmPerPt >= 9.5);  // 2 x 2 a page, digits still 18 pt (above)
      }
      if (page.planned.kind != PageKind::puzzles) continue;
      ++puzzle_pages;
      REQUIRE(page.grid_boxes.size() == 1);
      const render::Box& grid = page.grid_boxes[0];
      CHECK(page.smallest_cell_pt * kMmPerPt >= 15);
      // As wide as the margins allow.
      CHECK(grid.width() >= page.frame.content.width() - 1);
      // Balanced: the room above the label and below the grid differ by less than a label line.
      const double above = page.frame.content.top - grid.top;
      const double below = grid.bottom - page.frame.content.bottom;
      CHECK(std::abs(above - below) < 3 * kLargePrintPt);
      double largest_digit = 0;
      for (const auto& item : page.page.items) {
        if (const auto* t = std::get_if<render::TextRun>(&item); t && t->role == render::FontRole::symbol) {
          largest_digit = std::max(largest_digit, t->size_pt);
          CHECK(t->size_pt >= 24);
        }
      }
      CHECK(largest_digit >= 24);
    }
    CHECK(puzzle_pages == 9);
  }
}
