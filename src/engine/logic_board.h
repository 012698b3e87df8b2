// The logic solver's pencil-mark board and the helpers every technique file shares.
// Engine-internal: not part of the public API.
//
// Pencil marks are 9-bit masks, bit d-1 for digit d:
//   bit  8 7 6 5 4 3 2 1 0
//   digit 9 8 7 6 5 4 3 2 1
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/technique.h"
#include "engine/units.h"

namespace puzzlepress::engine::logic {

using Mask = std::uint16_t;
inline constexpr Mask kAll = 0x1FF;
inline constexpr Mask bit(int digit) { return static_cast<Mask>(1u << (digit - 1)); }
/// Lowest digit (1..9) in a non-zero mask.
inline int first_digit(unsigned m) { return std::countr_zero(m) + 1; }

/// Pencil-mark board. cand[c] == 0 for a filled cell.
struct Board {
  std::array<Mask, kCells> cand{};
  std::array<std::uint8_t, kCells> value{};
  int unsolved = kCells;
  bool broken = false;  ///< a contradiction was met (a placement of an impossible digit)

  /// Fills `cell` and removes `digit` from its peers; a digit the cell cannot take (or a second
  /// value) sets `broken` instead.
  void place(int cell, int digit) {
    if (value[cell] != 0 || !(cand[cell] & bit(digit))) {
      if (value[cell] != digit) broken = true;
      return;
    }
    value[cell] = static_cast<std::uint8_t>(digit);
    cand[cell] = 0;
    --unsolved;
    const Mask m = static_cast<Mask>(~bit(digit));
    for (int p : kPeers[cell]) cand[p] &= m;
  }
  void eliminate(int cell, int digit) { cand[cell] &= static_cast<Mask>(~bit(digit)); }
  bool has(int cell, int digit) const { return cand[cell] & bit(digit); }
  /// Cells of `unit` (by position 0..8 in the unit) holding candidate `digit`, as a 9-bit mask.
  unsigned positions(int unit, int digit) const {
    unsigned m = 0;
    const Mask b = bit(digit);
    for (int i = 0; i < 9; ++i)
      if (cand[kUnitCells[unit][i]] & b) m |= 1u << i;
    return m;
  }
  /// True when some empty cell has no candidate or some unit cannot place a missing digit.
  bool dead() const;
};

/// Applies naked and hidden singles in rounds (each round places every single visible at its
/// start) until none is left. Returns false on a contradiction.
bool propagate_singles(Board& b);

/// Length bonus of Sudoku Explainer: +0.1 for each of the thresholds 4, 6, 8, 12, 16, 24, ...
/// that `length` exceeds.
double length_bonus(int length);

}  // namespace puzzlepress::engine::logic
