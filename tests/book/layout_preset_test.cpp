#include "book/layout_preset.h"

#include <doctest/doctest.h>

#include "render/layout_style.h"
#include "support/test_data.h"

using namespace puzzlepress::book;

namespace {

const std::filesystem::path kLayouts = std::filesystem::path(PUZZLEPRESS_SOURCE_DIR) / "layouts";

std::string error_of(const std::string& yaml) {
  try {
    parse_layout_preset(yaml, "custom.yaml", "custom");
  } catch (const SpecError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_SUITE("layout preset") {
  TEST_CASE("the shipped presets are the render module's built-in styles") {
    const auto names = preset_names(kLayouts);
    REQUIRE(names == std::vector<std::string>{"four-up", "one-up", "six-up", "two-up"});
    for (const auto& name : names) {
      INFO(name);
      const LayoutPreset p = find_layout(name, kLayouts, ".", "spec.yaml", {});
      const auto builtin = puzzlepress::render::preset_style(name);
      REQUIRE(builtin.has_value());
      const auto& a = p.style;
      const auto& b = *builtin;
      CHECK(a.puzzle_rows == b.puzzle_rows);
      CHECK(a.puzzle_cols == b.puzzle_cols);
      CHECK(a.solution_rows == b.solution_rows);
      CHECK(a.solution_cols == b.solution_cols);
      CHECK(a.cell_line_pt == b.cell_line_pt);
      CHECK(a.box_line_pt == b.box_line_pt);
      CHECK(a.border_pt == b.border_pt);
      CHECK(a.solution_cell_line_pt == b.solution_cell_line_pt);
      CHECK(a.solution_box_line_pt == b.solution_box_line_pt);
      CHECK(a.solution_border_pt == b.solution_border_pt);
      CHECK(a.digit_scale == b.digit_scale);
      CHECK(a.label_size_pt == b.label_size_pt);
      CHECK(a.solution_label_size_pt == b.solution_label_size_pt);
      CHECK(a.text_size_pt == b.text_size_pt);
      CHECK(a.heading_size_pt == b.heading_size_pt);
      CHECK(a.title_size_pt == b.title_size_pt);
      CHECK(a.folio_size_pt == b.folio_size_pt);
      CHECK(a.slot_gap_pt == b.slot_gap_pt);
      CHECK(a.solution_slot_gap_pt == b.solution_slot_gap_pt);
      CHECK(a.notes_line_spacing_pt == b.notes_line_spacing_pt);
      CHECK(a.min_text_pt == b.min_text_pt);
      CHECK(a.solved_digit_gray == b.solved_digit_gray);
      CHECK(a.line_spacing == b.line_spacing);
      CHECK(p.min_margins_in.outside >= 0.25);
      CHECK_FALSE(p.description.empty());
    }
  }

  TEST_CASE("minimal preset: rows and columns, the rest defaults") {
    const LayoutPreset p = parse_layout_preset(
        "puzzles: { rows: 1, columns: 2 }\nsolutions: { rows: 2, columns: 2 }\n", "x.yaml", "x");
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
    CHECK(error_of(ok_grids + "type: { text_pt: big }\n") ==
          "custom.yaml:3:18: expected a number for 'type.text_pt', got 'big'");
    CHECK(error_of(ok_grids + "colour: red\n").rfind("custom.yaml:3:1: unknown key 'colour'", 0) == 0);
  }

  TEST_CASE("unknown preset lists the ones there are") {
    try {
      find_layout("three-up", kLayouts, ".", "book.yaml", Location{9, 9});
      FAIL("no error");
    } catch (const SpecError& e) {
      CHECK(std::string(e.what()) ==
            "book.yaml:9:9: unknown layout 'three-up' (expected one of: four-up, one-up, six-up, "
            "two-up, or a path to a layout file)");
    }
    CHECK_THROWS_WITH_AS(find_layout("missing/x.yaml", kLayouts, "/nonexistent", "book.yaml", Location{2, 9}),
                         "book.yaml:2:9: layout file '/nonexistent/missing/x.yaml' not found", SpecError);
  }
}
