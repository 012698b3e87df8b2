#include "book/text/wording.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "book/text/resources.h"
#include "book/text/yaml_reader.h"
#include "util/errors.h"
#include "util/text.h"

namespace puzzlepress::book {
namespace {

constexpr const char* kTimes = "\xC2\xA0\xC3\x97\xC2\xA0";  // " × " with no-break spaces

// A locale file as written: its ids in document order with their strings. Throws
// EnvironmentError for a file that is not built in or not a flat mapping of strings.
std::vector<std::pair<std::string, std::string>> read_locale(std::string_view language) {
  const std::string name = "locales/" + std::string(language) + ".yaml";
  const auto bytes = builtin_file(name);
  if (!bytes) throw EnvironmentError("no built-in table for language '" + std::string(language) + "' (" + name + ")");
  std::vector<std::pair<std::string, std::string>> out;
  try {
    const YamlReader reader(name);
    const YamlNode root = parse_yaml(*bytes, name);
    if (root.kind != YamlNode::Kind::mapping) reader.fail(root.where, "expected a mapping of string ids");
    for (const YamlEntry& e : root.entries) {
      const std::string id = reader.get_string(e.key, "id");
      out.emplace_back(id, reader.get_string(e.value, id));
    }
  } catch (const InputError& e) {  // our own file: the build is broken, not the user's input
    throw EnvironmentError(std::string("built-in ") + e.what());
  }
  return out;
}

std::vector<std::string> placeholders_of(std::string_view text) {
  std::set<std::string> names;
  for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string_view::npos) break;
    names.emplace(text.substr(open + 1, close - open - 1));
  }
  return {names.begin(), names.end()};
}

std::string_view skin_noun_id(Skin skin, engine::Shape shape) {
  switch (skin) {
    case Skin::digits: return shape.size() > 9 ? "symbol" : "digit";
    case Skin::letters: return "letter";
    case Skin::shapes: return "shape";
  }
  return "symbol";
}

std::string with_noun(std::string_view prefix, Skin skin, engine::Shape shape, std::string_view suffix = "") {
  return std::string(prefix) + std::string(skin_noun_id(skin, shape)) + std::string(suffix);
}

// The English table as written, read once: spec keys, wording ids and every English book ask for it.
const std::vector<std::pair<std::string, std::string>>& english_locale() {
  static const std::vector<std::pair<std::string, std::string>> english = read_locale("en");
  return english;
}

}  // namespace

const std::vector<std::string>& wording_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const auto& [id, text] : english_locale()) out.push_back(id);
    return out;
  }();
  return ids;
}

std::vector<std::string> wording_placeholders(std::string_view id) {
  static const std::map<std::string, std::string> english = locale_table("en");
  const auto it = english.find(std::string(id));
  return it == english.end() ? std::vector<std::string>{} : placeholders_of(it->second);
}

std::vector<std::string> required_placeholders(std::string_view id) {
  static const std::map<std::string_view, std::vector<std::string>> kRequired = {
      {"puzzle_label", {"n"}},
      {"puzzle_range", {"first", "last"}},
      {"solution_on_page", {"page"}},
      {"solution_of_puzzle", {"n", "page"}},
      {"kids_rules_grades_many", {"levels"}},
      {"kids_level", {"stars", "grade"}},
      {"cell_name", {"row", "column"}},
      {"unit_row", {"n"}},
      {"unit_column", {"n"}},
      {"unit_box", {"n"}},
      {"hint_line", {"puzzle", "hint"}},
      {"glossary_caption", {"puzzle"}},
      {"hints_intro", {"cell"}},
      {"hints_left_out_one", {"list"}},
      {"hints_left_out_many", {"list"}},
      {"cover_section_one", {"n", "grade"}},
      {"cover_section_many", {"n", "grade"}},
      {"copyright_notice", {"holder"}},
      {"copyright_isbn", {"isbn"}},
  };
  const auto it = kRequired.find(id);
  return it == kRequired.end() ? std::vector<std::string>{} : it->second;
}

std::map<std::string, std::string> locale_table(std::string_view language) {
  const std::string name = "locales/" + std::string(language) + ".yaml";
  std::map<std::string, std::string> table;
  for (auto& [id, text] : language == "en" ? english_locale() : read_locale(language)) {
    if (!table.emplace(id, text).second) throw EnvironmentError("built-in " + name + ": '" + id + "' is given twice");
  }
  if (language != "en") {
    for (const std::string& id : wording_ids()) {
      if (!table.count(id)) throw EnvironmentError("built-in " + name + ": no translation of '" + id + "'");
    }
    if (table.size() != wording_ids().size())
      throw EnvironmentError("built-in " + name + ": ids that English does not have");
  }
  return table;
}

