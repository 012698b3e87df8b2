// make_book_pipelined (book_parts.h): a build whose pages are laid out and painted as their
// puzzles arrive.
#include <algorithm>
#include <exception>
#include <future>
#include <optional>
#include <system_error>

#include "book/make/book_parts.h"
#include "book/make/pages.h"

namespace puzzlepress::book {
namespace {

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
class BookPipeline {
 public:
  BookPipeline(const BookSpec& spec, const BuildSettings& settings, Book& book, std::vector<PlannedPage> plan,
               std::size_t puzzle_count)
      : spec_(spec), settings_(settings), book_(book), puzzle_count_(static_cast<int>(puzzle_count)) {
    const int page_count = static_cast<int>(plan.size());
    references_ = cross_references(plan, puzzle_count_);
    book_.puzzles.resize(puzzle_count);
    book_.layouts.resize(puzzle_count);
    book_.symbols.resize(puzzle_count);
    for (PlannedPage& planned : plan) {
      render::PageFrame frame = frame_for(spec_, book_.layout, planned, page_count);
      book_.pages.push_back({std::move(planned), std::move(frame), {}, {}, 0});
    }
    pages_.resize(book_.pages.size());
    pages_after_.resize(puzzle_count);
    for (std::size_t i = 0; i < book_.pages.size(); ++i) {
      const int last = std::max(0, last_puzzle_read(book_.pages[i].planned, puzzle_count_));
      pages_after_[static_cast<std::size_t>(std::min(last, puzzle_count_ - 1))].push_back(i);
    }
  }

  /// Puzzle `k` is made (in book order, one delivery at a time, on a generation thread): keep
  /// it and lay out the pages it completes.
  void deliver(std::size_t k, const engine::VariantPuzzle& made) {
    if (k == 0) start();
    book_.puzzles[k] = made.puzzle;
    book_.layouts[k] = made.layout;
    book_.symbols[k] = symbols_of(*sections_[k], made.puzzle);
    for (std::size_t i : pages_after_[k]) {
      if (stopped_) return;
      try {
        lay_out(i);
      } catch (...) {  // laid out again by finish, in page order
        stopped_ = true;
        painter_.reset();
      }
    }
  }

  /// Once generation is over: the pages not laid out yet, the manifest, the fit errors in page
  /// order, the cover and the PDF's save (on its own thread beside the manifest and cover).
  void finish() {
    for (std::size_t i = 0; i < book_.pages.size(); ++i) {
      if (!pages_[i].laid_out) lay_out(i);
    }
    // Saving the PDF (libharu deflates every stream) shares nothing with the manifest and the
    // cover: the save runs on its own thread while they are made, and the manifest's JSON with
    // them (its hashes filled in once the PDFs exist). Not for a book that does not fit, which
    // throws below. With --jobs 1 (or no thread to be had) the save follows on this thread.
    const bool fits =
        std::none_of(pages_.begin(), pages_.end(), [](const PageState& p) { return p.misfit != nullptr; });
    std::future<util::Result<std::string>> saved;
    const auto save = [this] {
      util::Result<std::string> pdf = painter_->finish();
      painter_.reset();  // libharu frees the document here too (off the main thread, when on its own)
      return pdf;
    };
    const bool to_save = painter_ && fits;  // read here only: the save thread resets the painter
    if (to_save && settings_.jobs != 1) {
      try {
        saved = std::async(std::launch::async, save);
      } catch (const std::system_error&) {  // no thread: saved below
      }
    }
    book_.manifest = make_manifest(spec_, book_, settings_.version);
    for (const PageState& page : pages_) {
      if (page.misfit) std::rethrow_exception(page.misfit);
    }
    if (spec_.cover) add_cover(book_, spec_, static_cast<int>(book_.pages.size()), *metrics_, *words_);
    if (to_save) {
      book_.manifest_json_unhashed = manifest_to_json_unhashed(book_.manifest);
      if (auto pdf = saved.valid() ? saved.get() : save()) book_.painted_pdf = std::move(*pdf);
    }
    // Without a PDF the pages are painted when written: lay out again those let go.
    for (std::size_t i = 0; i < book_.pages.size() && !book_.painted_pdf; ++i) {
      BookPage& page = book_.pages[i];
      if (pages_[i].released) page.page = lay_out_page(*context_, page.planned, page.frame).page;
    }
  }

 private:
  /// A page's progress through the pipeline.
  struct PageState {
    bool laid_out = false;
    bool released = false;      ///< painted and checked: its items were let go
    std::exception_ptr misfit;  ///< check_fits' error, thrown in page order by finish
  };

  // At the first delivery: the font metrics (with the texts checked against the fonts), the
  // book's words, the page context and the painter.
  void start() {
    metrics_ = book_metrics(spec_, settings_, book_.info.fonts, loaded_);
    words_.emplace(spec_.language, spec_.text);
    context_.emplace(PageContext{spec_, book_.layout.style, book_.puzzles, book_.symbols, book_.layouts, *metrics_,
                                 settings_.version, *words_, book_.hints, book_.glossary, &references_});
    if (settings_.paint_pdf) {
      if (auto started = render::PdfPainter::start(book_.info, book_.pages.size())) painter_ = std::move(*started);
    }
  }

  void lay_out(std::size_t i) {
    BookPage& page = book_.pages[i];
    PageState& state = pages_[i];
    LaidPage laid = lay_out_page(*context_, page.planned, page.frame);
    page.page = std::move(laid.page);
    page.grid_boxes = std::move(laid.grid_boxes);
    page.smallest_cell_pt = laid.smallest_cell_pt;
    page.overwide_line = std::move(laid.overwide_line);
    state.laid_out = true;
    try {
      check_fits(spec_, book_.layout, page, *metrics_);
    } catch (...) {
      state.misfit = std::current_exception();
    }
    if (painter_ && painter_->paint(i, page.page)) painter_.reset();
    if (painter_) {  // the PDF has the page: its items (most of a build's memory) are let go
      // A new vector, not `= {}` (which assigns an empty list and keeps the storage).
      page.page.items = std::vector<render::Item>();
      state.released = true;
    }
  }

  const BookSpec& spec_;
  const BuildSettings& settings_;
  Book& book_;
  const int puzzle_count_;
  const std::vector<const Section*> sections_ = puzzle_sections(spec_);
  CrossReferences references_;                         ///< from the plan, final before generation
  std::vector<PageState> pages_;                       ///< by page index
  std::vector<std::vector<std::size_t>> pages_after_;  ///< page indices by the last puzzle they read
  std::unique_ptr<render::PdfFontMetrics> loaded_;
  const render::PdfFontMetrics* metrics_ = nullptr;
  std::optional<Wording> words_;
  std::optional<PageContext> context_;
  std::unique_ptr<render::PdfPainter> painter_;
  bool stopped_ = false;  ///< a page's layout threw: the rest waits for finish
};

}  // namespace

Book make_book_pipelined(const BookSpec& spec, const BuildSettings& settings, Book book, std::vector<PlannedPage> plan,
                         const std::vector<engine::VariantOptions>& requests) {
  BookPipeline pipeline(spec, settings, book, std::move(plan), requests.size());
  engine::generate_batch(requests, settings.jobs, settings.progress,
                         [&](std::size_t k, const engine::VariantPuzzle& made) {
                           if (settings.puzzle_made) settings.puzzle_made(k, made.puzzle);
                           pipeline.deliver(k, made);
                         });
  pipeline.finish();
  return book;
}

}  // namespace puzzlepress::book
