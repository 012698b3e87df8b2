// Forcing-chain branches: singles propagated round by round from an assumption.
//
// Each round looks only at what the previous round changed: a cell can become a naked single
// or empty only when its marks change, and a unit can gain a hidden single or lose a digit's
// last place only when that digit leaves one of its cells. Everything else was looked at
// before and held no single (a single is placed in its round, which changes it again). The
// start board is looked at whole when it is not settled. Which singles a round finds, and
// whether it meets a contradiction, do not depend on the order of looking.
#include "engine/logic_forcing_branch.h"

namespace puzzlepress::engine::logic {

BranchStart::BranchStart(const Board& b) : board(b) {
  for (int u = 0; u < 27; ++u)
    for (int c : kUnitCells[u])
      if (b.value[c]) filled[u] |= bit(b.value[c]);
  for (int c = 0; c < kCells; ++c)
    if (!b.value[c] && bit_count(b.cand[c]) <= 1) settled = false;
  for (int u = 0; u < 27 && settled; ++u)
    for (int d = 1; d <= 9; ++d) {
      const unsigned pos = b.where[d][u];
      if (pos ? bit_count(pos) == 1 : !(filled[u] & bit(d))) settled = false;
    }
}

namespace {

// A branch's working state besides the marks it leaves in its Branch.
struct Work {
  std::array<std::array<std::uint16_t, 27>, 10> where;  // as Board::where
  std::array<Mask, 27> filled;
  std::array<Mask, 27> touched{};  // digits whose places in the unit changed since the last look
  CellSet changed;                 // cells whose marks changed since the last look
  bool broken = false;
};

// Notes that candidate `digit` of `cell` has left the marks (br.cand is the caller's).
inline void forget(Work& w, int cell, int digit) {
  w.changed.add(cell);
  for (int k = 0; k < 3; ++k) {
    const int u = kCellUnits[cell][k];
    w.where[digit][u] &= static_cast<std::uint16_t>(~(1u << kIndexInUnit[cell][k]));
    w.touched[u] |= bit(digit);
  }
}

inline void stamp(Branch& br, int candidate, std::uint8_t r) {
  br.gone[candidate] = r;
  br.gone_set[candidate >> 6] |= std::uint64_t{1} << (candidate & 63);
}

// Places `digit` at `cell` in round r, stamping every candidate it removes (not the placed one:
// the cell holds it). A digit the cell no longer holds breaks the branch.
void place(Work& w, Branch& br, int cell, int digit, int round) {
  const auto r = static_cast<std::uint8_t>(round);
  if (br.value[cell] || !(br.cand[cell] & bit(digit))) {
    if (br.value[cell] != digit) w.broken = true;
    return;
  }
  for (Mask m = br.cand[cell]; m; m &= m - 1) {
    const int d = std::countr_zero(m) + 1;
    if (d != digit) stamp(br, cell * 9 + d - 1, r);
    forget(w, cell, d);
  }
  const int placed = cell * 9 + digit - 1;
  br.placed_set[placed >> 6] |= std::uint64_t{1} << (placed & 63);
  br.cand[cell] = 0;
  br.placed[cell] = r;
  br.value[cell] = static_cast<std::uint8_t>(digit);
  for (int k = 0; k < 3; ++k) w.filled[kCellUnits[cell][k]] |= bit(digit);
  const Mask keep = static_cast<Mask>(~bit(digit));
  for (int p : kPeers[cell])
    if (br.cand[p] & bit(digit)) {
      stamp(br, p * 9 + digit - 1, r);
      br.cand[p] &= keep;
      forget(w, p, digit);
    }
}

}  // namespace

void run_branch(const BranchStart& start, int cell, int digit, int last_round, Branch& br) {
  const Board& b = start.board;
  br.state = Branch::State::done;
  br.contradiction = false;
  br.gone.fill(0);
  br.placed.fill(0);
  br.gone_set.fill(0);
  br.placed_set.fill(0);
  br.cand = b.cand;
  br.value = b.value;
  Work w;
  w.where = b.where;
  w.filled = start.filled;
  if (!start.settled) {
    for (int c = 0; c < kCells; ++c) w.changed.add(c);
    w.touched.fill(kAll);
  }
  int round = 1;
  place(w, br, cell, digit, round);
  std::array<std::uint8_t, 81> todo;  // the single of each cell in `singles`
  for (;;) {
    if (w.broken) {
      br.contradiction = true;
      break;
    }
    // One round of singles, all found on the same board; a cell without candidates or a
    // unit without a place for a missing digit is a contradiction (dead).
    CellSet singles;
    bool clash = false, dead = false;
    w.changed.for_each([&](int c) {
      if (br.value[c]) return;
      const int k = bit_count(br.cand[c]);
      if (k == 0) dead = true;
      if (k == 1) {
        todo[c] = static_cast<std::uint8_t>(first_digit(br.cand[c]));
        singles.add(c);
      }
    });
    for (int u = 0; u < 27 && !dead; ++u)
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
        const int c = kUnitCells[u][std::countr_zero(pos)];
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
      br.state = Branch::State::cut;
      br.reached = round;
      return;
    }
    ++round;
    w.changed = CellSet{};
    w.touched.fill(0);
    singles.for_each([&](int c) { place(w, br, c, todo[c], round); });
  }
  br.rounds = round;
}

}  // namespace puzzlepress::engine::logic
