#include "book/spec/layout_preset.h"

#include <doctest/doctest.h>

#include <map>

#include "render/layout_style.h"
#include "support/errors.h"
#include "support/test_data.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

const std::filesystem::path kLayouts = std::filesystem::path(PUZZLEPRESS_SOURCE_DIR) / "layouts";
const Resources kBuiltIn{};  // the presets compiled into the program

std::string error_of(const std::string& yaml) {
  return testing::input_error_of([&] { parse_layout_preset(yaml, "custom.yaml", "custom"); });
}

}  // namespace

TEST_SUITE("layout preset") {
  TEST_CASE("the shipped presets follow the print rules and their names") {
    const auto names = preset_names(kBuiltIn);
    REQUIRE(names == std::vector<std::string>{"four-up", "large-print", "one-up", "six-up", "two-up"});
    const std::map<std::string, int> per_page = {
        {"one-up", 1}, {"large-print", 1}, {"two-up", 2}, {"four-up", 4}, {"six-up", 6}};
    for (const auto& name : names) {
      INFO(name);
      const LayoutPreset p = load_layout(LayoutChoice{name, {}}, kBuiltIn, {});
      const auto& s = p.style;
      CHECK(p.name == name);
      CHECK(s.puzzle_rows * s.puzzle_cols == per_page.at(name));
      CHECK(s.cell_line_pt >= 0.75);
      CHECK(s.solution_cell_line_pt >= 0.75);
      CHECK(s.box_line_pt >= 1.5 * s.cell_line_pt);
      CHECK(s.solution_box_line_pt >= 1.5 * s.solution_cell_line_pt);
      CHECK(s.border_pt >= s.box_line_pt);
      for (double size : {s.label_size_pt, s.solution_label_size_pt, s.text_size_pt, s.heading_size_pt, s.folio_size_pt,
                          s.title_size_pt}) {
        CHECK(size >= 7);
      }
      CHECK(p.min_margins_in.outside >= 0.25);
      CHECK_FALSE(p.description.empty());
    }
    // Large print: one puzzle a page, 16 pt type and heavier lines than the rest.
    const LayoutPreset one = load_layout(LayoutChoice{"one-up", {}}, kBuiltIn, {});
    CHECK(one.style.text_size_pt >= 16);
    CHECK(one.style.cell_line_pt >= 1.0);
    // Large print to APH / UKAAF guidance: nothing under 18 pt, heavy lines, one puzzle a page.
    const LayoutPreset large = load_layout(LayoutChoice{"large-print", {}}, kBuiltIn, {});
    CHECK(large.style.min_text_pt == 18);
    for (double size : {large.style.label_size_pt, large.style.solution_label_size_pt, large.style.text_size_pt,
                        large.style.heading_size_pt, large.style.folio_size_pt, large.style.title_size_pt}) {
      CHECK(size >= 18);
    }
    CHECK(large.style.box_line_pt >= 3);
    CHECK(large.style.puzzle_rows * large.style.puzzle_cols == 1);
  }

  TEST_CASE("minimal preset: rows and columns, the rest defaults") {
    const LayoutPreset p =
        parse_layout_preset("puzzles: { rows: 1, columns: 2 }\nsolutions: { rows: 2, columns: 2 }\n", "x.yaml", "x");
    CHECK(p.style.puzzle_rows == 1);
    CHECK(p.style.puzzle_cols == 2);
    CHECK(p.style.cell_line_pt == puzzlepress::render::LayoutStyle{}.cell_line_pt);
    CHECK(p.min_margins_in.inside == 0);
  }

  TEST_CASE("errors name the place and what was expected") {
    const std::string ok_grids = "puzzles: { rows: 2, columns: 1 }\nsolutions: { rows: 3, columns: 2 }\n";
    CHECK(error_of("solutions: { rows: 3, columns: 2 }\n") == "custom.yaml:1:1: missing required key 'puzzles'");
    CHECK(error_of("puzzles: { rows: 0, columns: 1 }\nsolutions: { rows: 3, columns: 2 }\n") ==
          "custom.yaml:1:18: 'puzzles.rows' must be between 1 and 4, got 0");
    CHECK(error_of(ok_grids + "lines: { cell_pt: 0.5 }\n") ==
          "custom.yaml:3:19: 'lines.cell_pt' must be between 0.75 and 6 (thinner lines may not print), got 0.5");
    CHECK(error_of(ok_grids + "lines: { cell_pt: 1.5, box_pt: 1.0 }\n") ==
          "custom.yaml:3:24: 'lines.box_pt' must be heavier than 'lines.cell_pt'");
    CHECK(error_of(ok_grids + "type: { text_pt: 6 }\n") ==
          "custom.yaml:3:18: 'type.text_pt' must be between 7 and 72 (KDP's smallest text is 7 pt), got 6");
    CHECK(error_of(ok_grids + "lines: { cell_pt: nan }\n") ==
          "custom.yaml:3:19: expected a number for 'lines.cell_pt', got 'nan'");
    CHECK(error_of(ok_grids + "type: { min_pt: 6 }\n") ==
          "custom.yaml:3:17: 'type.min_pt' must be between 7 and 36 (KDP's smallest text is 7 pt), got 6");
    CHECK(error_of(ok_grids + "type: { text_pt: big }\n") ==
          "custom.yaml:3:18: expected a number for 'type.text_pt', got 'big'");
    CHECK(error_of(ok_grids + "colour: red\n").rfind("custom.yaml:3:1: unknown key 'colour'", 0) == 0);
  }

  TEST_CASE("unknown preset lists the ones there are; a missing or unreadable file is named") {
    CHECK_THROWS_WITH_AS(load_layout(LayoutChoice{"three-up", {}}, kBuiltIn, Place::in_file("book.yaml", 9, 9)),
                         "book.yaml:9:9: unknown layout 'three-up' (expected one of: four-up, large-print, one-up, "
                         "six-up, two-up, or a path to a layout file)",
                         puzzlepress::InputError);
    CHECK_THROWS_WITH_AS(load_layout(LayoutChoice{"", "/nonexistent/x.yaml"}, kBuiltIn, Place::flag("--layout")),
                         "--layout: cannot read layout file /nonexistent/x.yaml: no such file",
                         puzzlepress::InputError);
    CHECK_THROWS_WITH_AS(
        load_layout(LayoutChoice{"", kLayouts}, kBuiltIn, Place::flag("--layout")),
        ("--layout: cannot read layout file " + kLayouts.string() + ": is a folder, not a file").c_str(),
        puzzlepress::InputError);
  }
}
