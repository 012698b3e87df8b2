// Shared layout helpers: page frames, folios, text runs, wrapping, grids, stars, ink bounds.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "render/layout_internal.h"

namespace puzzlepress::render {
namespace detail {

Page empty_page(const PageFrame& frame) {
  Page page;
  page.width_pt = frame.width_pt;
  page.height_pt = frame.height_pt;
  if (frame.bleed) {
    page.trim_box = frame.trim_box;
    page.bleed_box = Box{0, 0, frame.width_pt, frame.height_pt};
  }
  return page;
}

namespace {
double folio_size(const LayoutStyle& style) { return std::max(style.min_text_pt, style.folio_size_pt); }
}  // namespace

Box body_box(const PageFrame& frame, const LayoutStyle& style) {
  Box body = frame.content;
  body.bottom += folio_size(style) * 2.2;  // the folio line and a gap above it
  return body;
}

void add_folio(Page& page, const PageFrame& frame, const LayoutStyle& style, const TextMeasure& measure) {
  if (frame.folio.empty()) return;
  const double size = folio_size(style);
  const double baseline = frame.content.bottom + measure.descent_em(FontRole::text) * size;
  const double x = frame.recto ? frame.content.right : frame.content.left;
  page.items.push_back(
      make_text(frame.folio, FontRole::text, size, x, baseline, frame.recto ? Align::right : Align::left, measure));
}

TextRun make_text(std::string_view text, FontRole role, double size_pt, double x, double baseline, Align align,
                  const TextMeasure& measure, double gray) {
  return make_text(text, role, size_pt, x, baseline, align, measure, Colour::gray(gray));
}

TextRun make_text(std::string_view text, FontRole role, double size_pt, double x, double baseline, Align align,
                  const TextMeasure& measure, const Colour& colour) {
  TextRun run;
  run.text = std::string(text);
  run.role = role;
  run.size_pt = size_pt;
  run.colour = colour;
  run.width_pt = measure.width_pt(role, text, size_pt);
  switch (align) {
    case Align::left: run.origin = {x, baseline}; break;
    case Align::centre: run.origin = {x - run.width_pt / 2, baseline}; break;
    case Align::right: run.origin = {x - run.width_pt, baseline}; break;
  }
  return run;
}

void add_line(std::vector<Item>& items, const Line& line) { items.push_back(line); }

namespace {
// The path of the border rectangle (centre of its stroke).
Box border_path(const Box& grid, const GridLines& lines) {
  const double h = lines.border_pt / 2;
  return Box{grid.left + h, grid.bottom + h, grid.right - h, grid.top - h};
}

void check_figure(const Figure& f) {
  if (f.size < 1 || f.box_rows < 1 || f.box_cols < 1 || f.size % f.box_rows != 0 || f.size % f.box_cols != 0 ||
      f.cells.size() != static_cast<std::size_t>(f.size * f.size) ||
      (f.shaded_row && (*f.shaded_row < 0 || *f.shaded_row >= f.size)) ||
      std::any_of(f.shaded_cells.begin(), f.shaded_cells.end(),
                  [&](const auto& s) { return s.first < 0 || s.first >= f.size * f.size; })) {
    throw std::invalid_argument("figure: " + std::to_string(f.size) + "x" + std::to_string(f.size) + " grid with " +
                                std::to_string(f.box_rows) + "x" + std::to_string(f.box_cols) + " boxes and " +
                                std::to_string(f.cells.size()) + " cells");
  }
  check_houses(f);
}
}  // namespace

double cell_side(const Box& grid, const GridLines& lines, int size) { return border_path(grid, lines).width() / size; }

Point cell_centre(const Box& grid, const GridLines& lines, int size, int row, int col) {
  const Box path = border_path(grid, lines);
  const double cell = path.width() / size;
  return Point{path.left + (col + 0.5) * cell, path.top - (row + 0.5) * cell};
}

double symbol_size(const Box& grid, const GridLines& lines, int size, const LayoutStyle& style) {
  return std::max(style.min_text_pt, style.symbol_scale * cell_side(grid, lines, size));
}

FigureColours interior_colours(const LayoutStyle& style) {
  FigureColours c;
  c.solved = Colour::gray(style.solved_symbol_gray);
  return c;
}

void add_grid(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
              const Colour& colour) {
  const Box path = border_path(grid, lines);
  const int n = figure.size;
  const double cell = path.width() / n;
  const double inset = lines.border_pt / 2;  // lines stop at the border's inner edge
  // Vertical rule i separates columns i-1 and i; horizontal rule i separates rows i-1 and i.
  auto vertical = [&](int i, double width) {
    const double x = path.left + i * cell;
    items.push_back(Line{{x, path.bottom + inset}, {x, path.top - inset}, width, colour});
  };
  auto horizontal = [&](int i, double width) {
    const double y = path.top - i * cell;
    items.push_back(Line{{path.left + inset, y}, {path.right - inset, y}, width, colour});
  };
  if (!figure.regions.empty()) {
    add_region_lines(items, grid, lines, figure, colour);
    items.push_back(Rect{path, lines.border_pt, colour, std::nullopt});
    return;
  }
  // Cell lines first, box lines over them.
  for (int i = 1; i < n; ++i) {
    if (i % figure.box_cols != 0) vertical(i, lines.cell_pt);
    if (i % figure.box_rows != 0) horizontal(i, lines.cell_pt);
  }
  for (int i = 1; i < n; ++i) {
    if (i % figure.box_cols == 0) vertical(i, lines.box_pt);
    if (i % figure.box_rows == 0) horizontal(i, lines.box_pt);
  }
  items.push_back(Rect{path, lines.border_pt, colour, std::nullopt});
}

void add_figure(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
                double symbol_pt, const LayoutStyle& style, const TextMeasure& measure) {
  add_figure(items, grid, lines, figure, symbol_pt, interior_colours(style), measure);
}

void add_figure(std::vector<Item>& items, const Box& grid, const GridLines& lines, const Figure& figure,
                double symbol_pt, const FigureColours& colours, const TextMeasure& measure) {
  check_figure(figure);
  const int n = figure.size;
  add_house_shading(items, grid, lines, figure, colours);
  if (figure.shaded_box) {
    const int boxes_across = n / figure.box_cols;
    const int top_row = (*figure.shaded_box / boxes_across) * figure.box_rows;
    const int left_col = (*figure.shaded_box % boxes_across) * figure.box_cols;
    const double cell = cell_side(grid, lines, n);
    const Point c = cell_centre(grid, lines, n, top_row, left_col);
    const double left = c.x - cell / 2;
    const double top = c.y + cell / 2;
    items.push_back(Rect{Box{left, top - figure.box_rows * cell, left + figure.box_cols * cell, top}, 0,
                         Colour::gray(0), colours.shade});
  }
  if (figure.shaded_row) {
    const double cell = cell_side(grid, lines, n);
    const Point c = cell_centre(grid, lines, n, *figure.shaded_row, 0);
    items.push_back(Rect{Box{c.x - cell / 2, c.y - cell / 2, c.x - cell / 2 + n * cell, c.y + cell / 2}, 0,
                         Colour::gray(0), colours.shade});
  }
  for (const auto& [index, grey] : figure.shaded_cells) {
    const double cell = cell_side(grid, lines, n);
    const Point c = cell_centre(grid, lines, n, index / n, index % n);
    items.push_back(Rect{Box{c.x - cell / 2, c.y - cell / 2, c.x + cell / 2, c.y + cell / 2}, 0, Colour::gray(0),
                         Colour::gray(grey)});
  }
  add_grid(items, grid, lines, figure, colours.line);
  add_cages(items, grid, lines, figure, colours, measure);
  // The given symbols, then the solved ones: each face and ink is set once per figure, not
  // once per cell (a solution grid alternates them), which keeps pages short and quick to paint.
  // Among cages, a symbol keeps below its cell's sum: at most kCagedSymbolShare of the cell,
  // centred kCagedSymbolDrop of the cell below the cell's centre.
  const double caged_cell = figure.cages.empty() ? 0 : cell_side(grid, lines, n);
  const double cell_symbol_pt = figure.cages.empty() ? symbol_pt : std::min(symbol_pt, kCagedSymbolShare * caged_cell);
  const auto symbol_centre = [&](int r, int c) {
    const Point centre = cell_centre(grid, lines, n, r, c);
    return Point{centre.x, centre.y - kCagedSymbolDrop * caged_cell};
  };
  for (const Ink ink : {Ink::given, Ink::solved}) {
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const FigureCell& cell = figure.at(r, c);
        if (cell.ink != ink) continue;
        const bool given = cell.ink == Ink::given;
        if (cell.mark) {
          // In the smallest cells (symbols held at min_text_pt) a mark keeps clear of the lines:
          // its largest extent stays within kMarkMaxCellShare of the cell.
          const double mark_pt =
              std::min(kMarkScale * symbol_pt, kMarkMaxCellShare * cell_side(grid, lines, n) / kMarkMaxExtent);
          items.push_back(mark_path(*cell.mark, cell_centre(grid, lines, n, r, c), mark_pt,
                                    given ? colours.given : colours.solved));
          continue;
        }
        if (cell.symbol.empty()) continue;
        items.push_back(centred_symbol(cell.symbol, given ? FontRole::symbol : FontRole::solved_symbol, cell_symbol_pt,
                                       symbol_centre(r, c), measure, given ? colours.given : colours.solved));
      }
    }
  }
}

