// Languages: every locale table has every string with English's placeholders (a missing
// translation fails here, there is no fallback), the spec's `language:` and `text:` reach the
// printed pages, and every language's pages fit at every trim (make_book's fit check).
#include "book/text/wording.h"

#include <doctest/doctest.h>

#include <set>

#include "book/make/build.h"
#include "book/spec/spec.h"
#include "book/spec/spec_keys.h"
#include "support/book_fixtures.h"
#include "support/render_fixtures.h"
#include "support/sampling.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

std::set<std::string> placeholders(const std::string& text) {
  std::set<std::string> names;
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    REQUIRE(close != std::string::npos);
    names.insert(text.substr(open + 1, close - open - 1));
  }
  return names;
}

BookSpec spec_in(const std::string& extra, const std::string& trim = "6x9", const std::string& layout = "two-up",
                 const std::string& puzzles = "  - { grade: easy, count: 2 }\n  - { grade: evil, count: 1 }\n") {
  return load_spec(
      "title: Sudoku\nauthor: Ann Example\nyear: 2026\npublisher: Example Books\n"
      "isbn: 978-1-23456-789-7\ntrim: " +
          trim + "\nlayout: " + layout + "\nseed: 5\npuzzles:\n" + puzzles + extra,
      "spec.yaml", testing::any_file_exists);
}

bool has_text(const Book& book, PageKind kind, const std::string& text) {
  for (const BookPage& p : book.pages) {
    if (p.planned.kind != kind) continue;
    for (const std::string& t : testing::texts_of(p.page)) {
      if (t.find(text) != std::string::npos) return true;
    }
  }
  return false;
}

}  // namespace

