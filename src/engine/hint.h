// Hints: for a puzzle, the first step a solver needs beyond singles, in words.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/grid9.h"
#include "engine/geometry.h"
#include "engine/grid.h"
#include "engine/killer.h"
#include "engine/technique.h"

namespace puzzlepress::engine {

/// The first step of a puzzle's logical solve that needs more than singles. Plain data, to be
/// stored as it is (a book's manifest keeps one per puzzle): cells 0..80 row-major, digits
/// 1..9, units 0..8 rows, 9..17 columns, 18..26 boxes, as in LogicStep.
struct Hint {
  bool singles_only = false;                    ///< singles solve the puzzle: no step below is set
  bool needs_trial = false;                     ///< singles stall and no technique we know applies
  Technique technique = Technique::full_house;  ///< the step's technique (when neither flag)
  std::string technique_name;                   ///< technique_name(technique), or ""
  int unit = -1;
  std::vector<int> cells;
  std::vector<int> digits;
  std::vector<CellDigit> placements;
  std::vector<CellDigit> eliminations;
  std::vector<int> units;         ///< LogicStep::units (fish lines, the rectangle's box, ...)
  std::vector<int> extra_cells;   ///< LogicStep::extra_cells (fins, roof corners, a cage's cells, ...)
  int sum = 0;                    ///< LogicStep::sum (killer techniques: the cells' sum); else 0
  std::vector<int> combinations;  ///< LogicStep::combinations (cage combinations: digit masks)
  /// The position the step applies to: the givens with every single applied, one value a cell
  /// (0 = empty), row-major. Empty for "not a valid puzzle".
  std::vector<int> values;
  /// One line, e.g. "row 4: the pair 2/7 in r4c2 and r4c8 removes 2 and 7 from the rest of the
  /// row"; "singles only"; "no logical step applies after the singles" (needs_trial); "not a
  /// valid puzzle" when the givens clash. A book prefixes it with "Puzzle 57 — ".
  std::string text;
};

/// The hint for `givens`: every single is applied first (in any order: they reach the same
/// position), then the step the logic solver takes next (the easiest technique, as in
/// solve_logically). Pure: the same givens give the same hint.
Hint first_hint(const Grid9& givens);

/// first_hint for any shape (9x9: first_hint(givens) word for word). Cells, units and digits use
/// the shape's numbering (LogicResult); `text` is explain_step's line for the other shapes.
Hint first_hint(const Grid& givens);

/// first_hint under `geometry`'s houses (a variant's: diagonals, windows, regions), in its
/// numbering (geometry.h: houses 3N.. are the extra ones); explain_step's line as `text`. For a
/// classic geometry, first_hint(givens) exactly.
Hint first_hint(const Grid& givens, const Geometry& geometry);

/// first_hint of a killer: the first step of its logical solve (killer_grade.h's
/// solve_logically, cages read) that is neither a single nor a cage combination (every solver
/// writes those in first), at the position singles and combinations reach, in killer_geometry's
/// numbering; when no such step comes, the first cage combination at its own position. Not a
/// valid puzzle when solve_logically calls it invalid.
Hint first_hint(const Killer& killer, const Grid& givens);

/// first_hint(killers[i], givens[i]) of every killer, on `jobs` threads (<= 0: all cores), the
/// same whatever `jobs` is. Precondition: the spans have one length.
std::vector<Hint> first_hints(std::span<const Killer> killers, std::span<const Grid> givens, int jobs);

/// first_hint of every board, on `jobs` threads (<= 0: all cores); result[i] is
/// first_hint(boards[i]) whatever `jobs` is.
std::vector<Hint> first_hints(std::span<const Grid> boards, int jobs);

}  // namespace puzzlepress::engine
