#include "book/make/listing_mockup.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace puzzlepress::book {
namespace {

// The view, as fractions of the book's height at its near edge (the spine fold on the front):
// the front's far edge is kFrontFalloff shorter (the spine's, below, less); the front
// shows kFrontWidth of its width and the spine kSpineWidth of its own (turned further away).
constexpr double kBookHeightShare = 0.74;  // of the sheet's side
constexpr double kFrontFalloff = 0.07;
// The spine's far edge lies as much deeper than its near edge as its own width, turned further
// away: its falloff is the front's times the spine's share of the front's width, times this.
constexpr double kSpineDepthFactor = 3;
constexpr double kFrontWidth = 0.92;
constexpr double kSpineWidth = 0.5;
constexpr double kLeastSpinePx = 6;  // a spine always shows as an edge
constexpr double kFloorGrey = kMockupFloorGrey;
// Shade (black laid over): the front from its near edge to its far edge, the spine's faces.
constexpr double kFrontShadeNear = 0, kFrontShadeFar = 0.07;
constexpr double kSpineShadeFar = 0.30, kSpineShadeNear = 0.20;
// Strips: about this many pixels wide (narrow enough that a grid line's step from one strip to
// the next stays under a quarter pixel at every size).
constexpr double kFrontStripPx = 2, kSpineStripPx = 1;

/// Places face strips: `source` (cover points) spread over x in [x0, x1] (sheet points, whole
/// pixels: a strip's edge inside a pixel would let the painter's paper show through there), the
/// strip centred at fraction t (0 at x0) `height(t)` tall, centred on `centre_y`, shaded
/// `shade(t)`.
template <class Height, class Shade>
void place_face(render::Sheet& sheet, const render::Page& page, const render::Box& source, double x0, double x1,
                double strip_px, double centre_y, Height height, Shade shade) {
  x0 = std::round(x0);
  x1 = std::max(x0 + 1, std::round(x1));
  const int strips = std::max(1, static_cast<int>(std::round((x1 - x0) / strip_px)));
  const auto edge = [&](int i) { return i == strips ? x1 : std::round(x0 + (x1 - x0) * i / strips); };
  for (int i = 0; i < strips; ++i) {
    const double left = edge(i), right = edge(i + 1);
    if (right <= left) continue;
    const double t0 = (left - x0) / (x1 - x0), t1 = (right - x0) / (x1 - x0);
    const double h = height((t0 + t1) / 2);
    render::PagePlacement strip;
    strip.page = &page;
    strip.source = {source.left + t0 * source.width(), source.bottom, source.left + t1 * source.width(), source.top};
    strip.target = {left, centre_y - h / 2, right, centre_y + h / 2};
    strip.shade = shade((t0 + t1) / 2);
    strip.snap = false;
    sheet.pages.push_back(strip);
  }
}

/// An ellipse as a polygon of `n` points.
render::Polygon ellipse(render::Point centre, double rx, double ry, const render::Colour& fill, int n = 96) {
  render::Polygon p;
  for (int i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * i / n;
    p.points.push_back({centre.x + rx * std::cos(a), centre.y + ry * std::sin(a)});
  }
  p.fill = fill;
  return p;
}

}  // namespace

render::Sheet mockup_sheet(const Book& book, render::Page& backdrop, double side) {
  const BookCover& cover = *book.cover;
  const render::Box& front = cover.geometry.front;
  const render::Box& spine = cover.geometry.spine;
  const double near_h = kBookHeightShare * side;
  const double px_per_pt = near_h / front.height();
  const double front_w = front.width() * px_per_pt * kFrontWidth;
  const double spine_w = std::max(kLeastSpinePx, spine.width() * px_per_pt * kSpineWidth);
  const double left = (side - front_w - spine_w) / 2 - 0.02 * side;  // a little left: the shadow falls right
  const double fold = left + spine_w;                                // the near edge
  const double centre_y = side / 2 + 0.03 * side;
  const double spine_falloff = kFrontFalloff * kSpineDepthFactor * spine.width() / front.width();

  // The floor and the shadow: nested ellipses under the book's foot, darkest at the centre,
  // reaching right where the light (from the upper left) throws it.
  backdrop = render::Page{};
  backdrop.width_pt = side;
  backdrop.height_pt = side;
  backdrop.items.push_back(
      render::Rect{{0, 0, side, side}, 0, render::Colour::gray(0), render::Colour::gray(kFloorGrey)});
  const double foot = centre_y - near_h / 2;
  const render::Point shadow_centre{left + (spine_w + front_w) * 0.58, foot + 0.004 * side};
  const int rings = 40;
  for (int i = 0; i < rings; ++i) {
    const double f = 1 - static_cast<double>(i) / rings;  // 1 outermost .. small
    const double grey = kFloorGrey - (kFloorGrey - 0.70) * std::pow(1 - f, 1.6);
    backdrop.items.push_back(ellipse(shadow_centre, (spine_w + front_w) * (0.50 + 0.14 * f),
                                     0.012 * side + 0.03 * side * f, render::Colour::gray(grey)));
  }

  render::Sheet sheet;
  sheet.width_pt = side;
  sheet.height_pt = side;
  sheet.background = render::Colour::gray(kFloorGrey);
  sheet.pages.push_back({&backdrop, {0, 0, side, side}, {0, 0, side, side}, 0});
  // The spine: its far edge (the back cover's fold) at t = 0, its near edge at t = 1.
  place_face(
      sheet, cover.page, spine, left, fold, kSpineStripPx, centre_y,
      [&](double t) { return near_h * (1 - spine_falloff * (1 - t)); },
      [](double t) { return kSpineShadeFar + (kSpineShadeNear - kSpineShadeFar) * t; });
  // The front: from the spine fold (near) to its outer edge (far).
  place_face(
      sheet, cover.page, front, fold, fold + front_w, kFrontStripPx, centre_y,
      [&](double t) { return near_h * (1 - kFrontFalloff * t); },
      [](double t) { return kFrontShadeNear + (kFrontShadeFar - kFrontShadeNear) * t; });
  return sheet;
}

}  // namespace puzzlepress::book
