#include "book/spec/starter_spec.h"

#include <string_view>
#include <vector>

#include "book/spec/spec_keys.h"

namespace puzzlepress::book {
namespace {

std::vector<std::string> starter_sections(StarterKind kind) {
  switch (kind) {
    case StarterKind::kids:
      return {"{ size: 4x4, skin: shapes, grade: easy, count: 20 }",
              "{ size: 4x4, skin: shapes, grade: medium, count: 20 }",
              "{ size: 6x6, skin: shapes, grade: easy, count: 30 }",
              "{ size: 6x6, skin: shapes, grade: medium, count: 30 }"};
    case StarterKind::large_print:
      return {"{ grade: easy, count: 40 }", "{ grade: medium, count: 35 }", "{ grade: hard, count: 25 }"};
    case StarterKind::standard: break;
  }
  return {"{ grade: easy, count: 20 }", "{ grade: medium, count: 20 }", "{ grade: hard, count: 20 }",
          "{ grade: extreme, count: 20 }", "{ grade: evil, count: 20 }"};
}

// "Required. Default: 8.5x11. One of: white, cream. 1 to 9999." — what a key takes, for people.
std::string facts(const SpecKey& key) {
  std::string out;
  if (key.required) out += " Required.";
  if (!key.default_text.empty()) out += " Default: " + key.default_text + ".";
  if (key.type == ValueType::choice) out += " One of: " + choice_list(key) + ".";
  if (key.type == ValueType::integer) {
    out += " " + std::to_string(key.min) + " to " + std::to_string(key.max) + ".";
  }
  if (key.type == ValueType::boolean) out += " true or false.";
  if (key.type == ValueType::colour) out += " \"#rrggbb\", quoted.";
  return out;
}

std::string sentence(const SpecKey& key) {
  std::string meaning = key.meaning;
  if (!meaning.empty() && meaning[0] >= 'a' && meaning[0] <= 'z')
    meaning[0] = static_cast<char>(meaning[0] - 'a' + 'A');
  if (!meaning.empty() && meaning.back() != '.') meaning += '.';
  return meaning + facts(key);
}

// A mapping's fields, commented out, one a line with what each means.
void commented_mapping(const SpecKey& key, std::string& out) {
  out += "# " + key.name + ":\n";
  for (const SpecKey& field : key.fields) {
    out += "#   # " + sentence(field) + "\n";
    out += "#   " + field.name + ": " + (field.default_text.empty() ? field.example : field.default_text) + "\n";
  }
}

}  // namespace

std::string starter_trim(StarterKind kind) {
  return kind == StarterKind::kids ? "8x10" : key_named(spec_keys(), "trim").default_text;
}

std::string starter_layout(StarterKind kind) {
  // Large print and kids books: one big grid a page (a kids spec without layout: gets it too).
  if (kind == StarterKind::large_print || kind == StarterKind::kids) return "one-up";
  return key_named(spec_keys(), "layout").default_text;
}

std::string starter_spec(const StarterOptions& options) {
  std::string out;
  if (!options.schema_ref.empty()) out += "# yaml-language-server: $schema=" + options.schema_ref + "\n";
  out +=
      "# A puzzlepress book spec, written by `puzzlepress init`. Build it with\n"
      "#   puzzlepress build " +
      (options.file_name.empty() ? std::string("THIS_FILE.yaml") : options.file_name) +
      "\n"
      "# Every key is here with what it means. A line starting with '# key:' is a key left at its\n"
      "# default (or unset): remove the '# ' to set it.\n";

  // Values init chooses; every other key shows its default or example, commented out.
  const std::string trim = options.trim.value_or(starter_trim(options.kind));
  const std::string layout = options.layout.value_or(starter_layout(options.kind));
  for (const SpecKey& key : spec_keys()) {
    out += "\n# " + sentence(key) + "\n";
    if (key.name == "trim") {
      out += "trim: " + trim + "\n";
    } else if (key.name == "layout") {
      out += "layout: " + layout + "\n";
    } else if (key.name == "seed") {
      out += "seed: " + std::to_string(options.seed) + "  # another seed gives other puzzles\n";
    } else if (key.name == "puzzles") {
      out += "# Each section:\n";
      for (const SpecKey& field : key.fields.front().fields) out += "#   " + field.name + ": " + sentence(field) + "\n";
      out += "puzzles:\n";
      for (const std::string& section : starter_sections(options.kind)) out += "  - " + section + "\n";
    } else if (key.type == ValueType::mapping) {
      commented_mapping(key, out);
    } else if (key.required) {
      out += key.name + ": " + key.example + "\n";
    } else {
      out += "# " + key.name + ": " + (key.default_text.empty() ? key.example : key.default_text) + "\n";
    }
  }
  return out;
}

}  // namespace puzzlepress::book
