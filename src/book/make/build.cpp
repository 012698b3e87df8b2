#include "book/make/build.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <future>
#include <span>
#include <stdexcept>
#include <system_error>

#include "book/text/font_coverage.h"
#include "book/make/pages.h"
#include "book/text/wording.h"
#include "book/manifest/sha256.h"
#include "render/layout.h"
#include "render/pdf_writer.h"
#include "util/files.h"

namespace puzzlepress::book {
namespace {

render::Box to_box(const RectPt& r) { return {r.x, r.y, r.x + r.width, r.y + r.height}; }
RectPt to_rect(const render::Box& b) { return {b.left, b.bottom, b.width(), b.height()}; }

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

std::unique_ptr<render::PdfFontMetrics> load_metrics(const BookSpec& spec, const render::FontFiles& fonts) {
  auto metrics = render::PdfFontMetrics::load(fonts);
  if (metrics) return std::move(*metrics);
  // Our fonts are built in (or a PUZZLEPRESS_HOME file that exists): a failure is the spec's font.
  const bool chosen = spec.fonts.text || spec.fonts.bold || spec.fonts.digits;
  if (chosen) throw InputError(spec.fonts_place, metrics.error());
  throw EnvironmentError(metrics.error());
}

}  // namespace

void check_text_coverage(const BookSpec& spec, const render::FontFiles& fonts) {
  // Every spec text may appear in the regular or the bold face (title page, cover, headers).
  for (const render::FontSource* font : {&fonts.text, &fonts.bold}) {
    // A built-in font is read where it is (no copy); a font file is read whole.
    std::string file_bytes;
    if (!font->in_memory()) {
      util::Result<std::string> read = util::read_regular_file(font->file);
      if (!read) continue;  // load_metrics names a font it cannot read
      file_bytes = std::move(*read);
    }
    const std::string label = font->in_memory() ? font->name : font->file.filename().string();
    const util::Result<FontCoverage> coverage =
        read_font_coverage(font->in_memory() ? font->bytes : std::string_view(file_bytes));
    if (!coverage) continue;  // libharu decides whether it can use the font at all
    for (const TextField& field : spec.text_fields) {
      if (const auto missing = uncovered_character(field.text, *coverage)) {
        throw InputError(field.place, "'" + field.key + "' has " + *missing + ", which the font " + label +
                                          " cannot print (see README: supported scripts; or choose "
                                          "fonts: that have it)");
      }
    }
  }
}

namespace {

render::PageFrame frame_for(const BookSpec& spec, const LayoutPreset& layout,
                            const PlannedPage& planned, int page_count) {
  const PageSizePt size = page_size_pt(spec.trim, spec.bleed);
  render::PageFrame frame;
  frame.width_pt = size.width;
  frame.height_pt = size.height;
  frame.trim_box = to_box(trim_box_pt(planned.number, spec.trim, spec.bleed));
  frame.content = to_box(content_box_pt(planned.number, page_count, spec.trim, spec.bleed,
                                        layout.min_margins_in));
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
    m.puzzles.push_back(to_manifest_puzzle(book.puzzles[k], book.symbols[k], static_cast<int>(k) + 1));
  }
  m.allow_trial = spec.allow_trial;
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
    if (page.planned.kind == PageKind::hints) {
      for (int index : page.planned.puzzles) m.puzzles[static_cast<std::size_t>(index)].hint->page = page.planned.number;
      continue;
    }
    const bool answers = page.planned.kind == PageKind::solutions;
    for (std::size_t i = 0; i < page.planned.puzzles.size(); ++i) {
      ManifestPuzzle& mp = m.puzzles[page.planned.puzzles[i]];
      (answers ? mp.solution_page : mp.page) = page.planned.number;
      (answers ? mp.solution_rect : mp.rect) = to_rect(page.grid_boxes[i]);
    }
  }
  return m;
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

// Nothing may be printed outside the margins, and grid symbols must stay at KDP's 7 pt or
// more: a trim, layout or text that cannot give that is a spec (or flag) problem, reported
// before any file is written.
void check_fits(const BookSpec& spec, const LayoutPreset& layout, const BookPage& page,
                const render::TextMeasure& measure) {
  const std::string where = "page " + std::to_string(page.planned.number) + " (" +
                            std::string(page_kind_id(page.planned.kind)) + ") at trim " +
                            spec.trim_name + " with layout " + layout.name;
  // Symbols never print under 7 pt (layout keeps them there even when symbol_scale would not);
  // a cell must still leave a 7 pt symbol room: it may fill at most 80% of the cell.
  if (!page.grid_boxes.empty() && layout.style.min_text_pt > 0.8 * page.smallest_cell_pt) {
    char size[32];
    std::snprintf(size, sizeof size, "%.0f", page.grid_boxes.front().width());
    char least[32];
    std::snprintf(least, sizeof least, "%g", layout.style.min_text_pt);
    throw InputError(spec.fit_place(), where + ": grids would be " + size + " pt wide, too small for " +
                                           least + " pt symbols (choose fewer grids per page or a larger trim)");
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
          const bool match = field.text.find(run->text) != std::string::npos || run->text.find(field.text) != std::string::npos;
          if (match && (!blamed || field.text.size() > blamed->text.size())) blamed = &field;
        }
        if (blamed) {
          throw InputError(blamed->place, where + ": '" + blamed->key + "' does not fit inside the margins (shorten it, "
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
      throw InputError(spec.fit_place(),
                       where + ": the content does not fit inside the margins (shorten the "
                               "title or subtitle, or choose a larger trim or a layout with fewer "
                               "grids per page)");
    }
  }
}

// The section each puzzle of the book belongs to, in book order.
std::vector<const Section*> puzzle_sections(const BookSpec& spec) {
  std::vector<const Section*> out;
  for (const Section& section : spec.sections) out.insert(out.end(), static_cast<std::size_t>(section.count), &section);
  return out;
}

// A puzzle's faces, from its section's skin (and word).
SymbolSet symbols_of(const Section& section, const engine::SizedPuzzle& p) {
  return puzzle_symbols(section.skin, section.shape, section.letters, p.solution, p.seed);
}

// Each puzzle's faces.
std::vector<SymbolSet> puzzle_symbol_sets(const BookSpec& spec, const std::vector<engine::SizedPuzzle>& puzzles) {
  const std::vector<const Section*> sections = puzzle_sections(spec);
  std::vector<SymbolSet> out;
  out.reserve(puzzles.size());
  for (std::size_t k = 0; k < puzzles.size() && k < sections.size(); ++k) out.push_back(symbols_of(*sections[k], puzzles[k]));
  return out;
}

// The requested puzzles: those in settings.cache taken from it, the others generated (and
// stored there; settings.cancelled may stop that between puzzles).
std::vector<engine::SizedPuzzle> generate_puzzles(const std::vector<engine::SizedGenerateOptions>& requests,
                                                  const BuildSettings& settings) {
  if (settings.cache == nullptr) return engine::generate_sized_batch(requests, settings.jobs, settings.progress);
  return settings.cache->get(requests, settings.jobs, settings.progress, settings.cancelled);
}

}  // namespace

