#include "book/make/sample.h"

#include <algorithm>
#include <cstdio>
#include <span>
#include <stdexcept>

#include "book/text/figures.h"
#include "book/kdp/geometry.h"
#include "book/make/hints.h"
#include "book/make/pages.h"
#include "book/text/wording.h"
#include "engine/batch.h"
#include "render/layout.h"
#include "render/pdf_writer.h"
#include "util/numbers.h"

namespace puzzlepress::book {
namespace {

/// Type size of the footer, points.
constexpr double kFooterSizePt = 8;

/// The --paper value naming `paper`: "a4", a standard trim's name, or a custom "WxHin".
std::string paper_flag(const Trim& paper) {
  if (paper.name == "A4") return "a4";
  if (paper.custom()) return util::format_general(paper.width_in) + "x" + util::format_general(paper.height_in) + "in";
  return std::string(paper.name);
}

}  // namespace

std::vector<engine::Grade> default_sample_grades() {
  return {engine::Grade::easy, engine::Grade::medium, engine::Grade::hard, engine::Grade::extreme};
}

std::string sample_command(const SampleOptions& options) {
  std::string command = "puzzlepress sample --seed " + std::to_string(options.seed);
  for (engine::Grade g : options.grades) command += " --grade " + std::string(engine::grade_id(g));
  if (options.count != 4) command += " --count " + std::to_string(options.count);
  if (options.per_page != 4) command += " --per-page " + std::to_string(options.per_page);
  if (options.paper.name != kStandardTrims[14].name) command += " --paper " + paper_flag(options.paper);
  if (options.answers) command += " --answers";
  if (options.hints) command += " --hints";
  if (options.allow_trial) command += " --allow-trial";
  if (options.language != "en") command += " --language " + options.language;
  return command;
}

namespace {
// The preset whose look a sheet of `per_page` (1..6) puzzles takes.
const char* preset_for(int per_page) {
  static constexpr const char* kLooks[] = {"one-up", "two-up", "four-up", "four-up", "six-up", "six-up"};
  return kLooks[per_page - 1];
}
}  // namespace

render::LayoutStyle sample_style(int per_page, const Resources& resources, double content_width_pt,
                                 double content_height_pt) {
  if (per_page < 1 || per_page > kSampleMaxPerPage) {
    throw std::invalid_argument("per_page must be 1-6, got " + std::to_string(per_page));
  }
  const char* name = preset_for(per_page);
  render::LayoutStyle style;
  try {
    style = load_layout(LayoutChoice{name, {}}, resources, Place{}).style;
  } catch (const InputError& e) {  // our own preset: the installation is broken
    throw EnvironmentError(std::string("cannot load the ") + name + " preset: " + e.what());
  }
  if (per_page == 3 || per_page == 5) {  // the preset's look, the best table for the count
    const auto [rows, cols] = render::best_arrangement(per_page, content_width_pt, content_height_pt);
    style.puzzle_rows = rows;
    style.puzzle_cols = cols;
  }
  return style;
}

std::vector<util::InputFile> sample_inputs(const Resources& resources) {
  std::vector<util::InputFile> inputs;
  for (int per_page = 1; per_page <= kSampleMaxPerPage; ++per_page) {
    if (auto file = preset_file(resources, preset_for(per_page)); !file.empty())
      inputs.push_back({file, "a layout preset"});
  }
  const render::FontFiles fonts = shipped_fonts(resources);
  for (render::FontRole role : render::kAllFontRoles) {
    if (!fonts.for_role(role).file.empty()) inputs.push_back({fonts.for_role(role).file, "a font"});
  }
  return inputs;
}

render::Document make_sample(const SampleOptions& options, const Resources& resources) {
  return make_sample_sheet(options, resources).doc;
}

namespace {

// The page and its content box, points: the paper less 0.5 in all round, no gutter, no bleed.
render::PageFrame sample_frame(const Trim& paper) {
  const PageSizePt size = page_size_pt(paper, false);
  const double margin_pt = kSampleMarginIn * kPointsPerInch;
  render::PageFrame frame;
  frame.width_pt = size.width;
  frame.height_pt = size.height;
  frame.trim_box = {0, 0, size.width, size.height};
  frame.content = {margin_pt, margin_pt, size.width - margin_pt, size.height - margin_pt};
  frame.recto = true;
  frame.bleed = false;
  return frame;
}

// The footer: wrapped to the content width, centred, its last line on the bottom of the content
// box; the layouts get a content box that ends where the footer begins (they keep their own
// folio band above it, which holds the footer's first line).
class SampleFooter {
 public:
  SampleFooter(const std::string& text, const render::PageFrame& frame, const render::LayoutStyle& style,
               const render::PdfFontMetrics& metrics)
      : frame_(frame),
        metrics_(metrics),
        // Small whatever the style (one-up's folio is 14 pt), never below the style's least size.
        size_pt_(std::max(style.min_text_pt, kFooterSizePt)),
        leading_pt_(size_pt_ * style.line_spacing),
        lines_(render::wrap_text(text, render::FontRole::text, size_pt_, frame.content.width(), metrics)) {}

