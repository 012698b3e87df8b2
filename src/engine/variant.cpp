// Variants as data: kinds, their geometries, jigsaw regions and the text form (variant.h).
#include "engine/variant.h"

#include <algorithm>
#include <cctype>

namespace puzzlepress::engine {
namespace {

std::string cell_label(int n, int cell) {
  return 'r' + std::to_string(cell / n + 1) + 'c' + std::to_string(cell % n + 1);
}

// The cells of region `r` reachable from its first cell by steps to the four neighbours.
int reachable(int n, std::span<const int> regions, int r, int& first, int& unreached) {
  std::array<bool, kMaxCells> seen{};
  std::array<int, kMaxCells> stack{};
  first = -1;
  unreached = -1;
  for (int c = 0; c < n * n && first < 0; ++c)
    if (regions[static_cast<std::size_t>(c)] == r) first = c;
  if (first < 0) return 0;
  int top = 0, count = 0;
  stack[top++] = first;
  seen[static_cast<std::size_t>(first)] = true;
  while (top) {
    const int c = stack[--top];
    ++count;
    const int row = c / n, col = c % n;
    const int next[4] = {row > 0 ? c - n : -1, row + 1 < n ? c + n : -1, col > 0 ? c - 1 : -1,
                         col + 1 < n ? c + 1 : -1};
    for (int x : next)
      if (x >= 0 && !seen[static_cast<std::size_t>(x)] && regions[static_cast<std::size_t>(x)] == r) {
        seen[static_cast<std::size_t>(x)] = true;
        stack[top++] = x;
      }
  }
  for (int c = 0; c < n * n && unreached < 0; ++c)
    if (regions[static_cast<std::size_t>(c)] == r && !seen[static_cast<std::size_t>(c)]) unreached = c;
  return count;
}

bool connected(int n, std::span<const int> regions, int r) {
  int first = 0, unreached = 0;
  reachable(n, regions, r, first, unreached);
  return unreached < 0;
}

std::vector<int> box_regions(Shape shape) {
  const int n = shape.size();
  std::vector<int> regions(static_cast<std::size_t>(n * n));
  for (int c = 0; c < n * n; ++c)
    regions[static_cast<std::size_t>(c)] = (c / n) / shape.box_rows * shape.box_rows + (c % n) / shape.box_cols;
  return regions;
}

// The neighbours (four directions) of `cell` in region `r`, as many as found, into `out`.
int neighbours_in(int n, const std::vector<int>& regions, int cell, int r, std::array<int, 4>& out) {
  const int row = cell / n, col = cell % n;
  const int next[4] = {row > 0 ? cell - n : -1, row + 1 < n ? cell + n : -1, col > 0 ? cell - 1 : -1,
                       col + 1 < n ? cell + 1 : -1};
  int k = 0;
  for (int x : next)
    if (x >= 0 && regions[static_cast<std::size_t>(x)] == r) out[static_cast<std::size_t>(k++)] = x;
  return k;
}

// One exchange: a random cell `a` of region A next to region B moves to B, and a random cell of
// B next to A (after the move) moves to A; kept when both regions stay connected.
bool try_swap(int n, std::vector<int>& regions, Mulberry32& rng) {
  const int cells = n * n;
  const int a = static_cast<int>(rng.below(static_cast<std::uint32_t>(cells)));
  const int region_a = regions[static_cast<std::size_t>(a)];
  std::array<int, 4> near{};
  // A neighbour of `a` in another region names B.
  const int row = a / n, col = a % n;
  const int next[4] = {row > 0 ? a - n : -1, row + 1 < n ? a + n : -1, col > 0 ? a - 1 : -1, col + 1 < n ? a + 1 : -1};
  int k = 0;
  for (int x : next)
    if (x >= 0 && regions[static_cast<std::size_t>(x)] != region_a) near[static_cast<std::size_t>(k++)] = x;
  if (!k) return false;
  const int region_b = regions[static_cast<std::size_t>(near[rng.below(static_cast<std::uint32_t>(k))])];
  regions[static_cast<std::size_t>(a)] = region_b;
  std::vector<int> candidates;  // cells of B (a aside) next to A
  for (int c = 0; c < cells; ++c) {
    if (c == a || regions[static_cast<std::size_t>(c)] != region_b) continue;
    std::array<int, 4> out{};
    if (neighbours_in(n, regions, c, region_a, out)) candidates.push_back(c);
  }
  if (!candidates.empty()) {
    const int d = candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
    regions[static_cast<std::size_t>(d)] = region_a;
    if (connected(n, regions, region_a) && connected(n, regions, region_b)) return true;
    regions[static_cast<std::size_t>(d)] = region_b;
  }
  regions[static_cast<std::size_t>(a)] = region_a;
  return false;
}

std::string trim(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  return std::string(text.substr(b, e - b));
}

}  // namespace

std::string_view kind_id(Kind kind) {
  switch (kind) {
    case Kind::classic: return "classic";
    case Kind::x: return "x";
    case Kind::hyper: return "hyper";
    case Kind::jigsaw: return "jigsaw";
  }
  return "classic";
}

std::optional<Kind> parse_kind(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (Kind k : kAllKinds)
    if (lower == kind_id(k)) return k;
  if (lower == "windoku") return Kind::hyper;
  if (lower == "diagonal") return Kind::x;
  return std::nullopt;
}

std::string kind_choices() {
  std::string s;
  for (Kind k : kAllKinds) s += (s.empty() ? "" : ", ") + std::string(kind_id(k));
  return s;
}

bool kind_takes(Kind kind, Shape shape) {
  if (!is_supported(shape)) return false;
  switch (kind) {
    case Kind::classic: return true;
    case Kind::hyper: return shape == kShape9x9;
    case Kind::x:
    case Kind::jigsaw: return shape == kShape6x6 || shape == kShape8x8 || shape == kShape9x9;
  }
  return false;
}

std::string kind_shape_message(Kind kind, Shape shape) {
  const std::string sizes = kind == Kind::hyper ? "9x9 only" : "6x6, 8x8 or 9x9";
  return "kind '" + std::string(kind_id(kind)) + "' takes " + sizes + ", not " + shape_id(shape);
}

std::vector<GeometrySpec::House> window_houses() {
  std::vector<GeometrySpec::House> windows;
  for (int top : {1, 5})
    for (int left : {1, 5}) {
      GeometrySpec::House w{HouseKind::window, {}};
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) w.cells.push_back((top + r) * 9 + left + c);
      windows.push_back(w);
    }
  return windows;
}

