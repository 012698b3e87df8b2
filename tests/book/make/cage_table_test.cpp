// The cage combination table (killer_table): the spec key and its refusal at its place, the
// table's rows held to an enumeration written here apart from the engine (every set of digits
// counted by bit mask), and the printed pages: right after How to Play, every entry and its
// weight as the enumeration says, nothing under 7 pt, at the trims and layouts killers take.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "book/make/build.h"
#include "book/make/cage_table.h"
#include "book/spec/spec.h"
#include "book/text/wording.h"
#include "support/book_fixtures.h"
#include "support/errors.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

std::string spec_with(const std::string& sections, const std::string& extra, const std::string& trim = "6x9",
                      const std::string& layout = "two-up") {
  return "title: Killers\nauthor: Ann Example\nyear: 2026\ntrim: " + trim + "\nlayout: " + layout + "\nseed: 30\n" +
         extra + "puzzles:\n" + sections;
}

struct Row {
  std::string label;
  std::vector<std::string> entries;
};

// sum -> its sets of `cells` different digits from 1..n, each as its digits ascending, the sets
// in ascending order of their text (which is their lexicographic order: one digit each).
std::vector<Row> enumerated(int n, int cells) {
  std::map<int, std::vector<std::string>> by_sum;
  for (unsigned mask = 1; mask < (1u << n); ++mask) {
    if (std::popcount(mask) != cells) continue;
    int sum = 0;
    std::string digits;
    for (int d = 1; d <= n; ++d) {
      if (mask & (1u << (d - 1))) {
        sum += d;
        digits += static_cast<char>('0' + d);
      }
    }
    by_sum[sum].push_back(digits);
  }
  std::vector<Row> rows;
  for (auto& [sum, sets] : by_sum) {
    std::sort(sets.begin(), sets.end());
    rows.push_back({std::to_string(sum), sets});
  }
  return rows;
}

std::string error_of(const std::string& yaml) {
  return testing::input_error_of([&] { load_spec(yaml, "spec.yaml", testing::any_file_exists); });
}

}  // namespace

TEST_CASE("cage table: its rows are every sum of 2 to 6 cells, as counted here, the single ones bold") {
  const Wording words;
  for (const std::vector<int>& digits : {std::vector<int>{9}, std::vector<int>{6}, std::vector<int>{6, 9}}) {
    const std::vector<render::TableGroup> groups = cage_table_groups(digits, words);
    REQUIRE(groups.size() == 5 * digits.size());
    std::size_t g = 0;
    for (const int n : digits) {
      for (int cells = 2; cells <= 6; ++cells, ++g) {
        CAPTURE(n);
        CAPTURE(cells);
        const render::TableGroup& group = groups[g];
        CHECK(group.title == std::to_string(cells) + " cells");
        CHECK(group.part == (digits.size() > 1 && cells == 2 ? "Digits 1 to " + std::to_string(n) : ""));
        const std::vector<Row> rows = enumerated(n, cells);
        REQUIRE(group.rows.size() == rows.size());
        for (std::size_t r = 0; r < rows.size(); ++r) {
          CHECK(group.rows[r].label == rows[r].label);
          CHECK(group.rows[r].entries == rows[r].entries);
          CHECK(group.rows[r].bold == (rows[r].entries.size() == 1));
        }
      }
    }
  }
  CHECK(cage_table_groups({9}, words)[0].rows[0].entries == std::vector<std::string>{"12"});  // 2 cells, sum 3
  // Digits 1-6 make one 6-cell cage: 21, every digit.
  CHECK(cage_table_groups({6}, words).back().title == "6 cells");
  CHECK(cage_table_groups({6}, words).back().rows.size() == 1);
  CHECK(cage_table_groups({6}, words).back().rows[0].entries == std::vector<std::string>{"123456"});
  CHECK(cage_table_digits(load_spec(spec_with("  - { kind: killer, size: 6x6, grade: easy, count: 1 }\n", ""),
                                    "spec.yaml", testing::any_file_exists)
                              .sections) == std::vector<int>{6});
  CHECK(Wording("de").cage_table_cells(3) == "3 Zellen");
}

TEST_CASE("cage table: killer_table defaults to false and is refused without killers, at its value") {
  const std::string killers = "  - { kind: killer, grade: easy, count: 1 }\n";
  CHECK_FALSE(load_spec(spec_with(killers, ""), "spec.yaml", testing::any_file_exists).killer_table);
  CHECK(load_spec(spec_with(killers, "killer_table: true\n"), "spec.yaml", testing::any_file_exists).killer_table);
  CHECK(error_of(spec_with("  - { grade: easy, count: 1 }\n", "killer_table: true\n")) ==
        "spec.yaml:7:15: 'killer_table': the cage combination table is for killer puzzles, and this book has no "
        "kind: killer section; remove killer_table or add a killer section");
  CHECK_FALSE(load_spec(spec_with("  - { grade: easy, count: 1 }\n", "killer_table: false\n"), "spec.yaml",
                        testing::any_file_exists)
                  .killer_table);
  CHECK(error_of(spec_with(killers, "killer_table: yes\n")).find("expected true or false for 'killer_table'") !=
        std::string::npos);
}