void apply_overrides(BookSpec& spec, const Overrides& o) {
  if (o.trim) {
    const Place flag = Place::flag("--trim");
    const Trim trim = read_trim(*o.trim, flag);
    const std::string name = trim.custom() ? *o.trim : std::string(trim.name);
    if (trim.width_in != spec.trim.width_in || trim.height_in != spec.trim.height_in) {
      spec.trim = trim;
      spec.trim_name = name;
      spec.trim_place = flag;
    }
  }
  if (o.bleed && *o.bleed != spec.bleed) {
    spec.bleed = *o.bleed;
    spec.bleed_place = Place::flag(*o.bleed ? "--bleed" : "--no-bleed");
  }
  if (o.layout) {
    const Place flag = Place::flag("--layout");
    const LayoutChoice layout = read_layout(*o.layout, std::filesystem::current_path(), flag);
    if (layout.preset != spec.layout.preset || !util::same_file(layout.file, spec.layout.file)) {
      spec.layout = layout;
      spec.layout_place = flag;
    }
  }
  if (o.grading) spec.grading = read_grading(*o.grading, Place::flag("--grading"));
  if (o.allow_trial) spec.allow_trial = *o.allow_trial;
}

std::vector<const render::Page*> Book::page_list() const {
  // A painted book has let its pages' drawings go: painting them again would give blank pages.
  if (painted_pdf || pdf_taken) throw std::logic_error("Book::page_list: the pages were painted and their drawings let go");
  std::vector<const render::Page*> list;
  list.reserve(pages.size());
  for (const BookPage& p : pages) list.push_back(&p.page);
  return list;
}

