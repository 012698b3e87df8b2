// Solver front end: input checks, statuses and the 9x9 dispatch; the search for the
// other shapes is in search.cpp.
#include "engine/solver.h"

#include <limits>

#include "engine/check_parts.h"
#include "engine/geometry.h"
#include "engine/search.h"

namespace puzzlepress::engine {
namespace {

// A shape we do not support or cells outside 0..N, reported as malformed.
std::optional<std::string> bad_input(const Grid& givens) {
  if (!is_supported(givens.shape)) return "unsupported shape " + shape_id(givens.shape);
  const int n = givens.size();
  for (int i = 0; i < givens.cell_count(); ++i) {
    if (givens.cells[i] > n) {
      return "cell " + std::to_string(i + 1) + " holds " + std::to_string(givens.cells[i]) + " (expected 0-" +
             std::to_string(n) + ")";
    }
  }
  return std::nullopt;
}

SolveResult from_9x9(const SolveResult9& r) {
  SolveResult out;
  out.status = r.status;
  out.nodes = r.nodes;
  for (const Grid9& g : r.solutions) out.solutions.push_back(from_grid(g));
  if (r.conflict) out.conflict = Conflict{r.conflict->unit, r.conflict->index, r.conflict->digit, {}};
  out.detail = r.detail;
  return out;
}

}  // namespace

std::string Conflict::message() const {
  const char* kind = unit == UnitKind::row ? "row" : unit == UnitKind::column ? "column" : "box";
  const std::string what = value <= 9 ? "digit " + std::to_string(value) : std::string("symbol ") + symbol_char(value);
  if (!house.empty()) return what + " appears twice in " + house;
  return what + " appears twice in " + kind + " " + std::to_string(index);
}

std::optional<Conflict> find_conflict(const Grid& givens) {
  if (!is_supported(givens.shape)) return std::nullopt;
  const detail::Tables256& t = classic_geometry(givens.shape).tables();
  for (int u = 0; u < t.houses; ++u) {
    unsigned seen = 0;
    for (int i = 0; i < t.symbols; ++i) {
      const int v = givens.cells[t.house_cells[u][i]];
      if (v < 1 || v > t.symbols) continue;
      if (seen & (1u << v)) return Conflict{static_cast<UnitKind>(u / t.symbols), u % t.symbols + 1, v, {}};
      seen |= 1u << v;
    }
  }
  return std::nullopt;
}

SolveResult solve(const Grid& givens, const SolveOptions& options) {
  if (auto bad = bad_input(givens)) return detail::malformed<SolveResult>(std::move(*bad));
  if (givens.shape == kShape9x9) return from_9x9(solve(to_grid(givens), options));
  if (auto conflict = find_conflict(givens)) return detail::inconsistent<SolveResult>(std::move(*conflict));
  return detail::searched<SolveResult>(options, [&](int cap, std::uint64_t budget, std::vector<Grid>* solutions) {
    return detail::search_grid(givens, cap, budget, solutions);
  });
}

SolveResult solve(std::string_view text, std::optional<Shape> shape, const SolveOptions& options) {
  const auto parsed = parse_grid(text, shape);
  if (!parsed.ok()) return detail::malformed<SolveResult>(parsed.error.message());
  return solve(*parsed.grid, options);
}

int count_solutions(const Grid& givens, int cap) {
  if (cap < 1 || bad_input(givens)) return 0;
  if (givens.shape == kShape9x9) return count_solutions(to_grid(givens), cap);
  return detail::search_grid(givens, cap, std::numeric_limits<std::uint64_t>::max(), nullptr).found;
}

bool has_other_completion(const Grid& givens, const Grid& solution, int cell, bool cell_is_forced, int partner) {
  if (givens.shape == kShape9x9) {
    return has_other_completion(to_grid(givens), to_grid(solution), cell, cell_is_forced, partner);
  }
  return detail::search_differs(givens, cell, solution.cells[cell], !cell_is_forced, partner,
                                partner >= 0 ? solution.cells[partner] : 0);
}

}  // namespace puzzlepress::engine