Wording::Wording() : Wording("en") {}

Wording::Wording(std::string_view language, const std::map<std::string, std::string>& overrides) : language_(language) {
  for (auto& [id, text] : locale_table(language)) strings_.emplace(id, text);
  for (const auto& [id, text] : overrides) {
    auto it = strings_.find(id);
    if (it == strings_.end()) throw std::invalid_argument("unknown string id '" + id + "'");
    it->second = text;
  }
}

const std::string& Wording::text(std::string_view id) const {
  const auto it = strings_.find(id);
  if (it == strings_.end())
    throw std::logic_error("no string '" + std::string(id) + "' in the " + language_ + " table");
  return it->second;
}

std::string Wording::format(std::string_view id,
                            const std::vector<std::pair<std::string_view, std::string>>& values) const {
  const std::string& pattern = text(id);
  std::string out;
  for (std::size_t i = 0; i < pattern.size();) {
    if (pattern[i] == '{') {
      const std::size_t close = pattern.find('}', i);
      if (close != std::string::npos) {
        const std::string_view name = std::string_view(pattern).substr(i + 1, close - i - 1);
        const auto v = std::find_if(values.begin(), values.end(), [&](const auto& p) { return p.first == name; });
        if (v != values.end()) {
          out += v->second;
          i = close + 1;
          continue;
        }
      }
    }
    out += pattern[i++];
  }
  return out;
}

std::string Wording::listed(const std::vector<std::string>& items, std::string_view last_joiner_id) const {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? text(last_joiner_id) : text("list_comma");
    out += items[i];
  }
  return out;
}

std::string Wording::puzzle_label(int number) const { return format("puzzle_label", {{"n", std::to_string(number)}}); }

std::string Wording::solution_on_page(int page) const {
  return format("solution_on_page", {{"page", std::to_string(page)}});
}

std::string Wording::solution_of_puzzle(int number, int page) const {
  return format("solution_of_puzzle", {{"n", std::to_string(number)}, {"page", std::to_string(page)}});
}

std::string Wording::puzzle_range(int first, int last) const {
  return first == last ? puzzle_label(first)
                       : format("puzzle_range", {{"first", std::to_string(first)}, {"last", std::to_string(last)}});
}

std::string Wording::grade_name(engine::Grade grade) const {
  return text("grade_" + std::string(engine::grade_id(grade)));
}

std::string Wording::cover_section_line(int count, engine::Grade grade) const {
  return format(count == 1 ? "cover_section_one" : "cover_section_many",
                {{"n", std::to_string(count)}, {"grade", grade_name(grade)}});
}

std::vector<std::pair<engine::Grade, std::string>> Wording::cover_contents(
    const std::vector<ContentsEntry>& entries) const {
  std::vector<ContentsEntry> kinds;
  bool variants = false;
  for (const ContentsEntry& e : entries) {
    if (e.kind != entries.front().kind || e.killer != entries.front().killer) variants = true;
    const auto same = std::find_if(kinds.begin(), kinds.end(), [&](const ContentsEntry& k) {
      return k.grade == e.grade && k.shape == e.shape && k.skin == e.skin && k.kind == e.kind && k.killer == e.killer;
    });
    if (same == kinds.end()) kinds.push_back(e);
    else same->count += e.count;
  }
  std::vector<std::pair<engine::Grade, std::string>> lines;
  for (const ContentsEntry& k : kinds) {
    const std::string line = cover_section_line(k.count, k.grade);
    const std::string size = std::to_string(k.shape.size()) + kTimes + std::to_string(k.shape.size());
    const std::string symbols = symbol_noun_plural(k.skin, k.shape);
    const std::string kind = k.killer ? killer_name() : kind_name(k.kind);
    lines.emplace_back(k.grade,
                       variants ? format("cover_section_kind_variant",
                                         {{"line", line}, {"kind", kind}, {"size", size}, {"symbols", symbols}})
                                : format("cover_section_kind", {{"line", line}, {"size", size}, {"symbols", symbols}}));
  }
  return lines;
}

