#include "book/make/build.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <future>
#include <span>
#include <stdexcept>
#include <system_error>

#include "book/make/book_parts.h"
#include "book/text/font_coverage.h"
#include "book/text/skin.h"
#include "book/text/text_fields.h"
#include "book/make/cage_table.h"
#include "book/make/pages.h"
#include "book/spec/image_file.h"
#include "book/text/wording.h"
#include "engine/killer_grade.h"
#include "render/layout.h"
#include "render/pdf_writer.h"
#include "util/files.h"

namespace puzzlepress::book {

namespace {

// A font's coverage, or nothing when it cannot be read or has no Unicode cmap (the font loader
// and libharu name those). A built-in font is read where it is; a file is read whole.
std::optional<FontCoverage> coverage_of(const render::FontSource& font) {
  std::string file_bytes;
  if (!font.in_memory()) {
    util::Result<std::string> read = util::read_regular_file(font.file);
    if (!read) return std::nullopt;
    file_bytes = std::move(*read);
  }
  util::Result<FontCoverage> coverage =
      read_font_coverage(font.in_memory() ? font.bytes : std::string_view(file_bytes));
  if (!coverage) return std::nullopt;
  return std::move(*coverage);
}

std::string font_label(const render::FontSource& font) {
  return font.in_memory() ? font.name : font.file.filename().string();
}

// `text` with its {placeholders} taken out: what a wording string prints of itself.
std::string without_placeholders(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{') {
      const std::size_t close = text.find('}', i);
      if (close != std::string_view::npos) {
        i = close;
        continue;
      }
    }
    out.push_back(text[i]);
  }
  return out;
}

// What each face prints besides the spec's own texts: the regular and bold faces every string
// of the book's language (headings, How to Play, hints, the copyright page, the cover) and the
// digits of page and puzzle numbers; the symbol faces the symbols of every section's grids.
struct PrintedText {
  std::string what;  ///< "its 'de' wording ('how_to_play_heading')", "its 16x16 digits grids"
  std::string text;
};

std::vector<PrintedText> wording_texts(const BookSpec& spec) {
  const Wording wording(spec.language, spec.text);
  std::vector<PrintedText> out{{"its page and puzzle numbers", "0123456789"}};
  for (const std::string& id : wording_ids()) {
    if (spec.text.count(id) != 0) continue;  // an override is a spec text field, checked at its place
    out.push_back({"its '" + spec.language + "' wording ('" + id + "')", without_placeholders(wording.text(id))});
  }
  return out;
}

std::vector<PrintedText> grid_texts(const BookSpec& spec) {
  std::vector<PrintedText> out;
  for (const Section& section : spec.sections) {
    if (section.skin == Skin::shapes) continue;  // drawn, not set in a font
    std::string symbols = section.letters;       // a letters word, else the skin's plain faces
    if (symbols.empty()) {
      for (const std::string& name : default_symbols(section.skin, section.shape).names) symbols += name;
    }
    out.push_back(
        {"its " + engine::shape_id(section.shape) + " " + std::string(skin_id(section.skin)) + " grids", symbols});
  }
  return out;
}

}  // namespace

void check_font_coverage(const BookSpec& spec, const render::FontFiles& fonts) {
  // Every spec text may appear in the regular or the bold face (title page, cover, headers).
  struct Face {
    const render::FontSource* font;
    const char* key;  // the fonts: key that chooses it
    bool symbols;     // a grid face (symbol, solved_symbol), else a text face
  };
  const Face faces[] = {{&fonts.text, "fonts.text", false},
                        {&fonts.bold, "fonts.bold", false},
                        {&fonts.symbol, "fonts.digits", true},
                        {&fonts.solved_symbol, "fonts.digits", true}};
  const std::vector<PrintedText> wording = wording_texts(spec);
  const std::vector<PrintedText> grids = grid_texts(spec);
  for (const Face& face : faces) {
    const std::optional<FontCoverage> coverage = coverage_of(*face.font);
    if (!coverage) continue;
    const std::string label = font_label(*face.font);
    if (!face.symbols) {
      for (const TextField& field : spec.text_fields) {
        if (const auto missing = uncovered_character(field.text, *coverage)) {
          throw InputError(field.place, "'" + field.key + "' has " + *missing + ", which the font " + label +
                                            " cannot print (see README: supported scripts; or choose "
                                            "fonts: that have it)");
        }
      }
    }
    for (const PrintedText& printed : face.symbols ? grids : wording) {
      if (const auto missing = uncovered_character(printed.text, *coverage)) {
        throw InputError(spec.fonts_place, std::string(face.key) + " " + label + " has no glyph for " +
                                               missing->substr(0, missing->find(" at character")) +
                                               ", which the book prints in " + printed.what +
                                               ": choose a font that has it");
      }
    }
  }
}

