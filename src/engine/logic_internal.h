// Internals of the logic solver shared by its technique files: the pencil-mark board, unit
// tables and the finder for each technique family. Not part of the engine's public API.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/logic_solver.h"

namespace puzzlepress::engine::logic {

using Mask = std::uint16_t;
inline constexpr Mask kAll = 0x1FF;
inline constexpr Mask bit(int digit) { return static_cast<Mask>(1u << (digit - 1)); }
// Bits set in a pencil-mark mask (bit d-1 for digit d; 9 bits, possibly a tenth). A table:
// std::popcount is a library call on the baseline x86-64 target (no -mpopcnt).
inline constexpr auto kMaskBits = [] {
  std::array<std::uint8_t, 1024> t{};
  for (unsigned m = 0; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(std::popcount(m));
  return t;
}();
inline int popcount(unsigned m) { return m < kMaskBits.size() ? kMaskBits[m] : std::popcount(m); }
/// Lowest digit (1..9) in a non-zero mask.
inline int first_digit(unsigned m) { return std::countr_zero(m) + 1; }

inline constexpr int row_of(int cell) { return cell / 9; }
inline constexpr int col_of(int cell) { return cell % 9; }
inline constexpr int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

struct Tables {
  std::array<std::array<std::uint8_t, 9>, 27> units{};     // 0..8 rows, 9..17 cols, 18..26 boxes
  std::array<std::array<std::uint8_t, 3>, 81> cell_units{};  // row, col, box unit index
  std::array<std::array<std::uint8_t, 20>, 81> peers{};
  std::array<std::array<bool, 81>, 81> sees{};  // distinct cells sharing a unit
};

inline constexpr Tables make_tables() {
  Tables t{};
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 9; ++j) {
      t.units[i][j] = static_cast<std::uint8_t>(i * 9 + j);
      t.units[9 + i][j] = static_cast<std::uint8_t>(j * 9 + i);
      t.units[18 + i][j] = static_cast<std::uint8_t>((i / 3) * 27 + (i % 3) * 3 + (j / 3) * 9 + j % 3);
    }
  for (int c = 0; c < 81; ++c) {
    t.cell_units[c] = {static_cast<std::uint8_t>(row_of(c)), static_cast<std::uint8_t>(9 + col_of(c)),
                       static_cast<std::uint8_t>(18 + box_of(c))};
    int n = 0;
    for (int o = 0; o < 81; ++o) {
      bool s = o != c && (row_of(o) == row_of(c) || col_of(o) == col_of(c) || box_of(o) == box_of(c));
      t.sees[c][o] = s;
      if (s) t.peers[c][n++] = static_cast<std::uint8_t>(o);
    }
  }
  return t;
}

inline constexpr Tables kT = make_tables();

inline bool sees(int a, int b) { return kT.sees[a][b]; }

/// Pencil-mark board. cand[c] == 0 for a filled cell.
struct Board {
  std::array<Mask, 81> cand{};
  std::array<std::uint8_t, 81> value{};
  int unsolved = 81;
  bool broken = false;  ///< a contradiction was met (a placement of an impossible digit)

  void place(int cell, int digit) {
    if (value[cell] != 0 || !(cand[cell] & bit(digit))) {
      if (value[cell] != digit) broken = true;
      return;
    }
    value[cell] = static_cast<std::uint8_t>(digit);
    cand[cell] = 0;
    --unsolved;
    const Mask m = static_cast<Mask>(~bit(digit));
    for (int p : kT.peers[cell]) cand[p] &= m;
  }
  void eliminate(int cell, int digit) { cand[cell] &= static_cast<Mask>(~bit(digit)); }
  bool has(int cell, int digit) const { return cand[cell] & bit(digit); }
  /// Cells of `unit` (by position 0..8 in the unit) holding candidate `digit`, as a 9-bit mask.
  unsigned positions(int unit, int digit) const {
    unsigned m = 0;
    const Mask b = bit(digit);
    for (int i = 0; i < 9; ++i)
      if (cand[kT.units[unit][i]] & b) m |= 1u << i;
    return m;
  }
  /// Digits already placed in `unit`.
  Mask placed(int unit) const {
    Mask m = 0;
    for (int c : kT.units[unit])
      if (value[c]) m |= bit(value[c]);
    return m;
  }
  /// True when some empty cell has no candidate or some unit cannot place a missing digit.
  bool dead() const;
};

/// Fills `out` (technique, cells, digits, eliminations, rating...) and returns true when the
/// technique applies with at least one effect. Each finder looks at one technique.
bool find_full_house(const Board&, LogicStep& out);
bool find_hidden_single(const Board&, bool boxes, LogicStep& out);
bool find_naked_single(const Board&, LogicStep& out);
bool find_pointing(const Board&, LogicStep& out);
bool find_claiming(const Board&, LogicStep& out);
bool find_naked_subset(const Board&, int size, LogicStep& out);
bool find_hidden_subset(const Board&, int size, LogicStep& out);
bool find_fish(const Board&, int size, LogicStep& out);
bool find_single_digit_pattern(const Board&, Technique kind, LogicStep& out);  // skyscraper/kite/turbot
bool find_xy_wing(const Board&, LogicStep& out);
bool find_xyz_wing(const Board&, LogicStep& out);
bool find_w_wing(const Board&, LogicStep& out);
bool find_unique_rectangle(const Board&, LogicStep& out);
bool find_simple_colouring(const Board&, LogicStep& out);
bool find_chain(const Board&, Technique kind, LogicStep& out);  // x_chain, xy_chain, aic
bool find_forcing_chain(const Board&, LogicStep& out);

/// Applies naked and hidden singles in rounds (each round places every single visible at its
/// start) until none is left. Returns false on a contradiction. `rounds` receives the number
/// of rounds that placed something.
bool propagate_singles(Board& b, int* rounds = nullptr);

/// Length bonus of Sudoku Explainer: +0.1 for each of the thresholds 4, 6, 8, 12, 16, 24, ...
/// that `length` exceeds.
double length_bonus(int length);

/// Removes duplicate eliminations and those no longer on the board; true when any is left.
bool finish_eliminations(const Board& b, LogicStep& out);

}  // namespace puzzlepress::engine::logic
