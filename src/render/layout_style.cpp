#include "render/layout_style.h"

#include <array>

namespace puzzlepress::render {
namespace {

constexpr std::array<std::string_view, 4> kPresetNames = {"one-up", "two-up", "four-up", "six-up"};

LayoutStyle one_up() {
  LayoutStyle s;
  s.puzzle_rows = 1;
  s.puzzle_cols = 1;
  s.solution_rows = 2;
  s.solution_cols = 2;
  s.cell_line_pt = 1.0;
  s.box_line_pt = 3.0;
  s.border_pt = 3.5;
  s.solution_cell_line_pt = 0.8;
  s.solution_box_line_pt = 2.0;
  s.solution_border_pt = 2.5;
  s.digit_scale = 0.6;
  s.label_size_pt = 16;
  s.solution_label_size_pt = 12;
  s.text_size_pt = 16;
  s.heading_size_pt = 32;
  s.title_size_pt = 40;
  s.folio_size_pt = 14;
  s.slot_gap_pt = 24;
  s.solution_slot_gap_pt = 22;
  s.notes_line_spacing_pt = 32;
  return s;
}

LayoutStyle two_up() {
  LayoutStyle s;
  s.puzzle_rows = 2;
  s.puzzle_cols = 1;
  s.solution_rows = 3;
  s.solution_cols = 2;
  s.box_line_pt = 2.0;
  s.border_pt = 2.5;
  s.label_size_pt = 11;
  s.solution_label_size_pt = 9;
  s.text_size_pt = 11;
  s.heading_size_pt = 28;
  s.slot_gap_pt = 26;
  s.solution_slot_gap_pt = 18;
  return s;
}

LayoutStyle four_up() {
  LayoutStyle s;  // the defaults are the four-up look
  s.box_line_pt = 1.75;
  s.border_pt = 2.25;
  return s;
}

LayoutStyle six_up() {
  LayoutStyle s;
  s.puzzle_rows = 3;
  s.puzzle_cols = 2;
  s.box_line_pt = 1.6;
  s.border_pt = 2.0;
  s.solution_box_line_pt = 1.4;
  s.solution_border_pt = 1.8;
  s.label_size_pt = 9;
  s.text_size_pt = 10.5;
  s.slot_gap_pt = 20;
  return s;
}

}  // namespace

std::optional<LayoutStyle> preset_style(std::string_view name) {
  if (name == "one-up") return one_up();
  if (name == "two-up") return two_up();
  if (name == "four-up") return four_up();
  if (name == "six-up") return six_up();
  return std::nullopt;
}

std::span<const std::string_view> preset_names() { return kPresetNames; }

}  // namespace puzzlepress::render