namespace {

// The requested puzzles: those in settings.cache taken from it, the others generated (and
// stored there; settings.cancelled may stop that between puzzles).
// Kept in `book` as its puzzles and their layouts.
// Killers (killer_requests) are generated apart, on the same threads, and never cached (a
// 9x9 takes about 12 ms).
void generate_puzzles(const BookSpec& spec, const std::vector<engine::VariantOptions>& all_requests,
                      const BuildSettings& settings, Book& book) {
  const std::vector<std::optional<engine::KillerOptions>> killer_wanted = killer_requests(spec);
  std::vector<engine::VariantOptions> requests;
  std::vector<engine::KillerOptions> killers;
  for (std::size_t k = 0; k < all_requests.size(); ++k) {
    if (killer_wanted[k]) {
      killers.push_back(*killer_wanted[k]);
    } else {
      requests.push_back(all_requests[k]);
    }
  }
  std::vector<engine::VariantPuzzle> made =
      settings.cache == nullptr ? engine::generate_batch(requests, settings.jobs, settings.progress)
                                : settings.cache->get(requests, settings.jobs, settings.progress, settings.cancelled);
  std::vector<engine::KillerPuzzle> made_killers = engine::generate_killer_batch(killers, settings.jobs);
  book.puzzles.reserve(all_requests.size());
  book.layouts.reserve(all_requests.size());
  book.killers.reserve(all_requests.size());
  std::size_t next = 0;
  std::size_t next_killer = 0;
  for (std::size_t k = 0; k < all_requests.size(); ++k) {
    if (killer_wanted[k]) {
      engine::KillerPuzzle& p = made_killers[next_killer++];
      engine::Puzzle puzzle;
      puzzle.seed = killer_wanted[k]->seed;
      puzzle.shape = p.killer.shape;
      puzzle.givens = p.givens;
      puzzle.solution = p.solution;
      puzzle.valid = p.valid;
      // Graded as generated (KillerOptions::grade): the killer grader's rating, tier and steps.
      puzzle.grade = killer_wanted[k]->grade.value_or(engine::Grade::easy);
      puzzle.grading = engine::Grading::techniques;
      puzzle.rated = p.valid;
      puzzle.rating = p.logic.rating;
      puzzle.tier = engine::killer_tier(p.logic);
      puzzle.technique_counts = p.logic.counts;
      puzzle.needs_trial = p.valid && !p.logic.solved;
      book.puzzles.push_back(std::move(puzzle));
      book.layouts.push_back(engine::Layout{engine::Kind::classic, p.killer.shape, {}});
      book.killers.push_back(std::move(p.killer));
    } else {
      engine::VariantPuzzle& p = made[next++];
      book.puzzles.push_back(std::move(p.puzzle));
      book.layouts.push_back(std::move(p.layout));
      book.killers.push_back(engine::Killer{p.layout.shape, {}});
    }
  }
}

}  // namespace

