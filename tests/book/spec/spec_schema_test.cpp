// The JSON Schema and the starter spec are made from the spec key table: the schema names
// exactly the table's keys (and so exactly the loader's: spec_keys_test.cpp), forbids all others,
// and the copy the repository ships is the one `puzzlepress schema` prints. The starter spec
// lists every key and loads as it is, and also with every commented-out key switched on.
#include "book/spec/spec_schema.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "book/spec/spec.h"
#include "book/spec/spec_keys.h"
#include "book/spec/starter_spec.h"
#include "support/book_fixtures.h"
#include "support/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;
using nlohmann::json;
using testing::read_bytes;

namespace {

// Checks that `words` (a string schema: an enum or a case-blind pattern) takes each of `names`
// as written, in capitals and with a capital first letter, and nothing else.
void check_any_case(const json& words, const std::vector<std::string>& names) {
  REQUIRE(words.at("type") == "string");
  const json& exact = words.at("anyOf").at(0).at("enum");
  CHECK(exact.size() == names.size());
  const std::regex pattern(words.at("anyOf").at(1).at("pattern").get<std::string>(), std::regex::ECMAScript);
  for (const std::string& name : names) {
    CAPTURE(name);
    CHECK(std::count(exact.begin(), exact.end(), name) == 1);
    std::string upper = name, title = name;
    for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    title[0] = upper[0];
    for (const std::string& form : {name, upper, title}) CHECK(std::regex_search(form, pattern));
    CHECK_FALSE(std::regex_search(name + "s", pattern));
    CHECK_FALSE(std::regex_search("x" + name, pattern));
  }
}

// Checks `object` (a schema of type object) against `keys`, recursively; `where` names the path.
void check_object(const json& object, const std::vector<SpecKey>& keys, const std::string& where) {
  CAPTURE(where);
  REQUIRE(object.at("type") == "object");
  CHECK(object.at("additionalProperties") == false);
  std::set<std::string> table, schema, table_required, schema_required;
  for (const SpecKey& k : keys) {
    table.insert(k.name);
    if (k.required) table_required.insert(k.name);
  }
  for (const auto& [name, value] : object.at("properties").items()) schema.insert(name);
  if (object.contains("required")) {
    for (const auto& name : object.at("required")) schema_required.insert(name.get<std::string>());
  }
  CHECK(schema == table);
  CHECK(schema_required == table_required);
  for (const SpecKey& k : keys) {
    CAPTURE(k.name);
    const json& property = object.at("properties").at(k.name);
    CHECK(property.contains("description"));
    if (k.type == ValueType::mapping) check_object(property, k.fields, where + "." + k.name);
    if (k.type == ValueType::list) {
      // A list that also takes a word (badges: auto): the list, or one of the words.
      const json& list = k.or_words.empty() ? property : property.at("anyOf").at(0);
      if (!k.or_words.empty()) check_any_case(property.at("anyOf").at(1), k.or_words);
      if (k.max > 0) CHECK(list.at("maxItems") == k.max);
      REQUIRE(list.at("type") == "array");
      const SpecKey& item = k.fields.front();
      if (item.type == ValueType::mapping) check_object(list.at("items"), item.fields, where + "." + k.name + "[]");
      if (item.type == ValueType::choice)
        CHECK(list.at("items").at("anyOf").at(0).at("enum").size() == item.choices.size() + item.aliases.size());
    }
    if (k.type == ValueType::choice) {
      std::vector<std::string> names = k.choices;
      for (const auto& alias : k.aliases) names.push_back(alias.first);
      check_any_case(property, names);
    }
    if (k.type == ValueType::integer) {
      CHECK(property.at("minimum") == k.min);
      CHECK(property.at("maximum") == k.max);
    }
  }
}

// Every key name of the table, nested ones included.
void collect_names(const std::vector<SpecKey>& keys, std::set<std::string>& names) {
  for (const SpecKey& k : keys) {
    if (!k.name.empty()) names.insert(k.name);
    collect_names(k.fields, names);
  }
}

// `starter` with every commented-out key switched on: top-level "# key: value" lines, and the
// lines of a commented-out mapping ("# cover:" and its "#   field: value" lines). Keys in `keep`
// stay commented out.
std::string switch_everything_on(const std::string& starter, const std::set<std::string>& keep) {
  std::set<std::string> top;
  for (const SpecKey& k : spec_keys()) top.insert(k.name);
  std::istringstream in(starter);
  std::string out;
  bool in_mapping = false;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) in_mapping = false;
    const auto colon = line.find(':');
    if (in_mapping && line.rfind("#   ", 0) == 0) {
      const std::string field = line.substr(4, line.find(':') - 4);
      out += (keep.count(field) ? line : line.substr(1)) + "\n";
      continue;
    }
    if (line.rfind("# ", 0) == 0 && colon != std::string::npos && top.count(line.substr(2, colon - 2))) {
      in_mapping = colon + 1 == line.size();
      out += line.substr(2) + "\n";
      continue;
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

TEST_SUITE("spec schema") {
  TEST_CASE("the schema names exactly the table's keys, forbids others, and carries bounds and choices") {
    const json schema = json::parse(spec_schema_json());
    CHECK(schema.at("$schema") == "http://json-schema.org/draft-07/schema#");
    check_object(schema, spec_keys(), "spec");
  }

  TEST_CASE("the shipped puzzlepress.schema.json is the one `puzzlepress schema` prints") {
    const fs::path shipped = fs::path(PUZZLEPRESS_SOURCE_DIR) / kSchemaFileName;
    INFO("regenerate it: ./build/src/cli/puzzlepress schema > puzzlepress.schema.json");
    CHECK(read_bytes(shipped) == spec_schema_json());
  }

  TEST_CASE("every example starts with the yaml-language-server line naming the shipped schema") {
    int examples = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(PUZZLEPRESS_SOURCE_DIR) / "examples")) {
      if (entry.path().extension() != ".yaml") continue;
      ++examples;
      CAPTURE(entry.path());
      const std::string text = read_bytes(entry.path());
      const std::string first = text.substr(0, text.find('\n'));
      const std::string prefix = "# yaml-language-server: $schema=";
      REQUIRE(first.rfind(prefix, 0) == 0);
      CHECK(fs::equivalent(entry.path().parent_path() / first.substr(prefix.size()),
                           fs::path(PUZZLEPRESS_SOURCE_DIR) / kSchemaFileName));
    }
    CHECK(examples >= 4);
  }
}

