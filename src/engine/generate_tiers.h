// Technique-graded generation (generator.cpp dispatches to it). Engine-internal.
#pragma once

#include "engine/generator.h"
#include "engine/logic_solver.h"
#include "engine/rng.h"

namespace puzzlepress::engine::detail {

/// Fills the rating fields of `puzzle` from the logical solve of its givens.
void rate_puzzle(Puzzle& puzzle, const LogicResult& logic);

/// The technique-graded puzzle for `options`, drawing from `rng` (already seeded; `puzzle`
/// carries the seed, grade, symmetry and grading).
Puzzle generate_by_techniques(const GenerateOptions& options, Puzzle puzzle, Mulberry32& rng);

}  // namespace puzzlepress::engine::detail
