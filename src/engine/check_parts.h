// What the solvers and validators of every shape and kind share (engine-internal): the results
// that refuse an input or come from a search, and validate()'s checks and their wording. solver9.cpp, solver.cpp and
// variant_solver.cpp solve; validate9.cpp, validate.cpp and variant_solver.cpp validate.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/grade.h"
#include "engine/solver9.h"

namespace puzzlepress::engine::detail {

/// A solve result (SolveResult or SolveResult9) refusing malformed input: `detail` says why.
template <class Result>
Result malformed(std::string detail) {
  Result result;
  result.status = SolveStatus::malformed;
  result.detail = std::move(detail);
  return result;
}

/// A solve result refusing givens that clash: `conflict` says where.
template <class Result, class Conflict>
Result inconsistent(Conflict conflict) {
  Result result;
  result.status = SolveStatus::inconsistent;
  result.conflict = std::move(conflict);
  return result;
}

/// A solve result from a search of the givens: `search(cap, node_budget, &result.solutions)`
/// fills the solutions it finds (at most cap) and returns an outcome with found, out_of_budget
/// and nodes. A solution_cap below 1 counts as 1.
template <class Result, class Search>
Result searched(const SolveOptions& options, const Search& search) {
  Result result;
  const int cap = options.solution_cap < 1 ? 1 : options.solution_cap;
  const auto outcome = search(cap, options.node_budget, &result.solutions);
  result.nodes = outcome.nodes;
  result.status = search_status(outcome.found, outcome.out_of_budget, cap);
  return result;
}

/// "r3c12" (1-based) on an N x N grid.
std::string cell_name(int cell, int n);

/// validate: every cell of `solution` (of N x N cells) holds 1..N; else, per cell, "solution r1c2
/// is empty" or "... is not a <noun> (17)". True when the solution is complete.
bool check_solution_cells(std::span<const std::uint8_t> solution, int n, const char* noun,
                          std::vector<std::string>& problems);

/// validate: each given is 0..N ("given r1c2 is not a <noun> (17)") and agrees with `solution`
/// ("r3c4: given 7 but the solution has 2", symbols as `letters` or numbers). True when every
/// given is 0..N (the givens can be solved).
bool check_givens(std::span<const std::uint8_t> givens, std::span<const std::uint8_t> solution, int n, const char* noun,
                  bool letters, std::vector<std::string>& problems);

/// validate: the stored clue count against the givens'.
void check_clue_count(int stored, int actual, std::vector<std::string>& problems);

/// validate: the givens' solve status, other than unique, as a problem; `conflict` is the
/// conflict's message for inconsistent.
void check_solve_status(SolveStatus status, const std::string& conflict, std::vector<std::string>& problems);

/// validate: the clue count inside the grade's band.
void check_band(int clues, Grade grade, ClueBand band, std::vector<std::string>& problems);

}  // namespace puzzlepress::engine::detail
