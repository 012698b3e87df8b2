// KDP's paperback printing cost, minimum list price and royalty (issue 26): a table of KDP's
// published rates (print_cost.cpp, data only) and the three sums KDP's help page gives with it.
// Money is in the marketplace's currency units (USD: dollars), never converted.
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

/// The royalty rule of a marketplace: `low_rate` below `threshold` (list price, its currency),
/// `high_rate` at or above it.
struct KdpRoyaltyRule {
  std::string_view marketplace;
  double threshold = 0;
  double low_rate = 0;
  double high_rate = 0;
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
  double printing_cost = 0;   ///< rounded to cents, as KDP shows it
  double min_list_price = 0;  ///< rounded up to cents
};

/// The printing cost and minimum list price of a black-ink paperback of `pages` pages and
/// `trim` sold on `marketplace`, from kdp_cost_rows() and kdp_royalty_rules(); nullopt when the
/// table has no row for it.
std::optional<KdpPrice> kdp_price(std::string_view marketplace, int pages, const Trim& trim,
                                  KdpInk ink = KdpInk::black);

/// The royalty per copy at `list_price`, unrounded (may be negative: KDP refuses such a price).
double kdp_royalty(const KdpPrice& price, double list_price);

/// The least list price whose royalty under `rule` covers `printing_cost`, unrounded.
double min_list_price(const KdpRoyaltyRule& rule, double printing_cost);

}  // namespace puzzlepress::book
