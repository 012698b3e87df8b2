// Techniques of the logic solver: their names, ratings and tiers, and one deduction (a step).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grade.h"

namespace puzzlepress::engine {

/// Every technique the solver knows, grouped by tier. The solver tries them in
/// kTechniqueOrder (tier first, then rating), never the enum order.
enum class Technique : std::uint8_t {
  // Easy
  full_house,          ///< 1.0  last empty cell of a unit
  hidden_single_box,   ///< 1.2  only place for a digit in a box
  hidden_single_line,  ///< 1.5  only place for a digit in a row or column
  naked_single,        ///< 2.3  only digit left in a cell
  // Medium
  pointing,     ///< 2.6  a digit's places in a box lie on one line: off the rest of the line
  naked_pair,   ///< 3.0
  // Hard
  claiming,       ///< 2.8  a digit's places in a line lie in one box: off the rest of the box
  hidden_pair,    ///< 3.4
  naked_triple,   ///< 3.6
  hidden_triple,  ///< 4.0
  naked_quad,     ///< 5.0
  hidden_quad,    ///< 5.4
  // Extreme
  x_wing,              ///< 3.2
  finned_x_wing,       ///< 5.5  X-wing plus fins in one box: off the cover cells seeing the fins
  sashimi_x_wing,      ///< 5.6  finned X-wing whose base line keeps one cover cell
  swordfish,           ///< 3.8
  finned_swordfish,    ///< 5.8
  sashimi_swordfish,   ///< 5.9
  skyscraper,          ///< 5.5  two parallel conjugate pairs joined at one end
  two_string_kite,     ///< 5.5  row + column conjugate pairs joined in a box
  turbot_fish,         ///< 5.6  any other strong-weak-strong single-digit chain
  empty_rectangle,     ///< 5.6  a box's places on a cross + a conjugate pair
  xy_wing,             ///< 4.2
  xyz_wing,            ///< 4.4
  wxyz_wing,           ///< 5.8  four cells, four digits, one digit not restricted
  w_wing,              ///< 5.6  two equal bivalue cells bridged by a conjugate pair
  unique_rectangle_1,  ///< 4.5  uniqueness: three corners hold only {a,b}
  unique_rectangle_2,  ///< 4.5  uniqueness: two roof corners share one extra digit
  unique_rectangle_3,  ///< 4.6+ uniqueness: the roof's extras form a naked subset in a unit
  unique_rectangle_4,  ///< 4.5  uniqueness: a conjugate pair on one UR digit in the roof
  unique_rectangle_5,  ///< 4.6  uniqueness: the extra digit in diagonal or three corners
  unique_rectangle_6,  ///< 4.6  uniqueness: diagonal bivalue corners, UR digit conjugate in both lines
  bug_plus_one,        ///< 5.6  uniqueness: all cells bivalue but one (bivalue universal grave)
  jellyfish,           ///< 5.2
  simple_colouring,    ///< 5.8  colour wrap / colour trap on one digit's conjugate graph
  x_chain,             ///< 6.6+ single-digit alternating chain (+0.1 per length step)
  grouped_x_chain,     ///< 6.8+ X-chain with group nodes (a digit's places in a box-line)
  xy_chain,            ///< 6.6+ chain of bivalue cells (+0.1 per length step)
  // Evil
  aligned_pair_exclusion,  ///< 6.2  value pairs of two cells excluded by bivalue cells
  aic,                     ///< 7.0+ alternating inference chain mixing cells and units
  grouped_aic,             ///< 7.3+ AIC with group nodes
  forcing_chain,           ///< 8.0+ cell/unit forcing chains and contradictions, singles propagated
};

inline constexpr int kTechniqueCount = 42;

/// The order in which the solver tries techniques: by tier, then by rating inside a tier.
/// (So a board's tier is the lowest tier whose techniques solve it, e.g. hidden pairs (Hard)
/// are tried before an X-wing (Extreme) although the X-wing rates lower.)
extern const std::array<Technique, kTechniqueCount> kTechniqueOrder;

/// Lower-case English name, e.g. "hidden single (box)", "x-wing", "unique rectangle type 2".
std::string_view technique_name(Technique technique);
/// Base rating on an SE-like scale (Sudoku Explainer 1.2.1's value where SE has the technique;
/// the README's table lists every value and where it differs). Chains, forcing chains and
/// unique rectangle type 3 add bonuses to it per step (see LogicStep::rating).
double technique_rating(Technique technique);
/// The tier a technique belongs to (see the enum's grouping).
Grade technique_tier(Technique technique);
/// True for the techniques that assume the puzzle has exactly one solution (unique rectangles,
/// BUG+1): on a board with several solutions they may remove digits of some of them.
bool assumes_uniqueness(Technique technique);

/// Rating given to a board that needs trial and error (no known technique makes progress).
inline constexpr double kTrialRating = 10.0;

/// A (cell, digit) pair: cell 0..80 row-major, digit 1..9.
struct CellDigit {
  int cell = 0;
  int digit = 0;
  friend bool operator==(const CellDigit&, const CellDigit&) = default;
};

/// One deduction. Singles place one digit (placements has one entry, eliminations none); the
/// other techniques only eliminate, except forcing chains, which may do either.
struct LogicStep {
  Technique technique = Technique::full_house;
  double rating = 0.0;          ///< technique_rating plus any length bonus for this instance
  std::vector<int> cells;       ///< the cells forming the pattern (chains: in chain order)
  std::vector<int> digits;      ///< the digits the pattern is about
  int unit = -1;                ///< 0..8 rows, 9..17 columns, 18..26 boxes; -1 when none
  /// Technique-specific detail, for wording the step (see logic_wording.cpp):
  ///   fish: the base lines then the cover lines; empty rectangle: the box, then the unit of
  ///   the conjugate pair; unique rectangle types 3 and 4: the unit of the subset or pair.
  std::vector<int> units;
  ///   finned fish: the fins; unique rectangles: the corners holding more than the pair
  ///   (type 3: then the cells of the naked subset); empty rectangle: the conjugate pair;
  ///   aligned pair exclusion: the bivalue cells that exclude pairs.
  std::vector<int> extra_cells;
  std::vector<CellDigit> placements;
  std::vector<CellDigit> eliminations;

  /// The step in words a solver understands, one line, e.g. "row 4: the pair 2/7 in r4c2 and
  /// r4c8 removes 2 and 7 from the rest of the row" (singles as explain() puts them).
  std::string describe() const;

  /// One line in compact notation, e.g. "r3c4 = 7: hidden single (box) in box 2" or
  /// "naked pair {3,7} in r1c2,r1c5 (row 1): r1c7 -3 r1c8 -37"
  /// (eliminations grouped by cell). Rows/columns/boxes 1-based.
  std::string explain() const;
};

}  // namespace puzzlepress::engine
