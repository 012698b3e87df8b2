// Alternating inference chains: X-chains (one digit, conjugate pairs), XY-chains (bivalue
// cells), general AICs (both kinds of strong link), and the grouped X-chains and AICs whose
// nodes may also be groups. Nodes and links: see logic_chain_graph.h.
//
// From a start node A assumed false the search alternates strong and weak links; every node
// E reached through a strong link is then true whenever A is false. So A or E is true, and
// any candidate weakly linked to both A and E is false. A breadth-first search from each start,
// one level of links at a time over bit sets of nodes, finds its shortest such chain; the
// shortest over all starts is reported (or the first found, when any will do), the first start
// winning a tie. A start none of whose reachable nodes (ChainReach) would conclude anything
// with it is not searched.
#include <algorithm>
#include <array>
#include <vector>

#include "engine/logic_chain_graph.h"
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// Candidates weakly linked to both a and e (so false when a or e is true).
template <class V>
void conclusions(const Board<V>& b, const ChainNode<V>& a, const ChainNode<V>& e, std::vector<CellDigit>& out) {
  const V& g = b.geo;
  out.clear();
  if (a.digit == e.digit) {
    auto targets = b.cells_with(a.digit);
    (a.cells | e.cells).for_each([&](int c) { targets = targets & g.peer_set(c); });
    eliminate_from(targets, a.digit, out);
  } else if (a.cell >= 0 && e.cell >= 0) {
    if (a.cell == e.cell) {
      for (unsigned m = b.cand[a.cell] & ~(bit(a.digit) | bit(e.digit)); m; m &= m - 1)
        out.push_back({a.cell, first_digit(m)});
    } else if (g.sees(a.cell, e.cell)) {
      if (b.has(a.cell, e.digit)) out.push_back({a.cell, e.digit});
      if (b.has(e.cell, a.digit)) out.push_back({e.cell, a.digit});
    }
  }
}

struct Best {
  int length = 1 << 30;   // nodes in the chain
  std::vector<int> path;  // nodes in chain order
  std::vector<CellDigit> elims;
};

// The first node of `set` (`words` words) whose `links` row holds node `to`.
template <class Graph>
int first_linked(const Graph& g, const std::uint64_t* set, const std::vector<std::uint64_t>& links, int to) {
  for (int w = 0; w < g.words; ++w)
    for (std::uint64_t m = set[w]; m; m &= m - 1) {
      const int f = w * 64 + std::countr_zero(m);
      if ((links[static_cast<std::size_t>(f) * g.words + (to >> 6)] >> (to & 63)) & 1) return f;
    }
  return -1;
}

// Whether some node that `a` reaches (`reached`) makes a chain from `a` with a conclusion;
// `one_digit`: only ends of a's digit count (X- and XY-chains); `ends` is scratch. (A start
// without one need not be searched.)
template <class V>
bool can_conclude(const Board<V>& b, const ChainGraph<V>& g, int a, bool one_digit,
                  const typename V::CellSet& seeing_start, const std::uint64_t* reached,
                  std::vector<std::uint64_t>& ends) {
  const V& geo = b.geo;
  const int words = g.words;
  const ChainNode<V>& start = g.nodes[a];
  // An end of the start's digit: some candidate of it sees both.
  const std::uint64_t* same = g.digit_row(start.digit);
  for (int w = 0; w < words; ++w)
    for (std::uint64_t m = reached[w] & same[w]; m; m &= m - 1) {
      const int e = w * 64 + std::countr_zero(m);
      if (e != a && seeing_start.intersects(g.nodes[e].seen)) return true;
    }
  if (one_digit || start.cell < 0) return false;
  // A cell of another digit: in the start's cell when it has a third digit; or seeing it,
  // when one of the two cells holds the other's digit.
  std::fill(ends.begin(), ends.end(), 0);
  auto add = [&](const std::uint64_t* row, const std::uint64_t* keep, bool inside) {
    for (int w = 0; w < words; ++w) ends[w] |= row[w] & (inside ? keep[w] : ~keep[w]);
  };
  const Mask cand = b.cand[start.cell];
  if (geo.count(cand) >= 3) add(g.weak_of(a), same, false);                    // the start's cell, other digits
  for (Mask m = static_cast<Mask>(cand & ~bit(start.digit)); m; m &= m - 1) {  // peers holding x
    const int x = std::countr_zero(m) + 1;
    add(g.weak_of(g.node_of(start.cell, x)), g.digit_row(x), true);
  }
  (b.cells_with(start.digit) & geo.peer_set(start.cell)).for_each([&](int c) {  // peers holding the digit
    add(g.weak_of(g.node_of(c, start.digit)), same, false);
  });
  for (int w = 0; w < words; ++w)
    for (std::uint64_t m = reached[w] & ends[w]; m; m &= m - 1)
      if (g.nodes[w * 64 + std::countr_zero(m)].cell >= 0) return true;
  return false;
}

