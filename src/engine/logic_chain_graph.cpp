// Chain graphs: building them, and what each node reaches through chains.
#include "engine/logic_chain_graph.h"

namespace puzzlepress::engine::logic {

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

void ChainReach::reset(const ChainGraph& g) {
  g_ = &g;
  const std::size_t n = g.nodes.size(), words = static_cast<std::size_t>(g.words);
  on_.assign(n * words, 0);
  off_.assign(n * words, 0);
  known_.assign(n, 0);
  for (auto* v : {&seen_on_, &seen_off_, &covered_on_, &covered_off_, &next_on_, &next_off_}) v->assign(words, 0);
}

const std::uint64_t* ChainReach::on_from(int a) {
  const ChainGraph& g = *g_;
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

}  // namespace puzzlepress::engine::logic
