// The houses of a figure beyond rows, columns and boxes: irregular regions (their borders and
// tints), extra shaded houses (diagonals, windows) and killer cages (dashed outlines and sums).
// See Figure in render/figure.h.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/layout_internal.h"

namespace puzzlepress::render::detail {

namespace {

std::string grid_name(const Figure& f) { return std::to_string(f.size) + "x" + std::to_string(f.size) + " grid"; }

[[noreturn]] void refuse(const Figure& f, const std::string& what) {
  throw std::invalid_argument("figure: " + grid_name(f) + ": " + what);
}

// True when every region's cells are 4-connected (ids already checked in range).
bool regions_connected(const Figure& f) {
  const int n = f.size;
  std::vector<bool> seen(f.regions.size(), false);
  std::vector<bool> region_done(static_cast<std::size_t>(n), false);
  std::vector<int> stack;
  for (int start = 0; start < n * n; ++start) {
    const int id = f.regions[static_cast<std::size_t>(start)];
    if (seen[static_cast<std::size_t>(start)]) continue;
    if (region_done[static_cast<std::size_t>(id)]) return false;  // a second piece of a region
    region_done[static_cast<std::size_t>(id)] = true;
    seen[static_cast<std::size_t>(start)] = true;
    stack.assign(1, start);
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      const int r = cell / n, c = cell % n;
      for (const auto& [dr, dc] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) {
        const int rr = r + dr, cc = c + dc;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        const auto next = static_cast<std::size_t>(rr * n + cc);
        if (seen[next] || f.regions[next] != id) continue;
        seen[next] = true;
        stack.push_back(static_cast<int>(next));
      }
    }
  }
  return true;
}

// The cells of `mask` (size x size, row-major) as rectangles of whole cells: runs along each
// row, a run continued downwards while the rows below have the very same run.
struct CellRect {
  int row, col, rows, cols;
};
std::vector<CellRect> cell_rects(const std::vector<bool>& mask, int n) {
  std::vector<CellRect> done;
  std::vector<CellRect> open;  // rects whose last row is the previous row
  for (int r = 0; r < n; ++r) {
    std::vector<CellRect> next_open;
    for (int c = 0; c < n;) {
      if (!mask[static_cast<std::size_t>(r * n + c)]) {
        ++c;
        continue;
      }
      int end = c;
      while (end < n && mask[static_cast<std::size_t>(r * n + end)]) ++end;
      const auto above =
          std::find_if(open.begin(), open.end(), [&](const CellRect& o) { return o.col == c && o.cols == end - c; });
      if (above != open.end()) {
        CellRect grown = *above;
        ++grown.rows;
        next_open.push_back(grown);
        open.erase(above);
      } else {
        next_open.push_back(CellRect{r, c, 1, end - c});
      }
      c = end;
    }
    done.insert(done.end(), open.begin(), open.end());
    open = std::move(next_open);
  }
  done.insert(done.end(), open.begin(), open.end());
  std::sort(done.begin(), done.end(),
            [](const CellRect& a, const CellRect& b) { return a.row != b.row ? a.row < b.row : a.col < b.col; });
  return done;
}

void add_cell_rects(std::vector<Item>& items, const Box& grid, const GridLines& lines, int n,
                    const std::vector<bool>& mask, const Colour& fill) {
  const double cell = cell_side(grid, lines, n);
  for (const CellRect& r : cell_rects(mask, n)) {
    const Point c = cell_centre(grid, lines, n, r.row, r.col);
    const double left = c.x - cell / 2, top = c.y + cell / 2;
    items.push_back(Rect{Box{left, top - r.rows * cell, left + r.cols * cell, top}, 0, Colour::gray(0), fill});
  }
}

// Regions sharing a side, as an adjacency matrix over ids.
std::vector<std::vector<bool>> region_neighbours(const Figure& f) {
  const int n = f.size;
  std::vector<std::vector<bool>> adj(static_cast<std::size_t>(n), std::vector<bool>(static_cast<std::size_t>(n)));
  const auto link = [&](int a, int b) {
    const int ra = f.regions[static_cast<std::size_t>(a)], rb = f.regions[static_cast<std::size_t>(b)];
    if (ra == rb) return;
    adj[static_cast<std::size_t>(ra)][static_cast<std::size_t>(rb)] = true;
    adj[static_cast<std::size_t>(rb)][static_cast<std::size_t>(ra)] = true;
  };
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) link(r * n + c, r * n + c + 1);
      if (r + 1 < n) link(r * n + c, (r + 1) * n + c);
    }
  }
  return adj;
}

