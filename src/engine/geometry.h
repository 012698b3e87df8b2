// Geometry: a puzzle's cells and houses (every set of cells that must hold each symbol once).
//
// Classic shapes (4x4 ... 16x16: rows, columns, boxes) have their tables at compile time
// (classic_geometry). Other geometries are built at run time from data (build_geometry): an
// N x N grid's rows and columns, its blocks (the boxes of a shape, or irregular regions), and
// other houses (diagonals, windows). The grader (logic_solver.h) reads nothing else about a
// grid, so a variant made of houses is data, not code; where a technique's logic does not hold
// for a geometry, its rule says so (technique.h: technique_exclusion).
//
// Numbering: cell = row * N + column; houses rows 0..N-1, columns N..2N-1, blocks 2N..3N-1,
// then the other houses in the order given.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry_tables.h"
#include "engine/shape.h"

namespace puzzlepress::engine {

class Geometry {
 public:
  constexpr explicit Geometry(const detail::Tables256& tables) : t_(tables) {}

  /// The grid: N = shape().size() symbols, N x N cells. For a geometry with irregular
  /// regions, the shape of that size whose boxes it does not use (boxes() is false).
  Shape shape() const { return t_.shape; }
  int size() const { return t_.symbols; }
  int cells() const { return t_.cells; }
  int houses() const { return t_.houses; }
  HouseKind house_kind(int house) const { return t_.house_kind[house]; }
  /// The cells of a house, in reading order.
  std::span<const std::uint8_t> house(int house) const {
    return {t_.house_cells[house].data(), static_cast<std::size_t>(t_.symbols)};
  }
  /// The houses of a cell, ascending (its row, column and block first).
  std::span<const std::uint8_t> houses_of(int cell) const {
    return {t_.cell_houses[cell].data(), t_.house_count[cell]};
  }
  /// Distinct cells sharing a house.
  bool sees(int a, int b) const { return t_.peer_set[a].has(b); }
  /// The blocks are the boxes of shape(), aligned in bands and stacks.
  bool boxes() const { return t_.boxes; }
  /// Only rows, columns and boxes: a classic shape.
  bool classic() const { return t_.boxes && t_.houses == 3 * t_.symbols; }
  /// Every constraint of the puzzle is a house (see detail::GeometryTables::houses_only).
  bool houses_only() const { return t_.houses_only; }

  /// "row 3", "column 12", "box 5", "region 2", "diagonal 1", "window 4" (1-based).
  std::string house_name(int house) const;
  /// "r3c12" (1-based).
  std::string cell_name(int cell) const;

  const detail::Tables256& tables() const { return t_; }

 private:
  detail::Tables256 t_;
};

/// The geometry of a classic shape (one of kAllShapes; built at compile time).
const Geometry& classic_geometry(Shape shape);

/// What a geometry is built from.
struct GeometrySpec {
  /// The grid (N = shape.size()); its boxes are the blocks unless `regions` is given.
  Shape shape = kShape9x9;
  /// Irregular regions (a jigsaw): for each cell, its region 0..N-1; each region N cells.
  std::vector<int> regions;
  /// Houses besides rows, columns and blocks: diagonal or window, N cells each.
  struct House {
    HouseKind kind = HouseKind::diagonal;
    std::vector<int> cells;
  };
  std::vector<House> extra_houses;
  /// False when the puzzle also has constraints that are not houses (killer cages: a later
  /// issue). The grader then leaves out the techniques that assume the houses alone make the
  /// solution unique.
  bool houses_only = true;
};

struct GeometryBuild {
  std::optional<Geometry> geometry;  ///< set on success
  std::string error;                 ///< why not, e.g. "region 3 has 5 cells (expected 6)"
};

/// A geometry from data. Refused: an unsupported shape, regions that are not N regions of N
/// cells, a house that is not N distinct cells of the grid, or a cell in more than six houses.
GeometryBuild build_geometry(const GeometrySpec& spec);

/// The two diagonals of an N x N grid (main, then anti-diagonal): X-sudoku's extra houses.
std::vector<GeometrySpec::House> diagonal_houses(int n);

}  // namespace puzzlepress::engine
