#include "book/kdp/print_cost.h"

#include <algorithm>
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
    KdpRoyaltyRule{"Amazon.com", 9.99, 50, 60},
};

const KdpRoyaltyRule* royalty_rule(std::string_view marketplace) {
  for (const KdpRoyaltyRule& rule : kRoyaltyRules) {
    if (rule.marketplace == marketplace) return &rule;
  }
  return nullptr;
}

long long to_cents(double amount) { return std::llround(amount * 100.0); }

// The least whole number of cents p with p x percent / 100 >= cost (integers: exact).
long long least_price_at(int percent, long long cost_cents) { return (cost_cents * 100 + percent - 1) / percent; }

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

long long min_list_price_cents(const KdpRoyaltyRule& rule, long long printing_cost_cents) {
  const long long threshold = to_cents(rule.threshold);
  const long long at_low_rate = least_price_at(rule.low_percent, printing_cost_cents);
  if (at_low_rate < threshold) return at_low_rate;
  return std::max(threshold, least_price_at(rule.high_percent, printing_cost_cents));
}

std::optional<KdpPrice> kdp_price(std::string_view marketplace, int pages, const Trim& trim, KdpInk ink) {
  const std::optional<KdpCostRow> row = find_cost_row(kCostRows, marketplace, ink, pages, is_kdp_large_trim(trim));
  const KdpRoyaltyRule* rule = royalty_rule(marketplace);
  if (!row || !rule) return std::nullopt;
  KdpPrice price;
  price.marketplace = row->marketplace;
  price.currency = row->currency;
  price.printing_cost_cents = to_cents(row->fixed + pages * row->per_page);
  price.min_list_price_cents = min_list_price_cents(*rule, price.printing_cost_cents);
  return price;
}

double kdp_royalty_cents(const KdpPrice& price, long long list_price_cents) {
  const KdpRoyaltyRule* rule = royalty_rule(price.marketplace);
  if (!rule) return 0;
  const int percent = list_price_cents < to_cents(rule->threshold) ? rule->low_percent : rule->high_percent;
  return static_cast<double>(list_price_cents * percent - price.printing_cost_cents * 100) / 100.0;
}

}  // namespace puzzlepress::book
