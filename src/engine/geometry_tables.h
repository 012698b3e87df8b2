// The tables of a geometry (engine-internal): what the grader reads instead of arithmetic on
// 9s. A geometry is its cells and its houses (every set of cells that holds each symbol once);
// everything else here is derived from the houses by derive(): each cell's houses and peers,
// which houses overlap, how blocks meet the rows and columns.
//
// House numbering, every geometry: rows 0..N-1, columns N..2N-1, blocks (boxes, or the
// irregular regions of a jigsaw) 2N..3N-1, then any other houses (diagonals, windows).
// Cell c sits at row c / N, column c % N; a house lists its cells in reading order.
//
// The capacity is a template argument: the 9x9 fast path has its own exact-size tables
// (kClassic9), every other geometry tables of the largest size (Tables256).
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "engine/cell_set.h"
#include "engine/shape.h"

namespace puzzlepress::engine {

/// What a house is, for naming it ("row 3", "box 5") and for the techniques that read rows,
/// columns or blocks.
enum class HouseKind : std::uint8_t { row, column, box, region, diagonal, window };

namespace detail {

/// A line of the grid (row or column) meeting a block: the line's house and the block's
/// positions on it (bit i: the block's i-th cell).
struct LineInBlock {
  std::uint8_t line = 0;
  std::uint16_t positions = 0;
};

template <int MaxCells, int MaxSymbols, int MaxHouses, int MaxPeers, int MaxHousesPerCell>
struct GeometryTables {
  static constexpr int kMaxCells = MaxCells, kMaxSymbols = MaxSymbols, kMaxHouses = MaxHouses;
  static constexpr int kMaxPeers = MaxPeers, kMaxHousesPerCell = MaxHousesPerCell;
  static constexpr int kWords = (MaxCells + 63) / 64;
  /// Houses meeting one house in two cells or more.
  static constexpr int kMaxOverlaps = 2 * MaxSymbols;
  using CellSet = CellSetN<kWords>;
  using CellId = std::conditional_t<(MaxCells <= 256), std::uint8_t, std::uint16_t>;
  static_assert(MaxHouses <= 255 && MaxSymbols <= 16 && MaxHousesPerCell <= 8);

  Shape shape{};    ///< the grid's shape: N = shape.size() symbols, N x N cells
  int cells = 0;    ///< N * N
  int symbols = 0;  ///< N: symbols, cells a house, rows, columns, blocks
  int houses = 0;
  std::uint16_t all = 0;  ///< every symbol's bit (bit v-1 for symbol v)
  /// Blocks are boxes of `shape` aligned in bands and stacks (true for the classic shapes).
  bool boxes = false;
  /// Every constraint is a house. False once constraints that are not houses (killer cages,
  /// a later issue) come with the geometry: the uniqueness techniques then do not hold.
  bool houses_only = true;

  std::array<std::array<CellId, MaxSymbols>, MaxHouses> house_cells{};
  std::array<HouseKind, MaxHouses> house_kind{};
  std::array<std::uint8_t, MaxHouses> house_index{};  ///< 0-based among the houses of its kind
  std::array<CellSet, MaxHouses> house_set{};

  std::array<std::uint8_t, MaxCells> house_count{};  ///< houses of each cell (3 for classic)
  std::array<std::array<std::uint8_t, MaxHousesPerCell>, MaxCells> cell_houses{};  ///< ascending
  std::array<std::array<std::uint8_t, MaxHousesPerCell>, MaxCells> index_in_house{};
  std::array<std::uint8_t, MaxCells> block{};  ///< the block house of each cell
  std::array<std::uint8_t, MaxCells> peer_count{};
  std::array<std::array<CellId, MaxPeers>, MaxCells> peers{};  ///< ascending
  std::array<CellSet, MaxCells> peer_set{};

  std::array<std::uint8_t, MaxHouses> overlap_count{};
  std::array<std::array<std::uint8_t, kMaxOverlaps>, MaxHouses> overlaps{};  ///< ascending
  /// overlap_positions[h][k]: the positions of house h lying in house overlaps[h][k].
  std::array<std::array<std::uint16_t, kMaxOverlaps>, MaxHouses> overlap_positions{};

