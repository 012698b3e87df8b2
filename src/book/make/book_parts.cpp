#include "book/make/book_parts.h"

#include <algorithm>
#include <cstdio>

#include "book/cover/pdfx.h"
#include "book/make/pages.h"
#include "render/layout.h"

namespace puzzlepress::book {
namespace {

render::Box to_box(const RectPt& r) { return {r.x, r.y, r.x + r.width, r.y + r.height}; }
RectPt to_rect(const render::Box& b) { return {b.left, b.bottom, b.width(), b.height()}; }

std::unique_ptr<render::PdfFontMetrics> load_metrics(const BookSpec& spec, const render::FontFiles& fonts) {
  auto metrics = render::PdfFontMetrics::load(fonts);
  if (metrics) return std::move(*metrics);
  // Our fonts are built in (or a PUZZLEPRESS_HOME file that exists): a failure is the spec's font.
  const bool chosen = spec.fonts.text || spec.fonts.bold || spec.fonts.digits;
  if (chosen) throw InputError(spec.fonts_place, metrics.error());
  throw EnvironmentError(metrics.error());
}

// Lines of `items` that print `field` or a part of it (a wrapped line is a part; a line that
// another field with the same text prints counts too: enough to find the culprit, not to count).
int lines_of(const TextField& field, const std::vector<render::Item>& items) {
  int lines = 0;
  for (const auto& item : items) {
    const auto* run = std::get_if<render::TextRun>(&item);
    if (run && !run->text.empty() && field.text.find(run->text) != std::string::npos) ++lines;
  }
  return lines;
}

// The field that wraps onto the most lines of `items` (two at least), or null.
const TextField* field_wrapped_most(const std::vector<TextField>& fields, const std::vector<render::Item>& items) {
  const TextField* most = nullptr;
  int most_lines = 1;
  for (const TextField& field : fields) {
    const int lines = lines_of(field, items);
    if (lines > most_lines) most = &field, most_lines = lines;
  }
  return most;
}

}  // namespace

render::FontFiles font_files(const BookSpec& spec, const Resources& resources) {
  render::FontFiles fonts = shipped_fonts(resources);
  if (spec.fonts.text) fonts.text = *spec.fonts.text;
  if (spec.fonts.bold) fonts.bold = *spec.fonts.bold;
  if (spec.fonts.digits) {  // one face for all digits; solved digits stay grey
    fonts.symbol = *spec.fonts.digits;
    fonts.solved_symbol = *spec.fonts.digits;
  }
  return fonts;
}

render::PageFrame frame_for(const BookSpec& spec, const LayoutPreset& layout, const PlannedPage& planned,
                            int page_count) {
  const PageSizePt size = page_size_pt(spec.trim, spec.bleed);
  render::PageFrame frame;
  frame.width_pt = size.width;
  frame.height_pt = size.height;
  frame.trim_box = to_box(trim_box_pt(planned.number, spec.trim, spec.bleed));
  frame.content = to_box(content_box_pt(planned.number, page_count, spec.trim, spec.bleed, layout.min_margins_in));
  frame.folio = planned.shows_number ? std::to_string(planned.number) : "";
  frame.recto = is_recto(planned.number);
  frame.bleed = spec.bleed;
  return frame;
}

Manifest make_manifest(const BookSpec& spec, const Book& book, const std::string& version) {
  Manifest m;
  m.title = spec.title;
  m.author = spec.author;
  m.trim = spec.trim_name;
  const PageSizePt size = page_size_pt(spec.trim, spec.bleed);
  m.page_width_pt = size.width;
  m.page_height_pt = size.height;
  m.page_count = static_cast<int>(book.pages.size());
  m.seed = spec.seed;
  m.version = version;
  m.bleed = spec.bleed;
  m.paper = spec.paper;
  m.grading = std::string(engine::grading_id(spec.grading));
  for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
    const engine::Killer* killer =
        k < book.killers.size() && !book.killers[k].cages.empty() ? &book.killers[k] : nullptr;
    m.puzzles.push_back(
        to_manifest_puzzle(book.puzzles[k], book.layouts[k], book.symbols[k], static_cast<int>(k) + 1, killer));
  }
  m.allow_trial = spec.allow_trial;
  m.cross_references = spec.cross_references;
  m.kids = spec.reader() == Audience::kids;
  m.grid_labels = spec.shows_grid_labels();
  if (!spec.catalogue.empty()) {  // the catalogue registers them; other books keep their bytes
    m.series = spec.series;
    m.volume = spec.volume;
  }
  m.language = spec.language;
  m.text = spec.text;
  for (std::size_t k = 0; spec.hints && k < book.hints.size(); ++k) {
    ManifestHint hint;
    const auto technique = book.hints[k].technique();
    hint.technique = technique ? std::string(engine::technique_name(*technique)) : "";
    hint.text = book.hints[k].sentence;
    m.puzzles[k].hint = hint;
  }
  for (const BookPage& page : book.pages) {
    // The page that names the grades: the rules page, or the first kind page of a book without
    // it (a book of jigsaws', or of killers').
    if (page.planned.kind == PageKind::how_to_play && !m.how_to_play &&
        (page.planned.section < 0 || !has_classic_rules(spec.sections)))
      m.how_to_play = ManifestHowToPlay{page.planned.number, book_grades(spec.sections)};
    if (page.planned.kind == PageKind::copyright)
      m.copyright = ManifestCopyright{page.planned.number, spec.credit_line};
    if (page.planned.kind == PageKind::cage_table) {
      if (!m.cage_table) m.cage_table = ManifestCageTable{page.planned.number, 0};
      ++m.cage_table->pages;
    }
    if (page.planned.kind == PageKind::hints) {
      // The first hints page's paragraph names the puzzles that need singles only.
      if (page.planned.entries.empty() || page.planned.entries.front() == 0) {
        for (ManifestPuzzle& mp : m.puzzles) {
          if (mp.hint) mp.hint->page = page.planned.number;
        }
      }
      for (int index : page.planned.puzzles)
        m.puzzles[static_cast<std::size_t>(index)].hint->page = page.planned.number;
      continue;
    }
    if (page.planned.kind != PageKind::puzzles && page.planned.kind != PageKind::solutions) continue;
    const bool answers = page.planned.kind == PageKind::solutions;
    for (std::size_t i = 0; i < page.planned.puzzles.size(); ++i) {
      ManifestPuzzle& mp = m.puzzles[page.planned.puzzles[i]];
      (answers ? mp.solution_page : mp.page) = page.planned.number;
      (answers ? mp.solution_rect : mp.rect) = to_rect(page.grid_boxes[i]);
    }
  }
  return m;
}

