// Matrices and bounding boxes of a page's coordinates, as the content-stream scan follows them
// (internal to book/check: pdf_content_scan.cpp and pdf_scan.cpp). Units: PDF points.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>

#include "render/page.h"

namespace puzzlepress::book::pdf {

/// A PDF matrix [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f.
struct Matrix {
  double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;
};

/// `first`, then `second`.
inline Matrix then(const Matrix& first, const Matrix& second) {
  return {first.a * second.a + first.b * second.c,
          first.a * second.b + first.b * second.d,
          first.c * second.a + first.d * second.c,
          first.c * second.b + first.d * second.d,
          first.e * second.a + first.f * second.c + second.e,
          first.e * second.b + first.f * second.d + second.f};
}

inline render::Point apply(const Matrix& m, double x, double y) {
  return {m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f};
}

/// How much a matrix scales lengths (the square root of its area scale).
inline double scale_of(const Matrix& m) { return std::sqrt(std::abs(m.a * m.d - m.b * m.c)); }

struct Bounds {
  double left = INFINITY, bottom = INFINITY, right = -INFINITY, top = -INFINITY;
  void add(render::Point p) {
    left = std::min(left, p.x);
    bottom = std::min(bottom, p.y);
    right = std::max(right, p.x);
    top = std::max(top, p.y);
  }
  bool empty() const { return !(left <= right && bottom <= top); }
  render::Box box() const { return {left, bottom, right, top}; }
};

inline Bounds transformed(const Matrix& m, double x0, double y0, double x1, double y1) {
  Bounds b;
  for (const double x : {x0, x1}) {
    for (const double y : {y0, y1}) b.add(apply(m, x, y));
  }
  return b;
}

inline std::optional<render::Box> intersect(const render::Box& a, const render::Box& b) {
  const render::Box r{std::max(a.left, b.left), std::max(a.bottom, b.bottom), std::min(a.right, b.right),
                      std::min(a.top, b.top)};
  if (!(r.left <= r.right && r.bottom <= r.top)) return std::nullopt;
  return r;
}

}  // namespace puzzlepress::book::pdf