std::string regions_problem(int n, std::span<const int> regions) {
  if (static_cast<int>(regions.size()) != n * n)
    return "regions name " + std::to_string(regions.size()) + " cells (expected " + std::to_string(n * n) + ")";
  std::array<int, 16> size{};
  for (int c = 0; c < n * n; ++c) {
    const int r = regions[static_cast<std::size_t>(c)];
    if (r < 0 || r >= n)
      return cell_label(n, c) + " is in region " + std::to_string(r + 1) + " (expected 1-" + std::to_string(n) + ")";
    ++size[static_cast<std::size_t>(r)];
  }
  for (int r = 0; r < n; ++r)
    if (size[static_cast<std::size_t>(r)] != n)
      return "region " + std::to_string(r + 1) + " has " + std::to_string(size[static_cast<std::size_t>(r)]) +
             " cells (expected " + std::to_string(n) + ")";
  for (int r = 0; r < n; ++r) {
    int first = 0, unreached = 0;
    reachable(n, regions, r, first, unreached);
    if (unreached >= 0)
      return "region " + std::to_string(r + 1) + " is not connected (" + cell_label(n, unreached) +
             " cannot be reached from " + cell_label(n, first) + ")";
  }
  return "";
}

int region_swaps(Shape shape) { return 2 * shape.cells() / 3; }

