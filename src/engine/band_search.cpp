// Band search: see band_search.h for the representation, the propagation rules and the branching.
#include "engine/band_search.h"

#include <array>
#include <bit>

#include "engine/band_tables.h"

namespace puzzlepress::engine::detail {
namespace {

using namespace band;  // the tables of band_tables.h

// One digit in one band: keep the mini-rows that fit a permutation pattern (locked candidates
// along rows: pointing, claiming, and their band-wide combinations), then place the digit in
// every row left with one cell. Such a cell is alone in its box too (the pattern fixes the
// box's mini-row), so placing it only has to clear the cell for the other digits and its
// column in the other bands. Boxes left with one cell become rows with one cell on the way
// (hidden singles in boxes). False on contradiction.
bool update_word(State& s, int d, int b) {
  u32 x = s.cand[b][d];
  const u32 i0 = kRowInfo[x & 511], i1 = kRowInfo[(x >> 9) & 511], i2 = kRowInfo[x >> 18];
  const u32 present = (i0 & 7) | ((i1 & 7) << 3) | ((i2 & 7) << 6);
  const u32 kept = kShrink[present];
  if (!kept) return false;
  if (kept != present) {
    x &= kMiniRowCells[kept];
    s.cand[b][d] = x;
    s.stacks_dirty |= 1u << d;
  }
  // Rows with a single cell (every row has one at least: `kept` is a pattern).
  const u32 r0 = x & 511, r1 = x & (511u << 9), r2 = x & (511u << 18);
  const u32 lone = ((r0 & (r0 - 1)) ? 0 : r0) | ((r1 & (r1 - 1)) ? 0 : r1) | ((r2 & (r2 - 1)) ? 0 : r2);
  const u32 placed = lone & s.unsolved[b];
  if (!placed) return true;
  s.unsolved[b] &= ~placed;
  u32 hit = 0;  // digits that lose a placed cell
  for (int e = 0; e < 9; ++e) {
    const u32 old = s.cand[b][e];
    hit |= static_cast<u32>((old & placed) != 0) << e;
    s.cand[b][e] = old & ~placed;
  }
  s.cand[b][d] = x;
  hit &= ~(1u << d);
  s.dirty |= hit << (9 * b);
  s.stacks_dirty |= hit;
  const u32 columns = band_columns(placed) * kColumnCopy;
  for (int other = 0; other < 3; ++other) {
    if (other != b) s.remove(d, other, columns);
  }
  return true;
}

// The same rule across the stacks, per digit whose words changed: keep the mini-columns that
// fit a permutation pattern (locked candidates along columns). A column left with one cell
// becomes a box with one cell, which update_word then places (hidden singles in columns).
// False on contradiction.
bool shrink_stacks(State& s) {
  for (; s.stacks_dirty; s.stacks_dirty &= s.stacks_dirty - 1) {
    const int d = std::countr_zero(s.stacks_dirty);
    u32 columns[3];
    for (int b = 0; b < 3; ++b) columns[b] = band_columns(s.cand[b][d]);
    for (int t = 0; t < 3; ++t) {
      const u32 present = stack_mini_columns(columns, t);
      const u32 kept = kShrink[present];
      if (!kept) return false;
      if (kept == present) continue;
      for (int b = 0; b < 3; ++b) {
        const u32 gone = ((present & ~kept) >> (3 * b)) & 7;
        if (!gone) continue;
        s.remove(d, b, (gone << (3 * t)) * kColumnCopy);
        columns[b] = band_columns(s.cand[b][d]);
      }
    }
  }
  return true;
}

// Naked singles: places every unsolved cell left with one candidate. Returns -1 on
// contradiction (a cell with no candidate), else the number of cells placed.
int naked_singles(State& s) {
  u32 singles[3];
  u32 any_single = 0;
  for (int b = 0; b < 3; ++b) {
    u32 one = 0, more = 0;
    for (int d = 0; d < 9; ++d) {
      const u32 x = s.cand[b][d];
      more |= one & x;
      one |= x;
    }
    if (one != kBandAll) return -1;
    singles[b] = one & ~more & s.unsolved[b];
    any_single |= singles[b];
  }
  if (!any_single) return 0;
  int placed = 0;
  for (int b = 0; b < 3; ++b) {
    if (!singles[b]) continue;
    for (int d = 0; d < 9; ++d) {
      for (u32 m = singles[b] & s.cand[b][d]; m; m &= m - 1) {
        const u32 bit = m & (0u - m);
        // An equal single placed just before in a peer took this cell's only candidate.
        if (!(s.cand[b][d] & bit)) return -1;
        const int cell = b * 27 + std::countr_zero(bit);
        for (int bb = 0; bb < 3; ++bb) s.remove(d, bb, kPeers[cell][bb]);
        s.unsolved[b] &= ~bit;
        ++placed;
      }
    }
  }
  return placed;
}

// What choose_branch needs, gathered by the last triad pass of a propagation (which found
// nothing to remove, so it describes the final state). Columns are kept per band: a stack's
// mini-columns are read from them.
struct Summary {
  std::uint16_t mini_rows[3][9];  // [band][digit]: the digit's mini-rows in the band
  u32 columns[3][9];              // [band][digit]: the columns the digit touches in the band
};

// Hidden triads: a mini-row's three cells hold three digits, so when three digits are each sure
// to stand in it (confined there within their row, or equally within their box), the other
// digits leave it; four sure digits are a contradiction (false). The same for mini-columns
// (digits confined there within their column or box). Fills `summary` on the way.
bool triads(State& s, Summary& summary) {
  for (int b = 0; b < 3; ++b) {
    u32 sure[9];  // spread: mini-row i at bit 3i
    u32 ones = 0, twos = 0, more = 0;
    for (int d = 0; d < 9; ++d) {
      const u32 x = s.cand[b][d];
      const u32 i0 = kRowInfo[x & 511], i1 = kRowInfo[(x >> 9) & 511], i2 = kRowInfo[x >> 18];
      summary.mini_rows[b][d] = static_cast<std::uint16_t>((i0 & 7) | ((i1 & 7) << 3) | ((i2 & 7) << 6));
      const u32 c = (i0 >> 8) | ((i1 >> 8) << 9) | ((i2 >> 8) << 18);
      sure[d] = c;
      const u32 carry = ones & c;
      ones ^= c;
      more |= twos & carry;
      twos ^= carry;
    }
    if (more) return false;
    const u32 full = ones & twos;  // exactly three sure digits
    if (!full) continue;
    for (int d = 0; d < 9; ++d) s.remove(d, b, (full & ~sure[d]) * 7);
  }
  u32 sure[9];  // bit band*9+column: the mini-column holds the digit for sure
  u32 ones = 0, twos = 0, more = 0;
  for (int d = 0; d < 9; ++d) {
    const u32 c0 = band_columns(s.cand[0][d]), c1 = band_columns(s.cand[1][d]), c2 = band_columns(s.cand[2][d]);
    summary.columns[0][d] = c0, summary.columns[1][d] = c1, summary.columns[2][d] = c2;
    const u32 one_band = ~((c0 & c1) | (c0 & c2) | (c1 & c2));
    const u32 c = (c0 & one_band) | ((c1 & one_band) << 9) | ((c2 & one_band) << 18);
    sure[d] = c;
    const u32 carry = ones & c;
    ones ^= c;
    more |= twos & carry;
    twos ^= carry;
  }
  if (more) return false;
  const u32 full = ones & twos;
  if (!full) return true;
  for (int d = 0; d < 9; ++d) {
    const u32 gone = full & ~sure[d];
    if (!gone) continue;
    for (int b = 0; b < 3; ++b) s.remove(d, b, ((gone >> (9 * b)) & 511) * kColumnCopy);
  }
  return true;
}

// Propagates until no rule changes anything, cheap rules first. Every rule only removes
// candidates that no completion uses, so no completion is ever lost. False on contradiction.
// When it returns true with every cell placed, the grid is a solution: each placement cleared
// its cell for the other digits and the digit from its row, box and column, and a placed cell
// losing its digit would have emptied its row (a contradiction). Otherwise `summary`
// describes the final state.
bool propagate(State& s, Summary& summary) {
  for (;;) {
    while (s.dirty) {
      const int word = std::countr_zero(s.dirty);
      s.dirty &= s.dirty - 1;
      if (!update_word(s, word % 9, word / 9)) return false;
    }
    if (s.solved()) return true;
    const int naked = naked_singles(s);
    if (naked < 0) return false;
    if (naked > 0) continue;
    if (!shrink_stacks(s)) return false;
    if (s.dirty) continue;
    if (!triads(s, summary)) return false;
    if (!s.dirty) return true;
  }
}

// The branch: a digit's pattern in one band (vertical = false) or stack (vertical = true), one
// child per pattern still possible.
struct Branch {
  int digit = -1;
  int index = 0;  // band or stack
  bool vertical = false;
  u32 patterns = 0;
};

// Chooses on a propagated, unsolved state: the band or stack with the fewest patterns over its
// nine digits (the one closest to fixed), then its digit with fewest patterns (at least two).
// Some band or stack has a digit with two patterns or more: were every pattern fixed, every
// digit would have one cell per box, and propagation would have placed them all.
Branch choose_branch(const Summary& summary) {
  int best_total = 1 << 30;
  int best_vertical = 0, best_index = 0;
  for (int k = 0; k < 3; ++k) {
    int band_total = 0, stack_total = 0;
    for (int d = 0; d < 9; ++d) {
      const u32 columns[3] = {summary.columns[0][d], summary.columns[1][d], summary.columns[2][d]};
      band_total += kConfigurationCount[summary.mini_rows[k][d]];
      stack_total += kConfigurationCount[stack_mini_columns(columns, k)];
    }
    // 9: every digit's pattern is fixed, nothing to branch on there.
    if (band_total > 9 && band_total < best_total) {
      best_total = band_total, best_vertical = 0, best_index = k;
    }
    if (stack_total > 9 && stack_total < best_total) {
      best_total = stack_total, best_vertical = 1, best_index = k;
    }
  }
  Branch branch;
  branch.vertical = best_vertical != 0;
  branch.index = best_index;
  int fewest = 7;
  for (int d = 0; d < 9; ++d) {
    u32 mini = summary.mini_rows[best_index][d];
    if (best_vertical) {
      const u32 columns[3] = {summary.columns[0][d], summary.columns[1][d], summary.columns[2][d]};
      mini = stack_mini_columns(columns, best_index);
    }
    const int n = kConfigurationCount[mini];
    if (n >= 2 && n < fewest) {
      fewest = n;
      branch.digit = d;
      branch.patterns = kConfigurations[mini];
      if (n == 2) break;
    }
  }
  return branch;
}

// Restricts the branch's digit to pattern p in the branch's band or stack.
void take_pattern(State& s, const Branch& branch, int p) {
  const int d = branch.digit;
  const u32 pattern = kPatterns[p];
  if (!branch.vertical) {
    s.cand[branch.index][d] &= kMiniRowCells[pattern];
    s.removed(d, branch.index);
    return;
  }
  for (int b = 0; b < 3; ++b) {
    const u32 gone = ~(pattern >> (3 * b)) & 7;
    s.remove(d, b, (gone << (3 * branch.index)) * kColumnCopy);
  }
}

struct Searcher {
  int cap;
  std::uint64_t budget;
  std::vector<Grid9>* solutions;
  BandSearchOutcome out;
  const SolutionPatterns* guide = nullptr;  // when set: each branch tries the guide's pattern first

