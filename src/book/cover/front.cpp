// The front panel: title, subtitle, the book's hardest puzzle on a card (or the front image),
// the author.
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

namespace puzzlepress::book::cover_parts {

TitleBlock title_block(const CoverContext& c, const Palette& ink, const Box& column, double top, double max_height) {
  const render::TextMeasure& m = c.measure;
  const std::string& title = c.spec.title;
  render::TextStyle style{FontRole::bold, 0, ink.text, 1.08, TextAlign::centre};
  style.size_pt = render::fit_words_size(title, FontRole::bold, kTitleSizePerWidth * column.width(), kTitleMinPt,
                                         column.width(), m);
  const auto lines = [&] { return render::wrap_text(title, FontRole::bold, style.size_pt, column.width(), m).size(); };
  while (style.size_pt > kTitleMinPt && (lines() > static_cast<std::size_t>(kTitleMaxLines) ||
                                         render::text_block_height(title, style, column.width(), m) > max_height)) {
    style.size_pt = std::max(kTitleMinPt, style.size_pt * 0.95);
  }
  const double inset =
      (column.width() - render::balanced_width(title, FontRole::bold, style.size_pt, column.width(), m)) / 2;
  const Box area{column.left + inset, column.bottom, column.right - inset, top};  // balanced lines
  render::TextBlock block = render::text_block(title, style, area, m);
  if (block.overflow_lines > 0 || render::text_block_height(title, style, column.width(), m) > max_height + 1e-6) {
    throw InputError(c.cover.place, "the title is too long for the front cover at " + c.spec.trim_name +
                                        " (it needs more than " + std::to_string(kTitleMaxLines) + " lines of " +
                                        format_in(kTitleMinPt, 0) + " pt); shorten it");
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
    // Readable at thumbnail size and in hand: never under kSubtitleMinPt, however long the title.
    const std::string& subtitle = c.spec.subtitle;
    render::TextStyle sub{FontRole::text, std::max(kSubtitleMinPt, style.size_pt * 0.4), ink.muted, 1.2,
                          TextAlign::centre};
    sub.size_pt = render::fit_words_size(subtitle, FontRole::text, sub.size_pt, kSubtitleMinPt, column.width(), m);
    y -= style.size_pt * 0.42;
    const double sub_inset =
        (column.width() - render::balanced_width(subtitle, FontRole::text, sub.size_pt, column.width(), m)) / 2;
    const render::TextBlock s =
        render::text_block(subtitle, sub, {column.left + sub_inset, column.bottom, column.right - sub_inset, y}, m);
    const bool word_too_wide =
        render::fit_words_size(subtitle, FontRole::text, kSubtitleMinPt, 1, column.width(), m) < kSubtitleMinPt;
    if (s.overflow_lines > 0 || word_too_wide) {
      Place place = c.cover.place;
      for (const TextField& field : c.spec.text_fields) {
        if (field.key == "subtitle") place = field.place;
      }
      const std::string least = format_in(kSubtitleMinPt, 0) + " pt (the least size that reads at a glance)";
      throw InputError(place, word_too_wide ? "the subtitle has a word wider than the front cover at " +
                                                  c.spec.trim_name + " in " + least + "; shorten it"
                                            : "the subtitle does not fit on the front cover at " + c.spec.trim_name +
                                                  " in " + least + " under this title; shorten it or the title");
    }
    append_runs(out.items, s.runs);
    out.bottom = s.bottom;
  }
  return out;
}

double add_author(std::vector<Item>& items, const CoverContext& c, const Colour& colour, const Box& column,
                  double bottom) {
  const render::TextMeasure& m = c.measure;
  render::TextStyle style{FontRole::text, 0, colour, 1.15, TextAlign::centre};
  const double largest = std::max(10.0, column.width() * 0.062);
  style.size_pt = std::max(9.0, render::fit_line_size(c.spec.author, FontRole::text, largest, column.width(), m));
  style.size_pt = render::fit_words_size(c.spec.author, FontRole::text, style.size_pt, 9.0, column.width(), m);
  const double top = bottom + render::text_block_height(c.spec.author, style, column.width(), m);
  append_runs(items, render::text_block(c.spec.author, style, {column.left, bottom, column.right, top}, m).runs);
  return top;
}

render::Image place_front_image(BookCover& out, const CoverContext& c, const Box& area) {
  const ImageInfo& info = *c.cover.front_image_info;
  const double scale = std::max(area.width() / info.width_px, area.height() / info.height_px);  // pt/px
  const double w = info.width_px * scale;
  const double h = info.height_px * scale;
  const double cx = (area.left + area.right) / 2;
  const double cy = (area.bottom + area.top) / 2;
  const double dpi = kPointsPerInch / scale;
  if (dpi < kImageDpi - 0.5) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "cover.front_image %s prints at %.0f dpi on the front (printers ask for %.0f: "
                  "use an image of at least %.0f x %.0f pixels)",
                  c.cover.front_image->filename().string().c_str(), dpi, kImageDpi,
                  std::ceil(area.width() / kPointsPerInch * kImageDpi),
                  std::ceil(area.height() / kPointsPerInch * kImageDpi));
    out.warnings.push_back(line);
  }
  return render::Image{{cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2}, *c.cover.front_image, area};
}

Box design_column(const Box& panel, double trim_width_in) {
  const double margin = pt(std::max(kPanelMarginMinIn, kPanelMarginPerWidth * trim_width_in));
  return {panel.left + margin, panel.bottom + margin, panel.right - margin, panel.top - margin};
}

