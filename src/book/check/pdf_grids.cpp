#include "book/check/pdf_grids.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>

#include "book/check/pdf_cages.h"
#include "book/check/pdf_houses.h"
#include "engine/killer.h"
#include "engine/solver.h"
#include "engine/variant_solver.h"
#include "render/marks.h"

namespace puzzlepress::book {
namespace {

/// Two outlines scaled to a unit box are the same shape when no point is further apart than
/// this (the PDF keeps a few decimals).
constexpr double kOutlineTolerance = 0.02;

/// A path's verbs and points scaled into the unit box of its points (longer side 1).
struct Outline {
  std::string verbs;
  std::vector<render::Point> points;
};

Outline normalised(std::string verbs, const std::vector<render::Point>& points) {
  Outline out{std::move(verbs), {}};
  if (points.empty()) return out;
  double left = points[0].x, right = points[0].x, bottom = points[0].y, top = points[0].y;
  for (const render::Point& p : points) {
    left = std::min(left, p.x);
    right = std::max(right, p.x);
    bottom = std::min(bottom, p.y);
    top = std::max(top, p.y);
  }
  const double side = std::max({right - left, top - bottom, 1e-9});
  for (const render::Point& p : points) out.points.push_back({(p.x - left) / side, (p.y - bottom) / side});
  return out;
}

/// A render path as the scan records it (pdf_scan.h: verbs m l c h, control points first).
Outline outline_of(const render::Path& path) {
  std::string verbs;
  std::vector<render::Point> points;
  for (const render::Path::Segment& s : path.segments) {
    switch (s.verb) {
      case render::Path::Verb::move:
        verbs += 'm';
        points.push_back(s.to);
        break;
      case render::Path::Verb::line:
        verbs += 'l';
        points.push_back(s.to);
        break;
      case render::Path::Verb::curve:
        verbs += 'c';
        points.push_back(s.c1);
        points.push_back(s.c2);
        points.push_back(s.to);
        break;
      case render::Path::Verb::close: verbs += 'h'; break;
    }
  }
  return normalised(verbs, points);
}

bool same_outline(const Outline& a, const Outline& b) {
  if (a.verbs != b.verbs || a.points.size() != b.points.size()) return false;
  for (std::size_t i = 0; i < a.points.size(); ++i) {
    if (std::abs(a.points[i].x - b.points[i].x) > kOutlineTolerance ||
        std::abs(a.points[i].y - b.points[i].y) > kOutlineTolerance) {
      return false;
    }
  }
  return true;
}

std::string cell_name(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

/// What the manifest says a cell holds, in words.
std::string symbol_words(const SymbolSet& symbols, int value) {
  if (value == 0) return "nothing";
  if (value < 1 || value > static_cast<int>(symbols.names.size())) return "symbol " + std::to_string(value);
  return symbols.names[static_cast<std::size_t>(value - 1)];
}

/// Search nodes a printed killer is solved within.
constexpr std::uint64_t kMaxKillerNodes = 1'000'000;

/// A killer's puzzle page: its cages and sums read back (book/check/pdf_cages.h) and held to the
/// manifest's; then the printed killer solved again, its one solution the printed solution.
template <class GlyphsOf>
void check_killer_page(const ManifestPuzzle& mp, const PdfScan& scan, const GlyphsOf& glyphs_of,
                       const std::optional<PrintedGrid>& solution, std::vector<std::string>& lines) {
  const engine::KillerParse parsed = engine::parse_killer(mp.killer_text);
  if (!parsed.killer) return;  // verify_manifest reports the text
  const std::string where = "puzzle " + std::to_string(mp.number) + ", page " + std::to_string(mp.page);
  const int pages = static_cast<int>(scan.pages.size());
  if (mp.page < 1 || mp.page > pages) {
    lines.push_back(where + ": the PDF has no such page (" + std::to_string(pages) +
                    (pages == 1 ? " page)" : " pages)"));
    return;
  }
  const PdfPageScan& page = scan.pages[static_cast<std::size_t>(mp.page - 1)];
  if (page.too_much_work || page.too_deep) {
    lines.push_back(where + ": not read back (the page has too much to follow)");
    return;
  }
  const PrintedCages printed = read_printed_cages(page, glyphs_of(mp.page), mp.rect, parsed.killer->shape);
  const std::vector<std::string> differ = compare_printed_cages(printed, *parsed.killer, where);
  lines.insert(lines.end(), differ.begin(), differ.end());
  const std::optional<engine::Killer> killer = printed_killer(printed, parsed.killer->shape);
  if (!killer) return;  // the differences say why
  // Bounded: a page may print any cages (the 100 killers of examples/killer-6x9.yaml take 39
  // nodes at most).
  engine::SolveOptions options;
  options.node_budget = kMaxKillerNodes;
  const engine::SolveResult solved = engine::solve(*killer, engine::Grid(killer->shape), options);
  if (solved.status == engine::SolveStatus::inconsistent || solved.status == engine::SolveStatus::no_solution) {
    lines.push_back(where + ": the printed cages have no solution");
  } else if (solved.status == engine::SolveStatus::multiple) {
    lines.push_back(where + ": the printed cages have more than one solution");
  } else if (solved.status == engine::SolveStatus::unresolved) {
    lines.push_back(where + ": the printed cages were not solved within " + std::to_string(kMaxKillerNodes) +
                    " search nodes");
  } else if (solved.status == engine::SolveStatus::unique && solution && solution->readable() &&
             solution->grid != solved.solutions[0]) {
    lines.push_back("puzzle " + std::to_string(mp.number) + ", solution page " + std::to_string(mp.solution_page) +
                    ": the printed solution is not the solution of the printed cages");
  }
}

}  // namespace

bool PrintedGrid::readable() const { return std::find(cells.begin(), cells.end(), -1) == cells.end(); }

PrintedGrid read_printed_grid(const std::vector<PdfGlyph>& glyphs, const PdfPageScan& page, const RectPt& rect,
                              engine::Shape shape, const SymbolSet& symbols) {
  const int n = shape.size();
  PrintedGrid out;
  out.grid = engine::Grid(shape);
  out.cells.assign(static_cast<std::size_t>(shape.cells()), 0);
  out.seen.assign(static_cast<std::size_t>(shape.cells()), "nothing");
  if (rect.width <= 0 || rect.height <= 0) return out;
  const double cell_w = rect.width / n;
  const double cell_h = rect.height / n;
  const auto cell_at = [&](double x, double y) -> std::optional<int> {
    if (x < rect.x || x >= rect.x + rect.width || y < rect.y || y >= rect.y + rect.height) return std::nullopt;
    const int col = std::clamp(static_cast<int>((x - rect.x) / cell_w), 0, n - 1);
    const int row = std::clamp(static_cast<int>((rect.y + rect.height - y) / cell_h), 0, n - 1);  // rows from the top
    return row * n + col;
  };
  const auto set = [&](int cell, int value, std::string seen) {
    out.cells[static_cast<std::size_t>(cell)] = value;
    out.seen[static_cast<std::size_t>(cell)] = std::move(seen);
    if (value > 0) out.grid.cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value);
  };
  if (symbols.skin == Skin::shapes) {
    std::vector<std::pair<render::Mark, Outline>> candidates;
    for (const std::string& name : symbols.names) {
      if (const auto mark = render::parse_mark(name)) {
        candidates.emplace_back(*mark, outline_of(render::mark_path(*mark, {0, 0}, 10, render::Colour::gray(0))));
      }
    }
    for (const PdfMark& mark : page.marks) {
      if (mark.kind != PdfMark::Kind::fill || mark.verbs.empty() || mark.ink <= 1e-3) continue;
      if (mark.verbs.find_first_not_of('r') == std::string::npos) continue;  // shading, not a shape
      const auto cell = cell_at((mark.box.left + mark.box.right) / 2, (mark.box.bottom + mark.box.top) / 2);
      if (!cell) continue;
      const Outline outline = normalised(mark.verbs, mark.points);
      int value = -1;
      std::string seen = "an unknown shape";
      for (std::size_t k = 0; k < candidates.size(); ++k) {
        if (same_outline(outline, candidates[k].second)) {
          value = static_cast<int>(k) + 1;
          seen = std::string(render::mark_id(candidates[k].first));
          break;
        }
      }
      if (out.cells[static_cast<std::size_t>(*cell)] != 0) {
        value = -1;
        seen = "two shapes";
      }
      set(*cell, value, seen);
    }
    return out;
  }
  // Digits and letters: a cell's glyphs joined left to right.
  std::map<int, std::vector<const PdfGlyph*>> by_cell;
  for (const PdfGlyph& g : glyphs) {
    if (g.text.empty() || g.text == " ") continue;
    if (const auto cell = cell_at((g.box.left + g.box.right) / 2, (g.box.bottom + g.box.top) / 2)) {
      by_cell[*cell].push_back(&g);
    }
  }
  for (auto& [cell, found] : by_cell) {
    std::sort(found.begin(), found.end(),
              [](const PdfGlyph* a, const PdfGlyph* b) { return a->box.left < b->box.left; });
    std::string text;
    for (const PdfGlyph* g : found) text += g->text;
    const auto it = std::find(symbols.names.begin(), symbols.names.end(), text);
    if (it == symbols.names.end()) {
      set(cell, -1, "'" + text.substr(0, 40) + "'");
    } else {
      set(cell, static_cast<int>(it - symbols.names.begin()) + 1, text);
    }
  }
  return out;
}

std::vector<int> pages_needing_poppler(const Manifest& manifest, const PdfScan& scan, bool every_page) {
  const int pages = static_cast<int>(scan.pages.size());
  std::vector<int> out;
  for (const ManifestPuzzle& mp : manifest.puzzles) {
    if (mp.symbols.skin == Skin::shapes) continue;
    for (const int page : {mp.page, mp.solution_page}) {
      if (page < 1 || page > pages) continue;
      const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
      if (!scanned.too_much_work && !scanned.too_deep && (every_page || !scanned.glyphs_complete)) out.push_back(page);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> check_printed_grids(const Manifest& manifest, const PdfScan& scan, const PdfTextReader* text,
                                             const std::vector<int>& poppler_pages, int threads) {
  std::vector<std::string> out;
  int grids_with_problems = 0;
  const int pages = static_cast<int>(scan.pages.size());
  // A page's glyphs from the scan when it mapped them all, else read by poppler (ahead, in
  // parallel, each page once).
  std::map<int, std::vector<PdfGlyph>> poppler_glyphs;
  if (text != nullptr) poppler_glyphs = text->glyphs_of_pages(poppler_pages, threads);
  static const std::vector<PdfGlyph> kUnread;
  const auto glyphs_of = [&](int page) -> const std::vector<PdfGlyph>& {
    if (const auto it = poppler_glyphs.find(page); it != poppler_glyphs.end()) return it->second;
    const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
    return scanned.glyphs_complete ? scanned.glyphs : kUnread;
  };
  for (const ManifestPuzzle& mp : manifest.puzzles) {
    std::vector<std::string> lines;
    const engine::Shape shape = mp.givens.shape;
    const int n = shape.size();
    const std::string puzzle = "puzzle " + std::to_string(mp.number);
    const std::string on_page = puzzle + ", page " + std::to_string(mp.page);
    const std::string on_solution_page = puzzle + ", solution page " + std::to_string(mp.solution_page);
    const auto read = [&](int page, const RectPt& rect, const std::string& where) -> std::optional<PrintedGrid> {
      if (page < 1 || page > pages) {
        lines.push_back(where + ": the PDF has no such page (" + std::to_string(pages) +
                        (pages == 1 ? " page)" : " pages)"));
        return std::nullopt;
      }
      // poppler reads only pages the scan followed to the end: a page it gave up on may keep
      // poppler busy for minutes (32 MiB of stray tokens took it 5), and its grid cannot be
      // said to match (preflight names the page).
      const PdfPageScan& scanned = scan.pages[static_cast<std::size_t>(page - 1)];
      if (scanned.too_much_work || scanned.too_deep) {
        lines.push_back(where + ": not read back (the page has too much to follow)");
        return std::nullopt;
      }
      const bool text_skin = mp.symbols.skin != Skin::shapes;
      static const std::vector<PdfGlyph> kNone;
      return read_printed_grid(text_skin ? glyphs_of(page) : kNone, scan.pages[static_cast<std::size_t>(page - 1)],
                               rect, shape, mp.symbols);
    };
    const auto compare = [&](const PrintedGrid& printed, const engine::Grid& expected, const std::string& where) {
      int differ = 0;
      for (int cell = 0; cell < shape.cells(); ++cell) {
        const int want = expected.cells[static_cast<std::size_t>(cell)];
        if (printed.cells[static_cast<std::size_t>(cell)] == want) continue;
        if (++differ <= kMaxCellsReported) {
          lines.push_back(where + ", " + cell_name(n, cell) + ": PDF shows " +
                          printed.seen[static_cast<std::size_t>(cell)] + ", manifest says " +
                          symbol_words(mp.symbols, want));
        }
      }
      if (differ > kMaxCellsReported) {
        lines.push_back(where + ": … and " + std::to_string(differ - kMaxCellsReported) + " more cells differ");
      }
    };
    // A killer's puzzle grid prints cages and sums, not givens: its cages are read back instead.
    const std::optional<PrintedGrid> givens =
        mp.killer_text.empty() ? read(mp.page, mp.rect, on_page) : std::optional<PrintedGrid>();
    const std::optional<PrintedGrid> solution = read(mp.solution_page, mp.solution_rect, on_solution_page);
    if (!mp.killer_text.empty()) check_killer_page(mp, scan, glyphs_of, solution, lines);
    if (givens) compare(*givens, mp.givens, on_page);
    if (solution) compare(*solution, mp.solution, on_solution_page);
    if (givens && solution) {
      for (int cell = 0; cell < shape.cells(); ++cell) {
        const int given = givens->cells[static_cast<std::size_t>(cell)];
        const int shown = solution->cells[static_cast<std::size_t>(cell)];
        if (given > 0 && shown != given) {
          lines.push_back(on_solution_page + ", " + cell_name(n, cell) + ": PDF shows " +
                          solution->seen[static_cast<std::size_t>(cell)] + " where the puzzle page shows the given " +
                          givens->seen[static_cast<std::size_t>(cell)]);
        }
      }
    }
    // The houses as printed (heavy borders, shaded cells), held to the manifest's kind; the
    // puzzle page's make the layout the printed grid is solved under.
    engine::Layout said = mp.layout;
    said.shape = shape;
    std::optional<engine::Layout> printed_layout_of_page;
    const auto houses = [&](int page, const RectPt& rect, const std::string& where) {
      const PrintedHouses printed = read_printed_houses(scan.pages[static_cast<std::size_t>(page - 1)], rect, shape);
      for (std::string& line : compare_printed_houses(printed, said, where)) lines.push_back(std::move(line));
      return printed_layout(printed, shape);
    };
    if (givens) printed_layout_of_page = houses(mp.page, mp.rect, on_page);
    if (solution) houses(mp.solution_page, mp.solution_rect, on_solution_page);
    if (givens && givens->readable() && printed_layout_of_page) {
      // Solved again from what is printed, not from the manifest: the printed symbols under the
      // printed kind and regions (houses that make none were reported above).
      const engine::SolveResult solved = printed_layout_of_page->kind == engine::Kind::classic
                                             ? engine::solve(givens->grid)
                                             : engine::solve(*printed_layout_of_page, givens->grid);
      if (solved.status == engine::SolveStatus::inconsistent || solved.status == engine::SolveStatus::no_solution) {
        lines.push_back(on_page + ": the printed grid has no solution");
      } else if (solved.status == engine::SolveStatus::multiple) {
        lines.push_back(on_page + ": the printed grid has more than one solution");
      } else if (solved.status == engine::SolveStatus::unique && solution && solution->readable() &&
                 solution->grid != solved.solutions[0]) {
        lines.push_back(on_solution_page + ": the printed solution is not the solution of the printed grid");
      }
    }
    if (lines.empty()) continue;
    if (++grids_with_problems <= kMaxGridsReported) out.insert(out.end(), lines.begin(), lines.end());
  }
  if (grids_with_problems > kMaxGridsReported) {
    out.push_back("… and " + std::to_string(grids_with_problems - kMaxGridsReported) +
                  " more puzzles whose printed grids differ");
  }
  return out;
}

}  // namespace puzzlepress::book