  /// Per block (index b: house 2N + b): the rows meeting it, top to bottom, then the columns,
  /// left to right.
  std::array<std::uint8_t, MaxSymbols> block_line_count{};
  std::array<std::array<LineInBlock, 2 * MaxSymbols>, MaxSymbols> block_lines{};

  /// Lines against blocks, per orientation o (0: rows, 1: columns; a line's position x is the
  /// crossing line x): in_block[o][l][b] the positions of line l inside block b,
  /// lines_meeting[o][b] and cross_meeting[o][b] the lines and crossing lines meeting block b.
  std::array<std::array<std::array<std::uint16_t, MaxSymbols>, MaxSymbols>, 2> in_block{};
  std::array<std::array<std::uint16_t, MaxSymbols>, 2> lines_meeting{}, cross_meeting{};
  /// line_blocks[o][l]: the blocks (index b) meeting line l, ascending; line_block_count[o][l] of them.
  std::array<std::array<std::uint8_t, MaxSymbols>, 2> line_block_count{};
  std::array<std::array<std::array<std::uint8_t, MaxSymbols>, MaxSymbols>, 2> line_blocks{};
  /// Blocks by (first line meeting them, first crossing line): bands, then stacks, for rows.
  std::array<std::array<std::uint8_t, MaxSymbols>, 2> fin_order{};
  /// The distinct cross_meeting masks (for classic shapes: the box segments of a line).
  std::array<std::uint8_t, 2> segment_count{};
  std::array<std::array<std::uint16_t, MaxSymbols>, 2> segments{};
};

/// Fills every derived table of `t` from its houses (shape, cells, symbols, houses, all,
/// house_cells, house_kind, house_index set; house_count zero). Rows, columns and blocks must
/// come first, as the numbering above says, and every cell must lie in exactly one block.
/// Returns what does not fit the tables' capacity ("" when all does).
template <class T>
constexpr const char* derive(T& t) {
  const int n = t.symbols;
  for (int h = 0; h < t.houses; ++h)
    for (int i = 0; i < n; ++i)
      if (++t.house_count[t.house_cells[h][i]] > T::kMaxHousesPerCell) return "a cell lies in too many houses";
  t.house_count = {};
  for (int h = 0; h < t.houses; ++h) {
    t.house_set[h] = {};
    for (int i = 0; i < n; ++i) {
      const int c = t.house_cells[h][i];
      t.house_set[h].add(c);
      const int k = t.house_count[c]++;
      t.cell_houses[c][k] = static_cast<std::uint8_t>(h);
      t.index_in_house[c][k] = static_cast<std::uint8_t>(i);
      if (h >= 2 * n && h < 3 * n) t.block[c] = static_cast<std::uint8_t>(h);
    }
  }
  for (int c = 0; c < t.cells; ++c) {
    typename T::CellSet s;
    for (int k = 0; k < t.house_count[c]; ++k) s = s | t.house_set[t.cell_houses[c][k]];
    s.remove(c);
    if (s.size() > T::kMaxPeers) return "a cell sees too many cells";
    t.peer_set[c] = s;
    int count = 0;
    s.for_each([&](int p) { t.peers[c][count++] = static_cast<typename T::CellId>(p); });
    t.peer_count[c] = static_cast<std::uint8_t>(count);
  }
  for (int h = 0; h < t.houses; ++h) {
    int count = 0;
    for (int o = 0; o < t.houses; ++o)
      if (o != h && (t.house_set[h] & t.house_set[o]).size() >= 2) {
        if (count == T::kMaxOverlaps) return "a house overlaps too many houses";
        std::uint16_t positions = 0;
        for (int i = 0; i < n; ++i)
          if (t.house_set[o].has(t.house_cells[h][i])) positions = static_cast<std::uint16_t>(positions | (1u << i));
        t.overlap_positions[h][count] = positions;
        t.overlaps[h][count++] = static_cast<std::uint8_t>(o);
      }
    t.overlap_count[h] = static_cast<std::uint8_t>(count);
  }
  for (int b = 0; b < n; ++b) {
    const int house = 2 * n + b;
    int count = 0;
    for (int kind = 0; kind < 2; ++kind)
      for (int line = 0; line < n; ++line) {
        std::uint16_t positions = 0;
        for (int i = 0; i < n; ++i) {
          const int c = t.house_cells[house][i];
          if ((kind == 0 ? c / n : c % n) == line) positions = static_cast<std::uint16_t>(positions | (1u << i));
        }
        if (positions) t.block_lines[b][count++] = {static_cast<std::uint8_t>(kind * n + line), positions};
      }
    t.block_line_count[b] = static_cast<std::uint8_t>(count);
  }
  for (int o = 0; o < 2; ++o) {
    for (int l = 0; l < n; ++l)
      for (int x = 0; x < n; ++x) {
        const int cell = o == 0 ? l * n + x : x * n + l;
        const int b = t.block[cell] - 2 * n;
        t.in_block[o][l][b] = static_cast<std::uint16_t>(t.in_block[o][l][b] | (1u << x));
        t.lines_meeting[o][b] = static_cast<std::uint16_t>(t.lines_meeting[o][b] | (1u << l));
        t.cross_meeting[o][b] = static_cast<std::uint16_t>(t.cross_meeting[o][b] | (1u << x));
      }
    for (int l = 0; l < n; ++l) {
      int count = 0;
      for (int b = 0; b < n; ++b)
        if (t.in_block[o][l][b]) t.line_blocks[o][l][count++] = static_cast<std::uint8_t>(b);
      t.line_block_count[o][l] = static_cast<std::uint8_t>(count);
    }
    for (int b = 0; b < n; ++b) t.fin_order[o][b] = static_cast<std::uint8_t>(b);
    auto key = [&](int b) {
      return std::countr_zero(unsigned{t.lines_meeting[o][b]}) * 32 + std::countr_zero(unsigned{t.cross_meeting[o][b]});
    };
    for (int i = 1; i < n; ++i)  // insertion sort, stable
      for (int j = i; j > 0 && key(t.fin_order[o][j - 1]) > key(t.fin_order[o][j]); --j) {
        const std::uint8_t swap = t.fin_order[o][j - 1];
        t.fin_order[o][j - 1] = t.fin_order[o][j];
        t.fin_order[o][j] = swap;
      }
    int count = 0;
    for (int i = 0; i < n; ++i) {
      const std::uint16_t m = t.cross_meeting[o][t.fin_order[o][i]];
      bool seen = false;
      for (int k = 0; k < count; ++k) seen |= t.segments[o][k] == m;
      if (!seen) t.segments[o][count++] = m;
    }
    t.segment_count[o] = static_cast<std::uint8_t>(count);
  }
  return "";
}

/// The tables of a classic shape: rows, columns and boxes. Box k is band k / box_rows,
/// stack k % box_rows (a band holds box_rows boxes side by side).
template <class T>
constexpr T classic_tables(Shape shape) {
  T t{};
  const int n = shape.size();
  t.shape = shape;
  t.symbols = n;
  t.cells = n * n;
  t.houses = 3 * n;
  t.all = static_cast<std::uint16_t>((1u << n) - 1);
  t.boxes = true;
  for (int k = 0; k < n; ++k) {
    const int top = (k / shape.box_rows) * shape.box_rows, left = (k % shape.box_rows) * shape.box_cols;
    for (int i = 0; i < n; ++i) {
      t.house_cells[k][i] = static_cast<typename T::CellId>(k * n + i);
      t.house_cells[n + k][i] = static_cast<typename T::CellId>(i * n + k);
      t.house_cells[2 * n + k][i] =
          static_cast<typename T::CellId>((top + i / shape.box_cols) * n + left + i % shape.box_cols);
    }
    t.house_kind[k] = HouseKind::row;
    t.house_kind[n + k] = HouseKind::column;
    t.house_kind[2 * n + k] = HouseKind::box;
    t.house_index[k] = t.house_index[n + k] = t.house_index[2 * n + k] = static_cast<std::uint8_t>(k);
  }
  derive(t);
  return t;
}

/// The 9x9 fast path's tables, exact size.
using Tables81 = GeometryTables<81, 9, 27, 20, 3>;
/// Every other geometry: up to 16x16, 64 houses (a 16x16 with both diagonals and windows), six
/// houses a cell.
using Tables256 = GeometryTables<256, 16, 64, 64, 6>;

inline constexpr Tables81 kClassic9 = classic_tables<Tables81>(kShape9x9);

}  // namespace detail
}  // namespace puzzlepress::engine
