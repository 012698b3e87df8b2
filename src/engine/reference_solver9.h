// Reference solver: a slow, obvious solution counter used by tests to cross-check the fast 9x9 one.
#pragma once

#include "engine/grid9.h"

namespace puzzlepress::engine {

/// min(number of completions of `givens`, cap). 0 when cap < 1, when a cell holds a value outside
/// 0..9, or when the givens already clash. The reference solver for every shape
/// (reference_solver.h) on the same board: deliberately unlike band_search (no bitboards, no
/// propagation); it shares nothing with the fast solvers it checks.
int reference_count_solutions(const Grid9& givens, int cap);

}  // namespace puzzlepress::engine
