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
  bool contradiction = false;
  int rounds = 0;                       // rounds until contradiction or quiet
  std::array<Mask, 81> cand{};          // final pencil marks
  std::array<std::uint8_t, 81> value{};
  std::array<std::uint8_t, 729> gone{};   // round a candidate was removed (0 = still there)
  std::array<std::uint8_t, 81> placed{};  // round a cell was filled (0 = not by this branch)
};

void stamp(const Board& before, const Board& after, int round, Branch& br) {
  for (int c = 0; c < 81; ++c) {
    Mask removed = static_cast<Mask>(before.cand[c] & ~after.cand[c]);
    while (removed) {
      const int d = first_digit(removed);
      removed &= removed - 1;
      if (!br.gone[c * 9 + d - 1]) br.gone[c * 9 + d - 1] = static_cast<std::uint8_t>(round);
    }
    if (!before.value[c] && after.value[c]) br.placed[c] = static_cast<std::uint8_t>(round);
  }
}

void run_branch(const Board& start, int cell, int digit, Branch& br) {
  br = Branch{};
  Board b = start;
  Board prev = b;
  b.place(cell, digit);
  int round = 1;
  stamp(prev, b, round, br);
  for (;;) {
    if (b.broken || b.dead()) {
      br.contradiction = true;
      break;
    }
    // one round of singles, all found on the same board
    std::array<std::uint8_t, 81> todo{};
    bool any = false, clash = false;
    for (int c = 0; c < 81; ++c)
      if (!b.value[c] && bit_count(b.cand[c]) == 1) {
        todo[c] = static_cast<std::uint8_t>(first_digit(b.cand[c]));
        any = true;
      }
    for (int u = 0; u < 27; ++u) {
      unsigned once = 0, twice = 0;
      for (int c : kUnitCells[u]) {
        twice |= once & b.cand[c];
        once |= b.cand[c];
      }
      unsigned single = once & ~twice;
      while (single) {
        const int d = first_digit(single);
        single &= single - 1;
        for (int c : kUnitCells[u])
          if (b.has(c, d)) {
            if (todo[c] && todo[c] != d) clash = true;
            todo[c] = static_cast<std::uint8_t>(d);
            any = true;
          }
      }
    }
    if (!any) break;
    ++round;
    if (clash || round > 250) {
      br.contradiction = true;
      break;
    }
    prev = b;
    for (int c = 0; c < 81; ++c)
      if (todo[c]) b.place(c, todo[c]);
    stamp(prev, b, round, br);
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

bool find_forcing_chain(const Board& b, LogicStep& out) {
  std::array<int, 729> index{};
  index.fill(-1);
  int n = 0;
  std::vector<Branch> store;
  store.reserve(300);
  for (int c = 0; c < 81; ++c)
    for (int d = 1; d <= 9; ++d)
      if (b.has(c, d)) {
        store.emplace_back();
        run_branch(b, c, d, store.back());
        index[c * 9 + d - 1] = n++;
      }
  Conclusion best;
  // contradictions
  for (int c = 0; c < 81; ++c)
    for (int d = 1; d <= 9; ++d) {
      const int i = index[c * 9 + d - 1];
      if (i >= 0 && store[i].contradiction && store[i].rounds < best.length)
        best = {store[i].rounds, {c}, d, -1, {c, d}, false};
    }
  // cell forcing
  std::vector<int> idx;
  for (int c = 0; c < 81; ++c) {
    if (b.value[c]) continue;
    idx.clear();
    for (int d = 1; d <= 9; ++d)
      if (b.has(c, d)) idx.push_back(index[c * 9 + d - 1]);
    intersect(b, store, idx, best, {c}, 0, -1);
  }
  // unit forcing
  for (int u = 0; u < 27; ++u)
    for (int d = 1; d <= 9; ++d) {
      const unsigned pos = b.positions(u, d);
      if (bit_count(pos) < 2) continue;
      idx.clear();
      std::vector<int> cells;
      for (int i = 0; i < 9; ++i)
        if (pos & (1u << i)) {
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
