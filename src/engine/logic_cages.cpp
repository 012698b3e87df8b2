// The cage table and the sum rules the killer techniques share: see logic_cages.h.
#include "engine/logic_cages.h"

#include <algorithm>
#include <bit>

namespace puzzlepress::engine::logic {

namespace {

// The rule of 45 over the region made of `houses`.
CageTable::Region make_region(const CageTable& t, const Geometry& g, std::vector<int> houses) {
  std::sort(houses.begin(), houses.end());
  std::vector<bool> in(static_cast<std::size_t>(g.cells()), false);
  for (int h : houses)
    for (int c : g.house(h)) in[static_cast<std::size_t>(c)] = true;
  const int n = g.size();
  CageTable::Region r;
  int wholly = 0, crossing = 0;  // sums of the cages inside, and of those reaching outside
  for (const CageTable::Entry& cage : t.cages) {
    const auto inside =
        std::count_if(cage.cells.begin(), cage.cells.end(), [&](int c) { return in[static_cast<std::size_t>(c)]; });
    if (inside == 0) continue;
    if (inside == static_cast<std::ptrdiff_t>(cage.cells.size())) {
      wholly += cage.sum;
      continue;
    }
    crossing += cage.sum;
    for (int c : cage.cells) (in[static_cast<std::size_t>(c)] ? r.innies : r.outies).push_back(c);
  }
  std::sort(r.innies.begin(), r.innies.end());
  std::sort(r.outies.begin(), r.outies.end());
  r.innie_sum = static_cast<int>(houses.size()) * n * (n + 1) / 2 - wholly;
  r.outie_sum = crossing - r.innie_sum;
  r.houses = std::move(houses);
  return r;
}

std::vector<int> cells_of(const Geometry& g, const std::vector<int>& houses) {
  std::vector<int> cells;
  for (int h : houses)
    for (int c : g.house(h)) cells.push_back(c);
  std::sort(cells.begin(), cells.end());
  return cells;
}

}  // namespace

CageTable make_cage_table(const Killer& killer, const Geometry& g) {
  CageTable t;
  t.cage_of.assign(static_cast<std::size_t>(g.cells()), -1);
  for (std::size_t k = 0; k < killer.cages.size(); ++k) {
    t.cages.push_back({killer.cages[k].cells, killer.cages[k].sum});
    std::sort(t.cages.back().cells.begin(), t.cages.back().cells.end());
    for (int c : killer.cages[k].cells) t.cage_of[static_cast<std::size_t>(c)] = static_cast<int>(k);
  }
  const int n = g.size();
  std::vector<std::vector<int>> seen;  // the cell sets of the regions so far
  for (int h = 0; h < 3 * n; ++h) {
    t.single.push_back(make_region(t, g, {h}));
    seen.push_back(cells_of(g, {h}));
  }
  std::vector<std::vector<int>> unions;
  for (int family = 0; family < 2; ++family)  // rows, then columns
    for (int length = 2; length <= 4 && length < n; ++length)
      for (int first = 0; first + length <= n; ++first) {
        std::vector<int> houses;
        for (int i = 0; i < length; ++i) houses.push_back(family * n + first + i);
        unions.push_back(houses);
      }
  const Shape shape = g.shape();
  for (int vertical = 0; vertical < 2; ++vertical)
    for (int a = 2 * n; a < 3 * n; ++a)
      for (int b = 2 * n; b < 3 * n; ++b) {
        const int ca = g.house(a)[0], cb = g.house(b)[0];  // each box's top-left cell
        const bool side_by_side = vertical ? ca % n == cb % n && cb / n - ca / n == shape.box_rows
                                           : ca / n == cb / n && cb % n - ca % n == shape.box_cols;
        if (side_by_side) unions.push_back({a, b});
      }
  for (const std::vector<int>& houses : unions) {
    std::vector<int> cells = cells_of(g, houses);
    if (std::find(seen.begin(), seen.end(), cells) != seen.end()) continue;
    seen.push_back(std::move(cells));
    t.several.push_back(make_region(t, g, houses));
  }
  return t;
}

namespace {

// fit_cage's search: (cell, symbols used so far) answered once each.
struct CageSearch {
  std::span<const Mask> domain;
  int sum = 0;
  Mask must_use = 0;
  CageFit& fit;
  std::int8_t* memo = nullptr;  // per (cell, used): -1 not known, 0 no completion, 1 some