TextRun centred_symbol(std::string_view symbol, FontRole role, double size_pt, Point centre, const TextMeasure& measure,
                       const Colour& colour) {
  const double baseline = centre.y - measure.cap_height_em(role) * size_pt / 2;
  return make_text(symbol, role, size_pt, centre.x, baseline, Align::centre, measure, colour);
}

namespace {
constexpr double kStarInner = 0.381966;  // inner/outer radius of a regular five-pointed star
double star_height_per_radius() { return 1 + std::cos(std::numbers::pi / 5); }
}  // namespace

double star_width(double height_pt) {
  return 2 * std::sin(2 * std::numbers::pi / 5) * height_pt / star_height_per_radius();
}

Polygon star(Point centre, double height_pt, bool filled, const Colour& colour) {
  const double outline = filled ? 0.0 : 0.75;
  // Shrink the path so the outline's ink stays within the requested box.
  const double radius = std::max(0.1, (height_pt - outline) / star_height_per_radius());
  // The star's top point is at cy + r, its lowest points at cy - r cos 36deg.
  const double cy = centre.y + (height_pt - outline) / 2 - radius;
  Polygon p;
  for (int i = 0; i < 10; ++i) {
    const double angle = std::numbers::pi / 2 + i * std::numbers::pi / 5;
    const double r = (i % 2 == 0) ? radius : radius * kStarInner;
    p.points.push_back({centre.x + r * std::cos(angle), cy + r * std::sin(angle)});
  }
  if (filled) {
    p.fill = colour;
  } else {
    p.stroke_width_pt = outline;
    p.stroke = colour;
  }
  return p;
}