namespace {

void check_page_fits(const BookSpec& spec, const LayoutPreset& layout, const BookPage& page,
                     const render::TextMeasure& measure) {
  const std::string where = "page " + std::to_string(page.planned.number) + " (" +
                            std::string(page_kind_id(page.planned.kind)) + ") at trim " + spec.trim_name +
                            " with layout " + layout.name;
  // Symbols never print under 7 pt (layout keeps them there even when symbol_scale would not);
  // a cell must still leave a 7 pt symbol room: it may fill at most 80% of the cell.
  if (!page.grid_boxes.empty() && layout.style.min_text_pt > 0.8 * page.smallest_cell_pt) {
    char size[32];
    std::snprintf(size, sizeof size, "%.0f", page.grid_boxes.front().width());
    char least[32];
    std::snprintf(least, sizeof least, "%g", layout.style.min_text_pt);
    throw InputError(spec.fit_place(), where + ": grids would be " + size + " pt wide, too small for " + least +
                                           " pt symbols (choose fewer grids per page or a larger trim)");
  }
  // Killer cage sums print at render::kCageSumShare of a cell: never under render::kMinCageSumPt.
  const bool killers =
      page.planned.kind == PageKind::puzzles && std::any_of(page.planned.puzzles.begin(), page.planned.puzzles.end(),
                                                            [&](int k) { return spec.section_of(k).killer; });
  if (killers && render::kCageSumShare * page.smallest_cell_pt < render::kMinCageSumPt) {
    char size[32];
    std::snprintf(size, sizeof size, "%.1f", render::kCageSumShare * page.smallest_cell_pt);
    char least[32];
    std::snprintf(least, sizeof least, "%g", render::kMinCageSumPt);
    throw InputError(spec.fit_place(), where + ": killer cage sums would print at " + size + " pt, under the " + least +
                                           " pt they need (choose fewer grids per page or a larger trim)");
  }
  if (!page.overwide_line.empty()) {  // a label or footnote that would reach into its neighbour
    char size[32];
    std::snprintf(size, sizeof size, "%.0f", page.grid_boxes.empty() ? 0.0 : page.grid_boxes.front().width());
    throw InputError(spec.fit_place(), where + ": '" + page.overwide_line + "' is wider than its " + size +
                                           " pt grid even in the least type (choose fewer grids per page, a larger "
                                           "trim, or solutions: { cross_references: false })");
  }
  for (const auto& item : page.page.items) {
    if (!page.frame.content.contains(render::ink_bounds(item, measure), 0.5)) {
      // A line of the spec's own text wider than the page: blame that value (a long author is
      // the author's fault, not the title's). Content that overflows downwards keeps the
      // general message: the title and subtitle above push it.
      const auto* run = std::get_if<render::TextRun>(&item);
      const bool too_wide = run && render::ink_bounds(item, measure).width() > page.frame.content.width() + 0.5;
      if (too_wide && !run->text.empty() && !spec.fit_place().is_flag) {
        // The longest field that is this line or a part of it ("© 2026 <author>").
        const TextField* blamed = nullptr;
        for (const TextField& field : spec.text_fields) {
          const bool match =
              field.text.find(run->text) != std::string::npos || run->text.find(field.text) != std::string::npos;
          if (match && (!blamed || field.text.size() > blamed->text.size())) blamed = &field;
        }
        if (blamed) {
          throw InputError(blamed->place, where + ": '" + blamed->key +
                                              "' does not fit inside the margins (shorten it, "
                                              "or choose a larger trim)");
        }
      }
      // Content pushed down past the margin: blame the spec's field that takes the most lines
      // of the page when it wraps (a long author on the copyright page), unless it is the title
      // or subtitle, which the general message names.
      if (!spec.fit_place().is_flag) {
        const TextField* wrapped = field_wrapped_most(spec.text_fields, page.page.items);
        if (wrapped && wrapped->key != "title" && wrapped->key != "subtitle") {
          throw InputError(wrapped->place, where + ": the content does not fit inside the margins; '" + wrapped->key +
                                               "' wraps onto too many lines (shorten it, or choose a larger trim)");
        }
      }
      // Advice that can help on this page: a shorter title where the page prints it, fewer
      // grids where it prints grids, a larger trim anywhere.
      const bool prints_title = std::any_of(page.page.items.begin(), page.page.items.end(), [&](const render::Item& i) {
        const auto* r = std::get_if<render::TextRun>(&i);
        return r && !r->text.empty() &&
               (spec.title.find(r->text) != std::string::npos ||
                (!spec.subtitle.empty() && spec.subtitle.find(r->text) != std::string::npos));
      });
      std::string advice =
          prints_title ? "shorten the title or subtitle, or choose a larger trim" : "choose a larger trim";
      if (!page.grid_boxes.empty()) advice += " or a layout with fewer grids per page";
      throw InputError(spec.fit_place(), where + ": the content does not fit inside the margins (" + advice + ")");
    }
  }
}

}  // namespace

