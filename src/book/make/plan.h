// Page planning: which page carries what, decided before anything is drawn, so the page count
// (and with it the gutter) is known before layout.
//
// Rules (KDP + house style):
//  - The first front-matter page (the title page when wanted) is page 1, a recto; copyright
//    follows on its verso, then how-to-play.
//  - The cage combination table (killer_table) follows How to Play, as many pages as
//    PlanInput::cage_table_pages says (measured by book/make/cage_table.h).
//  - Puzzles begin on a recto: when the front matter ends on a recto, a blank verso
//    ("This page is intentionally left blank") is inserted before them. Opening spreads then
//    start on the right, as readers expect.
//  - Each grade section starts on a new page (not necessarily a recto: that would add blanks).
//  - With hints, the glossary pages (when wanted) and then the hints pages follow the last
//    puzzle page directly, each on a new page; the listed hints (PlanInput::hint_puzzles) in
//    puzzle order, as many a page as PlanInput::hint_pages says (the build measures them:
//    paginate_list).
//  - The solutions heading page starts on a recto too (a blank verso may be inserted), then
//    solution pages in puzzle order, `solutions_per_page` a page.
//  - At least 24 pages (or PlanInput::min_pages, e.g. Lulu's 32) and an even total: "notes"
//    pages (a "Notes" heading and lines, so not blank) pad the end.
//  - At most one blank page is ever inserted in a row (KDP allows 2).
//  - Page numbers are physical (1-based) and shown on every page except title, copyright and
//    blank pages, so the printed numbers run in sequence.
#pragma once

#include <string_view>
#include <vector>

#include "book/spec/contents.h"

namespace puzzlepress::book {

enum class PageKind {
  title,
  copyright,
  how_to_play,
  cage_table,
  blank,
  puzzles,
  glossary,
  hints,
  solutions_heading,
  solutions,
  notes
};

/// "title", "copyright", "how_to_play", "cage_table", "blank", "puzzles", "glossary", "hints",
/// "solutions_heading", "solutions", "notes".
std::string_view page_kind_id(PageKind kind);

struct PlannedPage {
  PageKind kind = PageKind::blank;
  int number = 0;             ///< physical page number, 1-based; odd = recto (geometry.h)
  bool shows_number = false;  ///< print the page number on it
  /// Index into PlanInput::sections: on puzzles pages, theirs; on a kind's How to Play page,
  /// the first section of that kind (engine::Kind other than classic); else -1.
  int section = -1;
  /// 0-based book puzzle indices on puzzles / hints / solutions pages; on a kind's How to Play
  /// page, the puzzle its example shows (its section's first).
  std::vector<int> puzzles;
  /// glossary, hints and cage table pages: 0-based indices of the section's entries (a table's rows)
  std::vector<int> entries{};
};

struct PlanInput {
  FrontMatter front_matter;
  std::vector<Section> sections;  ///< book order; counts > 0
  int puzzles_per_page = 1;       ///< > 0
  int solutions_per_page = 6;     ///< > 0
  int min_pages = 24;             ///< notes pages pad the book to at least this many (>= 24)
  /// Hints a hints page takes, page by page (summing to hint_puzzles' size; a single 0 is a
  /// page with the section's paragraph alone); empty: no hints section.
  std::vector<int> hint_pages{};
  /// The puzzles (0-based, ascending) that have a line in the hints section.
  std::vector<int> hint_puzzles{};
  /// Glossary entries a glossary page takes, page by page (each > 0); empty: no glossary.
  std::vector<int> glossary_pages{};
  /// Rows a cage table page takes, page by page (each > 0; book/make/cage_table.h); empty: no table.
  std::vector<int> cage_table_pages{};
};

/// Where each puzzle and its solution are printed, by 0-based book puzzle index: physical page
/// numbers (1-based, as printed); 0 where the plan has no such page.
struct CrossReferences {
  std::vector<int> puzzle_page;
  std::vector<int> solution_page;
};
CrossReferences cross_references(const std::vector<PlannedPage>& plan, int puzzle_count);

/// The whole book, page 1 first. Puzzle indices are numbered across sections in book order
/// (section 0's puzzles first). Preconditions: puzzles_per_page > 0, solutions_per_page > 0,
/// every count > 0 (checked by load_spec); violating them is undefined.
std::vector<PlannedPage> plan_pages(const PlanInput& input);

}  // namespace puzzlepress::book
