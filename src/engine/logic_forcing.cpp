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

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

struct Branch {
  bool done = false;                    // run_branch has filled this
  bool contradiction = false;
  int rounds = 0;                       // rounds until contradiction or quiet
  std::array<Mask, 81> cand{};          // final pencil marks
  std::array<std::uint8_t, 81> value{};
  std::array<std::uint8_t, 729> gone{};   // round a candidate was removed (0 = still there)
  std::array<std::uint8_t, 81> placed{};  // round a cell was filled (0 = not by this branch)
};

// The pencil marks a branch works on: the board's masks and values only (a branch needs no
// per-digit index, and copies it ~250 times).
struct Marks {
  std::array<Mask, 81> cand;
  std::array<std::uint8_t, 81> value;
  bool broken = false;
};

// Places `digit` at `cell` in round `round`, stamping every candidate it removes. A digit the
// cell no longer holds breaks the marks.
void place_stamped(Marks& b, int cell, int digit, int round, Branch& br) {
  const auto r = static_cast<std::uint8_t>(round);
  if (b.value[cell] || !(b.cand[cell] & bit(digit))) {
    if (b.value[cell] != digit) b.broken = true;
    return;
  }
  for (Mask m = static_cast<Mask>(b.cand[cell] & ~bit(digit)); m; m &= m - 1) {
    auto& g = br.gone[cell * 9 + std::countr_zero(m)];
    if (!g) g = r;
  }
  br.placed[cell] = r;
  b.value[cell] = static_cast<std::uint8_t>(digit);
  b.cand[cell] = 0;
  const Mask keep = static_cast<Mask>(~bit(digit));
  for (int p : kPeers[cell])
    if (b.cand[p] & bit(digit)) {
      auto& g = br.gone[p * 9 + digit - 1];
      if (!g) g = r;
      b.cand[p] &= keep;
    }
}

void run_branch(const Board& start, int cell, int digit, Branch& br) {
  br.done = true;
  br.contradiction = false;
  br.gone.fill(0);
  br.placed.fill(0);
  Marks b{start.cand, start.value};
  int round = 1;
  place_stamped(b, cell, digit, round, br);
  for (;;) {
    if (b.broken) {
      br.contradiction = true;
      break;
    }
    // One round of singles, all found on the same board; a cell without candidates or a
    // unit without a place for a missing digit is a contradiction.
    std::array<std::uint8_t, 81> todo{};
    bool any = false, clash = false, dead = false;
    for (int c = 0; c < 81; ++c) {
      if (b.value[c]) continue;
      const int k = bit_count(b.cand[c]);
      if (k == 0) dead = true;
      if (k == 1) {
        todo[c] = static_cast<std::uint8_t>(first_digit(b.cand[c]));
        any = true;
      }
    }
    for (int u = 0; u < 27 && !dead; ++u) {
      unsigned once = 0, twice = 0, placed = 0;
      for (int c : kUnitCells[u]) {
        twice |= once & b.cand[c];
        once |= b.cand[c];
        placed |= b.value[c] ? bit(b.value[c]) : 0u;
      }
      if ((once | placed) != kAll) {
        dead = true;
        break;
      }
      unsigned single = once & ~twice;
      while (single) {
        const int d = first_digit(single);
        single &= single - 1;
        for (int c : kUnitCells[u])
          if (b.cand[c] & bit(d)) {
            if (todo[c] && todo[c] != d) clash = true;
            todo[c] = static_cast<std::uint8_t>(d);
            any = true;
            break;
          }
      }
    }
    if (dead) {
      br.contradiction = true;
      break;
    }
    if (!any) break;
    ++round;
    if (clash || round > 250) {
      br.contradiction = true;
      break;
    }
    for (int c = 0; c < 81; ++c)
      if (todo[c]) place_stamped(b, c, todo[c], round, br);
  }
  br.rounds = round;
  br.cand = b.cand;
  br.value = b.value;
}

struct Conclusion {
  int length = 1 << 30;
  std::vector<int> cells;  // the source: the cell, or the unit's places
  int digit = 0;           // unit forcing digit, or the assumed digit of a contradiction
  int unit = -1;
  CellDigit result{};
  bool place = false;
};

// Common consequences of the branches (indices into `branches`); keeps the shortest.
void intersect(const Board& b, const std::vector<Branch>& branches, const std::vector<int>& idx,
               Conclusion& best, const std::vector<int>& src_cells, int digit, int unit) {
  std::vector<const Branch*> live;
  int base = 0;  // the branches that fail must be followed to their contradiction too
  for (int i : idx) {
    if (!branches[i].contradiction) live.push_back(&branches[i]);
    else base = std::max(base, branches[i].rounds);
  }
  if (live.empty()) return;  // the board itself is contradictory; dead() will catch it
  for (int c = 0; c < 81; ++c) {
    if (b.value[c]) continue;
    Mask gone = b.cand[c];
    int v = live[0]->value[c];
    for (const Branch* br : live) {
      const Mask has = static_cast<Mask>(br->cand[c] | (br->value[c] ? bit(br->value[c]) : 0));
      gone &= static_cast<Mask>(~has);
      if (br->value[c] != v) v = 0;
    }
    if (v) {
      int len = base;
      for (const Branch* br : live) len = std::max<int>(len, br->placed[c]);
      if (len < best.length) best = {len, src_cells, digit, unit, {c, v}, true};
    }
    while (gone) {
      const int d = first_digit(gone);
      gone &= gone - 1;
      int len = base;
      for (const Branch* br : live) len = std::max<int>(len, br->gone[c * 9 + d - 1]);
      if (len < best.length) best = {len, src_cells, digit, unit, {c, d}, false};
    }
  }
}

}  // namespace

bool find_forcing_chain(const Board& b, bool shortest, LogicStep& out) {
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
  auto branch = [&](int c, int d) -> const Branch& {
    Branch& br = store[index[c * 9 + d - 1]];
    if (!br.done) run_branch(b, c, d, br);
    return br;
  };
  Conclusion best;
  auto found = [&] { return !shortest && best.length != (1 << 30); };
  // contradictions
  for (int c = 0; c < 81 && !found(); ++c)
    for (int d = 1; d <= 9 && !found(); ++d) {
      if (index[c * 9 + d - 1] < 0) continue;
      const Branch& br = branch(c, d);
      if (br.contradiction && br.rounds < best.length) best = {br.rounds, {c}, d, -1, {c, d}, false};
    }
  // cell forcing
  std::vector<int> idx;
  for (int c = 0; c < 81 && !found(); ++c) {
    if (b.value[c]) continue;
    idx.clear();
    for (int d = 1; d <= 9; ++d)
      if (b.has(c, d)) {
        branch(c, d);
        idx.push_back(index[c * 9 + d - 1]);
      }
    intersect(b, store, idx, best, {c}, 0, -1);
  }
  // unit forcing
  for (int u = 0; u < 27 && !found(); ++u)
    for (int d = 1; d <= 9 && !found(); ++d) {
      const unsigned pos = b.positions(u, d);
      if (bit_count(pos) < 2) continue;
      idx.clear();
      std::vector<int> cells;
      for (int i = 0; i < 9; ++i)
        if (pos & (1u << i)) {
          branch(kUnitCells[u][i], d);
          idx.push_back(index[kUnitCells[u][i] * 9 + d - 1]);
          cells.push_back(kUnitCells[u][i]);
        }
      intersect(b, store, idx, best, cells, d, u);
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
