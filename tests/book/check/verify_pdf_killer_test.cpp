// verify --pdf reads a killer's cages back from its printed page: the outlines from the dashed
// strokes inset from the cells' sides, the sums from the text in each cage's first cell; and
// the cage combination table (killer_table) from its pages. A good book passes; a page painted
// with a sum changed, a dashed segment taken away or moved, or a table entry changed fails,
// naming the page, the puzzle and the cage. Expected cages come from the tests' own reading of
// the manifest's killer text, not from the code under test.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "book/check/pdf_cage_table.h"
#include "book/check/pdf_cages.h"
#include "book/check/verify.h"
#include "check/verify_pdf_fixtures.h"
#include "render/figure.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::verify_pdf_tests;

namespace {

const std::string kKillers =
    "  - { kind: killer, size: 6x6, grade: easy, count: 1 }\n"
    "  - { kind: killer, grade: easy, count: 1 }\n";

const Printed& killer_book() {
  static const Printed p = print(spec_text(30, kKillers, "6x9", "killer_table: true\n"));
  return p;
}

// The killer text's cages read here, apart from the engine: each cell's cage (numbered by first
// appearance) and each cage's sum, in that order.
struct Cages {
  int n = 0;
  std::vector<int> cage;
  std::vector<int> sums;
};

Cages cages_of_text(const std::string& text) {
  const std::size_t a = text.find('/'), b = text.find('/', a + 1);
  REQUIRE(b != std::string::npos);
  const std::string symbols = text.substr(a + 1, b - a - 1);
  Cages c;
  c.n = symbols.size() == 81 ? 9 : 6;
  std::map<char, int> number;
  for (const char ch : symbols) c.cage.push_back(number.emplace(ch, static_cast<int>(number.size())).first->second);
  const std::string sums = text.substr(b + 1);
  for (std::size_t at = 0; at <= sums.size();) {
    const std::size_t comma = std::min(sums.find(',', at), sums.size());
    c.sums.push_back(std::stoi(sums.substr(at, comma - at)));
    at = comma + 1;
  }
  return c;
}

const ManifestPuzzle& puzzle(const Printed& p, int number) {
  return p.manifest.puzzles.at(static_cast<std::size_t>(number - 1));
}

// Page items inside puzzle `number`'s grid: the dashed lines and the text runs.
bool inside(const RectPt& r, render::Point at) {
  return at.x >= r.x && at.x <= r.x + r.width && at.y >= r.y && at.y <= r.y + r.height;
}

}  // namespace

TEST_CASE("verify --pdf: a killer book with its cage table passes, the cages read back as the manifest's") {
  const Printed& p = killer_book();
  CHECK(verify_manifest(p.manifest).empty());
  CHECK(verify_both(p.manifest, p.pdf, "killer.pdf").empty());
  REQUIRE(p.manifest.cage_table);
  CHECK(p.manifest.cage_table->pages >= 1);
  const util::Result<PdfScan> scan = scan_pdf(p.pdf, true);
  REQUIRE(scan.ok());
  for (int number : {1, 2}) {
    const ManifestPuzzle& mp = puzzle(p, number);
    const Cages expected = cages_of_text(mp.killer_text);
    const PdfPageScan& page = scan->pages.at(static_cast<std::size_t>(mp.page - 1));
    const PrintedCages printed = read_printed_cages(page, page.glyphs, mp.rect, mp.givens.shape);
    const int n = expected.n;
    REQUIRE(printed.size == n);
    std::vector<bool> started(expected.sums.size(), false);
    for (int cell = 0; cell < n * n; ++cell) {
      const int k = expected.cage[static_cast<std::size_t>(cell)];
      const int r = cell / n, c = cell % n;
      const auto other = [&](int rr, int cc) {
        return rr < 0 || rr >= n || cc < 0 || cc >= n || expected.cage[static_cast<std::size_t>(rr * n + cc)] != k;
      };
      const auto& sides = printed.sides[static_cast<std::size_t>(cell)];
      CHECK(sides[PrintedCages::kTop] == other(r - 1, c));
      CHECK(sides[PrintedCages::kRight] == other(r, c + 1));
      CHECK(sides[PrintedCages::kBottom] == other(r + 1, c));
      CHECK(sides[PrintedCages::kLeft] == other(r, c - 1));
      const bool first = !started[static_cast<std::size_t>(k)];
      started[static_cast<std::size_t>(k)] = true;
      CHECK(printed.text[static_cast<std::size_t>(cell)] ==
            (first ? std::to_string(expected.sums[static_cast<std::size_t>(k)]) : std::string()));
    }
  }
}

