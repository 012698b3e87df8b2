// Singles on the band representation: naked and hidden singles to their fixed point, for
// singles_closure and singles_open_cells (band_search.h).
#include <array>
#include <bit>

#include "engine/band_search.h"
#include "engine/band_tables.h"

namespace puzzlepress::engine::detail {
namespace {

using namespace band;  // the tables of band_tables.h

struct SinglesState {
  u32 cand[3][9];
  u32 unsolved[3];
  u32 digits_dirty;  // bit digit: its words changed since hidden_singles last looked at it

  bool place(int digit, int band, u32 bit) {
    if (!(cand[band][digit] & bit)) return false;
    const int cell = band * 27 + std::countr_zero(bit);
    u32 had = 0;  // digits that lose the cell
    const int pos = std::countr_zero(bit);
    for (int d = 0; d < 9; ++d) {
      had |= ((cand[band][d] >> pos) & 1u) << d;
      cand[band][d] &= ~bit;
    }
    cand[band][digit] |= bit;
    for (int b = 0; b < 3; ++b) cand[b][digit] &= ~kPeers[cell][b];
    digits_dirty |= had | (1u << digit);
    unsolved[band] &= ~bit;
    return true;
  }
};

// Naked singles. Returns -1 on contradiction, else the number of cells placed.
int closure_naked_singles(SinglesState& s) {
  int placed = 0;
  for (int b = 0; b < 3; ++b) {
    u32 one = 0, more = 0;
    for (int d = 0; d < 9; ++d) {
      const u32 x = s.cand[b][d] & s.unsolved[b];
      more |= one & x;
      one |= x;
    }
    if (s.unsolved[b] & ~one) return -1;  // an empty cell with no candidate left
    const u32 singles = one & ~more;
    if (!singles) continue;
    for (int d = 0; d < 9; ++d) {
      for (u32 m = singles & s.cand[b][d]; m; m &= m - 1) {
        const u32 bit = m & (0u - m);
        if (!(s.cand[b][d] & bit)) continue;  // taken by a same-digit single: the next pass fails
        const int cell = b * 27 + std::countr_zero(bit);
        for (int bb = 0; bb < 3; ++bb) s.cand[bb][d] &= ~kPeers[cell][bb];
        s.digits_dirty |= 1u << d;
        s.unsolved[b] &= ~bit;
        ++placed;
      }
    }
  }
  return placed;
}

// Hidden singles in rows, boxes and columns. Returns -1 on contradiction, else cells placed.
int closure_hidden_singles(SinglesState& s) {
  int placed = 0;
  while (s.digits_dirty) {
    const int d = std::countr_zero(s.digits_dirty);
    s.digits_dirty &= ~(1u << d);  // placements below may mark other digits again
    if (!((s.cand[0][d] & s.unsolved[0]) | (s.cand[1][d] & s.unsolved[1]) | (s.cand[2][d] & s.unsolved[2]))) {
      continue;  // every cell of this digit is placed
    }
    u32 once = 0, twice = 0;  // columns holding the digit in >= 1 / >= 2 rows
    u32 cells[3];
    for (int b = 0; b < 3; ++b) {
      const u32 x = s.cand[b][d];
      u32 found = 0;
      for (int r = 0; r < 3; ++r) {
        const u32 row = (x >> (9 * r)) & 511;
        if (!row) return -1;  // a row with no place for the digit (a placed digit keeps its bit)
        twice |= once & row;
        once |= row;
        if (!(row & (row - 1))) found |= row << (9 * r);
      }
      for (int k = 0; k < 3; ++k) {
        const u32 box = x & (kBoxMask << (3 * k));
        if (!box) return -1;  // a box with no place for the digit
        if (!(box & (box - 1))) found |= box;
      }
      cells[b] = found;
    }
    if (once != 511) return -1;  // a column with no place for the digit
    const u32 lone_columns = (once & ~twice) * kColumnCopy;
    for (int b = 0; b < 3; ++b) {
      u32 todo = (cells[b] | (s.cand[b][d] & lone_columns)) & s.unsolved[b];
      for (; todo; todo &= todo - 1) {
        if (!s.place(d, b, todo & (0u - todo))) return -1;
        ++placed;
      }
    }
  }
  return placed;
}

// Open (unsolved) cells of `s`.
int open_cells(const SinglesState& s) {
  return std::popcount(s.unsolved[0]) + std::popcount(s.unsolved[1]) + std::popcount(s.unsolved[2]);
}

// Starts `s` from `givens` and applies singles until none is left, or until fewer than
// `stop_below` cells are open (0: never stops early). False on a clash or contradiction.
bool run_singles(const Grid9& givens, SinglesState& s, int stop_below) {
  State root;
  if (!initial_state(givens, root)) return false;
  for (int d = 0; d < 9; ++d) {
    for (int b = 0; b < 3; ++b) s.cand[b][d] = root.cand[b][d];
  }
  for (int b = 0; b < 3; ++b) s.unsolved[b] = root.unsolved[b];
  s.digits_dirty = 0x1FF;
  for (;;) {
    if (stop_below > 0 && open_cells(s) < stop_below) return true;
    const int naked = closure_naked_singles(s);
    if (naked < 0) return false;
    if (naked > 0) continue;
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) break;
    const int hidden = closure_hidden_singles(s);
    if (hidden < 0) return false;
    if (hidden == 0) break;
  }
  return true;
}

}  // namespace

int singles_open_cells(const Grid9& givens, int at_least) {
  SinglesState s;
  if (!run_singles(givens, s, at_least)) return kCells;
  return open_cells(s);
}

bool singles_closure(const Grid9& givens, Grid9& values, std::array<std::uint16_t, kCells>& candidates) {
  SinglesState s;
  if (!run_singles(givens, s, 0)) return false;
  values = Grid9{};
  candidates.fill(0);
  for (int d = 0; d < 9; ++d) {
    for (int b = 0; b < 3; ++b) {
      for (u32 m = s.cand[b][d]; m; m &= m - 1) {
        const int pos = std::countr_zero(m);
        const int cell = b * 27 + pos;
        if (s.unsolved[b] & (1u << pos)) {
          candidates[cell] = static_cast<std::uint16_t>(candidates[cell] | (1u << d));
        } else {
          values.cells[cell] = static_cast<std::uint8_t>(d + 1);
        }
      }
    }
  }
  return true;
}

}  // namespace puzzlepress::engine::detail
