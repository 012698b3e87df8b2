// libFuzzer harness: the puzzle text parsers of every size (the sized parser with each shape and
// with the shape inferred, and the 9x9 parser) and the variants' text form (each kind as the
// --kind default). A grid that parses must print back to text that parses to the same grid, and
// the solver must settle it within a small budget without harm.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "engine/grid9.h"
#include "engine/shape.h"
#include "engine/grid.h"
#include "engine/solver.h"
#include "engine/variant.h"
#include "engine/variant_solver.h"

namespace {
void check_round_trip(const puzzlepress::engine::Grid& grid) {
  using namespace puzzlepress::engine;
  const ParseResult again = parse_grid(to_string(grid), grid.shape);
  if (!again.ok() || !(*again.grid == grid)) std::abort();
  SolveOptions options;
  options.node_budget = 64;
  (void)solve(grid, options);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace puzzlepress::engine;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ParseResult inferred = parse_grid(text);
  if (inferred.ok()) check_round_trip(*inferred.grid);
  else (void)inferred.error.message();
  for (const Shape shape : kAllShapes) {
    const ParseResult parsed = parse_grid(text, shape);
    if (parsed.ok()) check_round_trip(*parsed.grid);
    else (void)parsed.error.message();
  }
  for (const Kind kind : kAllKinds) {
    const VariantParse variant = parse_variant(text, kind, std::nullopt);
    if (!variant.layout) continue;
    const VariantParse again = parse_variant(variant_text(*variant.layout, *variant.grid), Kind::classic, std::nullopt);
    if (!again.layout || !(*again.layout == *variant.layout) || !(*again.grid == *variant.grid)) std::abort();
    SolveOptions options;
    options.node_budget = 64;
    (void)solve(*variant.layout, *variant.grid, options);
  }
  const ParseResult9 nine = parse_grid9(text);
  if (nine.ok()) {
    const ParseResult9 again = parse_grid9(to_string(*nine.grid));
    if (!again.ok() || !(*again.grid == *nine.grid)) std::abort();
  } else {
    (void)nine.error.message();
  }
  return 0;
}