std::vector<std::string> Wording::how_to_play(const std::vector<engine::Grade>& grades) const {
  const engine::Shape nine = engine::kShape9x9;
  return {format("rules_grid_classic", {{"times", kTimes}}),
          rules_fill(nine, Skin::digits, symbols_phrase(Skin::digits, nine, "")), rules_tips(Skin::digits, nine),
          rules_grades(grades)};
}

std::string Wording::rules_grid(engine::Shape shape, Skin skin) const {
  const std::string rows = std::to_string(shape.box_rows);
  const std::string cols = std::to_string(shape.box_cols);
  const std::string note = shape.box_rows != shape.box_cols ? format("box_note", {{"rows", rows}, {"cols", cols}}) : "";
  return format("rules_grid", {{"n", std::to_string(shape.size())},
                               {"rows", rows},
                               {"cols", cols},
                               {"times", kTimes},
                               {"box_note", note},
                               {"a_symbol", text(with_noun("a_", skin, shape))}});
}

std::string Wording::symbol_noun_plural(Skin skin, engine::Shape shape) const {
  return text(with_noun("", skin, shape, "s"));
}

std::string Wording::shape_name(render::Mark mark) const {
  switch (mark) {
    case render::Mark::circle: return text("shape_circle");
    case render::Mark::triangle: return text("shape_triangle");
    case render::Mark::square: return text("shape_square");
    case render::Mark::star: return text("shape_star");
    case render::Mark::heart: return text("shape_heart");
    case render::Mark::cross: return text("shape_cross");
    case render::Mark::diamond: return text("shape_diamond");
    case render::Mark::crescent: return text("shape_crescent");
    case render::Mark::hexagon: return text("shape_hexagon");
  }
  return text("shapes");
}

std::string Wording::symbols_phrase(Skin skin, engine::Shape shape, std::string_view word) const {
  const int n = shape.size();
  switch (skin) {
    case Skin::digits: {
      const std::string last(1, engine::symbol_char(n));
      return format(n <= 9 ? "phrase_digits" : "phrase_symbols", {{"last", last}});
    }
    case Skin::letters:
      if (!word.empty()) return format("phrase_word", {{"word", std::string(word)}});
      return format("phrase_letters", {{"last", std::string(1, static_cast<char>('A' + n - 1))}});
    case Skin::shapes: {
      std::vector<std::string> names;
      for (render::Mark m : shape_marks(shape)) names.push_back(shape_name(m));
      return format("phrase_shapes", {{"n", std::to_string(n)}, {"list", listed(names, "list_and")}});
    }
  }
  return "";
}

std::string Wording::rules_shapes_of_size(engine::Shape shape) const {
  std::vector<std::string> names;
  for (render::Mark m : shape_marks(shape)) names.push_back(shape_name(m));
  const std::string size = std::to_string(shape.size()) + kTimes + std::to_string(shape.size());
  return format("rules_shapes_size",
                {{"size", size}, {"n", std::to_string(names.size())}, {"list", listed(names, "list_and")}});
}

std::string Wording::rules_fill(engine::Shape shape, Skin skin, std::string_view phrase) const {
  return format("rules_fill", {{"phrase", std::string(phrase)},
                               {"rows", std::to_string(shape.box_rows)},
                               {"cols", std::to_string(shape.box_cols)},
                               {"times", kTimes},
                               {"every", text(with_noun("every_", skin, shape))}});
}

std::string Wording::every_symbol(Skin skin, engine::Shape shape) const {
  return text(with_noun("every_", skin, shape));
}

std::string Wording::rules_word(const std::vector<std::string>& words) const {
  if (words.size() == 1) return format("rules_word_one", {{"word", words[0]}});
  return format("rules_word_many", {{"words", listed(words, "list_or")}});
}

std::string Wording::rules_tips(Skin skin, engine::Shape shape) const {
  return format("rules_tips", {{"symbols", symbol_noun_plural(skin, shape)}});
}

std::string Wording::rules_grades(std::vector<engine::Grade> grades) const {
  std::sort(grades.begin(), grades.end());
  grades.erase(std::unique(grades.begin(), grades.end()), grades.end());
  std::vector<std::string> named;
  for (const engine::Grade g : grades) {
    const int stars = std::clamp(engine::grade_stars(g), 1, 5);
    named.push_back(
        format("grade_with_stars", {{"grade", grade_name(g)}, {"stars", text("stars_" + std::to_string(stars))}}));
  }
  if (named.empty()) return text("rules_grades_none");  // no grade to name
  if (named.size() == 1) return format("rules_grades_one", {{"grade", named.front()}});
  return format("rules_grades_many", {{"grades", listed(named, "list_or")}});
}

