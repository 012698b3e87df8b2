// Band search: see band_search.h for the representation and the propagation rules.
#include "engine/band_search.h"

#include <array>
#include <bit>

namespace puzzlepress::engine::detail {
namespace {

using u32 = std::uint32_t;
constexpr u32 kBandAll = (1u << 27) - 1;
constexpr u32 kBoxMask = 0x1C0E07u;  // box 0 of a band: bits 0-2, 9-11, 18-20

// Peers of each cell (same row, column or box, the cell itself excluded), as three band words.
constexpr auto kPeers = [] {
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
constexpr auto kRowBoxes = [] {
  std::array<std::uint8_t, 512> t{};
  for (int v = 0; v < 512; ++v) {
    for (int k = 0; k < 3; ++k) {
      if ((v >> (3 * k)) & 7) t[v] |= static_cast<std::uint8_t>(1u << k);
    }
  }
  return t;
}();

// 9-bit mini-row set (bit row*3+box) -> union of the 3x3 permutation patterns it contains:
// a digit stands once in each row and once in each box of a band. 0 means impossible.
constexpr auto kShrink = [] {
  std::array<std::uint16_t, 512> t{};
  constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int m = 0; m < 512; ++m) {
    for (const auto& p : perms) {
      const int pattern = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((m & pattern) == pattern) t[m] |= static_cast<std::uint16_t>(pattern);
    }
  }
  return t;
}();

// 9-bit mini-row set -> the 27-bit cells of those mini-rows.
constexpr auto kMiniRowCells = [] {
  std::array<u32, 512> t{};
  for (int m = 0; m < 512; ++m) {
    for (int i = 0; i < 9; ++i) {
      if (m & (1 << i)) t[m] |= 7u << ((i / 3) * 9 + (i % 3) * 3);
    }
  }
  return t;
}();

// 9-bit digit set -> bit digit*3 for each digit in it (shift by the band to address a word).
constexpr auto kSpreadDigits = [] {
  std::array<u32, 512> t{};
  for (int m = 0; m < 512; ++m) {
    for (int d = 0; d < 9; ++d) {
      if (m & (1 << d)) t[m] |= 1u << (d * 3);
    }
  }
  return t;
}();

struct State {
  u32 cand[9][3];  // cand[digit][band]
  u32 unsolved[3];
  u32 dirty;         // bit digit*3+band: that word changed since shrink_bands last looked at it
  u32 digits_dirty;  // bit digit: its words changed since hidden_singles last looked at it

  // False when `digit` can no longer stand at `cell` (a contradiction for every caller).
  bool place(int digit, int band, u32 bit) {
    if (!(cand[digit][band] & bit)) return false;
    const int pos = std::countr_zero(bit);
    const int cell = band * 27 + pos;
    u32 had = 0;  // digits that lose the cell
    for (int d = 0; d < 9; ++d) {
      had |= ((cand[d][band] >> pos) & 1u) << d;
      cand[d][band] &= ~bit;
    }
    cand[digit][band] |= bit;
    had &= ~(1u << digit);
    dirty |= kSpreadDigits[had] << band;
    for (int b = 0; b < 3; ++b) {
      const u32 old = cand[digit][b];
      const u32 kept = old & ~kPeers[cell][b];
      cand[digit][b] = kept;
      dirty |= static_cast<u32>(kept != old) << (digit * 3 + b);
    }
    digits_dirty |= had | (1u << digit);
    unsolved[band] &= ~bit;
    return true;
  }