  bool done() const { return out.found >= cap || out.out_of_budget; }

  void record(const State& s) {
    ++out.found;
    if (!solutions) return;
    Grid9 g;
    for (int d = 0; d < 9; ++d) {
      for (int b = 0; b < 3; ++b) {
        for (u32 m = s.cand[b][d]; m; m &= m - 1) {
          g.cells[b * 27 + std::countr_zero(m)] = static_cast<std::uint8_t>(d + 1);
        }
      }
    }
    solutions->push_back(g);
  }

  // `s` belongs to the caller, who no longer needs it: the last branch reuses it.
  void run(State& s) {
    Summary summary;
    if (!propagate(s, summary)) return;
    if (s.solved()) {
      record(s);
      return;
    }
    const Branch branch = choose_branch(summary);
    int first = -1;
    if (guide) {
      first =
          branch.vertical ? guide->in_stack[branch.index][branch.digit] : guide->in_band[branch.index][branch.digit];
      if (!(branch.patterns & (1u << first))) first = -1;
    }
    for (u32 left = branch.patterns; left;) {
      if (out.nodes >= budget) {
        out.out_of_budget = true;
        return;
      }
      ++out.nodes;
      const int p = first >= 0 ? first : std::countr_zero(left);
      first = -1;
      left &= ~(1u << p);
      if (left) {
        State child = s;
        take_pattern(child, branch, p);
        run(child);
      } else {
        take_pattern(s, branch, p);
        run(s);
      }
      if (done()) return;
    }
  }
};

// --- The singles closure (naked and hidden singles only), for the logic solver. ---

}  // namespace

SolutionPatterns::SolutionPatterns(const Grid9& solution) {
  std::uint16_t rows[3][9] = {}, columns[3][9] = {};
  for (int cell = 0; cell < kCells; ++cell) {
    if (solution.cells[cell] < 1 || solution.cells[cell] > 9) continue;
    const int d = solution.cells[cell] - 1, r = cell / 9, c = cell % 9;
    rows[r / 3][d] = static_cast<std::uint16_t>(rows[r / 3][d] | (1u << ((r % 3) * 3 + c / 3)));
    columns[c / 3][d] = static_cast<std::uint16_t>(columns[c / 3][d] | (1u << ((r / 3) * 3 + c % 3)));
  }
  for (int k = 0; k < 3; ++k) {
    for (int d = 0; d < 9; ++d) {
      in_band[k][d] = in_stack[k][d] = 6;
      for (std::uint8_t p = 0; p < 6; ++p) {
        if (kPatterns[p] == rows[k][d]) in_band[k][d] = p;
        if (kPatterns[p] == columns[k][d]) in_stack[k][d] = p;
      }
    }
  }
}

BandSearchOutcome band_search(const Grid9& givens, int cap, std::uint64_t budget, std::vector<Grid9>* solutions) {
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

bool band_search_differs(const Grid9& givens, int cell, int digit, bool ask_cell, int partner, int partner_digit,
                         Grid9* witness, const SolutionPatterns* guide) {
  std::vector<Grid9> found;
  std::vector<Grid9>* keep = witness ? &found : nullptr;
  const auto give = [&] {
    if (witness) *witness = found.front();
    return true;
  };
  State root;
  if (!initial_state(givens, root)) return false;
  Summary summary;
  if (!propagate(root, summary)) return false;  // no completion at all
  const int band = cell / 27, d = digit - 1;
  const u32 bit = 1u << (cell % 27);
  if (ask_cell) {
    Searcher searcher{1, ~std::uint64_t{0}, keep, {}, guide};
    State s = root;
    // A cell propagation already filled with `digit` has no other digit to take: nothing to
    // search then.
    const bool filled_with_digit = !(root.unsolved[band] & bit) && (root.cand[band][d] & bit);
    if (!filled_with_digit) {
      s.remove(d, band, bit);  // another digit at `cell`
      searcher.run(s);
      if (searcher.out.found) return give();
    }
  }
  if (partner < 0) return false;
  State s = root;
  if (s.unsolved[band] & bit) {
    if (!s.place(d, band, bit)) return false;  // `digit` cannot stand at `cell`
  } else if (!(s.cand[band][d] & bit)) {
    return false;  // propagation put another digit at `cell`
  }
  const int pband = partner / 27, pd = partner_digit - 1;
  const u32 pbit = 1u << (partner % 27);
  // A cell propagation already filled keeps its one candidate: a filled `partner` differs
  // exactly when it holds another digit, and then the state is searched as it is.
  if (!(s.unsolved[pband] & pbit) && (s.cand[pband][pd] & pbit)) return false;
  s.remove(pd, pband, pbit);  // another digit at `partner`
  Searcher searcher{1, ~std::uint64_t{0}, keep, {}, guide};
  searcher.run(s);
  return searcher.out.found > 0 && give();
}

}  // namespace puzzlepress::engine::detail