std::string Wording::rules_mixed(const std::vector<engine::Shape>& sizes, const std::vector<Skin>& skins) const {
  std::vector<std::string> size_names;
  for (engine::Shape s : sizes) size_names.push_back(std::to_string(s.size()) + kTimes + std::to_string(s.size()));
  std::vector<std::string> skin_names;
  for (Skin k : skins) skin_names.push_back(symbol_noun_plural(k, engine::kShape9x9));
  if (skins.size() > 1) {
    return format("rules_mixed_skins",
                  {{"sizes", listed(size_names, "list_and")}, {"skins", listed(skin_names, "list_and")}});
  }
  return format("rules_mixed", {{"sizes", listed(size_names, "list_and")}});
}

std::string Wording::kids_rules_grid(engine::Shape shape, Skin skin) const {
  return format("kids_rules_grid",
                {{"n", std::to_string(shape.size())}, {"a_symbol", text(with_noun("a_", skin, shape))}});
}

std::string Wording::kids_rules_fill(engine::Shape shape, Skin skin, std::string_view phrase) const {
  return format("kids_rules_fill",
                {{"phrase", std::string(phrase)}, {"every", text(with_noun("every_", skin, shape))}});
}

std::string Wording::kids_rules_tips() const { return text("kids_rules_tips"); }

std::string Wording::kids_rules_mixed(const std::vector<engine::Shape>& sizes) const {
  std::vector<std::string> size_names;
  for (engine::Shape s : sizes) size_names.push_back(std::to_string(s.size()) + kTimes + std::to_string(s.size()));
  return format("kids_rules_mixed", {{"sizes", listed(size_names, "list_and")}});
}

std::string Wording::kids_rules_grades(std::vector<engine::Grade> grades) const {
  std::sort(grades.begin(), grades.end());
  grades.erase(std::unique(grades.begin(), grades.end()), grades.end());
  if (grades.empty()) return text("kids_rules_grades_none");  // no grade to name
  if (grades.size() == 1) return format("kids_rules_grades_one", {{"grade", grade_name(grades.front())}});
  std::vector<std::string> levels;
  for (std::size_t k = 0; k < grades.size(); ++k) {  // at most 5 grades: stars_1 … stars_5
    levels.push_back(
        format("kids_level", {{"stars", text("stars_" + std::to_string(k + 1))}, {"grade", grade_name(grades[k])}}));
  }
  return format("kids_rules_grades_many", {{"levels", listed(levels, "list_and")}});
}

std::string Wording::how_to_play_caption(Skin skin, engine::Shape shape) const {
  const int n = shape.size();
  switch (skin) {
    case Skin::digits:
      if (n <= 9) return format("caption_digits", {{"last", std::to_string(n)}});
      return format("caption_symbols", {{"last", std::string(1, engine::symbol_char(n))}});
    case Skin::letters: return text("caption_letters");
    case Skin::shapes: return text("caption_shapes");
  }
  return text("caption_letters");
}

std::string Wording::sample_title(std::uint32_t seed) const {
  return format("sample_title", {{"seed", std::to_string(seed)}});
}

std::string Wording::sample_footer(std::uint32_t seed, const std::string& command) const {
  return format("sample_footer", {{"seed", std::to_string(seed)}, {"command", command}});
}

std::vector<render::Paragraph> Wording::copyright(const CopyrightFacts& f) const {
  std::vector<render::Paragraph> paras;
  if (!f.title.empty()) paras.push_back({f.title, true});
  if (!f.author.empty()) paras.push_back({format("copyright_by", {{"author", f.author}})});
  std::string holder = f.year;
  if (!f.author.empty()) holder += (holder.empty() ? "" : " ") + f.author;
  paras.push_back({format("copyright_notice", {{"holder", holder}})});
  paras.push_back({text("copyright_reserved")});
  if (!f.publisher.empty()) paras.push_back({format("copyright_publisher", {{"publisher", f.publisher}})});
  if (!f.isbn.empty()) paras.push_back({format("copyright_isbn", {{"isbn", f.isbn}})});
  std::string made = f.credit ? format("copyright_made", {{"version", f.version}, {"seed", std::to_string(f.seed)}})
                              : text("copyright_unique");
  if (f.logic_only) made += " " + text("copyright_logic_alone");
  paras.push_back({made});
  return paras;
}

}  // namespace puzzlepress::book
