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
#include <vector>

#include "engine/technique.h"
#include "engine/units.h"

namespace puzzlepress::engine::logic {

using Mask = std::uint16_t;
inline constexpr Mask kAll = 0x1FF;
inline constexpr Mask bit(int digit) { return static_cast<Mask>(1u << (digit - 1)); }
/// Lowest digit (1..9) in a non-zero mask.
inline int first_digit(unsigned m) { return std::countr_zero(m) + 1; }

/// A set of cells: cell c is bit c % 64 of word c / 64.
struct CellSet {
  std::array<std::uint64_t, 2> w{};
  void add(int c) { w[c >> 6] |= std::uint64_t{1} << (c & 63); }
  bool has(int c) const { return (w[c >> 6] >> (c & 63)) & 1; }
  bool empty() const { return (w[0] | w[1]) == 0; }
  int size() const { return std::popcount(w[0]) + std::popcount(w[1]); }
  /// The lowest cell; the set must not be empty.
  int first() const { return w[0] ? std::countr_zero(w[0]) : 64 + std::countr_zero(w[1]); }
  bool contains(const CellSet& o) const { return (o.w[0] & ~w[0]) == 0 && (o.w[1] & ~w[1]) == 0; }
  bool intersects(const CellSet& o) const { return ((w[0] & o.w[0]) | (w[1] & o.w[1])) != 0; }
  CellSet operator&(const CellSet& o) const { return {{w[0] & o.w[0], w[1] & o.w[1]}}; }
  CellSet operator|(const CellSet& o) const { return {{w[0] | o.w[0], w[1] | o.w[1]}}; }
  CellSet without(const CellSet& o) const { return {{w[0] & ~o.w[0], w[1] & ~o.w[1]}}; }
  friend bool operator==(const CellSet&, const CellSet&) = default;
  /// Calls f(cell) for each cell in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int k = 0; k < 2; ++k)
      for (std::uint64_t m = w[k]; m; m &= m - 1) f(k * 64 + std::countr_zero(m));
  }
};

/// The peers of each cell as a set.
inline constexpr auto kPeerSet = [] {
  std::array<CellSet, kCells> t{};
  for (int c = 0; c < kCells; ++c)
    for (int p : kPeers[c]) t[c].w[p >> 6] |= std::uint64_t{1} << (p & 63);
  return t;
}();

/// The cells of each unit as a set.
inline constexpr auto kUnitSet = [] {
  std::array<CellSet, 27> t{};
  for (int u = 0; u < 27; ++u)
    for (int c : kUnitCells[u]) t[u].w[c >> 6] |= std::uint64_t{1} << (c & 63);
  return t;
}();

/// Cells that see every cell of `cells` (none of `cells` itself).
inline CellSet seen_by_all(const CellSet& cells) {
  CellSet out{{~std::uint64_t{0}, (std::uint64_t{1} << (kCells - 64)) - 1}};
  cells.for_each([&](int c) { out = out & kPeerSet[c]; });
  return out;
}

/// Position of each cell inside its row, column and box (0..8, as in kUnitCells).
inline constexpr auto kIndexInUnit = [] {
  std::array<std::array<std::uint8_t, 3>, kCells> t{};
  for (int c = 0; c < kCells; ++c)
    t[c] = {static_cast<std::uint8_t>(col_of(c)), static_cast<std::uint8_t>(row_of(c)),
            static_cast<std::uint8_t>((row_of(c) % 3) * 3 + col_of(c) % 3)};
  return t;
}();

/// Pencil-mark board. cand[c] == 0 for a filled cell. Besides the masks it keeps, for every
/// digit, the cells holding it (as a set and per unit), so that finders read them in O(1);
/// every change goes through place() and eliminate() (or reindex() after writing cand).
struct Board {
  std::array<Mask, kCells> cand{};
  std::array<std::uint8_t, kCells> value{};
  int unsolved = kCells;
  bool broken = false;  ///< a contradiction was met (a placement of an impossible digit)
  /// where[d][u]: cells of unit u (by position 0..8 in the unit) holding candidate d.
  std::array<std::array<std::uint16_t, 27>, 10> where{};
  /// cells[d]: the cells holding candidate d.
  std::array<CellSet, 10> cells{};
  /// version[d] changes whenever digit d's candidates change.
  std::array<std::uint32_t, 10> version{};
  /// unit_version[u] changes whenever a candidate of a cell of unit u changes.
  std::array<std::uint32_t, 27> unit_version{};

