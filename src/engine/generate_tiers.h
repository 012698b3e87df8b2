// Technique-graded generation (generator9.cpp dispatches to it). Engine-internal.
#pragma once

#include "engine/generator9.h"
#include "engine/logic_solver.h"
#include "engine/rng.h"

namespace puzzlepress::engine::detail {

/// Fills the rating fields of `puzzle` from the logical solve of its givens.
void rate_puzzle(Puzzle9& puzzle, const LogicResult9& logic);

/// The technique-graded puzzle for `options`, drawing from `rng` (already seeded; `puzzle`
/// carries the seed, grade, symmetry and grading).
Puzzle9 generate_by_techniques(const GenerateOptions9& options, Puzzle9 puzzle, Mulberry32& rng);

}  // namespace puzzlepress::engine::detail
