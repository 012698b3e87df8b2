// Building a book: resolve the spec, plan the pages, generate the puzzles, lay every page out,
// record the manifest, check every page fits; then write the outputs. The steps run in that
// order so that a spec KDP would reject (too many pages, say) fails before any puzzle is
// generated, and nothing is written before everything has been made; with a cover: key the
// cover (book/cover/cover.h) is laid out last, sized from the page count, and written with the rest.
// ARCHITECTURE.md draws the data flow.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "book/cover/cover.h"
#include "book/make/hints.h"
#include "book/spec/layout_preset.h"
#include "book/manifest/manifest.h"
#include "book/cover/pdfx.h"
#include "book/make/plan.h"
#include "book/make/puzzle_cache.h"
#include "book/text/resources.h"
#include "book/text/skin.h"
#include "book/spec/spec.h"
#include "engine/batch.h"
#include "engine/generator.h"
#include "render/layout.h"
#include "render/page.h"
#include "render/pdf_writer.h"
#include "util/outputs.h"

namespace puzzlepress::book {

/// Font metrics kept from one build to the next (the studio): loading four TrueType fonts costs
/// more than laying out a page. Keyed by the fonts' describe() (a font file changed on disk in
/// between is not noticed). Not thread-safe: one build at a time may use it.
struct MetricsCache {
  render::FontFiles fonts;
  std::unique_ptr<render::PdfFontMetrics> metrics;
};

/// How to run a build.
struct BuildSettings {
  Resources resources;
  std::string version;             ///< program version: copyright page and manifest
  int jobs = 0;                    ///< generation threads; <= 0 = all cores
  engine::BatchProgress progress;  ///< called as puzzles finish (optional)
  /// Puzzles generated before (optional): a request found there is not generated again, and
  /// every puzzle this build generates is stored there. The book is the same either way.
  PuzzleCache* cache = nullptr;
  /// With `cache`: asked between puzzles; true stops the build with GenerationCancelled.
  std::function<bool()> cancelled = {};
  /// When set, fonts are measured with the metrics kept here (loaded, and kept, when its fonts
  /// are not the book's).
  MetricsCache* metrics_cache = nullptr;
  /// Also paint the interior PDF (Book::painted_pdf), each page as soon as its puzzles are made,
  /// while later puzzles still generate: for a build that writes the book (build_command).
  /// When the book has that PDF, its pages keep their plan, frame and grid boxes but not their
  /// items (render::Page::items is empty): the PDF is the drawing.
  bool paint_pdf = false;
  /// Called once for each puzzle of the book, in book order, as it is made: in a pipelined build
  /// on the generation thread that delivers it (never two at once), overlapping generation; else
  /// after generation. It only observes (the catalogue computes canonical forms there).
  std::function<void(std::size_t, const engine::Puzzle&)> puzzle_made = {};
};

/// Values a command line may set over the spec's (build --trim …). Each is read by the spec's
/// own reader and, when wrong, reported at its flag.
struct Overrides {
  std::optional<std::string> trim = std::nullopt;     ///< --trim: same puzzles, new geometry
  std::optional<bool> bleed = std::nullopt;           ///< --bleed / --no-bleed
  std::optional<std::string> layout = std::nullopt;   ///< --layout: a preset name or a file
                                                      ///< (relative to the working folder)
  std::optional<std::string> grading = std::nullopt;  ///< --grading: other puzzles
  /// --allow-trial: also puzzles that need trial and error (other puzzles where one did)
  std::optional<bool> allow_trial = std::nullopt;
};

/// Applies `overrides` to `spec`. Throws InputError at the flag ("--trim: unknown trim …").
/// A flag that changes its value becomes that value's place (BookSpec::*_place), so later
/// errors the change causes name the flag; a flag that repeats the spec's value changes nothing.
void apply_overrides(BookSpec& spec, const Overrides& overrides);

/// One page of the book: what the plan put on it, its frame (trim and margins), how it was laid
/// out, where its grids are (points, in slot order; empty for text pages) and the side of its
/// smallest cell (points; 0 on text pages).
struct BookPage {
  PlannedPage planned;
  render::PageFrame frame;
  render::Page page;
  std::vector<render::Box> grid_boxes;
  double smallest_cell_pt = 0;
  std::string overwide_line{};  ///< a label or footnote wider than its grid: check_fits refuses the page
};

/// Everything a build produced, in memory.
struct Book {
  LayoutPreset layout;
  std::vector<engine::Puzzle> puzzles;  ///< book order: puzzle k has number k + 1
  std::vector<engine::Layout> layouts;  ///< layouts[k]: puzzle k's kind and (jigsaw) regions
  /// killers[k]: puzzle k's cages when it is a killer (its Puzzle then has no givens, clues 0,
  /// and the killer grader's grade, rating and tier; its layout is classic), else no cage.
  std::vector<engine::Killer> killers;
  std::vector<SymbolSet> symbols;       ///< symbols[k]: how puzzle k prints (its section's skin)
  std::vector<BookHint> hints;          ///< hints[k]: puzzle k's (spec hints or glossary), else empty
  std::vector<GlossaryEntry> glossary;  ///< the glossary's entries (spec glossary: true)
  std::vector<BookPage> pages;          ///< page 1 first
  render::DocumentInfo info;            ///< PDF metadata and fonts
  Manifest manifest;                    ///< with the cover's record when there is a cover
  std::optional<BookCover> cover;       ///< when the spec has a cover: key
  render::DocumentInfo cover_info;      ///< the cover PDF's metadata and fonts
  std::optional<PdfxFacts> cover_pdfx;  ///< set when the cover is PDF/X-1a (IngramSpark)
  /// The interior PDF of `pages` (render_pdf's bytes), painted as the build went, when
  /// BuildSettings::paint_pdf asked for it and the build could (not with hints or a glossary,
  /// whose pages wait for every puzzle, nor through a puzzle cache); book_outputs uses it
  /// instead of painting the pages again (their items were let go). Whoever changes `pages`
  /// afterwards must reset it and lay them out again.
  std::optional<std::string> painted_pdf;
  /// manifest_to_json_unhashed(manifest), made while the PDF was saved (with painted_pdf), or
  /// empty; book_outputs fills in the hashes. Set by make_book only; whoever changes `manifest`
  /// afterwards must clear it (book_outputs would write the old one).
  std::string manifest_json_unhashed;
  /// write_book(Book&&) took painted_pdf: the pages' drawings are gone and no PDF is left, so
  /// page_list (and with it book_outputs) refuses the book.
  bool pdf_taken = false;

