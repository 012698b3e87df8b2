// Sized reference solver: see sized_reference_solver.h.
#include "engine/sized_reference_solver.h"

#include <vector>

namespace puzzlepress::engine {
namespace {

struct Reference {
  int n = 0, box_rows = 0, box_cols = 0;
  std::vector<int> cells;
  std::vector<std::vector<bool>> row_used, col_used, box_used;  // [unit][symbol]
  int cap = 1;
  int found = 0;

  explicit Reference(Shape shape)
      : n(shape.size()),
        box_rows(shape.box_rows),
        box_cols(shape.box_cols),
        cells(shape.cells(), 0),
        row_used(n, std::vector<bool>(n + 1)),
        col_used(n, std::vector<bool>(n + 1)),
        box_used(n, std::vector<bool>(n + 1)) {}

  int box(int cell) const {
    const int r = cell / n, c = cell % n;
    return (r / box_rows) * (n / box_cols) + c / box_cols;
  }
  bool legal(int cell, int v) const {
    return !row_used[cell / n][v] && !col_used[cell % n][v] && !box_used[box(cell)][v];
  }
  void set(int cell, int v, bool on) {
    cells[cell] = on ? v : 0;
    row_used[cell / n][v] = on;
    col_used[cell % n][v] = on;
    box_used[box(cell)][v] = on;
  }

  void search() {
    int best = -1, best_options = n + 1;
    for (int cell = 0; cell < n * n; ++cell) {
      if (cells[cell] != 0) continue;
      int options = 0;
      for (int v = 1; v <= n; ++v) options += legal(cell, v) ? 1 : 0;
      if (options < best_options) {
        best = cell;
        best_options = options;
      }
    }
    if (best < 0) {  // every cell filled, each placement legal when made
      ++found;
      return;
    }
    for (int v = 1; v <= n && found < cap; ++v) {
      if (!legal(best, v)) continue;
      set(best, v, true);
      search();
      set(best, v, false);
    }
  }
};

}  // namespace

int reference_count_solutions_sized(const SizedGrid& givens, int cap) {
  if (cap < 1 || !is_supported(givens.shape)) return 0;
  Reference r(givens.shape);
  r.cap = cap;
  for (int cell = 0; cell < givens.cell_count(); ++cell) {
    const int v = givens.cells[cell];
    if (v == 0) continue;
    if (v > r.n || !r.legal(cell, v)) return 0;
    r.set(cell, v, true);
  }
  r.search();
  return r.found;
}

}  // namespace puzzlepress::engine