TEST_CASE("verify --pdf: a printed cage sum changed is named with its page, puzzle and cage") {
  Printed p = killer_book();
  const ManifestPuzzle& mp = puzzle(p, 2);
  const Cages cages = cages_of_text(mp.killer_text);
  const int sum = cages.sums.at(0);
  const std::string pdf = repainted(p, mp.page, [&](render::Page& page) {
    // The first cage's sum: a text run in the grid's top-left cell.
    const double cell = mp.rect.width / cages.n;
    for (render::Item& item : page.items) {
      auto* run = std::get_if<render::TextRun>(&item);
      if (!run || !inside(mp.rect, run->origin)) continue;
      if (run->origin.x < mp.rect.x + cell && run->origin.y > mp.rect.y + mp.rect.height - cell) {
        run->text = std::to_string(sum + 1);
        return;
      }
    }
    FAIL("no sum found in the first cell");
  });
  const std::vector<std::string> lines = verify_pdf_bytes(tied(p, pdf), pdf, "killer.pdf");
  const std::string where = "puzzle 2, page " + std::to_string(mp.page);
  CHECK(std::find(lines.begin(), lines.end(),
                  where + ": the cage at r1c1 prints sum " + std::to_string(sum + 1) + "; the manifest says " +
                      std::to_string(sum)) != lines.end());
  CHECK(std::find(lines.begin(), lines.end(), where + ": the printed cages have no solution") != lines.end());
}

TEST_CASE("verify --pdf: a dashed cage segment taken away or moved is read from the page") {
  Printed p = killer_book();
  const ManifestPuzzle& mp = puzzle(p, 1);
  const std::string where = "puzzle 1, page " + std::to_string(mp.page);
  const double cell = mp.rect.width / 6;
  for (const bool moved : {false, true}) {
    CAPTURE(moved);
    const std::string pdf = repainted(p, mp.page, [&](render::Page& page) {
      for (auto it = page.items.begin(); it != page.items.end(); ++it) {
        auto* line = std::get_if<render::Line>(&*it);
        if (!line || line->dash_pt <= 0 || !inside(mp.rect, line->from)) continue;
        if (!moved) {
          page.items.erase(it);
          return;
        }
        // A whole cell further along the grid: right for a horizontal line, down for a vertical one.
        const bool horizontal = std::abs(line->from.y - line->to.y) < 1e-6;
        const double dx = horizontal ? 0 : (line->from.x + cell < mp.rect.x + mp.rect.width ? cell : -cell);
        const double dy = horizontal ? (line->from.y - cell > mp.rect.y ? -cell : cell) : 0;
        line->from = {line->from.x + dx, line->from.y + dy};
        line->to = {line->to.x + dx, line->to.y + dy};
        return;
      }
      FAIL("no dashed line in the grid");
    });
    const std::vector<std::string> lines = verify_pdf_bytes(tied(p, pdf), pdf, "killer.pdf");
    const auto outline = std::find_if(lines.begin(), lines.end(), [&](const std::string& line) {
      return line.rfind(where + ": the printed cage outlines differ from the manifest's at ", 0) == 0;
    });
    CHECK(outline != lines.end());
  }
}

TEST_CASE("verify --pdf: the cage table read back; an entry changed or its pages missing is named") {
  Printed p = killer_book();
  const ManifestCageTable table = *p.manifest.cage_table;
  // 5 cells, sum 16: 12346 only (bold), in both parts; the first page's is the 6x6 part's.
  int page_of_row = 0;
  for (int page = table.page; page < table.page + table.pages && page_of_row == 0; ++page) {
    for (const render::Item& item : p.book.pages[static_cast<std::size_t>(page - 1)].page.items) {
      const auto* run = std::get_if<render::TextRun>(&item);
      if (run && run->text == "12346") page_of_row = page;
    }
  }
  REQUIRE(page_of_row > 0);
  const std::string pdf = with_words_replaced(p, page_of_row, {{"12346", "12364"}});
  const std::vector<std::string> lines = verify_pdf_bytes(tied(p, pdf), pdf, "killer.pdf");
  REQUIRE(table.pages == 3);  // 6x6 and 9x9 killers, cages of 2 to 6 cells: three pages at 6x9
  const std::string pages =
      "PDF pages " + std::to_string(table.page) + "-" + std::to_string(table.page + table.pages - 1);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == pages + " (cage table): does not print 'Digits 1 to 6, 5 cells, 16: 12346'");

  Manifest beyond = p.manifest;
  beyond.cage_table->page = beyond.page_count;
  std::vector<std::string> problems;
  check_cage_table_record(beyond, problems);
  CHECK(problems == std::vector<std::string>{"cage table (pages " + std::to_string(beyond.page_count) + "-" +
                                             std::to_string(beyond.page_count + table.pages - 1) +
                                             ") is outside the book (1-" + std::to_string(beyond.page_count) + ")"});
}
