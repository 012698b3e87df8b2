#include "book/check/verify.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>

#include "book/make/build.h"
#include "book/check/pdf_check.h"
#include "engine/solver.h"
#include "engine/solver9.h"
#include "support/book_fixtures.h"
#include "support/files.h"
#include "support/pdf_bytes.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;
using testing::TempDir;

namespace {

// 24 puzzles, two-up at 6x9 (432 x 648 pt, no bleed).
const Book& small_book() {
  static const Book book = [] {
    const BookSpec spec = testing::load_test_spec(
        "title: Verify Test\nauthor: Ann Example\ntrim: 6x9\nlayout: two-up\nseed: 11\n"
        "puzzles:\n  - { grade: easy, count: 12 }\n  - { grade: hard, count: 12 }\n",
        "verify-test.yaml");
    return make_book(spec, testing::test_settings());
  }();
  return book;
}

// A one-page 612 x 792 pt PDF whose only font is the base-14 Helvetica, not embedded.
std::string base14_pdf() {
  const std::string content = "BT /F1 12 Tf 72 720 Td (Hello) Tj ET";
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> "
      "/Contents 5 0 R >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream",
  };
  return testing::pdf_of_objects(objects);
}

}  // namespace

TEST_SUITE("verify") {
  TEST_CASE("a freshly built book's manifest passes") {
    const Manifest& m = small_book().manifest;
    REQUIRE(m.puzzles.size() == 24);
    CHECK(m.grading == "techniques");
    CHECK(verify_manifest(m).empty());
  }

  TEST_CASE("a shapes or letters puzzle must show every symbol among its givens") {
    const Book book = make_book(testing::load_test_spec("title: Shapes\nauthor: A\ntrim: 6x9\nseed: 5\npuzzles:\n"
                                                        "  - { size: 4x4, skin: shapes, grade: easy, count: 2 }\n"),
                                testing::test_settings());
    Manifest m = book.manifest;
    CHECK(verify_manifest(m).empty());
    // Hide the square (symbol 3) of puzzle 1: a reader could not know the puzzle has one.
    for (auto& cell : m.puzzles[0].givens.cells) {
      if (cell == 3) cell = 0;
    }
    const std::vector<std::string> problems = verify_manifest(m);
    CHECK(std::find(problems.begin(), problems.end(),
                    "puzzle 1: its givens never show 'square', so a reader cannot know the puzzle uses it") !=
          problems.end());
  }

  TEST_CASE("how to play names exactly the puzzles' grades; the record reads back") {
    Manifest m = small_book().manifest;
    REQUIRE(m.how_to_play);
    CHECK(m.how_to_play->page == 3);
    CHECK(m.how_to_play->grades == std::vector<engine::Grade>{engine::Grade::easy, engine::Grade::hard});
    CHECK(parse_manifest(manifest_to_json(m), "m.json").how_to_play == m.how_to_play);
    m.how_to_play->grades = {engine::Grade::easy, engine::Grade::medium, engine::Grade::hard, engine::Grade::extreme,
                             engine::Grade::evil};
    m.how_to_play->page = 0;
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{"how to play (page 0) is outside the book (1-" + std::to_string(m.page_count) + ")",
                                   "how to play (page 0) names the grades easy, medium, hard, extreme and evil but the "
                                   "puzzles are easy and hard"});
    CHECK_THROWS_WITH(parse_manifest(R"({"title":"t","author":"a","trim":"6x9","page_width_pt":1,"page_height_pt":1,
      "page_count":2,"seed":1,"version":"v","bleed":false,"paper":"white","puzzles":[],
      "how_to_play":{"page":3,"grades":["easy","brutal"]}})",
                                     "m.json"),
                      "m.json: field 'how_to_play.grades[1]' must be one of easy, medium, hard, extreme, evil");
  }

  TEST_CASE("grids outside the margins, and an empty manifest") {
    Manifest m = small_book().manifest;
    m.puzzles[3].rect = {-500, -500, 9999, 9999};
    CHECK(verify_manifest(m) == std::vector<std::string>{"puzzle 4: grid [-500, -500, 9999, 9999] is not inside the "
                                                         "margins of page " +
                                                         std::to_string(m.puzzles[3].page)});
    m.puzzles.clear();
    CHECK(verify_manifest(m) == std::vector<std::string>{"the manifest lists no puzzles"});
  }

  TEST_CASE("technique grading: a label that is not the puzzle's tier, a rating that is off") {
    Manifest m = small_book().manifest;
    ManifestPuzzle& hard = m.puzzles[12];  // the first Hard puzzle: its clues fit Extreme's band too
    REQUIRE(hard.grade == puzzlepress::engine::Grade::hard);
    char rating[16];
    std::snprintf(rating, sizeof rating, "%.1f", hard.rating);
    hard.grade = puzzlepress::engine::Grade::extreme;
    hard.rating += 1.0;
    // The book's How to Play named the grades it had: an Extreme puzzle was not among them.
    const std::string kRelabelled =
        "how to play (page 3) names the grades easy and hard but the puzzles are easy, "
        "hard and extreme";
    char off[16];
    std::snprintf(off, sizeof off, "%.1f", hard.rating);
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{
              "puzzle 13: labelled extreme but needs hard techniques (rating " + std::string(rating) + ")",
              "puzzle 13: recorded rating " + std::string(off) + " but the puzzle rates " + std::string(rating),
              kRelabelled});
    m.grading = "clues";  // a clue-graded book is held to its clue bands only
    CHECK(verify_manifest(m) == std::vector<std::string>{kRelabelled});
  }

  TEST_CASE("technique grading: a recorded tier or technique count that the solve does not give") {
    Manifest m = small_book().manifest;
    ManifestPuzzle& hard = m.puzzles[12];
    REQUIRE(hard.tier == puzzlepress::engine::Grade::hard);
    REQUIRE(!hard.techniques.empty());
    hard.tier = puzzlepress::engine::Grade::evil;
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{"puzzle 13: recorded tier evil but the puzzle's tier is hard"});
    hard.tier = puzzlepress::engine::Grade::hard;
    const auto [name, count] = hard.techniques.front();
    hard.techniques.front().second = count + 1;
    const std::vector<std::string> problems = verify_manifest(m);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].starts_with("puzzle 13: recorded techniques (" + name + " " + std::to_string(count + 1)));
    CHECK(problems[0].find("but the solve takes " + name + " " + std::to_string(count)) != std::string::npos);
    hard.techniques.erase(hard.techniques.begin());  // a technique left out
    CHECK(verify_manifest(m).size() == 1);
    m.grading = "clues";  // a clue-graded book is held to its clue bands only
    CHECK(verify_manifest(m).empty());
  }

  TEST_CASE("a puzzle with two solutions") {
    Manifest m = small_book().manifest;
    ManifestPuzzle& p = m.puzzles[2];  // puzzle 3, easy
    for (int cell = 0; cell < engine::kCells && engine::count_solutions(p.givens, 2) != 2; ++cell) {
      p.givens.cells[cell] = 0;
    }
    p.clues = p.givens.clue_count();
    REQUIRE(engine::count_solutions(p.givens, 2) == 2);
    REQUIRE(p.clues >= 38);  // still inside the Easy band: only the uniqueness is wrong
    CHECK(verify_manifest(m) == std::vector<std::string>{"puzzle 3: givens have more than one solution"});
  }

  TEST_CASE("a changed given") {
    Manifest m = small_book().manifest;
    ManifestPuzzle& p = m.puzzles[16];  // puzzle 17
    int cell = 0;
    while (p.givens.cells[cell] == 0) ++cell;
    const int right = p.solution.cells[cell];
    const int wrong = right % 9 + 1;
    p.givens.cells[cell] = static_cast<std::uint8_t>(wrong);
    const std::vector<std::string> problems = verify_manifest(m);
    REQUIRE(!problems.empty());
    CHECK(problems[0] == "puzzle 17: r" + std::to_string(cell / 9 + 1) + "c" + std::to_string(cell % 9 + 1) +
                             ": given " + std::to_string(wrong) + " but the solution has " + std::to_string(right));
  }

  TEST_CASE("a changed solution cell") {
    Manifest m = small_book().manifest;
    ManifestPuzzle& p = m.puzzles[4];  // puzzle 5
    int cell = 0;
    while (p.givens.cells[cell] != 0) ++cell;  // an empty cell: the givens still agree
    const int right = p.solution.cells[cell];
    // The same digit as the cell's row neighbour: the row then has it twice.
    const int neighbour = cell % 9 == 8 ? cell - 1 : cell + 1;
    p.solution.cells[cell] = p.solution.cells[neighbour];
    REQUIRE(p.solution.cells[cell] != right);
    const std::vector<std::string> problems = verify_manifest(m);
    REQUIRE(problems.size() == 1);
    const auto conflict = engine::find_conflict(engine::to_grid(p.solution));
    REQUIRE(conflict.has_value());
    CHECK(conflict->digit == p.solution.cells[cell]);
    CHECK(problems[0] == "puzzle 5: solution is not legal: " + conflict->message());
  }

  TEST_CASE("a clue count that is off") {
    Manifest m = small_book().manifest;
    const int clues = m.puzzles[1].clues;
    m.puzzles[1].clues = clues + 1;
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{"puzzle 2: clue count is stored as " + std::to_string(clues + 1) +
                                   " but the givens have " + std::to_string(clues)});
  }

  TEST_CASE("a puzzle marked not valid") {
    Manifest m = small_book().manifest;
    m.puzzles[0].valid = false;
    CHECK(verify_manifest(m) == std::vector<std::string>{"puzzle 1: marked not valid"});
  }

  TEST_CASE("a skipped number") {
    Manifest m = small_book().manifest;
    for (std::size_t i = 5; i < m.puzzles.size(); ++i) ++m.puzzles[i].number;  // 1-5, 7-25
    CHECK(verify_manifest(m) == std::vector<std::string>{"puzzle numbers: expected 6 after 5, found 7"});
    Manifest first = small_book().manifest;
    for (auto& p : first.puzzles) ++p.number;  // 2-25
    CHECK(verify_manifest(first) == std::vector<std::string>{"puzzle numbers: expected 1 first, found 2"});
  }

  TEST_CASE("a solution page that is not after its puzzle") {
    Manifest m = small_book().manifest;
    ManifestPuzzle& p = m.puzzles[0];
    std::swap(p.page, p.solution_page);
    CHECK(verify_manifest(m) == std::vector<std::string>{"puzzle 1: solution page " + std::to_string(p.solution_page) +
                                                         " is not after its page " + std::to_string(p.page)});
    Manifest outside = small_book().manifest;
    outside.puzzles[3].solution_page = outside.page_count + 1;
    CHECK(verify_manifest(outside) ==
          std::vector<std::string>{"puzzle 4: solution page " + std::to_string(outside.page_count + 1) +
                                   " is outside the book (1-" + std::to_string(outside.page_count) + ")"});
  }

  TEST_CASE("page counts") {
    Manifest m = small_book().manifest;
    REQUIRE(m.page_count % 2 == 0);
    m.page_count += 1;
    CHECK(verify_manifest(m) == std::vector<std::string>{"page count " + std::to_string(m.page_count) + " is odd"});
    m.page_count = 830;
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{"page count 830 is above KDP's limit of 828 for 6x9 on white paper"});
    m.paper = Paper::cream;
    m.page_count = 778;
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{"page count 778 is above KDP's limit of 776 for 6x9 on cream paper"});
  }

  TEST_CASE("page size against the trim") {
    Manifest m = small_book().manifest;
    REQUIRE(m.page_width_pt == doctest::Approx(432));
    m.page_width_pt = 612;
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{"page size 612 x 648 pt does not match trim 6x9 (432 x 648 pt)"});
    m.page_width_pt = 432.004;  // within 0.01 pt
    CHECK(verify_manifest(m).empty());
    m.bleed = true;
    CHECK(verify_manifest(m) ==
          std::vector<std::string>{"page size 432 x 648 pt does not match trim 6x9 with bleed (441 x 666 pt)"});
    m.page_width_pt = 441;
    m.page_height_pt = 666;
    CHECK(verify_manifest(m).empty());
    m.trim = "6x10";
    const auto problems = verify_manifest(m);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].rfind("trim '6x10' is not a trim: unknown trim '6x10' (expected one of: 5x8,", 0) == 0);
  }

  TEST_CASE("format_pt") {
    CHECK(format_pt(612) == "612");
    CHECK(format_pt(595.44) == "595.44");
    CHECK(format_pt(441.5) == "441.5");
    CHECK(format_pt(0.001) == "0");
  }
}

