#include "book/cover/cover.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "book/text/figures.h"
#include "book/kdp/geometry.h"
#include "book/text/wording.h"
#include "book/kdp/format_pt.h"
#include "render/layout.h"
#include "render/pieces.h"

namespace puzzlepress::book {
namespace {

using render::Box;
using render::Colour;
using render::FontRole;
using render::Item;
using render::TextAlign;

// ---- Design choices (not printer rules: those are in cover_geometry.h) ----------------------

/// Margin of the design inside each panel's trim, as a fraction of the trim width, and its least
/// value in inches (always more than kCoverSafeMarginIn).
constexpr double kPanelMarginPerWidth = 0.085;
constexpr double kPanelMarginMinIn = 0.42;
/// Title: largest size per point of column width; least size; most share of the front's height.
constexpr double kTitleSizePerWidth = 0.135;
constexpr double kTitleMinPt = 16;
constexpr double kTitleMaxShare = 0.3;
constexpr int kTitleMaxLines = 3;
/// The front grid is not drawn smaller than this, inches.
constexpr double kMinGridIn = 1.4;
/// Blurb size: base + per inch of trim width (pt); it may shrink to this share of that.
constexpr double kBlurbBasePt = 4;
constexpr double kBlurbPerInchPt = 1.25;
constexpr double kBlurbMinShare = 0.8;
/// Spine text uses at most this share of the band between the folds' clearances.
constexpr double kSpineBandShare = 0.8;
/// Printers ask for images of this resolution at their printed size.
constexpr double kImageDpi = 300;

constexpr double pt(double inches) { return inches * kPointsPerInch; }

// ---- Colours --------------------------------------------------------------------------------

struct Rgbf {
  double r = 0, g = 0, b = 0;
};

Rgbf to_f(const Rgb& c) { return {c.r / 255.0, c.g / 255.0, c.b / 255.0}; }
Rgbf mix(const Rgbf& a, const Rgbf& b, double t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}
double luminance(const Rgbf& c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

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

struct Palette {
  Colour background, text, muted, accent, shadow, card, card_ink;
};

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
  out.accent = ink_of(dark && light_text ? gold : text, p);
  out.shadow = ink_of(mix(bg, Rgbf{0, 0, 0}, 0.35), p);
  out.card = ink_of(Rgbf{1, 1, 1}, p);
  out.card_ink = ink_of(dark ? mix(bg, Rgbf{0, 0, 0}, 0.3) : Rgbf{0.13, 0.13, 0.13}, p);
  return out;
}

// ---- Layout helpers -------------------------------------------------------------------------

void append(std::vector<Item>& items, std::vector<Item> more) {
  for (Item& item : more) items.push_back(std::move(item));
}
template <class Run>
void append_runs(std::vector<Item>& items, const std::vector<Run>& runs) {
  for (const Run& run : runs) items.push_back(run);
}

double ink_height_em(FontRole role, const render::TextMeasure& m) {
  return m.ascent_em(role) + m.descent_em(role);
}

/// The panels' design column: the panel less the design margin.
Box design_column(const Box& panel, double trim_width_in) {
  const double margin = pt(std::max(kPanelMarginMinIn, kPanelMarginPerWidth * trim_width_in));
  return {panel.left + margin, panel.bottom + margin, panel.right - margin, panel.top - margin};
}

/// The first puzzle of the book's hardest grade: the front's art.
std::optional<int> front_puzzle_index(const std::vector<engine::SizedPuzzle>& puzzles) {
  std::optional<int> best;
  for (int i = 0; i < static_cast<int>(puzzles.size()); ++i) {
    if (!best || puzzles[i].grade > puzzles[*best].grade) best = i;
  }
  return best;
}

// ---- Front ----------------------------------------------------------------------------------

struct TitleBlock {
  std::vector<Item> items;
  double bottom = 0;  ///< lowest ink
};

/// Title (bold, large, centred), an accent rule and the subtitle, from `top` down in `column`.
TitleBlock title_block(const CoverContext& c, const Palette& ink, const Box& column, double top,
                       double max_height) {
  const render::TextMeasure& m = c.measure;
  const std::string& title = c.spec.title;
  render::TextStyle style{FontRole::bold, 0, ink.text, 1.08, TextAlign::centre};
  style.size_pt = render::fit_words_size(title, FontRole::bold, kTitleSizePerWidth * column.width(),
                                         kTitleMinPt, column.width(), m);
  const auto lines = [&] {
    return render::wrap_text(title, FontRole::bold, style.size_pt, column.width(), m).size();
  };
  while (style.size_pt > kTitleMinPt &&
         (lines() > static_cast<std::size_t>(kTitleMaxLines) ||
          render::text_block_height(title, style, column.width(), m) > max_height)) {
    style.size_pt = std::max(kTitleMinPt, style.size_pt * 0.95);
  }
  const Box area{column.left, column.bottom, column.right, top};
  render::TextBlock block = render::text_block(title, style, area, m);
  if (block.overflow_lines > 0 ||
      render::text_block_height(title, style, column.width(), m) > max_height + 1e-6) {
    throw InputError(c.cover.place, "the title is too long for the front cover at " + c.spec.trim_name +
                                        " (it needs more than " + std::to_string(kTitleMaxLines) +
                                        " lines of " + format_in(kTitleMinPt, 0) + " pt); shorten it");
  }
  TitleBlock out;
  append_runs(out.items, block.runs);
  double y = block.bottom - style.size_pt * 0.42;
  // A short accent rule between title and subtitle.
  const double cx = (column.left + column.right) / 2;
  const double half = std::min(column.width() * 0.12, style.size_pt * 1.2);
  const double rule_h = std::max(1.5, style.size_pt * 0.06);
  out.items.push_back(render::filled_box({cx - half, y - rule_h, cx + half, y}, ink.accent));
  y -= rule_h;
  out.bottom = y;
  if (!c.spec.subtitle.empty()) {
    render::TextStyle sub{FontRole::text, std::max(9.0, style.size_pt * 0.4), ink.muted, 1.2,
                          TextAlign::centre};
    sub.size_pt = render::fit_words_size(c.spec.subtitle, FontRole::text, sub.size_pt, 9,
                                         column.width(), m);
    y -= style.size_pt * 0.42;
    const render::TextBlock s =
        render::text_block(c.spec.subtitle, sub, {column.left, column.bottom, column.right, y}, m);
    append_runs(out.items, s.runs);
    out.bottom = s.bottom;
  }
  return out;
}

/// The author, centred (wrapped if it must be, never under 9 pt), its ink's bottom at
/// `bottom`; returns its ink's top.
double add_author(std::vector<Item>& items, const CoverContext& c, const Colour& colour,
                  const Box& column, double bottom) {
  const render::TextMeasure& m = c.measure;
  render::TextStyle style{FontRole::text, 0, colour, 1.15, TextAlign::centre};
  const double largest = std::max(10.0, column.width() * 0.062);
  style.size_pt = std::max(9.0, render::fit_line_size(c.spec.author, FontRole::text, largest, column.width(), m));
  style.size_pt = render::fit_words_size(c.spec.author, FontRole::text, style.size_pt, 9.0, column.width(), m);
  const double top = bottom + render::text_block_height(c.spec.author, style, column.width(), m);
  append_runs(items, render::text_block(c.spec.author, style, {column.left, bottom, column.right, top}, m).runs);
  return top;
}

/// A puzzle on a white card with its shadow, and under it its stars and "Puzzle 161 · Evil",
/// centred in `area` (vertically too), at most `width_share` of its width. False when there is
/// no room for kMinGridIn.
bool add_card_grid(std::vector<Item>& items, const CoverContext& c, const Palette& ink,
                   const Box& area, int puzzle_index, double width_share, bool over_image) {
  const render::TextMeasure& m = c.measure;
  const render::FigureSlot slot = puzzle_slot(c.puzzles[puzzle_index], c.symbols[puzzle_index], puzzle_index + 1, c.words);
  const std::string caption = slot.name + " \xC2\xB7 " + slot.caption;  // middle dot
  // Label under the card: stars, then the caption; both scale with the grid.
  const auto label_height = [](double side) { return side * 0.16; };
  double side = std::min(area.width() * width_share, area.height() / 1.16);
  if (side < pt(kMinGridIn)) return false;
  const double block = side + label_height(side);
  const double top = area.top - (area.height() - block) / 2;
  const double cx = (area.left + area.right) / 2;
  const Box grid{cx - side / 2, top - side, cx + side / 2, top};
  const double shadow = side * 0.022;
  items.push_back(render::filled_box({grid.left + shadow, grid.bottom - shadow, grid.right + shadow,
                                      grid.top - shadow},
                                     ink.shadow));
  render::FigureInk figure_ink;
  figure_ink.lines = ink.card_ink;
  figure_ink.given = ink.card_ink;
  figure_ink.paper = ink.card;
  figure_ink.cell_line_pt = std::max(0.75, side * 0.0035);
  figure_ink.box_line_pt = std::max(1.5, side * 0.011);
  figure_ink.border_pt = std::max(2.0, side * 0.014);
  figure_ink.symbol_scale = 0.58;
  append(items, render::figure_items(slot.figure, grid, figure_ink, m));
  const double star_h = side * 0.05;
  const double stars_y = grid.bottom - shadow - side * 0.05 - star_h / 2;
  const double caption_size = std::max(kCoverMinTextPt, side * 0.042);
  const double baseline = stars_y - star_h / 2 - side * 0.03 - m.ascent_em(FontRole::text) * caption_size;
  if (over_image) {  // a plate of the background colour keeps the label readable on a picture
    const double half = std::max(render::star_row_width(star_h, slot.stars_total),
                                 m.width_pt(FontRole::text, caption, caption_size)) / 2 + caption_size;
    items.push_back(render::filled_box({cx - half, baseline - m.descent_em(FontRole::text) * caption_size - caption_size * 0.5,
                                        cx + half, stars_y + star_h / 2 + caption_size * 0.5},
                                       ink.background));
  }
  append(items, render::star_row({cx, stars_y}, star_h, slot.stars_filled, slot.stars_total, ink.accent));
  items.push_back(render::text_line(caption, FontRole::text, caption_size, ink.muted, cx, baseline,
                                    TextAlign::centre, m));
  return true;
}

/// Where the front image goes (the front and its bleed, not across the fold), scaled to cover
/// it, centred; and the resolution it prints at.
struct ImagePlacement {
  render::Image image;
  double dpi = 0;
  double needed_width_px = 0;
  double needed_height_px = 0;
};

ImagePlacement place_image(const CoverGeometry& g, const CoverSpec& cover) {
  const Box area{g.front.left, g.media.bottom, g.media.right, g.media.top};
  const ImageInfo& info = *cover.front_image_info;
  const double scale = std::max(area.width() / info.width_px, area.height() / info.height_px);  // pt/px
  const double w = info.width_px * scale;
  const double h = info.height_px * scale;
  const double cx = (area.left + area.right) / 2;
  const double cy = (area.bottom + area.top) / 2;
  ImagePlacement p;
  p.image = render::Image{{cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2}, *cover.front_image, area};
  p.dpi = kPointsPerInch / scale;
  p.needed_width_px = std::ceil(area.width() / kPointsPerInch * kImageDpi);
  p.needed_height_px = std::ceil(area.height() / kPointsPerInch * kImageDpi);
  return p;
}

void lay_out_front(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const Box column = design_column(g.front, c.spec.trim.width_in);
  const double gap = column.width() * 0.05;
  std::vector<Item>& items = out.page.items;
  const bool image = c.cover.front_image.has_value();

  std::vector<Item> text;  // title and author are painted over the image's bands
  const TitleBlock title = title_block(c, ink, column, column.top, column.height() * kTitleMaxShare);
  append(text, title.items);
  const double author_top = add_author(text, c, ink.text, column, column.bottom);

  if (image) {
    const ImagePlacement placed = place_image(g, c.cover);
    items.push_back(placed.image);
    // Bands of the background colour behind the title and the author, out to the bleed.
    const double pad = gap;
    items.push_back(render::filled_box({g.front.left, title.bottom - pad, g.media.right, g.media.top},
                                       ink.background));
    items.push_back(render::filled_box({g.front.left, g.media.bottom, g.media.right, author_top + pad},
                                       ink.background));
    if (placed.dpi < kImageDpi - 0.5) {
      char line[256];
      std::snprintf(line, sizeof line,
                    "cover.front_image %s prints at %.0f dpi on the front (printers ask for %.0f: "
                    "use an image of at least %.0f x %.0f pixels)",
                    c.cover.front_image->filename().string().c_str(), placed.dpi, kImageDpi,
                    placed.needed_width_px, placed.needed_height_px);
      out.warnings.push_back(line);
    }
  }
  append(items, std::move(text));
  if (c.cover.draws_grid()) {
    const std::optional<int> index = front_puzzle_index(c.puzzles);
    const Box area{column.left, author_top + gap, column.right, title.bottom - gap};
    if (index && add_card_grid(items, c, ink, area, *index, 0.8, image)) {
      out.front_puzzle = *index + 1;
    } else if (index) {
      out.warnings.push_back("the front cover has no room for the puzzle grid at " + c.spec.trim_name +
                             " with this title and subtitle: it is left out");
    }
  }
}

// ---- Spine ----------------------------------------------------------------------------------

/// Pages at which the printer's formula gives a spine of `spine_in`, rounded up (0 when the
/// printer has no formula).
int pages_for_spine(Printer printer, CoverPaper paper, double spine_in) {
  const std::optional<double> one = formula_spine_in(printer, paper, 1);
  const std::optional<double> none = formula_spine_in(printer, paper, 0);
  if (!one || !none || *one <= *none) return 0;
  return static_cast<int>(std::ceil((spine_in - *none) / (*one - *none) - 1e-9));
}

void lay_out_spine(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const render::TextMeasure& m = c.measure;
  const std::string printer(printer_name(out.printer));
  if (!c.cover.spine_text) {
    out.spine_text_why_not = "spine_text: never in the spec";
    return;
  }
  const int min_pages = spine_text_min_pages(out.printer);
  if (c.page_count < min_pages) {
    out.spine_text_why_not = printer + " prints spine text from " + std::to_string(min_pages) +
                             " pages; the book has " + std::to_string(c.page_count);
    return;
  }
  const double band = spine_band_pt(g.spine_in);
  const double em = std::max(ink_height_em(FontRole::bold, m), ink_height_em(FontRole::text, m));
  const double fit = band / em;  // the largest size whose ink fits the band
  if (fit < kCoverMinTextPt) {
    const double needed_in = kCoverMinTextPt * em / kPointsPerInch + 2 * kSpineFoldClearanceIn;
    std::string why = "the spine is " + format_in(g.spine_in) + " in wide; " +
                      format_in(kCoverMinTextPt, 0) + " pt text needs " + format_in(needed_in, 2) + " in";
    if (const int pages = pages_for_spine(out.printer, out.paper, needed_in); pages > 0) {
      why += ", about " + std::to_string(pages + pages % 2) + " pages of " +
             std::string(cover_paper_id(out.paper)) + " paper";
    }
    out.spine_text_why_not = why;
    return;
  }
  const double cap = std::max(kCoverMinTextPt, pt(c.spec.trim.width_in) * 0.055);
  double size = std::min({cap, fit, std::max(kCoverMinTextPt, fit * kSpineBandShare)});
  const double inset = pt(kCoverSafeMarginIn) + pt(0.2);  // from each trim end
  const double length = g.spine.height() - 2 * inset;
  const double author_scale = 0.85;
  const double gap_em = 2.0;
  const auto both_width = [&](double s) {
    return m.width_pt(FontRole::bold, c.spec.title, s) + gap_em * s +
           m.width_pt(FontRole::text, c.spec.author, s * author_scale);
  };
  bool with_author = true;
  if (both_width(size) > length) size = std::max(kCoverMinTextPt, size * length / both_width(size));
  if (both_width(size) > length + 1e-6 || size * author_scale < kCoverMinTextPt) {
    with_author = false;
    size = std::min({cap, fit, std::max(kCoverMinTextPt, fit * kSpineBandShare)});
    const double w = m.width_pt(FontRole::bold, c.spec.title, size);
    if (w > length) size = std::max(kCoverMinTextPt, size * length / w);
    if (m.width_pt(FontRole::bold, c.spec.title, size) > length + 1e-6) {
      out.spine_text_why_not = "the title is too long for the spine at " + format_in(kCoverMinTextPt, 0) + " pt";
      return;
    }
  }
  const double cx = (g.spine.left + g.spine.right) / 2;
  std::vector<Item>& items = out.page.items;
  if (with_author) {
    const double title_w = m.width_pt(FontRole::bold, c.spec.title, size);
    const double author_w = m.width_pt(FontRole::text, c.spec.author, size * author_scale);
    items.push_back(render::centred_text(c.spec.title, FontRole::bold, size, ink.text,
                                         {cx, g.spine.top - inset - title_w / 2}, -90, m));
    items.push_back(render::centred_text(c.spec.author, FontRole::text, size * author_scale, ink.muted,
                                         {cx, g.spine.bottom + inset + author_w / 2}, -90, m));
  } else {
    items.push_back(render::centred_text(c.spec.title, FontRole::bold, size, ink.text,
                                         {cx, (g.spine.top + g.spine.bottom) / 2}, -90, m));
  }
  out.spine_text_shown = true;
}

// ---- Back -----------------------------------------------------------------------------------

/// A line per section ("★★☆☆☆ 40 Medium puzzles") and the solutions line, from `top` down.
std::vector<Item> contents_items(const CoverContext& c, const Palette& ink, const Box& column, double top,
                                 double size) {
  const render::TextMeasure& m = c.measure;
  std::vector<Item> items;
  const double step = size * 1.7;
  const double star_h = m.cap_height_em(FontRole::text) * size * 1.1;
  const double stars_w = render::star_row_width(star_h, 5);
  double baseline = top - m.ascent_em(FontRole::text) * size;
  for (const Section& section : c.spec.sections) {
    const double mid = baseline + m.cap_height_em(FontRole::text) * size / 2;
    append(items, render::star_row({column.left + stars_w / 2, mid}, star_h, engine::grade_stars(section.grade),
                                   5, ink.accent));
    items.push_back(render::text_line(c.words.cover_section_line(section.count, section.grade),
                                      FontRole::text, size, ink.text, column.left + stars_w + size * 0.8,
                                      baseline, TextAlign::left, m));
    baseline -= step;
  }
  items.push_back(render::text_line(c.words.cover_solutions_line(), FontRole::bold, size, ink.text,
                                    column.left, baseline, TextAlign::left, m));
  return items;
}

double contents_height(const CoverContext& c, double size) {
  const double lines = static_cast<double>(c.spec.sections.size()) + 1;
  return (lines - 1) * size * 1.7 + ink_height_em(FontRole::bold, c.measure) * size;
}

void lay_out_back(BookCover& out, const CoverContext& c, const Palette& ink) {
  const CoverGeometry& g = out.geometry;
  const render::TextMeasure& m = c.measure;
  const Box column = design_column(g.back, c.spec.trim.width_in);
  const double gap = pt(0.2);
  const double preferred = kBlurbBasePt + kBlurbPerInchPt * c.spec.trim.width_in;
  // The publisher's line: at the foot beside the barcode box when it fits there at 7 pt or
  // more, else (and without a box) on a line of its own above everything else's floor.
  const double beside_width = (g.barcode ? g.barcode->left - gap : column.right) - column.left;
  double publisher_size = 0;
  bool publisher_beside = false;
  if (!c.spec.publisher.empty()) {
    const double largest = std::max(9.0, preferred * 0.9);
    publisher_size = render::fit_line_size(c.spec.publisher, FontRole::bold, largest, beside_width, m);
    publisher_beside = g.barcode && publisher_size >= kCoverMinTextPt;
    if (!publisher_beside) publisher_size = render::fit_line_size(c.spec.publisher, FontRole::bold, largest, column.width(), m);
  }
  const double publisher_line = ink_height_em(FontRole::bold, m) * publisher_size + gap;
  double floor = g.barcode ? std::max(column.bottom, g.barcode->top + gap) : column.bottom;
  const double publisher_bottom = floor;  // when not beside the box
  if (publisher_size > 0 && !publisher_beside) floor += publisher_line;
  const double least = std::max(9.0, preferred * kBlurbMinShare);
  const std::string& blurb = c.cover.back_text;
  std::vector<Item>& items = out.page.items;

  render::TextStyle style{FontRole::text, preferred, ink.text, 1.38, TextAlign::left, 0.6};
  const double contents_size = std::max(kCoverMinTextPt + 2, preferred * 0.95);
  const double contents_h = contents_height(c, contents_size);
  // A headline: the subtitle (or the title), bold, in the accent colour.
  const std::string& headline = c.spec.subtitle.empty() ? c.spec.title : c.spec.subtitle;
  render::TextStyle head{FontRole::bold, 0, ink.accent, 1.15, TextAlign::left};
  head.size_pt = render::fit_words_size(headline, FontRole::bold, preferred * 1.45, preferred, column.width(), m);
  const double between = pt(0.45);  // blurb to contents, an accent rule half-way
  // The blurb at its size, else smaller (down to `least`), with the contents list under it;
  // failing that, without the list.
  struct Plan {
    double size = 0, head_h = 0, blurb_h = 0, gap = 0, total = 0;
    bool contents = false;
  };
  const auto plan = [&](bool with_contents) -> std::optional<Plan> {
    for (double size = preferred;; size = std::max(least, size - 0.5)) {
      style.size_pt = size;
      head.size_pt = std::min(head.size_pt, size * 1.45);
      Plan p;
      p.size = size;
      p.contents = with_contents;
      p.head_h = render::text_block_height(headline, head, column.width(), m) + size * 0.9;
      p.blurb_h = render::text_block_height(blurb, style, column.width(), m);
      p.gap = p.blurb_h > 0 && with_contents ? between : 0.0;
      p.total = p.head_h + p.blurb_h + p.gap + (with_contents ? contents_h : 0.0);
      if (p.total <= column.top - floor) return p;
      if (size <= least) return std::nullopt;
    }
  };
  std::optional<Plan> chosen = plan(true);
  if (!chosen) chosen = plan(false);
  if (!chosen) {
    style.size_pt = least;
    const render::TextBlock block = render::text_block(blurb, style, {column.left, floor, column.right, column.top}, m);
    throw InputError(c.cover.back_text_place,
                     "the blurb is " + std::to_string(block.overflow_lines) +
                         (block.overflow_lines == 1 ? " line" : " lines") + " too long for the back cover at " +
                         c.spec.trim_name + " (it holds " + std::to_string(block.lines - block.overflow_lines) +
                         " lines of " + format_in(least, 1) + " pt above the barcode box); shorten it");
  }
  const Plan& p = *chosen;
  style.size_pt = p.size;
  // With room left, a second real puzzle (the book's first) under the text; the text then
  // starts at the top. Without, the text sits a third of the way down the free space.
  const double free = column.top - floor - p.total;
  const double grid_gap = pt(0.4);
  const bool sample = !c.puzzles.empty() && free - grid_gap >= pt(kMinGridIn) * 1.2;
  const double head_top = sample ? column.top : column.top - free * 0.35;
  append_runs(items, render::text_block(headline, head, {column.left, floor, column.right, head_top}, m).runs);
  const double top = head_top - p.head_h;
  append_runs(items, render::text_block(blurb, style, {column.left, floor, column.right, top}, m).runs);
  if (p.contents) {
    if (p.gap > 0) {
      const double y = top - p.blurb_h - p.gap / 2;
      items.push_back(render::filled_box({column.left, y - 0.75, column.left + pt(0.6), y + 0.75}, ink.accent));
    }
    append(items, contents_items(c, ink, column, top - p.blurb_h - p.gap, contents_size));
  }
  if (sample) {
    const Box area{column.left, floor, column.right, head_top - p.total - grid_gap};
    if (add_card_grid(items, c, ink, area, 0, 0.62, false)) out.back_puzzle = 1;
  }
  if (publisher_size >= kCoverMinTextPt) {
    const double bottom = publisher_beside ? column.bottom : publisher_bottom;
    items.push_back(render::text_line(c.spec.publisher, FontRole::bold, publisher_size, ink.muted, column.left,
                                      bottom + m.descent_em(FontRole::bold) * publisher_size, TextAlign::left, m));
  } else if (!c.spec.publisher.empty()) {
    out.warnings.push_back("the publisher's name is too long for the back cover at 7 pt: it is left out");
  }
}

/// Every text run's ink inside one safe zone, nothing in the barcode box: layout's promise,
/// checked like the interior's fit check.
void check_cover(const BookCover& out, const CoverContext& c) {
  const CoverGeometry& g = out.geometry;
  for (const Item& item : out.page.items) {
    const Box ink = render::ink_bounds(item, c.measure);
    if (const auto* run = std::get_if<render::TextRun>(&item); run && run->size_pt < kCoverMinTextPt - 1e-9) {
      throw std::logic_error("cover layout: text under 7 pt: " + run->text);
    }
    if (std::holds_alternative<render::TextRun>(item)) {
      const bool safe = g.front_safe.contains(ink, 0.5) || g.back_safe.contains(ink, 0.5) ||
                        g.spine_safe.contains(ink, 0.5);
      if (!safe) {
        throw InputError(c.cover.place, "the cover's text '" + std::get<render::TextRun>(item).text +
                                            "' does not fit inside the safe zone at " + c.spec.trim_name +
                                            " (shorten the title, subtitle or author)");
      }
    }
    if (g.barcode) {
      const Box& b = *g.barcode;
      const Box inner{b.left + 0.01, b.bottom + 0.01, b.right - 0.01, b.top - 0.01};
      if (inner.overlaps(ink)) throw std::logic_error("cover layout: an item overlaps the barcode box");
    }
  }
}

}  // namespace

render::Colour cover_ink(const Rgb& colour, Printer printer) { return ink_of(to_f(colour), printer); }

double cover_spine_in(const BookSpec& spec, const CoverSpec& cover, int page_count) {
  if (cover.spine_in) return *cover.spine_in;
  const CoverPaper paper = cover.paper_or(spec.paper);
  if (const std::optional<double> spine = formula_spine_in(cover.printer, paper, page_count)) return *spine;
  throw InputError(cover.place,
                   "'cover.spine_in' is required for printer " + std::string(printer_id(cover.printer)) +
                       ": IngramSpark publishes its paper thickness only through its cover template "
                       "generator (ingramspark.com, Resources > Tools); enter the spine width it gives "
                       "for this book's " + std::to_string(page_count) + " pages on " +
                       std::string(cover_paper_id(paper)) + " paper");
}

BookCover make_cover(const CoverContext& c) {
  BookCover out;
  out.printer = c.cover.printer;
  out.paper = c.cover.paper_or(c.spec.paper);
  out.spine_in_from_spec = c.cover.spine_in.has_value();
  const double spine_in = cover_spine_in(c.spec, c.cover, c.page_count);
  out.geometry = cover_geometry(c.spec.trim, spine_in, out.printer, c.cover.keep_barcode_clear);
  const CoverGeometry& g = out.geometry;
  out.page.width_pt = g.width_pt;
  out.page.height_pt = g.height_pt;
  out.page.trim_box = g.trim;
  out.page.bleed_box = g.media;

  if (c.cover.spine_in) {
    if (const auto formula = formula_spine_in(out.printer, out.paper, c.page_count);
        formula && std::abs(*formula - *c.cover.spine_in) > kKdpSpineToleranceIn) {
      out.warnings.push_back("cover.spine_in " + format_in(*c.cover.spine_in) + " in is " +
                             format_in(std::abs(*formula - *c.cover.spine_in), 3) + " in off " +
                             std::string(printer_name(out.printer)) + "'s " + format_in(*formula) +
                             " in for " + std::to_string(c.page_count) + " pages of " +
                             std::string(cover_paper_id(out.paper)) + " paper" +
                             (out.printer == Printer::kdp
                                  ? " (KDP rejects more than " + format_in(kKdpSpineToleranceIn) + " in)"
                                  : " (check it against " + std::string(printer_name(out.printer)) +
                                        "'s cover template)"));
    }
  }
  if (c.cover.paper && cover_paper_of(c.spec.paper) != *c.cover.paper) {
    out.warnings.push_back("cover.paper " + std::string(cover_paper_id(*c.cover.paper)) +
                           " differs from the book's paper " + std::string(paper_id(c.spec.paper)) +
                           ": the spine is sized for " + std::string(cover_paper_id(*c.cover.paper)));
  }
  if (c.cover.front_image_info && c.cover.front_image_info->transparency) {
    out.warnings.push_back("cover.front_image " + c.cover.front_image->filename().string() +
                           " has transparency; printers ask for flattened art: flatten it onto a "
                           "background");
  }

  const Palette ink = palette_of(c.cover);
  for (auto& rect : g.barcode ? render::fill_around(g.media, *g.barcode, ink.background)
                              : std::vector<render::Rect>{render::filled_box(g.media, ink.background)}) {
    out.page.items.push_back(rect);
  }
  lay_out_front(out, c, ink);
  lay_out_spine(out, c, ink);
  lay_out_back(out, c, ink);
  check_cover(out, c);
  return out;
}

ManifestCover cover_record(const BookCover& cover) {
  const auto rect = [](const Box& b) { return RectPt{b.left, b.bottom, b.width(), b.height()}; };
  ManifestCover r;
  r.printer = cover.printer;
  r.paper = cover.paper;
  r.spine_in = cover.geometry.spine_in;
  r.spine_in_from_spec = cover.spine_in_from_spec;
  r.width_pt = cover.geometry.width_pt;
  r.height_pt = cover.geometry.height_pt;
  r.spine_text = cover.spine_text_shown;
  r.spine_text_why_not = cover.spine_text_why_not;
  r.front = rect(cover.geometry.front);
  r.back = rect(cover.geometry.back);
  r.spine = rect(cover.geometry.spine);
  if (cover.geometry.barcode) r.barcode = rect(*cover.geometry.barcode);
  return r;
}

}  // namespace puzzlepress::book
