// Aligned pair exclusion: two cells A and B that see each other cannot hold the same digit, and
// cannot hold x and y when some bivalue cell {x,y} sees both (it would be left empty). A digit
// of A whose every pairing with B's digits is excluded goes from A (and likewise for B).
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

template <class V>
bool find_aligned_pair_exclusion(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  typename V::CellSet bivalue;
  for (int c = 0; c < g.cells(); ++c)
    if (g.count(b.cand[c]) == 2) bivalue.add(c);
  if (bivalue.empty()) return false;
  for (int a = 0; a < g.cells(); ++a) {
    if (b.value[a] || g.count(b.cand[a]) < 2) continue;
    for (int c : g.peers(a)) {
      if (c < a || b.value[c] || g.count(b.cand[c]) < 2) continue;
      // Bivalue cells seeing both: each excludes one pair of digits.
      const auto excluders = bivalue & g.peer_set(a) & g.peer_set(c);
      if (excluders.empty()) continue;
      // A digit d of one cell goes when each digit of the other cell, but d, pairs with d in an
      // excluder: so d is an excluder's digit, and the other cell's digits outside the
      // excluders' are at most d.
      Mask used = 0;
      excluders.for_each([&](int x) { used = static_cast<Mask>(used | b.cand[x]); });
      std::array<Mask, 2> tried{};  // per side (a, then c): its digits that may go
      for (int side = 0; side < 2; ++side) {
        const Mask self = side ? b.cand[c] : b.cand[a],
                   outside = static_cast<Mask>((side ? b.cand[a] : b.cand[c]) & ~used);
        tried[side] = static_cast<Mask>(self & used);
        if (outside & (outside - 1)) tried[side] = 0;
        else if (outside) tried[side] = static_cast<Mask>(tried[side] & outside);
      }
      if (!tried[0] && !tried[1]) continue;
      std::array<Mask, V::kMaxSymbols + 1> excluded{};  // excluded[x]: digits y such that (x, y) is excluded
      for (int d = 1; d <= g.symbols(); ++d) excluded[d] = bit(d);  // a and c see each other
      excluders.for_each([&](int x) {
        const Mask m = b.cand[x];
        const int lo = first_digit(m), hi = first_digit(m & (m - 1));
        excluded[lo] = static_cast<Mask>(excluded[lo] | bit(hi));
        excluded[hi] = static_cast<Mask>(excluded[hi] | bit(lo));
      });
      out.eliminations.clear();
      for (int side = 0; side < 2; ++side) {
        const int self = side ? c : a, other = side ? a : c;
        for (Mask m = tried[side]; m; m &= m - 1) {
          const int d = first_digit(m);
          if ((b.cand[other] & ~excluded[d]) == 0) out.eliminations.push_back({self, d});
        }
      }
      if (out.eliminations.empty()) continue;
      out.cells = {a, c};
      excluders.for_each([&](int x) {
        // keep the excluders that rule out a pairing involving an eliminated digit
        for (const auto& e : out.eliminations)
          if (b.cand[x] & bit(e.digit)) {
            out.extra_cells.push_back(x);
            break;
          }
      });
      return true;
    }
  }
  return false;
}

std::string describe_aligned_pair_exclusion(const LogicStep& s, const Naming& names) {
  return std::string(technique_name(s.technique)) + " on " + names.cells(s.cells) +
         ": some values for the pair would empty " + names.cells(s.extra_cells) + ", which " + names.effect(s);
}

PUZZLEPRESS_FINDER(find_aligned_pair_exclusion);

}  // namespace puzzlepress::engine::logic
