// Chain graphs: building them, and what each node reaches through chains.
#include "engine/logic_chain_graph.h"

namespace puzzlepress::engine::logic {

namespace {

// The nodes: cells first (by cell, then digit), then with groups (by digit, block, line).
// group_start[d]..group_start[d + 1]: the groups of digit d.
template <class V>
void add_nodes(const Board<V>& b, Technique kind, int only_digit, ChainGraph<V>& g,
               std::array<int, V::kMaxSymbols + 2>& group_start) {
  const V& geo = b.geo;
  const int n_digits = geo.symbols();
  constexpr int kStride = ChainGraph<V>::kStride;
  const bool xy = kind == Technique::xy_chain;
  g.nodes.clear();
  std::fill(g.cell_node.begin(), g.cell_node.begin() + geo.cells() * kStride, std::int16_t{-1});
  for (int c = 0; c < geo.cells(); ++c) {
    if (xy && geo.count(b.cand[c]) != 2) continue;
    for (Mask m = only_digit ? static_cast<Mask>(b.cand[c] & bit(only_digit)) : b.cand[c]; m; m &= m - 1) {
      const int d = std::countr_zero(m) + 1;
      g.cell_node[c * kStride + d - 1] = static_cast<std::int16_t>(g.nodes.size());
      typename V::CellSet s;
      s.add(c);
      g.nodes.push_back({d, c, s, geo.peer_set(c)});
    }
  }
  group_start.fill(static_cast<int>(g.nodes.size()));
  if (!is_grouped(kind)) return;
  for (int d = 1; d <= n_digits; ++d) {
    group_start[d] = static_cast<int>(g.nodes.size());
    if (only_digit && d != only_digit) continue;
    for (int blk = 0; blk < n_digits; ++blk) {
      const int house = 2 * n_digits + blk;
      const unsigned pos = b.positions(house, d);
      if (geo.count(pos) < 3) continue;  // a group of two or more needs another place in the block
      for (const detail::LineInBlock& line : geo.block_lines(blk)) {  // its rows, then its columns
        if (geo.count(pos & line.positions) < 2) continue;
        typename V::CellSet s;
        for (unsigned m = pos & line.positions; m; m &= m - 1) s.add(geo.house(house)[std::countr_zero(m)]);
        g.nodes.push_back({d, -1, s, seen_by_all(geo, s)});
      }
    }
  }
  group_start[n_digits + 1] = static_cast<int>(g.nodes.size());
}

// Links inside cells (weak; strong too in a bivalue cell), and weak links to the peers holding
// the same digit and between groups and the cells and groups that see all of them.
template <class V>
void add_weak_links(const Board<V>& b, Technique kind, ChainGraph<V>& g,
                    const std::array<int, V::kMaxSymbols + 2>& group_start) {
  const V& geo = b.geo;
  const int n = static_cast<int>(g.nodes.size()), cells_end = group_start[1];
  for (int i = 0; i < cells_end; ++i) {
    const ChainNode<V>& a = g.nodes[i];
    // Inside the cell: weak to its other digits, strong when there are only two.
    if (!is_x(kind)) {
      const bool bivalue = geo.count(b.cand[a.cell]) == 2;
      for (Mask m = static_cast<Mask>(b.cand[a.cell] & ~bit(a.digit)); m; m &= m - 1) {
        const int o = g.node_of(a.cell, std::countr_zero(m) + 1);
        if (o < 0) continue;
        set_bit(g.weak_of(i), o);
        if (bivalue) set_bit(g.strong_of(i), o);
      }
    }
    // Same digit: weak to the peers holding it.
    (b.cells_with(a.digit) & geo.peer_set(a.cell)).for_each([&](int p) {
      const int o = g.node_of(p, a.digit);
      if (o >= 0) set_bit(g.weak_of(i), o);
    });
  }
  for (int i = cells_end; i < n; ++i) {  // groups: weak with cells and groups that all see them
    const ChainNode<V>& a = g.nodes[i];
    a.seen.for_each([&](int c) {
      const int o = g.node_of(c, a.digit);
      if (o >= 0) {
        set_bit(g.weak_of(i), o);
        set_bit(g.weak_of(o), i);
      }
    });
    for (int j = group_start[a.digit]; j < group_start[a.digit + 1]; ++j)
      if (j != i && a.seen.contains(g.nodes[j].cells)) set_bit(g.weak_of(i), j);
  }
}

// Strong links of one digit: two nodes that together are all the digit's places in a house.
template <class V>
void add_strong_links(const Board<V>& b, bool grouped, int d, ChainGraph<V>& g,
                      const std::array<int, V::kMaxSymbols + 2>& group_start) {
  const V& geo = b.geo;
  for (int u = 0; u < geo.houses(); ++u) {
    const unsigned pos = b.positions(u, d);
    const int k = geo.count(pos);
    if (k < 2 || (!grouped && k != 2)) continue;
    if (k == 2) {
      const int p = g.node_of(geo.house(u)[std::countr_zero(pos)], d);
      const int q = g.node_of(geo.house(u)[std::countr_zero(pos & (pos - 1))], d);
      set_bit(g.strong_of(p), q);
      set_bit(g.strong_of(q), p);
    }
    if (!grouped) continue;
    // With groups: a group and a cell or group making up the house's places.
    const auto places = b.cells_with(d) & geo.house_set(u);
    for (int i = group_start[d]; i < group_start[d + 1]; ++i) {
      if (!places.contains(g.nodes[i].cells)) continue;
      const auto rest = places.without(g.nodes[i].cells);
      if (rest.size() == 1) {
        const int o = g.node_of(rest.first(), d);
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

}  // namespace

template <class V>
void build(const Board<V>& b, Technique kind, int only_digit, ChainGraph<V>& g) {
  const int n_digits = b.geo.symbols();
  std::array<int, V::kMaxSymbols + 2> group_start{};
  add_nodes(b, kind, only_digit, g, group_start);
  const int n = static_cast<int>(g.nodes.size());
  g.words = (n + 63) / 64;
  g.strong.assign(static_cast<std::size_t>(n) * g.words, 0);
  g.weak.assign(static_cast<std::size_t>(n) * g.words, 0);
  g.of_digit.assign(static_cast<std::size_t>(n_digits + 1) * g.words, 0);
  for (int i = 0; i < n; ++i) set_bit(g.of_digit.data() + static_cast<std::size_t>(g.nodes[i].digit) * g.words, i);
  add_weak_links(b, kind, g, group_start);
  if (kind == Technique::xy_chain) return;  // XY-chains link digits only inside bivalue cells
  for (int d = 1; d <= n_digits; ++d)
    if (!only_digit || d == only_digit) add_strong_links(b, is_grouped(kind), d, g, group_start);
}

template <class V>
void ChainReach<V>::reset(const ChainGraph<V>& g) {
  g_ = &g;
  const std::size_t n = g.nodes.size(), words = static_cast<std::size_t>(g.words);
  on_.assign(n * words, 0);
  off_.assign(n * words, 0);
  known_.assign(n, 0);
  for (auto* v : {&seen_on_, &seen_off_, &covered_on_, &covered_off_, &next_on_, &next_off_}) v->assign(words, 0);
}

template <class V>
const std::uint64_t* ChainReach<V>::on_from(int a) {
  const ChainGraph<V>& g = *g_;
  const int words = g.words;
  std::uint64_t* on = on_.data() + static_cast<std::size_t>(a) * words;
  std::uint64_t* off = off_.data() + static_cast<std::size_t>(a) * words;
  if (known_[a]) return on;
  // seen_*: reached so far; covered_*: inside a known reach taken whole (its successors are
  // reached too, so it is not expanded); next_off: reached off, to expand.
  for (int w = 0; w < words; ++w) seen_on_[w] = seen_off_[w] = covered_on_[w] = covered_off_[w] = next_off_[w] = 0;
  set_bit(seen_off_.data(), a);
  set_bit(next_off_.data(), a);
  for (;;) {
    for (int w = 0; w < words; ++w) next_on_[w] = 0;
    for (int w = 0; w < words; ++w)
      for (std::uint64_t m = next_off_[w] & ~covered_off_[w]; m; m &= m - 1) {
        const int f = w * 64 + std::countr_zero(m);
        if ((covered_off_[w] >> (f & 63)) & 1) continue;  // taken in by a reach of this word
        if (known_[f]) {
          const std::uint64_t* fo = on_.data() + static_cast<std::size_t>(f) * words;
          const std::uint64_t* ff = off_.data() + static_cast<std::size_t>(f) * words;
          for (int v = 0; v < words; ++v) {
            seen_on_[v] |= fo[v];
            covered_on_[v] |= fo[v];
            seen_off_[v] |= ff[v];
            covered_off_[v] |= ff[v];
          }
        } else {
          const std::uint64_t* s = g.strong_of(f);
          for (int v = 0; v < words; ++v) next_on_[v] |= s[v];
        }
      }
    if (!g.keep_new(next_on_.data(), seen_on_.data())) break;
    for (int w = 0; w < words; ++w) next_off_[w] = 0;
    g.add_links(next_on_.data(), /*strong_links=*/false, next_off_.data());
    if (!g.keep_new(next_off_.data(), seen_off_.data())) break;
  }
  for (int v = 0; v < words; ++v) {
    on[v] = seen_on_[v];
    off[v] = seen_off_[v];
  }
  known_[a] = 1;
  return on;
}

template void build(const Board<Classic9>&, Technique, int, ChainGraph<Classic9>&);
template void build(const Board<TableView>&, Technique, int, ChainGraph<TableView>&);
template class ChainReach<Classic9>;
template class ChainReach<TableView>;

}  // namespace puzzlepress::engine::logic
