// Page descriptions: what a page shows, as plain items at fixed positions. Layout builds them;
// the PDF writer (pdf_writer.h) only paints them.
//
// Units and axes: every coordinate and length is in PDF points (1/72 in). The origin is the
// bottom-left corner of the physical page, bleed included; y grows upwards.
//
//   +-------------------------------+  <- physical page (width_pt x height_pt) = bleed box
//   |  +-------------------------+  |
//   |  |   trim box              |  |  bleed: 0.125 in on top, bottom and the outside edge only
//   |  |   +-----------------+   |  |
//   |  |   | content (inside |   |  |  content: inside the margins; layout draws nothing
//   |  |   |  the margins)   |   |  |           outside it (see layout.h, PageFrame)
//   |  |   +-----------------+   |  |
//   |  +-------------------------+  |
//   +-------------------------------+
//  (0,0)
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace puzzlepress::render {

struct Point {
  double x = 0;
  double y = 0;
};

/// An axis-aligned rectangle in points; left <= right, bottom <= top.
struct Box {
  double left = 0;
  double bottom = 0;
  double right = 0;
  double top = 0;

  double width() const { return right - left; }
  double height() const { return top - bottom; }
  /// True when `inner` lies inside this box, allowing `slack_pt` of rounding error.
  bool contains(const Box& inner, double slack_pt = 1e-6) const {
    return inner.left >= left - slack_pt && inner.right <= right + slack_pt && inner.bottom >= bottom - slack_pt &&
           inner.top <= top + slack_pt;
  }
  bool overlaps(const Box& other) const {
    return left < other.right && other.left < right && bottom < other.top && other.bottom < top;
  }
};

/// Which face a text run uses. The writer maps each role to one TrueType file (FontFiles).
enum class FontRole {
  text,           ///< body text, subtitles, folios
  bold,           ///< headings, titles, puzzle labels
  symbol,         ///< a figure's given symbols (Ink::given)
  solved_symbol,  ///< a figure's solved symbols (Ink::solved): a lighter face, in grey
};
inline constexpr std::array<FontRole, 4> kAllFontRoles = {FontRole::text, FontRole::bold, FontRole::symbol,
                                                          FontRole::solved_symbol};

/// An ink: a grey level (PDF DeviceGray: 0 = black, 1 = white), RGB or CMYK, each component
/// 0..1. Interiors print in grey; covers use RGB (KDP, Lulu) or CMYK (IngramSpark).
struct Colour {
  enum class Space : std::uint8_t { gray, rgb, cmyk };
  Space space = Space::gray;
  std::array<double, 4> c{};  ///< gray: c[0]; rgb: c[0..2]; cmyk: c[0..3]

  static constexpr Colour gray(double level) { return {Space::gray, {level, 0, 0, 0}}; }
  static constexpr Colour rgb(double r, double g, double b) { return {Space::rgb, {r, g, b, 0}}; }
  static constexpr Colour cmyk(double c, double m, double y, double k) { return {Space::cmyk, {c, m, y, k}}; }
  friend bool operator==(const Colour&, const Colour&) = default;
};

/// A straight stroke with butt caps: the ink extends width_pt/2 either side of from-to.
struct Line {
  Point from;
  Point to;
  double width_pt = 0.75;
  Colour colour = Colour::gray(0);
  /// Dashed when dash_pt > 0: dash_pt of ink, then gap_pt of none, from `from` on. Whole
  /// points (libharu 2.3 writes dash lengths as integers).
  double dash_pt = 0;
  double gap_pt = 0;
};

/// A rectangle path; the stroke is centred on the path (ink reaches stroke_width_pt/2 outside
/// `box`). stroke_width_pt == 0 means no stroke; no fill means no fill.
struct Rect {
  Box box;
  double stroke_width_pt = 0;
  Colour stroke = Colour::gray(0);
  std::optional<Colour> fill;
};

/// A closed polygon (e.g. a difficulty star), painted with round joins. Stroke and fill as Rect.
struct Polygon {
  std::vector<Point> points;
  std::optional<Colour> fill;
  double stroke_width_pt = 0;
  Colour stroke = Colour::gray(0);
};

/// A path of straight and curved segments (e.g. a shape drawn in a cell), closed subpaths
/// filled by the non-zero winding rule and stroked with round joins. Stroke and fill as Rect.
/// Build it with move_to / line_to / curve_to / close; every subpath starts with a move_to.
struct Path {
  enum class Verb : std::uint8_t {
    move,   ///< starts a subpath at `to`
    line,   ///< a straight segment to `to`
    curve,  ///< a cubic Bézier to `to` with control points c1, c2
    close,  ///< closes the subpath (back to its move_to)
  };
  struct Segment {
    Verb verb = Verb::move;
    Point c1;
    Point c2;
    Point to;
  };
  std::vector<Segment> segments;
  std::optional<Colour> fill;
  double stroke_width_pt = 0;
  Colour stroke = Colour::gray(0);

  Path& move_to(Point p) {
    segments.push_back({Verb::move, {}, {}, p});
    return *this;
  }
  Path& line_to(Point p) {
    segments.push_back({Verb::line, {}, {}, p});
    return *this;
  }
  Path& curve_to(Point c1, Point c2, Point p) {
    segments.push_back({Verb::curve, c1, c2, p});
    return *this;
  }
  Path& close() {
    segments.push_back({Verb::close, {}, {}, {}});
    return *this;
  }
};

/// One line of text, no wrapping, no kerning. `origin` is the left end of the baseline:
/// alignment is already resolved. `width_pt` is the advance width layout measured for it
/// (TextMeasure); the writer does not need it, checks and bounds do. With angle_deg != 0 the
/// run is turned counter-clockwise about `origin` by that many degrees (a cover's spine reads
/// top to bottom at -90).
struct TextRun {
  Point origin;
  std::string text;  ///< UTF-8
  FontRole role = FontRole::text;
  double size_pt = 10;
  Colour colour = Colour::gray(0);
  double width_pt = 0;
  double angle_deg = 0;
};

/// A raster image file (PNG or JPEG) stretched to fill `box`; only the part inside `clip` (when
/// set) is painted, so a picture can cover an area and be cut at its edges. The file was
/// checked by the caller (it exists and is PNG or JPEG); painters report a file they cannot
/// read.
struct Image {
  Box box;
  std::filesystem::path file;
  std::optional<Box> clip;
};

using Item = std::variant<Line, Rect, Polygon, TextRun, Image, Path>;

/// One physical page. With bleed, trim_box and bleed_box are written to the PDF (both in the
/// page's coordinates; bleed_box normally equals the whole page).
struct Page {
  double width_pt = 0;
  double height_pt = 0;
  std::optional<Box> trim_box;
  std::optional<Box> bleed_box;
  std::vector<Item> items;  ///< painted in order
};

/// A TrueType (glyf-outline .ttf) font: a file, or bytes in memory (the fonts built into the
/// program). libharu cannot load CFF .otf files.
struct FontSource {
  std::filesystem::path file;  ///< the font file; empty when `bytes` holds the font
  std::string_view bytes;      ///< the font itself, owned elsewhere and alive while it is used
                               ///< (built-in fonts are static)
  std::string name;            ///< names an in-memory font in messages ("built-in DejaVuSans.ttf")

  FontSource() = default;
  FontSource(std::filesystem::path font_file) : file(std::move(font_file)) {}  // NOLINT: a path is a font source
  static FontSource in_memory(std::string_view font_bytes, std::string font_name) {
    FontSource s;
    s.bytes = font_bytes;
    s.name = std::move(font_name);
    return s;
  }
  bool in_memory() const { return file.empty() && !bytes.empty(); }
  /// The file's path, or the in-memory font's name: for messages, and as the key that tells
  /// two sources apart (the same key is the same font).
  std::string describe() const { return in_memory() ? name : file.string(); }
};

/// The font for each role.
struct FontFiles {
  FontSource text;
  FontSource bold;
  FontSource symbol;
  FontSource solved_symbol;

  const FontSource& for_role(FontRole role) const;
  FontSource& for_role(FontRole role);
};

/// The fonts shipped in the repository's fonts/ directory (see fonts/README.md), as files in
/// `fonts_dir`: text = LiberationSans-Regular, bold = LiberationSans-Bold, symbol =
/// DejaVuSans-Bold, solved_symbol = DejaVuSans. Only builds paths; does not check that the
/// files exist. (book/text/resources.h gives the built-in copies.)
FontFiles default_font_files(const std::filesystem::path& fonts_dir);

/// What a painter needs besides the pages: document information (UTF-8 strings; empty = not
/// written) and the font files.
struct DocumentInfo {
  std::string title;
  std::string author;
  std::string subject;
  std::string creator;
  std::string keywords;
  FontFiles fonts;
};

/// A document that owns its pages.
struct Document {
  DocumentInfo info;
  std::vector<Page> pages;

  /// The pages as a painter takes them.
  std::vector<const Page*> page_list() const;
};

}  // namespace puzzlepress::render
