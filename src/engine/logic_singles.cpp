// Singles: full house, hidden singles (box, line) and naked singles, one at a time, as a person
// finds them. (propagate_singles in logic_board.cpp applies them in bulk.)
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

bool find_full_house(const Board& b, LogicStep& out) {
  for (int u = 0; u < 27; ++u) {
    int empty = -1, n = 0;
    for (int c : kUnitCells[u])
      if (!b.value[c]) {
        empty = c;
        ++n;
      }
    if (n == 1 && bit_count(b.cand[empty]) == 1) {
      out.unit = u;
      out.cells = {empty};
      out.placements = {{empty, first_digit(b.cand[empty])}};
      out.digits = {out.placements[0].digit};
      return true;
    }
  }
  return false;
}

bool find_hidden_single(const Board& b, bool boxes, LogicStep& out) {
  const int lo = boxes ? 18 : 0, hi = boxes ? 27 : 18;
  for (int u = lo; u < hi; ++u) {
    unsigned once = 0, twice = 0;
    for (int c : kUnitCells[u]) {
      twice |= once & b.cand[c];
      once |= b.cand[c];
    }
    const unsigned single = once & ~twice;
    if (!single) continue;
    const int d = first_digit(single);
    for (int c : kUnitCells[u])
      if (b.has(c, d)) {
        out.unit = u;
        out.cells = {c};
        out.digits = {d};
        out.placements = {{c, d}};
        return true;
      }
  }
  return false;
}

bool find_naked_single(const Board& b, LogicStep& out) {
  for (int c = 0; c < 81; ++c)
    if (!b.value[c] && bit_count(b.cand[c]) == 1) {
      out.cells = {c};
      out.digits = {first_digit(b.cand[c])};
      out.placements = {{c, out.digits[0]}};
      return true;
    }
  return false;
}

}  // namespace puzzlepress::engine::logic
