#include "book/kdp/print_cost.h"

#include <array>
#include <cmath>

namespace puzzlepress::book {
namespace {

// ---- The table (data only) -------------------------------------------------------------------
//
// Source: KDP help "Paperback Printing Cost", https://kdp.amazon.com/en_US/help/topic/G201834340
// (read 2026-12-05 through a stored copy; its black-ink table is by marketplace, regular and large
// trim, in two page bands: 24-108 pages pay the fixed cost only, 110-828 pages fixed + per page).
// The 24-108 band's Amazon.com row (2.30 USD regular, 2.84 USD large) is read on that page. Its
// 110-828 band was not in the part of the stored copy we could read: 1.00 USD + 0.012 USD a page
// (regular) and 1.00 USD + 0.017 USD a page (large) are from a publisher's note of January 2026
// quoting the same page; the page's own worked example (0.85 USD + 300 x 0.012) is the rate before
// KDP's change of 2023-06-20 and disagrees with it: we use the newer figures.
//
// Only Amazon.com is here: the other marketplaces' 110-828 rows were not readable, and a table
// that prices a 100-page book but not a 120-page one would mislead. Premium colour is not here
// either: puzzlepress prints black-ink interiors only (spec `paper`: white or cream).
constexpr std::array kCostRows = {
    KdpCostRow{"Amazon.com", "USD", KdpInk::black, 24, 108, false, 2.30, 0.0},
    KdpCostRow{"Amazon.com", "USD", KdpInk::black, 24, 108, true, 2.84, 0.0},
    KdpCostRow{"Amazon.com", "USD", KdpInk::black, 110, 828, false, 1.00, 0.012},
    KdpCostRow{"Amazon.com", "USD", KdpInk::black, 110, 828, true, 1.00, 0.017},
};

// Royalty rate of paperbacks since 2025-06-10: 50 % below 9.99 USD, 60 % at or above (KDP's
// e-mail to publishers of May 2025, quoted at https://oldnfo.substack.com/p/welp-we-knew, read
// 2026-12-05; KDP help GXFPA52P6ZJD2U3N lists the thresholds per marketplace).
constexpr std::array kRoyaltyRules = {
    KdpRoyaltyRule{"Amazon.com", 9.99, 0.50, 0.60},
};

double round_cents(double value) { return std::round(value * 100.0) / 100.0; }

}  // namespace

bool is_kdp_large_trim(const Trim& trim) {
  return trim.width_in > kKdpLargeTrimOverWidthIn || trim.height_in > kKdpLargeTrimOverHeightIn;
}

std::span<const KdpCostRow> kdp_cost_rows() { return kCostRows; }
std::span<const KdpRoyaltyRule> kdp_royalty_rules() { return kRoyaltyRules; }

std::optional<KdpCostRow> find_cost_row(std::span<const KdpCostRow> rows, std::string_view marketplace, KdpInk ink,
                                        int pages, bool large_trim) {
  for (const KdpCostRow& row : rows) {
    if (row.marketplace == marketplace && row.ink == ink && row.large_trim == large_trim && pages >= row.min_pages &&
        pages <= row.max_pages) {
      return row;
    }
  }
  return std::nullopt;
}

double min_list_price(const KdpRoyaltyRule& rule, double printing_cost) {
  const double at_low_rate = printing_cost / rule.low_rate;
  if (at_low_rate < rule.threshold) return at_low_rate;
  const double at_high_rate = printing_cost / rule.high_rate;
  return at_high_rate > rule.threshold ? at_high_rate : rule.threshold;
}

std::optional<KdpPrice> kdp_price(std::string_view marketplace, int pages, const Trim& trim, KdpInk ink) {
  const std::optional<KdpCostRow> row = find_cost_row(kCostRows, marketplace, ink, pages, is_kdp_large_trim(trim));
  if (!row) return std::nullopt;
  const KdpRoyaltyRule* rule = nullptr;
  for (const KdpRoyaltyRule& r : kRoyaltyRules) {
    if (r.marketplace == marketplace) rule = &r;
  }
  if (!rule) return std::nullopt;
  KdpPrice price;
  price.marketplace = row->marketplace;
  price.currency = row->currency;
  price.printing_cost = round_cents(row->fixed + pages * row->per_page);
  // Up to the next cent (less a hair for binary fractions): a price a cent lower pays less than 0.
  price.min_list_price = std::ceil(min_list_price(*rule, price.printing_cost) * 100.0 - 1e-9) / 100.0;
  return price;
}

double kdp_royalty(const KdpPrice& price, double list_price) {
  for (const KdpRoyaltyRule& rule : kRoyaltyRules) {
    if (rule.marketplace != price.marketplace) continue;
    const double rate = list_price < rule.threshold ? rule.low_rate : rule.high_rate;
    return rate * list_price - price.printing_cost;
  }
  return 0;
}

}  // namespace puzzlepress::book
