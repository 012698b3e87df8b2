// Techniques of the grader: their names, ratings and tiers (techniques.def, one row each), the
// rule that leaves one out on a geometry where its logic does not hold, and one deduction (a
// step).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grade.h"
#include "engine/shape.h"

namespace puzzlepress::engine {

class Geometry;

/// Every technique the grader knows, in the order of techniques.def (tiers grouped). The grader
/// tries them in kTechniqueOrder (tier first, then rating), never the enum order.
enum class Technique : std::uint8_t {
#define TECHNIQUE(id, name, rating, tier, scope, rule) id,
#include "engine/techniques.def"
#undef TECHNIQUE
};

inline constexpr int kTechniqueCount = 0
#define TECHNIQUE(id, name, rating, tier, scope, rule) +1
#include "engine/techniques.def"
#undef TECHNIQUE
    ;

/// The order in which the grader tries techniques: by tier, then by rating inside a tier.
/// (So a board's tier is the lowest tier whose techniques solve it, e.g. hidden pairs (Hard)
/// are tried before an X-wing (Extreme) although the X-wing rates lower.)
extern const std::array<Technique, kTechniqueCount> kTechniqueOrder;

/// Lower-case English name, e.g. "hidden single (box)", "x-wing", "unique rectangle type 2".
std::string_view technique_name(Technique technique);
/// Base rating on an SE-like scale (Sudoku Explainer 1.2.1's value where SE has the technique;
/// the README's table lists every value and where it differs). Chains, forcing chains and
/// unique rectangle type 3 add bonuses to it per step (see LogicStep::rating).
double technique_rating(Technique technique);
/// The tier a technique belongs to (see techniques.def).
Grade technique_tier(Technique technique);
/// The tier of a technique on `shape`: technique_tier(technique), except on the children's
/// sizes, where pointing and pairs are (almost) never needed (README "Sizes") and Medium starts
/// within the singles: on 4x4 only full house is Easy, on 6x6 full house and hidden single
/// (box); the other singles are Medium. kTechniqueOrder stays increasing in this tier.
Grade technique_tier(Shape shape, Technique technique);
/// True for the techniques that assume the puzzle has exactly one solution (unique rectangles,
/// BUG+1): on a board with several solutions they may remove digits of some of them.
bool assumes_uniqueness(Technique technique);
/// True for the killer techniques (cage combinations, innies and outies, cage/house
/// intersection, killer pairs and triples): they reason with cage sums, so a geometry of houses
/// alone leaves them out.
bool reads_cages(Technique technique);

/// Why `technique` is left out on `geometry`, or nothing when the grader uses it there. The
/// rule sits beside the technique (techniques.def, technique_rules.cpp); a rule that depends on
/// the instance (which rectangles are deadly patterns) lives in the technique's finder.
std::optional<std::string> technique_exclusion(const Geometry& geometry, Technique technique);

/// Rating given to a board that needs trial and error (no known technique makes progress).
inline constexpr double kTrialRating = 10.0;

/// A (cell, digit) pair: cell row-major (row * N + column), digit (symbol) 1..N.
struct CellDigit {
  int cell = 0;
  int digit = 0;
  friend bool operator==(const CellDigit&, const CellDigit&) = default;
};

/// One deduction. Singles place one digit (placements has one entry, eliminations none); the
/// other techniques only eliminate, except forcing chains, which may do either, and the rule of
/// 45 (innies and outies), which places the value of a lone innie or outie. Cells, houses
/// and digits use the geometry's numbering (geometry.h): on 9x9, cells 0..80, houses 0..8 rows,
/// 9..17 columns, 18..26 boxes.
struct LogicStep {
  Technique technique = Technique::full_house;
  double rating = 0.0;      ///< technique_rating plus any length bonus for this instance
  std::vector<int> cells;   ///< the cells forming the pattern (chains: in chain order)
  std::vector<int> digits;  ///< the digits the pattern is about
  int unit = -1;            ///< the house the step is in; -1 when none
  /// Technique-specific detail, for wording the step:
  ///   fish: the base lines then the cover lines; empty rectangle: the box, then the house of
  ///   the conjugate pair; unique rectangle types 3 and 4: the house of the subset or pair;
  ///   type 6: the two lines; the rule of 45: the houses of the region.
  std::vector<int> units;
  ///   finned fish: the fins; unique rectangles: the corners holding more than the pair
  ///   (type 3: then the cells of the naked subset); empty rectangle: the conjugate pair;
  ///   aligned pair exclusion: the bivalue cells that exclude pairs; cage/house intersection:
  ///   the cage's cells.
  std::vector<int> extra_cells;
  ///   killer techniques: the sum of `cells` (a cage's, or what the rule of 45 leaves its
  ///   innies or outies once the placed ones are taken off); 0 for the other techniques.
  int sum = 0;
  ///   cage combinations: the sets of digits the cage's assignments that fit use, each a mask
  ///   (bit d-1 for digit d), ascending.
  std::vector<int> combinations;
  std::vector<CellDigit> placements;
  std::vector<CellDigit> eliminations;

  /// The step in words a solver understands, one line, e.g. "row 4: the pair 2/7 in r4c2 and
  /// r4c8 removes 2 and 7 from the rest of the row" (singles as explain() puts them), with the
  /// houses and symbols of `geometry` ("row 12", "symbol C"). Without one: the 9x9 grid's.
  std::string describe(const Geometry& geometry) const;
  std::string describe() const;

  /// One line in compact notation, e.g. "r3c4 = 7: hidden single (box) in box 2" or
  /// "naked pair {3,7} in r1c2,r1c5 (row 1): r1c7 -3 r1c8 -37" (eliminations grouped by cell).
  std::string explain(const Geometry& geometry) const;
  std::string explain() const;
};

}  // namespace puzzlepress::engine