// Colours `order[at..]` with fewer than `colours` colours so that neighbours differ.
bool colour_from(const std::vector<std::vector<bool>>& adj, const std::vector<int>& order, std::size_t at, int colours,
                 std::vector<int>& tint) {
  if (at == order.size()) return true;
  const auto id = static_cast<std::size_t>(order[at]);
  for (int k = 0; k < colours; ++k) {
    bool clash = false;
    for (std::size_t other = 0; other < adj.size() && !clash; ++other) {
      clash = adj[id][other] && tint[other] == k;
    }
    if (clash) continue;
    tint[id] = k;
    if (colour_from(adj, order, at + 1, colours, tint)) return true;
  }
  tint[id] = -1;
  return false;
}

}  // namespace

void check_houses(const Figure& f) {
  const auto cells = static_cast<std::size_t>(f.size) * static_cast<std::size_t>(f.size);
  if (!f.regions.empty()) {
    if (f.regions.size() != cells) {
      refuse(f, std::to_string(f.regions.size()) + " region ids for " + std::to_string(cells) + " cells");
    }
    for (std::size_t i = 0; i < cells; ++i) {
      if (f.regions[i] < 0 || f.regions[i] >= f.size) {
        refuse(f, "region id " + std::to_string(f.regions[i]) + " at cell " + std::to_string(i) + " (ids are 0.." +
                      std::to_string(f.size - 1) + ")");
      }
    }
    if (!regions_connected(f)) refuse(f, "a region in more than one piece");
    if (f.shaded_box) refuse(f, "a shaded box with irregular regions");
  }
  if (f.region_tint && f.regions.empty()) refuse(f, "region tint without regions");
  if (f.region_tint && !f.extra_houses.empty()) refuse(f, "region tint together with shaded extra houses");
  std::vector<bool> caged(cells, false);
  for (std::size_t k = 0; k < f.cages.size(); ++k) {
    if (f.cages[k].cells.empty()) refuse(f, "cage " + std::to_string(k) + " has no cell");
    for (const int cell : f.cages[k].cells) {
      if (cell < 0 || static_cast<std::size_t>(cell) >= cells || caged[static_cast<std::size_t>(cell)]) {
        refuse(f,
               "cage " + std::to_string(k) + " has cell " + std::to_string(cell) + " out of range or in another cage");
      }
      caged[static_cast<std::size_t>(cell)] = true;
    }
  }
  for (std::size_t h = 0; h < f.extra_houses.size(); ++h) {
    std::vector<bool> seen(cells, false);
    for (const int cell : f.extra_houses[h]) {
      if (cell < 0 || static_cast<std::size_t>(cell) >= cells || seen[static_cast<std::size_t>(cell)]) {
        refuse(f, "extra house " + std::to_string(h) + " has cell " + std::to_string(cell) + " out of range or twice");
      }
      seen[static_cast<std::size_t>(cell)] = true;
    }
  }
}

std::vector<int> region_tints(const Figure& f) {
  std::vector<int> tint(static_cast<std::size_t>(f.size), -1);
  if (f.regions.empty()) return tint;
  const auto adj = region_neighbours(f);
  std::vector<bool> used(static_cast<std::size_t>(f.size), false);
  for (const int id : f.regions) used[static_cast<std::size_t>(id)] = true;
  // Most neighbours first (the hardest to colour), then by id: deterministic and quick.
  std::vector<int> order;
  for (int id = 0; id < f.size; ++id) {
    if (used[static_cast<std::size_t>(id)]) order.push_back(id);
  }
  const auto degree = [&](int id) {
    return std::count(adj[static_cast<std::size_t>(id)].begin(), adj[static_cast<std::size_t>(id)].end(), true);
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return degree(a) > degree(b); });
  // Connected regions on a square grid form a planar map: four tints always suffice.
  for (int colours = 1; colours <= static_cast<int>(kRegionTints.size()); ++colours) {
    if (colour_from(adj, order, 0, colours, tint)) return tint;
  }
  throw std::logic_error("figure: regions need more than four tints");  // unreachable for a planar map
}

