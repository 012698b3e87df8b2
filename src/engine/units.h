// Shared 9x9 facts for the generator and the logic solver: the 27 units, each cell's three
// units and twenty peers, the box of a cell, and a bit-count table for digit masks.
// The reference solver keeps its own on purpose (it is the independent oracle), and the band
// search keeps its bitboard tables.
//
// Cells are 0..80 row-major (cell = row * 9 + col). Units are numbered
//   0..8 rows, 9..17 columns, 18..26 boxes; boxes in reading order:
//   +---+---+---+
//   | 0 | 1 | 2 |        cells of a unit are listed in reading order:
//   +---+---+---+        rows left to right, columns top to bottom,
//   | 3 | 4 | 5 |        boxes row by row
//   +---+---+---+
//   | 6 | 7 | 8 |
//   +---+---+---+
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/grid9.h"

namespace puzzlepress::engine {

inline constexpr int row_of(int cell) { return cell / 9; }
inline constexpr int col_of(int cell) { return cell % 9; }
inline constexpr int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

/// The nine cells of each unit.
inline constexpr auto kUnitCells = [] {
  std::array<std::array<std::uint8_t, 9>, 27> t{};
  for (int k = 0; k < 9; ++k)
    for (int i = 0; i < 9; ++i) {
      t[k][i] = static_cast<std::uint8_t>(k * 9 + i);
      t[9 + k][i] = static_cast<std::uint8_t>(i * 9 + k);
      t[18 + k][i] = static_cast<std::uint8_t>((k / 3) * 27 + (k % 3) * 3 + (i / 3) * 9 + i % 3);
    }
  return t;
}();

/// The row, column and box unit of each cell, in that order (row_of, 9 + col_of, 18 + box_of).
inline constexpr auto kCellUnits = [] {
  std::array<std::array<std::uint8_t, 3>, kCells> t{};
  for (int c = 0; c < kCells; ++c)
    t[c] = {static_cast<std::uint8_t>(row_of(c)), static_cast<std::uint8_t>(9 + col_of(c)),
            static_cast<std::uint8_t>(18 + box_of(c))};
  return t;
}();

/// kSees[a][b]: a and b are distinct cells sharing a unit.
inline constexpr auto kSees = [] {
  std::array<std::array<bool, kCells>, kCells> t{};
  for (int a = 0; a < kCells; ++a)
    for (int b = 0; b < kCells; ++b)
      t[a][b] = a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
  return t;
}();

/// The twenty peers of each cell, in increasing order.
inline constexpr auto kPeers = [] {
  std::array<std::array<std::uint8_t, 20>, kCells> t{};
  for (int a = 0; a < kCells; ++a) {
    int n = 0;
    for (int b = 0; b < kCells; ++b)
      if (kSees[a][b]) t[a][n++] = static_cast<std::uint8_t>(b);
  }
  return t;
}();

inline bool sees(int a, int b) { return kSees[a][b]; }

/// Set bits of a mask below 1024 (digit masks: 9 bits, or 10 when bit d stands for digit d).
/// A table, because std::popcount becomes a library call on the baseline x86-64 target we build
/// for (no -mpopcnt), and these counts sit on hot paths.
inline constexpr auto kBitCount = [] {
  std::array<std::uint8_t, 1024> t{};
  for (unsigned m = 0; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(std::popcount(m));
  return t;
}();

/// Set bits of any mask: the table below 1024, std::popcount above.
inline int bit_count(unsigned m) { return m < kBitCount.size() ? kBitCount[m] : std::popcount(m); }

}  // namespace puzzlepress::engine