Point cubic_point(Point p0, Point p1, Point p2, Point p3, double t) {
  const double u = 1 - t;
  const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
  return {a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y};
}

std::vector<double> cubic_extremes(Point p0, Point p1, Point p2, Point p3) {
  std::vector<double> out;
  // B'(t)/3 = a t^2 + b t + c per coordinate.
  const auto roots = [&](double v0, double v1, double v2, double v3) {
    const double a = -v0 + 3 * v1 - 3 * v2 + v3;
    const double b = 2 * (v0 - 2 * v1 + v2);
    const double c = v1 - v0;
    const auto keep = [&](double t) {
      if (t > 0 && t < 1) out.push_back(t);
    };
    if (std::abs(a) < 1e-12) {
      if (std::abs(b) > 1e-12) keep(-c / b);
      return;
    }
    const double disc = b * b - 4 * a * c;
    if (disc < 0) return;
    const double r = std::sqrt(disc);
    keep((-b + r) / (2 * a));
    keep((-b - r) / (2 * a));
  };
  roots(p0.x, p1.x, p2.x, p3.x);
  roots(p0.y, p1.y, p2.y, p3.y);
  return out;
}

double add_paragraph(std::vector<Item>& items, std::string_view text, FontRole role, double size_pt, const Box& column,
                     double top, Align align, double line_spacing, const TextMeasure& measure, double gray) {
  return add_paragraph(items, text, role, size_pt, column, top, align, line_spacing, measure, Colour::gray(gray));
}

