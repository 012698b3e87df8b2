// The cover's palette: the spec's colours as the printer's inks.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "book/cover/cover_parts.h"
#include "book/kdp/format_pt.h"
#include "book/text/figures.h"
#include "book/text/wording.h"
#include "render/layout.h"
#include "render/pieces.h"

namespace puzzlepress::book {
namespace cover_parts {
namespace {

// ---- Colours --------------------------------------------------------------------------------

struct Rgbf {
  double r = 0, g = 0, b = 0;
};

Rgbf to_f(const Rgb& c) { return {c.r / 255.0, c.g / 255.0, c.b / 255.0}; }
Rgbf mix(const Rgbf& a, const Rgbf& b, double t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}
double luminance(const Rgbf& c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

/// WCAG 2.1 relative luminance (sRGB channels linearised) and contrast ratio.
double relative_luminance(const Rgbf& c) {
  const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}
double contrast(const Rgbf& a, const Rgbf& b) {
  const double la = relative_luminance(a), lb = relative_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// Rounds ink values so the PDF's numbers do not depend on the last bits of a computation.
double round4(double v) { return std::round(v * 10000) / 10000; }

Colour ink_of(const Rgbf& c, Printer printer) {
  if (printer != Printer::ingramspark) return Colour::rgb(round4(c.r), round4(c.g), round4(c.b));
  const double k = 1 - std::max({c.r, c.g, c.b});
  if (k >= 1 - 1e-9) return Colour::cmyk(0, 0, 0, 1);
  double cyan = (1 - c.r - k) / (1 - k);
  double magenta = (1 - c.g - k) / (1 - k);
  double yellow = (1 - c.b - k) / (1 - k);
  const double cmy = cyan + magenta + yellow;
  if (cmy + k > kIngramMaxInk && cmy > 0) {
    const double scale = std::max(0.0, kIngramMaxInk - k) / cmy;
    cyan *= scale;
    magenta *= scale;
    yellow *= scale;
  }
  return Colour::cmyk(round4(cyan), round4(magenta), round4(yellow), round4(k));
}

}  // namespace

Palette palette_of(const CoverSpec& spec) {
  const Rgbf bg = to_f(spec.background);
  const Rgbf text = to_f(spec.text_color);
  const bool dark = luminance(bg) < 0.45;
  const bool light_text = luminance(text) > 0.6;
  const Rgbf gold{0.957, 0.725, 0.259};
  const Printer p = spec.printer;
  Palette out;
  out.background = ink_of(bg, p);
  out.text = ink_of(text, p);
  out.muted = ink_of(mix(text, bg, 0.22), p);
  const Rgbf accent = dark && light_text ? gold : text;
  out.accent = ink_of(accent, p);
  out.shadow = ink_of(mix(bg, Rgbf{0, 0, 0}, 0.35), p);
  out.card = ink_of(Rgbf{1, 1, 1}, p);
  out.card_ink = ink_of(dark ? mix(bg, Rgbf{0, 0, 0}, 0.3) : Rgbf{0.13, 0.13, 0.13}, p);
  out.band = out.accent;
  // The background when it reads 7:1 (WCAG's enhanced level) on the band, else the ink of most
  // contrast of the text colour, near-black and white.
  Rgbf band_ink = bg;
  if (contrast(bg, accent) < 7) {
    for (const Rgbf& candidate : {text, Rgbf{0.1, 0.1, 0.1}, Rgbf{1, 1, 1}}) {
      if (contrast(candidate, accent) > contrast(band_ink, accent) + 1e-9) band_ink = candidate;
    }
  }
  out.band_ink = ink_of(band_ink, p);
  out.pattern = ink_of(mix(bg, text, 0.35), p);
  return out;
}

}  // namespace cover_parts

render::Colour cover_ink(const Rgb& colour, Printer printer) {
  return cover_parts::ink_of(cover_parts::to_f(colour), printer);
}

}  // namespace puzzlepress::book
