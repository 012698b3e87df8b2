#include "engine/shape_tables.h"

namespace puzzlepress::engine::detail {
namespace {

constexpr Geometry make_geometry(Shape shape) {
  Geometry g{};
  g.shape = shape;
  g.n = shape.size();
  g.cells = g.n * g.n;
  g.units = 3 * g.n;
  g.all = static_cast<SymbolMask>((1u << g.n) - 1);
  for (int cell = 0; cell < g.cells; ++cell) {
    const int r = cell / g.n, c = cell % g.n;
    g.row[cell] = static_cast<std::uint8_t>(r);
    g.col[cell] = static_cast<std::uint8_t>(c);
    g.box[cell] = static_cast<std::uint8_t>((r / shape.box_rows) * shape.box_rows + c / shape.box_cols);
  }
  for (int k = 0; k < g.n; ++k) {
    const int top = (k / shape.box_rows) * shape.box_rows, left = (k % shape.box_rows) * shape.box_cols;
    for (int i = 0; i < g.n; ++i) {
      g.unit_cells[k][i] = static_cast<std::uint8_t>(k * g.n + i);
      g.unit_cells[g.n + k][i] = static_cast<std::uint8_t>(i * g.n + k);
      g.unit_cells[2 * g.n + k][i] =
          static_cast<std::uint8_t>((top + i / shape.box_cols) * g.n + left + i % shape.box_cols);
    }
  }
  for (int cell = 0; cell < g.cells; ++cell) {
    int count = 0;
    for (int other = 0; other < g.cells; ++other)
      if (g.sees(cell, other)) g.peers[cell][count++] = static_cast<std::uint8_t>(other);
    g.peer_count = count;
  }
  return g;
}

constexpr Geometry kGeometry4x4 = make_geometry(kShape4x4);
constexpr Geometry kGeometry6x6 = make_geometry(kShape6x6);
constexpr Geometry kGeometry8x8 = make_geometry(kShape8x8);
constexpr Geometry kGeometry9x9 = make_geometry(kShape9x9);
constexpr Geometry kGeometry12x12 = make_geometry(kShape12x12);
constexpr Geometry kGeometry16x16 = make_geometry(kShape16x16);

}  // namespace

const Geometry& geometry(Shape shape) {
  if (shape == kShape4x4) return kGeometry4x4;
  if (shape == kShape6x6) return kGeometry6x6;
  if (shape == kShape8x8) return kGeometry8x8;
  if (shape == kShape12x12) return kGeometry12x12;
  if (shape == kShape16x16) return kGeometry16x16;
  return kGeometry9x9;
}

}  // namespace puzzlepress::engine::detail
