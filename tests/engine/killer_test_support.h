// What the killer tests share: an engine killer as the oracle's plain data
// (killer_reference.h takes no engine type), and a grid's cells as a vector.
#pragma once

#include <vector>

#include "engine/grid.h"
#include "engine/killer.h"
#include "killer_reference.h"

namespace puzzlepress::killer_testing {

inline killer_reference::KillerData data_of(const engine::Killer& killer, const engine::Grid& givens) {
  killer_reference::KillerData d;
  d.n = killer.shape.size();
  d.box_rows = killer.shape.box_rows;
  d.box_cols = killer.shape.box_cols;
  d.cage.assign(static_cast<std::size_t>(killer.shape.cells()), -1);
  for (std::size_t k = 0; k < killer.cages.size(); ++k) {
    for (int c : killer.cages[k].cells) d.cage[static_cast<std::size_t>(c)] = static_cast<int>(k);
    d.sums.push_back(killer.cages[k].sum);
  }
  for (int c = 0; c < killer.shape.cells(); ++c) d.givens.push_back(givens.cells[static_cast<std::size_t>(c)]);
  return d;
}

inline std::vector<int> cells_of(const engine::Grid& grid) {
  return std::vector<int>(grid.cells.begin(), grid.cells.begin() + grid.cell_count());
}

}  // namespace puzzlepress::killer_testing
