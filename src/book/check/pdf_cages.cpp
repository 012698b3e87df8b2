#include "book/check/pdf_cages.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <map>

#include "book/check/pdf_houses.h"
#include "render/figure.h"

namespace puzzlepress::book {
namespace {

/// A stroke lies on a cage line when it is within this share of a cell of it.
constexpr double kInsetSlack = 0.04;
/// A stroke is straight when its box is no wider (or taller) than its width plus this (points).
constexpr double kRuleSlackPt = 0.05;

std::string cell_name(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

/// The cell beyond `side` of `cell`, or -1 off the grid.
int beyond(int n, int cell, int side) {
  const int row = cell / n, col = cell % n;
  switch (side) {
    case PrintedCages::kTop: return row > 0 ? cell - n : -1;
    case PrintedCages::kRight: return col + 1 < n ? cell + 1 : -1;
    case PrintedCages::kBottom: return row + 1 < n ? cell + n : -1;
    default: return col > 0 ? cell - 1 : -1;
  }
}

std::string listed(const std::vector<std::string>& items, const std::string& many) {
  std::string text;
  const int shown = std::min(static_cast<int>(items.size()), kMaxCageDifferencesShown);
  for (int k = 0; k < shown; ++k) text += (k == 0 ? "" : ", ") + items[static_cast<std::size_t>(k)];
  const int rest = static_cast<int>(items.size()) - shown;
  if (rest > 0) text += " and " + std::to_string(rest) + " more " + many;
  return text;
}

}  // namespace

PrintedCages cages_of(const engine::Killer& killer) {
  const int n = killer.shape.size();
  const auto cells = static_cast<std::size_t>(n * n);
  PrintedCages out{n, std::vector<std::array<bool, 4>>(cells, {false, false, false, false}),
                   std::vector<std::string>(cells)};
  std::vector<int> cage_of(cells, -1);
  for (std::size_t k = 0; k < killer.cages.size(); ++k) {
    const engine::Cage& cage = killer.cages[k];
    for (const int cell : cage.cells)
      if (cell >= 0 && static_cast<std::size_t>(cell) < cells)
        cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
    if (!cage.cells.empty()) {
      const int first = *std::min_element(cage.cells.begin(), cage.cells.end());
      if (first >= 0 && static_cast<std::size_t>(first) < cells)
        out.text[static_cast<std::size_t>(first)] = std::to_string(cage.sum);
    }
  }
  for (int cell = 0; cell < n * n; ++cell) {
    for (int side = 0; side < 4; ++side) {
      const int next = beyond(n, cell, side);
      out.sides[static_cast<std::size_t>(cell)][static_cast<std::size_t>(side)] =
          next < 0 || cage_of[static_cast<std::size_t>(next)] != cage_of[static_cast<std::size_t>(cell)];
    }
  }
  return out;
}

PrintedCages read_printed_cages(const PdfPageScan& page, const std::vector<PdfGlyph>& glyphs, const RectPt& rect,
                                engine::Shape shape) {
  const int n = shape.size();
  const auto cells = static_cast<std::size_t>(n * n);
  PrintedCages out{n, std::vector<std::array<bool, 4>>(cells, {false, false, false, false}),
                   std::vector<std::string>(cells)};
  const auto finite = [](std::initializer_list<double> values) {
    return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
  };
  if (n < 1 || !(rect.width > 0) || !(rect.height > 0) || !finite({rect.x, rect.y, rect.width, rect.height}))
    return out;
  const CellFrame f = printed_cell_frame(page, rect, n);
  const double right = rect.x + rect.width, top = rect.y + rect.height;
  for (const PdfMark& mark : page.marks) {
    const render::Box& b = mark.box;
    if (mark.kind != PdfMark::Kind::stroke || !finite({b.left, b.bottom, b.right, b.top, mark.line_width_pt})) continue;
    if (!(b.right > rect.x && b.left < right && b.top > rect.y && b.bottom < top)) continue;  // elsewhere
    const double w = mark.line_width_pt;
    const bool vertical = b.width() <= w + kRuleSlackPt && b.height() > b.width();
    const bool horizontal = b.height() <= w + kRuleSlackPt && b.width() > b.height();
    if (!vertical && !horizontal) continue;
    // Where the line lies across the cells (in cells from the grid's left or top edge), and the
    // cells whose side's middle it covers along it.
    const double across =
        vertical ? ((b.left + b.right) / 2 - f.left) / f.cell_w : (f.top - (b.bottom + b.top) / 2) / f.cell_h;
    if (!(across > -1 && across < n + 1)) continue;
    const int index = static_cast<int>(std::floor(across));
    const double within = across - index;
    int side = -1;
    if (std::abs(within - render::kCageInsetShare) <= kInsetSlack)
      side = vertical ? PrintedCages::kLeft : PrintedCages::kTop;
    if (std::abs(within - (1 - render::kCageInsetShare)) <= kInsetSlack)
      side = vertical ? PrintedCages::kRight : PrintedCages::kBottom;
    if (side < 0 || index < 0 || index >= n) continue;
    const double lo = vertical ? (f.top - b.top) / f.cell_h : (b.left - f.left) / f.cell_w;
    const double hi = vertical ? (f.top - b.bottom) / f.cell_h : (b.right - f.left) / f.cell_w;
    const int first = static_cast<int>(std::ceil(std::clamp(lo - 0.5, -1.0, static_cast<double>(n))));
    const int last = static_cast<int>(std::floor(std::clamp(hi - 0.5, -1.0, static_cast<double>(n))));
    for (int k = std::max(first, 0); k <= std::min(last, n - 1); ++k) {
      const int cell = vertical ? k * n + index : index * n + k;
      out.sides[static_cast<std::size_t>(cell)][static_cast<std::size_t>(side)] = true;
    }
  }
  // Each cell's glyphs, left to right.
  std::map<int, std::vector<const PdfGlyph*>> by_cell;
  for (const PdfGlyph& g : glyphs) {
    if (g.text.empty() || g.text == " ") continue;
    const double x = (g.box.left + g.box.right) / 2, y = (g.box.bottom + g.box.top) / 2;
    if (!finite({x, y}) || x < f.left || y > f.top) continue;
    const double col = (x - f.left) / f.cell_w, row = (f.top - y) / f.cell_h;
    if (!(col < n && row < n)) continue;
    by_cell[static_cast<int>(row) * n + static_cast<int>(col)].push_back(&g);
  }
  for (auto& [cell, found] : by_cell) {
    std::sort(found.begin(), found.end(),
              [](const PdfGlyph* a, const PdfGlyph* b) { return a->box.left < b->box.left; });
    std::string text;
    for (const PdfGlyph* g : found) text += g->text;
    out.text[static_cast<std::size_t>(cell)] = text.substr(0, 40);
  }
  return out;
}

std::optional<engine::Killer> printed_killer(const PrintedCages& printed, engine::Shape shape) {
  const int n = printed.size;
  const auto cells = static_cast<std::size_t>(n * n);
  if (n != shape.size() || printed.sides.size() != cells || printed.text.size() != cells) return std::nullopt;
  // Cells side by side are in one cage when neither side is lined, in two when both are.
  std::vector<int> cage(cells, -1);
  engine::Killer killer;
  killer.shape = shape;
  for (int start = 0; start < n * n; ++start) {
    if (cage[static_cast<std::size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(killer.cages.size());
    killer.cages.emplace_back();
    std::vector<int> todo{start};
    cage[static_cast<std::size_t>(start)] = id;
    while (!todo.empty()) {
      const int cell = todo.back();
      todo.pop_back();
      killer.cages.back().cells.push_back(cell);
      for (int side = 0; side < 4; ++side) {
        const int next = beyond(n, cell, side);
        const bool lined = printed.sides[static_cast<std::size_t>(cell)][static_cast<std::size_t>(side)];
        if (next < 0) {
          if (!lined) return std::nullopt;
          continue;
        }
        if (lined != printed.sides[static_cast<std::size_t>(next)][static_cast<std::size_t>((side + 2) % 4)])
          return std::nullopt;
        if (lined || cage[static_cast<std::size_t>(next)] >= 0) continue;
        cage[static_cast<std::size_t>(next)] = id;
        todo.push_back(next);
      }
    }
    std::sort(killer.cages.back().cells.begin(), killer.cages.back().cells.end());
  }
  for (int cell = 0; cell < n * n; ++cell) {
    const std::string& text = printed.text[static_cast<std::size_t>(cell)];
    engine::Cage& owner = killer.cages[static_cast<std::size_t>(cage[static_cast<std::size_t>(cell)])];
    if (owner.cells.front() != cell) {
      if (!text.empty()) return std::nullopt;
      continue;
    }
    int sum = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), sum);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    owner.sum = sum;
  }
  if (!engine::killer_problem(killer).empty()) return std::nullopt;
  return engine::killer_normalized(std::move(killer));
}

std::vector<std::string> compare_printed_cages(const PrintedCages& printed, const engine::Killer& killer,
                                               const std::string& where) {
  const PrintedCages expected = cages_of(killer);
  if (printed == expected) return {};
  const int n = expected.size;
  const auto cells = static_cast<std::size_t>(n * n);
  if (printed.size != n || printed.sides.size() != cells || printed.text.size() != cells) {
    return {where + ": the printed cages cannot be read as a " + std::to_string(n) + "x" + std::to_string(n) + " grid"};
  }
  static constexpr const char* kSideNames[] = {"top", "right", "bottom", "left"};
  std::vector<std::string> sides, sums, strays;
  for (int cell = 0; cell < n * n; ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    for (int side = 0; side < 4; ++side) {
      const auto s = static_cast<std::size_t>(side);
      const int next = beyond(n, cell, side);
      if (next < 0) {
        if (printed.sides[i][s] != expected.sides[i][s])
          sides.push_back(cell_name(n, cell) + " (" + kSideNames[side] + ")");
        continue;
      }
      if (side != PrintedCages::kRight && side != PrintedCages::kBottom) continue;  // each border once
      const auto j = static_cast<std::size_t>(next);
      const auto t = static_cast<std::size_t>((side + 2) % 4);
      if (printed.sides[i][s] != expected.sides[i][s] || printed.sides[j][t] != expected.sides[j][t])
        sides.push_back(cell_name(n, cell) + "/" + cell_name(n, next));
    }
    const std::string& want = expected.text[i];
    const std::string& seen = printed.text[i];
    if (want == seen) continue;
    if (!want.empty()) {
      sums.push_back(where + ": the cage at " + cell_name(n, cell) + " prints " +
                     (seen.empty() ? std::string("no sum") : "sum " + seen) + "; the manifest says " + want);
    } else {
      strays.push_back(where + ": " + cell_name(n, cell) + " prints '" + seen +
                       "', where no cage of the manifest starts");
    }
  }
  std::vector<std::string> lines;
  if (!sides.empty())
    lines.push_back(where + ": the printed cage outlines differ from the manifest's at " + listed(sides, "sides"));
  for (std::vector<std::string>* found : {&sums, &strays}) {
    const int shown = std::min(static_cast<int>(found->size()), kMaxCageDifferencesShown);
    lines.insert(lines.end(), found->begin(), found->begin() + shown);
    if (static_cast<int>(found->size()) > shown) {
      lines.push_back(where + ": … and " + std::to_string(found->size() - static_cast<std::size_t>(shown)) +
                      (found == &sums ? " more cage sums differ" : " more cells print text where no cage starts"));
    }
  }
  return lines;
}

}  // namespace puzzlepress::book
