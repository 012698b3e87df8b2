// The pencil-mark board's checks and the helpers shared by the technique files.
#include "engine/logic_board.h"

namespace puzzlepress::engine::logic {

bool Board::dead() const {
  for (int c = 0; c < 81; ++c)
    if (value[c] == 0 && cand[c] == 0) return true;
  for (int u = 0; u < 27; ++u) {
    Mask have = 0;
    for (int c : kUnitCells[u]) have |= value[c] ? bit(value[c]) : cand[c];
    if (have != kAll) return true;
  }
  return false;
}

double length_bonus(int length) {
  double added = 0;
  int ceil = 4;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

bool propagate_singles(Board& b) {
  std::array<std::uint8_t, 81> todo{};
  for (;;) {
    bool any = false;
    todo.fill(0);
    for (int c = 0; c < 81; ++c) {
      if (b.value[c]) continue;
      if (b.cand[c] == 0) return false;
      if (bit_count(b.cand[c]) == 1) {
        todo[c] = static_cast<std::uint8_t>(first_digit(b.cand[c]));
        any = true;
      }
    }
    for (int u = 0; u < 27; ++u) {
      unsigned once = 0, twice = 0, placed = 0;
      for (int c : kUnitCells[u]) {
        twice |= once & b.cand[c];
        once |= b.cand[c];
        if (b.value[c]) placed |= bit(b.value[c]);
      }
      if ((once | placed) != kAll) return false;
      unsigned single = once & ~twice;
      while (single) {
        const int d = first_digit(single);
        single &= single - 1;
        for (int c : kUnitCells[u])
          if (b.has(c, d)) {
            if (todo[c] && todo[c] != d) return false;
            todo[c] = static_cast<std::uint8_t>(d);
            any = true;
          }
      }
    }
    if (!any) break;
    for (int c = 0; c < 81; ++c)
      if (todo[c]) {
        b.place(c, todo[c]);
        if (b.broken) return false;
      }
    if (b.unsolved == 0) break;
  }
  return true;
}

}  // namespace puzzlepress::engine::logic