LayoutPreset resolve_layout(const BookSpec& spec, const Resources& resources) {
  LayoutPreset layout = load_layout(spec.layout, resources, spec.layout_place);
  if (spec.solutions_per_page) {
    const auto [rows, cols] =
        render::best_arrangement(*spec.solutions_per_page, spec.trim.width_in, spec.trim.height_in);
    layout.style.solution_rows = rows;
    layout.style.solution_cols = cols;
  }
  return layout;
}

std::vector<PlannedPage> plan_book(const BookSpec& spec, const LayoutPreset& layout, const HintPagination& hints) {
  PlanInput input;
  input.front_matter = spec.front_matter;
  input.sections = spec.sections;
  input.puzzles_per_page = layout.style.puzzle_rows * layout.style.puzzle_cols;
  input.solutions_per_page =
      spec.solutions_per_page.value_or(layout.style.solution_rows * layout.style.solution_cols);
  input.min_pages = spec.cover ? min_pages(spec.cover->printer) : kMinPageCount;
  input.hint_pages = hints.hint_pages;
  input.glossary_pages = hints.glossary_pages;
  return plan_pages(input);
}

namespace {

// The hints and glossary split into pages by measuring them in the frame of the page where they
// start. The frame's width depends on the page count (the gutter grows with it), which depends
// on the split: split again until it no longer changes (more pages only narrow the text, so
// the split only grows; a few rounds settle it).
HintPagination paginate_hints(const BookSpec& spec, const Book& book, const PageContext& context) {
  HintPagination split;
  std::vector<render::ListEntry> entries;
  if (spec.hints) entries = hint_entries(book.hints, context.words);
  const std::string label = hint_label_sample(static_cast<int>(book.puzzles.size()), context.words);
  std::vector<render::GlossaryItem> items;
  if (!book.glossary.empty()) items = glossary_items(context);
  for (int round = 0; round < 8; ++round) {
    const std::vector<PlannedPage> plan = plan_book(spec, book.layout, split);
    const auto first = std::find_if(plan.begin(), plan.end(), [](const PlannedPage& p) {
      return p.kind == PageKind::glossary || p.kind == PageKind::hints || p.kind == PageKind::solutions_heading;
    });
    const render::PageFrame frame =
        frame_for(spec, book.layout, first == plan.end() ? plan.back() : *first, static_cast<int>(plan.size()));
    HintPagination next;
    if (!entries.empty()) {
      next.hint_pages = render::paginate_list(frame, book.layout.style, context.words.hints_heading(), entries, label,
                                              context.measure);
    }
    if (!items.empty()) {
      next.glossary_pages = render::paginate_glossary(frame, book.layout.style, context.words.glossary_heading(),
                                                      context.words.glossary_intro(), items, context.measure);
    }
    if (next == split) break;
    split = std::move(next);
  }
  return split;
}


// The spec's cover for a book of `page_count` pages, and (with `record`) its manifest record.
void add_cover(Book& book, const BookSpec& spec, int page_count, const render::TextMeasure& metrics,
               const Wording& words, bool record = true) {
  book.cover = make_cover(CoverContext{spec, *spec.cover, page_count, book.puzzles, book.symbols, metrics, words});
  if (record) book.manifest.cover = cover_record(*book.cover);
  book.cover_info = book.info;
  book.cover_info.subject = "Full-wrap cover for " + std::string(printer_name(spec.cover->printer)) + ", " +
                            spec.trim_name + ", " + std::to_string(page_count) + " pages";
  if (spec.cover->printer == Printer::ingramspark) book.cover_pdfx = pdfx_facts(spec.year);
}

// The metrics that measure the book's fonts (those kept in settings.metrics_cache, loaded
// again when its fonts are not the book's; else loaded into `loaded`), once the spec's texts
// are checked against the fonts. Throws as load_metrics and check_text_coverage.
const render::PdfFontMetrics* book_metrics(const BookSpec& spec, const BuildSettings& settings,
                                           const render::FontFiles& fonts,
                                           std::unique_ptr<render::PdfFontMetrics>& loaded) {
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
  check_text_coverage(spec, fonts);
  return kept ? kept->metrics.get() : loaded.get();
}

// make_book for a whole book whose plan is final before generation (no hints, no glossary):
// pages are laid out, and painted when settings.paint_pdf asks, while later puzzles still
// generate. Each page is laid out as soon as the last puzzle it reads (last_puzzle_read) is
// made, on the generation thread that delivered that puzzle (puzzles arrive in book order, one
// delivery at a time), so the one-core tail of a build runs beside the generation. The first
// delivery also loads the font metrics, checks the texts against the fonts, reads the book's
// words and starts the painter, all beside generation too (a font the spec chose that cannot
// be loaded stops generation with the error make_book gives). A page whose layout throws
// stops the pipeline (and drops the painter): the rest is laid out afterwards in page order,
// so the same page throws the same error as without the pipeline. A painter that fails is
// dropped (book_outputs paints again and reports its error). Each page is checked to fit as it
// is laid out; the first page in page order that does not fit throws once every page is laid
// out, as make_book's check does. A page the painter has is let go of (its items; its plan,
// frame and grid boxes stay): the Book then holds the PDF, not the pages' drawings.
Book make_book_pipelined(const BookSpec& spec, const BuildSettings& settings, Book book, std::vector<PlannedPage> plan,
                         const std::vector<engine::SizedGenerateOptions>& requests) {
  const int count = static_cast<int>(requests.size());
  const int page_count = static_cast<int>(plan.size());
  book.puzzles.resize(requests.size());
  book.symbols.resize(requests.size());
  for (PlannedPage& planned : plan) {
    render::PageFrame frame = frame_for(spec, book.layout, planned, page_count);
    book.pages.push_back({std::move(planned), std::move(frame), {}, {}, 0});
  }
  std::vector<std::vector<std::size_t>> pages_after(requests.size());  // by the last puzzle they read
  for (std::size_t i = 0; i < book.pages.size(); ++i) {
    const int last = std::max(0, last_puzzle_read(book.pages[i].planned, count));
    pages_after[static_cast<std::size_t>(std::min(last, count - 1))].push_back(i);
  }
  const std::vector<const Section*> sections = puzzle_sections(spec);
  std::unique_ptr<render::PdfFontMetrics> loaded;
  const render::PdfFontMetrics* metrics = nullptr;
  std::optional<Wording> words;
  std::optional<PageContext> context;
  std::unique_ptr<render::PdfPainter> painter;
  std::vector<char> laid_out(book.pages.size(), 0);
  std::vector<char> released(book.pages.size(), 0);     // painted, checked, items let go
  std::vector<std::exception_ptr> misfits(book.pages.size());  // check_fits' error, thrown in page order below
  bool stopped = false;
  const auto lay_out = [&](std::size_t i) {
    BookPage& page = book.pages[i];
    LaidPage laid = lay_out_page(*context, page.planned, page.frame);
    page.page = std::move(laid.page);
    page.grid_boxes = std::move(laid.grid_boxes);
    page.smallest_cell_pt = laid.smallest_cell_pt;
    laid_out[i] = 1;
    try {
      check_fits(spec, book.layout, page, *metrics);
    } catch (...) {
      misfits[i] = std::current_exception();
    }
    if (painter && painter->paint(i, page.page)) painter.reset();
    if (painter) {  // the PDF has the page: its items (most of a build's memory) are let go
      // A new vector, not `= {}` (which assigns an empty list and keeps the storage).
      page.page.items = std::vector<render::Item>();
      released[i] = 1;
    }
  };
  const auto deliver = [&](std::size_t k, const engine::SizedPuzzle& puzzle) {
    if (k == 0) {
      metrics = book_metrics(spec, settings, book.info.fonts, loaded);
      words.emplace(spec.language, spec.text);
      context.emplace(PageContext{spec, book.layout.style, book.puzzles, book.symbols, *metrics, settings.version,
                                  *words, book.hints, book.glossary});
      if (settings.paint_pdf) {
        if (auto started = render::PdfPainter::start(book.info, book.pages.size())) painter = std::move(*started);
      }
    }
    book.puzzles[k] = puzzle;
    book.symbols[k] = symbols_of(*sections[k], puzzle);
    for (std::size_t i : pages_after[k]) {
      if (stopped) return;
      try {
        lay_out(i);
      } catch (...) {  // laid out again below, in page order
        stopped = true;
        painter.reset();
      }
    }
  };
  engine::generate_sized_batch(requests, settings.jobs, settings.progress, deliver);
  for (std::size_t i = 0; i < book.pages.size(); ++i) {
    if (!laid_out[i]) lay_out(i);
  }
  // Saving the PDF (libharu deflates every stream) shares nothing with the manifest and the
  // cover: the save runs on its own thread while they are made, and the manifest's JSON with
  // them (its hashes filled in once the PDFs exist). Not for a book that does not fit, which
  // throws below. With --jobs 1 (or no thread to be had) the save follows on this thread.
  const bool fits = std::none_of(misfits.begin(), misfits.end(), [](const std::exception_ptr& e) { return e != nullptr; });
  std::future<util::Result<std::string>> saved;
  const auto save = [&painter] {
    util::Result<std::string> pdf = painter->finish();
    painter.reset();  // libharu frees the document here too (off the main thread, when on its own)
    return pdf;
  };
  const bool to_save = painter && fits;  // read here only: the save thread resets `painter`
  if (to_save && settings.jobs != 1) {
    try {
      saved = std::async(std::launch::async, save);
    } catch (const std::system_error&) {  // no thread: saved below
    }
  }
  book.manifest = make_manifest(spec, book, settings.version);
  for (const std::exception_ptr& misfit : misfits) {
    if (misfit) std::rethrow_exception(misfit);
  }
  if (spec.cover) add_cover(book, spec, page_count, *metrics, *words);
  if (to_save) {
    book.manifest_json_unhashed = manifest_to_json_unhashed(book.manifest);
    if (auto pdf = saved.valid() ? saved.get() : save()) book.painted_pdf = std::move(*pdf);
  }
  // Without a PDF the pages are painted when written: lay out again those let go.
  for (std::size_t i = 0; i < book.pages.size() && !book.painted_pdf; ++i) {
    if (released[i]) book.pages[i].page = lay_out_page(*context, book.pages[i].planned, book.pages[i].frame).page;
  }
  return book;
}

// make_book, or with `only` one page of it (0: the cover alone): see make_book_page.
Book make_book_pages(const BookSpec& spec, const BuildSettings& settings, std::optional<int> only) {
  Book book;
  book.layout = resolve_layout(spec, settings.resources);
  std::vector<PlannedPage> plan = plan_book(spec, book.layout);
  check_page_count(spec, static_cast<int>(plan.size()));  // before generating; hints only add pages
  if (spec.cover) cover_spine_in(spec, *spec.cover, static_cast<int>(plan.size()));  // IngramSpark needs spine_in
  book.info.title = spec.title;
  book.info.author = spec.author;
  book.info.subject = spec.subtitle;
  book.info.creator = "puzzlepress " + settings.version;
  book.info.keywords = kKeywords;
  book.info.fonts = font_files(spec, settings.resources);
  const std::vector<engine::SizedGenerateOptions> requests = generate_requests(spec);
  // The plan is final before generation unless hints or a glossary add pages; then pages can be
  // laid out (and painted) as their puzzles arrive.
  if (!only && !spec.hints && !spec.glossary && settings.cache == nullptr && !requests.empty() && settings.paint_pdf) {
    return make_book_pipelined(spec, settings, std::move(book), std::move(plan), requests);
  }
  std::unique_ptr<render::PdfFontMetrics> loaded;
  const render::PdfFontMetrics* metrics = book_metrics(spec, settings, book.info.fonts, loaded);
  const Wording words(spec.language, spec.text);
  book.puzzles = generate_puzzles(requests, settings);
  book.symbols = puzzle_symbol_sets(spec, book.puzzles);

  if (spec.hints || spec.glossary) book.hints = book_hints(book.puzzles, book.symbols, words, settings.jobs);
  if (spec.glossary) book.glossary = glossary_entries(book.hints);

  const PageContext context{spec,     book.layout.style, book.puzzles, book.symbols, *metrics,
                            settings.version, words,      book.hints,   book.glossary};
  if (spec.hints || spec.glossary) {
    plan = plan_book(spec, book.layout, paginate_hints(spec, book, context));
    check_page_count(spec, static_cast<int>(plan.size()));
  }
  const int page_count = static_cast<int>(plan.size());
  if (spec.cover) cover_spine_in(spec, *spec.cover, page_count);  // IngramSpark needs spine_in
  for (PlannedPage& planned : plan) {
    render::PageFrame frame = frame_for(spec, book.layout, planned, page_count);
    if (only && planned.number != *only) {  // planned, not laid out
      book.pages.push_back({std::move(planned), std::move(frame), {}, {}, 0});
      continue;
    }
    LaidPage laid = lay_out_page(context, planned, frame);
    book.pages.push_back({std::move(planned), std::move(frame), std::move(laid.page),
                          std::move(laid.grid_boxes), laid.smallest_cell_pt});
  }
  if (!only) book.manifest = make_manifest(spec, book, settings.version);
  for (const BookPage& page : book.pages) {
    if (!only || page.planned.number == *only) check_fits(spec, book.layout, page, *metrics);
  }
  if (spec.cover && (!only || *only == 0)) add_cover(book, spec, page_count, *metrics, words, !only);
  return book;
}

}  // namespace