TEST_SUITE("pdf check") {
  TEST_CASE("the PDF write_book makes matches its manifest") {
    const TempDir dir("verify-good");
    write_book(small_book(), {{dir / "book.pdf", "the PDF", "-o"}, {dir / "book.json", "the manifest", "--manifest"}});
    const Manifest m = read_manifest_file(dir / "book.json");
    CHECK(check_pdf(dir / "book.pdf", m).empty());

    Manifest more = m;
    more.page_count += 2;
    CHECK(check_pdf(dir / "book.pdf", more) ==
          std::vector<std::string>{"PDF has " + std::to_string(m.page_count) + " pages but the manifest says " +
                                   std::to_string(m.page_count + 2)});

    Manifest wide = m;
    wide.page_width_pt = 612;
    CHECK(check_pdf(dir / "book.pdf", wide) ==
          std::vector<std::string>{"PDF page 1: MediaBox 432 x 648 pt but the manifest says 612 x 648 pt",
                                   "PDF page 2: MediaBox 432 x 648 pt but the manifest says 612 x 648 pt",
                                   "PDF page 3: MediaBox 432 x 648 pt but the manifest says 612 x 648 pt",
                                   "PDF: " + std::to_string(m.page_count - 3) + " more pages with another MediaBox"});
  }

  TEST_CASE("a base-14 font is not embedded") {
    const TempDir dir("verify-base14");
    testing::write_file(dir / "helvetica.pdf", base14_pdf());
    Manifest m;
    m.page_count = 1;
    m.page_width_pt = 612;
    m.page_height_pt = 792;
    CHECK(check_pdf(dir / "helvetica.pdf", m) ==
          std::vector<std::string>{"PDF font Helvetica is not embedded (first on page 1)"});
  }

  TEST_CASE("an unreadable PDF is one problem") {
    const TempDir dir("verify-unreadable");
    testing::write_file(dir / "junk.pdf", "not a pdf");
    const auto missing = check_pdf(dir / "missing.pdf", Manifest{});
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].rfind("PDF: cannot read " + (dir / "missing.pdf").string() + ": ", 0) == 0);
    const auto junk = check_pdf(dir / "junk.pdf", Manifest{});
    REQUIRE(junk.size() == 1);
    CHECK(junk[0].rfind("PDF: cannot read " + (dir / "junk.pdf").string() + ": ", 0) == 0);
  }
}
