// validate: re-checks a stored puzzle from its data alone (QA before a puzzle is printed).
#pragma once

#include <string>
#include <vector>

#include "engine/generator9.h"

namespace puzzlepress::engine {

/// Every problem found, in this order (empty when the puzzle is sound):
///   the solution is not a complete legal grid (which cell is empty or which unit repeats);
///   a given differs from the solution (each such cell, as rRcC);
///   the stored clue count differs from the givens';
///   the givens have no or several solutions;
///   the clue count is outside the grade's band.
/// Messages are one line each, e.g. "r3c4: given 7 but the solution has 2".
std::vector<std::string> validate(const Puzzle9& puzzle);

}  // namespace puzzlepress::engine
