// Sizes and skins in books (issue 11): the section keys and their errors, the skins (letters
// words, shape marks), every size x skin built, verified and read back, the how-to-play page,
// the manifest's sized form (and old manifests), and the fit check for 16x16.
#include <doctest/doctest.h>

#include <algorithm>

#include <filesystem>
#include <set>

#include "book/make/build.h"
#include "book/text/figures.h"
#include "book/manifest/manifest.h"
#include "book/text/skin.h"
#include "book/spec/spec.h"
#include "book/check/verify.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/errors.h"
#include "support/rule_checker.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;

namespace {

std::string spec_with(const std::string& sections, const std::string& extra = "") {
  return "title: Sizes\nauthor: Ann Example\nseed: 5\n" + extra + "puzzles:\n" + sections;
}

std::string error_of(const std::string& yaml) {
  return testing::input_error_of([&] { load_spec(yaml, "spec.yaml", testing::any_file_exists); });
}

BookSpec spec_of(const std::string& text) { return testing::load_test_spec(text, "sizes-book.yaml"); }

const Book& every_book() {
  static const Book book = make_book(spec_of(spec_with(testing::kEverySizeAndSkin, "trim: 8.5x11\nlayout: four-up\n")),
                                     testing::test_settings());
  return book;
}

}  // namespace

