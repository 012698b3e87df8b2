#pragma once
// Hand-made 9x9 pencil-mark positions for the logic tests: rows, columns and digits 1-based,
// as the solver's explanations print them.
#include <algorithm>
#include <cstdint>
#include <initializer_list>

#include "engine/logic_solver.h"

// Inline: testing::rc works, and a test takes every helper with
// `using namespace puzzlepress::testing::pencil_marks;`.
namespace puzzlepress::testing {
inline namespace pencil_marks {

/// The cell index of row r, column c (1-based).
inline int rc(int r, int c) { return (r - 1) * 9 + (c - 1); }

/// Every cell may hold every digit.
inline engine::CandidateMasks open_board() {
  engine::CandidateMasks m;
  m.fill(0x1FF);
  return m;
}

/// `cell` may hold exactly `digits`.
inline void only(engine::CandidateMasks& m, int cell, std::initializer_list<int> digits) {
  std::uint16_t x = 0;
  for (int d : digits) x = static_cast<std::uint16_t>(x | (1u << (d - 1)));
  m[cell] = x;
}

/// `cell` may no longer hold `d`.
inline void remove(engine::CandidateMasks& m, int cell, int d) {
  m[cell] = static_cast<std::uint16_t>(m[cell] & ~(1u << (d - 1)));
}

/// Digit d stays in row r only at the given columns.
inline void row_only(engine::CandidateMasks& m, int d, int r, std::initializer_list<int> cols) {
  for (int c = 1; c <= 9; ++c)
    if (std::find(cols.begin(), cols.end(), c) == cols.end()) remove(m, rc(r, c), d);
}

/// Digit d stays in column c only at the given rows.
inline void col_only(engine::CandidateMasks& m, int d, int c, std::initializer_list<int> rows) {
  for (int r = 1; r <= 9; ++r)
    if (std::find(rows.begin(), rows.end(), r) == rows.end()) remove(m, rc(r, c), d);
}

}  // namespace pencil_marks
}  // namespace puzzlepress::testing
