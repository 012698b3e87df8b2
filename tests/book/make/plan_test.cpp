#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "book/kdp/geometry.h"
#include "book/make/plan.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

std::vector<PageKind> kinds(const std::vector<PlannedPage>& pages) {
  std::vector<PageKind> out;
  for (const PlannedPage& page : pages) out.push_back(page.kind);
  return out;
}

int longest_blank_run(const std::vector<PlannedPage>& pages) {
  int run = 0, longest = 0;
  for (const PlannedPage& page : pages) {
    run = page.kind == PageKind::blank ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

/// Every rule of plan.h, checked on one plan.
void check_rules(const PlanInput& input, const std::vector<PlannedPage>& pages) {
  const int count = static_cast<int>(pages.size());
  REQUIRE(count >= kMinPageCount);
  REQUIRE(count % 2 == 0);
  CHECK(longest_blank_run(pages) <= 2);

  int total = 0;
  for (const Section& s : input.sections) total += s.count;

  std::vector<int> puzzle_order, solution_order;
  int last_puzzle_page = 0, first_solution_page = 0, previous_section = -1;
  bool first_puzzle_page = true;
  for (int i = 0; i < count; ++i) {
    const PlannedPage& page = pages[i];
    CHECK(page.number == i + 1);
    CHECK(is_recto(page.number) == (page.number % 2 == 1));
    const bool unnumbered =
        page.kind == PageKind::title || page.kind == PageKind::copyright || page.kind == PageKind::blank;
    CHECK(page.shows_number == !unnumbered);
    if (page.kind == PageKind::puzzles) {
      if (first_puzzle_page) CHECK(is_recto(page.number));
      first_puzzle_page = false;
      REQUIRE(page.section >= 0);
      CHECK(page.section >= previous_section);
      CHECK(static_cast<int>(page.puzzles.size()) <= input.puzzles_per_page);
      // Sections start on a new page: every index on a page belongs to that page's section.
      int first = 0;
      for (int s = 0; s < page.section; ++s) first += input.sections[s].count;
      for (int index : page.puzzles) {
        CHECK(index >= first);
        CHECK(index < first + input.sections[page.section].count);
      }
      previous_section = page.section;
      puzzle_order.insert(puzzle_order.end(), page.puzzles.begin(), page.puzzles.end());
      last_puzzle_page = page.number;
    } else {
      CHECK(page.section == -1);
    }
    if (page.kind == PageKind::solutions) {
      if (!first_solution_page) first_solution_page = page.number;
      CHECK(static_cast<int>(page.puzzles.size()) <= input.solutions_per_page);
      CHECK(pages[i - 1].kind != PageKind::puzzles);  // heading comes first
      solution_order.insert(solution_order.end(), page.puzzles.begin(), page.puzzles.end());
    }
    if (page.kind == PageKind::solutions_heading) CHECK(is_recto(page.number));
    if (page.kind == PageKind::title) CHECK(page.number == 1);
  }
  std::vector<int> expected(total);
  for (int i = 0; i < total; ++i) expected[i] = i;
  CHECK(puzzle_order == expected);
  CHECK(solution_order == expected);
  if (total > 0) CHECK(first_solution_page > last_puzzle_page);
  // Notes only pad the end.
  const auto first_notes =
      std::find_if(pages.begin(), pages.end(), [](const PlannedPage& p) { return p.kind == PageKind::notes; });
  CHECK(std::all_of(first_notes, pages.end(), [](const PlannedPage& p) { return p.kind == PageKind::notes; }));
}

}  // namespace

TEST_SUITE("plan") {
  TEST_CASE("a small book, page by page, padded with notes") {
    const PlanInput input{FrontMatter{}, {{engine::Grade::easy, 5}, {engine::Grade::hard, 3}}, 2, 6};
    const auto pages = plan_pages(input);
    using K = PageKind;
    std::vector<K> expected = {K::title,    K::copyright, K::how_to_play, K::blank, K::puzzles,           K::puzzles,
                               K::puzzles,  K::puzzles,   K::puzzles,     K::blank, K::solutions_heading, K::solutions,
                               K::solutions};
    expected.resize(24, K::notes);
    CHECK(kinds(pages) == expected);
    CHECK(pages[4].puzzles == std::vector<int>{0, 1});
    CHECK(pages[6].puzzles == std::vector<int>{4});     // easy section ends alone
    CHECK(pages[7].puzzles == std::vector<int>{5, 6});  // hard starts a new page
    CHECK(pages[7].section == 1);
    CHECK(pages[11].puzzles == std::vector<int>{0, 1, 2, 3, 4, 5});
    CHECK(pages[12].puzzles == std::vector<int>{6, 7});
    CHECK_FALSE(pages[0].shows_number);
    CHECK_FALSE(pages[1].shows_number);
    CHECK(pages[2].shows_number);
    CHECK_FALSE(pages[3].shows_number);
    CHECK(pages[23].shows_number);
    check_rules(input, pages);
  }

  TEST_CASE("no blank verso when the front matter already ends on a verso") {
    const PlanInput input{FrontMatter{true, true, false}, {{engine::Grade::easy, 60}}, 2, 6};
    const auto pages = plan_pages(input);
    CHECK(pages[2].kind == PageKind::puzzles);
    CHECK(pages[2].number == 3);
    check_rules(input, pages);
  }

  TEST_CASE("no front matter: puzzles start on page 1") {
    const PlanInput input{FrontMatter{false, false, false}, {{engine::Grade::evil, 100}}, 1, 4};
    const auto pages = plan_pages(input);
    CHECK(pages[0].kind == PageKind::puzzles);
    // 100 puzzle pages (1-100), heading on 101 (recto), 25 solution pages: 126, already even.
    CHECK(pages.size() == 126);
    CHECK(pages[100].kind == PageKind::solutions_heading);
    CHECK(pages.back().kind == PageKind::solutions);
    check_rules(input, pages);
  }

  TEST_CASE("an odd total gets one notes page to make it even") {
    // Puzzles on 1-30, heading on 31 (30 is even: no blank), solutions on 32-33, notes 34.
    const PlanInput input{FrontMatter{false, false, false}, {{engine::Grade::easy, 30}}, 1, 15};
    const auto pages = plan_pages(input);
    REQUIRE(pages.size() == 34);
    CHECK(pages[30].kind == PageKind::solutions_heading);
    CHECK(pages[32].kind == PageKind::solutions);
    CHECK(pages[33].kind == PageKind::notes);
    check_rules(input, pages);
  }

  TEST_CASE("the solutions heading is moved to a recto by one blank verso") {
    // Puzzles on 1-31, blank 32, heading 33, solutions 34: even, no notes.
    const PlanInput input{FrontMatter{false, false, false}, {{engine::Grade::easy, 31}}, 1, 31};
    const auto pages = plan_pages(input);
    REQUIRE(pages.size() == 34);
    CHECK(pages[31].kind == PageKind::blank);
    CHECK(pages[32].kind == PageKind::solutions_heading);
    CHECK(pages[33].kind == PageKind::solutions);
    check_rules(input, pages);
  }

  TEST_CASE("the rules hold across many shapes of book") {
    for (int fm = 0; fm < 8; ++fm) {
      const FrontMatter front{(fm & 1) != 0, (fm & 2) != 0, (fm & 4) != 0};
      for (const auto& sections : std::vector<std::vector<Section>>{
               {{engine::Grade::easy, 1}},
               {{engine::Grade::easy, 7}, {engine::Grade::medium, 1}, {engine::Grade::evil, 12}},
               {{engine::Grade::hard, 200}},
               {{engine::Grade::easy, 40},
                {engine::Grade::medium, 40},
                {engine::Grade::hard, 40},
                {engine::Grade::extreme, 40},
                {engine::Grade::evil, 40}}}) {
        for (int per_page = 1; per_page <= 6; ++per_page)
          for (int solutions = 1; solutions <= 9; solutions += 2) {
            const PlanInput input{front, sections, per_page, solutions};
            check_rules(input, plan_pages(input));
          }
      }
    }
  }

  TEST_CASE("page kind names") {
    CHECK(page_kind_id(PageKind::how_to_play) == "how_to_play");
    CHECK(page_kind_id(PageKind::solutions_heading) == "solutions_heading");
    CHECK(page_kind_id(PageKind::notes) == "notes");
  }
}