Book make_book(const BookSpec& spec, const BuildSettings& settings) { return make_book_pages(spec, settings, std::nullopt); }

Book make_book_page(const BookSpec& spec, const BuildSettings& settings, int page) {
  return make_book_pages(spec, settings, page);
}

std::filesystem::path default_cover_path(const std::filesystem::path& pdf) {
  std::filesystem::path cover = pdf;
  cover.replace_filename(pdf.stem().string() + "-cover.pdf");
  return cover;
}

std::vector<util::InputFile> book_inputs(const BookSpec& spec, const Resources& resources) {
  std::vector<util::InputFile> inputs{{spec.file, "the spec"}};
  if (!spec.layout.file.empty()) {
    inputs.push_back({spec.layout.file, "the layout file"});
  } else if (auto preset = preset_file(resources, spec.layout.preset); !preset.empty()) {
    inputs.push_back({preset, "a layout preset"});  // built-in presets are no file
  }
  const render::FontFiles fonts = font_files(spec, resources);
  for (render::FontRole role : render::kAllFontRoles) {
    if (!fonts.for_role(role).file.empty()) inputs.push_back({fonts.for_role(role).file, "a font"});
  }
  if (spec.cover && spec.cover->front_image) inputs.push_back({*spec.cover->front_image, "the front image"});
  return inputs;
}