  /// The laid-out pages, as painters take them.
  /// Throws std::logic_error once painted_pdf is set (the drawings are gone).
  std::vector<const render::Page*> page_list() const;
};

/// Type sizes and largest cell (points) of a kids book (BookSpec::reader()): text, labels,
/// hints, page numbers, captions, footnotes and the copyright page at least kKidsTextPt, solution labels at least
/// kKidsSolutionLabelPt, cells up to kKidsMaxCellPt (1.5 in: a one-up 4x4 grid then spans 6 in).
inline constexpr double kKidsTextPt = 14;
inline constexpr double kKidsSolutionLabelPt = 12;
inline constexpr double kKidsMaxCellPt = 108;

/// The spec's layout (preset or file), read, with the spec's solutions-per-page applied and,
/// for a kids book, the kids sizes above. Throws InputError at the spec's (or flag's) layout place.
LayoutPreset resolve_layout(const BookSpec& spec, const Resources& resources);

/// How the hints and the glossary split into pages (PlanInput::hint_pages, glossary_pages).
struct HintPagination {
  std::vector<int> hint_pages;    ///< PlanInput::hint_pages
  std::vector<int> hint_puzzles;  ///< PlanInput::hint_puzzles
  std::vector<int> glossary_pages;
  friend bool operator==(const HintPagination&, const HintPagination&) = default;
};

/// The pages of `spec` with `layout`, planned (no puzzles generated); the hints section as
/// `hints` splits it (none before the hints are known).
std::vector<PlannedPage> plan_book(const BookSpec& spec, const LayoutPreset& layout, const HintPagination& hints = {});

/// Runs the pipeline above. Throws InputError for spec-level problems (page count, pages
/// that do not fit, a font the spec chose that cannot be loaded) and EnvironmentError when one
/// of our own fonts cannot be loaded.
Book make_book(const BookSpec& spec, const BuildSettings& settings);

/// make_book for a preview of one page: the same checks before generation, the same puzzles,
/// but only page `page` (1-based) laid out and checked to fit (0: no interior page, the cover
/// alone); every other BookPage holds its plan and frame and an empty page, and the manifest is
/// left empty. A page number the plan does not have lays out nothing.
Book make_book_page(const BookSpec& spec, const BuildSettings& settings, int page);

/// Where a build writes, and the flag that chose each path (named in messages).
struct BookPaths {
  util::OutputTarget pdf;
  util::OutputTarget manifest;
  /// The cover PDF; when the spec has a cover and this is unset, default_cover_path(pdf).
  std::optional<util::OutputTarget> cover = std::nullopt;