TEST_SUITE("starter spec") {
  TEST_CASE("it names every key of the table and loads as it is, for every kind") {
    std::set<std::string> names;
    collect_names(spec_keys(), names);
    for (StarterKind kind : {StarterKind::standard, StarterKind::kids, StarterKind::large_print}) {
      StarterOptions options;
      options.kind = kind;
      options.seed = 77;
      options.schema_ref = "file:///x/puzzlepress.schema.json";
      const std::string text = starter_spec(options);
      CHECK(text.rfind("# yaml-language-server: $schema=file:///x/puzzlepress.schema.json\n", 0) == 0);
      for (const std::string& name : names) {
        CAPTURE(name);
        CHECK(text.find(name + ":") != std::string::npos);
      }
      const BookSpec spec = load_spec(text, "book.yaml");
      CHECK(spec.seed == 77);
      CHECK(spec.trim_name == starter_trim(kind));
      CHECK(spec.layout.preset == starter_layout(kind));
      CHECK(!spec.sections.empty());
    }
  }

  TEST_CASE("with every commented-out key switched on it still loads: the defaults and examples shown are valid") {
    StarterOptions options;
    options.seed = 1;
    const std::string original = starter_spec(options);
    // front_image and barcode_image are read as images when loaded: they stay commented out.
    const std::string all_on = switch_everything_on(original, {"front_image", "barcode_image"});
    CHECK(all_on != original);
    const BookSpec spec = load_spec(all_on, "book.yaml", testing::any_file_exists);
    CHECK(spec.cover.has_value());
    CHECK(spec.solutions_per_page.has_value());
    CHECK(spec.fonts.digits.has_value());
    CHECK(spec.year == 2026);
  }

  TEST_CASE("kids: shapes on 4x4 then 6x6; --trim and --layout values are written as given") {
    StarterOptions options;
    options.kind = StarterKind::kids;
    options.trim = "6x9";
    options.layout = "four-up";
    const BookSpec spec = load_spec(starter_spec(options), "book.yaml");
    CHECK(spec.trim_name == "6x9");
    CHECK(spec.layout.preset == "four-up");
    REQUIRE(spec.sections.size() == 4);
    for (const Section& s : spec.sections) CHECK(s.skin == Skin::shapes);
    CHECK(spec.sections.front().shape == engine::kShape4x4);
    CHECK(spec.sections.back().shape == engine::kShape6x6);
  }
}
