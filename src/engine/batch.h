// Batches: many puzzles from one base seed, generated on several threads with identical results.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/generator9.h"
#include "engine/batch_progress.h"

namespace puzzlepress::engine {

/// Seed step between consecutive puzzles of a batch: 0x9E3779B9 (2^32 / golden ratio, odd).
/// A large odd step keeps books with nearby base seeds (42, 43, ...) from sharing puzzles,
/// and visits all 2^32 seeds before repeating.
inline constexpr std::uint32_t kBatchSeedStep = 0x9E3779B9u;

/// Seed of puzzle `index` (0-based) of a batch: base + index * kBatchSeedStep, modulo 2^32.
constexpr std::uint32_t batch_seed(std::uint32_t base, std::uint32_t index) { return base + index * kBatchSeedStep; }

/// A seed derived from `seed`, a `salt` naming what it is for, and a number `n` (the finaliser of
/// MurmurHash3): derived seeds (volumes, replacements, symbol retries) stay off the
/// seed + k * kBatchSeedStep line of a batch's other puzzles.
constexpr std::uint32_t mixed_seed(std::uint32_t seed, std::uint32_t salt, std::uint32_t n) {
  std::uint32_t x = seed ^ (salt * 0x85EBCA6Bu) ^ (n * 0xC2B2AE35u);
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

/// Generates every item; result[i] is generate(items[i]) whatever `jobs` is.
/// jobs <= 0 means one worker per hardware thread. If a generation or the progress callback
/// throws, the other workers stop taking items and the first exception is rethrown here.
std::vector<Puzzle9> generate_batch(std::span<const GenerateOptions9> items, int jobs,
                                    const BatchProgress& progress = {});

}  // namespace puzzlepress::engine
