// Sized chains, for every shape: X-chains (one symbol, conjugate pairs), XY-chains (bivalue
// cells) and alternating inference chains (both kinds of strong link).
//
// Chains: a node is a candidate (cell, symbol). A strong link A=B means "A false => B true"
// (the only two candidates of a cell, or the only two places of a symbol in a unit); a weak
// link A-B means "A true => B false" (same cell, or same symbol in cells that see each other).
// From a start node A assumed false, a breadth-first search alternates strong and weak links;
// every node E reached through a strong link is true whenever A is false, so any candidate
// weakly linked to both A and E is false. The shortest such chain over all starts is reported.
#include <algorithm>
#include <array>
#include <vector>

#include "engine/logic_board.h"
#include "engine/sized_logic_internal.h"

namespace puzzlepress::engine::sized_logic {
namespace {

struct Graph {
  int n = 0;  // symbols
  std::vector<int> nodes;
  // Edges of node id (cell * n + symbol - 1): adjacency[begin[id] .. end[id]).
  std::vector<int> strong_begin, strong_end, weak_begin, weak_end, strong, weak;

  int id(int cell, int v) const { return cell * n + v - 1; }
  int cell(int node) const { return node / n; }
  int symbol(int node) const { return node % n + 1; }
};

// Nodes and links for `kind`; only_symbol 0 for all symbols.
void build(const Board& b, Technique kind, int only_symbol, Graph& g) {
  const Geometry& geo = *b.g;
  const bool x = kind == Technique::x_chain, xy = kind == Technique::xy_chain;
  const int total = geo.cells * geo.n;
  g.n = geo.n;
  g.nodes.clear();
  g.strong.clear();
  g.weak.clear();
  // Entries of nodes not in g.nodes are never read (edges lead only to usable nodes), so the
  // arrays are sized once per find_chain and not cleared.
  g.strong_begin.resize(total);
  g.strong_end.resize(total);
  g.weak_begin.resize(total);
  g.weak_end.resize(total);
  auto usable = [&](int cell, int v) {
    if (!b.has(cell, v)) return false;
    if (only_symbol && v != only_symbol) return false;
    if (xy && mask_bits(b.cand[cell]) != 2) return false;
    return true;
  };
  for (int c = 0; c < geo.cells; ++c)
    for (unsigned m = b.cand[c]; m; m &= m - 1)
      if (usable(c, first_symbol(m))) g.nodes.push_back(g.id(c, first_symbol(m)));
  for (int node : g.nodes) {
    const int c = g.cell(node), v = g.symbol(node);
    const bool bivalue = mask_bits(b.cand[c]) == 2;
    g.weak_begin[node] = static_cast<int>(g.weak.size());
    g.strong_begin[node] = static_cast<int>(g.strong.size());
    if (!x) {  // links inside the cell
      for (unsigned m = b.cand[c] & ~symbol_bit(v); m; m &= m - 1) {
        const int e = first_symbol(m);
        if (!usable(c, e)) continue;
        g.weak.push_back(g.id(c, e));
        if (bivalue) g.strong.push_back(g.id(c, e));
      }
    }
    for (int i = 0; i < geo.peer_count; ++i) {
      const int p = geo.peers[c][i];
      if (usable(p, v)) g.weak.push_back(g.id(p, v));
    }
    if (!xy)  // conjugate pairs
      for (int u : geo.units_of(c)) {
        const unsigned pos = b.positions(u, v);
        if (mask_bits(pos) != 2) continue;
        for (unsigned m = pos; m; m &= m - 1) {
          const int o = geo.unit_cells[u][std::countr_zero(m)];
          if (o != c && usable(o, v)) g.strong.push_back(g.id(o, v));
        }
      }
    g.weak_end[node] = static_cast<int>(g.weak.size());
    g.strong_end[node] = static_cast<int>(g.strong.size());
  }
}

// Candidates weakly linked to both a and e (so false when a or e is true).
void conclusions(const Board& b, const Graph& g, int a, int e, std::vector<CellDigit>& out) {
  out.clear();
  const int ca = g.cell(a), va = g.symbol(a), ce = g.cell(e), ve = g.symbol(e);
  if (ca == ce) {
    for (unsigned m = b.cand[ca]; m; m &= m - 1) {
      const int v = first_symbol(m);
      if (v != va && v != ve) out.push_back({ca, v});
    }
  } else if (va == ve) {  // cells seeing both are peers of ca (listed in cell order)
    for (int i = 0; i < b.g->peer_count; ++i) {
      const int x = b.g->peers[ca][i];
      if (x != ce && b.has(x, va) && b.sees(x, ce)) out.push_back({x, va});
    }
  } else if (b.sees(ca, ce)) {
    if (b.has(ca, ve)) out.push_back({ca, ve});
    if (b.has(ce, va)) out.push_back({ce, va});
  }
}

struct Best {
  int length = 1 << 30;
  std::vector<int> path;  // nodes in chain order
  std::vector<CellDigit> elims;
};

// Breadth-first search state, allocated once per find_chain: every depth is -1 between starts.
struct SearchSpace {
  std::vector<int> parent, depth, queue;
  std::vector<CellDigit> elims;
  explicit SearchSpace(int total) : parent(total * 2, -1), depth(total * 2, -1) { queue.reserve(total * 2); }
};

void search(const Board& b, Technique kind, const Graph& g, Best& best, SearchSpace& space) {
  const bool xy = kind == Technique::xy_chain;
  auto& [parent, depth, queue, elims] = space;
  for (int a : g.nodes) {
    if (g.strong_begin[a] == g.strong_end[a]) continue;
    const int start = a * 2;  // state: node * 2 + (1 if true)
    depth[start] = 0;
    parent[start] = -1;
    queue.push_back(start);
    for (std::size_t qi = 0; qi < queue.size(); ++qi) {
      const int s = queue[qi], node = s / 2;
      if (depth[s] + 2 > best.length) break;  // a chain through here would be no shorter
      const bool on = s & 1;
      if (on && node != a && !(xy && g.symbol(node) != g.symbol(a))) {
        conclusions(b, g, a, node, elims);
        if (!elims.empty() && depth[s] + 1 < best.length) {
          best.length = depth[s] + 1;
          best.elims = elims;
          best.path.clear();
          for (int t = s; t >= 0; t = parent[t]) best.path.insert(best.path.begin(), t / 2);
          break;
        }
      }
      const int from = on ? g.weak_begin[node] : g.strong_begin[node];
      const int to = on ? g.weak_end[node] : g.strong_end[node];
      const std::vector<int>& edges = on ? g.weak : g.strong;
      for (int k = from; k < to; ++k) {
        const int t = edges[k] * 2 + (on ? 0 : 1);
        if (depth[t] >= 0) continue;
        depth[t] = depth[s] + 1;
        parent[t] = s;
        queue.push_back(t);
      }
    }
    for (int s : queue) depth[s] = -1;
    queue.clear();
  }
}

}  // namespace

bool find_chain(const Board& b, Technique kind, LogicStep& out) {
  Graph g;
  Best best;
  SearchSpace space(b.cells() * b.n());
  if (kind == Technique::x_chain) {
    for (int v = 1; v <= b.n(); ++v) {
      bool conjugate = false;  // an X-chain starts with a strong link: a unit with two places
      for (int u = 0; u < b.g->units && !conjugate; ++u) conjugate = mask_bits(b.positions(u, v)) == 2;
      if (!conjugate) continue;
      build(b, kind, v, g);
      search(b, kind, g, best, space);
    }
  } else {
    build(b, kind, 0, g);
    search(b, kind, g, best, space);
  }
  if (best.elims.empty()) return false;
  out.eliminations = best.elims;
  for (int node : best.path) {
    if (out.cells.empty() || out.cells.back() != g.cell(node)) out.cells.push_back(g.cell(node));
    if (std::find(out.digits.begin(), out.digits.end(), g.symbol(node)) == out.digits.end())
      out.digits.push_back(g.symbol(node));
  }
  out.rating = technique_rating(kind) + logic::length_bonus(best.length);
  return true;
}

}  // namespace puzzlepress::engine::sized_logic
