// Cage propagation: see killer_propagation.h.
#include "engine/killer_propagation.h"

#include <algorithm>
#include <bit>
#ifdef KSPEED_CHECK
#include <cstdio>
#include <cstdlib>
#endif

namespace puzzlepress::engine::detail {
namespace {

using Mask = std::uint16_t;  // bit v-1 for symbol v

// Sum of the `count` smallest (or largest) symbols of `m`; -1 when m has fewer.
int least_sum(unsigned m, int count) {
  int sum = 0;
  for (; count > 0; --count, m &= m - 1) {
    if (!m) return -1;
    sum += std::countr_zero(m) + 1;
  }
  return sum;
}
int most_sum(unsigned m, int count) {
  int sum = 0;
  for (; count > 0; --count) {
    if (!m) return -1;
    const int top = 31 - std::countl_zero(m);
    sum += top + 1;
    m &= ~(1u << top);
  }
  return sum;
}

// The enumeration of one rule's assignments.
struct Enumeration {
  const SumRule& rule;
  std::array<int, SumRule::kMaxCells> order{};  // positions, fewest candidates first
  std::array<Mask, SumRule::kMaxCells> domain{};
  std::array<Mask, SumRule::kMaxCells> support{};
  std::array<int, SumRule::kMaxCells> value{};    // per position, while assigned
  std::array<int, SumRule::kMaxCells + 1> low{};  // per depth: least the positions from it can add
  std::array<int, SumRule::kMaxCells + 1> high{};
  Mask required = 0xFFFF;  // symbols every assignment found uses
  int nodes = 0;
  bool found = false, aborted = false, settled = false;

  // True when nothing more can be learnt: every candidate supported, no symbol required.
  bool learnt_all() const {
    if (rule.distinct && required) return false;
    for (int i = 0; i < rule.size; ++i)
      if (support[static_cast<std::size_t>(i)] != domain[static_cast<std::size_t>(i)]) return false;
    return true;
  }

  void run(int depth, int remaining, Mask used) {
    if (++nodes > kNodeBudget) {
      aborted = true;
      return;
    }
    const int size = rule.size;
    if (depth == size) {
      if (remaining) return;
      found = true;
      for (int i = 0; i < size; ++i)
        support[static_cast<std::size_t>(i)] |= static_cast<Mask>(1u << (value[static_cast<std::size_t>(i)] - 1));
      required &= used;
      settled = learnt_all();
      return;
    }
    const int pos = order[static_cast<std::size_t>(depth)];
    Mask options = domain[static_cast<std::size_t>(pos)];
    if (rule.distinct) {
      options &= static_cast<Mask>(~used);
    } else {
      for (int d = 0; d < depth; ++d) {
        const int other = order[static_cast<std::size_t>(d)];
        if (rule.apart[static_cast<std::size_t>(pos)] & (1u << other))
          options &= static_cast<Mask>(~(1u << (value[static_cast<std::size_t>(other)] - 1)));
      }
    }
    const int left = size - depth - 1;
    Mask rest = 0;  // what the positions after this one may hold
    if (rule.distinct)
      for (int d = depth + 1; d < size; ++d)
        rest |= domain[static_cast<std::size_t>(order[static_cast<std::size_t>(d)])];
    for (unsigned m = options; m; m &= m - 1) {
      const int v = std::countr_zero(m) + 1;
      const int after = remaining - v;
      if (after < low[static_cast<std::size_t>(depth + 1)]) break;  // larger symbols only go further below
      if (after > high[static_cast<std::size_t>(depth + 1)]) continue;
      const Mask now = static_cast<Mask>(used | (1u << (v - 1)));
      if (rule.distinct && left > 0) {
        const unsigned free = rest & static_cast<Mask>(~now);
        const int least = least_sum(free, left);
        if (least < 0 || after < least) continue;
        if (after > most_sum(free, left)) continue;
      }
      value[static_cast<std::size_t>(pos)] = v;
      run(depth + 1, after, now);
      if (aborted || settled) return;
    }
  }
};

// What a rule whose cells all differ allows, found per combination rather than per assignment:
// each set of `size` different symbols of `domains`' union adding up to `sum`, then which cells
// can take which of its symbols in a complete matching of cells to symbols (cell i's options
// being domain[i] within the set): the sets of symbols cells 0..i-1 can take (forward) and cells
// i..size-1 can take (backward), so cell i takes v when some forward set of cells before it,
// without v, leaves the rest of the combination to a backward set of the cells after it. The
// same support, required symbols and feasibility as enumerating every assignment, at a cost
// bounded by the combinations (at most 126) instead of the assignments (up to 9!).
struct DistinctFit {
  const std::array<Mask, SumRule::kMaxCells>& domain;
  int size = 0;
  std::array<Mask, SumRule::kMaxCells> support{};
  Mask required = 0xFFFF;
  bool found = false;

