// Issue 25: every printed page tells its reader the truth. How to Play names exactly the grades
// the book has, in every language, and its example shows what its caption says; the copyright
// page names the tool only when the spec asks (credit_line); verify catches a page that does not.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "book/make/build.h"
#include "book/spec/spec.h"
#include "book/spec/spec_keys.h"
#include "book/text/figures.h"
#include "book/text/wording.h"
#include "engine/technique.h"
#include "support/book_fixtures.h"
#include "support/render_fixtures.h"
#include "util/text.h"
#include "support/sampling.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

BookSpec spec_with(const std::string& sections, const std::string& extra = "") {
  return testing::load_test_spec("title: Truth\nauthor: Ann Example\nyear: 2026\ntrim: 6x9\nlayout: two-up\nseed: 9\n" +
                                 extra + "puzzles:\n" + sections);
}

/// Every text run of the book's page of `kind`, joined by spaces.
std::string text_of(const Book& book, PageKind kind) {
  std::string out;
  for (const BookPage& p : book.pages) {
    if (p.planned.kind != kind) continue;
    for (const std::string& t : testing::texts_of(p.page)) out += t + " ";
  }
  return out;
}

constexpr engine::Grade kGrades[] = {engine::Grade::easy, engine::Grade::medium, engine::Grade::hard,
                                     engine::Grade::extreme, engine::Grade::evil};

/// `text` holds `word` as a whole word (letters around it end it: "singleton" has no "single").
bool has_word(const std::string& text, const std::string& word) {
  const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || (c & 0x80); };
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !letter(text[at - 1])) && (end == text.size() || !letter(text[end]))) return true;
  }
  return false;
}

/// "Hard (three stars)" in `w`'s words: how How to Play names a grade.
std::string named(const Wording& w, engine::Grade g) {
  static const char* kStars[] = {"", "stars_1", "stars_2", "stars_3", "stars_4", "stars_5"};
  return w.format("grade_with_stars", {{"grade", w.grade_name(g)}, {"stars", w.text(kStars[engine::grade_stars(g)])}});
}

}  // namespace