  /// Fills `cell` and removes `digit` from its peers; a digit the cell cannot take (or a second
  /// value) sets `broken` instead.
  void place(int cell, int digit) {
    if (value[cell] != 0 || !(cand[cell] & bit(digit))) {
      if (value[cell] != digit) broken = true;
      return;
    }
    for (Mask m = cand[cell]; m; m &= m - 1) drop(cell, std::countr_zero(m) + 1);
    value[cell] = static_cast<std::uint8_t>(digit);
    cand[cell] = 0;
    --unsolved;
    const Mask b = bit(digit);
    for (int p : kPeers[cell])
      if (cand[p] & b) {
        cand[p] &= static_cast<Mask>(~b);
        drop(p, digit);
      }
  }
  void eliminate(int cell, int digit) {
    if (!(cand[cell] & bit(digit))) return;
    cand[cell] &= static_cast<Mask>(~bit(digit));
    drop(cell, digit);
  }
  bool has(int cell, int digit) const { return cand[cell] & bit(digit); }
  /// Cells of `unit` (by position 0..8 in the unit) holding candidate `digit`, as a 9-bit mask.
  unsigned positions(int unit, int digit) const { return where[digit][unit]; }
  /// The cells holding candidate `digit`.
  const CellSet& cells_with(int digit) const { return cells[digit]; }
  /// Recomputes `where` and `cells` from `cand` (after writing cand directly).
  void reindex() {
    for (auto& v : version) ++v;
    for (auto& v : unit_version) ++v;
    for (auto& w : where) w.fill(0);
    for (auto& c : cells) c = CellSet{};
    for (int c = 0; c < kCells; ++c)
      for (Mask m = cand[c]; m; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        cells[d].add(c);
        for (int k = 0; k < 3; ++k) where[d][kCellUnits[c][k]] |= static_cast<std::uint16_t>(1u << kIndexInUnit[c][k]);
      }
  }
  /// True when some empty cell has no candidate or some unit cannot place a missing digit.
  bool dead() const;

 private:
  // Forgets candidate `digit` of `cell` in `where` and `cells` (cand is the caller's).
  void drop(int cell, int digit) {
    ++version[digit];
    for (int k = 0; k < 3; ++k) ++unit_version[kCellUnits[cell][k]];
    cells[digit].w[cell >> 6] &= ~(std::uint64_t{1} << (cell & 63));
    for (int k = 0; k < 3; ++k)
      where[digit][kCellUnits[cell][k]] &= static_cast<std::uint16_t>(~(1u << kIndexInUnit[cell][k]));
  }
};

/// Appends (cell, digit) to `out` for each cell of `cells`, in increasing cell order.
inline void eliminate_from(const CellSet& cells, int digit, std::vector<CellDigit>& out) {
  cells.for_each([&](int c) { out.push_back({c, digit}); });
}

/// Calls f(indices) for each k-combination of 0..n-1 (indices[0..k-1], increasing, in
/// lexicographic order) until f returns true; returns whether it did. k <= 9.
template <class F>
bool for_each_combination(int n, int k, F&& f) {
  if (k > n || k <= 0) return false;
  std::array<int, 9> idx{};
  for (int i = 0; i < k; ++i) idx[i] = i;
  for (;;) {
    if (f(idx)) return true;
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) --i;
    if (i < 0) return false;
    ++idx[i];
    for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  }
}

/// Applies naked and hidden singles in rounds (each round places every single visible at its
/// start) until none is left. Returns false on a contradiction.
bool propagate_singles(Board& b);

/// Length bonus of Sudoku Explainer: +0.1 for each of the thresholds 4, 6, 8, 12, 16, 24, ...
/// that `length` exceeds.
double length_bonus(int length);

}  // namespace puzzlepress::engine::logic
