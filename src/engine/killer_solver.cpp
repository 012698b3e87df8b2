// Solving killers: solver.h's contract over the houses with cage propagation (killer.h).
#include <limits>

#include "engine/check_parts.h"
#include "engine/killer.h"
#include "engine/killer_propagation.h"
#include "engine/search.h"

namespace puzzlepress::engine {
namespace {

// Why the givens cannot be solved on `killer` (malformed), or "".
std::string givens_problem(const Killer& killer, const Grid& givens) {
  if (std::string problem = killer_problem(killer); !problem.empty()) return problem;
  if (!(givens.shape == killer.shape))
    return "the grid is " + shape_id(givens.shape) + ", the cages " + shape_id(killer.shape);
  const int n = killer.shape.size();
  for (int i = 0; i < killer.shape.cells(); ++i)
    if (givens.cells[static_cast<std::size_t>(i)] > n)
      return "cell " + std::to_string(i + 1) + " holds " + std::to_string(givens.cells[static_cast<std::size_t>(i)]) +
             " (expected 0-" + std::to_string(n) + ")";
  return "";
}

}  // namespace

SolveResult solve(const Killer& killer, const Grid& givens, const SolveOptions& options) {
  if (std::string problem = givens_problem(killer, givens); !problem.empty())
    return detail::malformed<SolveResult>(std::move(problem));
  if (auto conflict = find_killer_conflict(killer, givens))
    return detail::inconsistent<SolveResult>(std::move(*conflict));
  const Geometry& geometry = killer_geometry(killer.shape);
  const detail::CagePropagation cages(killer, geometry);
  return detail::searched<SolveResult>(options, [&](int cap, std::uint64_t budget, std::vector<Grid>* solutions) {
    return detail::search_geometry(geometry, detail::Propagation::locked, givens, cap, budget, solutions, &cages);
  });
}

SolveResult solve_killer(std::string_view text, const SolveOptions& options) {
  const KillerParse parsed = parse_killer(text);
  if (!parsed.killer) return detail::malformed<SolveResult>(parsed.error);
  return solve(*parsed.killer, *parsed.givens, options);
}

int count_solutions(const Killer& killer, const Grid& givens, int cap) {
  if (cap < 1 || !givens_problem(killer, givens).empty() || find_killer_conflict(killer, givens)) return 0;
  const Geometry& geometry = killer_geometry(killer.shape);
  const detail::CagePropagation cages(killer, geometry);
  return detail::search_geometry(geometry, detail::Propagation::locked, givens, cap,
                                 std::numeric_limits<std::uint64_t>::max(), nullptr, &cages)
      .found;
}

}  // namespace puzzlepress::engine
