// Issue 29 (book): sections of kind x, hyper and jigsaw. The spec's kind: and tint: at their
// places, books whose grids, How to Play pages, hints and manifest carry each kind, and verify
// holding a puzzle to its kind's houses. The checks on houses here are written apart from the
// engine: plain cell lists and a flood fill.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "book/catalogue/catalogue_build.h"
#include "book/check/verify.h"
#include "book/make/build.h"
#include "book/make/hints.h"
#include "book/manifest/manifest.h"
#include "book/spec/spec.h"
#include "book/text/wording.h"
#include "book/text/figures.h"
#include "support/book_fixtures.h"
#include "support/errors.h"
#include "support/house_checker.h"
#include "support/render_fixtures.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

std::string spec_with(const std::string& sections, const std::string& extra = "") {
  return "title: Variety\nauthor: Ann Example\nyear: 2026\ntrim: 8.5x11\nlayout: four-up\nseed: 29\n" + extra +
         "puzzles:\n" + sections;
}

std::string error_of(const std::string& yaml) {
  return testing::input_error_of([&] { load_spec(yaml, "spec.yaml", testing::any_file_exists); });
}

constexpr const char* kVariety =
    "  - { grade: easy, count: 2 }\n"
    "  - { kind: x, grade: medium, count: 4 }\n"
    "  - { kind: windoku, grade: hard, count: 4 }\n"
    "  - { kind: jigsaw, grade: medium, count: 4, tint: true }\n"
    "  - { kind: jigsaw, size: 6x6, skin: shapes, grade: medium, count: 4 }\n";

const Book& variety_book() {
  static const Book book = make_book(
      testing::load_test_spec(spec_with("  - { grade: easy, count: 2 }\n"
                                        "  - { kind: x, grade: medium, count: 4 }\n"
                                        "  - { kind: windoku, grade: hard, count: 4 }\n"
                                        "  - { kind: jigsaw, grade: medium, count: 4, tint: true }\n"
                                        "  - { kind: jigsaw, size: 6x6, skin: shapes, grade: medium, count: 4 }\n"
                                        "  - { kind: diagonal, size: 8x8, letters: PLANTERS, grade: easy, count: 4 }\n",
                                        "hints: true\nglossary: true\n")),
      testing::test_settings());
  return book;
}

/// The houses besides rows, columns and blocks of `kind` on an n x n grid, from the house
/// checker (tests/support/house_checker.h: no engine code).
std::vector<std::vector<int>> extra_houses_by_rule(engine::Kind kind, int n) {
  if (kind == engine::Kind::x) return testing::diagonals(n);
  if (kind == engine::Kind::hyper) return testing::hyper_windows();
  return {};
}

/// True when each region id 0..n-1 has n cells, all 4-connected (a flood fill written here).
bool regions_partition(const std::vector<int>& regions, int n) {
  if (static_cast<int>(regions.size()) != n * n) return false;
  for (int id = 0; id < n; ++id) {
    std::vector<int> cells;
    for (int i = 0; i < n * n; ++i)
      if (regions[static_cast<std::size_t>(i)] == id) cells.push_back(i);
    if (static_cast<int>(cells.size()) != n) return false;
    std::set<int> seen{cells[0]};
    std::vector<int> todo{cells[0]};
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      const int r = c / n, col = c % n;
      for (const int next :
           {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1, col > 0 ? c - 1 : -1, col < n - 1 ? c + 1 : -1}) {
        if (next >= 0 && regions[static_cast<std::size_t>(next)] == id && seen.insert(next).second)
          todo.push_back(next);
      }
    }
    if (static_cast<int>(seen.size()) != n) return false;
  }
  return true;
}

/// Every house (rows, columns, the regions or boxes, the kind's others) of `solution` holds
/// each symbol once, by the house checker.
bool legal(const engine::Grid& solution, const engine::Layout& layout) {
  const int n = solution.shape.size();
  const std::vector<int> regions = layout.kind == engine::Kind::jigsaw
                                       ? layout.regions
                                       : testing::box_regions(n, solution.shape.box_rows, solution.shape.box_cols);
  const std::vector<int> board(solution.cells.begin(), solution.cells.begin() + n * n);
  return testing::is_complete_legal(testing::make_houses(n, regions, extra_houses_by_rule(layout.kind, n)), board);
}