  bool solved() const { return (unsolved[0] | unsolved[1] | unsolved[2]) == 0; }
};

// Candidate counts per cell, bit-sliced: count = c0 + 2*c1 + 4*c2 + 8*c3.
struct Counts {
  u32 c0[3], c1[3], c2[3], c3[3];
  void compute(const State& s) {
    for (int b = 0; b < 3; ++b) {
      u32 a0 = 0, a1 = 0, a2 = 0, a3 = 0;
      for (int d = 0; d < 9; ++d) {
        const u32 x = s.cand[d][b] & s.unsolved[b];
        const u32 k0 = a0 & x;
        a0 ^= x;
        const u32 k1 = a1 & k0;
        a1 ^= k0;
        const u32 k2 = a2 & k1;
        a2 ^= k1;
        a3 |= k2;
      }
      c0[b] = a0, c1[b] = a1, c2[b] = a2, c3[b] = a3;
    }
  }
  u32 exactly(int n, int b) const {
    return ((n & 1) ? c0[b] : ~c0[b]) & ((n & 2) ? c1[b] : ~c1[b]) &
           ((n & 4) ? c2[b] : ~c2[b]) & ((n & 8) ? c3[b] : ~c3[b]) & kBandAll;
  }
};

// Keeps, in every band, only the mini-rows of each digit that fit a once-per-row-and-box
// placement. Returns -1 on a band where the digit has no such placement, else the number of
// words it narrowed. Only words marked dirty are looked at: the table's result is its own
// fixed point.
int shrink_bands(State& s) {
  int narrowed = 0;
  for (; s.dirty; s.dirty &= s.dirty - 1) {
    const int word = std::countr_zero(s.dirty);
    const int d = word / 3, b = word % 3;
    const u32 x = s.cand[d][b];
    const int present =
        kRowBoxes[x & 511] | (kRowBoxes[(x >> 9) & 511] << 3) | (kRowBoxes[x >> 18] << 6);
    const int kept = kShrink[present];
    if (!kept) return -1;
    if (kept != present) {
      s.cand[d][b] = x & kMiniRowCells[kept];
      s.digits_dirty |= 1u << d;
      ++narrowed;
    }
  }
  return narrowed;
}

// Naked singles. Returns -1 on contradiction, else the number of cells placed.
// A naked-single cell has no other digit's candidate, so placing it only touches its digit's
// words: digits are walked once per band instead of searching each cell's digit. A single
// whose digit an earlier placement of this pass took away is left empty; the next pass then
// reports the contradiction (the fixed point, or the contradiction, does not depend on order).
int naked_singles(State& s, const Counts& counts) {
  int placed = 0;
  for (int b = 0; b < 3; ++b) {
    const u32 any = counts.c0[b] | counts.c1[b] | counts.c2[b] | counts.c3[b];
    if (s.unsolved[b] & ~any) return -1;  // an empty cell with no candidate left
    const u32 singles = counts.exactly(1, b) & s.unsolved[b];
    if (!singles) continue;
    for (int d = 0; d < 9; ++d) {
      for (u32 m = singles & s.cand[d][b]; m; m &= m - 1) {
        const u32 bit = m & (0u - m);
        if (!(s.cand[d][b] & bit)) continue;  // taken by a same-digit single in this pass
        const int cell = b * 27 + std::countr_zero(bit);
        for (int bb = 0; bb < 3; ++bb) {
          const u32 old = s.cand[d][bb];
          const u32 kept = old & ~kPeers[cell][bb];
          s.cand[d][bb] = kept;
          s.dirty |= static_cast<u32>(kept != old) << (d * 3 + bb);
        }
        s.digits_dirty |= 1u << d;
        s.unsolved[b] &= ~bit;
        ++placed;
      }
    }
  }
  return placed;
}

// Hidden singles in rows, boxes and columns. Returns -1 on contradiction, else cells placed.
int hidden_singles(State& s) {
  int placed = 0;
  // Only digits whose words changed since the last look can have a new hidden single.
  while (s.digits_dirty) {
    const int d = std::countr_zero(s.digits_dirty);
    s.digits_dirty &= ~(1u << d);  // placements below may mark other digits again
    if (!((s.cand[d][0] & s.unsolved[0]) | (s.cand[d][1] & s.unsolved[1]) |
          (s.cand[d][2] & s.unsolved[2]))) {
      continue;  // every cell of this digit is placed
    }
    u32 once = 0, twice = 0;  // columns holding the digit in >= 1 / >= 2 rows
    u32 cells[3];
    for (int b = 0; b < 3; ++b) {
      const u32 x = s.cand[d][b];
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
    const u32 lone_columns = (once & ~twice) * 0x40201u;  // copied to all three rows of a band
    for (int b = 0; b < 3; ++b) {
      u32 todo = (cells[b] | (s.cand[d][b] & lone_columns)) & s.unsolved[b];
      for (; todo; todo &= todo - 1) {
        if (!s.place(d, b, todo & (0u - todo))) return -1;
        ++placed;
      }
    }
  }
  return placed;
}

// Propagates to a fixed point: singles first, the band patterns only when singles run dry
// (most boards the generator asks about fall to singles alone). The fixed point does not
// depend on the order. False on contradiction; otherwise `counts` describes the result.
bool propagate(State& s, Counts& counts) {
  for (;;) {
    counts.compute(s);
    const int naked = naked_singles(s, counts);
    if (naked < 0) return false;
    if (naked > 0) continue;
    if (s.solved()) return true;
    const int hidden = hidden_singles(s);
    if (hidden < 0) return false;
    if (hidden > 0) continue;
    const int narrowed = shrink_bands(s);
    if (narrowed < 0) return false;
    if (narrowed == 0) return true;
  }
}

struct Searcher {
  int cap;
  std::uint64_t budget;
  std::vector<Grid>* solutions;
  BandSearchOutcome out;

  bool done() const { return out.found >= cap || out.out_of_budget; }

  void record(const State& s) {
    ++out.found;
    if (!solutions) return;
    Grid g;
    for (int d = 0; d < 9; ++d) {
      for (int b = 0; b < 3; ++b) {
        for (u32 m = s.cand[d][b]; m; m &= m - 1) {
          g.cells[b * 27 + std::countr_zero(m)] = static_cast<std::uint8_t>(d + 1);
        }
      }
    }
    solutions->push_back(g);
  }

  // `s` belongs to the caller, who no longer needs it: the last branch reuses it.
  void run(State& s) {
    Counts counts;
    if (!propagate(s, counts)) return;
    if (s.solved()) {
      record(s);
      return;
    }
    // A bi-value cell if any, else the first cell with fewest candidates.
    int band = -1;
    u32 bit = 0;
    for (int n = 2; n <= 9 && !bit; ++n) {
      for (int b = 0; b < 3; ++b) {
        const u32 m = counts.exactly(n, b) & s.unsolved[b];
        if (m) {
          band = b;
          bit = m & (0u - m);
          break;
        }
      }
    }
    int digits[9];
    int n = 0;
    for (int d = 0; d < 9; ++d) {
      if (s.cand[d][band] & bit) digits[n++] = d;
    }
    for (int i = 0; i < n; ++i) {
      if (out.nodes >= budget) {
        out.out_of_budget = true;
        return;
      }
      ++out.nodes;
      if (i + 1 < n) {
        State child = s;
        child.place(digits[i], band, bit);
        run(child);
      } else {
        s.place(digits[i], band, bit);
        run(s);
      }
      if (done()) return;
    }
  }
};

}  // namespace

namespace {

// The root state, built in one pass: digit d may stand on its own givens, and on empty cells
// that see no given d. False when two equal givens see each other.
bool initial_state(const Grid& givens, State& s) {
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
    for (int b = 0; b < 3; ++b) s.cand[d][b] = (kBandAll & ~given_any[b] & ~seen[d][b]) | given[d][b];
  }
  for (int b = 0; b < 3; ++b) s.unsolved[b] = kBandAll & ~given_any[b];
  s.dirty = (1u << 27) - 1;  // every (digit, band) word
  s.digits_dirty = 0x1FF;
  return true;
}

}  // namespace

BandSearchOutcome band_search(const Grid& givens, int cap, std::uint64_t budget,
                              std::vector<Grid>* solutions) {
  Searcher searcher{cap < 1 ? 1 : cap, budget, solutions, {}};
  if (budget == 0) {
    searcher.out.out_of_budget = true;
    return searcher.out;
  }
  searcher.out.nodes = 1;  // the root
  State s;
  if (!initial_state(givens, s)) return searcher.out;
  searcher.run(s);
  return searcher.out;
}

bool singles_closure(const Grid& givens, Grid& values, std::array<std::uint16_t, kCells>& candidates) {
  State s;
  if (!initial_state(givens, s)) return false;
  Counts counts;
  for (;;) {
    counts.compute(s);
    const int naked = naked_singles(s, counts);
    if (naked < 0) return false;
    if (naked > 0) continue;
    if (s.solved()) break;
    const int hidden = hidden_singles(s);
    if (hidden < 0) return false;
    if (hidden == 0) break;
  }
  values = Grid{};
  candidates.fill(0);
  for (int d = 0; d < 9; ++d) {
    for (int b = 0; b < 3; ++b) {
      for (u32 m = s.cand[d][b]; m; m &= m - 1) {
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

bool band_search_differs(const Grid& givens, int cell, int digit, bool ask_cell, int partner,
                         int partner_digit) {
  State root;
  if (!initial_state(givens, root)) return false;
  Counts counts;
  if (!propagate(root, counts)) return false;  // no completion at all
  const int band = cell / 27, d = digit - 1;
  const u32 bit = 1u << (cell % 27);
  if (ask_cell) {
    Searcher searcher{1, ~std::uint64_t{0}, nullptr, {}};
    State s = root;
    s.cand[d][band] &= ~bit;  // another digit at `cell`
    s.dirty |= 1u << (d * 3 + band);
    s.digits_dirty |= 1u << d;
    // A cell propagation already filled with `digit` has no other digit to take (and no
    // candidate left after the removal above): nothing to search then.
    const bool filled_with_digit = !(root.unsolved[band] & bit) && (root.cand[d][band] & bit);
    if (!filled_with_digit) {
      searcher.run(s);
      if (searcher.out.found) return true;
    }
  }
  if (partner < 0) return false;
  State s = root;
  if (s.unsolved[band] & bit) {
    if (!s.place(d, band, bit)) return false;  // `digit` cannot stand at `cell`
  } else if (!(s.cand[d][band] & bit)) {
    return false;  // propagation put another digit at `cell`
  }
  const int pband = partner / 27, pd = partner_digit - 1;
  const u32 pbit = 1u << (partner % 27);
  // A cell propagation already filled keeps its one candidate: a filled `partner` differs
  // exactly when it holds another digit, and then the state is searched as it is.
  if (!(s.unsolved[pband] & pbit) && (s.cand[pd][pband] & pbit)) return false;
  s.cand[pd][pband] &= ~pbit;  // another digit at `partner`
  s.dirty |= 1u << (pd * 3 + pband);
  s.digits_dirty |= 1u << pd;
  Searcher searcher{1, ~std::uint64_t{0}, nullptr, {}};
  searcher.run(s);
  return searcher.out.found > 0;
}

}  // namespace puzzlepress::engine::detail