void add_house_shading(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& f,
                       const FigureColours& colours) {
  const int n = f.size;
  const auto cells = static_cast<std::size_t>(n * n);
  if (f.region_tint) {
    const std::vector<int> tint = region_tints(f);
    for (std::size_t k = 0; k < kRegionTints.size(); ++k) {
      if (kRegionTints[k] >= 1) continue;  // bare paper lays no ink
      std::vector<bool> mask(cells, false);
      bool any = false;
      for (std::size_t i = 0; i < cells; ++i) {
        mask[i] = tint[static_cast<std::size_t>(f.regions[i])] == static_cast<int>(k);
        any = any || mask[i];
      }
      if (any) add_cell_rects(items, grid, lines, n, mask, Colour::gray(kRegionTints[k]));
    }
  }
  if (!f.extra_houses.empty()) {
    std::vector<bool> mask(cells, false);
    for (const auto& house : f.extra_houses) {
      for (const int cell : house) mask[static_cast<std::size_t>(cell)] = true;
    }
    add_cell_rects(items, grid, lines, n, mask, colours.house_shade);
  }
}

void add_region_lines(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& f,
                      const Colour& colour) {
  const int n = f.size;
  const double cell = cell_side(grid, lines, n);
  const Point top_left = cell_centre(grid, lines, n, 0, 0);
  const double left = top_left.x - cell / 2, top = top_left.y + cell / 2;
  const double inset = lines.border_pt / 2;  // lines stop at the border's inner edge
  const auto region = [&](int r, int c) { return f.regions[static_cast<std::size_t>(r * n + c)]; };
  // A run of rule `rule` from cell edge `from` to `to` (exclusive); heavy runs reach half their
  // width past an inner end, into the heavy line they meet there (a region border never just
  // stops), so that corners close.
  const auto run = [&](bool vertical, int rule, int from, int to, bool heavy) {
    const double width = heavy ? lines.box_pt : lines.cell_pt;
    const double reach = heavy ? lines.box_pt / 2 : 0;
    const double start = from == 0 ? inset : from * cell - reach;
    const double end = to == n ? n * cell - inset : to * cell + reach;
    if (vertical) {
      const double x = left + rule * cell;
      add_line(items, Line{{x, top - end}, {x, top - start}, width, colour});
    } else {
      const double y = top - rule * cell;
      add_line(items, Line{{left + start, y}, {left + end, y}, width, colour});
    }
  };
  // Thin runs first, heavy ones over them. Vertical rule i separates columns i-1 and i;
  // horizontal rule i rows i-1 and i.
  for (const bool heavy : {false, true}) {
    for (int i = 1; i < n; ++i) {
      for (const bool vertical : {true, false}) {
        const auto differs = [&](int k) {
          return vertical ? region(k, i - 1) != region(k, i) : region(i - 1, k) != region(i, k);
        };
        for (int k = 0; k < n;) {
          int end = k;
          while (end < n && differs(end) == differs(k)) ++end;
          if (differs(k) == heavy) run(vertical, i, k, end, heavy);
          k = end;
        }
      }
    }
  }
}

namespace {

// One straight piece of a cage outline: along `at` (y of a horizontal piece, x of a vertical
// one) from `from` to `to` (from < to).
struct Piece {
  double at;
  double from;
  double to;
};

// Pieces on one line that meet or overlap joined, so that a dash pattern runs on unbroken.
std::vector<Piece> joined(std::vector<Piece> pieces) {
  constexpr double kTouch = 1e-6;
  std::sort(pieces.begin(), pieces.end(),
            [](const Piece& a, const Piece& b) { return a.at != b.at ? a.at < b.at : a.from < b.from; });
  std::vector<Piece> out;
  for (const Piece& p : pieces) {
    if (!out.empty() && std::abs(out.back().at - p.at) < kTouch && p.from <= out.back().to + kTouch) {
      out.back().to = std::max(out.back().to, p.to);
    } else {
      out.push_back(p);
    }
  }
  return out;
}

}  // namespace