  // Combinations of `left` more symbols of `pool` from `from` on adding up to `remaining`.
  void combinations(int from, int left, int remaining, Mask pool, Mask chosen) {
    if (left == 0) {
      if (remaining == 0) match(chosen);
      return;
    }
    for (int v = from; v <= 9; ++v) {
      if (v * left + left * (left - 1) / 2 > remaining) return;  // v, v+1, ... already too much
      if (!(pool & (1u << (v - 1)))) continue;
      combinations(v + 1, left - 1, remaining - v, pool, static_cast<Mask>(chosen | (1u << (v - 1))));
    }
  }

  void match(Mask set) {
    // level[i]: the distinct symbol sets (of i symbols) cells 0..i-1 can take, forward; back[i]
    // those cells i..size-1 can take (size - i symbols), marked in a 512-bit set.
    std::array<std::array<Mask, 126>, SumRule::kMaxCells + 1> level;
    std::array<int, SumRule::kMaxCells + 1> count{};
    std::array<std::uint64_t, 8> forward_seen{}, back_seen{};
    auto mark = [](std::array<std::uint64_t, 8>& seen, Mask m) {
      std::uint64_t& word = seen[m >> 6];
      const std::uint64_t b = std::uint64_t{1} << (m & 63);
      if (word & b) return false;
      word |= b;
      return true;
    };
    auto marked = [](const std::array<std::uint64_t, 8>& seen, Mask m) { return (seen[m >> 6] >> (m & 63)) & 1; };
    level[0][0] = 0;
    count[0] = 1;
    for (int i = 0; i < size; ++i) {
      const Mask options = static_cast<Mask>(domain[static_cast<std::size_t>(i)] & set);
      for (int k = 0; k < count[static_cast<std::size_t>(i)]; ++k) {
        const Mask m = level[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
        for (unsigned o = options & ~m; o; o &= o - 1) {
          const Mask next = static_cast<Mask>(m | (o & (0u - o)));
          if (mark(forward_seen, next))
            level[static_cast<std::size_t>(i + 1)][static_cast<std::size_t>(count[static_cast<std::size_t>(i + 1)]++)] =
                next;
        }
      }
      if (!count[static_cast<std::size_t>(i + 1)]) return;  // no way to give cells 0..i different symbols
    }
    // Backward, as lists per level too, then each cell's symbols.
    std::array<std::array<Mask, 126>, SumRule::kMaxCells + 1> back;
    std::array<int, SumRule::kMaxCells + 1> back_count{};
    back[static_cast<std::size_t>(size)][0] = 0;
    back_count[static_cast<std::size_t>(size)] = 1;
    mark(back_seen, 0);
    for (int i = size - 1; i >= 0; --i) {
      const Mask options = static_cast<Mask>(domain[static_cast<std::size_t>(i)] & set);
      for (int k = 0; k < back_count[static_cast<std::size_t>(i + 1)]; ++k) {
        const Mask m = back[static_cast<std::size_t>(i + 1)][static_cast<std::size_t>(k)];
        for (unsigned o = options & ~m; o; o &= o - 1) {
          const Mask next = static_cast<Mask>(m | (o & (0u - o)));
          if (mark(back_seen, next))
            back[static_cast<std::size_t>(i)][static_cast<std::size_t>(back_count[static_cast<std::size_t>(i)]++)] =
                next;
        }
      }
    }
    if (!marked(back_seen, set)) return;  // no complete matching
    found = true;
    required &= set;
    for (int i = 0; i < size; ++i) {
      const Mask options = static_cast<Mask>(domain[static_cast<std::size_t>(i)] & set);
      Mask& s = support[static_cast<std::size_t>(i)];
      for (int k = 0; k < count[static_cast<std::size_t>(i)] && (options & ~s); ++k) {
        const Mask m = level[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
        for (unsigned o = options & ~m & ~s; o; o &= o - 1) {
          const Mask v = static_cast<Mask>(o & (0u - o));
          if (marked(back_seen, static_cast<Mask>(set & ~m & ~v))) s = static_cast<Mask>(s | v);
        }
      }
    }
  }
};

}  // namespace

std::vector<SumRule> killer_rules(const Killer& killer, const Geometry& geometry) {
  const int n = geometry.size(), cells = geometry.cells();
  std::vector<int> cage_of(static_cast<std::size_t>(cells), 0);
  for (std::size_t k = 0; k < killer.cages.size(); ++k)
    for (int c : killer.cages[k].cells) cage_of[static_cast<std::size_t>(c)] = static_cast<int>(k);
  auto make = [&](const std::vector<int>& members, int sum) {
    SumRule rule;
    rule.size = static_cast<int>(members.size());
    rule.sum = sum;
    rule.distinct = true;
    for (int i = 0; i < rule.size; ++i)
      rule.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(members[static_cast<std::size_t>(i)]);
    for (int i = 0; i < rule.size; ++i)
      for (int j = 0; j < rule.size; ++j) {
        if (i == j) continue;
        const int a = members[static_cast<std::size_t>(i)], b = members[static_cast<std::size_t>(j)];
        if (geometry.sees(a, b) || cage_of[static_cast<std::size_t>(a)] == cage_of[static_cast<std::size_t>(b)])
          rule.apart[static_cast<std::size_t>(i)] |= static_cast<std::uint16_t>(1u << j);
        else rule.distinct = false;
      }
    return rule;
  };
  std::vector<SumRule> rules;
  for (const Cage& cage : killer.cages) rules.push_back(make(cage.cells, cage.sum));
  // Regions of whole houses: each house, then runs of 2 to 4 rows, then of columns.
  std::vector<std::vector<bool>> regions;
  std::vector<int> houses_in;
  for (int h = 0; h < 3 * n; ++h) {
    std::vector<bool> in(static_cast<std::size_t>(cells), false);
    for (int c : geometry.house(h)) in[static_cast<std::size_t>(c)] = true;
    regions.push_back(in);
    houses_in.push_back(1);
  }
  for (int o = 0; o < 2; ++o)
    for (int length = 2; length <= 4 && length < n; ++length)
      for (int first = 0; first + length <= n; ++first) {
        std::vector<bool> in(static_cast<std::size_t>(cells), false);
        for (int line = first; line < first + length; ++line)
          for (int x = 0; x < n; ++x) in[static_cast<std::size_t>(o == 0 ? line * n + x : x * n + line)] = true;
        regions.push_back(in);
        houses_in.push_back(length);
      }
  const int house_total = n * (n + 1) / 2;
  std::vector<std::vector<int>> seen_sets;
  auto add = [&](std::vector<int> members, int sum) {
    if (members.empty() || static_cast<int>(members.size()) > kMaxDerivedCells) return;
    std::sort(members.begin(), members.end());
    if (std::find(seen_sets.begin(), seen_sets.end(), members) != seen_sets.end()) return;
    seen_sets.push_back(members);
    rules.push_back(make(members, sum));
  };
  for (std::size_t r = 0; r < regions.size(); ++r) {
    const std::vector<bool>& in = regions[r];
    const int total = house_total * houses_in[r];
    int inside_sum = 0, crossing_sum = 0;
    std::vector<int> innies, outies;
    for (const Cage& cage : killer.cages) {
      int inside = 0;
      for (int c : cage.cells) inside += in[static_cast<std::size_t>(c)] ? 1 : 0;
      if (inside == 0) continue;
      crossing_sum += cage.sum;
      if (inside == static_cast<int>(cage.cells.size())) {
        inside_sum += cage.sum;
        continue;
      }
      for (int c : cage.cells) (in[static_cast<std::size_t>(c)] ? innies : outies).push_back(c);
    }
    add(innies, total - inside_sum);
    add(outies, crossing_sum - total);
  }
  return rules;
}

CagePropagation::CagePropagation(const Killer& killer, const Geometry& geometry)
    : geometry_(geometry), rules_(killer_rules(killer, geometry)), memo_(rules_.size()) {}

int CagePropagation::narrow(std::span<std::uint16_t> cand, std::span<const std::uint8_t> value) const {
  const auto& t = geometry_.tables();
  int narrowed = 0;
  for (const SumRule& rule : rules_) {
    Enumeration e{rule};
    const int size = rule.size;
    bool open = false;
    for (int i = 0; i < size; ++i) {
      const int c = rule.cells[static_cast<std::size_t>(i)];
      const int v = value[static_cast<std::size_t>(c)];
      e.domain[static_cast<std::size_t>(i)] =
          v ? static_cast<Mask>(1u << (v - 1)) : static_cast<Mask>(cand[static_cast<std::size_t>(c)]);
      open |= v == 0;
      e.order[static_cast<std::size_t>(i)] = i;
    }
    Memo& memo = memo_[static_cast<std::size_t>(&rule - rules_.data())];
    if (memo.filled && memo.domain == e.domain) {
      e.support = memo.support;
      e.required = memo.required;
      e.found = memo.found;
      e.aborted = memo.aborted;
    } else {
      auto count = [&](int i) { return std::popcount(static_cast<unsigned>(e.domain[static_cast<std::size_t>(i)])); };
      std::stable_sort(e.order.begin(), e.order.begin() + size, [&](int a, int b) { return count(a) < count(b); });
      for (int d = size - 1; d >= 0; --d) {
        const Mask m = e.domain[static_cast<std::size_t>(e.order[static_cast<std::size_t>(d)])];
        if (!m) return -1;
        e.low[static_cast<std::size_t>(d)] = e.low[static_cast<std::size_t>(d + 1)] + std::countr_zero(m) + 1;
        e.high[static_cast<std::size_t>(d)] =
            e.high[static_cast<std::size_t>(d + 1)] + 32 - std::countl_zero(static_cast<unsigned>(m));
      }
      if (rule.distinct) {
        DistinctFit fit{e.domain, size};
        Mask pool = 0;
        for (int i = 0; i < size; ++i) pool = static_cast<Mask>(pool | e.domain[static_cast<std::size_t>(i)]);
        fit.combinations(1, size, rule.sum, pool, 0);
#ifdef KSPEED_CHECK
        e.run(0, rule.sum, 0);
        if (!e.aborted &&
            (e.found != fit.found || (e.found && (e.required != fit.required || e.support != fit.support)))) {
          std::fprintf(stderr, "MISMATCH size %d sum %d\n", size, rule.sum);
          std::abort();
        }
        static long checked = 0;
        if (++checked % 100000 == 0) std::fprintf(stderr, "checked %ld\n", checked);
#endif
        e.support = fit.support;
        e.required = fit.found ? fit.required : Mask{0xFFFF};
        e.found = fit.found;
        e.aborted = false;
      } else {
        e.run(0, rule.sum, 0);
      }
      memo = {true, e.domain, e.support, e.required, e.found, e.aborted};
    }
    if (!open) {  // a complete rule: its sum and its apart cells
      if (!e.found) return -1;
      continue;
    }
    if (e.aborted) continue;
    if (!e.found) return -1;
    for (int i = 0; i < size; ++i) {
      const auto c = static_cast<std::size_t>(rule.cells[static_cast<std::size_t>(i)]);
      if (value[c]) continue;
      const Mask kept = static_cast<Mask>(cand[c] & e.support[static_cast<std::size_t>(i)]);
      if (kept == cand[c]) continue;
      cand[c] = kept;
      ++narrowed;
    }
    if (!rule.distinct) continue;
    // A symbol every assignment uses leaves the cells seeing all the rule's cells that may hold it.
    for (unsigned req = e.required; req; req &= req - 1) {
      const int v = std::countr_zero(req) + 1;
      const Mask bit = static_cast<Mask>(1u << (v - 1));
      bool placed = false, any = false;
      Tables256::CellSet common;
      for (int i = 0; i < size && !placed; ++i) {
        const auto c = rule.cells[static_cast<std::size_t>(i)];
        if (value[c] == v) placed = true;
        if (value[c] || !(cand[c] & bit)) continue;
        common = any ? (common & t.peer_set[c]) : t.peer_set[c];
        any = true;
      }
      if (placed || !any) continue;
      common.for_each([&](int p) {
        const auto c = static_cast<std::size_t>(p);
        if (value[c] || !(cand[c] & bit)) return;
        cand[c] = static_cast<Mask>(cand[c] & ~bit);
        ++narrowed;
      });
    }
  }
  return narrowed;
}

}  // namespace puzzlepress::engine::detail
