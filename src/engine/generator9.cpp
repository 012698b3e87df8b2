#include "engine/generator9.h"

#include <array>
#include <bit>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <string>

#include "engine/dig.h"
#include "engine/generate_tiers.h"
#include "engine/logic_solver.h"
#include "engine/solver9.h"
#include "engine/units.h"

namespace puzzlepress::engine {
namespace {

constexpr unsigned kAllDigits = 0x1FF;

// Backtracking fill with the reference engine's exact order of choices, so that the same seed
// consumes the same random numbers and yields the same grid: the empty cell with the fewest
// candidates, the lowest index among equals, stopping the scan at a cell with 0 or 1.
// Empty cells are kept as a 128-bit set so the scan visits only them, in index order.
struct Filler {
  Grid9 grid;
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

// One dig of the reference engine: walk a shuffled cell order, removing each cell with its
// partner while the board stays unique, never below the band's floor, stopping at the target.
void dig_to_target(detail::Dig& dig, ClueBand band, Mulberry32& rng, std::uint64_t& checks) {
  std::array<int, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  for (int cell : order) {
    if (dig.clues() <= band.target) break;
    const int removing = dig.removing(cell);
    if (!removing || dig.clues() - removing < band.min) continue;
    dig.try_remove(cell, checks);
  }
}

struct Dug {
  Grid9 givens;
  int clues;
};

Puzzle9 generate_by_clues(const GenerateOptions9& options, Puzzle9 puzzle, Mulberry32& rng) {
  const ClueBand band = clue_band(options.grade);
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  const int max_solutions = options.max_solutions < 1 ? 1 : options.max_solutions;
  std::uint64_t checks = 0;
  puzzle.solutions_tried = 0;
  for (int s = 0; s < max_solutions; ++s) {
    puzzle.solution = fill_solution(rng);
    ++puzzle.solutions_tried;
    std::optional<Dug> best;
    for (int a = 0; a < attempts; ++a) {
      detail::Dig dig(puzzle.solution, options.symmetry);
      dig_to_target(dig, band, rng, checks);
      ++puzzle.digs;
      if (!best || std::abs(dig.clues() - band.target) < std::abs(best->clues - band.target)) {
        best = Dug{dig.givens(), dig.clues()};
      }
      if (best->clues <= band.target) break;
    }
    puzzle.givens = best->givens;
    puzzle.clues = best->clues;
    ++checks;
    puzzle.valid = has_unique_solution(puzzle.givens) && puzzle.clues >= band.min && puzzle.clues <= band.max;
    bool trial = false;
    if (options.rate) {
      const LogicResult9 logic = solve_logically(puzzle.givens);
      detail::rate_puzzle(puzzle, logic);
      trial = logic.needs_trial;
    } else if (!options.allow_trial) {
      trial = !solvable_within(puzzle.givens, Grade::evil);
    }
    if (trial && !options.allow_trial) {
      // Never a puzzle that needs trial: draw again from the same stream. (The reference
      // engine's puzzles, which this mode reproduces, have not needed it on any seed tried.)
      puzzle.valid = false;
      puzzle.rated = false;
      continue;
    }
    break;
  }
  puzzle.uniqueness_checks = checks;
  return puzzle;
}

}  // namespace

std::string_view grading_id(Grading grading) { return grading == Grading::techniques ? "techniques" : "clues"; }

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

Grid9 fill_solution(Mulberry32& rng) {
  Filler filler(rng);
  filler.run();
  return filler.grid;
}

PuzzleFacts facts_of(const GenerateOptions9& options) {
  PuzzleFacts facts;
  facts.seed = options.seed;
  facts.grade = options.grade;
  facts.symmetry = options.symmetry;
  facts.grading = options.grading;
  return facts;
}

Puzzle9 generate(const GenerateOptions9& options) {
  Mulberry32 rng(options.seed);
  Puzzle9 puzzle;
  static_cast<PuzzleFacts&>(puzzle) = facts_of(options);
  return options.grading == Grading::techniques ? detail::generate_by_techniques(options, puzzle, rng)
                                                : generate_by_clues(options, puzzle, rng);
}

}  // namespace puzzlepress::engine