void apply_overrides(BookSpec& spec, const Overrides& o) {
  if (o.trim) {
    const Place flag = Place::flag("--trim");
    const Trim trim = read_trim(*o.trim, flag);
    const std::string name = trim.custom() ? *o.trim : std::string(trim.name);
    if (trim.width_in != spec.trim.width_in || trim.height_in != spec.trim.height_in) {
      // A photo front's picture was held to kPhotoLeastDpi at the spec's trim: again at this one.
      if (spec.cover && spec.cover->design == CoverDesign::photo && spec.cover->front_image_info) {
        const double dpi = photo_image_dpi(*spec.cover->front_image_info, trim.width_in, trim.height_in);
        if (dpi < kPhotoLeastDpi - 0.5) {
          char line[300];
          std::snprintf(line, sizeof line,
                        "front image %s prints at %.0f dpi over a %s front; design: photo takes %.0f dpi or more "
                        "(a larger picture, or a smaller trim)",
                        spec.cover->front_image->filename().string().c_str(), dpi, name.c_str(), kPhotoLeastDpi);
          throw InputError(flag, line);
        }
      }
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
  if (painted_pdf || pdf_taken)
    throw std::logic_error("Book::page_list: the pages were painted and their drawings let go");
  std::vector<const render::Page*> list;
  list.reserve(pages.size());
  for (const BookPage& p : pages) list.push_back(&p.page);
  return list;
}

LayoutPreset resolve_layout(const BookSpec& spec, const Resources& resources) {
  LayoutPreset layout = load_layout(spec.layout, resources, spec.layout_place);
  if (spec.reader() == Audience::kids) {
    // A child's page: text of kKidsTextPt or more, and 4x4 and 6x6 grids free to grow to
    // kKidsMaxCellPt cells, so a one-up grid fills the page's width instead of sitting in it.
    render::LayoutStyle& style = layout.style;
    for (double* size : {&style.text_size_pt, &style.label_size_pt, &style.list_text_pt, &style.folio_size_pt})
      *size = std::max(*size, kKidsTextPt);
    style.reading_min_pt = std::max(style.reading_min_pt, kKidsTextPt);  // captions, footnotes, copyright
    style.solution_label_size_pt = std::max(style.solution_label_size_pt, kKidsSolutionLabelPt);
    if (style.max_cell_pt > 0) style.max_cell_pt = std::max(style.max_cell_pt, kKidsMaxCellPt);
  }
  // A built-in preset fixes how many solutions a page takes, the trim their arrangement (three
  // rows of two at 6x9, two rows of three at 8.25x6); a layout file's rows and columns stand.
  if (spec.solutions_per_page || spec.layout.file.empty()) {
    const int per_page = spec.solutions_per_page.value_or(layout.style.solution_rows * layout.style.solution_cols);
    const auto [rows, cols] = render::best_arrangement(per_page, spec.trim.width_in, spec.trim.height_in);
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
  input.solutions_per_page = spec.solutions_per_page.value_or(layout.style.solution_rows * layout.style.solution_cols);
  input.min_pages = spec.cover ? min_pages(spec.cover->printer) : kMinPageCount;
  input.hint_pages = hints.hint_pages;
  input.hint_puzzles = hints.hint_puzzles;
  input.glossary_pages = hints.glossary_pages;
  if (!spec.killer_table) return plan_pages(input);
  // The cage table's split is measured in the frame of its page, whose width depends on the page
  // count (the gutter), which depends on the split: split again until it holds (as the hints).
  std::vector<PlannedPage> plan = plan_pages(input);
  for (int round = 0; round < 8; ++round) {
    const auto table =
        std::find_if(plan.begin(), plan.end(), [](const PlannedPage& p) { return p.kind == PageKind::cage_table; });
    const render::PageFrame frame =
        frame_for(spec, layout, table == plan.end() ? plan.front() : *table, static_cast<int>(plan.size()));
    std::vector<int> split = cage_table_pages(spec, layout.style, frame);
    if (split == input.cage_table_pages) break;
    input.cage_table_pages = std::move(split);
    plan = plan_pages(input);
  }
  return plan;
}

namespace {

// The hints and glossary split into pages by measuring them in the frame of the page where they
// start. The frame's width depends on the page count (the gutter grows with it), which depends
// on the split: split again until it no longer changes (more pages only narrow the text, so
// the split only grows; a few rounds settle it).
HintPagination paginate_hints(const BookSpec& spec, const Book& book, const PageContext& context) {
  HintPagination split;
  std::vector<render::ListEntry> entries;
  std::vector<int> listed;
  std::string intro;
  if (spec.hints) {
    listed = hint_listed_puzzles(book.hints);
    entries = hint_entries(book.hints, listed, context.words);
    intro = hint_intro(book.hints, context.words, spec.sections);
  }
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
      next.hint_pages = render::paginate_list(frame, book.layout.style, context.words.hints_heading(), intro, entries,
                                              label, context.measure);
      next.hint_puzzles = listed;
    } else if (spec.hints && !book.hints.empty()) {
      next.hint_pages = {0};  // every puzzle needs singles only: the paragraph says so
    }
    if (!items.empty()) {
      next.glossary_pages = render::paginate_glossary(frame, book.layout.style, context.words.glossary_heading(),
                                                      context.words.glossary_intro(!book_kinds(spec.sections).empty()),
                                                      items, context.measure);
    }
    if (next == split) break;
    split = std::move(next);
  }
  return split;
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
  const std::vector<engine::VariantOptions> requests = generate_requests(spec);
  // The plan is final before generation unless hints or a glossary add pages; then pages can be
  // laid out (and painted) as their puzzles arrive.
  if (!only && !spec.hints && !spec.glossary && settings.cache == nullptr && !requests.empty() && settings.paint_pdf &&
      !has_killers(spec.sections)) {  // the pipeline generates houses only
    return make_book_pipelined(spec, settings, std::move(book), std::move(plan), requests);
  }
  std::unique_ptr<render::PdfFontMetrics> loaded;
  const render::PdfFontMetrics* metrics = book_metrics(spec, settings, book.info.fonts, loaded);
  const Wording words(spec.language, spec.text);
  generate_puzzles(spec, requests, settings, book);
  if (settings.puzzle_made)
    for (std::size_t k = 0; k < book.puzzles.size(); ++k) settings.puzzle_made(k, book.puzzles[k]);
  book.symbols = puzzle_symbol_sets(spec, book.puzzles);

  if (spec.hints || spec.glossary)
    book.hints = book_hints(book.puzzles, book.layouts, book.symbols, words, settings.jobs, book.killers);
  if (spec.glossary) book.glossary = glossary_entries(book.hints);

  PageContext context{spec,     book.layout.style, book.puzzles, book.symbols, book.layouts,
                      *metrics, settings.version,  words,        book.hints,   book.glossary};
  context.killers = &book.killers;
  if (spec.hints || spec.glossary) {
    plan = plan_book(spec, book.layout, paginate_hints(spec, book, context));
    check_page_count(spec, static_cast<int>(plan.size()));
  }
  const int page_count = static_cast<int>(plan.size());
  if (spec.cover) cover_spine_in(spec, *spec.cover, page_count);  // IngramSpark needs spine_in
  const CrossReferences references = cross_references(plan, static_cast<int>(book.puzzles.size()));
  PageContext final_context = context;  // the plan is final: cross-references can be printed
  final_context.references = &references;
  for (PlannedPage& planned : plan) {
    render::PageFrame frame = frame_for(spec, book.layout, planned, page_count);
    if (only && planned.number != *only) {  // planned, not laid out
      book.pages.push_back({std::move(planned), std::move(frame), {}, {}, 0});
      continue;
    }
    LaidPage laid = lay_out_page(final_context, planned, frame);
    book.pages.push_back({std::move(planned), std::move(frame), std::move(laid.page), std::move(laid.grid_boxes),
                          laid.smallest_cell_pt, std::move(laid.overwide_line)});
  }
  if (!only) book.manifest = make_manifest(spec, book, settings.version);
  for (const BookPage& page : book.pages) {
    if (!only || page.planned.number == *only) check_fits(spec, book.layout, page, *metrics);
  }
  if (spec.cover && (!only || *only == 0)) add_cover(book, spec, page_count, *metrics, words, !only);
  return book;
}

}  // namespace

Book make_book(const BookSpec& spec, const BuildSettings& settings) {
  return make_book_pages(spec, settings, std::nullopt);
}

Book make_book_page(const BookSpec& spec, const BuildSettings& settings, int page) {
  return make_book_pages(spec, settings, page);
}

}  // namespace puzzlepress::book