std::optional<int> front_puzzle_index(const std::vector<engine::Puzzle>& puzzles,
                                      const std::vector<engine::Killer>* killers) {
  std::optional<int> best;
  for (int i = 0; i < static_cast<int>(puzzles.size()); ++i) {
    const bool killer = killers != nullptr && static_cast<std::size_t>(i) < killers->size() &&
                        !(*killers)[static_cast<std::size_t>(i)].cages.empty();
    const auto& givens = puzzles[i].givens.cells;
    if (!killer && std::all_of(givens.begin(), givens.end(), [](int v) { return v == 0; })) continue;
    if (!best || puzzles[i].grade > puzzles[*best].grade) best = i;
  }
  return best;
}

const engine::Killer* cover_killer(const CoverContext& c, int index) {
  const auto k = static_cast<std::size_t>(index);
  if (c.killers == nullptr || k >= c.killers->size() || (*c.killers)[k].cages.empty()) return nullptr;
  return &(*c.killers)[k];
}

render::FigureSlot cover_slot(const CoverContext& c, int puzzle_index) {
  const engine::Killer* killer = cover_killer(c, puzzle_index);
  render::FigureSlot slot =
      killer ? killer_slot(c.puzzles[puzzle_index], *killer, c.symbols[puzzle_index], puzzle_index + 1, c.words)
             : puzzle_slot(c.puzzles[puzzle_index], c.symbols[puzzle_index], puzzle_index + 1, c.words);
  show_kind(slot.figure, c.layouts[puzzle_index], c.spec.section_of(puzzle_index).tint);
  if (c.spec.reader() == Audience::kids) {  // the interior's scale: the book's own levels
    const StarScale stars = c.spec.stars(c.puzzles[puzzle_index].grade);
    slot.stars_filled = stars.filled;
    slot.stars_total = stars.total;
  }
  return slot;
}

double add_card_grid(std::vector<Item>& items, const CoverContext& c, const Palette& ink, const Box& area,
                     int puzzle_index, double width_share, bool over_image, double max_side_pt, CardAlign align) {
  const render::TextMeasure& m = c.measure;
  const render::FigureSlot slot = cover_slot(c, puzzle_index);
  const std::string caption = slot.name + " \xC2\xB7 " + slot.caption;  // middle dot
  // Label under the card: stars, then the caption; both scale with the grid.
  const auto label_height = [](double side) { return side * 0.16; };
  const double side = std::min({area.width() * width_share, area.height() / 1.16, max_side_pt});
  if (side < pt(kMinGridIn)) return 0;
  const double block = side + label_height(side);
  const double top = area.top - (area.height() - block) / 2;
  const double cx = align == CardAlign::left ? area.left + side / 2 : (area.left + area.right) / 2;
  const Box grid{cx - side / 2, top - side, cx + side / 2, top};
  const double shadow = side * 0.022;
  items.push_back(render::filled_box({grid.left + shadow, grid.bottom - shadow, grid.right + shadow, grid.top - shadow},
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
    const double half =
        std::max(render::star_row_width(star_h, slot.stars_total), m.width_pt(FontRole::text, caption, caption_size)) /
            2 +
        caption_size;
    items.push_back(
        render::filled_box({cx - half, baseline - m.descent_em(FontRole::text) * caption_size - caption_size * 0.5,
                            cx + half, stars_y + star_h / 2 + caption_size * 0.5},
                           ink.background));
  }
  if (align == CardAlign::left) {
    const double stars_w = render::star_row_width(star_h, slot.stars_total);
    append(items, render::star_row({grid.left + stars_w / 2, stars_y}, star_h, slot.stars_filled, slot.stars_total,
                                   ink.accent));
    items.push_back(
        render::text_line(caption, FontRole::text, caption_size, ink.muted, grid.left, baseline, TextAlign::left, m));
    return side;
  }
  append(items, render::star_row({cx, stars_y}, star_h, slot.stars_filled, slot.stars_total, ink.accent));
  items.push_back(
      render::text_line(caption, FontRole::text, caption_size, ink.muted, cx, baseline, TextAlign::centre, m));
  return side;
}

void lay_out_front(BookCover& out, const CoverContext& c, const Palette& ink) {
  switch (c.cover.design) {
    case CoverDesign::band: return lay_out_band_front(out, c, ink);
    case CoverDesign::giant: return lay_out_giant_front(out, c, ink);
    case CoverDesign::pattern: return lay_out_pattern_front(out, c, ink);
    case CoverDesign::photo: return lay_out_photo_front(out, c, ink);
    case CoverDesign::card: break;
  }
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
    items.push_back(place_front_image(out, c, {g.front.left, g.media.bottom, g.media.right, g.media.top}));
    // Bands of the background colour behind the title and the author, out to the bleed.
    const double pad = gap;
    items.push_back(render::filled_box({g.front.left, title.bottom - pad, g.media.right, g.media.top}, ink.background));
    items.push_back(
        render::filled_box({g.front.left, g.media.bottom, g.media.right, author_top + pad}, ink.background));
  }
  append(items, std::move(text));
  // The badges above the author; the grid between them and the title.
  const double floor =
      badge_row_height(c, column) > 0 ? add_badges(items, c, ink, column, author_top + gap, "card") : author_top;
  if (c.cover.draws_grid()) {
    const std::optional<int> index = front_puzzle_index(c.puzzles, c.killers);
    const Box area{column.left, floor + gap, column.right, title.bottom - gap};
    if (index && (out.front_grid_side_pt = add_card_grid(items, c, ink, area, *index, 0.8, image)) > 0) {
      out.front_puzzle = *index + 1;
    } else if (index) {
      out.warnings.push_back("the front cover has no room for the puzzle grid at " + c.spec.trim_name +
                             " with this title and subtitle: it is left out");
    }
  }
}

}  // namespace puzzlepress::book::cover_parts
