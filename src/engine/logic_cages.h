// A killer's cages as the grader reads them, and the sums the killer techniques reason with.
// Engine-internal: not part of the public API.
//
// The grader's view of a killer geometry (logic_board.h: TableView::cages) carries a CageTable:
// the cages (cells and sum), each cell's cage, and the regions of the rule of 45 with their
// innies and outies, derived once from the cages and the geometry's houses. The killer
// techniques (logic_killer_cages.cpp, logic_killer_45.cpp) read it; on a view without cages
// they find nothing (and their rule leaves them out: technique_rules.cpp).
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/killer.h"
#include "engine/logic.h"
#include "engine/logic_board.h"

namespace puzzlepress::engine::logic {

struct CageTable {
  struct Entry {
    std::vector<int> cells{};  ///< ascending
    int sum = 0;
  };
  /// A region of whole houses (one house, or side-by-side rows, columns or boxes) and what the
  /// rule of 45 says of it. The region's cells add up to houses.size() times the sum of all
  /// symbols; the cages wholly inside it take their sums, so the innies (its cells in cages that
  /// reach outside) add up to innie_sum, and the outies (the cells of those cages outside it)
  /// to outie_sum.
  struct Region {
    std::vector<int> houses{};  ///< ascending
    std::vector<int> innies{};  ///< ascending
    int innie_sum = 0;
    std::vector<int> outies{};  ///< ascending
    int outie_sum = 0;
  };

  std::vector<Entry> cages{};
  std::vector<int> cage_of{};  ///< per cell, its cage; -1 for a cell in none
  /// One house each: rows, columns, blocks (the rule of 45 over one house).
  std::vector<Region> single{};
  /// Runs of 2 to 4 side-by-side rows, then of columns, then two boxes side by side (in a band,
  /// then in a stack), each cell set once and none equal to a house.
  std::vector<Region> several{};

  /// Whether cells `a` and `b` must differ: they share a house or a cage.
  template <class V>
  bool apart(const V& g, int a, int b) const {
    return a != b && (g.sees(a, b) || (cage_of[a] >= 0 && cage_of[a] == cage_of[b]));
  }
};

/// The table of `killer` (killer_problem(killer) == "") on `geometry` = killer_geometry(shape).
CageTable make_cage_table(const Killer& killer, const Geometry& geometry);

/// What a cage's rule allows: the cells hold different symbols (of 1..symbols, symbols <= 9)
/// adding up to `sum`, cell i one of domain[i].
struct CageFit {
  bool feasible = false;             ///< some assignment exists
  std::array<Mask, 16> support{};    ///< per cell, the symbols some assignment gives it
  Mask required = 0;                 ///< the symbols every assignment uses
  std::vector<Mask> combinations{};  ///< the sets of symbols the assignments use, ascending
};
/// Every assignment's symbols over `domain` (a placed cell: its value's bit alone) that add up to
/// `sum` and use every symbol of `must_use`. At most 16 cells.
CageFit fit_cage(std::span<const Mask> domain, int sum, Mask must_use, int symbols);

/// What a sum over cells allows when only the pairs with bit j of apart[i] must differ: per cell,
/// the symbols some assignment gives it (all zero when none exists). At most 8 cells.
std::array<Mask, 8> fit_sum(std::span<const Mask> domain, std::span<const std::uint8_t> apart, int sum);

/// The grader (logic_solver.cpp) on a killer geometry with its cages: solve_logically's and
/// check_tier's contracts; `givens` of the geometry's shape.
LogicResult solve_logically_with_cages(const Grid& givens, const Geometry& geometry, const CageTable& cages,
                                       const LogicOptions& options);
TierCheck check_tier_with_cages(const Grid& givens, const Geometry& geometry, const CageTable& cages, Grade max_tier);

/// The symbols of `m` as "1+2+6".
std::string combination_text(Mask m);

}  // namespace puzzlepress::engine::logic
