#include "engine/generator.h"

#include <array>
#include <bit>
#include <cstdlib>
#include <numeric>
#include <string>

#include "engine/solver.h"

namespace puzzlepress::engine {
namespace {

constexpr unsigned kAllDigits = 0x1FF;
constexpr int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

// Set bits of a 10-bit mask. A table, because std::popcount becomes a library call on the
// baseline x86-64 target we build for (no -mpopcnt), and these counts sit on hot paths.
constexpr auto kBitCount = [] {
  std::array<std::uint8_t, 1024> t{};
  for (unsigned m = 0; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(std::popcount(m));
  return t;
}();

// Backtracking fill with the reference engine's exact order of choices, so that the same seed
// consumes the same random numbers and yields the same grid.
struct Filler {
  Grid grid;
  unsigned rows[9]{}, cols[9]{}, boxes[9]{};
  Mulberry32& rng;

  explicit Filler(Mulberry32& r) : rng(r) {}

  bool run() {
    int best = -1, best_count = 10;
    unsigned best_mask = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid.cells[cell]) continue;
      const unsigned mask = ~(rows[cell / 9] | cols[cell % 9] | boxes[box_of(cell)]) & kAllDigits;
      const int n = kBitCount[mask];
      if (n < best_count) {
        best = cell;
        best_count = n;
        best_mask = mask;
        if (n <= 1) break;
      }
    }
    if (best < 0) return true;
    if (best_count == 0) return false;
    std::array<int, 9> digits{};
    int n = 0;
    for (unsigned m = best_mask; m; m &= m - 1) digits[n++] = std::countr_zero(m) + 1;
    shuffle(std::span<int>(digits.data(), n), rng);
    const int r = best / 9, c = best % 9, b = box_of(best);
    for (int k = 0; k < n; ++k) {
      const unsigned bit = 1u << (digits[k] - 1);
      grid.cells[best] = static_cast<std::uint8_t>(digits[k]);
      rows[r] |= bit;
      cols[c] |= bit;
      boxes[b] |= bit;
      if (run()) return true;
      grid.cells[best] = 0;
      rows[r] &= ~bit;
      cols[c] &= ~bit;
      boxes[b] &= ~bit;
    }
    return false;
  }
};

// True when the givens among `cell`'s peers hold eight different digits: the empty cell can
// then hold only the ninth, in every completion. A shortcut that spares a search.
bool forced_by_peers(const Grid& givens, int cell) {
  const int r = cell / 9, c = cell % 9, r0 = r - r % 3, c0 = c - c % 3;
  unsigned seen = 0;
  for (int k = 0; k < 9; ++k) {
    seen |= 1u << givens.cells[r * 9 + k];
    seen |= 1u << givens.cells[k * 9 + c];
    seen |= 1u << givens.cells[(r0 + k / 3) * 9 + c0 + k % 3];
  }
  return kBitCount[seen & 0x3FEu] == 8;
}

// The board before this removal was unique with solution `solution`, and `givens` is it with
// `cell` (and `partner`, when `partner_was_given`) emptied. Any other completion of `givens`
// must differ from `solution` at one of those cells, or it would also complete the board before
// (which had only one). So: no completion with another digit at `cell`, and none with
// `cell` as before but another digit at `partner`. Same answer as has_unique_solution(givens),
// found without first finding `solution` again.
bool stays_unique(Grid& givens, const Grid& solution, int cell, int partner, bool partner_was_given) {
  if (!forced_by_peers(givens, cell) && has_solution_avoiding(givens, cell, solution.cells[cell])) {
    return false;
  }
  if (partner == cell || !partner_was_given) return true;
  givens.cells[cell] = solution.cells[cell];
  const bool other = !forced_by_peers(givens, partner) &&
                     has_solution_avoiding(givens, partner, solution.cells[partner]);
  givens.cells[cell] = 0;
  return !other;
}

struct DigResult {
  Grid givens;
  int clues;
};

// One greedy dig: walk a shuffled cell order, removing each cell with its partner while the
// board stays unique, never going below the band's floor, stopping at the target.
DigResult dig(const Grid& solution, ClueBand band, Symmetry symmetry, Mulberry32& rng,
              std::uint64_t& checks) {
  Grid givens = solution;
  int clues = kCells;
  std::array<int, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  for (int cell : order) {
    if (clues <= band.target) break;
    if (!givens.cells[cell]) continue;
    const int partner = symmetric_partner(cell, symmetry);
    const int removing = partner == cell ? 1 : givens.cells[partner] != 0 ? 2 : 1;
    if (clues - removing < band.min) continue;
    const auto saved_cell = givens.cells[cell], saved_partner = givens.cells[partner];
    givens.cells[cell] = 0;
    givens.cells[partner] = 0;
    ++checks;
    if (stays_unique(givens, solution, cell, partner, saved_partner != 0)) {
      clues -= removing;
    } else {
      givens.cells[cell] = saved_cell;
      givens.cells[partner] = saved_partner;
    }
  }
  return {givens, clues};
}

}  // namespace

std::string_view symmetry_id(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::rotational: return "rotational";
    case Symmetry::none: return "none";
    case Symmetry::mirror: return "mirror";
    case Symmetry::diagonal: return "diagonal";
  }
  return "rotational";
}

std::optional<Symmetry> parse_symmetry(std::string_view name) {
  std::string lower(name);
  for (auto& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  for (auto s : {Symmetry::rotational, Symmetry::none, Symmetry::mirror, Symmetry::diagonal}) {
    if (lower == symmetry_id(s)) return s;
  }
  return std::nullopt;
}

int symmetric_partner(int cell, Symmetry symmetry) {
  const int r = cell / 9, c = cell % 9;
  switch (symmetry) {
    case Symmetry::rotational: return kCells - 1 - cell;
    case Symmetry::none: return cell;
    case Symmetry::mirror: return r * 9 + (8 - c);
    case Symmetry::diagonal: return c * 9 + r;
  }
  return cell;
}

Grid fill_solution(Mulberry32& rng) {
  Filler filler(rng);
  filler.run();
  return filler.grid;
}

Puzzle generate(const GenerateOptions& options) {
  Mulberry32 rng(options.seed);
  const ClueBand band = clue_band(options.grade);
  Puzzle puzzle;
  puzzle.seed = options.seed;
  puzzle.grade = options.grade;
  puzzle.symmetry = options.symmetry;
  puzzle.solution = fill_solution(rng);

  std::uint64_t checks = 0;
  std::optional<DigResult> best;
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  for (int a = 0; a < attempts; ++a) {
    DigResult result = dig(puzzle.solution, band, options.symmetry, rng, checks);
    if (!best || std::abs(result.clues - band.target) < std::abs(best->clues - band.target)) {
      best = result;
    }
    if (best->clues <= band.target) break;
  }
  puzzle.givens = best->givens;
  puzzle.clues = best->clues;
  ++checks;
  puzzle.valid = has_unique_solution(puzzle.givens) && puzzle.clues >= band.min &&
                 puzzle.clues <= band.max;
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

}  // namespace puzzlepress::engine
