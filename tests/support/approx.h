// Numbers checked as a group: boxes and rectangles, each coordinate within doctest::Approx.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <initializer_list>

namespace puzzlepress::testing {

/// Checks that `got` and `want` have as many numbers and that each is Approx the other; a
/// failure names the number's index.
inline void check_near(std::initializer_list<double> got, std::initializer_list<double> want) {
  REQUIRE(got.size() == want.size());
  const double* expected = want.begin();
  for (std::size_t i = 0; i < got.size(); ++i) {
    CAPTURE(i);
    CHECK(got.begin()[i] == doctest::Approx(expected[i]));
  }
}

}  // namespace puzzlepress::testing
