// The band search's tables and candidate state (engine-internal: band_search.cpp and
// band_singles.cpp): a 9x9 grid as three
// 27-bit band words, a digit's mini-rows as 9-bit sets, and the six permutation patterns a
// digit's mini-rows form in a band (or, transposed, its mini-columns in a stack).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/grid9.h"

namespace puzzlepress::engine::detail::band {

using u32 = std::uint32_t;
inline constexpr u32 kBandAll = (1u << 27) - 1;
inline constexpr u32 kBoxMask = 0x1C0E07u;    // box 0 of a band: bits 0-2, 9-11, 18-20
inline constexpr u32 kColumnCopy = 0x40201u;  // a 9-bit column set times this: those columns in all 3 rows

// Peers of each cell (same row, column or box, the cell itself excluded), as three band words.
inline constexpr auto kPeers = [] {
  std::array<std::array<u32, 3>, 81> t{};
  for (int a = 0; a < 81; ++a) {
    for (int b = 0; b < 81; ++b) {
      const int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
      const bool peer = ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
      if (a != b && peer) t[a][b / 27] |= 1u << (b % 27);
    }
  }
  return t;
}();

// 9-bit row of a band -> 3-bit set of the boxes (mini-rows) it touches.
inline constexpr auto kRowBoxes = [] {
  std::array<std::uint8_t, 512> t{};
  for (int v = 0; v < 512; ++v) {
    for (int k = 0; k < 3; ++k) {
      if ((v >> (3 * k)) & 7) t[v] |= static_cast<std::uint8_t>(1u << k);
    }
  }
  return t;
}();

// A digit stands once in each row and once in each box of a band: its mini-rows (bit
// row*3+box) form one of six permutation patterns. The same holds across a stack with bit
// band*3+column_in_stack (the transpose of a permutation pattern is one), so every table
// below serves both directions.
inline constexpr int kPermutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
inline constexpr auto kPatterns = [] {
  std::array<std::uint16_t, 6> t{};
  for (int p = 0; p < 6; ++p) {
    const auto* perm = kPermutations[p];
    t[p] = static_cast<std::uint16_t>((1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2])));
  }
  return t;
}();

// 9-bit mini-row set -> the patterns (bit p for kPatterns[p]) it contains.
inline constexpr auto kConfigurations = [] {
  std::array<std::uint8_t, 512> t{};
  for (int m = 0; m < 512; ++m) {
    for (int p = 0; p < 6; ++p) {
      if ((m & kPatterns[p]) == kPatterns[p]) t[m] |= static_cast<std::uint8_t>(1u << p);
    }
  }
  return t;
}();

// 9-bit mini-row set -> the number of patterns it contains.
inline constexpr auto kConfigurationCount = [] {
  std::array<std::uint8_t, 512> t{};
  for (int m = 0; m < 512; ++m)
    t[m] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(kConfigurations[m])));
  return t;
}();

// 9-bit mini-row set -> union of the patterns it contains (0: none fits, a contradiction).
// Its own fixed point: shrinking a shrunk set changes nothing.
inline constexpr auto kShrink = [] {
  std::array<std::uint16_t, 512> t{};
  for (int m = 0; m < 512; ++m) {
    for (int p = 0; p < 6; ++p) {
      if (kConfigurations[m] & (1u << p)) t[m] |= kPatterns[p];
    }
  }
  return t;
}();

// 9-bit mini-row set -> the 27-bit cells of those mini-rows.
inline constexpr auto kMiniRowCells = [] {
  std::array<u32, 512> t{};
  for (int m = 0; m < 512; ++m) {
    for (int i = 0; i < 9; ++i) {
      if (m & (1 << i)) t[m] |= 7u << ((i / 3) * 9 + (i % 3) * 3);
    }
  }
  return t;
}();

// 9-bit row of a band -> bits 0-2: the boxes it touches; bit 3: it holds exactly one cell;
// bits 8, 11, 14: the one box it touches, if only one (spread: box k at bit 8 + 3k).
inline constexpr auto kRowInfo = [] {
  std::array<std::uint16_t, 512> t{};
  for (int v = 0; v < 512; ++v) {
    const unsigned boxes = kRowBoxes[v];
    unsigned info = boxes;
    if (std::popcount(static_cast<unsigned>(v)) == 1) info |= 8;
    if (std::popcount(boxes) == 1) info |= 1u << (8 + 3 * std::countr_zero(boxes));
    t[v] = static_cast<std::uint16_t>(info);
  }
  return t;
}();

// The 9 columns a band word touches.
inline u32 band_columns(u32 x) { return (x | (x >> 9) | (x >> 18)) & 511; }

// A stack's mini-columns (bit band*3+column_in_stack) from the three bands' column sets.
inline u32 stack_mini_columns(const u32 columns[3], int stack) {
  const int shift = 3 * stack;
  return ((columns[0] >> shift) & 7) | (((columns[1] >> shift) & 7) << 3) | (((columns[2] >> shift) & 7) << 6);
}

struct State {
  u32 cand[3][9];    // cand[band][digit]: where the digit may stand; a placed digit keeps its cell
  u32 unsolved[3];   // cells not yet placed
  u32 dirty;         // bit band*9+digit: the word changed since update_word last ran on it
  u32 stacks_dirty;  // bit digit: its words changed since shrink_stacks last looked at it

  void removed(int digit, int band) {
    dirty |= 1u << (band * 9 + digit);
    stacks_dirty |= 1u << digit;
  }
  void remove(int digit, int band, u32 cells) {
    const u32 old = cand[band][digit];
    const u32 hit = (old & cells) != 0;
    cand[band][digit] = old & ~cells;
    dirty |= hit << (band * 9 + digit);
    stacks_dirty |= hit << digit;
  }

  // Places `digit` on an unsolved cell; false when it can no longer stand there.
  bool place(int digit, int band, u32 bit) {
    if (!(cand[band][digit] & bit)) return false;
    const int cell = band * 27 + std::countr_zero(bit);
    for (int d = 0; d < 9; ++d) {
      if (d != digit) remove(d, band, bit);
    }
    for (int b = 0; b < 3; ++b) remove(digit, b, kPeers[cell][b]);
    unsolved[band] &= ~bit;
    return true;
  }

  bool solved() const { return (unsolved[0] | unsolved[1] | unsolved[2]) == 0; }
};

// The root state, built in one pass: digit d may stand on its own givens, and on empty cells
// that see no given d. False when two equal givens see each other.
inline bool initial_state(const Grid9& givens, State& s) {
  u32 given_any[3] = {0, 0, 0};
  u32 given[9][3] = {};
  u32 seen[9][3] = {};  // cells that see a given d
  for (int cell = 0; cell < kCells; ++cell) {
    const int v = givens.cells[cell];
    if (!v) continue;
    const int d = v - 1, band = cell / 27;
    const u32 bit = 1u << (cell % 27);
    if (seen[d][band] & bit) return false;  // an equal given sees this one
    given_any[band] |= bit;
    given[d][band] |= bit;
    for (int b = 0; b < 3; ++b) seen[d][b] |= kPeers[cell][b];
  }
  for (int d = 0; d < 9; ++d) {
    for (int b = 0; b < 3; ++b) s.cand[b][d] = (kBandAll & ~given_any[b] & ~seen[d][b]) | given[d][b];
  }
  for (int b = 0; b < 3; ++b) s.unsolved[b] = kBandAll & ~given_any[b];
  s.dirty = kBandAll;  // every (band, digit) word
  s.stacks_dirty = 0x1FF;
  return true;
}

}  // namespace puzzlepress::engine::detail::band