std::vector<int> random_regions(Shape shape, Mulberry32& rng) {
  const int n = shape.size();
  const std::vector<int> boxes = box_regions(shape);
  std::vector<int> regions = boxes;
  for (int done = 0; done < region_swaps(shape) || regions == boxes;)
    if (try_swap(n, regions, rng)) ++done;
  return regions;
}

GeometryBuild variant_geometry(const Layout& layout) {
  if (!kind_takes(layout.kind, layout.shape)) return {std::nullopt, kind_shape_message(layout.kind, layout.shape)};
  GeometrySpec spec;
  spec.shape = layout.shape;
  switch (layout.kind) {
    case Kind::classic: return {classic_geometry(layout.shape), ""};
    case Kind::x: spec.extra_houses = diagonal_houses(layout.shape.size()); break;
    case Kind::hyper: spec.extra_houses = window_houses(); break;
    case Kind::jigsaw:
      if (std::string problem = regions_problem(layout.shape.size(), layout.regions); !problem.empty())
        return {std::nullopt, problem};
      spec.regions = layout.regions;
      break;
  }
  return build_geometry(spec);
}

std::string regions_text(int n, std::span<const int> regions) {
  std::string s;
  for (int c = 0; c < n * n; ++c) s += symbol_char(regions[static_cast<std::size_t>(c)] + 1);
  return s;
}

std::string variant_text(const Layout& layout, const Grid& givens) {
  if (layout.kind == Kind::classic) return to_string(givens);
  std::string s = std::string(kind_id(layout.kind)) + ':' + to_string(givens);
  if (layout.kind == Kind::jigsaw) s += '/' + regions_text(layout.shape.size(), layout.regions);
  return s;
}

VariantParse parse_variant(std::string_view text, Kind kind, std::optional<Shape> shape) {
  VariantParse out;
  std::string_view body = text;
  if (const std::size_t colon = text.find(':'); colon != std::string_view::npos) {
    const std::string name = trim(text.substr(0, colon));
    const std::optional<Kind> named = parse_kind(name);
    if (!named) {
      out.error = "unknown kind '" + name + "' (expected one of: " + kind_choices() + ")";
      return out;
    }
    kind = *named;
    body = text.substr(colon + 1);
  }
  const std::size_t slash = body.find('/');
  const std::string_view grid_text = body.substr(0, slash);
  if (kind != Kind::jigsaw && slash != std::string_view::npos) {
    out.error = "kind '" + std::string(kind_id(kind)) + "' has no regions ('/' after the grid)";
    return out;
  }
  if (kind == Kind::jigsaw && slash == std::string_view::npos) {
    out.error = "a jigsaw needs its regions after '/'";
    return out;
  }
  const ParseResult grid = parse_grid(grid_text, shape);
  if (!grid.ok()) {
    out.error = grid.error.message();
    return out;
  }
  Layout layout{kind, grid.grid->shape, {}};
  if (!kind_takes(kind, layout.shape)) {
    out.error = kind_shape_message(kind, layout.shape);
    return out;
  }
  if (kind == Kind::jigsaw) {
    const ParseResult regions = parse_grid(body.substr(slash + 1), layout.shape);
    if (!regions.ok()) {
      out.error = "regions: " + regions.error.message();
      return out;
    }
    const int n = layout.shape.size();
    for (int c = 0; c < n * n; ++c) {
      const int r = regions.grid->cells[static_cast<std::size_t>(c)];
      if (!r) {
        out.error = "regions: " + cell_label(n, c) + " has no region";
        return out;
      }
      layout.regions.push_back(r - 1);
    }
    if (std::string problem = regions_problem(n, layout.regions); !problem.empty()) {
      out.error = "regions: " + problem;
      return out;
    }
  }
  out.layout = std::move(layout);
  out.grid = *grid.grid;
  return out;
}

}  // namespace puzzlepress::engine