void check_book_paths(const BookSpec& spec, const Resources& resources, const BookPaths& paths) {
  if (paths.cover && !spec.cover) {
    const std::string& flag = paths.cover->flag;
    throw InputError(flag.empty() ? Place{} : Place::flag(flag),
                     "the spec has no 'cover:' mapping, so there is no cover to write (add one, e.g. "
                     "cover: { printer: kdp })");
  }
  BookPaths all = paths;
  if (spec.cover && !all.cover) all.cover = util::OutputTarget{default_cover_path(paths.pdf.path), "the cover", ""};
  util::check_outputs(all.targets(), book_inputs(spec, resources));
}

namespace {

// book_outputs with the interior PDF's bytes given, and the manifest's unhashed JSON (that of
// `book`, or empty).
std::vector<util::Output> outputs_with_pdf(const Book& book, std::string pdf, std::string unhashed_json,
                                           const BookPaths& paths) {
  // The manifest records the SHA-256 of the PDFs written with it (verify refuses others).
  const std::string pdf_sha256 = sha256_hex(pdf);
  std::string cover_sha256;
  std::vector<util::Output> outputs;
  outputs.push_back({paths.pdf.path, std::move(pdf)});
  std::optional<util::Output> cover_output;
  if (book.cover) {
    const std::filesystem::path cover_path = paths.cover ? paths.cover->path : default_cover_path(paths.pdf.path);
    const std::string where = "cannot write " + cover_path.string() + ": ";
    const render::Page* page = &book.cover->page;
    util::Result<std::string> cover = render::render_pdf(book.cover_info, std::span(&page, 1));
    if (!cover) throw EnvironmentError(where + cover.error());
    if (book.cover_pdfx) {
      cover = to_pdfx1a(*cover, *book.cover_pdfx);
      if (!cover) throw EnvironmentError(where + cover.error());
    }
    if (book.manifest.cover) cover_sha256 = sha256_hex(*cover);
    cover_output = util::Output{cover_path, std::move(*cover)};
  }
  std::optional<std::string> json;
  if (!unhashed_json.empty()) json = fill_hashes(std::move(unhashed_json), pdf_sha256, cover_sha256);
  if (!json) json = manifest_to_json_with_hashes(book.manifest, pdf_sha256, cover_sha256);
  outputs.push_back({paths.manifest.path, std::move(*json)});
  if (cover_output) outputs.push_back(std::move(*cover_output));
  return outputs;
}

}  // namespace

std::vector<util::Output> book_outputs(const Book& book, const BookPaths& paths) {
  util::Result<std::string> pdf = book.painted_pdf ? util::Result<std::string>::success(*book.painted_pdf)
                                                   : render::render_pdf(book.info, book.page_list());
  if (!pdf) throw EnvironmentError("cannot write " + paths.pdf.path.string() + ": " + pdf.error());
  return outputs_with_pdf(book, std::move(*pdf), book.manifest_json_unhashed, paths);
}

void write_book(const Book& book, const BookPaths& paths) {
  util::write_outputs(book_outputs(book, paths));
}

void write_book(Book&& book, const BookPaths& paths) {
  if (!book.painted_pdf) return write_book(static_cast<const Book&>(book), paths);
  std::string pdf = std::move(*book.painted_pdf);
  book.painted_pdf.reset();
  book.pdf_taken = true;  // the drawings are gone too: page_list and book_outputs refuse it now
  std::string unhashed_json = std::move(book.manifest_json_unhashed);
  book.manifest_json_unhashed.clear();
  util::write_outputs(outputs_with_pdf(book, std::move(pdf), std::move(unhashed_json), paths));
}

}  // namespace puzzlepress::book
