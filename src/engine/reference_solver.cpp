// Reference solver for every shape: see reference_solver.h.
#include "engine/reference_solver.h"

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

  // Cells of unit u (0..n-1 rows, n..2n-1 columns, 2n..3n-1 boxes), by index k.
  int unit_cell(int u, int k) const {
    if (u < n) return u * n + k;
    if (u < 2 * n) return k * n + (u - n);
    const int b = u - 2 * n, per_band = n / box_cols;
    const int top = (b / per_band) * box_rows, left = (b % per_band) * box_cols;
    return (top + k / box_cols) * n + left + k % box_cols;
  }
  bool placed_in_unit(int u, int v) const {
    return u < n ? row_used[u][v] : u < 2 * n ? col_used[u - n][v] : box_used[u - 2 * n][v];
  }

  void search() {
    // The most constrained choice: the empty cell with the fewest legal symbols, or the
    // missing (unit, symbol) with the fewest legal cells, whichever has fewer (cells first).
    int best_cell = -1, best_unit = -1, best_symbol = 0, best_options = n + 1;
    for (int cell = 0; cell < n * n; ++cell) {
      if (cells[cell] != 0) continue;
      int options = 0;
      for (int v = 1; v <= n; ++v) options += legal(cell, v) ? 1 : 0;
      if (options < best_options) {
        best_cell = cell;
        best_options = options;
      }
    }
    if (best_cell < 0) {  // every cell filled, each placement legal when made
      ++found;
      return;
    }
    for (int u = 0; u < 3 * n && best_options > 1; ++u)
      for (int v = 1; v <= n; ++v) {
        if (placed_in_unit(u, v)) continue;
        int options = 0;
        for (int k = 0; k < n; ++k) {
          const int cell = unit_cell(u, k);
          options += cells[cell] == 0 && legal(cell, v) ? 1 : 0;
        }
        if (options < best_options) {
          best_unit = u;
          best_symbol = v;
          best_options = options;
        }
      }
    if (best_unit < 0) {
      for (int v = 1; v <= n && found < cap; ++v) {
        if (!legal(best_cell, v)) continue;
        set(best_cell, v, true);
        search();
        set(best_cell, v, false);
      }
      return;
    }
    for (int k = 0; k < n && found < cap; ++k) {
      const int cell = unit_cell(best_unit, k);
      if (cells[cell] != 0 || !legal(cell, best_symbol)) continue;
      set(cell, best_symbol, true);
      search();
      set(cell, best_symbol, false);
    }
  }
};

}  // namespace

int reference_count_solutions(const Grid& givens, int cap) {
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