  bool run(int i, unsigned used, int total) {
    std::int8_t& known = memo[static_cast<std::size_t>(i) * 512 + used];
    if (known >= 0) return known == 1;
    bool some = false;
    if (i == static_cast<int>(domain.size())) {
      some = total == sum && (used & must_use) == must_use;
      if (some) {
        fit.required = static_cast<Mask>(fit.required & used);
        fit.combinations.push_back(static_cast<Mask>(used));
      }
    } else {
      for (unsigned m = domain[static_cast<std::size_t>(i)] & ~used; m; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        if (total + d > sum) break;  // larger symbols go further over
        if (run(i + 1, used | bit(d), total + d)) {
          some = true;
          fit.support[static_cast<std::size_t>(i)] =
              static_cast<Mask>(fit.support[static_cast<std::size_t>(i)] | bit(d));
        }
      }
    }
    known = some ? 1 : 0;
    return some;
  }
};

}  // namespace

CageFit fit_cage(std::span<const Mask> domain, int sum, Mask must_use, int symbols) {
  CageFit fit;
  const std::size_t k = domain.size();
  if (symbols > 9 || k > 9) {  // not a killer's: no conclusion
    fit.feasible = true;
    std::copy(domain.begin(), domain.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(k, 16)),
              fit.support.begin());
    return fit;
  }
  fit.required = 0xFFFF;
  std::array<std::int8_t, 10 * 512> memo;  // only the (k + 1) * 512 entries read are set
  std::fill(memo.begin(), memo.begin() + static_cast<std::ptrdiff_t>((k + 1) * 512), std::int8_t{-1});
  CageSearch search{domain, sum, must_use, fit, memo.data()};
  fit.feasible = search.run(0, 0, 0);
  if (!fit.feasible) fit.required = 0;
  std::sort(fit.combinations.begin(), fit.combinations.end());
  return fit;
}

std::array<Mask, 8> fit_sum(std::span<const Mask> domain, std::span<const std::uint8_t> apart, int sum) {
  std::array<Mask, 8> support{};
  const int n = static_cast<int>(std::min<std::size_t>(domain.size(), 8));
  std::array<int, 9> low{}, high{};  // least and most the cells from i on add up to
  for (int i = n - 1; i >= 0; --i) {
    const unsigned m = domain[static_cast<std::size_t>(i)];
    if (!m) return support;
    low[static_cast<std::size_t>(i)] = low[static_cast<std::size_t>(i) + 1] + std::countr_zero(m) + 1;
    high[static_cast<std::size_t>(i)] = high[static_cast<std::size_t>(i) + 1] + 32 - std::countl_zero(m);
  }
  std::array<int, 8> value{};
  bool all = false;  // every candidate supported: nothing more to learn
  auto go = [&](auto& self, int i, int total) -> void {
    if (i == n) {
      if (total != sum) return;
      all = true;
      for (int j = 0; j < n; ++j) {
        Mask& s = support[static_cast<std::size_t>(j)];
        s = static_cast<Mask>(s | bit(value[static_cast<std::size_t>(j)]));
        all = all && s == domain[static_cast<std::size_t>(j)];
      }
      return;
    }
    for (unsigned m = domain[static_cast<std::size_t>(i)]; m; m &= m - 1) {
      const int d = std::countr_zero(m) + 1;
      const int after = total + d;
      if (after + low[static_cast<std::size_t>(i) + 1] > sum) break;
      if (after + high[static_cast<std::size_t>(i) + 1] < sum) continue;
      bool clash = false;
      for (int j = 0; j < i && !clash; ++j)
        clash = ((apart[static_cast<std::size_t>(i)] >> j) & 1) && value[static_cast<std::size_t>(j)] == d;
      if (clash) continue;
      value[static_cast<std::size_t>(i)] = d;
      self(self, i + 1, after);
      if (all) return;
    }
  };
  go(go, 0, 0);
  return support;
}

std::string combination_text(Mask m) {
  std::string s;
  for (unsigned rest = m; rest; rest &= rest - 1) {
    if (!s.empty()) s += '+';
    s += std::to_string(std::countr_zero(rest) + 1);
  }
  return s;
}

}  // namespace puzzlepress::engine::logic