  std::vector<util::OutputTarget> targets() const {
    std::vector<util::OutputTarget> all{pdf, manifest};
    if (cover) all.push_back(*cover);
    return all;
  }
};

/// The cover's default path: "<pdf stem>-cover.pdf" beside the PDF.
std::filesystem::path default_cover_path(const std::filesystem::path& pdf);

/// The files the book is made from — the spec, the layout file or preset, every font (the spec's
/// or ours), the cover's front image, the catalogue file (existing or not): no output may land
/// on them.
std::vector<util::InputFile> book_inputs(const BookSpec& spec, const Resources& resources);

/// Throws InputError when a font lacks a glyph the book prints, before any puzzle is made. At
/// the field's place, a text of the spec (spec.text_fields, `text:` overrides among them) the
/// regular or bold font cannot print: "spec.yaml:1:8: 'title' has 'あ' (U+3042) at character 1,
/// which the font LiberationSans-Bold.ttf cannot print (…)". At the `fonts:` value, a character
/// of the language's wording or a digit of the page numbers the regular or bold font lacks, or a
/// grid symbol (digits, 16x16's A-G, a letters skin's letters) the digits font lacks:
/// "fonts.digits NoSeven.ttf has no glyph for '7' (U+0037), which the book prints in its 9x9
/// digits grids: choose a font that has it". Fonts that cannot be read or have no Unicode cmap are left to
/// the font loader.
void check_font_coverage(const BookSpec& spec, const render::FontFiles& fonts);

/// Checks `paths` before any work (util::check_outputs against book_inputs; the cover's default
/// path when the spec has a cover and `paths` names none). A cover path without a cover: key in
/// the spec is an InputError at its flag ("--cover: the spec has no 'cover:' …").
void check_book_paths(const BookSpec& spec, const Resources& resources, const BookPaths& paths);

/// The book's files with their bytes: the interior PDF, the manifest, then the cover PDF (one
/// page; TrimBox and BleedBox; for IngramSpark PDF/X-1a:2001, book/cover/pdfx.h). The manifest
/// written is book.manifest with the SHA-256 of both PDFs (pdf_sha256, cover.sha256). Throws
/// EnvironmentError when a PDF cannot be painted.
std::vector<util::Output> book_outputs(const Book& book, const BookPaths& paths);

/// Writes book_outputs all or none (util::write_outputs). Throws EnvironmentError.
void write_book(const Book& book, const BookPaths& paths);
/// The same, taking the painted PDF's bytes and the manifest's unhashed JSON from `book` instead
/// of copying them (two fresh megabytes cost about 8 ms of page faults here); `book` has
/// neither afterwards (pdf_taken: it cannot be written again).
void write_book(Book&& book, const BookPaths& paths);
/// write_book(Book&&) with a last step before any file is renamed into place: `before_commit`
/// sees every output staged (the manifest's final bytes among them); when it throws, nothing
/// lands (the catalogue registers the book there: both land, or neither).
void write_book(Book&& book, const BookPaths& paths,
                const std::function<void(const std::vector<util::Output>&)>& before_commit);

}  // namespace puzzlepress::book
