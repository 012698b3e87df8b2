// Interim solver: plain bitmask MRV backtracking (the fast one replaces the search below).
#include "engine/solver.h"

#include <bit>

namespace puzzlepress::engine {
namespace {

constexpr int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

struct Search {
  Grid grid;
  std::uint16_t rows[9]{}, cols[9]{}, boxes[9]{};
  int cap = 2;
  std::uint64_t budget = 0;
  std::uint64_t nodes = 0;
  bool out_of_budget = false;
  std::vector<Grid> found;

  void place(int cell, int digit) {
    const std::uint16_t bit = static_cast<std::uint16_t>(1u << (digit - 1));
    grid.cells[cell] = static_cast<std::uint8_t>(digit);
    rows[cell / 9] |= bit;
    cols[cell % 9] |= bit;
    boxes[box_of(cell)] |= bit;
  }
  void unplace(int cell, int digit) {
    const std::uint16_t bit = static_cast<std::uint16_t>(~(1u << (digit - 1)));
    grid.cells[cell] = 0;
    rows[cell / 9] &= bit;
    cols[cell % 9] &= bit;
    boxes[box_of(cell)] &= bit;
  }

  void run() {
    int best = -1, best_count = 10;
    unsigned best_mask = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid.cells[cell]) continue;
      const unsigned mask = ~(rows[cell / 9] | cols[cell % 9] | boxes[box_of(cell)]) & 0x1FFu;
      const int n = std::popcount(mask);
      if (n < best_count) {
        best = cell;
        best_count = n;
        best_mask = mask;
        if (n <= 1) break;
      }
    }
    if (best < 0) {
      found.push_back(grid);
      return;
    }
    for (unsigned m = best_mask; m; m &= m - 1) {
      if (nodes >= budget) {
        out_of_budget = true;
        return;
      }
      ++nodes;
      const int digit = std::countr_zero(m) + 1;
      place(best, digit);
      run();
      unplace(best, digit);
      if (static_cast<int>(found.size()) >= cap || out_of_budget) return;
    }
  }
};

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

std::string Conflict::message() const {
  const char* kind = unit == UnitKind::row ? "row" : unit == UnitKind::column ? "column" : "box";
  return "digit " + std::to_string(digit) + " appears twice in " + kind + " " +
         std::to_string(index);
}

std::optional<Conflict> find_conflict(const Grid& givens) {
  for (int kind = 0; kind < 3; ++kind) {
    for (int unit = 0; unit < 9; ++unit) {
      unsigned seen = 0;
      for (int k = 0; k < 9; ++k) {
        const int cell = kind == 0   ? unit * 9 + k
                         : kind == 1 ? k * 9 + unit
                                     : (unit / 3) * 27 + (unit % 3) * 3 + (k / 3) * 9 + k % 3;
        const int d = givens.cells[cell];
        if (!d) continue;
        if (seen & (1u << d)) return Conflict{static_cast<UnitKind>(kind), unit + 1, d};
        seen |= 1u << d;
      }
    }
  }
  return std::nullopt;
}

SolveResult solve(const Grid& givens, const SolveOptions& options) {
  SolveResult result;
  for (int i = 0; i < kCells; ++i) {
    if (givens.cells[i] > 9) {
      result.status = SolveStatus::malformed;
      result.detail = "cell " + std::to_string(i + 1) + " holds " +
                      std::to_string(givens.cells[i]) + " (expected 0-9)";
      return result;
    }
  }
  if (auto conflict = find_conflict(givens)) {
    result.status = SolveStatus::inconsistent;
    result.conflict = conflict;
    return result;
  }
  Search search;
  search.cap = options.solution_cap < 1 ? 1 : options.solution_cap;
  search.budget = options.node_budget;
  for (int i = 0; i < kCells; ++i) {
    if (givens.cells[i]) search.place(i, givens.cells[i]);
  }
  search.run();
  result.nodes = search.nodes;
  result.solutions = std::move(search.found);
  const int n = static_cast<int>(result.solutions.size());
  if (n >= 2) {
    result.status = SolveStatus::multiple;
  } else if (search.out_of_budget) {
    result.status = SolveStatus::unresolved;
  } else if (search.cap == 1 && n == 1) {
    result.status = SolveStatus::unresolved;  // a cap of 1 cannot prove there is no second
  } else {
    result.status = n == 1 ? SolveStatus::unique : SolveStatus::no_solution;
  }
  return result;
}

SolveResult solve(std::string_view text, const SolveOptions& options) {
  const auto parsed = parse_grid(text);
  if (!parsed.ok()) {
    SolveResult result;
    result.status = SolveStatus::malformed;
    result.detail = parsed.error.message();
    return result;
  }
  return solve(*parsed.grid, options);
}

int count_solutions(const Grid& givens, int cap) {
  if (find_conflict(givens)) return 0;
  Search search;
  search.cap = cap;
  search.budget = std::numeric_limits<std::uint64_t>::max();
  for (int i = 0; i < kCells; ++i) {
    if (givens.cells[i]) search.place(i, givens.cells[i]);
  }
  search.run();
  return static_cast<int>(search.found.size());
}

}  // namespace puzzlepress::engine
