// The graph of alternating inference chains (logic_chains.cpp): its nodes, its strong and weak
// links, and which nodes each node reaches through chains. Engine-internal: not part of the
// public API.
//
// A node is a digit in one cell, or (grouped chains) a group: a digit's places, two or more,
// in the intersection of a block and a row or column, read as "the digit is in one of these
// cells". A strong link A=B means "A false => B true" (the two are the only candidates of a
// cell, or together the only places of a digit in a house); a weak link A-B means "A true =>
// B false" (same cell, or same digit in distinct cells that all see one another).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/logic_board.h"

namespace puzzlepress::engine::logic {

template <class V>
struct ChainNode {
  int digit;
  int cell;                   ///< the cell; -1 for a group
  typename V::CellSet cells;  ///< the cell, or the group's cells
  typename V::CellSet seen;   ///< the cells that see all of `cells`
};

/// Nodes are numbered cells first (by cell, then digit), then groups (by digit, block, line).
/// Node sets are bit sets of `words` 64-bit words; the rows of one node kind are stored one
/// after another.
template <class V>
struct ChainGraph {
  /// Index of (cell, digit) in cell_node: cell * kStride + digit - 1.
  static constexpr int kStride = V::kMaxSymbols;
  std::vector<ChainNode<V>> nodes;
  int words = 0;
  std::vector<std::uint64_t> strong, weak;                              ///< each node's strong and weak neighbours
  std::vector<std::uint64_t> of_digit;                                  ///< row d (0..N): the nodes of digit d
  std::array<std::int16_t, V::kMaxCells * V::kMaxSymbols> cell_node{};  ///< -1 for none
  int node_of(int cell, int digit) const { return cell_node[cell * kStride + digit - 1]; }
  std::uint64_t* strong_of(int i) { return strong.data() + static_cast<std::size_t>(i) * words; }
  std::uint64_t* weak_of(int i) { return weak.data() + static_cast<std::size_t>(i) * words; }
  const std::uint64_t* strong_of(int i) const { return strong.data() + static_cast<std::size_t>(i) * words; }
  const std::uint64_t* weak_of(int i) const { return weak.data() + static_cast<std::size_t>(i) * words; }
  const std::uint64_t* digit_row(int d) const { return of_digit.data() + static_cast<std::size_t>(d) * words; }
  /// One level of a breadth-first walk, first half: ORs into `reached` the strong (or weak)
  /// neighbours of the nodes in `from`.
  void add_links(const std::uint64_t* from, bool strong_links, std::uint64_t* reached) const {
    for (int w = 0; w < words; ++w)
      for (std::uint64_t m = from[w]; m; m &= m - 1) {
        const int node = w * 64 + std::countr_zero(m);
        const std::uint64_t* s = strong_links ? strong_of(node) : weak_of(node);
        for (int v = 0; v < words; ++v) reached[v] |= s[v];
      }
  }
  /// Second half: keeps in `reached` the nodes not in `seen` and adds them to `seen`. True when
  /// some node is new.
  bool keep_new(std::uint64_t* reached, std::uint64_t* seen) const {
    bool grew = false;
    for (int v = 0; v < words; ++v) {
      reached[v] &= ~seen[v];
      seen[v] |= reached[v];
      grew |= reached[v] != 0;
    }
    return grew;
  }
};

inline void set_bit(std::uint64_t* set, int i) { set[i >> 6] |= std::uint64_t{1} << (i & 63); }

/// X-chains, grouped or not: one digit's conjugate links only.
inline bool is_x(Technique kind) { return kind == Technique::x_chain || kind == Technique::grouped_x_chain; }
/// The kinds whose nodes may be groups.
inline bool is_grouped(Technique kind) { return kind == Technique::grouped_x_chain || kind == Technique::grouped_aic; }

/// The graph of a chain kind on `b`: X-chains (grouped or not) for digit `only_digit` alone,
/// the others for all digits (only_digit 0). XY-chains keep bivalue cells and their in-cell
/// strong links only; grouped kinds add groups.
template <class V>
void build(const Board<V>& b, Technique kind, int only_digit, ChainGraph<V>& g);

/// What chains reach: from node a taken as "off", the nodes reached as "on" by an alternation
/// of links that starts and ends with a strong one (what a breadth-first search from a visits
/// when nothing stops it). Worked out on demand and remembered per graph: a node met "off"
/// whose reach is known brings all of it at once, and what it brings is not looked at again.
template <class V>
class ChainReach {
 public:
  /// Forgets everything: for a new graph (which must outlive the calls of on_from).
  void reset(const ChainGraph<V>& g);
  /// The nodes reached "on" from node `a` "off" (`words` words).
  const std::uint64_t* on_from(int a);

 private:
  const ChainGraph<V>* g_ = nullptr;
  std::vector<std::uint64_t> on_, off_;  // per node, once known: what it reaches on and off
  std::vector<char> known_;
  std::vector<std::uint64_t> seen_on_, seen_off_, covered_on_, covered_off_, next_on_, next_off_;
};

}  // namespace puzzlepress::engine::logic