TEST_SUITE("truthful pages") {
  TEST_CASE("How to Play names exactly the book's grades, in every language") {
    struct Case {
      std::string sections;
      std::set<engine::Grade> grades;
      std::string extra = "";
      bool kids = false;  ///< in the kids register: the book's own level scale
    };
    const std::string small =
        "  - { size: 6x6, skin: shapes, grade: easy, count: 1 }\n  - { size: 6x6, grade: medium, count: 1 }\n";
    const std::vector<Case> cases = {
        {"  - { grade: easy, count: 1 }\n  - { grade: hard, count: 1 }\n", {engine::Grade::easy, engine::Grade::hard}},
        {"  - { grade: easy, count: 1 }\n  - { grade: medium, count: 1 }\n",
         {engine::Grade::easy, engine::Grade::medium}},
        {small, {engine::Grade::easy, engine::Grade::medium}, "audience: adults\n"},
        {small, {engine::Grade::easy, engine::Grade::medium}, "", true},  // 6x6 only: kids by default
        {"  - { grade: medium, count: 1 }\n  - { grade: evil, count: 1 }\n",
         {engine::Grade::medium, engine::Grade::evil},
         "audience: kids\n",
         true},
        {"  - { grade: medium, count: 1 }\n", {engine::Grade::medium}},
    };
    for (int index = 0; index < static_cast<int>(std::size(kLanguages)); ++index) {
      if (!testing::taken(index, {0, 3})) continue;  // under ASan: English and French
      const std::string_view language = kLanguages[index];
      const Wording w{language};
      for (const Case& c : cases) {
        INFO(language << ": " << c.sections << c.extra);
        const Book book = make_book(spec_with(c.sections, "language: " + std::string(language) + "\n" + c.extra),
                                    testing::test_settings());
        const std::string text = text_of(book, PageKind::how_to_play);
        CHECK(book.manifest.kids == c.kids);
        if (c.kids) {  // "one star for Medium and two stars for Evil": two levels, not two of five stars
          CHECK(text.find(w.kids_rules_grades({c.grades.begin(), c.grades.end()})) != std::string::npos);
          CHECK(text.find(w.text("stars_3")) == std::string::npos);
        }
        for (const engine::Grade g : kGrades) {
          INFO(engine::grade_id(g));
          if (c.kids) {
            CHECK((text.find(w.grade_name(g)) != std::string::npos) == (c.grades.count(g) == 1));
          } else {
            CHECK((text.find(named(w, g)) != std::string::npos) == (c.grades.count(g) == 1));
          }
        }
        REQUIRE(book.manifest.how_to_play);
        CHECK(std::set<engine::Grade>(book.manifest.how_to_play->grades.begin(),
                                      book.manifest.how_to_play->grades.end()) == c.grades);
      }
    }
  }

  TEST_CASE("the English sentence lists the grades it names") {
    const Wording en;
    CHECK(en.rules_grades({engine::Grade::hard, engine::Grade::easy, engine::Grade::hard}) ==
          "Each puzzle is marked with its difficulty: Easy (one star) or Hard (three stars). The solutions are at "
          "the back of the book.");
    CHECK(en.rules_grades({engine::Grade::medium}) ==
          "Each puzzle is marked with its difficulty: Medium (two stars). The solutions are at the back of the book.");
  }

  TEST_CASE("the example's shaded box holds what the caption says: every symbol once") {
    const auto check_first_box = [](const render::Figure& f) {
      REQUIRE(f.shaded_box == 0);
      std::set<std::string> seen;
      for (int r = 0; r < f.box_rows; ++r) {
        for (int c = 0; c < f.box_cols; ++c) {
          const render::FigureCell& cell = f.at(r, c);
          CHECK(cell.ink == render::Ink::given);
          seen.insert(cell.mark ? std::string(render::mark_id(*cell.mark)) : cell.symbol);
        }
      }
      CHECK(seen.size() == static_cast<std::size_t>(f.size));
    };
    check_first_box(how_to_play_figure());
    for (const engine::Shape shape : {engine::Shape{2, 2}, engine::Shape{2, 3}, engine::Shape{3, 4}}) {
      check_first_box(how_to_play_figure(shape, default_symbols(Skin::digits, shape)));
    }
    check_first_box(how_to_play_figure(engine::Shape{2, 3}, default_symbols(Skin::shapes, engine::Shape{2, 3})));
  }

  TEST_CASE("the copyright credit line is opt-in (credit_line), in every language") {
    for (std::string_view language : kLanguages) {
      INFO(language);
      const Wording w{language};
      const std::string lang = "language: " + std::string(language) + "\n";
      const std::string sections = "  - { grade: easy, count: 1 }\n";
      const Book plain = make_book(spec_with(sections, lang), testing::test_settings());
      const Book credited = make_book(spec_with(sections, lang + "credit_line: true\n"), testing::test_settings());
      const std::string made = w.format("copyright_made", {{"version", "test"}, {"seed", "9"}});
      // The credit's first words, as one line of the page prints them.
      const std::string tool = made.substr(0, made.find("puzzlepress") + std::string("puzzlepress").size());
      CHECK(text_of(plain, PageKind::copyright).find("puzzlepress") == std::string::npos);
      CHECK(text_of(plain, PageKind::copyright).find(w.text("copyright_unique")) != std::string::npos);
      CHECK(text_of(credited, PageKind::copyright).find(tool) != std::string::npos);
      REQUIRE(plain.manifest.copyright);
      CHECK(plain.manifest.copyright->page == 2);
      CHECK_FALSE(plain.manifest.copyright->credit_line);
      CHECK(credited.manifest.copyright->credit_line);
    }
    CHECK(key_named(spec_keys(), "credit_line").default_text == "false");
    CHECK_THROWS_WITH_AS(spec_with("  - { grade: easy, count: 1 }\n", "credit_line: maybe\n"),
                         doctest::Contains("test-book.yaml:7:14: expected true or false for 'credit_line', got "
                                           "'maybe'"),
                         InputError);
  }

  TEST_CASE("a spec without year: one warning, for a book with a copyright page only") {
    const std::string sections = "puzzles:\n  - { grade: easy, count: 1 }\n";
    const BookSpec no_year = testing::load_test_spec("title: T\nauthor: A\nseed: 1\n" + sections, "book.yaml");
    const std::vector<std::string> warnings = spec_warnings(no_year);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("book.yaml: no 'year:', so the copyright notice has no year (add e.g. year: 2026)") !=
          std::string::npos);
    CHECK(spec_warnings(testing::load_test_spec("title: T\nauthor: A\nyear: 2026\nseed: 1\n" + sections)).empty());
    CHECK(spec_warnings(testing::load_test_spec("title: T\nauthor: A\nseed: 1\nfront_matter: [title]\n" + sections))
              .empty());
    // Hints name cells as r4c2: a book that turns the grids' numbers off is told so.
    const auto hint_warnings = [&](const std::string& extra) {
      return spec_warnings(testing::load_test_spec(
          "title: T\nauthor: A\nyear: 2026\nseed: 1\nhints: true\n" + extra + sections, "h.yaml"));
    };
    CHECK(hint_warnings("").empty());
    const std::vector<std::string> unlabelled = hint_warnings("grid_labels: false\n");
    REQUIRE(unlabelled.size() == 1);
    CHECK(
        unlabelled[0].ends_with("h.yaml: hints name cells as r4c2 but 'grid_labels: false' prints no row or column "
                                "numbers to find them by (leave grid_labels out, or set it to true)"));
  }
}

