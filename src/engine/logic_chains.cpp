// Alternating inference chains on candidates: X-chains (one digit, conjugate pairs),
// XY-chains (bivalue cells) and general AICs (both kinds of strong link).
//
// A node is a candidate (cell, digit). A strong link A=B means "A false => B true" (the two
// are the only candidates of a cell, or the only places of a digit in a unit); a weak link
// A-B means "A true => B false" (same cell, or same digit in cells that see each other).
// From a start node A assumed false the search alternates strong and weak links; every node
// E reached through a strong link is then true whenever A is false. So A or E is true, and
// any candidate weakly linked to both A and E is false. Breadth-first search finds the
// shortest such chain; the shortest chain over all starts is reported.
#include <array>
#include <vector>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

constexpr int node_id(int cell, int digit) { return cell * 9 + digit - 1; }
constexpr int node_cell(int n) { return n / 9; }
constexpr int node_digit(int n) { return n % 9 + 1; }

struct Graph {
  std::vector<int> nodes;
  std::array<std::vector<int>, 729> strong, weak;
};

// only_digit: 0 for all digits. bivalue_only: nodes only in bivalue cells.
void build(const Board& b, Technique kind, int only_digit, Graph& g) {
  const bool x = kind == Technique::x_chain, xy = kind == Technique::xy_chain;
  g.nodes.clear();
  for (auto& v : g.strong) v.clear();
  for (auto& v : g.weak) v.clear();
  auto usable = [&](int cell, int d) {
    if (!b.has(cell, d)) return false;
    if (only_digit && d != only_digit) return false;
    if (xy && bit_count(b.cand[cell]) != 2) return false;
    return true;
  };
  for (int c = 0; c < 81; ++c)
    for (int d = 1; d <= 9; ++d)
      if (usable(c, d)) g.nodes.push_back(node_id(c, d));
  for (int n : g.nodes) {
    const int c = node_cell(n), d = node_digit(n);
    if (!x) {  // links inside the cell
      const Mask rest = static_cast<Mask>(b.cand[c] & ~bit(d));
      for (int e = 1; e <= 9; ++e)
        if ((rest & bit(e)) && usable(c, e)) {
          g.weak[n].push_back(node_id(c, e));
          if (bit_count(b.cand[c]) == 2) g.strong[n].push_back(node_id(c, e));
        }
    }
    for (int p : kPeers[c])
      if (usable(p, d)) g.weak[n].push_back(node_id(p, d));
    if (!xy)  // conjugate pairs
      for (int u : kCellUnits[c]) {
        const unsigned pos = b.positions(u, d);
        if (bit_count(pos) != 2) continue;
        for (int i = 0; i < 9; ++i) {
          const int o = kUnitCells[u][i];
          if ((pos & (1u << i)) && o != c && usable(o, d)) g.strong[n].push_back(node_id(o, d));
        }
      }
  }
}

// Candidates weakly linked to both a and e (so false when a or e is true).
void conclusions(const Board& b, int a, int e, std::vector<CellDigit>& out) {
  out.clear();
  const int ca = node_cell(a), da = node_digit(a), ce = node_cell(e), de = node_digit(e);
  if (ca == ce) {
    for (int d = 1; d <= 9; ++d)
      if (d != da && d != de && b.has(ca, d)) out.push_back({ca, d});
  } else if (da == de) {
    for (int x = 0; x < 81; ++x)
      if (x != ca && x != ce && b.has(x, da) && sees(x, ca) && sees(x, ce)) out.push_back({x, da});
  } else if (sees(ca, ce)) {
    if (b.has(ca, de)) out.push_back({ca, de});
    if (b.has(ce, da)) out.push_back({ce, da});
  }
}

struct Best {
  int length = 1 << 30;
  std::vector<int> path;  // nodes in chain order
  std::vector<CellDigit> elims;
};

void search(const Board& b, Technique kind, const Graph& g, Best& best) {
  const bool xy = kind == Technique::xy_chain;
  std::vector<int> parent(729 * 2, -1), depth(729 * 2, -1), queue;
  std::vector<CellDigit> elims;
  queue.reserve(729 * 2);
  for (int a : g.nodes) {
    if (g.strong[a].empty()) continue;
    for (int s : queue) depth[s] = -1;
    queue.clear();
    const int start = a * 2;  // state: node*2 + (1 if true)
    depth[start] = 0;
    parent[start] = -1;
    queue.push_back(start);
    for (size_t qi = 0; qi < queue.size(); ++qi) {
      const int s = queue[qi], n = s / 2;
      if (depth[s] + 2 > best.length) break;  // a chain through here would be no shorter
      const bool on = s & 1;
      if (on && n != a && !(xy && node_digit(n) != node_digit(a))) {
        conclusions(b, a, n, elims);
        if (!elims.empty() && depth[s] + 1 < best.length) {
          best.length = depth[s] + 1;
          best.elims = elims;
          best.path.clear();
          for (int t = s; t >= 0; t = parent[t]) best.path.insert(best.path.begin(), t / 2);
          break;
        }
      }
      for (int m : on ? g.weak[n] : g.strong[n]) {
        const int t = m * 2 + (on ? 0 : 1);
        if (depth[t] >= 0) continue;
        depth[t] = depth[s] + 1;
        parent[t] = s;
        queue.push_back(t);
      }
    }
  }
}

}  // namespace

bool find_chain(const Board& b, Technique kind, LogicStep& out) {
  Graph g;
  Best best;
  if (kind == Technique::x_chain) {
    for (int d = 1; d <= 9; ++d) {
      build(b, kind, d, g);
      search(b, kind, g, best);
    }
  } else {
    build(b, kind, 0, g);
    search(b, kind, g, best);
  }
  if (best.elims.empty()) return false;
  out.eliminations = best.elims;
  for (int n : best.path) {
    if (out.cells.empty() || out.cells.back() != node_cell(n)) out.cells.push_back(node_cell(n));
    bool have = false;
    for (int d : out.digits) have |= d == node_digit(n);
    if (!have) out.digits.push_back(node_digit(n));
  }
  out.rating = technique_rating(kind) + length_bonus(best.length);
  return true;
}

}  // namespace puzzlepress::engine::logic