TEST_SUITE("wording") {
  TEST_CASE("every language has every string, with English's placeholders, none empty") {
    const std::map<std::string, std::string> english = locale_table("en");
    REQUIRE(english.size() == wording_ids().size());
    for (std::string_view language : kLanguages) {
      INFO(language);
      std::map<std::string, std::string> table;
      REQUIRE_NOTHROW(table = locale_table(language));  // throws on a missing or extra id
      CHECK(table.size() == english.size());
      for (const auto& [id, text] : english) {
        const std::string info = id;  // clang 14's lambdas (INFO's) cannot capture a structured binding
        INFO(info);
        REQUIRE(table.count(id) == 1);
        CHECK_FALSE(table.at(id).empty());
        CHECK(placeholders(table.at(id)) == placeholders(text));
      }
      // Translated, not copied: the how-to-play rules differ from English in every other language.
      if (language != "en" && language != "en-GB") CHECK(table.at("rules_fill") != english.at("rules_fill"));
    }
    CHECK_THROWS_AS(locale_table("xx"), EnvironmentError);
  }

  TEST_CASE("English prints as before; other languages print their own words") {
    const Wording en;
    CHECK(en.puzzle_label(17) == "Puzzle 17");
    CHECK(en.puzzle_range(1, 200) == "Puzzles 1\u2013200");
    CHECK(en.puzzle_range(3, 3) == "Puzzle 3");
    CHECK(en.cover_section_line(1, engine::Grade::easy) == "1 Easy puzzle");
    CHECK(en.cover_section_line(40, engine::Grade::evil) == "40 Evil puzzles");
    CHECK(en.rules_grades({engine::Grade::easy, engine::Grade::medium}) ==
          "Each puzzle is marked with its difficulty: Easy (one star) or Medium (two stars). The solutions "
          "are at the back of the book.");
    CHECK(en.symbols_phrase(Skin::shapes, engine::Shape{2, 2}, "") ==
          "one of the 4 shapes: circle, triangle, square and star");
    const std::string notation =
        "Each line gives the first step a puzzle needs once every single is filled in. r4c2 is the cell in row 4, "
        "counted from the top, and column 2, counted from the left; boxes are numbered from the top left, left to "
        "right and then down.";
    CHECK(en.hints_intro({}) == notation);
    CHECK(en.hints_intro({7}) == notation + " Puzzle 7 needs singles only and has no line.");
    CHECK(en.hints_intro({1, 2, 3, 5, 9, 10}) ==
          notation + " Puzzles 1\u20133, 5 and 9\u201310 need singles only and have no line.");
    // A book with killers says their lines come after the cage combinations (engine::first_hint).
    CHECK(en.hints_intro({}, false, true) ==
          notation +
              " In a killer, each cage\u2019s combinations count as singles do: its line gives the first step beyond "
              "them, or, when they and the singles solve it, the first cage to start from.");
    const Wording de("de");
    CHECK(de.puzzle_label(17) == "Rätsel 17");
    CHECK(de.solutions_heading() == "Lösungen");
    CHECK(de.grade_name(engine::Grade::evil) == "Teuflisch");
    CHECK(de.puzzle_range(1, 200) == "Rätsel 1\u2013200");
    CHECK(de.symbols_phrase(Skin::shapes, engine::Shape{2, 2}, "") ==
          "einer der 4 Formen: Kreis, Dreieck, Quadrat und Stern");
    CHECK(Wording("fr").grade_name(engine::Grade::evil) == "Diabolique");
    CHECK(Wording("nl").puzzle_label(3) == "Puzzel 3");
    // Overrides replace one string and keep the rest.
    const Wording mine("de", {{"solutions_heading", "Antworten"}, {"puzzle_label", "Nr. {n}"}});
    CHECK(mine.solutions_heading() == "Antworten");
    CHECK(mine.puzzle_label(9) == "Nr. 9");
    CHECK(mine.notes_heading() == "Notizen");
    CHECK_THROWS_AS(Wording("en", {{"no_such_id", "x"}}), std::invalid_argument);
  }

  TEST_CASE("language: and text: in the spec; errors at their line") {
    CHECK(spec_in("").language == "en");
    CHECK(spec_in("language: DE\n").language == "de");
    CHECK(spec_in("language: en-gb\n").language == "en-GB");
    CHECK_THROWS_WITH_AS(
        spec_in("language: klingon\n"),
        "spec.yaml:12:11: unknown language 'klingon' (expected one of: en, en-GB, de, fr, es, it, nl, pt)", InputError);
    const BookSpec s = spec_in("text: { solutions_heading: Answers, puzzle_label: \"No. {n}\" }\n");
    CHECK(s.text.at("solutions_heading") == "Answers");
    CHECK(s.text.at("puzzle_label") == "No. {n}");
    CHECK_THROWS_WITH_AS(
        spec_in("text:\n  solution_heading: Answers\n"),
        doctest::Contains("spec.yaml:13:3: unknown key 'solution_heading' (expected one of: puzzle_label,"), SpecError);
    CHECK_THROWS_WITH_AS(spec_in("text:\n  solution_heading: Answers\n"),
                         doctest::Contains("did you mean 'solutions_heading'?"), SpecError);
    CHECK_THROWS_WITH_AS(spec_in("text:\n  puzzle_label: \"No. {number}\"\n"),
                         "spec.yaml:13:17: 'text.puzzle_label' has no {number} to fill in (it takes {n})", SpecError);
    CHECK_THROWS_WITH_AS(spec_in("text:\n  notes_heading: \"{n}\"\n"),
                         "spec.yaml:13:18: 'text.notes_heading' has no {n} to fill in (it takes none)", SpecError);
    // Words the reader needs may not be dropped (hostile round two: both built with exit 0 and
    // no puzzle showed its number).
    CHECK_THROWS_WITH_AS(spec_in("text:\n  puzzle_label: Puzzle\n"),
                         "spec.yaml:13:17: 'text.puzzle_label' must keep {n}: without it the page cannot tell one from "
                         "another (English: 'Puzzle {n}')",
                         SpecError);
    CHECK_THROWS_WITH_AS(
        spec_in("text:\n  puzzle_label: \"\"\n"),
        "spec.yaml:13:17: 'text.puzzle_label' must not be empty (it prints nothing where the book needs "
        "words; to leave a page out, see front_matter)",
        SpecError);
    CHECK_THROWS_WITH_AS(spec_in("text:\n  solutions_heading: \"\\u2003\"\n"),
                         doctest::Contains("'text.solutions_heading' must not be empty"), SpecError);
    CHECK(spec_in("text:\n  copyright_made: Puzzles by Ann\n").text.at("copyright_made") == "Puzzles by Ann");
    // The spec key table lists every string id under text:.
    CHECK(key_named(spec_keys(), "text").fields.size() == wording_ids().size());
  }

  TEST_CASE("the book prints the spec's language and overrides") {
    const Book de = make_book(spec_in("language: de\n"), testing::built_in_settings(1));
    CHECK(has_text(de, PageKind::solutions_heading, "Lösungen"));
    CHECK(has_text(de, PageKind::puzzles, "Rätsel 1"));
    CHECK(has_text(de, PageKind::puzzles, "Teuflisch"));
    CHECK(has_text(de, PageKind::how_to_play, "So wird gespielt"));
    CHECK_FALSE(has_text(de, PageKind::puzzles, "Puzzle 1"));
    const Book mine = make_book(spec_in("text: { solutions_heading: Answers }\n"), testing::built_in_settings(1));
    CHECK(has_text(mine, PageKind::solutions_heading, "Answers"));
    CHECK(has_text(mine, PageKind::puzzles, "Puzzle 1"));
  }

  TEST_CASE("every language fits at every trim: how to play (classic and sized), labels, headings, cover") {
    // The sized book has the longest how-to-play (shapes listed by name, letters, mixed sizes).
    const std::string sized =
        "  - { grade: easy, count: 1, size: 6x6, skin: shapes }\n"
        "  - { grade: medium, count: 1, size: 6x6, skin: letters, letters: GARDEN }\n"
        "  - { grade: evil, count: 1 }\n";
    int books = 0, languages = 0;
    for (int index = 0; index < static_cast<int>(std::size(kLanguages)); ++index) {
      if (!testing::taken(index, {0, 2})) continue;  // under ASan: English and German, long words
      const std::string_view language = kLanguages[index];
      ++languages;
      for (const Trim& trim : kStandardTrims) {
        for (const bool with_sizes : {false, true}) {
          INFO(language << " at " << trim.name << (with_sizes ? ", sizes and skins" : ", 9x9"));
          const std::string extra = "language: " + std::string(language) + "\ncover: { printer: kdp }\n";
          const BookSpec spec = with_sizes ? spec_in(extra, std::string(trim.name), "two-up", sized)
                                           : spec_in(extra, std::string(trim.name), "one-up");
          CHECK_NOTHROW(make_book(spec, testing::built_in_settings(1)));  // throws when any item leaves the margins
          ++books;
        }
      }
    }
    CHECK(books == languages * 16 * 2);
  }
}