TEST_SUITE("truthful pages") {
  TEST_CASE("back cover: one line per kind of puzzle, naming its size and skin") {
    const Wording en;
    using E = Wording::ContentsEntry;
    const engine::Shape six{2, 3};
    const auto lines = [&](const std::vector<E>& entries) {
      std::vector<std::string> out;
      for (const auto& [grade, line] : en.cover_contents(entries)) out.push_back(line);
      return out;
    };
    // All 9x9 digits: two Easy sections are one line, and each line names size and skin too.
    CHECK(lines({{20, engine::Grade::easy}, {10, engine::Grade::hard}, {30, engine::Grade::easy}}) ==
          std::vector<std::string>{"50 Easy puzzles (9\u00A0\u00D7\u00A09, digits)",
                                   "10 Hard puzzles (9\u00A0\u00D7\u00A09, digits)"});
    CHECK(lines({{1, engine::Grade::easy}}) ==
          std::vector<std::string>{"1 Easy puzzle (9\u00A0\u00D7\u00A09, digits)"});
    // Mixed: each line names its size and skin.
    CHECK(lines({{20, engine::Grade::easy, six, Skin::shapes},
                 {30, engine::Grade::easy},
                 {5, engine::Grade::easy, six, Skin::letters}}) ==
          std::vector<std::string>{"20 Easy puzzles (6\u00A0\u00D7\u00A06, shapes)",
                                   "30 Easy puzzles (9\u00A0\u00D7\u00A09, digits)",
                                   "5 Easy puzzles (6\u00A0\u00D7\u00A06, letters)"});
    CHECK(Wording("de")
              .cover_contents({{20, engine::Grade::easy, six, Skin::shapes}, {3, engine::Grade::easy}})[0]
              .second == "20 Rätsel, Stufe Leicht (6\u00A0\u00D7\u00A06, Formen)");
  }
}

TEST_SUITE("truthful pages") {
  TEST_CASE("How to Play names every shape the book uses, in every language") {
    const std::string kids =
        "  - { size: 4x4, skin: shapes, grade: easy, count: 1 }\n"
        "  - { size: 6x6, skin: shapes, grade: easy, count: 1 }\n"
        "  - { size: 9x9, skin: shapes, grade: easy, count: 1 }\n";
    for (std::string_view language : kLanguages) {
      INFO(language);
      const Wording w{language};
      const Book book =
          make_book(spec_with(kids, "language: " + std::string(language) + "\n"), testing::test_settings());
      const std::string text = text_of(book, PageKind::how_to_play);
      for (const render::Mark mark : shape_marks(engine::Shape{3, 3})) {  // 9x9's nine include 6x6's and 4x4's
        INFO(render::mark_id(mark));
        CHECK(text.find(w.shape_name(mark)) != std::string::npos);
      }
    }
  }
}

