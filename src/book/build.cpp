#include "book/build.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>

#include "render/layout.h"
#include "render/pdf_writer.h"
#include "render/staged_file.h"

namespace puzzlepress::book {
namespace {

render::Box to_box(const RectPt& r) { return {r.x, r.y, r.x + r.width, r.y + r.height}; }
RectPt to_rect(const render::Box& b) { return {b.left, b.bottom, b.width(), b.height()}; }

render::FontFiles font_files(const BookSpec& spec, const BuildSettings& settings) {
  render::FontFiles fonts = render::default_font_files(settings.fonts_dir);
  if (spec.fonts.text) fonts.text = *spec.fonts.text;
  if (spec.fonts.bold) fonts.bold = *spec.fonts.bold;
  if (spec.fonts.digits) {  // one face for all digits; solved digits stay grey
    fonts.digit = *spec.fonts.digits;
    fonts.solved_digit = *spec.fonts.digits;
  }
  return fonts;
}

render::PageFrame frame_for(const BookSpec& spec, const LayoutPreset& layout, int page_number,
                            int page_count, bool shows_number) {
  const PageSizePt size = page_size_pt(spec.trim, spec.bleed);
  render::PageFrame frame;
  frame.width_pt = size.width;
  frame.height_pt = size.height;
  frame.trim_box = to_box(trim_box_pt(page_number, spec.trim, spec.bleed));
  frame.content = to_box(content_box_pt(page_number, page_count, spec.trim, spec.bleed,
                                        layout.min_margins_in));
  frame.folio = shows_number ? std::to_string(page_number) : "";
  frame.recto = is_recto(page_number);
  frame.bleed = spec.bleed;
  return frame;
}

// Nothing may be printed outside the margins, and grid digits must stay at KDP's 7 pt or more:
// a trim, layout or text that cannot give that is a spec problem, reported before any file is
// written. `grids` are the page's grid boxes (none for text pages).
void check_fits(const BookSpec& spec, const LayoutPreset& layout, const PlannedPage& planned,
                const render::PageFrame& frame, const render::Page& page,
                const std::vector<render::Box>& grids, const render::TextMeasure& measure) {
  const std::string where = "page " + std::to_string(planned.number) + " (" +
                            std::string(page_kind_id(planned.kind)) + ") at trim " + spec.trim_name +
                            " with layout " + layout.name;
  for (const auto& grid : grids) {
    // Digits never print under 7 pt (layout keeps them there even when digit_scale would not);
    // a cell must still leave a 7 pt digit room: it may fill at most 80% of the cell.
    const double cell_pt = grid.width() / 9;
    if (layout.style.min_text_pt > 0.8 * cell_pt) {
      char size[32];
      std::snprintf(size, sizeof size, "%.0f", grid.width());
      throw SpecError(spec.file, spec.layout_where,
                      where + ": grids would be " + size + " pt wide, too small for " +
                          "7 pt digits (choose fewer grids per page or a larger trim)");
    }
  }
  for (const auto& item : page.items) {
    if (!frame.content.contains(render::ink_bounds(item, measure), 0.5)) {
      throw SpecError(spec.file, spec.layout_where,
                      where + ": the content does not fit inside the margins (shorten the "
                              "title or subtitle, or choose a larger trim or a layout with fewer "
                              "grids per page)");
    }
  }
}

std::string puzzle_range(int first, int last) {
  return first == last ? "Puzzle " + std::to_string(first)
                       : "Puzzles " + std::to_string(first) + "\u2013" + std::to_string(last);
}

}  // namespace

LayoutPreset resolve_layout(const BookSpec& spec, const BuildSettings& settings) {
  // A layout file is already resolved against the spec's folder by load_spec.
  if (!spec.layout.file.empty()) {
    return find_layout(spec.layout.file.string(), settings.layouts_dir, {}, spec.file,
                       spec.layout_where);
  }
  return find_layout(spec.layout.preset, settings.layouts_dir, {}, spec.file, spec.layout_where);
}

std::vector<PlannedPage> plan_book(const BookSpec& spec, const LayoutPreset& layout) {
  PlanInput input;
  input.front_matter = spec.front_matter;
  input.sections = spec.sections;
  input.puzzles_per_page = layout.style.puzzle_rows * layout.style.puzzle_cols;
  input.solutions_per_page =
      spec.solutions_per_page.value_or(layout.style.solution_rows * layout.style.solution_cols);
  return plan_pages(input);
}

Book make_book(const BookSpec& spec, const BuildSettings& settings) {
  Book book;
  book.layout = resolve_layout(spec, settings);
  if (spec.solutions_per_page) {
    const auto [rows, cols] =
        render::best_arrangement(*spec.solutions_per_page, spec.trim.width_in, spec.trim.height_in);
    book.layout.style.solution_rows = rows;
    book.layout.style.solution_cols = cols;
  }
  book.plan = plan_book(spec, book.layout);
  const int page_count = static_cast<int>(book.plan.size());
  check_page_count(spec, page_count);

  render::RenderError font_error;
  const render::FontFiles fonts = font_files(spec, settings);
  const auto metrics = render::PdfFontMetrics::load(fonts, &font_error);
  if (!metrics) {
    const bool chosen = spec.fonts.text || spec.fonts.bold || spec.fonts.digits;
    if (chosen) throw SpecError(spec.file, spec.fonts_where, font_error.message);  // the spec's font
    throw BuildError(font_error.message);  // one of ours is missing: the installation's fault
  }

  const auto requests = generate_requests(spec);
  book.puzzles = engine::generate_batch(requests, settings.jobs, settings.progress);

  Manifest& m = book.manifest;
  m.title = spec.title;
  m.author = spec.author;
  m.trim = spec.trim_name;
  const PageSizePt size = page_size_pt(spec.trim, spec.bleed);
  m.page_width_pt = size.width;
  m.page_height_pt = size.height;
  m.page_count = page_count;
  m.seed = spec.seed;
  m.version = settings.version;
  m.bleed = spec.bleed;
  m.paper = spec.paper;
  m.grading = std::string(engine::grading_id(spec.grading));
  for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
    m.puzzles.push_back(to_manifest_puzzle(book.puzzles[k], static_cast<int>(k) + 1));
  }

