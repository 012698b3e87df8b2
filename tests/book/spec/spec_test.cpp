#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <string>

#include "book/spec/spec.h"
#include "engine/batch.h"
#include "support/errors.h"
#include "support/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

/// A file system where only `present` exists.
FileExists only(std::set<std::string> present) {
  return [present](const std::filesystem::path& p) { return present.count(p.string()) > 0; };
}

const char* const kMinimal =
    "title: Sudoku for Adults\n"
    "author: Jane Doe\n"
    "seed: 42\n"
    "puzzles:\n"
    "  - { grade: easy, count: 40 }\n";

/// The message load_spec throws for `yaml` (as "spec.yaml"), or "no error".
std::string error_of(const std::string& yaml, const FileExists& exists = {}) {
  return testing::input_error_of([&] { load_spec(yaml, "spec.yaml", exists); });
}

}  // namespace

TEST_SUITE("spec") {
  TEST_CASE("a minimal spec takes the documented defaults") {
    const BookSpec spec = load_spec(kMinimal, "books/spec.yaml");
    CHECK(spec.file == "books/spec.yaml");
    CHECK(spec.title == "Sudoku for Adults");
    CHECK(spec.author == "Jane Doe");
    CHECK(spec.subtitle.empty());
    CHECK_FALSE(spec.year.has_value());
    CHECK(spec.trim_name == "8.5x11");
    CHECK(spec.trim.name == "8.5x11");
    CHECK(spec.trim.width_in == 8.5);
    CHECK(spec.trim.height_in == 11);
    CHECK_FALSE(spec.bleed);
    CHECK(spec.paper == Paper::white);
    CHECK(spec.layout.preset == "two-up");
    CHECK(spec.layout.file.empty());
    CHECK(spec.seed == 42);
    CHECK(spec.symmetry == engine::Symmetry::rotational);
    REQUIRE(spec.sections.size() == 1);
    CHECK(spec.sections[0] == Section{engine::Grade::easy, 40});
    CHECK_FALSE(spec.solutions_per_page.has_value());
    CHECK(spec.cross_references);
    CHECK(spec.front_matter == FrontMatter{true, true, true});
    CHECK_FALSE(spec.fonts.text.has_value());
    CHECK(spec.puzzles_place.text.ends_with(":4:1"));
    CHECK_FALSE(spec.puzzles_place.is_flag);
    CHECK_FALSE(spec.fit_place().is_flag);
    CHECK(spec.page_count_place() == spec.puzzles_place);
    CHECK(spec.grading == engine::Grading::techniques);
    CHECK(generate_requests(spec)[0].base.grading == engine::Grading::techniques);
  }

  TEST_CASE("counts and solutions per page have upper limits") {
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: easy, count: 2000000000 }\n") ==
          "spec.yaml:5:27: 'puzzles[1].count' must be between 1 and 5000, got 2000000000");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: easy, count: 3000 }\n"
                   "  - { grade: evil, count: 3000 }\n") ==
          "spec.yaml:6:27: the book would have 6000 puzzles; at most 5000 fit KDP's page limits");
    CHECK(error_of(std::string(kMinimal) + "solutions: { per_page: 37 }\n") ==
          "spec.yaml:6:24: 'solutions.per_page' must be between 1 and 36, got 37");
  }

  TEST_CASE("grading: techniques or clues") {
    CHECK(load_spec(std::string(kMinimal) + "grading: clues\n", "s.yaml").grading == engine::Grading::clues);
    CHECK(error_of(std::string(kMinimal) + "grading: stars\n") ==
          "spec.yaml:6:10: unknown grading 'stars' for 'grading' (expected one of: techniques, clues)");
  }

  TEST_CASE("a full spec") {
    const std::string yaml =
        "title: Sudoku for Adults\n"
        "subtitle: 200 Puzzles, Easy to Evil\n"
        "author: Jane Doe\n"
        "publisher: Acme Press\n"
        "year: 2026\n"
        "isbn: 978-1-23456-789-7\n"
        "trim: 6x9\n"
        "bleed: true\n"
        "paper: Cream\n"
        "layout: layouts/big.yaml\n"
        "seed: 4294967295\n"
        "symmetry: mirror\n"
        "puzzles:\n"
        "  - { grade: easy, count: 40 }\n"
        "  - grade: Expert\n"
        "    count: 2\n"
        "solutions: { per_page: 9, cross_references: false }\n"
        "front_matter: [how_to_play, title]\n"
        "fonts: { text: fonts/Text.ttf, bold: /abs/Bold.ttf }\n";
    const BookSpec spec =
        load_spec(yaml, "books/spec.yaml", only({"books/layouts/big.yaml", "books/fonts/Text.ttf", "/abs/Bold.ttf"}));
    CHECK(spec.subtitle == "200 Puzzles, Easy to Evil");
    CHECK(spec.publisher == "Acme Press");
    CHECK(spec.year == 2026);
    CHECK(spec.isbn == "978-1-23456-789-7");
    CHECK(spec.trim.name == "6x9");
    CHECK(spec.bleed);
    CHECK(spec.paper == Paper::cream);
    CHECK(spec.layout.preset.empty());
    CHECK(spec.layout.file == std::filesystem::path("books/layouts/big.yaml"));
    CHECK(spec.seed == 4294967295u);
    CHECK(spec.symmetry == engine::Symmetry::mirror);
    REQUIRE(spec.sections.size() == 2);
    CHECK(spec.sections[1] == Section{engine::Grade::extreme, 2});
    CHECK(spec.puzzle_count() == 42);
    CHECK(spec.solutions_per_page == 9);
    CHECK_FALSE(spec.cross_references);
    CHECK(spec.front_matter == FrontMatter{true, false, true});
    CHECK(spec.fonts.text == std::filesystem::path("books/fonts/Text.ttf"));
    CHECK(spec.fonts.bold == std::filesystem::path("/abs/Bold.ttf"));
    CHECK_FALSE(spec.fonts.digits.has_value());
  }

  TEST_CASE("custom trims and trim names as written") {
    const std::string base = std::string(kMinimal);
    CHECK(load_spec(base + "trim: 150x220 mm\n", "s.yaml").trim.custom());
    CHECK(load_spec(base + "trim: 150x220 mm\n", "s.yaml").trim_name == "150x220 mm");
    CHECK(load_spec(base + "trim: a4\n", "s.yaml").trim.name == "A4");
    CHECK(load_spec(base + "trim: 8.27x11.69\n", "s.yaml").trim.name == "A4");
    CHECK(load_spec(base + "front_matter: []\n", "s.yaml").front_matter == FrontMatter{false, false, false});
  }

  TEST_CASE("YAML-level errors") {
    CHECK(error_of("") ==
          "spec.yaml:1:1: the spec is empty (expected a mapping with at least: title, author, "
          "seed, puzzles)");
    CHECK(error_of("# only a comment\n") ==
          "spec.yaml:1:1: the spec is empty (expected a mapping with at least: title, author, "
          "seed, puzzles)");
    CHECK(error_of("title: [a, b\n") == "spec.yaml:2:1: YAML syntax error: end of sequence flow not found");
    CHECK(error_of("title: a: b\n") == "spec.yaml:1:9: YAML syntax error: illegal map value");
    CHECK(error_of("- a\n- b\n") == "spec.yaml:1:1: expected a mapping at the top level, got a list");
    CHECK(error_of("title: A\ntitle: B\n") == "spec.yaml:2:1: duplicate key 'title' (first given at 1:1)");
  }

  TEST_CASE("grid_labels: on by default exactly when hints are, and either way when given") {
    const std::string minimal = kMinimal;
    CHECK_FALSE(load_spec(minimal, "spec.yaml").shows_grid_labels());
    CHECK(load_spec(minimal + "hints: true\n", "spec.yaml").shows_grid_labels());
    CHECK_FALSE(load_spec(minimal + "hints: true\ngrid_labels: false\n", "spec.yaml").shows_grid_labels());
    CHECK(load_spec(minimal + "grid_labels: true\n", "spec.yaml").shows_grid_labels());
    CHECK(error_of(minimal + "grid_labels: 3\n").rfind("spec.yaml:6:14: ", 0) == 0);
  }

  TEST_CASE("unknown keys list the expected ones and suggest a near one") {
    const std::string expected =
        " (expected one of: title, subtitle, author, publisher, year, isbn, trim, bleed, paper, "
        "layout, audience, seed, symmetry, catalogue, series, volume, unique_by, grading, allow_trial, credit_line, "
        "hints, "
        "grid_labels, glossary, puzzles, "
        "solutions, front_matter, killer_table, fonts, cover, language, text)";
    CHECK(error_of("title: A\nauthor: B\ntrimsize: 6x9\n") ==
          "spec.yaml:3:1: unknown key 'trimsize'" + expected + "; did you mean 'trim'?");
    CHECK(error_of("titel: A\n") == "spec.yaml:1:1: unknown key 'titel'" + expected + "; did you mean 'title'?");
    CHECK(error_of("colour: red\n") == "spec.yaml:1:1: unknown key 'colour'" + expected);
    CHECK(error_of(std::string(kMinimal) + "solutions: { perpage: 4 }\n") ==
          "spec.yaml:6:14: unknown key 'perpage' (expected one of: per_page, cross_references); did you mean "
          "'per_page'?");
    CHECK(error_of(std::string(kMinimal) + "fonts:\n  digit: a.ttf\n") ==
          "spec.yaml:7:3: unknown key 'digit' (expected one of: text, bold, digits); did you "
          "mean 'digits'?");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: easy, cnt: 3 }\n") ==
          "spec.yaml:5:20: unknown key 'cnt' (expected one of: grade, count, size, skin, letters, kind, tint); did you "
          "mean "
          "'count'?");
  }

  TEST_CASE("missing required keys point at the mapping") {
    const std::pair<std::string, std::string> specs_and_errors[] = {
        {"author: B\nseed: 1\n", "spec.yaml:1:1: missing required key 'title'"},
        {"title: A\nseed: 1\n", "spec.yaml:1:1: missing required key 'author'"},
        {"title: A\nauthor: B\n", "spec.yaml:1:1: missing required key 'seed'"},
        {"title: A\nauthor: B\nseed: 1\n", "spec.yaml:1:1: missing required key 'puzzles'"},
        {"title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: easy }\n",
         "spec.yaml:5:5: missing required key 'count' in 'puzzles[1]'"},
    };
    for (const auto& [yaml, error] : specs_and_errors) CHECK(error_of(yaml) == error);
  }

  TEST_CASE("wrong types name the key and what was given") {
    CHECK(error_of("title: A\nauthor: B\nseed: abc\n") == "spec.yaml:3:7: expected an integer for 'seed', got 'abc'");
    CHECK(error_of("title: A\nauthor: B\nseed: 4.5\n") == "spec.yaml:3:7: expected an integer for 'seed', got '4.5'");
    CHECK(error_of("title: [A]\n") == "spec.yaml:1:8: expected a string for 'title', got a list");
    CHECK(error_of("title:\nauthor: B\n") == "spec.yaml:1:1: expected a string for 'title', got nothing");
    CHECK(error_of("title: '  '\n") == "spec.yaml:1:8: 'title' must not be empty (it prints nothing)");
    // Unicode's spaces print nothing either (hostile round two: they passed).
    CHECK(error_of("title: \"\\u00A0\\u2003\"\n") == "spec.yaml:1:8: 'title' must not be empty (it prints nothing)");
    CHECK(error_of(std::string(kMinimal) + "bleed: yes\n") ==
          "spec.yaml:6:8: expected true or false for 'bleed', got 'yes'");
    CHECK(error_of(std::string(kMinimal) + "year: twenty\n") ==
          "spec.yaml:6:7: expected an integer for 'year', got 'twenty'");
    CHECK(error_of(std::string(kMinimal) + "solutions: 6\n") ==
          "spec.yaml:6:12: expected a mapping for 'solutions', got '6'");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles: easy\n") ==
          "spec.yaml:4:10: expected a list for 'puzzles', got 'easy'");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - easy\n") ==
          "spec.yaml:5:5: expected a mapping for 'puzzles[1]', got 'easy'");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: easy, count: x }\n") ==
          "spec.yaml:5:27: expected an integer for 'puzzles[1].count', got 'x'");
  }

  TEST_CASE("out-of-range numbers") {
    CHECK(error_of("title: A\nauthor: B\nseed: -1\n") ==
          "spec.yaml:3:7: 'seed' must be between 0 and 4294967295, got -1");
    CHECK(error_of("title: A\nauthor: B\nseed: 4294967296\n") ==
          "spec.yaml:3:7: 'seed' must be between 0 and 4294967295, got 4294967296");
    CHECK(error_of("title: A\nauthor: B\nseed: 99999999999999999999\n") ==
          "spec.yaml:3:7: integer '99999999999999999999' for 'seed' is too large");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: easy, count: 0 }\n") ==
          "spec.yaml:5:27: 'puzzles[1].count' must be between 1 and 5000, got 0");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: easy, count: -3 }\n") ==
          "spec.yaml:5:27: 'puzzles[1].count' must be between 1 and 5000, got -3");
    CHECK(error_of(std::string(kMinimal) + "solutions: { per_page: 0 }\n") ==
          "spec.yaml:6:24: 'solutions.per_page' must be between 1 and 36, got 0");
    CHECK(error_of(std::string(kMinimal) + "year: 0\n") == "spec.yaml:6:7: 'year' must be between 1 and 9999, got 0");
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles: []\n") ==
          "spec.yaml:4:10: 'puzzles' must list at least one section, e.g. - { grade: easy, "
          "count: 40 }");
  }

  TEST_CASE("unknown names list the known ones") {
    CHECK(error_of("title: A\nauthor: B\nseed: 1\npuzzles:\n  - { grade: eazy, count: 3 }\n") ==
          "spec.yaml:5:14: unknown grade 'eazy' for 'puzzles[1].grade' (expected one of: easy, "
          "medium, hard, extreme (or expert), evil)");
    CHECK(error_of(std::string(kMinimal) + "trim: 6x10\n") ==
          "spec.yaml:6:7: unknown trim '6x10' (expected one of: 5x8, 5.06x7.81, 5.25x8, "
          "5.5x8.5, 6x9, 6.14x9.21, 6.69x9.61, 7x10, 7.44x9.69, 7.5x9.25, 8x10, 8.25x6, "
          "8.25x8.25, 8.5x8.5, 8.5x11, A4, or a custom size 'WxH in' or 'WxH mm')");
    CHECK(error_of(std::string(kMinimal) + "trim: 3x9 in\n") ==
          "spec.yaml:6:7: custom trim 3x9 in is outside KDP's range (width 4-8.5 in, height "
          "6-11.69 in)");
    CHECK(error_of(std::string(kMinimal) + "audience: teens\n") ==
          "spec.yaml:6:11: unknown audience 'teens' for 'audience' (expected one of: adults, kids)");
    CHECK(error_of(std::string(kMinimal) + "grid_labels: maybe\n")
              .starts_with("spec.yaml:6:14: expected true or false for 'grid_labels'"));
    CHECK(error_of(std::string(kMinimal) + "paper: ivory\n") ==
          "spec.yaml:6:8: unknown paper 'ivory' for 'paper' (expected one of: white, cream)");
    CHECK(error_of(std::string(kMinimal) + "symmetry: spiral\n") ==
          "spec.yaml:6:11: unknown symmetry 'spiral' for 'symmetry' (expected one of: "
          "rotational, none, mirror, diagonal)");
    CHECK(error_of(std::string(kMinimal) + "front_matter: [title, preface]\n") ==
          "spec.yaml:6:23: unknown front matter page 'preface' for 'front_matter' (expected one of: title, "
          "copyright, how_to_play)");
    CHECK(error_of(std::string(kMinimal) + "front_matter: [title, title]\n") ==
          "spec.yaml:6:23: front matter page 'title' is listed twice");
    CHECK(error_of(std::string(kMinimal) + "layout: two up!\n") ==
          "spec.yaml:6:9: expected a layout preset name (letters, digits, '-', '_') or a path "
          "to a .yaml file, got 'two up!'");
  }

  TEST_CASE("missing files are named, resolved against the spec's directory") {
    const std::string yaml = std::string(kMinimal) + "fonts:\n  digits: fonts/D.ttf\n";
    std::string message;
    try {
      load_spec(yaml, "books/spec.yaml", only({}));
    } catch (const SpecError& e) {
      message = e.what();
    }
    CHECK(message ==
          "books/spec.yaml:7:11: font file for 'fonts.digits' not found: "
          "books/fonts/D.ttf");
    CHECK(error_of(std::string(kMinimal) + "layout: mine.yaml\n", only({})) ==
          "spec.yaml:6:9: layout file not found: mine.yaml");
    CHECK(error_of(std::string(kMinimal) + "layout: mine.yaml\n", only({"mine.yaml"})) == "no error");
  }

  TEST_CASE("load_spec_file reads from disk and names an unreadable file") {
    const testing::TempDir dir("spec-file");
    const auto file = dir / "book.yaml";
    testing::write_file(file, std::string(kMinimal) + "fonts: { text: T.ttf }\n");
    testing::write_file(dir / "T.ttf", "x");
    const BookSpec spec = load_spec_file(file);
    CHECK(spec.file == file.string());
    CHECK(spec.fonts.text == dir / "T.ttf");
    const auto missing = dir / "missing.yaml";
    const auto message_of = [](const std::filesystem::path& path) {
      return testing::input_error_of([&] { load_spec_file(path); });
    };
    CHECK(message_of(missing) == missing.string() + ": cannot read the spec: no such file");
    CHECK(message_of(dir) == dir.path.string() + ": cannot read the spec: is a folder, not a file");
    CHECK(message_of("/dev/zero") == "/dev/zero: cannot read the spec: is not a regular file");
    testing::write_file(dir / "big.yaml", "# " + std::string(kMaxSpecBytes, 'x') + "\n");
    CHECK(message_of(dir / "big.yaml") == (dir / "big.yaml").string() + ": cannot read the spec: is larger than 1 MiB");
  }

  TEST_CASE("SpecError keeps its parts") {
    const SpecError error("a.yaml", Location{3, 7}, "boom");
    CHECK(std::string(error.what()) == "a.yaml:3:7: boom");
    CHECK(error.file() == "a.yaml");
    CHECK(error.where().line == 3);
    CHECK(error.where().column == 7);
    CHECK(error.message() == "boom");
  }

  TEST_CASE("check_page_count uses the trim and paper limits") {
    BookSpec spec = load_spec(std::string(kMinimal) + "trim: 6x9\npaper: cream\n", "s.yaml");
    CHECK_NOTHROW(check_page_count(spec, 24));
    CHECK_NOTHROW(check_page_count(spec, 776));
    std::string message;
    try {
      check_page_count(spec, 778);
    } catch (const InputError& e) {
      message = e.what();
    }
    CHECK(message ==
          "s.yaml:4:1: the book would have 778 pages; KDP prints 24-776 pages at 6x9 "
          "on cream paper");
    CHECK_THROWS_AS(check_page_count(spec, 22), InputError);
  }

  TEST_CASE("generate_requests seeds puzzles in book order") {
    const BookSpec spec = load_spec(
        "title: A\nauthor: B\nseed: 7\nsymmetry: none\npuzzles:\n  - { grade: easy, count: 2 }\n"
        "  - { grade: evil, count: 1 }\n",
        "s.yaml");
    const auto requests = generate_requests(spec);
    REQUIRE(requests.size() == 3);
    CHECK(requests[0].base.grade == engine::Grade::easy);
    CHECK(requests[2].base.grade == engine::Grade::evil);
    for (std::uint32_t i = 0; i < 3; ++i) {
      CHECK(requests[i].base.seed == engine::batch_seed(7, i));
      CHECK(requests[i].base.symmetry == engine::Symmetry::none);
    }
    CHECK(generate_requests(load_spec(kMinimal, "s.yaml"))[0].base.symmetry == engine::Symmetry::rotational);
  }
}
