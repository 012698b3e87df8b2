// Subsets in one house: naked pairs, triples and quads (k cells holding k digits between them:
// the digits go from the rest of the house) and hidden ones (k digits with k places between
// them: the other digits go from those cells).
#include <array>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

void add_digits(LogicStep& out, unsigned mask) {
  for (unsigned m = mask; m; m &= m - 1) out.digits.push_back(first_digit(m));
}

template <class V>
bool find_naked_subset(const Board<V>& b, int size, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  for (int u = 0; u < g.houses(); ++u) {
    if (!((q.houses >> u) & 1)) continue;
    std::array<int, V::kMaxSymbols> cells{};
    int n = 0, empty = 0;
    for (int c : g.house(u)) {
      if (!b.value[c]) ++empty;
      const int k = g.count(b.cand[c]);
      if (k >= 2 && k <= size) cells[n++] = c;
    }
    if (empty <= size) continue;  // nothing outside the subset
    const bool hit = for_each_combination(n, size, [&](const auto& idx) {
      unsigned uni = 0;
      for (int i = 0; i < size; ++i) uni |= b.cand[cells[idx[i]]];
      if (g.count(uni) != size) return false;
      out.eliminations.clear();
      for (int c : g.house(u)) {
        bool member = false;
        for (int i = 0; i < size; ++i) member |= cells[idx[i]] == c;
        if (member || !(b.cand[c] & uni)) continue;
        for (unsigned m = b.cand[c] & uni; m; m &= m - 1) out.eliminations.push_back({c, first_digit(m)});
      }
      if (out.eliminations.empty()) return false;
      out.unit = u;
      for (int i = 0; i < size; ++i) out.cells.push_back(cells[idx[i]]);
      add_digits(out, uni);
      return true;
    });
    if (hit) return true;
  }
  return false;
}

template <class V>
bool find_hidden_subset(const Board<V>& b, int size, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  for (int u = 0; u < g.houses(); ++u) {
    if (!((q.houses >> u) & 1)) continue;
    std::array<int, V::kMaxSymbols> digits{};
    std::array<unsigned, V::kMaxSymbols + 1> pos{};
    int n = 0, empty = 0;
    for (int c : g.house(u))
      if (!b.value[c]) ++empty;
    if (empty <= size) continue;
    for (int d = 1; d <= g.symbols(); ++d) {
      pos[d] = b.positions(u, d);
      const int k = g.count(pos[d]);
      if (k >= 2 && k <= size) digits[n++] = d;
    }
    const bool hit = for_each_combination(n, size, [&](const auto& idx) {
      unsigned uni = 0, dmask = 0;
      for (int i = 0; i < size; ++i) {
        uni |= pos[digits[idx[i]]];
        dmask |= bit(digits[idx[i]]);
      }
      if (g.count(uni) != size) return false;
      out.eliminations.clear();
      for (unsigned m = uni; m; m &= m - 1) {
        const int c = g.house(u)[std::countr_zero(m)];
        for (unsigned x = b.cand[c] & ~dmask; x; x &= x - 1) out.eliminations.push_back({c, first_digit(x)});
      }
      if (out.eliminations.empty()) return false;
      out.unit = u;
      for (unsigned m = uni; m; m &= m - 1) out.cells.push_back(g.house(u)[std::countr_zero(m)]);
      add_digits(out, dmask);
      return true;
    });
    if (hit) return true;
  }
  return false;
}

std::string subset_name(std::size_t size) { return size == 2 ? "pair" : size == 3 ? "triple" : "quad"; }

std::string describe_naked(const LogicStep& s, const Naming& names) {
  if (s.unit < 0) return names.generic(s);
  return names.house(s.unit) + ": the " + subset_name(s.cells.size()) + " " + names.symbols(s.digits, "/") + " in " +
         names.cells(s.cells) + " removes " + names.removed_symbols(s.eliminations) + " from the rest of the " +
         names.house_kind(s.unit);
}

std::string describe_hidden(const LogicStep& s, const Naming& names) {
  if (s.unit < 0) return names.generic(s);
  return names.house(s.unit) + ": " + names.symbols(s.digits) + " can only go in " + names.cells(s.cells) +
         ", so those cells hold nothing else; " + names.effect(s);
}

}  // namespace

template <class V>
bool find_naked_pair(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_naked_subset(b, 2, q, out);
}
template <class V>
bool find_naked_triple(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_naked_subset(b, 3, q, out);
}
template <class V>
bool find_naked_quad(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_naked_subset(b, 4, q, out);
}
template <class V>
bool find_hidden_pair(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_hidden_subset(b, 2, q, out);
}
template <class V>
bool find_hidden_triple(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_hidden_subset(b, 3, q, out);
}
template <class V>
bool find_hidden_quad(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_hidden_subset(b, 4, q, out);
}

std::string describe_naked_pair(const LogicStep& s, const Naming& names) { return describe_naked(s, names); }
std::string describe_naked_triple(const LogicStep& s, const Naming& names) { return describe_naked(s, names); }
std::string describe_naked_quad(const LogicStep& s, const Naming& names) { return describe_naked(s, names); }
std::string describe_hidden_pair(const LogicStep& s, const Naming& names) { return describe_hidden(s, names); }
std::string describe_hidden_triple(const LogicStep& s, const Naming& names) { return describe_hidden(s, names); }
std::string describe_hidden_quad(const LogicStep& s, const Naming& names) { return describe_hidden(s, names); }

PUZZLEPRESS_FINDER(find_naked_pair);
PUZZLEPRESS_FINDER(find_naked_triple);
PUZZLEPRESS_FINDER(find_naked_quad);
PUZZLEPRESS_FINDER(find_hidden_pair);
PUZZLEPRESS_FINDER(find_hidden_triple);
PUZZLEPRESS_FINDER(find_hidden_quad);

}  // namespace puzzlepress::engine::logic
