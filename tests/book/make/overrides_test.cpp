// Command-line overrides go through the spec's own readers, and an error they cause names the
// flag, never a spec line.
#include <doctest/doctest.h>

#include <filesystem>

#include "book/make/build.h"
#include "support/book_fixtures.h"
#include "support/errors.h"
#include "support/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;

namespace {

const char* const kSpec =
    "title: Overrides\nauthor: Ann Example\ntrim: 6x9\nlayout: two-up\nseed: 5\n"
    "puzzles:\n  - { grade: easy, count: 4 }\n";

BookSpec spec() { return load_spec(kSpec, "book.yaml", testing::any_file_exists); }

std::string error_of(const Overrides& o) {
  BookSpec s = spec();
  return testing::input_error_of([&] {
    apply_overrides(s, o);
    make_book(s, testing::test_settings(1));
  });
}

}  // namespace

TEST_SUITE("overrides") {
  TEST_CASE("each flag is read by the spec's reader and blamed by name") {
    CHECK(error_of({.trim = "6x10"}).rfind("--trim: unknown trim '6x10' (expected one of: 5x8,", 0) == 0);
    CHECK(error_of({.trim = "3x9 in"}) ==
          "--trim: custom trim 3x9 in is outside KDP's range (width 4-8.5 in, height 6-11.69 in)");
    CHECK(error_of({.layout = "three-up"}) ==
          "--layout: unknown layout 'three-up' (expected one of: four-up, large-print, one-up, six-up, two-up, or a "
          "path to a layout file)");
    CHECK(error_of({.layout = "two up!"}) ==
          "--layout: expected a layout preset name (letters, digits, '-', '_') or a path to a .yaml "
          "file, got 'two up!'");
    CHECK(error_of({.layout = "./missing.yaml"}) ==
          "--layout: layout file not found: " + (fs::current_path() / "./missing.yaml").string());
    CHECK(error_of({.grading = "stars"}) == "--grading: unknown grading 'stars' (expected one of: techniques, clues)");
  }

  TEST_CASE("a page that no longer fits blames the flag that changed the geometry") {
    // Six grids a page at 5x8 make solution grids too small: the flags did that, not line 4.
    const testing::TempDir dir("overrides");
    testing::write_file(dir / "six.yaml", "puzzles: { rows: 3, columns: 2 }\nsolutions: { rows: 6, columns: 6 }\n");
    const std::string message = error_of({.trim = "5x8", .layout = (dir / "six.yaml").string()});
    CHECK(message.rfind("--trim and --layout: page ", 0) == 0);
    CHECK(message.find("at trim 5x8 with layout six") != std::string::npos);
    // The layout file alone is too crowded at the spec's 6x9 too: the flag is blamed alone.
    CHECK(error_of({.layout = (dir / "six.yaml").string()}).rfind("--layout: page ", 0) == 0);
  }

  TEST_CASE("a page count KDP refuses after a flag names the flag") {
    BookSpec s = load_spec(
        "title: Big\nauthor: A\ntrim: 6x9\nlayout: six-up\nseed: 1\npuzzles:\n  - { grade: easy, count: 700 }\n",
        "big.yaml", testing::any_file_exists);
    apply_overrides(s, {.layout = "one-up"});
    CHECK_THROWS_WITH_AS(check_page_count(s, 900),
                         "--layout: the book would have 900 pages; KDP prints 24-828 pages at 6x9 on white paper",
                         InputError);
    // Bleed never changes the page count: --bleed is not blamed for it.
    BookSpec bled = load_spec("title: Big\nauthor: A\ntrim: 6x9\nseed: 1\npuzzles:\n  - { grade: easy, count: 10 }\n",
                              "b.yaml", testing::any_file_exists);
    apply_overrides(bled, {.bleed = true});
    CHECK_THROWS_WITH_AS(check_page_count(bled, 900),
                         "b.yaml:5:1: the book would have 900 pages; KDP prints 24-828 pages at 6x9 on white paper",
                         InputError);
  }

  TEST_CASE("overrides change what they say and nothing else") {
    BookSpec s = spec();
    apply_overrides(s, {.trim = "a4", .bleed = true, .layout = "four-up", .grading = "clues"});
    CHECK(s.trim_name == "A4");
    CHECK(s.bleed);
    CHECK(s.layout.preset == "four-up");
    CHECK(s.grading == engine::Grading::clues);
    CHECK(s.seed == 5);
    CHECK(s.trim_place == Place::flag("--trim"));
    CHECK(s.layout_place == Place::flag("--layout"));
    CHECK(s.fit_place().text == "--trim, --bleed and --layout");
    CHECK(s.page_count_place().text == "--trim and --layout");
    // A custom trim keeps the text the user gave.
    BookSpec custom = spec();
    apply_overrides(custom, {.trim = "150x220 mm"});
    CHECK(custom.trim_name == "150x220 mm");
    // No overrides: nothing changes.
    BookSpec same = spec();
    apply_overrides(same, {});
    CHECK(same.trim_name == "6x9");
    CHECK_FALSE(same.fit_place().is_flag);
    // Flags that repeat the spec's values change nothing and are never blamed.
    BookSpec repeated = spec();
    apply_overrides(repeated, {.trim = "6x9", .bleed = false, .layout = "two-up"});
    CHECK_FALSE(repeated.fit_place().is_flag);
    CHECK_FALSE(repeated.page_count_place().is_flag);
  }
}
