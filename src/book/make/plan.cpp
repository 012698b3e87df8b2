#include "book/make/plan.h"

#include "book/kdp/trim.h"
#include "book/spec/spec.h"

#include <algorithm>

namespace puzzlepress::book {
namespace {

/// Appends pages with consecutive numbers; knows which kinds show their number.
class PageList {
 public:
  void add(PageKind kind, int section = -1, std::vector<int> puzzles = {}, std::vector<int> entries = {}) {
    PlannedPage page;
    page.kind = kind;
    page.number = static_cast<int>(pages_.size()) + 1;
    page.shows_number = kind != PageKind::title && kind != PageKind::copyright && kind != PageKind::blank;
    page.section = section;
    page.puzzles = std::move(puzzles);
    page.entries = std::move(entries);
    pages_.push_back(std::move(page));
  }

  /// Makes the next page a recto, inserting one blank verso when needed.
  void next_on_recto() {
    if (pages_.size() % 2 == 1) add(PageKind::blank);
  }

  std::size_t size() const { return pages_.size(); }
  std::vector<PlannedPage> take() { return std::move(pages_); }

 private:
  std::vector<PlannedPage> pages_;
};

/// Splits [first, first + count) into pages of at most `per_page` indices.
std::vector<std::vector<int>> chunk(int first, int count, int per_page) {
  std::vector<std::vector<int>> chunks;
  for (int start = 0; start < count; start += per_page) {
    std::vector<int> indices;
    for (int i = start; i < std::min(count, start + per_page); ++i) indices.push_back(first + i);
    chunks.push_back(std::move(indices));
  }
  return chunks;
}

}  // namespace

std::string_view page_kind_id(PageKind kind) {
  switch (kind) {
    case PageKind::title: return "title";
    case PageKind::copyright: return "copyright";
    case PageKind::how_to_play: return "how_to_play";
    case PageKind::cage_table: return "cage_table";
    case PageKind::blank: return "blank";
    case PageKind::puzzles: return "puzzles";
    case PageKind::glossary: return "glossary";
    case PageKind::hints: return "hints";
    case PageKind::solutions_heading: return "solutions_heading";
    case PageKind::solutions: return "solutions";
    case PageKind::notes: return "notes";
  }
  return "blank";
}

std::vector<PlannedPage> plan_pages(const PlanInput& input) {
  PageList pages;
  if (input.front_matter.title) pages.add(PageKind::title);
  if (input.front_matter.copyright) pages.add(PageKind::copyright);
  if (input.front_matter.how_to_play) {
    // The rules of sudoku (in a book with boxes), then a page for each kind with rules of its
    // own, in the order the book first has it, showing the first puzzle of that kind.
    if (has_classic_rules(input.sections)) pages.add(PageKind::how_to_play);
    for (const engine::Kind kind : book_kinds(input.sections)) {
      int first = 0;
      std::size_t s = 0;
      for (; input.sections[s].kind != kind; ++s) first += input.sections[s].count;
      pages.add(PageKind::how_to_play, static_cast<int>(s), {first});
    }
    int first = 0;  // killers last: their rule is the furthest from the first page's
    for (std::size_t s = 0; s < input.sections.size(); first += input.sections[s++].count) {
      if (!input.sections[s].killer) continue;
      pages.add(PageKind::how_to_play, static_cast<int>(s), {first});
      break;
    }
  }
  int row = 0;
  for (int size : input.cage_table_pages) {
    std::vector<int> rows;
    for (int i = 0; i < size; ++i) rows.push_back(row++);
    pages.add(PageKind::cage_table, -1, {}, std::move(rows));
  }
  int total = 0;
  for (const Section& section : input.sections) total += section.count;

  if (total > 0) {
    pages.next_on_recto();
    int first = 0;
    for (std::size_t s = 0; s < input.sections.size(); ++s) {
      for (auto& indices : chunk(first, input.sections[s].count, input.puzzles_per_page))
        pages.add(PageKind::puzzles, static_cast<int>(s), std::move(indices));
      first += input.sections[s].count;
    }
    int entry = 0;
    for (int size : input.glossary_pages) {
      std::vector<int> entries;
      for (int i = 0; i < size; ++i) entries.push_back(entry++);
      pages.add(PageKind::glossary, -1, {}, std::move(entries));
    }
    std::size_t hint = 0;
    for (int size : input.hint_pages) {
      std::vector<int> indices, entries;
      for (int i = 0; i < size && hint < input.hint_puzzles.size(); ++i, ++hint) {
        entries.push_back(static_cast<int>(hint));
        indices.push_back(input.hint_puzzles[hint]);
      }
      pages.add(PageKind::hints, -1, std::move(indices), std::move(entries));
    }
    pages.next_on_recto();
    pages.add(PageKind::solutions_heading);
    for (auto& indices : chunk(0, total, input.solutions_per_page))
      pages.add(PageKind::solutions, -1, std::move(indices));
  }

  const int least = std::max(kMinPageCount, input.min_pages);
  while (pages.size() < static_cast<std::size_t>(least) || pages.size() % 2 == 1) pages.add(PageKind::notes);
  return pages.take();
}

CrossReferences cross_references(const std::vector<PlannedPage>& plan, int puzzle_count) {
  CrossReferences refs;
  refs.puzzle_page.assign(static_cast<std::size_t>(std::max(0, puzzle_count)), 0);
  refs.solution_page = refs.puzzle_page;
  for (const PlannedPage& page : plan) {
    std::vector<int>* pages = page.kind == PageKind::puzzles     ? &refs.puzzle_page
                              : page.kind == PageKind::solutions ? &refs.solution_page
                                                                 : nullptr;
    if (pages == nullptr) continue;
    for (int k : page.puzzles) {
      if (k >= 0 && k < puzzle_count) (*pages)[static_cast<std::size_t>(k)] = page.number;
    }
  }
  return refs;
}

}  // namespace puzzlepress::book
