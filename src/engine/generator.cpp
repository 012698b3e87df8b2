#include "engine/generator.h"

#include <array>
#include <bit>
#include <cstdlib>
#include <numeric>
#include <string>

#include "engine/logic_solver.h"
#include "engine/solver.h"
#include "engine/units.h"

namespace puzzlepress::engine {
namespace {

constexpr unsigned kAllDigits = 0x1FF;

// Backtracking fill with the reference engine's exact order of choices, so that the same seed
// consumes the same random numbers and yields the same grid: the empty cell with the fewest
// candidates, the lowest index among equals, stopping the scan at a cell with 0 or 1.
// Empty cells are kept as a 128-bit set so the scan visits only them, in index order.
struct Filler {
  Grid grid;
  unsigned rows[9]{}, cols[9]{}, boxes[9]{};
  std::uint64_t empty[2] = {~std::uint64_t{0}, (std::uint64_t{1} << (kCells - 64)) - 1};
  Mulberry32& rng;

  explicit Filler(Mulberry32& r) : rng(r) {}

  unsigned candidates(int cell) const {
    return ~(rows[row_of(cell)] | cols[col_of(cell)] | boxes[box_of(cell)]) & kAllDigits;
  }

  bool run() {
    int best = -1, best_count = 10;
    unsigned best_mask = 0;
    for (int word = 0; word < 2 && best_count > 1; ++word) {
      for (std::uint64_t m = empty[word]; m; m &= m - 1) {
        const int cell = word * 64 + std::countr_zero(m);
        const unsigned mask = candidates(cell);
        const int n = kBitCount[mask];
        if (n < best_count) {
          best = cell;
          best_count = n;
          best_mask = mask;
          if (n <= 1) break;
        }
      }
    }
    if (best < 0) return true;
    if (best_count == 0) return false;
    std::array<int, 9> digits{};
    int n = 0;
    for (unsigned m = best_mask; m; m &= m - 1) digits[n++] = std::countr_zero(m) + 1;
    shuffle(std::span<int>(digits.data(), n), rng);
    const int row = row_of(best), col = col_of(best), box = box_of(best);
    const std::uint64_t cell_bit = std::uint64_t{1} << (best % 64);
    empty[best / 64] &= ~cell_bit;
    for (int k = 0; k < n; ++k) {
      const unsigned bit = 1u << (digits[k] - 1);
      grid.cells[best] = static_cast<std::uint8_t>(digits[k]);
      rows[row] |= bit;
      cols[col] |= bit;
      boxes[box] |= bit;
      if (run()) return true;
      rows[row] &= ~bit;
      cols[col] &= ~bit;
      boxes[box] &= ~bit;
    }
    grid.cells[best] = 0;
    empty[best / 64] |= cell_bit;
    return false;
  }
};

// Digits present in each unit of the current givens (bit d for digit d), kept up to date as the
// dig empties and refills cells.
struct UnitDigits {
  unsigned unit[27]{};
  explicit UnitDigits(const Grid& g) {
    for (int c = 0; c < kCells; ++c)
      if (g.cells[c]) add(c, g.cells[c]);
  }
  void add(int cell, int digit) {
    for (int u : kCellUnits[cell]) unit[u] |= 1u << digit;
  }
  void remove(int cell, int digit) {
    for (int u : kCellUnits[cell]) unit[u] &= ~(1u << digit);
  }
  unsigned seen(int cell) const {
    const auto& u = kCellUnits[cell];
    return unit[u[0]] | unit[u[1]] | unit[u[2]];
  }
};

// True when empty `cell` must hold `digit` in every completion, as a single from the givens
// alone: the givens among its peers hold the eight other digits (naked single), or `digit` has
// no other possible place in one of its units (hidden single). A shortcut that spares a
// search; false says nothing. `units` describes `givens`.
bool forced_single(const Grid& givens, const UnitDigits& units, int cell, int digit) {
  if (kBitCount[(units.seen(cell) >> 1) & kAllDigits] == 8) return true;
  const unsigned bit = 1u << digit;
  for (int unit : kCellUnits[cell]) {
    bool elsewhere = false;
    for (int other : kUnitCells[unit]) {
      if (other != cell && !givens.cells[other] && !(units.seen(other) & bit)) {
        elsewhere = true;
        break;
      }
    }
    if (!elsewhere) return true;
  }
  return false;
}

// Where each digit stands in each column of a complete grid: row_holding[col][digit].
struct ColumnIndex {
  std::uint8_t row_holding[9][10]{};
  explicit ColumnIndex(const Grid& solution) {
    for (int c = 0; c < kCells; ++c) row_holding[c % 9][solution.cells[c]] = static_cast<std::uint8_t>(c / 9);
  }
};

// True when `cell` is a corner of a deadly rectangle whose four cells are all empty: cells in
// two rows, two columns and two boxes holding a, b / b, a in `solution`. Swapping a and b in
// them gives a second completion that keeps every given, so the board is not unique. A shortcut
// that spares a search; false says nothing.
bool in_empty_deadly_rectangle(const Grid& givens, const Grid& solution, const ColumnIndex& index,
                               int cell) {
  const int r = cell / 9, c = cell % 9, a = solution.cells[cell];
  for (int c2 = 0; c2 < 9; ++c2) {
    if (c2 == c || givens.cells[r * 9 + c2]) continue;
    const int b = solution.cells[r * 9 + c2];
    const int r2 = index.row_holding[c][b];  // the b in column c
    if (solution.cells[r2 * 9 + c2] != a) continue;
    const bool two_boxes = (r / 3 == r2 / 3) != (c / 3 == c2 / 3);
    if (two_boxes && !givens.cells[r2 * 9 + c] && !givens.cells[r2 * 9 + c2]) return true;
  }
  return false;
}

// The board before this removal was unique with solution `solution`, and `givens` is it with
// `cell` (and `partner`, when `partner_was_given`) emptied. Any other completion of `givens`
// must differ from `solution` at one of those cells, or it would also complete the board before
// (which had only one). So: no completion with another digit at `cell`, and none with
// `cell` as before but another digit at `partner`. Same answer as has_unique_solution(givens),
// found without first finding `solution` again.
bool stays_unique(Grid& givens, UnitDigits& units, const Grid& solution, const ColumnIndex& index,
                  int cell, int partner, bool partner_was_given) {
  const int digit = solution.cells[cell];
  const bool cell_forced = forced_single(givens, units, cell, digit);
  if (!cell_forced && in_empty_deadly_rectangle(givens, solution, index, cell)) return false;
  bool ask_partner = partner != cell && partner_was_given;
  if (ask_partner) {  // the partner question is asked with `cell` as in the solution
    const int partner_digit = solution.cells[partner];
    givens.cells[cell] = static_cast<std::uint8_t>(digit);
    units.add(cell, digit);
    const bool partner_forced = forced_single(givens, units, partner, partner_digit);
    const bool partner_rectangle =
        !partner_forced && in_empty_deadly_rectangle(givens, solution, index, partner);
    units.remove(cell, digit);
    givens.cells[cell] = 0;
    if (partner_rectangle) return false;
    ask_partner = !partner_forced;
  }
  if (cell_forced && !ask_partner) return true;
  return !has_other_completion(givens, solution, cell, cell_forced, ask_partner ? partner : -1);
}

// Empties `cell` and `partner` (which may be the same cell, or already empty), keeping `units`
// in step; restore() puts them back.
struct Removal {
  int cell, partner;
  std::uint8_t cell_digit, partner_digit;
  Removal(Grid& givens, UnitDigits& units, int c, int p)
      : cell(c), partner(p), cell_digit(givens.cells[c]), partner_digit(givens.cells[p]) {
    units.remove(cell, cell_digit);
    givens.cells[cell] = 0;
    if (partner != cell && partner_digit) {
      units.remove(partner, partner_digit);
      givens.cells[partner] = 0;
    }
  }
  void restore(Grid& givens, UnitDigits& units) const {
    givens.cells[cell] = cell_digit;
    units.add(cell, cell_digit);
    if (partner != cell && partner_digit) {
      givens.cells[partner] = partner_digit;
      units.add(partner, partner_digit);
    }
  }
};

// True when the board needs a technique of `tier`: it cannot be solved with the tiers below.
bool needs_tier(const Grid& givens, Grade tier) {
  return tier == Grade::easy ||
         !solvable_within(givens, static_cast<Grade>(static_cast<int>(tier) - 1));
}

struct DigResult {
  Grid givens;
  int clues;
  bool needs_tier;  ///< with a tier: the result needs it (and, by construction, nothing harder)
};

// One greedy dig: walk a shuffled cell order, removing each cell with its partner while the
// board stays unique, never going below the band's floor.
//   Without a tier (clue grading) the dig stops at the target.
//   With a tier, a removal also stays only while the board can be solved with techniques up
//   to the tier (every unique board can, for Evil, whose top step is trial); once at or under
//   the target the dig stops as soon as the board needs the tier, and it may go on below the
//   target (never below the floor) to get there.
DigResult dig(const Grid& solution, ClueBand band, Symmetry symmetry, std::optional<Grade> tier,
              Mulberry32& rng, std::uint64_t& checks) {
  const ColumnIndex index(solution);
  Grid givens = solution;
  UnitDigits units(givens);
  int clues = kCells;
  std::array<int, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  for (int cell : order) {
    if (!tier && clues <= band.target) break;
    if (!givens.cells[cell]) continue;
    const int partner = symmetric_partner(cell, symmetry);
    const int removing = partner == cell ? 1 : givens.cells[partner] != 0 ? 2 : 1;
    if (clues - removing < band.min) continue;
    const Removal removal(givens, units, cell, partner);
    ++checks;
    bool keep = stays_unique(givens, units, solution, index, cell, partner, removal.partner_digit != 0);
    if (keep && tier && *tier != Grade::evil) {
      // When every emptied cell is a single from the givens, the singles closure of the new
      // board (the logic solver's first step) is that of the previous board, which was
      // solvable within the tier, and the rest of the solve is the same: no check needed.
      const bool refilled_by_singles =
          forced_single(givens, units, cell, removal.cell_digit) &&
          (partner == cell || !removal.partner_digit ||
           forced_single(givens, units, partner, removal.partner_digit));
      keep = refilled_by_singles || solvable_within(givens, *tier);
    }
    if (!keep) {
      removal.restore(givens, units);
      continue;
    }
    clues -= removing;
    if (tier && clues <= band.target && needs_tier(givens, *tier)) return {givens, clues, true};
  }
  return {givens, clues, tier && clues <= band.max && needs_tier(givens, *tier)};
}

// Fills the rating fields from a logical solve of the givens.
void rate_puzzle(Puzzle& puzzle) {
  const LogicResult logic = solve_logically(puzzle.givens);
  puzzle.rated = true;
  puzzle.rating = logic.rating;
  puzzle.tier = logic.tier;
  puzzle.technique_counts = logic.counts;
}

Puzzle generate_by_clues(const GenerateOptions& options, Puzzle puzzle, Mulberry32& rng) {
  const ClueBand band = clue_band(options.grade);
  puzzle.solution = fill_solution(rng);
  std::uint64_t checks = 0;
  std::optional<DigResult> best;
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  for (int a = 0; a < attempts; ++a) {
    DigResult result = dig(puzzle.solution, band, options.symmetry, std::nullopt, rng, checks);
    ++puzzle.digs;
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
  if (options.rate) rate_puzzle(puzzle);
  return puzzle;
}

Puzzle generate_by_techniques(const GenerateOptions& options, Puzzle puzzle, Mulberry32& rng) {
  const ClueBand band = clue_band(options.grade);
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  const int max_solutions = options.max_solutions < 1 ? 1 : options.max_solutions;
  std::uint64_t checks = 0;
  std::optional<DigResult> best;
  puzzle.solutions_tried = 0;
  for (int s = 0; s < max_solutions && !best; ++s) {
    puzzle.solution = fill_solution(rng);
    ++puzzle.solutions_tried;
    for (int a = 0; a < attempts; ++a) {
      const DigResult result = dig(puzzle.solution, band, options.symmetry, options.grade, rng, checks);
      ++puzzle.digs;
      if (!result.needs_tier) continue;
      if (!best || std::abs(result.clues - band.target) < std::abs(best->clues - band.target)) {
        best = result;
      }
      if (best->clues <= band.target) break;
    }
  }
  if (best) {
    puzzle.givens = best->givens;
    puzzle.clues = best->clues;
  } else {  // gave up: empty givens, which fail every check loudly rather than silently
    puzzle.givens = Grid{};
    puzzle.clues = 0;
    puzzle.valid = false;
    puzzle.uniqueness_checks = checks;
    return puzzle;
  }
  ++checks;
  rate_puzzle(puzzle);
  puzzle.valid = has_unique_solution(puzzle.givens) && puzzle.clues >= band.min &&
                 puzzle.clues <= band.max && puzzle.tier == options.grade;
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

}  // namespace

std::string_view grading_id(Grading grading) {
  return grading == Grading::techniques ? "techniques" : "clues";
}

std::optional<Grading> parse_grading(std::string_view name) {
  std::string lower(name);
  for (auto& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  for (auto g : kAllGradings) {
    if (lower == grading_id(g)) return g;
  }
  return std::nullopt;
}

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
  for (auto s : kAllSymmetries) {
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
  Puzzle puzzle;
  puzzle.seed = options.seed;
  puzzle.grade = options.grade;
  puzzle.symmetry = options.symmetry;
  puzzle.grading = options.grading;
  return options.grading == Grading::techniques ? generate_by_techniques(options, puzzle, rng)
                                                : generate_by_clues(options, puzzle, rng);
}

}  // namespace puzzlepress::engine
