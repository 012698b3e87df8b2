// Forcing chains, the last logical tier: assume a candidate true and follow the naked and
// hidden singles it forces (round by round). Conclusions:
//   contradiction  the assumption leads to an impossible board: the candidate is false;
//   cell forcing   every candidate of a cell forces the same placement or elimination;
//   unit forcing   every place of a digit in a unit forces the same placement or elimination.
// Each conclusion's length is the number of rounds its slowest branch needed; the shortest
// conclusion is reported, rated 8.0 plus a length bonus.
#include <algorithm>
#include <array>
#include <vector>

#include "engine/logic_forcing_branch.h"
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

struct Conclusion {
  int length = 1 << 30;
  std::vector<int> cells;  // the source: the cell, or the unit's places
  int digit = 0;           // unit forcing digit, or the assumed digit of a contradiction
  int unit = -1;
  CellDigit result{};
  bool place = false;
};

// The 9 bits of `set` (candidates, bit c * 9 + d - 1) for cell c.
Mask cell_bits(const std::array<std::uint64_t, 12>& set, int c) {
  const int i = c * 9, w = i >> 6, at = i & 63;
  std::uint64_t m = set[w] >> at;
  if (at > 64 - 9 && w + 1 < 12) m |= set[w + 1] << (64 - at);
  return static_cast<Mask>(m & kAll);
}

// Common consequences of the branches of a group; keeps the shortest (a cut branch counts as
// one that does not contradict). Cell by cell: a placement every live branch made, then the
// candidates every live branch removed, by digit.
void intersect(const std::vector<const Branch*>& group, Conclusion& best, const std::vector<int>& src_cells,
               int digit, int unit) {
  std::array<const Branch*, 9> live;
  int n = 0;
  int base = 0;  // the branches that fail must be followed to their contradiction too
  for (const Branch* br : group) {
    if (!br->contradiction) live[n++] = br;
    else base = std::max(base, br->rounds);
  }
  if (n == 0) return;  // the board itself is contradictory; dead() will catch it
  std::array<std::uint64_t, 12> gone = live[0]->gone_set, placed = live[0]->placed_set, any{};
  for (int k = 1; k < n; ++k)
    for (int w = 0; w < 12; ++w) {
      gone[w] &= live[k]->gone_set[w];
      placed[w] &= live[k]->placed_set[w];
    }
  for (int w = 0; w < 12; ++w) any[w] = gone[w] | placed[w];
  int last = -1;
  for (int w = 0; w < 12; ++w)
    for (std::uint64_t m = any[w]; m; m &= m - 1) {
      const int c = (w * 64 + std::countr_zero(m)) / 9;
      if (c == last) continue;
      last = c;
      if (const Mask v = cell_bits(placed, c)) {
        int len = base;
        for (int k = 0; k < n; ++k) len = std::max<int>(len, live[k]->placed[c]);
        if (len < best.length) best = {len, src_cells, digit, unit, {c, first_digit(v)}, true};
      }
      for (Mask g = cell_bits(gone, c); g; g &= g - 1) {
        const int d = first_digit(g);
        int len = base;
        for (int k = 0; k < n; ++k) len = std::max<int>(len, live[k]->gone[c * 9 + d - 1]);
        if (len < best.length) best = {len, src_cells, digit, unit, {c, d}, false};
      }
    }
}

}  // namespace

// Only conclusions shorter than the best so far matter, so a branch is run only until it would
// place round best.length (cut): its contradiction, if any, comes later, and what it stamps
// later is too long. A group with a cut branch is first intersected as if the branch held;
// when that beats the best, the cut branches are run to their end (one that then contradicts
// makes the group too long) and the group is intersected again. The outcome is the one that
// running every branch to its end gives.
bool find_forcing_chain(const Board& b, bool shortest, LogicStep& out, bool shortcuts) {
  const BranchStart start(b);
  std::array<int, 729> index{};  // branch of each candidate, -1 for none
  index.fill(-1);
  std::vector<Branch> store;
  store.reserve(256);
  for (int c = 0; c < 81; ++c)
    for (int d = 1; d <= 9; ++d)
      if (b.has(c, d)) {
        index[c * 9 + d - 1] = static_cast<int>(store.size());
        store.emplace_back();
      }
  Conclusion best;
  auto branch = [&](int c, int d) -> const Branch& {
    Branch& br = store[index[c * 9 + d - 1]];
    const int last = shortcuts ? best.length - 1 : 1 << 30;
    if (br.state == Branch::State::not_run || (br.state == Branch::State::cut && br.reached < last))
      run_branch(start, c, d, last, br);
    return br;
  };
  std::vector<const Branch*> group;
  // The group of the candidates `assumed` (c * 9 + d - 1 each).
  auto conclude = [&](const std::vector<int>& assumed, const std::vector<int>& src_cells, int digit, int unit) {
    group.clear();
    bool cut = false;
    for (int a : assumed) {
      const Branch& br = branch(a / 9, a % 9 + 1);
      if (br.state == Branch::State::done && br.contradiction && br.rounds >= best.length) return;
      cut |= br.state == Branch::State::cut;
      group.push_back(&br);
    }
    if (cut) {
      Conclusion trial = best;
      intersect(group, trial, src_cells, digit, unit);
      if (trial.length == best.length) return;
      for (int a : assumed) {
        Branch& br = store[index[a]];
        if (br.state != Branch::State::cut) continue;
        run_branch(start, a / 9, a % 9 + 1, 1 << 30, br);
        if (br.contradiction) return;  // it ends after round best.length - 1
      }
    }
    intersect(group, best, src_cells, digit, unit);
  };
  auto found = [&] { return !shortest && best.length != (1 << 30); };
  // contradictions
  for (int c = 0; c < 81 && !found(); ++c)
    for (int d = 1; d <= 9 && !found(); ++d) {
      if (index[c * 9 + d - 1] < 0) continue;
      const Branch& br = branch(c, d);
      if (br.contradiction && br.rounds < best.length) best = {br.rounds, {c}, d, -1, {c, d}, false};
    }
  // cell forcing
  std::vector<int> assumed;
  for (int c = 0; c < 81 && !found(); ++c) {
    if (b.value[c]) continue;
    assumed.clear();
    for (int d = 1; d <= 9; ++d)
      if (b.has(c, d)) assumed.push_back(c * 9 + d - 1);
    conclude(assumed, {c}, 0, -1);
  }
  // unit forcing
  for (int u = 0; u < 27 && !found(); ++u)
    for (int d = 1; d <= 9 && !found(); ++d) {
      const unsigned pos = b.positions(u, d);
      if (bit_count(pos) < 2) continue;
      assumed.clear();
      std::vector<int> cells;
      for (int i = 0; i < 9; ++i)
        if (pos & (1u << i)) {
          assumed.push_back(kUnitCells[u][i] * 9 + d - 1);
          cells.push_back(kUnitCells[u][i]);
        }
      conclude(assumed, cells, d, u);
    }
  if (best.length == (1 << 30)) return false;
  out.cells = best.cells;
  if (best.digit) out.digits = {best.digit};
  out.unit = best.unit;
  if (best.place) out.placements = {best.result};
  else out.eliminations = {best.result};
  out.rating = technique_rating(Technique::forcing_chain) + std::min(1.5, 0.1 * std::max(0, best.length - 1));
  return true;
}

}  // namespace puzzlepress::engine::logic
