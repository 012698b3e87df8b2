#include "render/marks.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace puzzlepress::render {
namespace {

constexpr double kPi = std::numbers::pi;

// --- outlines in design units (about one unit across, y up, any origin) ---

// Counter-clockwise arc of the circle (cx, cy, r) from angle a0 to a1 (radians; a1 < a0 runs
// clockwise), as cubic pieces of at most 90 degrees. The path must already stand at its start.
void arc(Path& p, double cx, double cy, double r, double a0, double a1) {
  const int pieces = std::max(1, static_cast<int>(std::ceil(std::abs(a1 - a0) / (kPi / 2) - 1e-9)));
  const double step = (a1 - a0) / pieces;
  const double k = 4.0 / 3.0 * std::tan(step / 4);  // control-point distance over r
  for (int i = 0; i < pieces; ++i) {
    const double s = a0 + i * step;
    const double e = s + step;
    const Point from{cx + r * std::cos(s), cy + r * std::sin(s)};
    const Point to{cx + r * std::cos(e), cy + r * std::sin(e)};
    p.curve_to({from.x - k * r * std::sin(s), from.y + k * r * std::cos(s)},
               {to.x + k * r * std::sin(e), to.y - k * r * std::cos(e)}, to);
  }
}

Path polygon(std::initializer_list<Point> points) {
  Path p;
  bool first = true;
  for (const Point& q : points) {
    if (first) p.move_to(q);
    else p.line_to(q);
    first = false;
  }
  p.close();
  return p;
}

// A regular polygon or star: `n` points at radius 1 from angle `start`, alternating with
// `inner` radius points when inner > 0.
Path radial(int n, double start, double inner) {
  Path p;
  const int count = inner > 0 ? 2 * n : n;
  for (int i = 0; i < count; ++i) {
    const double a = start + i * 2 * kPi / count;
    const double r = (inner > 0 && i % 2 == 1) ? inner : 1.0;
    const Point q{r * std::cos(a), r * std::sin(a)};
    if (i == 0) p.move_to(q);
    else p.line_to(q);
  }
  p.close();
  return p;
}

Path outline(Mark mark) {
  switch (mark) {
    case Mark::circle: {
      Path p;
      p.move_to({1, 0});
      arc(p, 0, 0, 1, 0, 2 * kPi);
      return p.close();
    }
    case Mark::triangle: return radial(3, kPi / 2, 0);
    case Mark::square: return polygon({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
    case Mark::star: return radial(5, kPi / 2, 0.47);  // plumper than a regular star (0.38)
    case Mark::heart: {
      // The usual heart: two lobes on top, the point below (drawn in a 24-unit box, y down,
      // turned here to y up).
      const auto q = [](double x, double y) { return Point{x - 12, 12 - y}; };
      Path p;
      p.move_to(q(12, 21.35));
      p.line_to(q(10.55, 20.03));
      p.curve_to(q(5.4, 15.36), q(2, 12.28), q(2, 8.5));
      p.curve_to(q(2, 5.42), q(4.42, 3), q(7.5, 3));
      p.curve_to(q(9.24, 3), q(10.91, 3.81), q(12, 5.09));
      p.curve_to(q(13.09, 3.81), q(14.76, 3), q(16.5, 3));
      p.curve_to(q(19.58, 3), q(22, 5.42), q(22, 8.5));
      p.curve_to(q(22, 12.28), q(18.6, 15.36), q(13.45, 20.04));
      return p.close();
    }
    case Mark::cross: {
      const double a = 0.19;  // half the arm's width; arms 1 long each way
      return polygon(
          {{-a, -1}, {a, -1}, {a, -a}, {1, -a}, {1, a}, {a, a}, {a, 1}, {-a, 1}, {-a, a}, {-1, a}, {-1, -a}, {-a, -a}});
    }
    case Mark::diamond: return polygon({{0, -1}, {0.72, 0}, {0, 1}, {-0.72, 0}});
    case Mark::crescent: {
      // The outer circle (radius 1 at the origin) less an inner one (radius 0.84 at (0.48, 0)),
      // opening to the right.
      const double r = 0.84, d = 0.48;
      const double x = (1 - r * r + d * d) / (2 * d);
      const double y = std::sqrt(1 - x * x);
      const double outer = std::atan2(y, x);
      const double inner = std::atan2(y, x - d);
      Path p;
      p.move_to({x, y});
      arc(p, 0, 0, 1, outer, 2 * kPi - outer);    // round the left, top to bottom
      arc(p, d, 0, r, -inner, -2 * kPi + inner);  // back up inside, clockwise
      return p.close();
    }
    case Mark::hexagon: return radial(6, 0, 0);  // flat top and bottom
  }
  return Path{};
}

// --- measuring outlines ---

struct Placement {
  Path outline;
  Point anchor;  ///< the optical centre, design units
  double scale;  ///< design units to "circle diameters"
};

// The outline as a polygon (curves cut into 32 chords), for area and centroid.
std::vector<Point> flatten(const Path& p) {
  std::vector<Point> out;
  Point current{};
  for (const Path::Segment& s : p.segments) {
    if (s.verb == Path::Verb::curve) {
      for (int i = 1; i <= 32; ++i) {
        const double t = i / 32.0, u = 1 - t;
        const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t;
        out.push_back({a * current.x + b * s.c1.x + c * s.c2.x + e * s.to.x,
                       a * current.y + b * s.c1.y + c * s.c2.y + e * s.to.y});
      }
    } else if (s.verb != Path::Verb::close) {
      out.push_back(s.to);
    }
    if (s.verb != Path::Verb::close) current = s.to;
  }
  return out;
}

Placement place(Mark mark) {
  Placement pl{outline(mark), {}, 1};
  const std::vector<Point> pts = flatten(pl.outline);
  double area2 = 0, cx = 0, cy = 0;
  Box box{pts[0].x, pts[0].y, pts[0].x, pts[0].y};
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const Point& a = pts[i];
    const Point& b = pts[(i + 1) % pts.size()];
    const double cross = a.x * b.y - b.x * a.y;
    area2 += cross;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
    box = Box{std::min(box.left, a.x), std::min(box.bottom, a.y), std::max(box.right, a.x), std::max(box.top, a.y)};
  }
  const double area = std::abs(area2) / 2;
  cx /= 3 * area2;
  cy /= 3 * area2;
  const Point mid{(box.left + box.right) / 2, (box.bottom + box.top) / 2};
  pl.anchor = {(mid.x + cx) / 2, (mid.y + cy) / 2};
  // The circle of diameter 1 has area pi/4 and extent 1.
  const double extent = std::max(box.width(), box.height());
  const double by_area = std::sqrt(kPi / 4 / area);
  const double by_extent = 1 / extent;
  // Room for the anchor's shift: the farthest ink from the anchor stays within half the extent.
  const double reach =
      2 * std::max({pl.anchor.x - box.left, box.right - pl.anchor.x, pl.anchor.y - box.bottom, box.top - pl.anchor.y});
  pl.scale = std::min(std::sqrt(by_area * by_extent), kMarkMaxExtent / reach);
  return pl;
}

const Placement& placement(Mark mark) {
  static const std::array<Placement, kAllMarks.size()> table = [] {
    std::array<Placement, kAllMarks.size()> t;
    for (Mark m : kAllMarks) t[static_cast<std::size_t>(m)] = place(m);
    return t;
  }();
  return table[static_cast<std::size_t>(mark)];
}

}  // namespace

std::string_view mark_id(Mark mark) {
  switch (mark) {
    case Mark::circle: return "circle";
    case Mark::triangle: return "triangle";
    case Mark::square: return "square";
    case Mark::star: return "star";
    case Mark::heart: return "heart";
    case Mark::cross: return "cross";
    case Mark::diamond: return "diamond";
    case Mark::crescent: return "crescent";
    case Mark::hexagon: return "hexagon";
  }
  return "circle";
}

std::optional<Mark> parse_mark(std::string_view id) {
  for (Mark m : kAllMarks) {
    if (mark_id(m) == id) return m;
  }
  return std::nullopt;
}

Path mark_path(Mark mark, Point centre, double size_pt, Colour fill) {
  const Placement& pl = placement(mark);
  const double k = pl.scale * size_pt;
  const auto map = [&](Point p) {
    return Point{centre.x + (p.x - pl.anchor.x) * k, centre.y + (p.y - pl.anchor.y) * k};
  };
  Path out;
  out.fill = fill;
  out.segments.reserve(pl.outline.segments.size());
  for (const Path::Segment& s : pl.outline.segments) out.segments.push_back({s.verb, map(s.c1), map(s.c2), map(s.to)});
  return out;
}

}  // namespace puzzlepress::render
