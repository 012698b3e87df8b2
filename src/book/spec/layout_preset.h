// Layout presets: layouts/NAME.yaml (or any file) read into a render::LayoutStyle plus the
// least margins the preset asks for. What the keys mean lives here; reading YAML is
// yaml_reader's job.
//
// File format (every key optional except puzzles and solutions; lengths in POINTS unless the
// key ends in _in, which is INCHES):
//   description: Two puzzles a page          # free text, shown by `puzzlepress layouts`
//   puzzles:   { rows: 2, columns: 1 }       # grids per puzzle page (1..4 each)
//   solutions: { rows: 3, columns: 2 }       # grids per solution page (1..6 each)
//   lines:          { cell_pt: 0.75, box_pt: 2.0, border_pt: 2.5 }   # cell >= 0.75, box > cell
//   solution_lines: { cell_pt: 0.75, box_pt: 1.5, border_pt: 2.0 }
//   type: { symbol_scale: 0.6, label_pt: 10, solution_label_pt: 8, text_pt: 11,
//           heading_pt: 26, title_pt: 34, folio_pt: 9,              # sizes >= 7 pt
//           min_pt: 7 }         # nothing printed smaller (large print: 18); raises the others
//   spacing: { slot_gap_pt: 24, solution_slot_gap_pt: 14, notes_line_pt: 24 }  # notes: ruled-line pitch
//   hints: { text_pt: 8.5, gap_pt: 3, figure_pt: 108 }  # hints lines (>= 7 pt), space between
//                                           # them, glossary figure side (72-216)
//   margins: { inside_in: 0.5, outside_in: 0.5, top_in: 0.5, bottom_in: 0.5 }  # KDP's minimum wins if larger
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "book/kdp/geometry.h"
#include "book/text/resources.h"
#include "book/spec/spec.h"
#include "book/text/spec_error.h"
#include "render/layout_style.h"

namespace puzzlepress::book {

struct LayoutPreset {
  std::string name;  ///< file stem, e.g. "two-up"
  std::string description;
  render::LayoutStyle style;
  MarginsIn min_margins_in;  ///< the preset's least margins, inches (KDP's minimums still apply)
};

/// Reads a preset from YAML text. Errors: SpecError "FILE:LINE:COL: message".
LayoutPreset parse_layout_preset(std::string_view yaml_text, const std::string& file, const std::string& name);

/// Reads the layout a spec chose: the preset NAME (book/text/resources.h: built in, or
/// layouts_dir/NAME.yaml), or the layout file.
/// Throws InputError at `place` when a preset is not found ("unknown layout 'three-up'
/// (expected one of: four-up, large-print, one-up, six-up, two-up, or a path to a layout file)") or a file
/// cannot be read ("cannot read layout file X: why"), and SpecError inside the file for a bad
/// preset.
LayoutPreset load_layout(const LayoutChoice& choice, const Resources& resources, const Place& place);

}  // namespace puzzlepress::book
