// Wording of hints, technique names and the glossary (book/text/wording.h): the sentences a
// hints page and a glossary print, apart from the rest of a book's words.
#include "book/text/wording.h"

#include <algorithm>
#include <set>

#include "util/text.h"

namespace puzzlepress::book {

namespace {

// The locale ids' stem of each technique ("technique_<stem>", "definition_<stem>"), indexed by
// engine::Technique's value: the enum's own names.
constexpr const char* kTechniqueStems[engine::kTechniqueCount] = {
    "full_house",
    "hidden_single_box",
    "hidden_single_line",
    "naked_single",
    "pointing",
    "naked_pair",
    "claiming",
    "hidden_pair",
    "naked_triple",
    "hidden_triple",
    "naked_quad",
    "hidden_quad",
    "x_wing",
    "finned_x_wing",
    "sashimi_x_wing",
    "swordfish",
    "finned_swordfish",
    "sashimi_swordfish",
    "skyscraper",
    "two_string_kite",
    "turbot_fish",
    "empty_rectangle",
    "xy_wing",
    "xyz_wing",
    "wxyz_wing",
    "w_wing",
    "unique_rectangle_1",
    "unique_rectangle_2",
    "unique_rectangle_3",
    "unique_rectangle_4",
    "unique_rectangle_5",
    "unique_rectangle_6",
    "bug_plus_one",
    "jellyfish",
    "simple_colouring",
    "x_chain",
    "grouped_x_chain",
    "xy_chain",
    "aligned_pair_exclusion",
    "aic",
    "grouped_aic",
    "forcing_chain",
    "cage_combination",
    "innies_outies",
    "cage_house_intersection",
    "innies_outies_several",
    "killer_subset",
};

std::string technique_stem(engine::Technique technique) {
  return kTechniqueStems[std::clamp(static_cast<int>(technique), 0, engine::kTechniqueCount - 1)];
}

// House kinds as hints name them ("unit_region", "rest_of_window"), by engine::HouseKind's order.
constexpr const char* kUnitKinds[6] = {"row", "column", "box", "region", "diagonal", "window"};

// `name` with its first letter a capital: Basic Latin and Latin-1 small letters (every
// language's technique and kind names begin with one of them).
std::string with_capital(const std::string& name) {
  const std::size_t length = util::utf8_sequence_length(name);
  if (length == 0) return name;
  char32_t first = *util::decode_utf8_at(name, 0);
  if ((first >= U'a' && first <= U'z') || (first >= 0xE0 && first <= 0xFE && first != 0xF7)) first -= 0x20;
  std::string out;
  util::append_utf8(out, first);
  return out + name.substr(length);
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

std::vector<std::string> removed_symbols(const HintFacts& f) {
  std::vector<std::string> out;
  for (const auto& group : f.removals) out.insert(out.end(), group.first.begin(), group.first.end());
  return out;
}

}  // namespace

std::string Wording::hints_intro(const std::vector<int>& left_out, bool kinds, bool killers) const {
  std::string intro = format("hints_intro", {{"cell", cell_name(4, 2)}});
  if (kinds) intro += " " + text("hints_kinds");
  if (killers) intro += " " + text("hints_killer");
  if (left_out.empty()) return intro;
  std::vector<std::string> runs;  // "1–12" for consecutive numbers, "15" alone
  for (std::size_t i = 0; i < left_out.size();) {
    std::size_t j = i;
    while (j + 1 < left_out.size() && left_out[j + 1] == left_out[j] + 1) ++j;
    runs.push_back(std::to_string(left_out[i]) + (j > i ? "\u2013" + std::to_string(left_out[j]) : ""));
    i = j + 1;
  }
  const bool one = left_out.size() == 1;
  return intro + " " + format(one ? "hints_left_out_one" : "hints_left_out_many", {{"list", listed(runs, "list_and")}});
}

std::string Wording::cell_name(int row, int column) const {
  return format("cell_name", {{"row", std::to_string(row)}, {"column", std::to_string(column)}});
}

std::string Wording::unit_name(int kind, int number) const {
  return format(std::string("unit_") + kUnitKinds[std::clamp(kind, 0, 5)], {{"n", std::to_string(number)}});
}

std::string Wording::unit_kind_name(int kind) const { return kUnitKinds[std::clamp(kind, 0, 5)]; }

std::string Wording::lines_name(int kind, const std::vector<int>& numbers) const {
  std::vector<std::string> names;
  for (int n : numbers) names.push_back(std::to_string(n));
  return format(kind == 0 ? "lines_rows" : "lines_columns", {{"list", listed(names, "list_and")}});
}

std::string Wording::technique_name(engine::Technique technique) const {
  return text("technique_" + technique_stem(technique));
}

std::string Wording::technique_heading(engine::Technique technique) const {
  return with_capital(technique_name(technique));
}

std::string Wording::kind_name(engine::Kind kind) const { return text("kind_" + std::string(engine::kind_id(kind))); }

std::string Wording::kind_heading(engine::Kind kind) const { return with_capital(kind_name(kind)); }

std::string Wording::rules_kinds(const std::vector<engine::Kind>& kinds, bool kids, bool killer) const {
  std::vector<std::string> names;
  for (engine::Kind k : kinds) names.push_back(kind_name(k));
  if (killer) names.push_back(killer_name());
  return format(kids ? "kids_rules_kinds" : "rules_kinds", {{"kinds", listed(names, "list_and")}});
}

std::string Wording::rules_kind(engine::Kind kind, engine::Shape shape, Skin skin, bool kids) const {
  return format((kids ? "kids_rules_" : "rules_") + std::string(engine::kind_id(kind)),
                {{"n", std::to_string(shape.size())},
                 {"times", "\xC2\xA0\xC3\x97\xC2\xA0"},
                 {"every", every_symbol(skin, shape)}});
}

std::string Wording::killer_name() const { return text("kind_killer"); }

std::string Wording::killer_heading() const { return with_capital(killer_name()); }

std::string Wording::rules_killer(engine::Shape shape, bool kids) const {
  return format(kids ? "kids_rules_killer" : "rules_killer", {{"every", every_symbol(Skin::digits, shape)}});
}

std::string Wording::killer_caption(int puzzle_number) const {
  return format("caption_killer", {{"puzzle", puzzle_label(puzzle_number)}});
}

std::string Wording::rules_fill_regions(engine::Shape shape, Skin skin, std::string_view phrase, bool kids) const {
  return format(kids ? "kids_rules_fill_regions" : "rules_fill_regions",
                {{"phrase", std::string(phrase)}, {"every", every_symbol(skin, shape)}});
}

std::string Wording::kind_caption(engine::Kind kind, int puzzle_number, engine::Shape shape, Skin skin) const {
  return format("caption_" + std::string(engine::kind_id(kind)),
                {{"puzzle", puzzle_label(puzzle_number)}, {"every", every_symbol(skin, shape)}});
}

std::string Wording::technique_definition(engine::Technique technique) const {
  return text("definition_" + technique_stem(technique));
}

// "a", "a and b", "a, b and c" — long cell lists of chains keep their ends.
std::string Wording::cells_listed(const std::vector<std::string>& cells) const {
  if (cells.size() <= 6) return listed(cells, "list_and");
  return format("cells_long", {{"first", cells[0]},
                               {"second", cells[1]},
                               {"before_last", cells[cells.size() - 2]},
                               {"last", cells.back()},
                               {"n", std::to_string(cells.size())}});
}

// "removes 2 from r4c5 and r4c6, and 7 from r4c9"; placements: "places 7 in r3c4".
std::string Wording::hint_effect(const HintFacts& f) const {
  std::vector<std::string> placed;
  for (const auto& [cell, symbol] : f.placements)
    placed.push_back(format("effect_placement", {{"symbol", symbol}, {"cell", cell}}));
  std::string removed;
  for (std::size_t i = 0; i < f.removals.size(); ++i) {
    if (i) removed += i + 1 == f.removals.size() ? text("effect_last_group") : text("list_comma");
    removed += format("effect_removal", {{"symbols", listed(f.removals[i].first, "list_and")},
                                         {"cells", listed(f.removals[i].second, "list_and")}});
  }
  const std::string places = placed.empty() ? "" : format("effect_places", {{"list", joined(placed, ", ")}});
  const std::string removes = removed.empty() ? "" : format("effect_removes", {{"list", removed}});
  if (!places.empty() && !removes.empty()) return format("effect_both", {{"places", places}, {"removes", removes}});
  return places + removes;
}

std::string Wording::hint_sentence(const HintFacts& f) const {
  using engine::Technique;
  using Kind = HintFacts::Kind;
  switch (f.kind) {
    case Kind::singles_only: return text("hint_singles_only");
    case Kind::needs_trial: return text("hint_needs_trial");
    case Kind::invalid: return text("hint_invalid");
    case Kind::step: break;
  }
  const std::string name = technique_name(f.technique);
  const std::string first = f.symbols.empty() ? "" : f.symbols[0];
  switch (f.technique) {
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
      return format("hint_naked",
                    {{"unit", f.unit},
                     {"subset", text("subset_" + std::to_string(std::clamp<std::size_t>(f.cells.size(), 2, 4)))},
                     {"symbols", joined(f.symbols, "/")},
                     {"cells", listed(f.cells, "list_and")},
                     {"removed", listed(removed_symbols(f), "list_and")},
                     {"rest", text("rest_of_" + (f.unit_kind.empty() ? std::string("row") : f.unit_kind))}});
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
      return format("hint_hidden", {{"unit", f.unit},
                                    {"symbols", listed(f.symbols, "list_and")},
                                    {"cells", listed(f.cells, "list_and")},
                                    {"effect", hint_effect(f)}});
    case Technique::pointing:
    case Technique::claiming:
      if (!f.target.empty()) {
        return format(
            "hint_locked",
            {{"unit", f.unit}, {"symbol", first}, {"target", f.target}, {"cells", listed(f.cells, "list_and")}});
      }
      break;
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish:
      if (!f.base_lines.empty()) {
        return format("hint_fish", {{"name", name},
                                    {"symbol", first},
                                    {"base", f.base_lines},
                                    {"cover", f.cover_lines},
                                    {"effect", hint_effect(f)}});
      }
      break;
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
      if (!f.base_lines.empty()) {
        return format(
            "hint_finned_fish",
            {{"name", name},
             {"symbol", first},
             {"base", f.base_lines},
             {"cover", f.cover_lines},
             {"fins", format(f.fins.size() > 1 ? "fins_many" : "fins_one", {{"cells", listed(f.fins, "list_and")}})},
             {"effect", hint_effect(f)}});
      }
      break;
    case Technique::cage_combination:
      if (!f.combinations.empty()) {
        return format(f.combinations.size() == 1 ? "hint_cage_combination_one" : "hint_cage_combination_many",
                      {{"cage", cells_listed(f.cage)},
                       {"sum", f.sum},
                       {"combinations", listed(f.combinations, "list_or")},
                       {"effect", hint_effect(f)}});
      }
      break;
    case Technique::innies_outies:
    case Technique::innies_outies_several:
      if (!f.region.empty() && !f.cells.empty()) {
        const std::string region = listed(f.region, "list_and");
        if (f.cells.size() == 1)
          return format(f.outies ? "hint_outie" : "hint_innie",
                        {{"region", region}, {"cell", f.cells[0]}, {"sum", f.sum}});
        return format(
            f.outies ? "hint_outies" : "hint_innies",
            {{"region", region}, {"cells", listed(f.cells, "list_and")}, {"sum", f.sum}, {"effect", hint_effect(f)}});
      }
      break;
    case Technique::cage_house_intersection:
      if (!f.cage.empty() && !first.empty()) {
        if (f.from_house && !f.unit.empty()) {
          return format("hint_unit_in_cage", {{"unit", f.unit},
                                              {"symbol", first},
                                              {"cage", cells_listed(f.cage)},
                                              {"sum", f.sum},
                                              {"cells", listed(f.cells, "list_and")},
                                              {"effect", hint_effect(f)}});
        }
        return format("hint_cage_needs", {{"cage", cells_listed(f.cage)},
                                          {"sum", f.sum},
                                          {"symbol", first},
                                          {"cells", listed(f.cells, "list_and")},
                                          {"effect", hint_effect(f)}});
      }
      break;
    case Technique::killer_subset:
      if (!f.cage.empty() && !f.cells.empty() && f.symbols.size() > f.cells.size()) {
        return format("hint_killer_subset", {{"unit", f.unit},
                                             {"cage", cells_listed(f.cage)},
                                             {"sum", f.sum},
                                             {"count", std::to_string(f.symbols.size() - f.cells.size())},
                                             {"symbols", listed(f.symbols, "list_and")},
                                             {"cells", listed(f.cells, "list_and")},
                                             {"effect", hint_effect(f)}});
      }
      break;
    default: break;
  }
  return format("hint_generic",
                {{"name", name},
                 {"on", f.symbols.empty() ? "" : format("hint_on", {{"symbols", joined(f.symbols, "/")}})},
                 {"in", f.cells.empty() ? "" : format("hint_in", {{"cells", cells_listed(f.cells)}})},
                 {"unit", f.unit.empty() ? "" : format("hint_unit", {{"unit", f.unit}})},
                 {"effect", hint_effect(f)}});
}

std::string Wording::hint_line(int number, std::string_view sentence) const {
  return format("hint_line", {{"puzzle", puzzle_label(number)}, {"hint", std::string(sentence)}});
}

std::string Wording::glossary_caption(int number) const {
  return format("glossary_caption", {{"puzzle", puzzle_label(number)}});
}

}  // namespace puzzlepress::book
