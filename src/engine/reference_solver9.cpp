// Reference solver: see reference_solver.h.
#include "engine/reference_solver9.h"

namespace puzzlepress::engine {
namespace {

struct Reference {
  int cells[81]{};
  bool row_used[9][10]{}, col_used[9][10]{}, box_used[9][10]{};
  int cap = 1;
  int found = 0;

  static int box(int cell) { return (cell / 9) / 3 * 3 + (cell % 9) / 3; }

  bool legal(int cell, int d) const {
    return !row_used[cell / 9][d] && !col_used[cell % 9][d] && !box_used[box(cell)][d];
  }
  void set(int cell, int d, bool on) {
    cells[cell] = on ? d : 0;
    row_used[cell / 9][d] = on;
    col_used[cell % 9][d] = on;
    box_used[box(cell)][d] = on;
  }

  void search() {
    int best = -1, best_options = 10;
    for (int cell = 0; cell < 81; ++cell) {
      if (cells[cell] != 0) continue;
      int options = 0;
      for (int d = 1; d <= 9; ++d) options += legal(cell, d) ? 1 : 0;
      if (options < best_options) {
        best = cell;
        best_options = options;
      }
    }
    if (best < 0) {  // every cell filled, each placement legal when made
      ++found;
      return;
    }
    for (int d = 1; d <= 9 && found < cap; ++d) {
      if (!legal(best, d)) continue;
      set(best, d, true);
      search();
      set(best, d, false);
    }
  }
};

}  // namespace

int reference_count_solutions(const Grid9& givens, int cap) {
  if (cap < 1) return 0;
  Reference r;
  r.cap = cap;
  for (int cell = 0; cell < 81; ++cell) {
    const int d = givens.cells[cell];
    if (d == 0) continue;
    if (d > 9 || !r.legal(cell, d)) return 0;
    r.set(cell, d, true);
  }
  r.search();
  return r.found;
}

}  // namespace puzzlepress::engine
