// Mulberry32: the seeded generator every puzzle comes from, and the two helpers built on it.
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace puzzlepress::engine {

/// Mulberry32 (Tommy Ettinger's 32-bit generator), bit-for-bit the same sequence as the
/// JavaScript original used by the reference engine. Only fixed-width unsigned arithmetic is
/// used, so the output is the same on every compiler, standard library and platform.
/// Never use std::uniform_int_distribution or std::shuffle with it: their results differ
/// between standard libraries.
class Mulberry32 {
 public:
  explicit Mulberry32(std::uint32_t seed) : state_(seed) {}

  /// The next 32-bit output.
  std::uint32_t next() {
    state_ += 0x6D2B79F5u;
    const std::uint32_t a = state_;
    std::uint32_t t = (a ^ (a >> 15)) * (a | 1u);
    t = (t + ((t ^ (t >> 7)) * (t | 61u))) ^ t;
    return t ^ (t >> 14);
  }

  /// A value in [0, bound), bound >= 1: floor(next() * bound / 2^32). This equals the
  /// JavaScript idiom Math.floor(rng() * bound) exactly, since every product is exact.
  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(next()) * bound) >> 32);
  }

 private:
  std::uint32_t state_;
};

/// Fisher-Yates, from the last element down: element i swaps with below(i + 1).
template <typename T>
void shuffle(std::span<T> items, Mulberry32& rng) {
  for (std::size_t i = items.size(); i-- > 1;) {
    const auto j = rng.below(static_cast<std::uint32_t>(i + 1));
    std::swap(items[i], items[j]);
  }
}

}  // namespace puzzlepress::engine
