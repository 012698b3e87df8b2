// Cage propagation for the search over houses (engine-internal; search.h's ExtraPropagation).
//
// A killer becomes sum rules: each cage (its cells differ and add up to its sum), then the rule
// of 45 over houses: for a region made of whole houses (one row, column or box; two to four
// side-by-side rows or columns) the cells it holds of cages not inside it (innies) add up to the
// region's total minus the sums of the cages inside it, and the cells outside it of cages that
// cross it (outies) add up to those cages' sums minus the region's total. Innies and outies of
// at most kMaxDerivedCells cells become rules; two of their cells must differ when they see each
// other or share a cage.
//
// narrow() makes every rule arc consistent: a symbol stays in a cell only when some assignment
// of the rule's cells (each from its candidates, apart cells different) reaches the sum with it
// (an enumeration of the assignments with bounds on what the remaining cells can add; a rule whose
// enumeration passes kNodeBudget nodes is left as it is for this round). Then for a cage (and a
// rule whose cells all differ), a symbol every assignment uses lies in one of the cells that
// still hold it, so it leaves every cell seeing all of them (a combination locked into a house).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/geometry.h"
#include "engine/killer.h"
#include "engine/search.h"

namespace puzzlepress::engine::detail {

/// The cells of a rule of 45's innies or outies made into a rule: at most this many.
inline constexpr int kMaxDerivedCells = 6;
/// Enumeration nodes one rule may take in one narrow() before it is left for that round.
inline constexpr int kNodeBudget = 20000;

/// A sum over cells: the symbols of `cells` add up to `sum`; positions i and j must hold
/// different symbols when bit j of apart[i] is set.
struct SumRule {
  static constexpr int kMaxCells = 9;
  std::array<std::uint8_t, kMaxCells> cells{};
  std::array<std::uint16_t, kMaxCells> apart{};
  int size = 0;
  int sum = 0;
  bool distinct = false;  ///< every two cells differ (a cage)
};

/// The rules of a killer: its cages (in its order), then the rule of 45's innies and outies
/// (distinct cell sets only, in the order: rows, columns, boxes, then runs of 2 to 4 rows, then
/// of columns; innies before outies). Requires killer_problem(killer) == "".
std::vector<SumRule> killer_rules(const Killer& killer, const Geometry& geometry);

/// The killer's rules as search.h's ExtraPropagation. Remembers each rule's last enumeration, so
/// one object serves one search at a time (make one per solve; never share it between threads).
class CagePropagation final : public ExtraPropagation {
 public:
  /// `geometry` is killer_geometry(killer.shape); both must outlive this.
  CagePropagation(const Killer& killer, const Geometry& geometry);
  int narrow(std::span<std::uint16_t> cand, std::span<const std::uint8_t> value) const override;
  std::span<const SumRule> rules() const { return rules_; }

 private:
  // Per rule, its last enumeration: the same candidates give the same answer without one.
  struct Memo {
    bool filled = false;
    std::array<std::uint16_t, SumRule::kMaxCells> domain{}, support{};
    std::uint16_t required = 0;
    bool found = false, aborted = false;
  };

  const Geometry& geometry_;
  std::vector<SumRule> rules_;
  mutable std::vector<Memo> memo_;
};

}  // namespace puzzlepress::engine::detail
