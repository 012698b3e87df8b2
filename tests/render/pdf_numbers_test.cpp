// Numbers in content streams: number_text writes HPDF_FToA's text without calling it.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>

#include "render/pdf_writer.h"

namespace {

TEST_CASE("numbers in content streams: HPDF_FToA's text, written without it") {
  using puzzlepress::render::number_text;
  using puzzlepress::render::number_text_reference;
  // The edges of its rounding and clamping, and what layout writes: points to 2 decimals.
  for (double v :
       {0.0,      -0.0,      1.0,      -1.0,  0.5,        0.000004, 0.000005, 0.0000049,   -0.000001, 0.99999,
        0.999995, 0.9999951, 1.999996, 12.5,  100.0,      612.0,    792.0,    32766.99999, 32767.0,   32768.0,
        -32768.0, 1e9,       -1e9,     1e-30, 3.14159265, -2.71828, 0.1,      0.2,         0.3}) {
    CAPTURE(v);
    CHECK(number_text(v) == number_text_reference(v));
  }
  for (int hundredths = -100000; hundredths <= 100000; ++hundredths) {
    const double v = hundredths / 100.0;
    if (number_text(v) != number_text_reference(v)) {
      CAPTURE(v);
      CHECK(number_text(v) == number_text_reference(v));
    }
  }
  std::uint32_t state = 2463534242u;  // xorshift32: any float of magnitude up to 40000
  int checked = 0;
  for (int i = 0; i < 2000000; ++i) {
    state ^= state << 13, state ^= state >> 17, state ^= state << 5;
    const double v = (static_cast<double>(state) / 4294967296.0 - 0.5) * (i % 2 ? 80000.0 : 2.0);
    ++checked;
    if (number_text(v) != number_text_reference(v)) {
      CAPTURE(v);
      CHECK(number_text(v) == number_text_reference(v));
    }
  }
  CHECK(checked == 2000000);
}

TEST_CASE("numbers in content streams: not a number is written as 0") {
  // HPDF_FToA turns NaN into an int (undefined; INT_MIN on x86): its text is no PDF number, and
  // eleven digits and a sign overflowed append_number's buffer. Infinities clamp as in libharu.
  using puzzlepress::render::number_text;
  CHECK(number_text(std::numeric_limits<double>::quiet_NaN()) == "0");
  CHECK(number_text(-std::numeric_limits<double>::quiet_NaN()) == "0");
  CHECK(number_text(std::numeric_limits<double>::infinity()) == "32767");
  CHECK(number_text(-std::numeric_limits<double>::infinity()) == "-32767");
  CHECK(number_text(std::numeric_limits<double>::infinity()) ==
        puzzlepress::render::number_text_reference(std::numeric_limits<double>::infinity()));
}

}  // namespace