  render::Document& doc = book.document;
  doc.title = spec.title;
  doc.author = spec.author;
  doc.subject = spec.subtitle;
  doc.creator = "puzzlepress " + settings.version;
  doc.keywords = "sudoku";
  doc.fonts = fonts;
  const render::LayoutStyle& style = book.layout.style;
  const int total = spec.puzzle_count();
  for (const PlannedPage& planned : book.plan) {
    const render::PageFrame frame =
        frame_for(spec, book.layout, planned.number, page_count, planned.shows_number);
    std::vector<render::PuzzleSlot> slots;
    std::vector<render::Box> grids;  // the page's grid boxes, for check_fits
    for (int index : planned.puzzles) slots.push_back(render::slot_for(book.puzzles[index], index + 1));
    switch (planned.kind) {
      case PageKind::title:
        doc.pages.push_back(render::layout_title_page(frame, style, spec.title, spec.subtitle,
                                                      spec.author, *metrics));
        break;
      case PageKind::copyright: {
        render::CopyrightInfo info;
        info.title = spec.title;
        info.author = spec.author;
        info.year = spec.year ? std::to_string(*spec.year) : "";
        info.publisher = spec.publisher;
        info.isbn = spec.isbn;
        info.generator = "Puzzles generated by puzzlepress " + settings.version + " from base seed " +
                         std::to_string(spec.seed) + ". Every puzzle has exactly one solution.";
        doc.pages.push_back(render::layout_copyright_page(frame, style, info, *metrics));
        break;
      }
      case PageKind::how_to_play:
        doc.pages.push_back(render::layout_how_to_play_page(frame, style, *metrics));
        break;
      case PageKind::blank:
        doc.pages.push_back(render::layout_blank_page(
            frame, style, "This page is intentionally left blank", *metrics));
        break;
      case PageKind::solutions_heading:
        doc.pages.push_back(render::layout_heading_page(frame, style, "Solutions",
                                                        puzzle_range(1, total), *metrics));
        break;
      case PageKind::puzzles:
      case PageKind::solutions: {
        const bool answers = planned.kind == PageKind::solutions;
        auto laid = answers ? render::layout_solution_page(frame, style, slots, *metrics)
                            : render::layout_puzzle_page(frame, style, slots, *metrics);
        grids = laid.grid_boxes;
        for (std::size_t i = 0; i < planned.puzzles.size(); ++i) {
          ManifestPuzzle& mp = m.puzzles[planned.puzzles[i]];
          (answers ? mp.solution_page : mp.page) = planned.number;
          (answers ? mp.solution_rect : mp.rect) = to_rect(laid.grid_boxes[i]);
        }
        doc.pages.push_back(std::move(laid.page));
        break;
      }
      case PageKind::notes:
        doc.pages.push_back(render::layout_notes_page(frame, style, *metrics));
        break;
    }
    check_fits(spec, book.layout, planned, frame, doc.pages.back(), grids, *metrics);
  }
  return book;
}

void write_book(const Book& book, const std::filesystem::path& pdf_path,
                const std::filesystem::path& manifest_path) {
  // Both files are staged before either replaces anything: a failure while writing either
  // leaves both destinations as they were.
  std::string error;
  auto manifest = render::StagedFile::stage(manifest_path, manifest_to_json(book.manifest), &error);
  if (!manifest) throw BuildError("cannot write " + manifest_path.string() + ": " + error);
  const render::PdfBytes pdf = render::render_pdf(book.document);
  if (pdf.error) throw BuildError("cannot write " + pdf_path.string() + ": " + pdf.error->message);
  auto staged_pdf = render::StagedFile::stage(pdf_path, pdf.bytes, &error);
  if (!staged_pdf) throw BuildError("cannot write " + pdf_path.string() + ": " + error);
  if (auto failed = staged_pdf->commit()) {
    throw BuildError("cannot write " + pdf_path.string() + ": " + *failed);
  }
  if (auto failed = manifest->commit()) {  // a rename in the same folder: rare, and the PDF is whole
    throw BuildError("cannot write " + manifest_path.string() + ": " + *failed);
  }
}

}  // namespace puzzlepress::book