TEST_SUITE("truthful pages") {
  TEST_CASE("shapes and letters puzzles show every symbol among their givens; digits are left as they are") {
    const std::string sections =
        "  - { size: 4x4, skin: shapes, grade: medium, count: 40 }\n"
        "  - { size: 6x6, skin: shapes, grade: medium, count: 20 }\n"
        "  - { size: 9x9, skin: letters, letters: WORDPUZLE, grade: hard, count: 20 }\n"
        "  - { size: 4x4, grade: medium, count: 40 }\n";
    const Book book = make_book(spec_with(sections), testing::test_settings());
    const auto requests = generate_requests(spec_with(sections));
    int digits_lacking = 0;
    for (std::size_t k = 0; k < book.puzzles.size(); ++k) {
      std::set<int> shown;  // counted here, not by the engine
      const engine::Puzzle& p = book.puzzles[k];
      for (int i = 0; i < p.shape.cells(); ++i)
        if (p.givens.cells[static_cast<std::size_t>(i)] != 0) shown.insert(p.givens.cells[static_cast<std::size_t>(i)]);
      INFO("puzzle " << k + 1);
      CHECK(p.seed == requests[k].base.seed);
      if (k < 80) {
        CHECK(static_cast<int>(shown.size()) == p.shape.size());
      } else {
        digits_lacking += static_cast<int>(shown.size()) < p.shape.size();
      }
    }
    CHECK(digits_lacking > 0);  // 4x4 Medium digits often lack one: the rule is for other skins only
    // Every page of shapes or letters names its symbol set; a digits page has no legend.
    for (const BookPage& page : book.pages) {
      if (page.planned.kind != PageKind::puzzles) continue;
      const std::vector<std::string> texts = testing::texts_of(page.page);
      const auto has = [&](const std::string& t) { return std::find(texts.begin(), texts.end(), t) != texts.end(); };
      const int first = page.planned.puzzles.front();
      INFO("page " << page.planned.number);
      if (first < 60) {
        CHECK(has("Shapes:"));
      } else if (first < 80) {
        CHECK(has("Letters:"));
        for (const char* letter : {"W", "O", "R", "D", "P", "U", "Z", "L", "E"}) CHECK(has(letter));
      } else {
        CHECK_FALSE(has("Shapes:"));
        CHECK_FALSE(has("Letters:"));
      }
    }
  }

  TEST_CASE("language: en prints US spelling; en-GB keeps the British forms") {
    const std::string sections = "  - { grade: easy, count: 1 }\n";
    const Book us = make_book(spec_with(sections), testing::test_settings());
    const Book gb = make_book(spec_with(sections, "language: en-GB\n"), testing::test_settings());
    CHECK(text_of(us, PageKind::how_to_play).find("Penciling small candidates") != std::string::npos);
    CHECK(text_of(gb, PageKind::how_to_play).find("Pencilling small candidates") != std::string::npos);
    CHECK(gb.manifest.language == "en-GB");
    const Wording en("en"), en_gb("en-GB");
    CHECK(en.technique_name(engine::Technique::simple_colouring) == "simple coloring");
    CHECK(en_gb.technique_name(engine::Technique::simple_colouring) == "simple colouring");
    CHECK(en.glossary_intro().find("light gray") != std::string::npos);
    CHECK(en_gb.glossary_intro().find("light grey") != std::string::npos);
    for (const std::string& id : wording_ids()) {
      INFO(id);
      for (const char* british : {"ncill", "grey", "olour", "favour", "centre"})
        CHECK(en.text(id).find(british) == std::string::npos);
    }
  }

  TEST_CASE("technique names: headings begin with a capital, and no English name is left in another language") {
    CHECK(Wording("de").technique_heading(engine::Technique::naked_pair) == "Nacktes Paar");
    CHECK(Wording("fr").technique_heading(engine::Technique::naked_pair) == "Paire nue");
    CHECK(Wording("en").technique_heading(engine::Technique::naked_pair) == "Naked pair");
    CHECK(Wording("es").technique_heading(engine::Technique::hidden_single_box) == "Único oculto (bloque)");
    CHECK(Wording("de").technique_name(engine::Technique::naked_pair) == "nacktes Paar");  // running text
    // Letter names stay as solvers everywhere write them: the x-, xy-, xyz-, wxyz- and w-wings
    // (named after their letters, as in every language's sudoku literature) and BUG+1.
    const auto proper_name = [](const std::string& name) {
      return name.find("-Wing") != std::string::npos || name.find("-wing") != std::string::npos || name == "BUG+1";
    };
    const Wording en("en");
    for (const char* language : {"de", "fr", "es", "it", "nl", "pt"}) {
      const Wording words(language);
      for (const engine::Technique t : engine::kTechniqueOrder) {
        const std::string name = words.technique_name(t);
        INFO(language << ": " << name);
        if (!proper_name(name)) CHECK(util::ascii_lower(name) != util::ascii_lower(en.technique_name(t)));
        // ("turbot" is French too: the fish's name there.)
        for (const char* english :
             {"pointing", "claiming", "forcing", "single", "chain", "naked", "hidden", "fish", "kite", "skyscraper"})
          CHECK_FALSE(has_word(util::ascii_lower(name), english));
      }
    }
  }

  TEST_CASE("a kids book reads as one: 14 pt and more, its own levels, one large grid a page") {
    const std::string sections =
        "  - { size: 4x4, skin: shapes, grade: easy, count: 3 }\n  - { size: 6x6, skin: shapes, grade: medium, count: "
        "4 }\n";
    const auto book_at = [&](const std::string& trim, const std::string& extra) {
      return make_book(testing::load_test_spec("title: Kids\nauthor: Ann Example\nyear: 2026\ntrim: " + trim +
                                               "\nseed: 4\n" + extra + "puzzles:\n" + sections),
                       testing::test_settings());
    };
    for (const std::string trim : {"6x9", "8x10", "8.5x11"}) {
      for (const std::string layout : {"", "layout: two-up\n"}) {
        INFO(trim << " " << layout);
        const Book kids = book_at(trim, layout);
        CHECK(kids.manifest.kids);
        CHECK(kids.layout.name == (layout.empty() ? "one-up" : "two-up"));
        for (const BookPage& page : kids.pages) {
          // What a child reads: every word but the small solution labels is 14 pt or more.
          if (page.planned.kind == PageKind::solutions) continue;
          for (const render::TextRun& run : testing::items_of<render::TextRun>(page.page)) {
            INFO(page_kind_id(page.planned.kind) << " page " << page.planned.number << ": '" << run.text << "'");
            CHECK(run.size_pt >= 14);
          }
        }
        const auto first_puzzles = std::find_if(kids.pages.begin(), kids.pages.end(),
                                                [](const BookPage& p) { return p.planned.kind == PageKind::puzzles; });
        REQUIRE(first_puzzles != kids.pages.end());
        if (layout.empty()) {  // one 4x4 grid a page, as wide as 1.5 in cells or the content allows
          const double content = first_puzzles->frame.content.width();
          CHECK(first_puzzles->grid_boxes.front().width() >= std::min(0.75 * content, 4 * 108.0));
        }
      }
    }
    const Book adults = book_at("8x10", "audience: adults\n");
    CHECK_FALSE(adults.manifest.kids);
    CHECK(adults.layout.name == "two-up");
    // Shapes then digits: How to Play names both skins, not the first section's alone.
    const Book mixed =
        make_book(testing::load_test_spec("title: Kids\nauthor: A\nyear: 2026\ntrim: 8x10\nseed: 4\npuzzles:\n"
                                          "  - { size: 4x4, skin: shapes, grade: easy, count: 1 }\n"
                                          "  - { size: 6x6, grade: medium, count: 1 }\n"),
                  testing::test_settings());
    CHECK(text_of(mixed, PageKind::how_to_play).find("with shapes and digits") != std::string::npos);
  }

  TEST_CASE("a label wider than its grid is refused, and a kids book says how to print it smaller") {
    std::string message;
    try {
      make_book(testing::load_test_spec("title: Kids\nauthor: A\nyear: 2026\ntrim: 5x8\nseed: 4\nsolutions: "
                                        "{ per_page: 16 }\npuzzles:\n  - { size: 4x4, grade: easy, count: 30 }\n",
                                        "tiny.yaml"),
                testing::test_settings());
    } catch (const InputError& e) {
      message = e.what();
    }
    CHECK(message.find("(solutions) at trim 5x8 with layout one-up: 'Puzzle 1, page 5' is wider than its") !=
          std::string::npos);
    CHECK(
        message.ends_with("; this is a kids book (text of 14 pt or more, large grids): 'audience: adults' prints "
                          "it in a book's usual sizes"));
  }

  TEST_CASE("one-up puts six solutions on a solutions page") {
    const Book book = make_book(testing::load_test_spec("title: One\nauthor: A\ntrim: 8.5x11\nlayout: one-up\nseed: "
                                                        "3\npuzzles:\n  - { grade: easy, count: 13 }\n"),
                                testing::test_settings());
    std::vector<std::size_t> per_page;
    for (const BookPage& page : book.pages) {
      if (page.planned.kind == PageKind::solutions) per_page.push_back(page.planned.puzzles.size());
    }
    CHECK(per_page == std::vector<std::size_t>{6, 6, 1});
  }
}
