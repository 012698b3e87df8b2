#include <doctest/doctest.h>

#include <array>
#include <cmath>

#include "book/kdp/print_cost.h"

using namespace puzzlepress::book;

namespace {

// A table of our own, so the lookup's edges are tested apart from KDP's figures.
constexpr std::array kRows = {
    KdpCostRow{"Test", "TST", KdpInk::black, 24, 108, false, 2.0, 0.0},
    KdpCostRow{"Test", "TST", KdpInk::black, 24, 108, true, 3.0, 0.0},
    KdpCostRow{"Test", "TST", KdpInk::black, 110, 828, false, 1.0, 0.01},
    KdpCostRow{"Test", "TST", KdpInk::black, 110, 828, true, 1.0, 0.02},
};

Trim trim_of(double width, double height) { return Trim{"custom", width, height}; }

}  // namespace

TEST_SUITE("print_cost") {
  TEST_CASE("a band's first and last page count are in it; the counts around are not") {
    for (const bool large : {false, true}) {
      CAPTURE(large);
      REQUIRE(find_cost_row(kRows, "Test", KdpInk::black, 24, large));
      CHECK(find_cost_row(kRows, "Test", KdpInk::black, 24, large)->per_page == 0);
      CHECK(find_cost_row(kRows, "Test", KdpInk::black, 108, large)->min_pages == 24);
      CHECK(find_cost_row(kRows, "Test", KdpInk::black, 110, large)->min_pages == 110);
      CHECK(find_cost_row(kRows, "Test", KdpInk::black, 828, large)->max_pages == 828);
      CHECK(find_cost_row(kRows, "Test", KdpInk::black, 110, large)->large_trim == large);
      CHECK_FALSE(find_cost_row(kRows, "Test", KdpInk::black, 23, large));
      CHECK_FALSE(find_cost_row(kRows, "Test", KdpInk::black, 109, large));  // KDP's pages are even
      CHECK_FALSE(find_cost_row(kRows, "Test", KdpInk::black, 829, large));
      CHECK_FALSE(find_cost_row(kRows, "Test", KdpInk::premium_color, 200, large));
      CHECK_FALSE(find_cost_row(kRows, "Elsewhere", KdpInk::black, 200, large));
    }
  }

  TEST_CASE("large trim: wider than 6.12 in or taller than 9 in") {
    CHECK_FALSE(is_kdp_large_trim(trim_of(6.12, 9)));
    CHECK(is_kdp_large_trim(trim_of(6.13, 9)));
    CHECK(is_kdp_large_trim(trim_of(6, 9.01)));
    for (const Trim& trim : kStandardTrims) {
      CAPTURE(trim.name);
      CHECK(is_kdp_large_trim(trim) == (trim.width_in > 6.12 || trim.height_in > 9));
    }
  }

  TEST_CASE("KDP's table: every row is a band KDP prints, each band in both trim classes") {
    REQUIRE_FALSE(kdp_cost_rows().empty());
    for (const KdpCostRow& row : kdp_cost_rows()) {
      CAPTURE(row.min_pages);
      CHECK(row.min_pages >= 24);
      CHECK(row.max_pages <= 828);
      CHECK(row.min_pages <= row.max_pages);
      CHECK(row.fixed > 0);
      const auto other = find_cost_row(kdp_cost_rows(), row.marketplace, row.ink, row.min_pages, !row.large_trim);
      REQUIRE(other);
      CHECK(other->max_pages == row.max_pages);
      // A large trim never prints for less.
      const double cost = row.fixed + row.max_pages * row.per_page;
      const double other_cost = other->fixed + other->max_pages * other->per_page;
      CHECK((row.large_trim ? cost >= other_cost : cost <= other_cost));
    }
  }

  TEST_CASE("price: the row's sum, and the least list price that pays") {
    for (const Trim& trim : {trim_of(6, 9), trim_of(8.5, 11)}) {
      for (int pages = 24; pages <= 828; pages += 2) {
        CAPTURE(pages);
        const auto price = kdp_price("Amazon.com", pages, trim);
        REQUIRE(price);
        const auto row = find_cost_row(kdp_cost_rows(), "Amazon.com", KdpInk::black, pages, is_kdp_large_trim(trim));
        REQUIRE(row);
        CHECK(std::abs(price->printing_cost() - (row->fixed + pages * row->per_page)) <= 0.005);
        CHECK(kdp_royalty_cents(*price, price->min_list_price_cents) >= 0);
        CHECK(kdp_royalty_cents(*price, price->min_list_price_cents - 1) < 0);
      }
    }
    CHECK_FALSE(kdp_price("Amazon.com", 22, trim_of(6, 9)));
    CHECK_FALSE(kdp_price("Amazon.com", 830, trim_of(6, 9)));
  }

  TEST_CASE("royalty: the low rate below the threshold, the high rate at it") {
    const KdpRoyaltyRule rule{"Test", 10.0, 50, 60};
    CHECK(min_list_price_cents(rule, 200) == 400);   // 50 % of 4.00 pays 2.00
    CHECK(min_list_price_cents(rule, 201) == 402);   // 4.01 pays a half cent short
    CHECK(min_list_price_cents(rule, 550) == 1000);  // under 10 at 50 % pays too little; 60 % of 10 does
    CHECK(min_list_price_cents(rule, 720) == 1200);  // 60 % of 12.00
    CHECK(min_list_price_cents(rule, 721) == 1202);  // 60 % of 12.01 is 7.206: short
    for (const KdpRoyaltyRule& r : kdp_royalty_rules()) {
      CHECK(r.low_percent < r.high_percent);
      CHECK(r.threshold > 0);
    }
  }
}
