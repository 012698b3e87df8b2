#include "book/pages.h"

#include <array>

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
  return LaidPage{std::move(laid.page), std::move(laid.grid_boxes)};
}

LaidPage solutions(const PageContext& c, const PlannedPage& planned, const render::PageFrame& frame) {
  std::vector<render::FigureSlot> slots;
  for (int index : planned.puzzles) slots.push_back(solution_slot(c.puzzles[index], index + 1));
  auto laid = render::layout_solution_page(frame, c.style, slots, c.measure);
  return LaidPage{std::move(laid.page), std::move(laid.grid_boxes)};
}

// Indexed by PageKind.
constexpr std::array<Maker, kPageKindCount> kPageMakers = {
    title, copyright, how_to_play, blank, puzzles, solutions_heading, solutions, notes,
};
constexpr std::size_t at(PageKind kind) { return static_cast<std::size_t>(kind); }
static_assert(at(PageKind::title) == 0 && at(PageKind::copyright) == 1 &&
              at(PageKind::how_to_play) == 2 && at(PageKind::blank) == 3 &&
              at(PageKind::puzzles) == 4 && at(PageKind::solutions_heading) == 5 &&
              at(PageKind::solutions) == 6 && at(PageKind::notes) == 7 &&
              at(PageKind::notes) + 1 == kPageKindCount,
              "kPageMakers follows PageKind's order");

}  // namespace

LaidPage lay_out_page(const PageContext& context, const PlannedPage& planned,
                      const render::PageFrame& frame) {
  return kPageMakers[static_cast<std::size_t>(planned.kind)](context, planned, frame);
}

}  // namespace puzzlepress::book
