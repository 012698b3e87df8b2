// How much of a repeated test a build runs. A release build takes every case. An
// AddressSanitizer build runs several times slower and is there to find memory and undefined
// behaviour, which a few of many alike cases (one book a language, thirty proofs of the same
// generator) find as well as all of them; .ci/run's g++ Release run takes every case.
#pragma once

#include <algorithm>
#include <initializer_list>

#include "util/contained.h"

namespace puzzlepress::testing {

/// True when this build takes every case of a repeated test (not an AddressSanitizer build).
inline constexpr bool kEveryCase = !util::kAddressSanitizerBuild;

/// `all` in a build that takes every case, `few` under AddressSanitizer.
constexpr int cases(int all, int few) { return kEveryCase ? all : few; }

/// Whether case `index` runs: every case in a build that takes every case, only those `few`
/// name under AddressSanitizer (chosen to keep each feature the cases vary).
inline bool taken(int index, std::initializer_list<int> few) {
  return kEveryCase || std::find(few.begin(), few.end(), index) != few.end();
}

}  // namespace puzzlepress::testing