  /// The frame the layouts get: the content box ends where the footer begins.
  render::PageFrame layout_frame() const {
    render::PageFrame frame = frame_;
    frame.content.bottom += leading_pt_ * static_cast<double>(lines_.size() - 1);
    return frame;
  }

  void add_to(render::Page& page) const {
    const double last_baseline_pt = frame_.content.bottom + metrics_.descent_em(render::FontRole::text) * size_pt_;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      render::TextRun run;
      run.text = lines_[i];
      run.role = render::FontRole::text;
      run.size_pt = size_pt_;
      run.colour = render::Colour::gray(0.35);
      run.width_pt = metrics_.width_pt(run.role, run.text, size_pt_);
      run.origin = {frame_.content.left + (frame_.content.width() - run.width_pt) / 2,
                    last_baseline_pt + leading_pt_ * static_cast<double>(lines_.size() - 1 - i)};
      page.items.emplace_back(std::move(run));
    }
  }

 private:
  render::PageFrame frame_;
  const render::PdfFontMetrics& metrics_;
  double size_pt_;
  double leading_pt_;
  std::vector<std::string> lines_;
};

// The sheet's puzzles: grades cycled in order, seeded as a book's puzzles are.
std::vector<engine::Puzzle9> sample_puzzles(const SampleOptions& options, const std::vector<engine::Grade>& grades) {
  std::vector<engine::GenerateOptions9> requests;
  for (int k = 0; k < options.count; ++k) {
    engine::GenerateOptions9 request;
    request.grade = grades[static_cast<std::size_t>(k) % grades.size()];
    request.seed = engine::batch_seed(options.seed, static_cast<std::uint32_t>(k));
    request.grading = engine::Grading::techniques;  // as books are graded by default
    request.allow_trial = options.allow_trial;
    requests.push_back(request);
  }
  return engine::generate_batch(requests, 0, options.progress);
}

// A page per group of hints, after the puzzles.
void add_hint_pages(render::Document& doc, const std::vector<engine::Puzzle9>& puzzles, const Wording& words,
                    const render::PageFrame& frame, const render::LayoutStyle& style,
                    const render::PdfFontMetrics& metrics, const SampleFooter& footer) {
  const SymbolSet digits = default_symbols(Skin::digits, engine::kShape9x9);
  std::vector<BookHint> hints;
  for (const engine::Puzzle9& puzzle : puzzles)
    hints.push_back(book_hint(engine::from_puzzle(puzzle).givens, digits, words));
  const std::vector<render::ListEntry> entries = hint_entries(hints, hint_listed_puzzles(hints), words);
  const std::string intro = hint_intro(hints, words);
  const std::string label = hint_label_sample(static_cast<int>(puzzles.size()), words);
  std::vector<int> split = render::paginate_list(frame, style, words.hints_heading(), intro, entries, label, metrics);
  if (split.empty()) split = {0};  // singles only: the paragraph alone says so
  std::size_t first = 0;
  for (int n : split) {
    const std::span<const render::ListEntry> page_entries(entries.data() + first, static_cast<std::size_t>(n));
    render::Page page = render::layout_list_page(frame, style, first == 0 ? words.hints_heading() : "",
                                                 first == 0 ? intro : "", page_entries, label, metrics);
    footer.add_to(page);
    doc.pages.push_back(std::move(page));
    first += static_cast<std::size_t>(n);
  }
}

}  // namespace

