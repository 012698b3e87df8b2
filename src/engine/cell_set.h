// CellSet: a set of cells as bits (cell c is bit c % 64 of word c / 64), for a grid of at most
// 64 * Words cells. Engine-internal.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace puzzlepress::engine::detail {

template <int Words>
struct CellSetN {
  std::array<std::uint64_t, Words> w{};

  /// The cells 0 .. n-1.
  static constexpr CellSetN first_cells(int n) {
    CellSetN s;
    for (int k = 0; k < Words; ++k) {
      const int in_word = n - 64 * k;
      s.w[k] = in_word >= 64 ? ~std::uint64_t{0} : in_word <= 0 ? 0 : (std::uint64_t{1} << in_word) - 1;
    }
    return s;
  }
  constexpr void add(int c) { w[c >> 6] |= std::uint64_t{1} << (c & 63); }
  constexpr void remove(int c) { w[c >> 6] &= ~(std::uint64_t{1} << (c & 63)); }
  constexpr bool has(int c) const { return (w[c >> 6] >> (c & 63)) & 1; }
  constexpr bool empty() const {
    std::uint64_t any = 0;
    for (int k = 0; k < Words; ++k) any |= w[k];
    return any == 0;
  }
  constexpr int size() const {
    int n = 0;
    for (int k = 0; k < Words; ++k) n += std::popcount(w[k]);
    return n;
  }
  /// The lowest cell; the set must not be empty.
  constexpr int first() const {
    for (int k = 0; k < Words; ++k)
      if (w[k]) return 64 * k + std::countr_zero(w[k]);
    return -1;
  }
  constexpr bool contains(const CellSetN& o) const {
    std::uint64_t out = 0;
    for (int k = 0; k < Words; ++k) out |= o.w[k] & ~w[k];
    return out == 0;
  }
  constexpr bool intersects(const CellSetN& o) const {
    std::uint64_t any = 0;
    for (int k = 0; k < Words; ++k) any |= w[k] & o.w[k];
    return any != 0;
  }
  constexpr CellSetN operator&(const CellSetN& o) const {
    CellSetN s;
    for (int k = 0; k < Words; ++k) s.w[k] = w[k] & o.w[k];
    return s;
  }
  constexpr CellSetN operator|(const CellSetN& o) const {
    CellSetN s;
    for (int k = 0; k < Words; ++k) s.w[k] = w[k] | o.w[k];
    return s;
  }
  constexpr CellSetN without(const CellSetN& o) const {
    CellSetN s;
    for (int k = 0; k < Words; ++k) s.w[k] = w[k] & ~o.w[k];
    return s;
  }
  friend constexpr bool operator==(const CellSetN&, const CellSetN&) = default;
  /// Calls f(cell) for each cell in increasing order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int k = 0; k < Words; ++k)
      for (std::uint64_t m = w[k]; m; m &= m - 1) f(k * 64 + std::countr_zero(m));
  }
};

}  // namespace puzzlepress::engine::detail