std::string text_of(const BookPage& page) {
  std::string out;
  for (const std::string& t : testing::texts_of(page.page)) out += t + " ";
  return out;
}

}  // namespace

TEST_SUITE("variants in books") {
  TEST_CASE("kind: and tint: are read, with their aliases, and refused at their place") {
    const BookSpec spec = load_spec(spec_with(kVariety), "spec.yaml", testing::any_file_exists);
    REQUIRE(spec.sections.size() == 5);
    CHECK(spec.sections[0].kind == engine::Kind::classic);
    CHECK(spec.sections[1].kind == engine::Kind::x);
    CHECK(spec.sections[2].kind == engine::Kind::hyper);  // windoku
    CHECK(spec.sections[3].tint);
    CHECK(spec.sections[4].skin == Skin::shapes);

    CHECK(error_of(spec_with("  - { kind: hyper, size: 6x6, grade: easy, count: 2 }\n")) ==
          "spec.yaml:8:13: kind 'hyper' takes 9x9 only, not 6x6");
    CHECK(error_of(spec_with("  - { kind: jigsaw, size: 4x4, grade: easy, count: 2 }\n")) ==
          "spec.yaml:8:13: kind 'jigsaw' takes 6x6, 8x8 or 9x9, not 4x4");
    CHECK(error_of(spec_with("  - { kind: samurai, grade: easy, count: 2 }\n")) ==
          "spec.yaml:8:13: unknown kind 'samurai' for 'puzzles[1].kind' (expected one of: classic, x (or "
          "diagonal), hyper (or windoku), jigsaw, killer)");
    CHECK(error_of(spec_with("  - { kind: x, tint: true, grade: easy, count: 2 }\n")) ==
          "spec.yaml:8:22: 'puzzles[1].tint' tints a jigsaw's regions, but this section's kind is x");
    CHECK(
        error_of(spec_with("  - { kind: jigsaw, tint: 3, grade: easy, count: 2 }\n")).starts_with("spec.yaml:8:27: "));
  }

  TEST_CASE("a variety book: every puzzle of its kind, valid under its houses, and verify agrees") {
    const Book& book = variety_book();
    REQUIRE(book.puzzles.size() == 22);
    REQUIRE(book.layouts.size() == 22);
    const engine::Kind kinds[] = {engine::Kind::classic, engine::Kind::x,      engine::Kind::hyper,
                                  engine::Kind::jigsaw,  engine::Kind::jigsaw, engine::Kind::x};
    for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
      INFO("puzzle " << k + 1);
      const engine::Layout& layout = book.layouts[k];
      const engine::Puzzle& p = book.puzzles[k];
      CHECK(layout.kind == kinds[k < 2 ? 0 : 1 + (k - 2) / 4]);
      CHECK(p.valid);
      CHECK(legal(p.solution, layout));
      for (int i = 0; i < p.shape.cells(); ++i) {
        const int given = p.givens.cells[static_cast<std::size_t>(i)];
        CHECK((given == 0 || given == p.solution.cells[static_cast<std::size_t>(i)]));
      }
      if (layout.kind == engine::Kind::jigsaw) CHECK(regions_partition(layout.regions, p.shape.size()));
    }
    CHECK(verify_manifest(book.manifest).empty());
  }

  TEST_CASE("grids draw their kind: regions (tinted only where asked), diagonals, windows") {
    const Book& book = variety_book();
    // Figures are laid out into the page: the manifest's grids stand for them. The figure each
    // puzzle gets is made by show_kind; check what it makes for each puzzle's layout.
    for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
      INFO("puzzle " << k + 1);
      render::Figure f;
      f.size = book.puzzles[k].shape.size();
      show_kind(f, book.layouts[k], k >= 10 && k < 14);
      const engine::Kind kind = book.layouts[k].kind;
      CHECK(f.extra_houses == extra_houses_by_rule(kind, f.size));
      CHECK(f.regions == (kind == engine::Kind::jigsaw ? book.layouts[k].regions : std::vector<int>{}));
      CHECK(f.region_tint == (k >= 10 && k < 14));
    }
  }

  TEST_CASE("each kind has its own How to Play page, in the book's language") {
    for (const char* language : {"en", "de", "fr"}) {
      INFO(language);
      const Book& book =
          std::string(language) == "en"
              ? variety_book()
              : make_book(testing::load_test_spec(spec_with("  - { kind: hyper, grade: easy, count: 2 }\n"
                                                            "  - { kind: x, grade: easy, count: 2 }\n",
                                                            std::string("language: ") + language + "\n")),
                          testing::test_settings());
      const Wording words(language);
      std::vector<const BookPage*> pages;
      for (const BookPage& p : book.pages)
        if (p.planned.kind == PageKind::how_to_play) pages.push_back(&p);
      const bool english = std::string(language) == "en";
      const std::vector<engine::Kind> told =
          english ? std::vector<engine::Kind>{engine::Kind::x, engine::Kind::hyper, engine::Kind::jigsaw}
                  : std::vector<engine::Kind>{engine::Kind::hyper, engine::Kind::x};
      REQUIRE(pages.size() == told.size() + 1);
      CHECK(text_of(*pages[0]).find(words.kind_name(told[0])) != std::string::npos);
      for (std::size_t i = 0; i < told.size(); ++i) {
        const std::string text = text_of(*pages[i + 1]);
        CHECK(text.find(words.kind_heading(told[i])) != std::string::npos);
        const int example = pages[i + 1]->planned.puzzles.at(0);
        CHECK(book.layouts[static_cast<std::size_t>(example)].kind == told[i]);
        CHECK(text.find(words.puzzle_label(example + 1)) != std::string::npos);  // the caption names it
      }
    }
  }

  TEST_CASE("a book of jigsaws alone: one How to Play page, no boxes in it, the fill and grades") {
    const Book book = make_book(testing::load_test_spec(spec_with("  - { kind: jigsaw, grade: easy, count: 2 }\n"
                                                                  "  - { kind: jigsaw, grade: hard, count: 2 }\n")),
                                testing::test_settings());
    std::vector<const BookPage*> pages;
    for (const BookPage& p : book.pages)
      if (p.planned.kind == PageKind::how_to_play) pages.push_back(&p);
    REQUIRE(pages.size() == 1);
    const std::string text = text_of(*pages[0]);
    const Wording en;
    CHECK(text.find(en.how_to_play_heading()) != std::string::npos);
    CHECK(text.find("each region contains every digit exactly once") != std::string::npos);
    CHECK(text.find("Easy (one star) or Hard (three stars)") != std::string::npos);
    CHECK(text.find("box") == text.rfind("box"));  // "no square boxes" is the one mention
    CHECK(text.find("no square boxes") != std::string::npos);
    CHECK(book.manifest.how_to_play.has_value());  // verify holds its grades to the puzzles'
  }

  TEST_CASE("a kids book tells each kind's rule in the kids register") {
    const Book book =
        make_book(testing::load_test_spec(spec_with("  - { kind: x, size: 6x6, grade: easy, count: 1 }\n"
                                                    "  - { kind: jigsaw, size: 6x6, grade: easy, count: 1 }\n",
                                                    "audience: kids\n")),
                  testing::test_settings());
    REQUIRE(book.manifest.kids);
    std::string text;
    for (const BookPage& p : book.pages)
      if (p.planned.kind == PageKind::how_to_play) text += text_of(p);
    CHECK(text.find("In an X sudoku the two gray diagonals, from corner to corner, count too.") != std::string::npos);
    CHECK(text.find("Thick lines cut the grid into 6 regions of 6 squares.") != std::string::npos);
    CHECK(text.find("This book also has X Sudoku and Jigsaw Sudoku puzzles. They have a new rule.") !=
          std::string::npos);
    // The adults' sentences are not there.
    CHECK(text.find("shaded in gray") == std::string::npos);
    CHECK(text.find("irregular regions") == std::string::npos);
    CHECK(text.find("add or change a rule") == std::string::npos);
    CHECK(verify_manifest(book.manifest).empty());
  }

  TEST_CASE("in a book of several kinds each puzzle's label names its kind; a book of one kind's do not") {
    const Wording en;
    // The label is "Puzzle 7" then the kind in the text face: count the runs of each kind's name
    // on the puzzle pages, one a puzzle.
    const auto labels = [&](const Book& book, engine::Kind kind) {
      int n = 0;
      for (const BookPage& p : book.pages) {
        if (p.planned.kind != PageKind::puzzles) continue;
        for (const std::string& t : testing::texts_of(p.page)) n += t == en.kind_heading(kind);
      }
      return n;
    };
    const Book& mixed = variety_book();
    std::map<engine::Kind, int> count;
    for (const engine::Layout& layout : mixed.layouts) ++count[layout.kind];
    for (const auto& entry : count) {  // not a structured binding: clang 14 cannot capture one (INFO)
      const engine::Kind kind = entry.first;
      INFO(engine::kind_id(kind));
      CHECK(labels(mixed, kind) == entry.second);
    }
    const Book jigsaws = make_book(testing::load_test_spec(spec_with("  - { kind: jigsaw, grade: easy, count: 4 }\n")),
                                   testing::test_settings());
    CHECK(labels(jigsaws, engine::Kind::jigsaw) == 0);
  }

  TEST_CASE("a catalogue refuses kinds, at the catalogue's place") {
    BookSpec spec = load_spec(spec_with("  - { kind: x, grade: easy, count: 2 }\n", "catalogue: books.catalogue\n"),
                              "spec.yaml", testing::any_file_exists);
    CHECK(testing::input_error_of([&] { check_catalogue_location(spec); }) ==
          "spec.yaml:7:12: a catalogue holds classic sudoku only, and this book has kind 'x' puzzles (leave out the "
          "catalogue or those sections)");
  }

  TEST_CASE("hints number regions by their top-left cell; glossary figures keep the pattern's grey alone") {
    const Book& book = variety_book();
    int checked = 0;
    for (std::size_t k = 0; k < book.hints.size(); ++k) {
      const engine::Layout& layout = book.layouts[k];
      const engine::Hint& step = book.hints[k].step;
      const std::string& s = book.hints[k].sentence;
      if (layout.kind != engine::Kind::jigsaw || s.rfind("region ", 0) != 0 || step.cells.empty()) continue;
      // The region of the step's cells, and its number counted here: regions in reading order of
      // their first cell.
      const int region = layout.regions[static_cast<std::size_t>(step.cells[0])];
      std::vector<int> order;
      for (int id : layout.regions)
        if (std::find(order.begin(), order.end(), id) == order.end()) order.push_back(id);
      const auto number = std::find(order.begin(), order.end(), region) - order.begin() + 1;
      CHECK(s.rfind("region " + std::to_string(number) + ":", 0) == 0);
      ++checked;
    }
    CHECK(checked > 0);
    for (const BookPage& p : book.pages) {
      if (p.planned.kind != PageKind::glossary) continue;
      CHECK(text_of(p).find("a region or a window works as a box does here") != std::string::npos);
    }
  }

  TEST_CASE("hints name the kind's houses and verify words them again") {
    const Book& book = variety_book();
    const Wording words;
    bool named_region = false, named_other = false;
    for (std::size_t k = 0; k < book.hints.size(); ++k) {
      const std::string& s = book.hints[k].sentence;
      named_region |= s.find("region ") != std::string::npos;
      named_other |= s.find("diagonal ") != std::string::npos || s.find("window ") != std::string::npos;
      if (book.layouts[k].kind == engine::Kind::jigsaw) CHECK(s.find("box ") == std::string::npos);
    }
    CHECK((named_region || named_other));
    for (std::size_t k = 0; k < book.hints.size(); ++k) {
      INFO("puzzle " << k + 1);
      CHECK(book.manifest.puzzles[k].hint->text == book.hints[k].sentence);
    }
  }

  TEST_CASE("a pointing or claiming step names the house it removes from: a diagonal, a window") {
    // Two puzzles of every kind, size and grade, as the book of issue 29's check has them; puzzle
    // 7 points along a diagonal, puzzle 33 into a window.
    std::string sections;
    const char* grades[] = {"easy", "medium", "hard", "extreme", "evil"};
    for (const auto& [kind, size] :
         {std::pair{"x", "6x6"}, {"x", "8x8"}, {"x", "9x9"}, {"hyper", "9x9"}, {"jigsaw", "6x6"}}) {
      for (int g = 0; g < (std::string(size) == "6x6" ? 2 : 5); ++g) {
        sections += std::string("  - { kind: ") + kind + ", size: " + size + ", grade: " + grades[g] + ", count: 2 }\n";
      }
    }
    const Book book = make_book(
        testing::load_test_spec("title: Every Kind\nauthor: Ann Example\nyear: 2026\ntrim: 8.5x11\nlayout: four-up\n"
                                "seed: 7\nhints: true\npuzzles:\n" +
                                sections),
        testing::test_settings());
    CHECK(book.hints.at(6).sentence ==
          "box 3: the places for 4 lie in diagonal 1 (r3c3 and r4c4), which removes 4 from the rest of diagonal 1");
    CHECK(book.hints.at(32).sentence ==
          "box 1: the places for 9 lie in window 1 (r2c2, r3c2 and r3c3), which removes 9 from the rest of window 1");
    CHECK(book.hints.at(12).sentence ==
          "diagonal 2: the places for 2 lie in box 7 (r7c2 and r8c1), which removes 2 from the rest of box 7");
    const Wording de("de");
    CHECK(book_hint(book.puzzles.at(32).givens, book.layouts.at(32), book.symbols.at(32), de)
              .sentence.find("Fenster 1") != std::string::npos);
  }

  TEST_CASE("the manifest records kind and regions, reads them back, and refuses bad ones") {
    const Book& book = variety_book();
    const std::string json = manifest_to_json(book.manifest);
    const Manifest again = parse_manifest(json, "book.json");
    REQUIRE(again.puzzles.size() == book.manifest.puzzles.size());
    for (std::size_t k = 0; k < again.puzzles.size(); ++k) CHECK(again.puzzles[k].layout == book.layouts[k]);
    CHECK(json.find("\"kind\": \"hyper\"") != std::string::npos);
    CHECK(json.find("\"kind\": \"classic\"") == std::string::npos);  // classic says nothing

    // A jigsaw's regions swapped for another partition: verify finds the puzzle is not one.
    Manifest altered = book.manifest;
    ManifestPuzzle& jigsaw = altered.puzzles[10];
    REQUIRE(jigsaw.layout.kind == engine::Kind::jigsaw);
    for (int i = 0; i < 81; ++i) jigsaw.layout.regions[static_cast<std::size_t>(i)] = (i / 27) * 3 + (i % 9) / 3;
    const std::vector<std::string> problems = verify_manifest(altered);
    REQUIRE_FALSE(problems.empty());
    CHECK(problems[0].starts_with("puzzle 11: "));

    // An x puzzle read as classic: its clue band is not classic's.
    Manifest plain = book.manifest;
    plain.puzzles[2].layout = {engine::Kind::classic, engine::kShape9x9, {}};
    CHECK_FALSE(verify_manifest(plain).empty());

    const auto parse_error = [&](const std::string& from, const std::string& to) {
      std::string text = json;
      const std::size_t at = text.find(from);
      REQUIRE(at != std::string::npos);
      text.replace(at, from.size(), to);
      return testing::input_error_of([&] { parse_manifest(text, "book.json"); });
    };
    CHECK(parse_error("\"kind\": \"hyper\"", "\"kind\": \"samurai\"") ==
          "book.json: field 'puzzles[6].kind' must be one of x, hyper, jigsaw, got 'samurai'");
    CHECK(parse_error("\"kind\": \"x\"", "\"kind\": \"classic\"") ==
          "book.json: field 'puzzles[2].kind' must be one of x, hyper, jigsaw, got 'classic'");
    const std::string regions = "\"regions\": \"" + engine::regions_text(9, book.layouts[10].regions) + "\"";
    CHECK(parse_error(regions, "\"regions\": \"" + std::string(81, '1') + "\"") ==
          "book.json: field 'puzzles[10].regions': region 1 has 81 cells (expected 9)");
  }
}
