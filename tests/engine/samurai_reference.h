// A reference oracle for samurai, written apart from the engine (it includes none of it): the
// figure read from the text form as 21 rows of 21 characters, the five grids' corners written
// out here, and plain backtracking over the empty cells (the one with fewest legal digits first,
// legality checked by scanning each grid's row, column and box). Slow and simple on purpose.
#pragma once

#include <string>
#include <string_view>

namespace puzzlepress::testing {

/// The 441 characters of a samurai text (prefix "samurai:" and '/' dropped); "" when the text
/// does not hold 441 of them.
std::string samurai_positions(std::string_view text);

/// min(completions, cap) of a samurai text ('-' outside the grids, '.' or '0' empty), counted
/// by backtracking; 0 for a text that is not 441 positions or whose givens clash.
int reference_samurai_count(std::string_view text, int cap);

/// True when every position inside a grid holds 1-9, every other one '-', and each of the five
/// grids' rows, columns and boxes holds every digit once.
bool reference_samurai_legal(std::string_view text);

/// Whether every given of `puzzle` (a digit) stands at the same position in `solution`, and
/// both have their '-' at the same positions.
bool reference_samurai_agrees(std::string_view puzzle, std::string_view solution);

}  // namespace puzzlepress::testing