TEST_CASE("cage table: printed after How to Play, every entry and weight, 7 pt or more, at each preset") {
  struct Case {
    std::string trim, layout, sections;
  };
  const std::vector<Case> cases = {
      {"6x9", "two-up", "  - { kind: killer, grade: easy, count: 1 }\n"},
      {"8.5x11", "four-up",
       "  - { kind: killer, size: 6x6, grade: easy, count: 1 }\n  - { kind: killer, grade: easy, count: 1 }\n"},
      {"8.5x11", "large-print", "  - { kind: killer, grade: easy, count: 1 }\n"},
      {"6x9", "one-up", "  - { kind: killer, size: 6x6, grade: easy, count: 1 }\n"},
      {"6x9", "two-up",
       "  - { kind: killer, size: 6x6, grade: easy, count: 1 }\n  - { kind: killer, grade: easy, count: 1 }\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.trim);
    CAPTURE(c.layout);
    const BookSpec spec = testing::load_test_spec(spec_with(c.sections, "killer_table: true\n", c.trim, c.layout));
    const Book book = make_book(spec, testing::test_settings(1));
    std::vector<int> table_pages;
    for (const BookPage& page : book.pages)
      if (page.planned.kind == PageKind::cage_table) table_pages.push_back(page.planned.number);
    REQUIRE_FALSE(table_pages.empty());
    MESSAGE(c.trim << " " << c.layout << ": " << table_pages.size() << " table pages");
    // Right after the last How to Play page, consecutive.
    const auto last_rules = std::find_if(book.pages.rbegin(), book.pages.rend(),
                                         [](const BookPage& p) { return p.planned.kind == PageKind::how_to_play; });
    REQUIRE(last_rules != book.pages.rend());
    CHECK(table_pages.front() == last_rules->planned.number + 1);
    CHECK(table_pages.back() == table_pages.front() + static_cast<int>(table_pages.size()) - 1);
    REQUIRE(book.manifest.cage_table);
    CHECK(book.manifest.cage_table->page == table_pages.front());
    CHECK(book.manifest.cage_table->pages == static_cast<int>(table_pages.size()));
    // The runs of the table pages in order: each row's label, then its entries, bold iff single.
    std::vector<const render::TextRun*> runs;
    for (const int number : table_pages) {
      for (const render::Item& item : book.pages[static_cast<std::size_t>(number - 1)].page.items) {
        if (const auto* run = std::get_if<render::TextRun>(&item)) {
          CHECK(run->size_pt >= 7 - 1e-9);
          runs.push_back(run);
        }
      }
    }
    std::vector<int> digits;
    for (const Section& s : spec.sections)
      if (std::find(digits.begin(), digits.end(), s.shape.size()) == digits.end()) digits.push_back(s.shape.size());
    std::size_t at = 0;
    for (const int n : digits) {
      for (int cells = 2; cells <= 6; ++cells) {
        for (const Row& row : enumerated(n, cells)) {
          const render::FontRole role = row.entries.size() == 1 ? render::FontRole::bold : render::FontRole::text;
          while (at < runs.size() && !(runs[at]->text == row.label && runs[at]->role == role)) ++at;
          REQUIRE(at < runs.size());
          for (const std::string& entry : row.entries) {
            ++at;
            REQUIRE(at < runs.size());
            CHECK(runs[at]->text == entry);
            CHECK(runs[at]->role == role);
          }
        }
      }
    }
  }
  // Without the key, no table.
  const Book plain = make_book(testing::load_test_spec(spec_with("  - { kind: killer, grade: easy, count: 1 }\n", "")),
                               testing::test_settings(1));
  CHECK(std::none_of(plain.pages.begin(), plain.pages.end(),
                     [](const BookPage& p) { return p.planned.kind == PageKind::cage_table; }));
  CHECK_FALSE(plain.manifest.cage_table);
}

TEST_CASE("cage table: a page or column that starts inside a part names the part again") {
  const BookSpec spec = testing::load_test_spec(
      spec_with("  - { kind: killer, size: 6x6, grade: easy, count: 1 }\n  - { kind: killer, grade: easy, count: 1 }\n",
                "killer_table: true\n"));
  const Book book = make_book(spec, testing::test_settings(1));
  // Flat row -> the part it is in, counted here from the enumeration's rows per cage size.
  std::vector<std::string> part_of_row;
  for (const int n : {6, 9})
    for (int cells = 2; cells <= 6; ++cells)
      for (std::size_t r = 0; r < enumerated(n, cells).size(); ++r)
        part_of_row.push_back("Digits 1 to " + std::to_string(n));
  int continued = 0;
  for (const BookPage& page : book.pages) {
    if (page.planned.kind != PageKind::cage_table || page.planned.entries.empty()) continue;
    const auto first = static_cast<std::size_t>(page.planned.entries.front());
    REQUIRE(first < part_of_row.size());
    if (first == 0) continue;  // under the heading, where the first part starts anyway
    ++continued;
    CAPTURE(page.planned.number);
    // The highest baselines on the page are the columns' first lines. A part line (set larger)
    // sits lower than a bare title would, so they are all parts only when every column starts
    // with one; the leftmost is the part of the page's first row.
    std::vector<const render::TextRun*> runs;
    double top_y = -1e9;
    for (const render::Item& item : page.page.items) {
      if (const auto* run = std::get_if<render::TextRun>(&item)) {
        runs.push_back(run);
        top_y = std::max(top_y, run->origin.y);
      }
    }
    std::vector<const render::TextRun*> tops;
    for (const render::TextRun* run : runs)
      if (std::abs(run->origin.y - top_y) < 1e-6) tops.push_back(run);
    REQUIRE_FALSE(tops.empty());
    std::sort(tops.begin(), tops.end(),
              [](const render::TextRun* a, const render::TextRun* b) { return a->origin.x < b->origin.x; });
    CHECK(tops.front()->text == part_of_row[first]);
    for (const render::TextRun* run : tops) CHECK(run->text.rfind("Digits 1 to ", 0) == 0);
  }
  CHECK(continued >= 1);  // the two parts at 6x9 take more than a page
}