// The level-by-level search from every start; keeps the shortest chain with a conclusion in
// `best` (`shortest`), or stops at the first one found. Level k keeps the off-nodes first
// reached by 2k links (level 0: the start) and the on-nodes first reached by 2k - 1 links; a
// chain is read back through them, each node's predecessor being the lowest-numbered node of
// the level before that links to it.
template <class V>
void search(const Board<V>& b, Technique kind, const ChainGraph<V>& g, bool shortest, bool skip_starts,
            ChainReach<V>& reach, Best& best) {
  const V& geo = b.geo;
  const bool xy = kind == Technique::xy_chain;
  const int n = static_cast<int>(g.nodes.size()), words = g.words;
  std::vector<std::uint64_t> seen_on(words), seen_off(words);
  std::vector<std::uint64_t> off, on;  // level k at [k * words, (k + 1) * words)
  std::vector<CellDigit> elims;
  auto any_bits = [&](const std::uint64_t* s) {
    for (int w = 0; w < words; ++w)
      if (s[w]) return true;
    return false;
  };
  reach.reset(g);
  std::vector<std::uint64_t> ends(words);
  for (int a = 0; a < n; ++a) {
    if (!any_bits(g.strong_of(a))) continue;
    const ChainNode<V>& start = g.nodes[a];
    // Candidates of the start's digit seeing all of the start: what an end of that digit may
    // remove when it sees them too.
    const typename V::CellSet seeing_start = b.cells_with(start.digit) & start.seen;
    if (skip_starts && !can_conclude(b, g, a, xy || is_x(kind), seeing_start, reach.on_from(a), ends)) continue;
    std::fill(seen_on.begin(), seen_on.end(), 0);
    std::fill(seen_off.begin(), seen_off.end(), 0);
    off.assign(words, 0);
    on.assign(words, 0);
    set_bit(seen_off.data(), a);
    set_bit(off.data(), a);
    // level k: the off-nodes of level k - 1 reached by 2k - 2 links; their strong links give
    // the on-nodes at 2k - 1 links, a chain of 2k nodes.
    for (int level = 1, length = 2; length < best.length; ++level, length += 2) {
      // off -> on through strong links
      on.resize(static_cast<std::size_t>(level + 1) * words);
      std::uint64_t* next = on.data() + static_cast<std::size_t>(level) * words;
      const std::uint64_t* frontier = off.data() + static_cast<std::size_t>(level - 1) * words;
      g.add_links(frontier, /*strong_links=*/true, next);
      if (!g.keep_new(next, seen_on.data())) break;
      // conclusions at the new on-nodes
      for (int w = 0; w < words; ++w)
        for (std::uint64_t m = next[w]; m; m &= m - 1) {
          const int e = w * 64 + std::countr_zero(m);
          if (e == a) continue;
          const ChainNode<V>& end = g.nodes[e];
          if (end.digit == start.digit) {  // quick test: some candidate sees both ends
            if (!seeing_start.intersects(end.seen)) continue;
          } else if (xy || start.cell < 0 || end.cell < 0 ||
                     (start.cell != end.cell && !geo.sees(start.cell, end.cell))) {
            continue;
          }
          conclusions(b, start, end, elims);
          if (elims.empty()) continue;
          best.length = length;
          best.elims = elims;
          best.path.assign(static_cast<std::size_t>(length), 0);
          for (int k = level, node = e; k >= 1; --k) {  // read back: on <- off <- on ...
            best.path[2 * k - 1] = node;
            node = first_linked(g, off.data() + static_cast<std::size_t>(k - 1) * words, g.strong, node);
            best.path[2 * k - 2] = node;
            if (k > 1) node = first_linked(g, on.data() + static_cast<std::size_t>(k - 1) * words, g.weak, node);
          }
          if (!shortest) return;
          goto next_start;
        }
      if (length + 2 >= best.length) break;  // no longer chain can be reported
      // on -> off through weak links
      off.resize(static_cast<std::size_t>(level + 1) * words);
      std::uint64_t* reached = off.data() + static_cast<std::size_t>(level) * words;
      const std::uint64_t* from = on.data() + static_cast<std::size_t>(level) * words;
      g.add_links(from, /*strong_links=*/false, reached);
      if (!g.keep_new(reached, seen_off.data())) break;
    }
  next_start:;
  }
}

