// KDP's paperback printing cost, minimum list price and royalty (issue 26): a table of KDP's
// published rates (print_cost.cpp, data only) and the three sums KDP's help page gives with it.
// Money is in the marketplace's currency units (USD: dollars), never converted; the sums are
// done in whole cents (a hundredth of the unit), as KDP shows them.
//
//   printing cost = fixed cost + pages x per-page cost   (the band's row; a flat band has 0 per page)
//   royalty       = rate x list price - printing cost    (rate 50 % below the marketplace's
//                                                          threshold price, 60 % at or above it)
//   minimum list price = the least price whose royalty is not negative
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "book/kdp/trim.h"

namespace puzzlepress::book {

/// KDP's "large trim": wider than 6.12 in or taller than 9 in (a 6 x 9 in book is regular).
inline constexpr double kKdpLargeTrimOverWidthIn = 6.12;
inline constexpr double kKdpLargeTrimOverHeightIn = 9.0;
bool is_kdp_large_trim(const Trim& trim);

enum class KdpInk { black, premium_color };

/// One row of KDP's table: a marketplace's cost for books of `min_pages` .. `max_pages` pages
/// (both included) in one ink and one trim class.
struct KdpCostRow {
  std::string_view marketplace;  ///< "Amazon.com"
  std::string_view currency;     ///< "USD"
  KdpInk ink = KdpInk::black;
  int min_pages = 0;
  int max_pages = 0;
  bool large_trim = false;
  double fixed = 0;     ///< per book
  double per_page = 0;  ///< per interior page (0: the band is flat)
};

/// The royalty rule of a marketplace: `low_percent` of a list price below `threshold` (its
/// currency), `high_percent` at or above it.
struct KdpRoyaltyRule {
  std::string_view marketplace;
  double threshold = 0;
  int low_percent = 0;
  int high_percent = 0;
};

/// The rows and rules we have (print_cost.cpp names the source and the date it was read).
std::span<const KdpCostRow> kdp_cost_rows();
std::span<const KdpRoyaltyRule> kdp_royalty_rules();

/// `rows`' row for the book (first match), or nullopt when none covers it (a page count KDP does
/// not print, or a marketplace or ink the table lacks).
std::optional<KdpCostRow> find_cost_row(std::span<const KdpCostRow> rows, std::string_view marketplace, KdpInk ink,
                                        int pages, bool large_trim);

struct KdpPrice {
  std::string_view marketplace;
  std::string_view currency;
  long long printing_cost_cents = 0;   ///< fixed + pages x per page, rounded to the cent
  long long min_list_price_cents = 0;  ///< the least price whose royalty is not negative
  double printing_cost() const { return static_cast<double>(printing_cost_cents) / 100.0; }
  double min_list_price() const { return static_cast<double>(min_list_price_cents) / 100.0; }
};

/// The printing cost and minimum list price of a black-ink paperback of `pages` pages and
/// `trim` sold on `marketplace`, from kdp_cost_rows() and kdp_royalty_rules(); nullopt when the
/// table has no row for it.
std::optional<KdpPrice> kdp_price(std::string_view marketplace, int pages, const Trim& trim,
                                  KdpInk ink = KdpInk::black);

/// The royalty per copy at a list price of `list_price_cents`, in cents (a fraction of a cent
/// where the rate leaves one; negative below the least list price: KDP refuses such a price).
double kdp_royalty_cents(const KdpPrice& price, long long list_price_cents);

/// The least list price, in cents, whose royalty under `rule` covers `printing_cost_cents`.
long long min_list_price_cents(const KdpRoyaltyRule& rule, long long printing_cost_cents);

}  // namespace puzzlepress::book
