// Unit and peer tables of every shape (engine-internal): what the solver, grader and
// generator walk instead of the 9x9 engine's fixed tables.
//
// Units are numbered rows 0..N-1, columns N..2N-1, boxes 2N..3N-1. Box k is band k / box_rows,
// stack k % box_rows (a band is box_rows rows; there are box_rows boxes across a band), and
// lists its cells in reading order. Cell indices fit a byte (at most 256 cells).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/shape.h"

namespace puzzlepress::engine::detail {

/// Pencil marks and unit digit sets: bit v-1 for symbol v (1..16).
using SymbolMask = std::uint16_t;
inline constexpr SymbolMask symbol_bit(int value) { return static_cast<SymbolMask>(1u << (value - 1)); }

/// Bits set in a 16-bit mask, by two lookups in a 256-entry table (std::popcount is a library
/// call on the baseline x86-64 target we build for).
inline constexpr auto kByteBits = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned m = 0; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(std::popcount(m));
  return t;
}();
inline int mask_bits(unsigned m) { return kByteBits[m & 0xFF] + kByteBits[(m >> 8) & 0xFF]; }
/// Lowest symbol (1..16) of a non-zero mask.
inline int first_symbol(unsigned m) { return std::countr_zero(m) + 1; }

inline constexpr int kMaxUnits = 3 * kMaxSize;
/// Peers of a cell in a 16x16 grid: 15 in its row, 15 in its column, 9 more in its box.
inline constexpr int kMaxPeers = 39;

struct Geometry {
  Shape shape;
  int n = 0;      ///< symbols, rows, columns, boxes
  int cells = 0;  ///< n * n
  int units = 0;  ///< 3 * n
  int peer_count = 0;
  SymbolMask all = 0;  ///< every symbol of the shape
  std::array<std::array<std::uint8_t, kMaxSize>, kMaxUnits> unit_cells{};
  std::array<std::uint8_t, kMaxCells> row{}, col{}, box{};  ///< 0-based indices, not unit ids
  std::array<std::array<std::uint8_t, kMaxPeers>, kMaxCells> peers{};

  /// The row, column and box unit ids of a cell.
  constexpr std::array<int, 3> units_of(int cell) const { return {row[cell], n + col[cell], 2 * n + box[cell]}; }
  /// Distinct cells sharing a unit.
  constexpr bool sees(int a, int b) const {
    return a != b && (row[a] == row[b] || col[a] == col[b] || box[a] == box[b]);
  }
};

/// The tables of `shape` (one of kAllShapes; built at compile time, never modified).
const Geometry& geometry(Shape shape);

}  // namespace puzzlepress::engine::detail
