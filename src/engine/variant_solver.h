// The solve contract (solver.h) and a generator for variants (variant.h): x, hyper, jigsaw.
//
// Solving: solver.h's statuses on the layout's geometry (every house counted: diagonals,
// windows, regions). Generating: a seeded layout (jigsaw: random_regions from the puzzle's
// seed), a seeded complete grid of it, and the symmetric dig of generator.h's other shapes,
// unique under the kind's houses at every removal, graded by the one grader on the kind's
// geometry (techniques its rules leave out there are never tried).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/batch_progress.h"
#include "engine/generator.h"
#include "engine/solver.h"
#include "engine/variant.h"

namespace puzzlepress::engine {

/// solve(Grid)'s contract on a layout: malformed (a cell outside 0..N, a layout with no
/// geometry: its message), inconsistent (a symbol twice in a house: the conflict names it,
/// "digit 4 appears twice in diagonal 2"), then unique, multiple (two distinct witnesses),
/// no_solution or unresolved by the geometry's search.
SolveResult solve(const Layout& layout, const Grid& givens, const SolveOptions& options = {});

/// Reads parse_variant's text form (malformed with its message), then solves.
SolveResult solve_variant(std::string_view text, Kind kind, std::optional<Shape> shape,
                          const SolveOptions& options = {});

/// The first symbol given twice in a house of `geometry` (houses in order), if any.
std::optional<Conflict> find_conflict(const Geometry& geometry, const Grid& givens);

/// min(solutions, cap) on a layout; 0 for a layout with no geometry, bad cells or clashes.
int count_solutions(const Layout& layout, const Grid& givens, int cap);

/// The clue band of a grade for a kind on a shape (docs/puzzles.md has the measurements).
ClueBand variant_clue_band(Kind kind, Shape shape, Grade grade);

/// What a variant puzzle is generated from: its kind, and generator.h's options (shape, grade,
/// seed, symmetry, attempts, grading, max_solutions, allow_trial).
struct VariantOptions {
  Kind kind = Kind::x;
  GenerateOptions base;
};

/// A generated variant: its layout (a jigsaw's regions) and the puzzle on it (generator.h's
/// fields; `valid` also needs uniqueness under the kind's houses and the kind's clue band).
struct VariantPuzzle {
  Layout layout;
  Puzzle puzzle;
};

/// The puzzle for `options`; the same options give the same puzzle on every platform. A kind
/// the shape does not take, or a grade it does not offer: invalid with empty givens. Classic is
/// generate(options.base) exactly; every_symbol_given redraws as it does there.
VariantPuzzle generate(const VariantOptions& options);

/// Called with each finished puzzle in index order (generator.h's InOrderPuzzles for variants).
using InOrderVariants = std::function<void(std::size_t index, const VariantPuzzle& puzzle)>;

/// generate for each item, on `jobs` workers (<= 0: one per hardware thread); result[i] is
/// generate(items[i]) whatever `jobs` is. `in_order` (optional) as generator.h's generate_batch.
std::vector<VariantPuzzle> generate_batch(std::span<const VariantOptions> items, int jobs,
                                          const BatchProgress& progress = {}, const InOrderVariants& in_order = {});

/// validate() for a variant: the layout's geometry, the solution complete and legal under every
/// house, givens agreeing with it, the stored clue count, one solution, the grade offered, the
/// clues in the kind's band.
std::vector<std::string> validate(const VariantPuzzle& puzzle);

}  // namespace puzzlepress::engine