double add_paragraph(std::vector<Item>& items, std::string_view text, FontRole role, double size_pt, const Box& column,
                     double top, Align align, double line_spacing, const TextMeasure& measure, const Colour& colour) {
  const double ascent = measure.ascent_em(role) * size_pt;
  const double descent = measure.descent_em(role) * size_pt;
  const double x = align == Align::left    ? column.left
                   : align == Align::right ? column.right
                                           : (column.left + column.right) / 2;
  double baseline = top - ascent;
  const auto lines = wrap_text(text, role, size_pt, column.width(), measure);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) baseline -= size_pt * line_spacing;
    items.push_back(make_text(lines[i], role, size_pt, x, baseline, align, measure, colour));
  }
  return baseline - descent;
}

}  // namespace detail

namespace {

// Byte length of the UTF-8 sequence starting with `lead` (1 for stray continuation bytes).
std::size_t utf8_length(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

void wrap_line(std::string_view line, FontRole role, double size_pt, double max_width_pt, const TextMeasure& measure,
               std::vector<std::string>& out) {
  auto fits = [&](std::string_view s) { return measure.width_pt(role, s, size_pt) <= max_width_pt; };
  std::string current;
  std::size_t pos = 0;
  while (pos < line.size()) {
    const std::size_t start = line.find_first_not_of(' ', pos);
    if (start == std::string_view::npos) break;
    std::size_t end = line.find(' ', start);
    if (end == std::string_view::npos) end = line.size();
    std::string_view word = line.substr(start, end - start);
    pos = end;
    std::string candidate = current.empty() ? std::string(word) : current + " " + std::string(word);
    if (fits(candidate)) {
      current = std::move(candidate);
      continue;
    }
    if (!current.empty()) out.push_back(std::move(current));
    current.clear();
    // The word alone on a line; break it between characters while it is too wide.
    while (!fits(word)) {
      std::size_t cut = 0;
      std::size_t next = utf8_length(static_cast<unsigned char>(word[0]));
      while (next < word.size() && fits(word.substr(0, next))) {
        cut = next;
        next += utf8_length(static_cast<unsigned char>(word[next]));
      }
      if (cut == 0) cut = utf8_length(static_cast<unsigned char>(word[0]));  // one character
      cut = std::min(cut, word.size());
      out.emplace_back(word.substr(0, cut));
      word.remove_prefix(cut);
      if (word.empty()) break;
    }
    current = std::string(word);
  }
  if (!current.empty()) out.push_back(std::move(current));
}

}  // namespace

std::vector<std::string> wrap_text(std::string_view text, FontRole role, double size_pt, double max_width_pt,
                                   const TextMeasure& measure) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::size_t before = out.size();
    wrap_line(text.substr(pos, end - pos), role, size_pt, max_width_pt, measure, out);
    if (out.size() == before && end < text.size()) out.emplace_back();  // an empty line
    pos = end + 1;
  }
  return out;
}

double balanced_width(std::string_view text, FontRole role, double size_pt, double max_width_pt,
                      const TextMeasure& measure) {
  const std::size_t lines = wrap_text(text, role, size_pt, max_width_pt, measure).size();
  if (lines <= 1) return max_width_pt;
  // The widest line bounds the search from above; each line holds at least 1/lines of the text.
  double high = 0;
  for (const std::string& line : wrap_text(text, role, size_pt, max_width_pt, measure)) {
    high = std::max(high, measure.width_pt(role, line, size_pt));
  }
  double low = high / static_cast<double>(lines);
  for (int step = 0; step < 24 && high - low > 0.05; ++step) {  // 0.05 pt is far below a glyph
    const double mid = (low + high) / 2;
    if (wrap_text(text, role, size_pt, mid, measure).size() == lines) {
      high = mid;
    } else {
      low = mid;
    }
  }
  return std::min(max_width_pt, high + 0.01);  // the least width found to keep the line count
}

