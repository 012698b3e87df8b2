// Solving and validating variants: see variant_solver.h.
#include "engine/variant_solver.h"

#include <limits>

#include "engine/check_parts.h"
#include "engine/search.h"

namespace puzzlepress::engine {
namespace {

std::optional<std::string> bad_cells(const Grid& givens, Shape shape) {
  if (!(givens.shape == shape)) return "the grid is " + shape_id(givens.shape) + ", the layout " + shape_id(shape);
  const int n = shape.size();
  for (int i = 0; i < shape.cells(); ++i)
    if (givens.cells[i] > n)
      return "cell " + std::to_string(i + 1) + " holds " + std::to_string(givens.cells[i]) + " (expected 0-" +
             std::to_string(n) + ")";
  return std::nullopt;
}

}  // namespace

std::optional<Conflict> find_conflict(const Geometry& geometry, const Grid& givens) {
  const int n = geometry.size();
  for (int h = 0; h < geometry.houses(); ++h) {
    unsigned seen = 0;
    for (int c : geometry.house(h)) {
      const int v = givens.cells[static_cast<std::size_t>(c)];
      if (v < 1 || v > n) continue;
      if (seen & (1u << v)) {
        const HouseKind kind = geometry.house_kind(h);
        const UnitKind unit = kind == HouseKind::row      ? UnitKind::row
                              : kind == HouseKind::column ? UnitKind::column
                                                          : UnitKind::box;
        return Conflict{unit, geometry.tables().house_index[h] + 1, v, geometry.house_name(h)};
      }
      seen |= 1u << v;
    }
  }
  return std::nullopt;
}

SolveResult solve(const Layout& layout, const Grid& givens, const SolveOptions& options) {
  if (layout.kind == Kind::classic && givens.shape == layout.shape) return solve(givens, options);
  const GeometryBuild built = variant_geometry(layout);
  if (!built.geometry) return detail::malformed<SolveResult>(built.error);
  if (auto bad = bad_cells(givens, layout.shape)) return detail::malformed<SolveResult>(std::move(*bad));
  if (auto conflict = find_conflict(*built.geometry, givens))
    return detail::inconsistent<SolveResult>(std::move(*conflict));
  return detail::searched<SolveResult>(options, [&](int cap, std::uint64_t budget, std::vector<Grid>* solutions) {
    return detail::search_geometry(*built.geometry, detail::Propagation::singles, givens, cap, budget, solutions);
  });
}

SolveResult solve_variant(std::string_view text, Kind kind, std::optional<Shape> shape, const SolveOptions& options) {
  const VariantParse parsed = parse_variant(text, kind, shape);
  if (!parsed.layout) return detail::malformed<SolveResult>(parsed.error);
  return solve(*parsed.layout, *parsed.grid, options);
}

int count_solutions(const Layout& layout, const Grid& givens, int cap) {
  if (cap < 1) return 0;
  const GeometryBuild built = variant_geometry(layout);
  if (!built.geometry || bad_cells(givens, layout.shape) || find_conflict(*built.geometry, givens)) return 0;
  return detail::search_geometry(*built.geometry, detail::Propagation::singles, givens, cap,
                                 std::numeric_limits<std::uint64_t>::max(), nullptr)
      .found;
}

std::vector<std::string> validate(const VariantPuzzle& vp) {
  const Puzzle& puzzle = vp.puzzle;
  const GeometryBuild built = variant_geometry(vp.layout);
  if (!built.geometry) return {built.error};
  if (!(puzzle.shape == vp.layout.shape) || !(puzzle.givens.shape == puzzle.shape) ||
      !(puzzle.solution.shape == puzzle.shape))
    return {"givens or solution are not " + shape_id(vp.layout.shape) + " grids"};
  std::vector<std::string> problems;
  const int n = puzzle.shape.size(), cells = puzzle.shape.cells();
  bool complete = true;
  for (int i = 0; i < cells; ++i) {
    const int v = puzzle.solution.cells[i];
    if (v < 1 || v > n) {
      problems.push_back("solution " + detail::cell_name(i, n) + " is " +
                         (v == 0 ? std::string("empty") : "not a symbol"));
      complete = false;
    }
  }
  if (complete)
    if (auto conflict = find_conflict(*built.geometry, puzzle.solution))
      problems.push_back("solution is not legal: " + conflict->message());
  for (int i = 0; i < cells; ++i) {
    const int g = puzzle.givens.cells[i];
    if (g != 0 && g != puzzle.solution.cells[i])
      problems.push_back(detail::cell_name(i, n) + ": given " + std::string(1, symbol_char(g)) +
                         " but the solution has " + std::string(1, symbol_char(puzzle.solution.cells[i])));
  }
  const int clues = puzzle.givens.clue_count();
  detail::check_clue_count(puzzle.clues, clues, problems);
  const SolveResult result = solve(vp.layout, puzzle.givens);
  detail::check_solve_status(result.status, result.conflict ? result.conflict->message() : "", problems);
  if (!offers_grade(puzzle.shape, puzzle.grade)) {
    problems.push_back(grade_not_offered_message(puzzle.shape, puzzle.grade));
    return problems;
  }
  detail::check_band(clues, puzzle.grade, variant_clue_band(vp.layout.kind, puzzle.shape, puzzle.grade), problems);
  return problems;
}

}  // namespace puzzlepress::engine
