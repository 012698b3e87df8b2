// Forcing-chain branches: singles propagated round by round from an assumption.
//
// Each round looks only at what the previous round changed: a cell can become a naked single
// or empty only when its marks change, and a house can gain a hidden single or lose a digit's
// last place only when that digit leaves one of its cells. Everything else was looked at
// before and held no single (a single is placed in its round, which changes it again). The
// start board is looked at whole when it is not settled. Which singles a round finds, and
// whether it meets a contradiction, do not depend on the order of looking.
#include "engine/logic_forcing_branch.h"

namespace puzzlepress::engine::logic {

template <class V>
BranchStart<V>::BranchStart(const Board<V>& b) : board(b) {
  const V& g = b.geo;
  for (int u = 0; u < g.houses(); ++u)
    for (int c : g.house(u))
      if (b.value[c]) filled[u] |= bit(b.value[c]);
  for (int c = 0; c < g.cells(); ++c)
    if (!b.value[c] && g.count(b.cand[c]) <= 1) settled = false;
  for (int u = 0; u < g.houses() && settled; ++u)
    for (int d = 1; d <= g.symbols(); ++d) {
      const unsigned pos = b.where[d][u];
      if (pos ? g.count(pos) == 1 : !(filled[u] & bit(d))) settled = false;
    }
}

namespace {

// A branch's working state besides the marks it leaves in its Branch.
template <class V>
struct Work {
  std::array<std::array<std::uint16_t, V::kMaxHouses>, V::kMaxSymbols + 1> where;  // as Board::where
  std::array<Mask, V::kMaxHouses> filled;
  std::array<Mask, V::kMaxHouses> touched{};  // digits whose places in the house changed since the last look
  typename V::CellSet changed;                // cells whose marks changed since the last look
  bool broken = false;
};

// Notes that candidate `digit` of `cell` has left the marks (br.cand is the caller's).
template <class V>
inline void forget(const V& g, Work<V>& w, int cell, int digit) {
  w.changed.add(cell);
  const auto& hs = g.houses_of(cell);
  const auto& at = g.index_in(cell);
  for (int k = 0; k < g.house_count(cell); ++k) {
    const int u = hs[k];
    w.where[digit][u] &= static_cast<std::uint16_t>(~(1u << at[k]));
    w.touched[u] |= bit(digit);
  }
}

template <class V>
inline void stamp(Branch<V>& br, int candidate, std::uint8_t r) {
  br.gone[candidate] = r;
  br.gone_set[candidate >> 6] |= std::uint64_t{1} << (candidate & 63);
}

// Places `digit` at `cell` in round r, stamping every candidate it removes (not the placed one:
// the cell holds it). A digit the cell no longer holds breaks the branch.
template <class V>
void place(const V& g, Work<V>& w, Branch<V>& br, int cell, int digit, int round) {
  using C = Candidates<V>;
  const auto r = static_cast<std::uint8_t>(round);
  if (br.value[cell] || !(br.cand[cell] & bit(digit))) {
    if (br.value[cell] != digit) w.broken = true;
    return;
  }
  for (Mask m = br.cand[cell]; m; m &= m - 1) {
    const int d = std::countr_zero(m) + 1;
    if (d != digit) stamp(br, C::of(cell, d), r);
    forget(g, w, cell, d);
  }
  const int placed = C::of(cell, digit);
  br.placed_set[placed >> 6] |= std::uint64_t{1} << (placed & 63);
  br.cand[cell] = 0;
  br.placed[cell] = r;
  br.value[cell] = static_cast<std::uint8_t>(digit);
  for (int u : g.houses_of(cell)) w.filled[u] |= bit(digit);
  const Mask keep = static_cast<Mask>(~bit(digit));
  for (int p : g.peers(cell))
    if (br.cand[p] & bit(digit)) {
      stamp(br, C::of(p, digit), r);
      br.cand[p] &= keep;
      forget(g, w, p, digit);
    }
}

}  // namespace

template <class V>
void run_branch(const BranchStart<V>& start, int cell, int digit, int last_round, Branch<V>& br) {
  const Board<V>& b = start.board;
  const V& g = b.geo;
  br.state = Branch<V>::State::done;
  br.contradiction = false;
  br.gone.fill(0);
  br.placed.fill(0);
  br.gone_set.fill(0);
  br.placed_set.fill(0);
  br.cand = b.cand;
  br.value = b.value;
  Work<V> w;
  w.where = b.where;
  w.filled = start.filled;
  if (!start.settled) {
    for (int c = 0; c < g.cells(); ++c) w.changed.add(c);
    w.touched.fill(g.all());
  }
  int round = 1;
  place(g, w, br, cell, digit, round);
  std::array<std::uint8_t, V::kMaxCells> todo;  // the single of each cell in `singles`
  for (;;) {
    if (w.broken) {
      br.contradiction = true;
      break;
    }
    // One round of singles, all found on the same board; a cell without candidates or a
    // house without a place for a missing digit is a contradiction (dead).
    typename V::CellSet singles;
    bool clash = false, dead = false;
    w.changed.for_each([&](int c) {
      if (br.value[c]) return;
      const int k = g.count(br.cand[c]);
      if (k == 0) dead = true;
      if (k == 1) {
        todo[c] = static_cast<std::uint8_t>(first_digit(br.cand[c]));
        singles.add(c);
      }
    });
    for (int u = 0; u < g.houses() && !dead; ++u)
      for (Mask m = w.touched[u]; m; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        const unsigned pos = w.where[d][u];
        if (!pos) {
          if (!(w.filled[u] & bit(d))) {
            dead = true;
            break;
          }
          continue;
        }
        if (pos & (pos - 1)) continue;
        const int c = g.house(u)[std::countr_zero(pos)];
        if (singles.has(c) && todo[c] != d) clash = true;
        todo[c] = static_cast<std::uint8_t>(d);
        singles.add(c);
      }
    if (dead) {
      br.contradiction = true;
      break;
    }
    if (singles.empty()) break;
    if (clash || round + 1 > 250) {
      br.contradiction = true;
      ++round;
      break;
    }
    if (round + 1 > last_round) {
      br.state = Branch<V>::State::cut;
      br.reached = round;
      return;
    }
    ++round;
    w.changed = typename V::CellSet{};
    w.touched.fill(0);
    singles.for_each([&](int c) { place(g, w, br, c, todo[c], round); });
  }
  br.rounds = round;
}

template struct BranchStart<Classic9>;
template struct BranchStart<TableView>;
template void run_branch(const BranchStart<Classic9>&, int, int, int, Branch<Classic9>&);
template void run_branch(const BranchStart<TableView>&, int, int, int, Branch<TableView>&);

}  // namespace puzzlepress::engine::logic
