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

// The candidate bits of `set` for cell c (bit d - 1 for digit d).
template <class V>
Mask cell_bits(const typename Candidates<V>::Set& set, int c) {
  using C = Candidates<V>;
  const int i = C::of(c, 1), w = i >> 6, at = i & 63;
  std::uint64_t m = set[w] >> at;
  if (at > 64 - C::kStride && w + 1 < C::kWords) m |= set[w + 1] << (64 - at);
  return static_cast<Mask>(m & ((1u << C::kStride) - 1));
}

// Common consequences of the branches of a group; keeps the shortest (a cut branch counts as
// one that does not contradict). Cell by cell: a placement every live branch made, then the
// candidates every live branch removed, by digit.
template <class V>
void intersect(const std::vector<const Branch<V>*>& group, Conclusion& best, const std::vector<int>& src_cells,
               int digit, int unit) {
  using C = Candidates<V>;
  std::array<const Branch<V>*, V::kMaxSymbols> live;
  int n = 0;
  int base = 0;  // the branches that fail must be followed to their contradiction too
  for (const Branch<V>* br : group) {
    if (!br->contradiction) live[n++] = br;
    else base = std::max(base, br->rounds);
  }
  if (n == 0) return;  // the board itself is contradictory; dead() will catch it
  typename C::Set gone = live[0]->gone_set, placed = live[0]->placed_set, any{};
  for (int k = 1; k < n; ++k)
    for (int w = 0; w < C::kWords; ++w) {
      gone[w] &= live[k]->gone_set[w];
      placed[w] &= live[k]->placed_set[w];
    }
  for (int w = 0; w < C::kWords; ++w) any[w] = gone[w] | placed[w];
  int last = -1;
  for (int w = 0; w < C::kWords; ++w)
    for (std::uint64_t m = any[w]; m; m &= m - 1) {
      const int c = C::cell(w * 64 + std::countr_zero(m));
      if (c == last) continue;
      last = c;
      if (const Mask v = cell_bits<V>(placed, c)) {
        int len = base;
        for (int k = 0; k < n; ++k) len = std::max<int>(len, live[k]->placed[c]);
        if (len < best.length) best = {len, src_cells, digit, unit, {c, first_digit(v)}, true};
      }
      for (Mask g = cell_bits<V>(gone, c); g; g &= g - 1) {
        const int d = first_digit(g);
        int len = base;
        for (int k = 0; k < n; ++k) len = std::max<int>(len, live[k]->gone[C::of(c, d)]);
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
template <class V>
bool find_forcing_chain(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  using C = Candidates<V>;
  const V& g = b.geo;
  const bool shortest = q.shortest, shortcuts = q.shortcuts;
  const BranchStart<V> start(b);
  std::array<int, C::kCount> index;  // branch of each candidate, -1 for none
  std::fill(index.begin(), index.begin() + C::of(g.cells(), 1), -1);
  std::vector<Branch<V>> store;
  store.reserve(256);
  for (int c = 0; c < g.cells(); ++c)
    for (int d = 1; d <= g.symbols(); ++d)
      if (b.has(c, d)) {
        index[C::of(c, d)] = static_cast<int>(store.size());
        store.emplace_back();
      }
  Conclusion best;
  auto branch = [&](int c, int d) -> const Branch<V>& {
    Branch<V>& br = store[index[C::of(c, d)]];
    const int last = shortcuts ? best.length - 1 : 1 << 30;
    if (br.state == Branch<V>::State::not_run || (br.state == Branch<V>::State::cut && br.reached < last))
      run_branch(start, c, d, last, br);
    return br;
  };
  std::vector<const Branch<V>*> group;
  // The group of the candidates `assumed`.
  auto conclude = [&](const std::vector<int>& assumed, const std::vector<int>& src_cells, int digit, int unit) {
    group.clear();
    bool cut = false;
    for (int a : assumed) {
      const Branch<V>& br = branch(C::cell(a), C::digit(a));
      if (br.state == Branch<V>::State::done && br.contradiction && br.rounds >= best.length) return;
      cut |= br.state == Branch<V>::State::cut;
      group.push_back(&br);
    }
    if (cut) {
      Conclusion trial = best;
      intersect(group, trial, src_cells, digit, unit);
      if (trial.length == best.length) return;
      for (int a : assumed) {
        Branch<V>& br = store[index[a]];
        if (br.state != Branch<V>::State::cut) continue;
        run_branch(start, C::cell(a), C::digit(a), 1 << 30, br);
        if (br.contradiction) return;  // it ends after round best.length - 1
      }
    }
    intersect(group, best, src_cells, digit, unit);
  };
  auto found = [&] { return !shortest && best.length != (1 << 30); };
  // contradictions
  for (int c = 0; c < g.cells() && !found(); ++c)
    for (int d = 1; d <= g.symbols() && !found(); ++d) {
      if (index[C::of(c, d)] < 0) continue;
      const Branch<V>& br = branch(c, d);
      if (br.contradiction && br.rounds < best.length) best = {br.rounds, {c}, d, -1, {c, d}, false};
    }
  // cell forcing
  std::vector<int> assumed;
  for (int c = 0; c < g.cells() && !found(); ++c) {
    if (b.value[c]) continue;
    assumed.clear();
    for (int d = 1; d <= g.symbols(); ++d)
      if (b.has(c, d)) assumed.push_back(C::of(c, d));
    conclude(assumed, {c}, 0, -1);
  }
  // house forcing
  for (int u = 0; u < g.houses() && !found(); ++u)
    for (int d = 1; d <= g.symbols() && !found(); ++d) {
      const unsigned pos = b.positions(u, d);
      if (g.count(pos) < 2) continue;
      assumed.clear();
      std::vector<int> cells;
      for (unsigned m = pos; m; m &= m - 1) {
        const int c = g.house(u)[std::countr_zero(m)];
        assumed.push_back(C::of(c, d));
        cells.push_back(c);
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

std::string describe_forcing_chain(const LogicStep& s, const Naming& names) {
  const std::string result = names.effect(s);
  if (s.unit >= 0 && !s.digits.empty())
    return "forcing chain: wherever " + names.symbol(s.digits[0]) + " goes in " + names.house(s.unit) + " (" +
           names.cells(s.cells) + "), the singles that follow give the same result: " + result;
  if (!s.digits.empty() && s.cells.size() == 1)
    return "forcing chain: " + names.symbol(s.digits[0]) + " in " + names.cell(s.cells[0]) +
           " leads through singles to a contradiction, so " + result;
  return "forcing chain: whichever digit " + (s.cells.empty() ? std::string("the cell") : names.cell(s.cells[0])) +
         " holds, the singles that follow give the same result: " + result;
}

PUZZLEPRESS_FINDER(find_forcing_chain);

}  // namespace puzzlepress::engine::logic