void check_fits(const BookSpec& spec, const LayoutPreset& layout, const BookPage& page,
                const render::TextMeasure& measure) {
  try {
    check_page_fits(spec, layout, page, measure);
  } catch (const InputError& e) {
    if (spec.reader() != Audience::kids) throw;
    // A kids book sets larger type and grids than the same book for adults: say so, and how.
    throw InputError(e.place(), e.message() +
                                    "; this is a kids book (text of 14 pt or more, large grids): 'audience: adults' "
                                    "prints it in a book's usual sizes");
  }
}

std::vector<const Section*> puzzle_sections(const BookSpec& spec) {
  std::vector<const Section*> out;
  for (const Section& section : spec.sections) out.insert(out.end(), static_cast<std::size_t>(section.count), &section);
  return out;
}

SymbolSet symbols_of(const Section& section, const engine::Puzzle& p) {
  return puzzle_symbols(section.skin, section.shape, section.letters, p.solution, p.seed);
}

std::vector<SymbolSet> puzzle_symbol_sets(const BookSpec& spec, const std::vector<engine::Puzzle>& puzzles) {
  const std::vector<const Section*> sections = puzzle_sections(spec);
  std::vector<SymbolSet> out;
  out.reserve(puzzles.size());
  for (std::size_t k = 0; k < puzzles.size() && k < sections.size(); ++k)
    out.push_back(symbols_of(*sections[k], puzzles[k]));
  return out;
}

void add_cover(Book& book, const BookSpec& spec, int page_count, const render::TextMeasure& metrics,
               const Wording& words, bool record) {
  book.cover = make_cover(CoverContext{spec, *spec.cover, page_count, book.puzzles, book.symbols, book.layouts, metrics,
                                       words, book.layout.style.min_text_pt >= kLargePrintLeastPt, &book.killers});
  if (record) book.manifest.cover = cover_record(*book.cover);
  book.cover_info = book.info;
  book.cover_info.subject = "Full-wrap cover for " + std::string(printer_name(spec.cover->printer)) + ", " +
                            spec.trim_name + ", " + std::to_string(page_count) + " pages";
  if (spec.cover->printer == Printer::ingramspark) book.cover_pdfx = pdfx_facts(spec.year);
}

const render::PdfFontMetrics* book_metrics(const BookSpec& spec, const BuildSettings& settings,
                                           const render::FontFiles& fonts,
                                           std::unique_ptr<render::PdfFontMetrics>& loaded) {
  check_font_coverage(spec, fonts);  // first: a font that lacks a glyph is named for that
  MetricsCache* kept = settings.metrics_cache;
  const auto same_fonts = [&](const render::FontFiles& a) {
    return std::all_of(render::kAllFontRoles.begin(), render::kAllFontRoles.end(),
                       [&](render::FontRole r) { return a.for_role(r).describe() == fonts.for_role(r).describe(); });
  };
  if (kept && (!kept->metrics || !same_fonts(kept->fonts))) {
    kept->metrics = load_metrics(spec, fonts);
    kept->fonts = fonts;
  }
  if (!kept) loaded = load_metrics(spec, fonts);
  return kept ? kept->metrics.get() : loaded.get();
}

}  // namespace puzzlepress::book