SampleSheet make_sample_sheet(const SampleOptions& options, const Resources& resources) {
  if (options.count < 1) throw std::invalid_argument("count must be at least 1");
  const std::vector<engine::Grade> grades = options.grades.empty() ? default_sample_grades() : options.grades;
  const render::PageFrame frame = sample_frame(options.paper);
  const render::LayoutStyle style =
      sample_style(options.per_page, resources, frame.content.width(), frame.content.height());
  const render::FontFiles fonts = shipped_fonts(resources);
  const auto loaded = render::PdfFontMetrics::load(fonts);
  if (!loaded) throw EnvironmentError(loaded.error());
  const render::PdfFontMetrics& metrics = **loaded;

  const Wording words(options.language);
  const std::string command = options.command.empty() ? sample_command(options) : options.command;
  const SampleFooter footer(words.sample_footer(options.seed, command), frame, style, metrics);
  const render::PageFrame layout_frame = footer.layout_frame();

  const std::vector<engine::Puzzle9> puzzles = sample_puzzles(options, grades);
  std::vector<render::FigureSlot> puzzle_slots;
  std::vector<render::FigureSlot> solution_slots;
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    puzzle_slots.push_back(puzzle_slot(puzzles[k], static_cast<int>(k) + 1, words));
    if (options.answers) solution_slots.push_back(solution_slot(puzzles[k], static_cast<int>(k) + 1, words));
  }

  SampleSheet sheet;
  render::Document& doc = sheet.doc;
  doc.info.title = words.sample_title(options.seed);
  doc.info.subject = command;
  doc.info.creator = "puzzlepress sample";
  doc.info.keywords = kKeywords;
  doc.info.fonts = fonts;
  const auto add_pages = [&](const std::vector<render::FigureSlot>& slots, std::size_t per_page, bool solutions) {
    for (std::size_t first = 0; first < slots.size(); first += per_page) {
      const std::size_t n = std::min(per_page, slots.size() - first);
      const std::span<const render::FigureSlot> page_slots(slots.data() + first, n);
      render::GridPageLayout laid = solutions ? render::layout_solution_page(layout_frame, style, page_slots, metrics)
                                              : render::layout_puzzle_page(layout_frame, style, page_slots, metrics);
      footer.add_to(laid.page);
      doc.pages.push_back(std::move(laid.page));
    }
  };
  add_pages(puzzle_slots, static_cast<std::size_t>(options.per_page), false);  // the style has >= per_page places
  sheet.puzzle_pages = static_cast<int>(doc.pages.size());
  if (options.hints) {
    add_hint_pages(doc, puzzles, words, layout_frame, style, metrics, footer);
    sheet.hint_pages = static_cast<int>(doc.pages.size()) - sheet.puzzle_pages;
  }
  if (options.answers)
    add_pages(solution_slots, static_cast<std::size_t>(style.solution_rows * style.solution_cols), true);
  sheet.answer_pages = static_cast<int>(doc.pages.size()) - sheet.puzzle_pages - sheet.hint_pages;
  return sheet;
}

render::Document proof_document(const Book& book, int pages) {
  if (pages < 1) throw std::invalid_argument("pages must be at least 1");
  render::Document doc;
  doc.info = book.info;
  for (const BookPage& page : book.pages) {
    if (static_cast<int>(doc.pages.size()) >= pages) break;
    if (page.planned.kind == PageKind::puzzles) doc.pages.push_back(page.page);
  }
  return doc;
}

}  // namespace puzzlepress::book
