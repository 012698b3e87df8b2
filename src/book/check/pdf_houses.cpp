#include "book/check/pdf_houses.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numeric>

#include "render/figure.h"

namespace puzzlepress::book {
namespace {

/// How far (points) the border rectangle's stroke box may lie from the manifest's rect (which
/// keeps 2 decimals) and still be taken for the grid's border.
constexpr double kBorderSlackPt = 0.25;
/// A stroke is a straight rule when its box is no wider (or taller) than its width plus this.
constexpr double kRuleSlackPt = 0.05;
/// Two line weights closer than this are one weight (presets keep box lines heavier).
constexpr double kSameWeightPt = 1e-3;
/// A fill is house shading when its ink is kHouseShadeGray's within this (region tints, the
/// nearest other greys printed in a grid, are 0.03 away).
constexpr double kShadeInkSlack = 0.005;

const double kShadeInk = 1 - render::kHouseShadeGray;

std::string cell_name(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

std::vector<bool> cells_of(int n, const std::vector<engine::GeometrySpec::House>& houses) {
  std::vector<bool> mask(static_cast<std::size_t>(n * n), false);
  for (const engine::GeometrySpec::House& house : houses) {
    for (const int cell : house.cells) mask[static_cast<std::size_t>(cell)] = true;
  }
  return mask;
}

/// The region of each cell: the layout's for a jigsaw, else the shape's boxes.
std::vector<int> regions_of(const engine::Layout& layout) {
  if (layout.kind == engine::Kind::jigsaw) return layout.regions;
  const engine::Shape s = layout.shape;
  const int n = s.size();
  std::vector<int> out(static_cast<std::size_t>(n * n));
  for (int cell = 0; cell < n * n; ++cell) {
    const int row = cell / n, col = cell % n;
    out[static_cast<std::size_t>(cell)] = (row / s.box_rows) * (n / s.box_cols) + col / s.box_cols;
  }
  return out;
}

CellFrame cell_frame(const PdfPageScan& page, const RectPt& rect, int n) {
  double border = 0;
  for (const PdfMark& mark : page.marks) {
    if (mark.kind != PdfMark::Kind::stroke || !std::isfinite(mark.line_width_pt) || mark.line_width_pt < 0) continue;
    if (std::abs(mark.box.left - rect.x) <= kBorderSlackPt && std::abs(mark.box.bottom - rect.y) <= kBorderSlackPt &&
        std::abs(mark.box.right - (rect.x + rect.width)) <= kBorderSlackPt &&
        std::abs(mark.box.top - (rect.y + rect.height)) <= kBorderSlackPt) {
      border = mark.line_width_pt;
      break;
    }
  }
  const double half = std::clamp(border / 2, 0.0, std::min(rect.width, rect.height) / 4);
  return CellFrame{rect.x + half, rect.y + rect.height - half, (rect.width - 2 * half) / n,
                   (rect.height - 2 * half) / n};
}

}  // namespace

CellFrame printed_cell_frame(const PdfPageScan& page, const RectPt& rect, int n) { return cell_frame(page, rect, n); }

PrintedHouses houses_of(const engine::Layout& layout) {
  const int n = layout.shape.size();
  const auto cells = static_cast<std::size_t>(n * n);
  PrintedHouses out{n, std::vector<bool>(cells, false), std::vector<bool>(cells, false),
                    std::vector<bool>(cells, false)};
  const std::vector<int> region = regions_of(layout);
  if (region.size() != cells) return out;
  for (int cell = 0; cell < n * n; ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    if (cell % n + 1 < n) out.heavy_right[i] = region[i] != region[i + 1];
    if (cell / n + 1 < n) out.heavy_below[i] = region[i] != region[i + static_cast<std::size_t>(n)];
  }
  if (layout.kind == engine::Kind::x) out.shaded = cells_of(n, engine::diagonal_houses(n));
  if (layout.kind == engine::Kind::hyper && n == 9) out.shaded = cells_of(n, engine::window_houses());
  return out;
}

PrintedHouses read_printed_houses(const PdfPageScan& page, const RectPt& rect, engine::Shape shape) {
  const int n = shape.size();
  const auto cells = static_cast<std::size_t>(n * n);
  PrintedHouses out{n, std::vector<bool>(cells, false), std::vector<bool>(cells, false),
                    std::vector<bool>(cells, false)};
  const double rect_right = rect.x + rect.width, rect_top = rect.y + rect.height;
  const auto finite = [](std::initializer_list<double> values) {
    return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
  };
  if (n < 1 || !(rect.width > 0) || !(rect.height > 0) || !finite({rect.x, rect.y, rect_right, rect_top})) return out;
  const CellFrame f = cell_frame(page, rect, n);
  // The first and last index k in 0..n-1 with lo <= k <= hi (empty when first > last), the
  // bounds clamped before they become integers (a hostile box may be anywhere).
  const auto span = [n](double lo, double hi) {
    return std::pair{static_cast<int>(std::ceil(std::clamp(lo, -1.0, static_cast<double>(n)))),
                     static_cast<int>(std::floor(std::clamp(hi, -1.0, static_cast<double>(n))))};
  };
  // The weight of the line over each inner border's middle (-1: none): right, then below.
  std::vector<double> right(cells, -1), below(cells, -1);
  // Fills of the shade added up as cell ranges in a difference table ((n + 1) x (n + 1)), so
  // that a fill costs the same whatever it covers.
  const auto side = static_cast<std::size_t>(n + 1);
  std::vector<int> fills(side * side, 0);
  for (const PdfMark& mark : page.marks) {
    const render::Box& b = mark.box;
    if (!finite({b.left, b.bottom, b.right, b.top, mark.line_width_pt})) continue;
    if (!(b.right > rect.x && b.left < rect_right && b.top > rect.y && b.bottom < rect_top)) continue;  // elsewhere
    if (mark.kind == PdfMark::Kind::stroke) {
      const double w = mark.line_width_pt;
      const bool vertical = b.width() <= w + kRuleSlackPt && b.height() > b.width();
      const bool horizontal = b.height() <= w + kRuleSlackPt && b.width() > b.height();
      if (!vertical && !horizontal) continue;
      // The rule the line lies on (vertical rule i between columns i - 1 and i, horizontal rule i
      // between rows i - 1 and i), and the borders whose middles it covers.
      const double at = vertical ? (b.left + b.right) / 2 : (b.bottom + b.top) / 2;
      const double step = vertical ? f.cell_w : f.cell_h;
      const double along = vertical ? (at - f.left) / step : (f.top - at) / step;
      const int rule = static_cast<int>(std::lround(std::clamp(along, 0.0, static_cast<double>(n))));
      if (rule < 1 || rule >= n || std::abs(along - rule) > 0.25) continue;
      const auto [first, last] = vertical
                                     ? span((f.top - b.top) / f.cell_h - 0.5, (f.top - b.bottom) / f.cell_h - 0.5)
                                     : span((b.left - f.left) / f.cell_w - 0.5, (b.right - f.left) / f.cell_w - 0.5);
      for (int k = std::max(first, 0); k <= std::min(last, n - 1); ++k) {
        double& weight = vertical ? right[static_cast<std::size_t>(k * n + rule - 1)]
                                  : below[static_cast<std::size_t>((rule - 1) * n + k)];
        weight = std::max(weight, w);
      }
    } else if (mark.kind == PdfMark::Kind::fill && std::abs(mark.ink - kShadeInk) <= kShadeInkSlack &&
               (mark.verbs.empty() || mark.verbs == "r")) {
      // The cells whose middle half the fill covers.
      const auto [col0, col1] = span((b.left - f.left) / f.cell_w - 0.25, (b.right - f.left) / f.cell_w - 0.75);
      const auto [row0, row1] = span((f.top - b.top) / f.cell_h - 0.25, (f.top - b.bottom) / f.cell_h - 0.75);
      const int c0 = std::max(col0, 0), c1 = std::min(col1, n - 1), r0 = std::max(row0, 0), r1 = std::min(row1, n - 1);
      if (c0 > c1 || r0 > r1) continue;
      const auto index = [side](int r, int c) {
        return static_cast<std::size_t>(r) * side + static_cast<std::size_t>(c);
      };
      ++fills[index(r0, c0)];
      --fills[index(r0, c1 + 1)];
      --fills[index(r1 + 1, c0)];
      ++fills[index(r1 + 1, c1 + 1)];
    }
  }
  // Each cell's count of fills covering it: the table's running sums.
  for (int r = 0; r <= n; ++r) {
    for (int c = 0; c <= n; ++c) {
      const std::size_t i = static_cast<std::size_t>(r) * side + static_cast<std::size_t>(c);
      if (r > 0) fills[i] += fills[i - side];
      if (c > 0) fills[i] += fills[i - 1];
      if (r > 0 && c > 0) fills[i] -= fills[i - side - 1];
      if (r < n && c < n) out.shaded[static_cast<std::size_t>(r * n + c)] = fills[i] > 0;
    }
  }
  // The grid's two weights: the thinnest and the heaviest line over an inner border.
  double thinnest = -1, heaviest = -1;
  for (const std::vector<double>* weights : {&right, &below}) {
    for (const double w : *weights) {
      if (w < 0) continue;
      thinnest = thinnest < 0 ? w : std::min(thinnest, w);
      heaviest = std::max(heaviest, w);
    }
  }
  if (heaviest - thinnest <= kSameWeightPt) return out;  // one weight (or no lines): nothing heavy
  const double middle = (thinnest + heaviest) / 2;
  for (std::size_t i = 0; i < cells; ++i) {
    out.heavy_right[i] = right[i] > middle;
    out.heavy_below[i] = below[i] > middle;
  }
  return out;
}

std::optional<engine::Layout> printed_layout(const PrintedHouses& houses, engine::Shape shape) {
  const int n = shape.size();
  const auto cells = static_cast<std::size_t>(n * n);
  if (houses.size != n || houses.heavy_right.size() != cells || houses.heavy_below.size() != cells ||
      houses.shaded.size() != cells) {
    return std::nullopt;
  }
  const PrintedHouses boxes = houses_of(engine::Layout{engine::Kind::classic, shape, {}});
  engine::Layout layout{engine::Kind::classic, shape, {}};
  if (houses.heavy_right != boxes.heavy_right || houses.heavy_below != boxes.heavy_below) {
    // The pieces the heavy borders leave, numbered in reading order of their first cells.
    std::vector<int> piece(cells, -1);
    int pieces = 0;
    std::vector<int> stack;
    for (int start = 0; start < n * n; ++start) {
      if (piece[static_cast<std::size_t>(start)] >= 0) continue;
      piece[static_cast<std::size_t>(start)] = pieces;
      stack.assign(1, start);
      while (!stack.empty()) {
        const int cell = stack.back();
        stack.pop_back();
        const auto i = static_cast<std::size_t>(cell);
        const int row = cell / n, col = cell % n;
        const auto visit = [&](int next) {
          if (piece[static_cast<std::size_t>(next)] >= 0) return;
          piece[static_cast<std::size_t>(next)] = pieces;
          stack.push_back(next);
        };
        if (col + 1 < n && !houses.heavy_right[i]) visit(cell + 1);
        if (col > 0 && !houses.heavy_right[i - 1]) visit(cell - 1);
        if (row + 1 < n && !houses.heavy_below[i]) visit(cell + n);
        if (row > 0 && !houses.heavy_below[i - static_cast<std::size_t>(n)]) visit(cell - n);
      }
      ++pieces;
    }
    if (pieces != n) return std::nullopt;
    for (int id = 0; id < n; ++id) {
      if (std::count(piece.begin(), piece.end(), id) != n) return std::nullopt;
    }
    layout = engine::Layout{engine::Kind::jigsaw, shape, piece};
    const PrintedHouses drawn = houses_of(layout);  // no heavy border inside a piece
    if (drawn.heavy_right != houses.heavy_right || drawn.heavy_below != houses.heavy_below) return std::nullopt;
  }
  if (std::find(houses.shaded.begin(), houses.shaded.end(), true) != houses.shaded.end()) {
    if (layout.kind != engine::Kind::classic) return std::nullopt;  // a jigsaw is never shaded
    bool known = false;
    for (const engine::Kind kind : {engine::Kind::x, engine::Kind::hyper}) {
      const engine::Layout candidate{kind, shape, {}};
      if (engine::kind_takes(kind, shape) && houses_of(candidate).shaded == houses.shaded) {
        layout = candidate;
        known = true;
      }
    }
    if (!known) return std::nullopt;
  }
  if (!engine::kind_takes(layout.kind, shape)) return std::nullopt;
  return layout;
}

std::vector<std::string> compare_printed_houses(const PrintedHouses& printed, const engine::Layout& layout,
                                                const std::string& where) {
  const PrintedHouses expected = houses_of(layout);
  if (printed == expected) return {};
  if (const std::optional<engine::Layout> seen = printed_layout(printed, layout.shape);
      seen && seen->kind != layout.kind) {
    return {where + ": the grid is printed as kind " + std::string(engine::kind_id(seen->kind)) +
            ", the manifest says " + std::string(engine::kind_id(layout.kind))};
  }
  const int n = expected.size;
  std::vector<std::string> lines;
  const auto listed = [](const std::vector<std::string>& items, const std::string& one, const std::string& many) {
    std::string text;
    const int shown = std::min(static_cast<int>(items.size()), kMaxHouseDifferencesShown);
    for (int k = 0; k < shown; ++k) text += (k == 0 ? "" : ", ") + items[static_cast<std::size_t>(k)];
    const int rest = static_cast<int>(items.size()) - shown;
    if (rest > 0) text += " and " + std::to_string(rest) + " more " + (rest == 1 ? one : many);
    return text;
  };
  std::vector<std::string> borders;
  std::vector<std::string> cells;
  if (printed.size == n && printed.heavy_right.size() == expected.heavy_right.size() &&
      printed.heavy_below.size() == expected.heavy_below.size() && printed.shaded.size() == expected.shaded.size()) {
    for (int cell = 0; cell < n * n; ++cell) {
      const auto i = static_cast<std::size_t>(cell);
      if (printed.heavy_right[i] != expected.heavy_right[i]) {
        borders.push_back(cell_name(n, cell) + "/" + cell_name(n, cell + 1));
      }
      if (printed.heavy_below[i] != expected.heavy_below[i]) {
        borders.push_back(cell_name(n, cell) + "/" + cell_name(n, cell + n));
      }
      if (printed.shaded[i] != expected.shaded[i]) cells.push_back(cell_name(n, cell));
    }
  }
  if (!borders.empty()) {
    lines.push_back(where + ": the printed " + (layout.kind == engine::Kind::jigsaw ? "regions" : "boxes") +
                    " differ from the manifest's at " + listed(borders, "border", "borders"));
  }
  if (!cells.empty()) {
    lines.push_back(where + ": the printed shading differs from the manifest's (kind " +
                    std::string(engine::kind_id(layout.kind)) + ") at " + listed(cells, "cell", "cells"));
  }
  return lines;
}

}  // namespace puzzlepress::book
