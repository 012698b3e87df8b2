// The dig: a complete solution emptied one cell (and its symmetric partner) at a time while the
// board keeps exactly one solution. Engine-internal, shared by the two gradings.
#pragma once

#include <cstdint>

#include "engine/band_search.h"
#include "engine/generator9.h"

namespace puzzlepress::engine::detail {

/// Digits present in each unit of the current givens (bit d for digit d), kept up to date as the
/// dig empties and refills cells.
struct UnitDigits {
  unsigned unit[27]{};
  explicit UnitDigits(const Grid9& g);
  void add(int cell, int digit);
  void remove(int cell, int digit);
  unsigned seen(int cell) const;
};

/// Where each digit stands in each column of a complete grid: row_holding[col][digit].
struct ColumnIndex {
  std::uint8_t row_holding[9][10]{};
  explicit ColumnIndex(const Grid9& solution);
};

/// A board being dug from `solution` (which must outlive it). Every board it holds has
/// exactly one solution, `solution`, between calls.
class Dig {
 public:
  Dig(const Grid9& solution, Symmetry symmetry);

  const Grid9& givens() const { return givens_; }
  const Grid9& solution() const { return solution_; }
  int clues() const { return clues_; }
  /// The cell emptied together with `cell`.
  int partner(int cell) const { return symmetric_partner(cell, symmetry_); }
  /// Clues that removing `cell` (with its partner) takes away: 0 when `cell` is empty.
  int removing(int cell) const;

  enum class Removed {
    no,          ///< the board would not stay unique: nothing changed
    by_singles,  ///< removed; every emptied cell is a single from the remaining givens, so the
                 ///< board's singles closure (and with it its logical solve) is unchanged
    yes,         ///< removed
  };
  /// Empties `cell` (which must be given) and its partner when the board keeps one solution.
  /// `checks` counts the uniqueness questions asked. On `no`, when `witness` is non-null, it
  /// gets a completion of the board without `cell` and its partner other than the solution.
  Removed try_remove(int cell, std::uint64_t& checks, Grid9* witness = nullptr);
  /// Puts back what the last successful try_remove emptied.
  void undo_remove();
  /// Puts back `put` (empty) and its partner, then tries to empty `take` (given) and its
  /// partner: a swap, which keeps the clue count when both are pairs. On failure the board is
  /// as before, and `witness` (when non-null) gets a completion of the board with `put` and its
  /// partner given and `take` and its partner empty, other than the solution. (undo_remove()
  /// is not meant for a swap.)
  bool try_swap(int take, int put, std::uint64_t& checks, Grid9* witness = nullptr);
  /// Undoes a successful try_swap(take, put): the board before it (unique; no question asked).
  void undo_swap(int take, int put);
  /// Appends to `out` the completions remembered from earlier questions (see stays_unique)
  /// that complete the board with `take` (given) and its partner emptied: other completions of
  /// that board, found with no search.
  void known_completions_without(int take, std::vector<Grid9>& out) const;
  /// True when a remembered completion shows, with no search, that emptying `take` (given)
  /// and its partner would leave the board with two solutions.
  bool known_not_removable(int take) const;

 private:
  bool forced_single(int cell, int digit) const;
  bool in_empty_deadly_rectangle(int cell, Grid9* witness) const;
  bool stays_unique(int cell, int partner, bool partner_was_given, Grid9* witness);
  bool settle_unique(int cell, int partner, bool partner_was_given, Grid9* witness);
  void empty(int cell);
  void fill(int cell);

  bool known_other_completion(Grid9* witness) const;
  void remember(const Grid9& completion);

  struct Emptied {
    int cell = -1, partner = -1;  // partner -1 when it was empty already (or is the cell)
  };
  Emptied last_;

  const Grid9& solution_;
  Symmetry symmetry_;
  ColumnIndex index_;
  SolutionPatterns patterns_;  // the solution's, to guide searches toward near completions
  Grid9 givens_;
  UnitDigits units_;
  int clues_ = kCells;
  /// Given cells as bits (cell c: bit c % 64 of word c / 64).
  std::uint64_t given_bits_[2] = {~std::uint64_t{0}, (std::uint64_t{1} << (kCells - 64)) - 1};
  /// Completions other than the solution found by earlier uniqueness questions (at most
  /// kKnownCompletions, the oldest replaced first), with the cells where each differs from
  /// the solution as bits. One that differs only at empty cells completes the current board
  /// too, which then has two solutions: no search needed.
  struct Known {
    std::uint64_t differs[2];
    Grid9 completion;
  };
  /// With guided searches (near completions) 96 beat 32: Evil 0.91 of the instructions with
  /// more boards at 24 clues or fewer (306 against 294 of 400), Hard 0.98, Medium 0.99,
  /// Extreme 1.00.
  static constexpr std::size_t kKnownCompletions = 96;
  std::vector<Known> known_;
  std::size_t next_known_ = 0;
};

}  // namespace puzzlepress::engine::detail
