#include "book/pages.h"

#include <stdexcept>

#include "book/figures.h"
#include "book/wording.h"

namespace puzzlepress::book {
namespace {

using Maker = LaidPage (*)(const PageContext&, const PlannedPage&, const render::PageFrame&);

LaidPage text_page(render::Page page) { return LaidPage{std::move(page), {}}; }

LaidPage title(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  return text_page(render::layout_title_page(frame, c.style, c.spec.title, c.spec.subtitle,
                                             c.spec.author, c.measure));
}

LaidPage copyright(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  CopyrightFacts facts;
  facts.title = c.spec.title;
  facts.author = c.spec.author;
  facts.year = c.spec.year ? std::to_string(*c.spec.year) : "";
  facts.publisher = c.spec.publisher;
  facts.isbn = c.spec.isbn;
  facts.version = c.version;
  facts.seed = c.spec.seed;
  return text_page(
      render::layout_footnote_page(frame, c.style, wording::copyright(facts), c.measure));
}

LaidPage how_to_play(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  render::Article article;
  article.heading = wording::kHowToPlayHeading;
  article.paragraphs = wording::how_to_play();
  article.figure = how_to_play_figure();
  article.caption = wording::kHowToPlayCaption;
  return text_page(render::layout_article_page(frame, c.style, article, c.measure));
}

LaidPage blank(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  return text_page(render::layout_blank_page(frame, c.style, wording::kBlankPage, c.measure));
}

LaidPage solutions_heading(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  const int total = static_cast<int>(c.puzzles.size());
  return text_page(render::layout_heading_page(frame, c.style, wording::kSolutionsHeading,
                                               wording::puzzle_range(1, total), c.measure));
}

LaidPage notes(const PageContext& c, const PlannedPage&, const render::PageFrame& frame) {
  return text_page(render::layout_ruled_page(frame, c.style, wording::kNotesHeading, c.measure));
}

LaidPage puzzles(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  std::vector<render::FigureSlot> slots;
  for (int index : planned.puzzles) slots.push_back(puzzle_slot(c.puzzles[index], index + 1));
  auto laid = render::layout_puzzle_page(frame, c.style, slots, c.measure);
  return LaidPage{std::move(laid.page), std::move(laid.grid_boxes), laid.smallest_cell_pt};
}

LaidPage solutions(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  std::vector<render::FigureSlot> slots;
  for (int index : planned.puzzles) slots.push_back(solution_slot(c.puzzles[index], index + 1));
  auto laid = render::layout_solution_page(frame, c.style, slots, c.measure);
  return LaidPage{std::move(laid.page), std::move(laid.grid_boxes), laid.smallest_cell_pt};
}

}  // namespace

LaidPage lay_out_page(const PageContext& context, const PlannedPage& planned,
                      const render::PageFrame& frame) {
  // The table of makers, keyed by page kind (-Wswitch flags a kind without one).
  Maker maker = nullptr;
  switch (planned.kind) {
    case PageKind::title: maker = title; break;
    case PageKind::copyright: maker = copyright; break;
    case PageKind::how_to_play: maker = how_to_play; break;
    case PageKind::blank: maker = blank; break;
    case PageKind::puzzles: maker = puzzles; break;
    case PageKind::solutions_heading: maker = solutions_heading; break;
    case PageKind::solutions: maker = solutions; break;
    case PageKind::notes: maker = notes; break;
  }
  if (maker == nullptr) throw std::logic_error("lay_out_page: no maker for this page kind");
  return maker(context, planned, frame);
}

}  // namespace puzzlepress::book
