#include <doctest/doctest.h>

#include "book/kdp/geometry.h"
#include "support/book_fixtures.h"

using namespace puzzlepress::book;
using puzzlepress::testing::check_rect;
using puzzlepress::testing::trim_of;

TEST_SUITE("geometry") {
  TEST_CASE("page size is the trim, plus bleed on three edges") {
    const PageSizePt plain = page_size_pt(trim_of("6x9"), false);
    CHECK(plain.width == doctest::Approx(432));
    CHECK(plain.height == doctest::Approx(648));
    const PageSizePt bled = page_size_pt(trim_of("6x9"), true);
    CHECK(bled.width == doctest::Approx(441));
    CHECK(bled.height == doctest::Approx(666));
    const PageSizePt letter = page_size_pt(trim_of("8.5x11"), true);
    CHECK(letter.width == doctest::Approx(621));
    CHECK(letter.height == doctest::Approx(810));
    const PageSizePt a4 = page_size_pt(trim_of("A4"), false);
    CHECK(a4.width == doctest::Approx(595.44));
    CHECK(a4.height == doctest::Approx(841.68));
  }

  TEST_CASE("recto and verso") {
    CHECK(is_recto(1));
    CHECK_FALSE(is_recto(2));
    CHECK(is_recto(3));
    CHECK_FALSE(is_recto(24));
  }

  TEST_CASE("trim box: no bleed on the spine edge") {
    const Trim trim = trim_of("6x9");
    check_rect(trim_box_pt(1, trim, false), 0, 0, 432, 648);
    check_rect(trim_box_pt(2, trim, false), 0, 0, 432, 648);
    check_rect(trim_box_pt(1, trim, true), 0, 9, 432, 648);  // recto: bleed on the right
    check_rect(trim_box_pt(2, trim, true), 9, 9, 432, 648);  // verso: bleed on the left
    check_rect(trim_box_pt(7, trim, true), 0, 9, 432, 648);
  }

  TEST_CASE("gutter by page-count band, edges included") {
    CHECK(inside_margin_in(24) == 0.375);
    CHECK(inside_margin_in(150) == 0.375);
    CHECK(inside_margin_in(151) == 0.5);
    CHECK(inside_margin_in(300) == 0.5);
    CHECK(inside_margin_in(301) == 0.625);
    CHECK(inside_margin_in(500) == 0.625);
    CHECK(inside_margin_in(501) == 0.75);
    CHECK(inside_margin_in(700) == 0.75);
    CHECK(inside_margin_in(701) == 0.875);
    CHECK(inside_margin_in(828) == 0.875);
  }

  TEST_CASE("minimum and effective margins") {
    const MarginsIn plain = minimum_margins_in(100, false);
    CHECK(plain.inside == 0.375);
    CHECK(plain.outside == 0.25);
    CHECK(plain.top == 0.25);
    CHECK(plain.bottom == 0.25);
    const MarginsIn bled = minimum_margins_in(400, true);
    CHECK(bled.inside == 0.625);
    CHECK(bled.outside == 0.375);
    CHECK(bled.top == 0.375);
    CHECK(bled.bottom == 0.375);
    // A preset may ask for more, never less.
    const MarginsIn used = effective_margins_in(100, false, MarginsIn{0.1, 0.5, 0.75, 0.2});
    CHECK(used.inside == 0.375);
    CHECK(used.outside == 0.5);
    CHECK(used.top == 0.75);
    CHECK(used.bottom == 0.25);
  }

  TEST_CASE("content box: gutter left on odd pages, right on even pages") {
    const Trim trim = trim_of("6x9");
    // 100 pages, no bleed: gutter 27 pt, other edges 18 pt.
    check_rect(content_box_pt(1, 100, trim, false, {}), 27, 18, 387, 612);
    check_rect(content_box_pt(2, 100, trim, false, {}), 18, 18, 387, 612);
    // 200 pages with bleed: gutter 36 pt, edges 27 pt from the trim, trim box y 9 pt.
    const RectPt recto = content_box_pt(3, 200, trim, true, {});
    check_rect(recto, 36, 36, 369, 594);
    CHECK(recto.x + recto.width == doctest::Approx(432 - 27));  // outside edge on the right
    const RectPt verso = content_box_pt(4, 200, trim, true, {});
    check_rect(verso, 9 + 27, 36, 369, 594);
    CHECK(verso.x + verso.width == doctest::Approx(441 - 36));  // gutter at the spine edge
    // Larger preset margins are honoured.
    check_rect(content_box_pt(1, 100, trim, false, MarginsIn{0.5, 0.5, 1.0, 0.5}), 36, 36, 360, 540);
    // The gutter grows with the page count.
    CHECK(content_box_pt(1, 800, trim, false, {}).x == doctest::Approx(63));
  }
}