Box ink_bounds(const Item& item, const TextMeasure& measure) {
  struct Visitor {
    const TextMeasure& measure;
    Box operator()(const Line& l) const {
      // Butt caps: the ink reaches width/2 across the line, not beyond its ends.
      const double dx = l.to.x - l.from.x;
      const double dy = l.to.y - l.from.y;
      const double len = std::hypot(dx, dy);
      const double h = l.width_pt / 2;
      const double hx = len > 0 ? h * std::abs(dy) / len : h;
      const double hy = len > 0 ? h * std::abs(dx) / len : h;
      return Box{std::min(l.from.x, l.to.x) - hx, std::min(l.from.y, l.to.y) - hy, std::max(l.from.x, l.to.x) + hx,
                 std::max(l.from.y, l.to.y) + hy};
    }
    Box operator()(const Rect& r) const {
      const double h = r.stroke_width_pt / 2;
      return Box{r.box.left - h, r.box.bottom - h, r.box.right + h, r.box.top + h};
    }
    Box operator()(const Polygon& p) const {
      if (p.points.empty()) return Box{};
      Box b{p.points[0].x, p.points[0].y, p.points[0].x, p.points[0].y};
      for (const Point& q : p.points) {
        b.left = std::min(b.left, q.x);
        b.right = std::max(b.right, q.x);
        b.bottom = std::min(b.bottom, q.y);
        b.top = std::max(b.top, q.y);
      }
      // Round joins: the stroke reaches half its width beyond the vertices.
      const double h = p.stroke_width_pt / 2;
      return Box{b.left - h, b.bottom - h, b.right + h, b.top + h};
    }
    Box operator()(const Path& p) const {
      // The on-curve points, and each curve's extremes (where a coordinate's derivative is 0).
      Box b{INFINITY, INFINITY, -INFINITY, -INFINITY};
      const auto add = [&](Point q) {
        b = Box{std::min(b.left, q.x), std::min(b.bottom, q.y), std::max(b.right, q.x), std::max(b.top, q.y)};
      };
      Point current{};
      for (const Path::Segment& s : p.segments) {
        if (s.verb == Path::Verb::close) continue;
        if (s.verb == Path::Verb::curve) {
          for (const double t : detail::cubic_extremes(current, s.c1, s.c2, s.to)) {
            add(detail::cubic_point(current, s.c1, s.c2, s.to, t));
          }
        }
        add(s.to);
        current = s.to;
      }
      if (b.left > b.right) return Box{};
      // Round joins: the stroke reaches half its width beyond the outline.
      const double h = p.stroke_width_pt / 2;
      return Box{b.left - h, b.bottom - h, b.right + h, b.top + h};
    }
    Box operator()(const TextRun& t) const {
      const double descent = measure.descent_em(t.role) * t.size_pt;
      const double ascent = measure.ascent_em(t.role) * t.size_pt;
      if (t.angle_deg == 0) {
        return Box{t.origin.x, t.origin.y - descent, t.origin.x + t.width_pt, t.origin.y + ascent};
      }
      // The unrotated box's corners, turned about the origin.
      const double a = t.angle_deg * std::numbers::pi / 180;
      const double cos_a = std::cos(a), sin_a = std::sin(a);
      Box b{INFINITY, INFINITY, -INFINITY, -INFINITY};
      for (const double x : {0.0, t.width_pt}) {
        for (const double y : {-descent, ascent}) {
          const double px = t.origin.x + x * cos_a - y * sin_a;
          const double py = t.origin.y + x * sin_a + y * cos_a;
          b = Box{std::min(b.left, px), std::min(b.bottom, py), std::max(b.right, px), std::max(b.top, py)};
        }
      }
      return b;
    }
    Box operator()(const Image& i) const {
      if (!i.clip) return i.box;
      return Box{std::max(i.box.left, i.clip->left), std::max(i.box.bottom, i.clip->bottom),
                 std::min(i.box.right, i.clip->right), std::min(i.box.top, i.clip->top)};
    }
  };
  return std::visit(Visitor{measure}, item);
}

std::pair<int, int> best_arrangement(int places, double width, double height) {
  std::pair<int, int> best{places, 1};
  double best_side = 0;
  int best_waste = 0;
  for (int cols = 1; cols <= places; ++cols) {
    const int rows = (places + cols - 1) / cols;
    const double side = std::min(width / cols, height / rows);
    const int waste = rows * cols - places;
    if (side > best_side + 1e-9 || (side > best_side - 1e-9 && waste < best_waste)) {
      best = {rows, cols};
      best_side = side;
      best_waste = waste;
    }
  }
  return best;
}

}  // namespace puzzlepress::render
