#include "book/spec/layout_preset.h"
#include "util/text.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "book/text/yaml_reader.h"
#include "util/files.h"
#include "util/numbers.h"

namespace puzzlepress::book {
namespace {

double get_number(const YamlReader& reader, const YamlNode& value, const std::string& name) {
  const std::string text = reader.get_string(value, name);
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  reader.fail(value.where, "expected a number for '" + name + "', got '" + util::echo(text) + "'");
}

// A number in [min, max] for `key` of `map`, or `fallback` when absent.
double number_in(const YamlReader& reader, const MapReader& map, std::string_view key, double fallback, double min,
                 double max, const std::string& why = "") {
  const YamlNode* node = map.find(key);
  if (!node) return fallback;
  const double v = get_number(reader, *node, map.path(key));
  if (v < min || v > max) {
    reader.fail(node->where, "'" + map.path(key) + "' must be between " + util::format_general(min) + " and " +
                                 util::format_general(max) + (why.empty() ? "" : " (" + why + ")") + ", got " +
                                 util::format_general(v));
  }
  return v;
}

int count_in(const YamlReader& reader, const MapReader& map, std::string_view key, int max) {
  const YamlNode& node = map.require(key);
  const auto v = reader.get_integer(node, map.path(key));
  if (v < 1 || v > max) {
    reader.fail(node.where,
                "'" + map.path(key) + "' must be between 1 and " + std::to_string(max) + ", got " + std::to_string(v));
  }
  return static_cast<int>(v);
}

// A `lines`-style mapping { cell_pt, box_pt, border_pt }: each at least 0.75 pt, box lines
// heavier than cell lines. Absent keys keep the values passed in.
void read_line_weights(const YamlReader& reader, const YamlNode& node, const std::string& name, double& cell_pt,
                       double& box_pt, double& border_pt) {
  const std::string thin = "thinner lines may not print";
  const MapReader lines(reader, node, name, {"cell_pt", "box_pt", "border_pt"});
  cell_pt = number_in(reader, lines, "cell_pt", cell_pt, 0.75, 6, thin);
  box_pt = number_in(reader, lines, "box_pt", box_pt, 0.75, 8, thin);
  border_pt = number_in(reader, lines, "border_pt", border_pt, 0.75, 8, thin);
  if (box_pt <= cell_pt) {
    reader.fail(lines.key_where("box_pt"), "'" + name + ".box_pt' must be heavier than '" + name + ".cell_pt'");
  }
}

}  // namespace

LayoutPreset parse_layout_preset(std::string_view yaml_text, const std::string& file, const std::string& name) {
  const YamlReader reader(file);
  const YamlNode root = parse_yaml(yaml_text, file);
  const MapReader top(
      reader, root, "",
      {"description", "puzzles", "solutions", "lines", "solution_lines", "type", "spacing", "margins", "hints"});
  LayoutPreset preset;
  preset.name = name;
  render::LayoutStyle& s = preset.style;
  if (const YamlNode* d = top.find("description")) preset.description = reader.get_string(*d, "description");

  const MapReader puzzles(reader, top.require("puzzles"), "puzzles", {"rows", "columns"});
  s.puzzle_rows = count_in(reader, puzzles, "rows", 4);
  s.puzzle_cols = count_in(reader, puzzles, "columns", 4);
  const MapReader solutions(reader, top.require("solutions"), "solutions", {"rows", "columns"});
  s.solution_rows = count_in(reader, solutions, "rows", 6);
  s.solution_cols = count_in(reader, solutions, "columns", 6);

  if (const YamlNode* n = top.find("lines")) {
    read_line_weights(reader, *n, "lines", s.cell_line_pt, s.box_line_pt, s.border_pt);
  }
  if (const YamlNode* n = top.find("solution_lines")) {
    read_line_weights(reader, *n, "solution_lines", s.solution_cell_line_pt, s.solution_box_line_pt,
                      s.solution_border_pt);
  }
  if (const YamlNode* n = top.find("type")) {
    const MapReader type(
        reader, *n, "type",
        {"digit_scale", "min_pt", "label_pt", "solution_label_pt", "text_pt", "heading_pt", "title_pt", "folio_pt"});
    const std::string small = "KDP's smallest text is 7 pt";
    // The least size of anything printed (large print: 18 pt); every size below is raised to it.
    s.min_text_pt = number_in(reader, type, "min_pt", s.min_text_pt, 7, 36, small);
    s.symbol_scale = number_in(reader, type, "digit_scale", s.symbol_scale, 0.3, 0.9);
    s.label_size_pt = number_in(reader, type, "label_pt", s.label_size_pt, 7, 72, small);
    s.solution_label_size_pt = number_in(reader, type, "solution_label_pt", s.solution_label_size_pt, 7, 72, small);
    s.text_size_pt = number_in(reader, type, "text_pt", s.text_size_pt, 7, 72, small);
    s.heading_size_pt = number_in(reader, type, "heading_pt", s.heading_size_pt, 7, 144, small);
    s.title_size_pt = number_in(reader, type, "title_pt", s.title_size_pt, 7, 144, small);
    s.folio_size_pt = number_in(reader, type, "folio_pt", s.folio_size_pt, 7, 72, small);
  }
  if (const YamlNode* n = top.find("spacing")) {
    const MapReader spacing(reader, *n, "spacing", {"slot_gap_pt", "solution_slot_gap_pt", "notes_line_pt"});
    s.slot_gap_pt = number_in(reader, spacing, "slot_gap_pt", s.slot_gap_pt, 0, 144);
    s.solution_slot_gap_pt = number_in(reader, spacing, "solution_slot_gap_pt", s.solution_slot_gap_pt, 0, 144);
    s.notes_line_spacing_pt = number_in(reader, spacing, "notes_line_pt", s.notes_line_spacing_pt, 12, 72);
  }
  if (const YamlNode* n = top.find("hints")) {
    const MapReader hints(reader, *n, "hints", {"text_pt", "gap_pt", "figure_pt"});
    s.list_text_pt = number_in(reader, hints, "text_pt", s.list_text_pt, 7, 24, "KDP's smallest text is 7 pt");
    s.list_gap_pt = number_in(reader, hints, "gap_pt", s.list_gap_pt, 0, 36);
    s.glossary_figure_pt = number_in(reader, hints, "figure_pt", s.glossary_figure_pt, 72, 216);
  }
  if (const YamlNode* n = top.find("margins")) {
    const MapReader margins(reader, *n, "margins", {"inside_in", "outside_in", "top_in", "bottom_in"});
    MarginsIn& m = preset.min_margins_in;
    m.inside = number_in(reader, margins, "inside_in", 0, 0, 2);
    m.outside = number_in(reader, margins, "outside_in", 0, 0, 2);
    m.top = number_in(reader, margins, "top_in", 0, 0, 2);
    m.bottom = number_in(reader, margins, "bottom_in", 0, 0, 2);
  }
  return preset;
}

LayoutPreset load_layout(const LayoutChoice& choice, const Resources& resources, const Place& place) {
  if (choice.file.empty()) {
    const std::optional<ResourceText> preset = find_preset(resources, choice.preset);
    if (!preset) {
      std::string known;
      for (const auto& n : preset_names(resources)) known += n + ", ";
      throw InputError(place, "unknown layout '" + util::echo(choice.preset) + "' (expected one of: " + known +
                                  "or a path to a layout file)");
    }
    // A built-in preset's errors name it as layouts/NAME.yaml.
    const std::string shown = preset->file.empty() ? "layouts/" + choice.preset + ".yaml" : preset->file.string();
    return parse_layout_preset(preset->bytes, shown, choice.preset);
  }
  const std::filesystem::path& file = choice.file;
  const util::Result<std::string> text = util::read_regular_file(file, kMaxSpecBytes);
  if (!text) throw InputError(place, "cannot read layout file " + file.string() + ": " + text.error());
  return parse_layout_preset(*text, file.string(), file.stem().string());
}

}  // namespace puzzlepress::book