template <class V>
bool find_chain(const Board<V>& b, Technique kind, const Query<V>& q, LogicStep& out) {
  const bool shortest = q.shortest;
  ChainGraph<V> g;
  ChainReach<V> reach;
  Best best;
  std::vector<ChainNode<V>> path;
  // X-chains: one small graph per digit; the others: one graph for all digits.
  for (int d = is_x(kind) ? 1 : 0; d <= (is_x(kind) ? b.geo.symbols() : 0); ++d) {
    if (d && !(q.digits & (1u << d))) continue;
    const int before = best.length;
    build(b, kind, d, g);
    search(b, kind, g, shortest, q.shortcuts, reach, best);
    if (best.length < before) {
      path.clear();
      for (int i : best.path) path.push_back(g.nodes[i]);
      if (!shortest) break;
    }
  }
  if (best.elims.empty()) return false;
  out.eliminations = best.elims;
  for (const ChainNode<V>& node : path) {
    node.cells.for_each([&](int c) {
      if (out.cells.empty() || out.cells.back() != c) out.cells.push_back(c);
    });
    bool have = false;
    for (int d : out.digits) have |= d == node.digit;
    if (!have) out.digits.push_back(node.digit);
  }
  out.rating = technique_rating(kind) + length_bonus(best.length);
  return true;
}

}  // namespace

template <class V>
bool find_x_chain(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_chain(b, Technique::x_chain, q, out);
}
template <class V>
bool find_grouped_x_chain(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_chain(b, Technique::grouped_x_chain, q, out);
}
template <class V>
bool find_xy_chain(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_chain(b, Technique::xy_chain, q, out);
}
template <class V>
bool find_aic(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_chain(b, Technique::aic, q, out);
}
template <class V>
bool find_grouped_aic(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_chain(b, Technique::grouped_aic, q, out);
}

namespace {
std::string describe_chain(const LogicStep& s, const Naming& names) {
  return std::string(technique_name(s.technique)) + " through " + names.chain(s.cells) +
         ": one of its ends is true, which " + names.effect(s);
}
}  // namespace

std::string describe_x_chain(const LogicStep& s, const Naming& names) { return describe_chain(s, names); }
std::string describe_grouped_x_chain(const LogicStep& s, const Naming& names) { return describe_chain(s, names); }
std::string describe_xy_chain(const LogicStep& s, const Naming& names) { return describe_chain(s, names); }
std::string describe_aic(const LogicStep& s, const Naming& names) { return describe_chain(s, names); }
std::string describe_grouped_aic(const LogicStep& s, const Naming& names) { return describe_chain(s, names); }

PUZZLEPRESS_FINDER(find_x_chain);
PUZZLEPRESS_FINDER(find_grouped_x_chain);
PUZZLEPRESS_FINDER(find_xy_chain);
PUZZLEPRESS_FINDER(find_aic);
PUZZLEPRESS_FINDER(find_grouped_aic);

}  // namespace puzzlepress::engine::logic
