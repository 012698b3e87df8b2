// Chain graphs: building them, and what each node reaches (strongly connected components of
// the two-layer graph: node a "off" -> b "on" on a strong link, b "on" -> c "off" on a weak one).
#include "engine/logic_chain_graph.h"

#include <algorithm>

namespace puzzlepress::engine::logic {

namespace {

bool is_x(Technique kind) { return kind == Technique::x_chain || kind == Technique::grouped_x_chain; }
bool is_grouped(Technique kind) { return kind == Technique::grouped_x_chain || kind == Technique::grouped_aic; }

}  // namespace

void build(const Board& b, Technique kind, int only_digit, ChainGraph& g) {
  const bool x = is_x(kind), xy = kind == Technique::xy_chain, grouped = is_grouped(kind);
  g.nodes.clear();
  auto& cell_node = g.cell_node;
  cell_node.fill(-1);
  for (int c = 0; c < kCells; ++c) {
    if (xy && bit_count(b.cand[c]) != 2) continue;
    for (Mask m = only_digit ? static_cast<Mask>(b.cand[c] & bit(only_digit)) : b.cand[c]; m; m &= m - 1) {
      const int d = std::countr_zero(m) + 1;
      cell_node[c * 9 + d - 1] = static_cast<std::int16_t>(g.nodes.size());
      CellSet s;
      s.add(c);
      g.nodes.push_back({d, c, s, kPeerSet[c]});
    }
  }
  std::array<int, 11> group_start{};  // groups of digit d: [group_start[d], group_start[d + 1])
  group_start.fill(static_cast<int>(g.nodes.size()));
  if (grouped) {
    for (int d = 1; d <= 9; ++d) {
      group_start[d] = static_cast<int>(g.nodes.size());
      if (only_digit && d != only_digit) continue;
      for (int box = 0; box < 9; ++box) {
        const unsigned pos = b.positions(18 + box, d);  // bit i: row i / 3, column i % 3
        if (bit_count(pos) < 3) continue;  // a group of two or three needs another place in the box
        for (int k = 0; k < 6; ++k) {  // three rows, then three columns of the box
          const unsigned line = k < 3 ? 7u << (3 * k) : 0x49u << (k - 3);
          if (bit_count(pos & line) < 2) continue;
          CellSet s;
          for (unsigned m = pos & line; m; m &= m - 1) s.add(kUnitCells[18 + box][std::countr_zero(m)]);
          g.nodes.push_back({d, -1, s, seen_by_all(s)});
        }
      }
    }
    group_start[10] = static_cast<int>(g.nodes.size());
  }
  const int n = static_cast<int>(g.nodes.size());
  g.words = (n + 63) / 64;
  g.strong.assign(static_cast<std::size_t>(n) * g.words, 0);
  g.weak.assign(static_cast<std::size_t>(n) * g.words, 0);
  g.of_digit.assign(static_cast<std::size_t>(10) * g.words, 0);
  for (int i = 0; i < n; ++i) set_bit(g.of_digit.data() + static_cast<std::size_t>(g.nodes[i].digit) * g.words, i);
  const int cells_end = group_start[1];
  for (int i = 0; i < cells_end; ++i) {
    const ChainNode& a = g.nodes[i];
    // Inside the cell: weak to its other digits, strong when there are only two.
    if (!x) {
      const bool bivalue = bit_count(b.cand[a.cell]) == 2;
      for (Mask m = static_cast<Mask>(b.cand[a.cell] & ~bit(a.digit)); m; m &= m - 1) {
        const int o = cell_node[a.cell * 9 + std::countr_zero(m)];
        if (o < 0) continue;
        set_bit(g.weak_of(i), o);
        if (bivalue) set_bit(g.strong_of(i), o);
      }
    }
    // Same digit: weak to the peers holding it.
    (b.cells_with(a.digit) & kPeerSet[a.cell]).for_each([&](int p) {
      const int o = cell_node[p * 9 + a.digit - 1];
      if (o >= 0) set_bit(g.weak_of(i), o);
    });
  }
  for (int i = cells_end; i < n; ++i) {  // groups: weak with cells and groups that all see them
    const ChainNode& a = g.nodes[i];
    const CellSet& seen = a.seen;
    seen.for_each([&](int c) {
      const int o = cell_node[c * 9 + a.digit - 1];
      if (o >= 0) {
        set_bit(g.weak_of(i), o);
        set_bit(g.weak_of(o), i);
      }
    });
    for (int j = group_start[a.digit]; j < group_start[a.digit + 1]; ++j)
      if (j != i && seen.contains(g.nodes[j].cells)) set_bit(g.weak_of(i), j);
  }
  // Same digit, strong: two nodes that together are all the digit's places in a unit.
  if (xy) return;  // XY-chains link digits only inside bivalue cells
  for (int d = 1; d <= 9; ++d)
    for (int u = 0; u < 27; ++u) {
      if (only_digit && d != only_digit) continue;
      const unsigned pos = b.positions(u, d);
      const int k = bit_count(pos);
      if (k < 2 || (!grouped && k != 2)) continue;
      if (k == 2) {
        const int p = cell_node[kUnitCells[u][std::countr_zero(pos)] * 9 + d - 1];
        const int q = cell_node[kUnitCells[u][std::countr_zero(pos & (pos - 1))] * 9 + d - 1];
        set_bit(g.strong_of(p), q);
        set_bit(g.strong_of(q), p);
      }
      if (!grouped) continue;
      // With groups: a group and a cell or group making up the unit's places.
      const CellSet places = b.cells_with(d) & kUnitSet[u];
      for (int i = group_start[d]; i < group_start[d + 1]; ++i) {
        if (!places.contains(g.nodes[i].cells)) continue;
        const CellSet rest = places.without(g.nodes[i].cells);
        if (rest.size() == 1) {
          const int o = cell_node[rest.first() * 9 + d - 1];
          set_bit(g.strong_of(i), o);
          set_bit(g.strong_of(o), i);
        } else {
          for (int j = i + 1; j < group_start[d + 1]; ++j)
            if (g.nodes[j].cells == rest) {
              set_bit(g.strong_of(i), j);
              set_bit(g.strong_of(j), i);
            }
        }
      }
    }
}

std::vector<std::uint64_t> reach_on(const ChainGraph& g) {
  // Tarjan's algorithm on the two-layer graph: vertex i < n is node i "off", n + i node i
  // "on". A component is finished after every component it reaches, so its reach (the "on"
  // vertices in it and the reach of the components it links to) is complete at that moment.
  const int n = static_cast<int>(g.nodes.size()), words = g.words;
  auto row = [&](int v) { return v < n ? g.strong_of(v) : g.weak_of(v - n); };
  auto target = [&](int v, int bit) { return v < n ? n + bit : bit; };
  std::vector<int> order(2 * n, -1), low(2 * n), comp(2 * n, -1), stack;
  std::vector<std::uint64_t> comp_reach;  // `words` per component, in finishing order
  std::vector<int> merged;                // per component: last component that merged it
  struct Frame {
    int v, w;
    std::uint64_t rest;  // successors in word w not looked at yet
  };
  std::vector<Frame> frames;
  int counter = 0;
  for (int root = 0; root < n; ++root) {  // only "off" vertices start chains
    if (order[root] >= 0) continue;
    order[root] = low[root] = counter++;
    stack.push_back(root);
    frames.push_back({root, 0, row(root)[0]});
    while (!frames.empty()) {
      Frame& f = frames.back();
      while (!f.rest && f.w + 1 < words) f.rest = row(f.v)[++f.w];
      if (f.rest) {
        const int t = target(f.v, f.w * 64 + std::countr_zero(f.rest));
        f.rest &= f.rest - 1;
        if (order[t] < 0) {
          order[t] = low[t] = counter++;
          stack.push_back(t);
          frames.push_back({t, 0, row(t)[0]});
        } else if (comp[t] < 0) {
          low[f.v] = std::min(low[f.v], order[t]);
        }
        continue;
      }
      const int v = f.v;
      frames.pop_back();
      if (!frames.empty()) low[frames.back().v] = std::min(low[frames.back().v], low[v]);
      if (low[v] != order[v]) continue;
      const int id = static_cast<int>(merged.size());
      merged.push_back(id);
      comp_reach.resize(comp_reach.size() + words, 0);
      const std::size_t at = static_cast<std::size_t>(id) * words;
      std::size_t first = stack.size();
      do --first;
      while (stack[first] != v);
      for (std::size_t k = first; k < stack.size(); ++k) comp[stack[k]] = id;
      for (std::size_t k = first; k < stack.size(); ++k) {
        const int u = stack[k];
        if (u >= n) set_bit(comp_reach.data() + at, u - n);
        const std::uint64_t* r = row(u);
        for (int w = 0; w < words; ++w)
          for (std::uint64_t m = r[w]; m; m &= m - 1) {
            const int c = comp[target(u, w * 64 + std::countr_zero(m))];
            if (c == id || merged[c] == id) continue;
            merged[c] = id;
            for (int x = 0; x < words; ++x) comp_reach[at + x] |= comp_reach[static_cast<std::size_t>(c) * words + x];
          }
      }
      stack.resize(first);
    }
  }
  std::vector<std::uint64_t> out(static_cast<std::size_t>(n) * words);
  for (int a = 0; a < n; ++a)
    for (int x = 0; x < words; ++x) out[static_cast<std::size_t>(a) * words + x] = comp_reach[static_cast<std::size_t>(comp[a]) * words + x];
  return out;
}

}  // namespace puzzlepress::engine::logic
