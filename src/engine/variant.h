// Variants: sudoku kinds made of houses, as data for the one engine (geometry.h).
//
//   x        the two main diagonals are houses too (6x6, 8x8, 9x9)
//   hyper    four extra 3x3 windows (rows and columns 2-4 and 6-8, 1-based) are houses (9x9)
//   jigsaw   irregular regions instead of boxes, made per puzzle from its seed (6x6 to 9x9)
//
// A variant's puzzle is its kind, its shape and (jigsaw) its regions; its geometry comes from
// variant_geometry, and every solver, the generator and the grader read nothing else. Text form
// (variant_text / parse_variant), one line: an optional kind prefix "x:", "hyper:" or
// "jigsaw:", the grid text (grid.h), and for a jigsaw "/" and its regions: N*N region numbers
// written as the grid's symbols (region 1 = '1', ..., region 10 = 'A').
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.h"
#include "engine/grid.h"
#include "engine/rng.h"

namespace puzzlepress::engine {

enum class Kind : std::uint8_t { classic, x, hyper, jigsaw };
inline constexpr std::array<Kind, 4> kAllKinds = {Kind::classic, Kind::x, Kind::hyper, Kind::jigsaw};

/// "classic", "x", "hyper", "jigsaw".
std::string_view kind_id(Kind kind);
/// Case-insensitive kind_id; "windoku" reads as hyper, "diagonal" as x.
std::optional<Kind> parse_kind(std::string_view name);
/// "classic, x, hyper, jigsaw".
std::string kind_choices();

/// True when `kind` is offered on `shape`: classic every shape; x and jigsaw 6x6, 8x8 and 9x9;
/// hyper 9x9 only (its windows are 3x3).
bool kind_takes(Kind kind, Shape shape);
/// e.g. "kind 'hyper' takes 9x9 only, not 6x6" or "kind 'jigsaw' takes 6x6, 8x8 or 9x9, not 4x4".
std::string kind_shape_message(Kind kind, Shape shape);

/// The four windows of hyper sudoku (9x9), in reading order.
std::vector<GeometrySpec::House> window_houses();

/// One puzzle's layout: its kind, shape and, for a jigsaw, each cell's region 0..N-1.
struct Layout {
  Kind kind = Kind::classic;
  Shape shape = kShape9x9;
  std::vector<int> regions;  ///< jigsaw only: N*N entries
  friend bool operator==(const Layout&, const Layout&) = default;
};

/// The geometry of a layout, or why there is none (a kind the shape does not take, regions
/// that are no partition into N connected regions of N cells: regions_problem's text).
GeometryBuild variant_geometry(const Layout& layout);

/// Why `regions` (N*N entries, one per cell) are not N connected regions of N cells each, or ""
/// when they are. e.g. "region 3 has 10 cells (expected 9)", "region 4 is not connected
/// (r2c7 cannot be reached from r1c1)".
std::string regions_problem(int n, std::span<const int> regions);

/// Jigsaw regions for `shape` drawn from `rng`: the shape's boxes, then random exchanges of two
/// cells between neighbouring regions that keep both connected (kRegionSwaps of them, each
/// drawn until one succeeds), and never the boxes themselves. Deterministic in the rng state.
std::vector<int> random_regions(Shape shape, Mulberry32& rng);
/// Exchanges random_regions makes; about 2 N^2 / 3 leaves no box whole in most layouts.
int region_swaps(Shape shape);

/// The layout's one-line text form with `givens` (see the top of the file); classic: the grid
/// text alone.
std::string variant_text(const Layout& layout, const Grid& givens);
/// The regions as N*N symbols (region r as symbol r+1).
std::string regions_text(int n, std::span<const int> regions);

/// A puzzle read from its text form.
struct VariantParse {
  std::optional<Layout> layout;  ///< set with grid on success
  std::optional<Grid> grid;
  std::string error;  ///< why not, one line
};
/// Reads the text form. A kind prefix in the text wins over `kind` (the --kind flag's value);
/// `shape` as parse_grid. Errors: "unknown kind 'q' (expected one of: classic, x, hyper,
/// jigsaw)", "a jigsaw needs its regions after '/'", "regions: <parse_grid's message>",
/// "regions: region 3 has 10 cells (expected 9)", "kind 'x' has no regions ('/' after the
/// grid)", kind_shape_message's text, and the grid's own parse messages.
VariantParse parse_variant(std::string_view text, Kind kind, std::optional<Shape> shape);

}  // namespace puzzlepress::engine
