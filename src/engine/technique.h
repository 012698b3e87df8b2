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
  x_wing,            ///< 3.2
  swordfish,         ///< 3.8
  skyscraper,        ///< 4.0  two parallel conjugate pairs joined at one end
  two_string_kite,   ///< 4.1  row + column conjugate pairs joined in a box
  turbot_fish,       ///< 4.2  any other strong-weak-strong single-digit chain
  xy_wing,           ///< 4.2
  xyz_wing,          ///< 4.4
  w_wing,            ///< 4.4  two equal bivalue cells bridged by a conjugate pair
  unique_rectangle,  ///< 4.5  type 1; assumes the puzzle has a unique solution
  jellyfish,         ///< 5.2
  simple_colouring,  ///< 5.7  colour wrap / colour trap on one digit's conjugate graph
  x_chain,           ///< 6.5+ single-digit alternating chain (+0.1 per length step)
  xy_chain,          ///< 7.0+ chain of bivalue cells (+0.1 per length step)
  // Evil
  aic,            ///< 7.5+ alternating inference chain mixing cells and units
  forcing_chain,  ///< 8.0+ cell/unit forcing chains and contradictions, singles propagated
};

inline constexpr int kTechniqueCount = 27;

/// The order in which the solver tries techniques: by tier, then by rating inside a tier.
/// (So a board's tier is the lowest tier whose techniques solve it, e.g. hidden pairs (Hard)
/// are tried before an X-wing (Extreme) although the X-wing rates lower.)
extern const std::array<Technique, kTechniqueCount> kTechniqueOrder;

/// Lower-case English name, e.g. "hidden single (box)", "x-wing".
std::string_view technique_name(Technique technique);
/// Base Sudoku Explainer rating. Chains and forcing chains add length bonuses to it per step
/// (see LogicStep::rating).
double technique_rating(Technique technique);
/// The tier a technique belongs to (see the enum's grouping).
Grade technique_tier(Technique technique);

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
  std::vector<CellDigit> placements;
  std::vector<CellDigit> eliminations;

  /// One line for a person, e.g. "r3c4 = 7: hidden single (box) in box 2" or
  /// "naked pair {3,7} in r1c2,r1c5 (row 1): r1c7 -3 r1c8 -37"
  /// (eliminations grouped by cell). Rows/columns/boxes 1-based.
  std::string explain() const;
};

}  // namespace puzzlepress::engine