void add_cages(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& f,
               const FigureColours& colours, const TextMeasure& measure) {
  if (f.cages.empty()) return;
  const int n = f.size;
  const double cell = cell_side(grid, lines, n);
  const Point first_centre = cell_centre(grid, lines, n, 0, 0);
  const double left = first_centre.x - cell / 2, top = first_centre.y + cell / 2;
  const double d = kCageInsetShare * cell;
  std::vector<int> cage_of(static_cast<std::size_t>(n * n), -1);
  for (std::size_t k = 0; k < f.cages.size(); ++k)
    for (const int c : f.cages[k].cells) cage_of[static_cast<std::size_t>(c)] = static_cast<int>(k);
  const auto in = [&](int k, int r, int c) {
    return r >= 0 && r < n && c >= 0 && c < n && cage_of[static_cast<std::size_t>(r * n + c)] == k;
  };
  // Each side of a cage cell on the cage's edge gives a piece d inside it. At each end the piece
  // stops d short of the corner when the next cell along is outside the cage (a convex corner),
  // runs to the cell's edge when the next cell along is in the cage and the cell diagonally
  // beyond is not (the edge goes straight on), and reaches d past the edge when both are in (a
  // concave corner, where it meets the piece coming round).
  const auto end_shift = [&](bool along_in, bool diagonal_in) { return !along_in ? -d : diagonal_in ? d : 0.0; };
  std::vector<Piece> across;  // horizontal: at = y, from/to = x
  std::vector<Piece> down;    // vertical: at = x, from/to = y (bottom to top)
  for (int k = 0; k < static_cast<int>(f.cages.size()); ++k) {
    for (const int c0 : f.cages[static_cast<std::size_t>(k)].cells) {
      const int r = c0 / n, c = c0 % n;
      const double x0 = left + c * cell, x1 = x0 + cell, y1 = top - r * cell, y0 = y1 - cell;
      for (const int dr : {-1, 1}) {  // top (-1) and bottom (+1) sides
        if (in(k, r + dr, c)) continue;
        const double y = dr < 0 ? y1 - d : y0 + d;
        across.push_back({y, x0 - end_shift(in(k, r, c - 1), in(k, r + dr, c - 1)),
                          x1 + end_shift(in(k, r, c + 1), in(k, r + dr, c + 1))});
      }
      for (const int dc : {-1, 1}) {  // left (-1) and right (+1) sides
        if (in(k, r, c + dc)) continue;
        const double x = dc < 0 ? x0 + d : x1 - d;
        down.push_back({x, y0 - end_shift(in(k, r + 1, c), in(k, r + 1, c + dc)),
                        y1 + end_shift(in(k, r - 1, c), in(k, r - 1, c + dc))});
      }
    }
  }
  const double width = lines.cell_pt;
  for (const Piece& p : joined(std::move(across))) {
    Line line{{p.from, p.at}, {p.to, p.at}, width, colours.line};
    line.dash_pt = kCageDashPt;
    line.gap_pt = kCageGapPt;
    add_line(items, line);
  }
  for (const Piece& p : joined(std::move(down))) {
    Line line{{p.at, p.to}, {p.at, p.from}, width, colours.line};  // top down, as the eye reads
    line.dash_pt = kCageDashPt;
    line.gap_pt = kCageGapPt;
    add_line(items, line);
  }
  // Each sum in its first cell's top-left corner over a paper patch that hides the dashes under
  // it (and stops clear of the cell lines).
  const double size_pt = kCageSumShare * cell;
  const double cap = measure.cap_height_em(FontRole::text) * size_pt;
  const double pad = std::max(0.4, 0.1 * size_pt);
  for (const FigureCage& cage : f.cages) {
    if (cage.sum.empty()) continue;
    const int first = *std::min_element(cage.cells.begin(), cage.cells.end());
    const double x0 = left + (first % n) * cell, y1 = top - (first / n) * cell;
    const double text_left = x0 + d * 0.75;
    const double text_top = y1 - d * 0.75;
    const double text_width = measure.width_pt(FontRole::text, cage.sum, size_pt);
    const double clear = lines.box_pt / 2 + 0.2;  // the patch never reaches a line's ink
    const Box patch{std::max(x0 + clear, text_left - pad), text_top - cap - pad, text_left + text_width + pad,
                    std::min(y1 - clear, text_top + pad)};
    items.push_back(Rect{patch, 0, colours.line, Colour::gray(1)});
    items.push_back(
        make_text(cage.sum, FontRole::text, size_pt, text_left, text_top - cap, Align::left, measure, colours.given));
  }
}

}  // namespace puzzlepress::render::detail
