// Solver front end: input checks and statuses; the search itself is in band_search.cpp.
#include "engine/solver9.h"

#include "engine/band_search.h"
#include "engine/check_parts.h"

namespace puzzlepress::engine {
namespace {

// Cells outside 0..9, reported as malformed.
std::optional<std::string> bad_cell(const Grid9& givens) {
  for (int i = 0; i < kCells; ++i) {
    if (givens.cells[i] > 9) {
      return "cell " + std::to_string(i + 1) + " holds " + std::to_string(givens.cells[i]) + " (expected 0-9)";
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view status_name(SolveStatus status) {
  switch (status) {
    case SolveStatus::malformed: return "malformed";
    case SolveStatus::inconsistent: return "inconsistent";
    case SolveStatus::no_solution: return "no_solution";
    case SolveStatus::unique: return "unique";
    case SolveStatus::multiple: return "multiple";
    case SolveStatus::unresolved: return "unresolved";
  }
  return "malformed";
}

SolveStatus search_status(int found, bool out_of_budget, int cap) {
  if (found >= 2) return SolveStatus::multiple;
  if (out_of_budget) return SolveStatus::unresolved;
  if (found == 1 && cap == 1) return SolveStatus::unresolved;  // a cap of 1 stops before a second could be seen
  return found == 1 ? SolveStatus::unique : SolveStatus::no_solution;
}

std::string Conflict9::message() const {
  const char* kind = unit == UnitKind::row ? "row" : unit == UnitKind::column ? "column" : "box";
  return "digit " + std::to_string(digit) + " appears twice in " + kind + " " + std::to_string(index);
}

std::optional<Conflict9> find_conflict(const Grid9& givens) {
  for (int kind = 0; kind < 3; ++kind) {
    for (int unit = 0; unit < 9; ++unit) {
      unsigned seen = 0;
      for (int k = 0; k < 9; ++k) {
        const int cell = kind == 0   ? unit * 9 + k
                         : kind == 1 ? k * 9 + unit
                                     : (unit / 3) * 27 + (unit % 3) * 3 + (k / 3) * 9 + k % 3;
        const int d = givens.cells[cell];
        if (!d) continue;
        if (seen & (1u << d)) return Conflict9{static_cast<UnitKind>(kind), unit + 1, d};
        seen |= 1u << d;
      }
    }
  }
  return std::nullopt;
}

SolveResult9 solve(const Grid9& givens, const SolveOptions& options) {
  if (auto bad = bad_cell(givens)) return detail::malformed<SolveResult9>(std::move(*bad));
  if (auto conflict = find_conflict(givens)) return detail::inconsistent<SolveResult9>(*conflict);
  return detail::searched<SolveResult9>(options, [&](int cap, std::uint64_t budget, std::vector<Grid9>* solutions) {
    return detail::band_search(givens, cap, budget, solutions);
  });
}

SolveResult9 solve(std::string_view text, const SolveOptions& options) {
  const auto parsed = parse_grid9(text);
  if (!parsed.ok()) return detail::malformed<SolveResult9>(parsed.error.message());
  return solve(*parsed.grid, options);
}

int count_solutions(const Grid9& givens, int cap) {
  if (cap < 1 || bad_cell(givens)) return 0;
  // Clashing givens need no separate check: the search cannot place the second one and finds 0.
  return detail::band_search(givens, cap, std::numeric_limits<std::uint64_t>::max(), nullptr).found;
}

bool has_other_completion(const Grid9& givens, const Grid9& solution, int cell, bool cell_is_forced, int partner,
                          Grid9* witness) {
  return detail::band_search_differs(givens, cell, solution.cells[cell], !cell_is_forced, partner,
                                     partner >= 0 ? solution.cells[partner] : 0, witness);
}

}  // namespace puzzlepress::engine
