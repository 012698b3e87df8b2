// Singles: full house, hidden singles (box, line) and naked singles, one at a time, as a person
// finds them; propagate_singles applies them in bulk.
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

template <class V>
bool find_full_house(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  for (int u = 0; u < g.houses(); ++u) {
    int empty = -1, n = 0;
    for (int c : g.house(u))
      if (!b.value[c]) {
        empty = c;
        ++n;
      }
    if (n == 1 && g.count(b.cand[empty]) == 1) {
      out.unit = u;
      out.cells = {empty};
      out.placements = {{empty, first_digit(b.cand[empty])}};
      out.digits = {out.placements[0].digit};
      return true;
    }
  }
  return false;
}

namespace {

// A hidden single in house u.
template <class V>
bool hidden_single_in(const Board<V>& b, int u, LogicStep& out) {
  const V& g = b.geo;
  unsigned once = 0, twice = 0;
  for (int c : g.house(u)) {
    twice |= once & b.cand[c];
    once |= b.cand[c];
  }
  const unsigned single = once & ~twice;
  if (!single) return false;
  const int d = first_digit(single);
  for (int c : g.house(u))
    if (b.has(c, d)) {
      out.unit = u;
      out.cells = {c};
      out.digits = {d};
      out.placements = {{c, d}};
      return true;
    }
  return false;
}

}  // namespace

/// In a block, or a window.
template <class V>
bool find_hidden_single_box(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  for (int u = 2 * g.symbols(); u < g.houses(); ++u)
    if (!is_line(g.kind(u)) && hidden_single_in(b, u, out)) return true;
  return false;
}

/// In a row or column, or a diagonal.
template <class V>
bool find_hidden_single_line(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  for (int u = 0; u < 2 * g.symbols(); ++u)
    if (hidden_single_in(b, u, out)) return true;
  for (int u = 3 * g.symbols(); u < g.houses(); ++u)
    if (is_line(g.kind(u)) && hidden_single_in(b, u, out)) return true;
  return false;
}

template <class V>
bool find_naked_single(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  for (int c = 0; c < g.cells(); ++c)
    if (!b.value[c] && g.count(b.cand[c]) == 1) {
      out.cells = {c};
      out.digits = {first_digit(b.cand[c])};
      out.placements = {{c, out.digits[0]}};
      return true;
    }
  return false;
}

namespace {

// One round of singles on `b`: into `todo`, the digit of every cell that holds a naked or hidden
// single (0 elsewhere). Returns -1 on a contradiction (an empty cell, a digit with no place in a
// house, two singles for one cell), else whether any was found.
template <class V>
int singles_round(const Board<V>& b, std::array<std::uint8_t, V::kMaxCells>& todo) {
  const V& g = b.geo;
  bool any = false;
  std::fill(todo.begin(), todo.begin() + g.cells(), std::uint8_t{0});
  for (int c = 0; c < g.cells(); ++c) {
    if (b.value[c]) continue;
    const unsigned m = b.cand[c];
    if (m == 0) return -1;
    if (!(m & (m - 1))) {
      todo[c] = static_cast<std::uint8_t>(first_digit(m));
      any = true;
    }
  }
  for (int u = 0; u < g.houses(); ++u) {
    unsigned once = 0, twice = 0, placed = 0;
    for (int c : g.house(u)) {
      twice |= once & b.cand[c];
      once |= b.cand[c];
      if (b.value[c]) placed |= bit(b.value[c]);
    }
    if ((once | placed) != g.all()) return -1;
    for (unsigned single = once & ~twice; single; single &= single - 1) {
      const int d = first_digit(single);
      for (int c : g.house(u))
        if (b.has(c, d)) {
          if (todo[c] && todo[c] != d) return -1;
          todo[c] = static_cast<std::uint8_t>(d);
          any = true;
        }
    }
  }
  return any ? 1 : 0;
}

}  // namespace

template <class V>
bool propagate_singles(Board<V>& b) {
  std::array<std::uint8_t, V::kMaxCells> todo;
  for (;;) {
    const int found = singles_round(b, todo);
    if (found <= 0) return found == 0;
    for (int c = 0; c < b.geo.cells(); ++c)
      if (todo[c]) {
        b.place(c, todo[c]);
        if (b.broken) return false;
      }
    if (b.unsolved == 0) return true;
  }
}

template <class V>
bool propagate_singles_unindexed(Board<V>& b) {
  std::array<std::uint8_t, V::kMaxCells> todo;
  for (;;) {
    const int found = singles_round(b, todo);
    if (found <= 0) return found == 0;
    for (int c = 0; c < b.geo.cells(); ++c) {
      const int d = todo[c];
      if (!d) continue;
      if (!(b.cand[c] & bit(d))) return false;  // a peer placed this round took the digit
      b.value[c] = static_cast<std::uint8_t>(d);
      b.cand[c] = 0;
      --b.unsolved;
      for (int p : b.geo.peers(c)) b.cand[p] &= static_cast<Mask>(~bit(d));
    }
    if (b.unsolved == 0) return true;
  }
}

template bool propagate_singles(Board<Classic9>&);
template bool propagate_singles(Board<TableView>&);
template bool propagate_singles_unindexed(Board<Classic9>&);
template bool propagate_singles_unindexed(Board<TableView>&);

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

std::string describe_full_house(const LogicStep& s, const Naming& names) { return s.explain(names.g); }
std::string describe_hidden_single_box(const LogicStep& s, const Naming& names) { return s.explain(names.g); }
std::string describe_hidden_single_line(const LogicStep& s, const Naming& names) { return s.explain(names.g); }
std::string describe_naked_single(const LogicStep& s, const Naming& names) { return s.explain(names.g); }

PUZZLEPRESS_FINDER(find_full_house);
PUZZLEPRESS_FINDER(find_hidden_single_box);
PUZZLEPRESS_FINDER(find_hidden_single_line);
PUZZLEPRESS_FINDER(find_naked_single);

}  // namespace puzzlepress::engine::logic
