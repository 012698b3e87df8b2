// Reference solver for 9x9: the one for every shape (reference_solver.cpp) on the board as a Grid.
#include "engine/reference_solver9.h"

#include "engine/grid.h"
#include "engine/reference_solver.h"

namespace puzzlepress::engine {

int reference_count_solutions(const Grid9& givens, int cap) {
  return reference_count_solutions(from_grid(givens), cap);
}

}  // namespace puzzlepress::engine