TEST_SUITE("sizes and skins: spec") {
  TEST_CASE("size, skin and letters per section; defaults 9x9 digits") {
    const BookSpec spec = spec_of(spec_with(testing::kEverySizeAndSkin));
    REQUIRE(spec.sections.size() == 16);
    CHECK(spec.sections[0].shape == engine::kShape4x4);
    CHECK(spec.sections[0].skin == Skin::digits);
    CHECK(spec.sections[1].skin == Skin::letters);
    CHECK(spec.sections[1].letters == "WORD");      // printed in capitals
    CHECK(spec.sections[4].skin == Skin::letters);  // a word says letters
    CHECK(spec.sections[4].letters == "GARDEN");
    CHECK(spec.sections[7].letters.empty());  // A, B, C …
    CHECK(spec.sections[5].skin == Skin::shapes);
    CHECK(spec.sections[15].shape == engine::kShape16x16);
    const BookSpec plain = spec_of(spec_with("  - { grade: easy, count: 3 }\n"));
    CHECK(plain.sections[0].shape == engine::kShape9x9);
    CHECK(plain.sections[0].skin == Skin::digits);
    CHECK(load_spec(spec_with("  - { size: 16X16, skin: LETTERS, grade: easy, count: 1 }\n"), "s.yaml")
              .sections[0]
              .skin == Skin::letters);
    const auto requests = generate_requests(spec);
    CHECK(requests.size() == 32);
    CHECK(requests[0].base.shape == engine::kShape4x4);
    CHECK(requests[31].base.shape == engine::kShape16x16);
    CHECK(requests[31].base.grade == engine::Grade::medium);
  }

  TEST_CASE("bad sizes, skins, words and grades exit 2 at their place") {
    CHECK(error_of(spec_with("  - { size: 10x10, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:13: unknown size '10x10' for 'puzzles[1].size' (expected one of: 4x4, 6x6, 8x8, 9x9, "
          "12x12, 16x16)");
    CHECK(error_of(spec_with("  - { grade: easy, count: 3 }\n  - { size: 7x7, grade: easy, count: 3 }\n")) ==
          "spec.yaml:6:13: unknown size '7x7' for 'puzzles[2].size' (expected one of: 4x4, 6x6, 8x8, 9x9, "
          "12x12, 16x16)");
    CHECK(error_of(spec_with("  - { size: 4x4, grade: hard, count: 3 }\n")) ==
          "spec.yaml:5:25: grade 'hard' is not offered for 4x4 (offered: easy, medium)");
    CHECK(error_of(spec_with("  - { grade: evil, size: 6x6, count: 3 }\n")) ==
          "spec.yaml:5:14: grade 'evil' is not offered for 6x6 (offered: easy, medium)");
    CHECK(error_of(spec_with("  - { size: 12x12, skin: shapes, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:26: skin 'shapes' takes 4x4, 6x6, 8x8 and 9x9 grids, not 12x12 (nine shapes at most "
          "stay distinct in small cells)");
    CHECK(error_of(spec_with("  - { skin: dots, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:13: unknown skin 'dots' for 'puzzles[1].skin' (expected one of: digits, letters, shapes)");
    CHECK(error_of(spec_with("  - { size: 6x6, letters: GARDENS, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:27: 'puzzles[1].letters' has 7 letters but a 6x6 grid takes 6 (one for each symbol)");
    CHECK(error_of(spec_with("  - { size: 6x6, letters: Puzzle, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:27: 'puzzles[1].letters' 'Z' appears twice in 'PUZZLE' (each letter once; case does "
          "not count)");
    CHECK(error_of(spec_with("  - { size: 4x4, letters: AbBa, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:27: 'puzzles[1].letters' 'A' appears twice in 'ABBA' (each letter once; case does "
          "not count)");
    CHECK(error_of(spec_with("  - { size: 4x4, letters: \"AB C\", grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:27: 'puzzles[1].letters' must be letters A-Z (any case), got ' ' at position 3");
    CHECK(error_of(spec_with("  - { size: 4x4, letters: \"\xC3\x89TAT\", grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:27: 'puzzles[1].letters' must be letters A-Z (any case), got '\xC3\x89' at position 1");
    CHECK(error_of(spec_with("  - { size: 4x4, skin: shapes, letters: WORD, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:41: 'puzzles[1].letters' is for skin: letters, but this section's skin is shapes");
    CHECK(error_of(spec_with("  - { letters: WORD, grade: easy, count: 3 }\n")) ==
          "spec.yaml:5:16: 'puzzles[1].letters' has 4 letters but a 9x9 grid takes 9 (one for each symbol)");
  }
}

TEST_SUITE("sizes and skins: skins") {
  TEST_CASE("skin names, fits and the shapes of each size") {
    for (Skin s : kAllSkins) CHECK(parse_skin(skin_id(s)) == s);
    CHECK(parse_skin("Shapes") == Skin::shapes);
    CHECK_FALSE(parse_skin("emoji").has_value());
    for (engine::Shape shape : engine::kAllShapes) {
      CHECK(skin_fits(Skin::digits, shape));
      CHECK(skin_fits(Skin::letters, shape));
      CHECK(skin_fits(Skin::shapes, shape) == (shape.size() <= 9));
    }
    // Shape ids map one to one: each size's marks are distinct, each id names one mark and back,
    // and the smaller sizes take the first marks of the larger ones.
    std::vector<render::Mark> previous;
    for (engine::Shape shape : {engine::kShape4x4, engine::kShape6x6, engine::kShape8x8, engine::kShape9x9}) {
      const std::vector<render::Mark> marks = shape_marks(shape);
      REQUIRE(static_cast<int>(marks.size()) == shape.size());
      CHECK(std::set<render::Mark>(marks.begin(), marks.end()).size() == marks.size());
      CHECK(std::equal(previous.begin(), previous.end(), marks.begin()));
      const SymbolSet symbols = default_symbols(Skin::shapes, shape);
      CHECK_FALSE(symbols_problem(symbols, shape).has_value());
      std::set<std::string> names;
      for (int v = 1; v <= shape.size(); ++v) {
        const std::string& name = symbols.names[static_cast<std::size_t>(v - 1)];
        CHECK(names.insert(name).second);
        const render::FigureCell cell = symbol_cell(symbols, v, render::Ink::given);
        REQUIRE(cell.mark.has_value());
        CHECK(*cell.mark == marks[static_cast<std::size_t>(v - 1)]);
        CHECK(render::mark_id(*cell.mark) == name);
      }
      previous = marks;
    }
    CHECK(render::kAllMarks.size() == static_cast<std::size_t>(kMaxShapeSymbols));
  }

  TEST_CASE("digits and plain letters") {
    CHECK(default_symbols(Skin::digits, engine::kShape16x16).names ==
          std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F", "G"});
    CHECK(default_symbols(Skin::letters, engine::kShape6x6).names ==
          std::vector<std::string>{"A", "B", "C", "D", "E", "F"});
    CHECK(symbol_cell(default_symbols(Skin::digits, engine::kShape12x12), 12, render::Ink::solved) ==
          render::FigureCell{"C", render::Ink::solved});
  }

  TEST_CASE("a word hides in one row of the solution, picked by the puzzle's seed") {
    engine::GenerateOptions options;
    options.shape = engine::kShape6x6;
    options.grade = engine::Grade::easy;
    std::set<int> rows;
    for (std::uint32_t seed = 1; seed <= 24; ++seed) {
      options.seed = seed;
      const engine::Puzzle p = engine::generate(options);
      REQUIRE(p.valid);
      const SymbolSet s = puzzle_symbols(Skin::letters, engine::kShape6x6, "garden", p.solution, p.seed);
      CHECK_FALSE(symbols_problem(s, engine::kShape6x6).has_value());
      REQUIRE(s.word_row.has_value());
      std::string row;
      for (int c = 0; c < 6; ++c) row += s.names[static_cast<std::size_t>(p.solution.at(*s.word_row, c) - 1)];
      CHECK(row == "GARDEN");
      CHECK(puzzle_symbols(Skin::letters, engine::kShape6x6, "garden", p.solution, p.seed) == s);
      rows.insert(*s.word_row);
      // The solution figure shades that row; without a word nothing is shaded.
      CHECK(solution_figure(p.givens, p.solution, s).shaded_row == s.word_row);
      const SymbolSet plain = puzzle_symbols(Skin::letters, engine::kShape6x6, "", p.solution, p.seed);
      CHECK(plain == default_symbols(Skin::letters, engine::kShape6x6));
      CHECK_FALSE(solution_figure(p.givens, p.solution, plain).shaded_row.has_value());
    }
    CHECK(rows.size() >= 4);  // not always the same row
  }

  TEST_CASE("symbol lists that do not fit are named") {
    SymbolSet s = default_symbols(Skin::letters, engine::kShape4x4);
    s.names[2] = "A";
    CHECK(symbols_problem(s, engine::kShape4x4) == "'A' appears twice");
    s.names[2] = "c";
    CHECK(symbols_problem(s, engine::kShape4x4) == "'c' is not a capital letter A-Z");
    s.names.pop_back();
    CHECK(symbols_problem(s, engine::kShape4x4) == "expected 4 symbols, got 3");
    SymbolSet d = default_symbols(Skin::digits, engine::kShape6x6);
    std::swap(d.names[0], d.names[1]);
    CHECK(symbols_problem(d, engine::kShape6x6) == "expected the digits 1-6 in order");
    SymbolSet shapes = default_symbols(Skin::shapes, engine::kShape4x4);
    shapes.names[0] = "blob";
    CHECK(symbols_problem(shapes, engine::kShape4x4) ==
          "'blob' is not a shape (expected circle, triangle, square, star, heart, cross, diamond, crescent, "
          "hexagon)");
    shapes.names[0] = "star";
    CHECK(symbols_problem(shapes, engine::kShape4x4) == "'star' appears twice");
    shapes.skin = Skin::shapes;
    CHECK(symbols_problem(shapes, engine::kShape16x16)->rfind("skin 'shapes' takes", 0) == 0);
  }
}

TEST_SUITE("sizes and skins: books") {
  TEST_CASE("every size x skin builds a book that passes verify") {
    const Book& book = every_book();
    REQUIRE(book.puzzles.size() == 32);
    REQUIRE(book.symbols.size() == 32);
    CHECK(verify_manifest(book.manifest) == std::vector<std::string>{});
    const BookSpec spec = spec_of(spec_with(testing::kEverySizeAndSkin));
    std::size_t k = 0;
    for (const Section& section : spec.sections) {
      for (int i = 0; i < section.count; ++i, ++k) {
        INFO("puzzle " << k + 1);
        const engine::Puzzle& p = book.puzzles[k];
        const ManifestPuzzle& mp = book.manifest.puzzles[k];
        CHECK(p.shape == section.shape);
        CHECK(p.valid);
        CHECK(mp.givens.shape == section.shape);
        CHECK(mp.symbols.skin == section.skin);
        // Checked apart from the engine: a complete legal grid the givens agree with, one solution.
        CHECK(testing::is_complete_legal_any_size(engine::to_string(p.solution)));
        CHECK(testing::agrees_with_any_size(engine::to_string(p.givens), engine::to_string(p.solution)));
        CHECK(testing::count_solutions_exact_cover(engine::to_string(p.givens), 2) == 1);
        // Its puzzle page prints exactly the givens in its grids (marks for shapes, text
        // otherwise) and, for shapes and letters, the N symbols once more in its legend.
        const BookPage& page = book.pages[static_cast<std::size_t>(mp.page - 1)];
        int printed = 0, legend = 0;
        for (const render::Item& item : page.page.items) {
          const auto* path = std::get_if<render::Path>(&item);
          const auto* text = std::get_if<render::TextRun>(&item);
          const bool symbol = text && text->role == render::FontRole::symbol;
          if (section.skin == Skin::shapes) CHECK_FALSE(symbol);
          if (!path && !symbol) continue;
          const render::Point at = path ? path->segments.at(0).to : text->origin;
          const bool in_grid = std::any_of(page.grid_boxes.begin(), page.grid_boxes.end(), [&](const render::Box& b) {
            return at.x > b.left && at.x < b.right && at.y > b.bottom && at.y < b.top;
          });
          ++(in_grid ? printed : legend);
        }
        const int on_page = static_cast<int>(page.planned.puzzles.size());
        int givens = 0;
        for (int index : page.planned.puzzles) givens += book.puzzles[static_cast<std::size_t>(index)].clues;
        CHECK(printed == givens);
        CHECK(legend == (section.skin == Skin::digits ? 0 : section.shape.size()));
        CHECK(on_page >= 1);
      }
    }
    // The manifest's bytes read back to the same manifest (letters words and shapes included).
    const std::string json = manifest_to_json(book.manifest);
    CHECK(manifest_to_json(parse_manifest(json, "m.json")) == json);
  }

  TEST_CASE("letters round-trip: book -> manifest JSON -> the same printed letters") {
    const Book& book = every_book();
    const Manifest back = parse_manifest(manifest_to_json(book.manifest), "m.json");
    for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
      if (back.puzzles[k].symbols.skin != Skin::letters) continue;
      const ManifestPuzzle& mp = back.puzzles[k];
      const render::Figure printed = puzzle_figure(book.puzzles[k].givens, book.symbols[k]);
      const render::Figure reread = puzzle_figure(mp.givens, mp.symbols);
      CHECK(printed == reread);
      for (int i = 0; i < mp.givens.cell_count(); ++i) {
        if (mp.givens.cells[i] == 0) continue;
        CHECK(reread.cells[static_cast<std::size_t>(i)].symbol ==
              mp.symbols.names[static_cast<std::size_t>(mp.givens.cells[i] - 1)]);
      }
    }
    // The word sections: every solution hides its word in a row.
    for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
      const engine::Puzzle& p = book.puzzles[k];
      if (!book.symbols[k].word_row) continue;
      std::string row;
      for (int c = 0; c < p.shape.size(); ++c) {
        row += book.symbols[k].names[static_cast<std::size_t>(p.solution.at(*book.symbols[k].word_row, c) - 1)];
      }
      CHECK((row == "WORD" || row == "GARDEN" || row == "WORDPUZLE" || row == "ABCDEFGHIJKL" ||
             row == "UNCOPYRIGHTABLES"));
    }
  }

  TEST_CASE("the same puzzles at another trim and layout, and for any thread count") {
    const std::string sections =
        "  - { size: 6x6, skin: shapes, grade: medium, count: 3 }\n"
        "  - { size: 16x16, grade: hard, count: 2 }\n";
    const Book a = make_book(spec_of(spec_with(sections, "trim: 8.5x11\nlayout: one-up\n")), testing::test_settings());
    const Book b = make_book(spec_of(spec_with(sections, "trim: 6x9\nlayout: two-up\n")), testing::test_settings(1));
    REQUIRE(a.manifest.puzzles.size() == b.manifest.puzzles.size());
    for (std::size_t k = 0; k < a.manifest.puzzles.size(); ++k) {
      CHECK(a.manifest.puzzles[k].givens == b.manifest.puzzles[k].givens);
      CHECK(a.manifest.puzzles[k].solution == b.manifest.puzzles[k].solution);
      CHECK(a.manifest.puzzles[k].symbols == b.manifest.puzzles[k].symbols);
    }
  }

  TEST_CASE("the how-to-play page follows the first section's size and skin") {
    const Book& book = every_book();
    const BookPage& page = book.pages[2];
    REQUIRE(page.planned.kind == PageKind::how_to_play);
    std::string text;
    int marks = 0;
    for (const render::Item& item : page.page.items) {
      if (const auto* t = std::get_if<render::TextRun>(&item)) text += t->text + " ";
      if (std::holds_alternative<render::Path>(item)) ++marks;
    }
    CHECK(text.find("grid of 4\xC2\xA0\xC3\x97\xC2\xA0"
                    "4 cells") != std::string::npos);
    CHECK(text.find("a digit from 1 to 4") != std::string::npos);
    CHECK(text.find("with digits, letters and shapes") != std::string::npos);
    CHECK(text.find("spells a word: WORD, GARDEN, WORDPUZLE, ABCDEFGHIJKL or UNCOPYRIGHTABLES") != std::string::npos);
    // Exactly the grades of the sections: no Evil.
    CHECK(text.find("Easy (one star), Medium (two stars), Hard (three stars) or Extreme (four stars).") !=
          std::string::npos);
    CHECK(marks == 0);
    // A shapes book explains itself with shapes.
    const Book kids =
        make_book(spec_of(spec_with("  - { size: 6x6, skin: shapes, grade: easy, count: 2 }\n", "trim: 8x10\n")),
                  testing::test_settings());
    std::string kids_text;
    int kids_marks = 0;
    for (const render::Item& item : kids.pages[2].page.items) {
      if (const auto* t = std::get_if<render::TextRun>(&item)) kids_text += t->text + " ";
      if (std::holds_alternative<render::Path>(item)) ++kids_marks;
    }
    CHECK(kids_text.find("one of the 6 shapes") != std::string::npos);
    CHECK(kids_text.find("holds every shape once") != std::string::npos);
    CHECK(kids_text.find("Medium") == std::string::npos);  // one grade: "Easy (one star)"
    CHECK(kids_marks >= 6);                                // the first box whole: every shape
  }

  TEST_CASE("the fit check refuses an illegible 16x16 page, naming it") {
    const std::string sixteen = "  - { size: 16x16, grade: easy, count: 6 }\n";
    // Two 16x16 grids a page at 6x9 stay legible (cells over 8.75 pt), and so do their solutions.
    const Book ok = make_book(spec_of(spec_with(sixteen, "trim: 6x9\nlayout: two-up\n")), testing::test_settings());
    for (const BookPage& p : ok.pages) {
      if (!p.grid_boxes.empty()) CHECK(p.smallest_cell_pt >= 7 / 0.8);
    }
    const auto error = [&](const std::string& extra) {
      try {
        make_book(spec_of(spec_with(sixteen, extra)), testing::test_settings());
      } catch (const InputError& e) {
        return std::string(e.what());
      }
      return std::string("no error");
    };
    // Six a page at 6x9: the puzzles still fit, nine 16x16 solutions a page do not.
    CHECK(
        error("trim: 6x9\nlayout: six-up\n")
            .ends_with("sizes-book.yaml:5:9: page 8 (solutions) at trim 6x9 with layout six-up: grids would be 111 pt "
                       "wide, too small for 7 pt symbols (choose fewer grids per page or a larger trim)"));
    // At 5x8 six puzzles a page do not either.
    CHECK(error("trim: 5x8\nlayout: six-up\nsolutions: { per_page: 1 }\n")
              .ends_with("sizes-book.yaml:5:9: page 5 (puzzles) at trim 5x8 with layout six-up: grids would be 124 pt "
                         "wide, too small for 7 pt symbols (choose fewer grids per page or a larger trim)"));
  }
}

TEST_SUITE("sizes and skins: manifest") {
  TEST_CASE("an old manifest (no size, skin or symbols) reads as 9x9 digits") {
    std::string json = manifest_to_json(every_book().manifest);
    Manifest m = parse_manifest(json, "m.json");
    // Keep the 9x9 digits puzzles only, and drop the new keys from the text.
    Manifest old = m;
    old.puzzles.clear();
    for (const ManifestPuzzle& p : m.puzzles) {
      if (p.givens.shape == engine::kShape9x9 && p.symbols.skin == Skin::digits) old.puzzles.push_back(p);
    }
    REQUIRE(old.puzzles.size() == 2);
    std::string text = manifest_to_json(old);
    for (const std::string key : {"      \"size\": \"9x9\",\n", "      \"skin\": \"digits\",\n"}) {
      for (std::size_t at; (at = text.find(key)) != std::string::npos;) text.erase(at, key.size());
    }
    for (std::size_t at; (at = text.find("      \"symbols\": [")) != std::string::npos;) {
      text.erase(at, text.find("],\n", at) + 3 - at);
    }
    REQUIRE(text.find("symbols") == std::string::npos);
    const Manifest back = parse_manifest(text, "old.json");
    CHECK(back.puzzles == old.puzzles);
    CHECK(back.puzzles[0].symbols == default_symbols(Skin::digits, engine::kShape9x9));
  }

  TEST_CASE("sized fields that are wrong are named") {
    const std::string good = manifest_to_json(every_book().manifest);
    const auto error_with = [&](const std::string& from, const std::string& to) {
      std::string text = good;
      const auto at = text.find(from);
      REQUIRE(at != std::string::npos);
      text.replace(at, from.size(), to);
      try {
        parse_manifest(text, "m.json");
      } catch (const InputError& e) {
        return std::string(e.what());
      }
      return std::string("no error");
    };
    CHECK(error_with("\"size\": \"4x4\"", "\"size\": \"10x10\"") ==
          "m.json: field 'puzzles[0].size' must be one of 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, got '10x10'");
    CHECK(error_with("\"skin\": \"digits\"", "\"skin\": \"emoji\"") ==
          "m.json: field 'puzzles[0].skin' must be one of digits, letters, shapes, got 'emoji'");
    CHECK(error_with("\"symbols\": [", "\"symbols\": [4, ") ==
          "m.json: field 'puzzles[0].symbols' must be an array of strings");
    CHECK(error_with("\"size\": \"4x4\"", "\"size\": \"6x6\"") ==
          "m.json: field 'puzzles[0].givens' is not a grid: expected 36 cells, got 16");
    // verify names symbols that do not fit.
    Manifest m = every_book().manifest;
    m.puzzles[2].symbols.names[1] = "circle";  // puzzle 3: 4x4 letters
    m.puzzles[4].symbols.skin = Skin::shapes;
    m.puzzles[4].symbols.names = default_symbols(Skin::shapes, engine::kShape9x9).names;
    const std::vector<std::string> problems = verify_manifest(m);
    CHECK(problems == std::vector<std::string>{"puzzle 3: symbols: 'circle' is not a capital letter A-Z",
                                               "puzzle 5: symbols: expected 4 symbols, got 9"});
  }
}
