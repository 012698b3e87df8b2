#include "engine/geometry.h"

#include <array>
#include <memory>

namespace puzzlepress::engine {
namespace {

using detail::Tables256;

constexpr Geometry kGeometry4x4{detail::classic_tables<Tables256>(kShape4x4)};
constexpr Geometry kGeometry6x6{detail::classic_tables<Tables256>(kShape6x6)};
constexpr Geometry kGeometry8x8{detail::classic_tables<Tables256>(kShape8x8)};
constexpr Geometry kGeometry9x9{detail::classic_tables<Tables256>(kShape9x9)};
constexpr Geometry kGeometry12x12{detail::classic_tables<Tables256>(kShape12x12)};
constexpr Geometry kGeometry16x16{detail::classic_tables<Tables256>(kShape16x16)};

std::string kind_word(HouseKind kind) {
  switch (kind) {
    case HouseKind::row: return "row";
    case HouseKind::column: return "column";
    case HouseKind::box: return "box";
    case HouseKind::region: return "region";
    case HouseKind::diagonal: return "diagonal";
    case HouseKind::window: return "window";
  }
  return "house";
}

}  // namespace

std::string Geometry::house_name(int house) const {
  return kind_word(t_.house_kind[house]) + ' ' + std::to_string(t_.house_index[house] + 1);
}

std::string Geometry::cell_name(int cell) const {
  return 'r' + std::to_string(cell / t_.symbols + 1) + 'c' + std::to_string(cell % t_.symbols + 1);
}

const Geometry& classic_geometry(Shape shape) {
  if (shape == kShape4x4) return kGeometry4x4;
  if (shape == kShape6x6) return kGeometry6x6;
  if (shape == kShape8x8) return kGeometry8x8;
  if (shape == kShape12x12) return kGeometry12x12;
  if (shape == kShape16x16) return kGeometry16x16;
  return kGeometry9x9;
}

std::vector<GeometrySpec::House> diagonal_houses(int n) {
  GeometrySpec::House main{HouseKind::diagonal, {}}, anti{HouseKind::diagonal, {}};
  for (int i = 0; i < n; ++i) {
    main.cells.push_back(i * n + i);
    anti.cells.push_back(i * n + (n - 1 - i));
  }
  return {main, anti};
}

GeometryBuild build_geometry(const GeometrySpec& spec) {
  if (!is_supported(spec.shape)) return {std::nullopt, "unsupported shape " + shape_id(spec.shape)};
  const int n = spec.shape.size(), cells = n * n;
  if (static_cast<int>(3 * n + spec.extra_houses.size()) > Tables256::kMaxHouses)
    return {std::nullopt, "too many houses (at most " + std::to_string(Tables256::kMaxHouses - 3 * n) +
                              " besides rows, columns and blocks)"};
  // Built on the heap: the tables are some 35 KB.
  auto t = std::make_unique<Tables256>(detail::classic_tables<Tables256>(spec.shape));
  if (!spec.regions.empty()) {
    if (static_cast<int>(spec.regions.size()) != cells)
      return {std::nullopt, "regions name " + std::to_string(spec.regions.size()) + " cells (expected " +
                                std::to_string(cells) + ")"};
    std::array<int, 16> filled{};
    Tables256 jigsaw{};
    jigsaw.shape = spec.shape;
    jigsaw.symbols = n;
    jigsaw.cells = cells;
    jigsaw.all = t->all;
    jigsaw.houses = 3 * n;
    for (int h = 0; h < 2 * n; ++h) {
      jigsaw.house_cells[h] = t->house_cells[h];
      jigsaw.house_kind[h] = t->house_kind[h];
      jigsaw.house_index[h] = t->house_index[h];
    }
    for (int c = 0; c < cells; ++c) {
      const int r = spec.regions[c];
      if (r < 0 || r >= n)
        return {std::nullopt, 'r' + std::to_string(c / n + 1) + 'c' + std::to_string(c % n + 1) + " is in region " +
                                  std::to_string(r) + " (expected 0-" + std::to_string(n - 1) + ")"};
      if (filled[r] == n)
        return {std::nullopt, "region " + std::to_string(r) + " has more than " + std::to_string(n) + " cells"};
      jigsaw.house_cells[2 * n + r][filled[r]++] = static_cast<std::uint8_t>(c);
    }
    for (int r = 0; r < n; ++r) {
      jigsaw.house_kind[2 * n + r] = HouseKind::region;
      jigsaw.house_index[2 * n + r] = static_cast<std::uint8_t>(r);
    }
    *t = jigsaw;
  } else {
    // Start again from the houses alone: derive() runs once the extra houses are in.
    Tables256 boxes{};
    boxes.shape = spec.shape;
    boxes.symbols = n;
    boxes.cells = cells;
    boxes.all = t->all;
    boxes.houses = 3 * n;
    boxes.boxes = true;
    boxes.house_cells = t->house_cells;
    boxes.house_kind = t->house_kind;
    boxes.house_index = t->house_index;
    *t = boxes;
  }
  std::array<int, 6> kind_count{};
  for (const GeometrySpec::House& house : spec.extra_houses) {
    const int h = t->houses;
    if (house.kind != HouseKind::diagonal && house.kind != HouseKind::window)
      return {std::nullopt, "house " + std::to_string(h + 1) + ": only diagonals and windows may be added"};
    if (static_cast<int>(house.cells.size()) != n)
      return {std::nullopt, "house " + std::to_string(h + 1) + " has " + std::to_string(house.cells.size()) +
                                " cells (expected " + std::to_string(n) + ")"};
    detail::Tables256::CellSet seen;
    for (int i = 0; i < n; ++i) {
      const int c = house.cells[i];
      const std::string where = "house " + std::to_string(h + 1) + ": cell ";
      if (c < 0 || c >= cells)
        return {std::nullopt, where + std::to_string(c) + " is outside the grid (0-" + std::to_string(cells - 1) + ")"};
      if (seen.has(c))
        return {std::nullopt,
                where + 'r' + std::to_string(c / n + 1) + 'c' + std::to_string(c % n + 1) + " is named twice"};
      seen.add(c);
    }
    int i = 0;
    seen.for_each([&](int c) { t->house_cells[h][i++] = static_cast<std::uint8_t>(c); });  // reading order
    t->house_kind[h] = house.kind;
    t->house_index[h] = static_cast<std::uint8_t>(kind_count[static_cast<int>(house.kind)]++);
    ++t->houses;
  }
  t->houses_only = spec.houses_only;
  if (const std::string problem = detail::derive(*t); !problem.empty()) return {std::nullopt, problem};
  return {Geometry(*t), ""};
}

}  // namespace puzzlepress::engine
