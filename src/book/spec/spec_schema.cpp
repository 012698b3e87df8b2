#include "book/spec/spec_schema.h"

#include <cctype>
#include <string_view>
#include <vector>

#include "book/spec/spec_keys.h"
#include "util/json_text.h"

namespace puzzlepress::book {
namespace {

// A JSON value being written: just enough of a tree to pretty-print a schema.
struct Json {
  enum class Kind { raw, string, array, object };
  Kind kind = Kind::raw;
  std::string text;         ///< raw: the literal; string: the text
  std::vector<Json> items;  ///< array
  // An object's members in insertion order: keys[i] names values[i]. (Not a vector of pairs:
  // clang 14 in C++20 would need Json complete inside its own definition.)
  std::vector<std::string> keys;
  std::vector<Json> values;

  static Json raw(std::string literal) { return {Kind::raw, std::move(literal), {}, {}, {}}; }
  static Json str(std::string value) { return {Kind::string, std::move(value), {}, {}, {}}; }
  static Json array() { return {Kind::array, {}, {}, {}, {}}; }
  static Json object() { return {Kind::object, {}, {}, {}, {}}; }
  Json& set(std::string key, Json value) {
    keys.push_back(std::move(key));
    values.push_back(std::move(value));
    return *this;
  }
  // Appends every member of `other` (an object).
  void take_members(Json&& other) {
    for (std::size_t i = 0; i < other.keys.size(); ++i) set(std::move(other.keys[i]), std::move(other.values[i]));
  }
};

std::string quoted(std::string_view text) { return util::json_quote(text); }

void print(const Json& j, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
  switch (j.kind) {
    case Json::Kind::raw: out += j.text; return;
    case Json::Kind::string: out += quoted(j.text); return;
    case Json::Kind::array: {
      // Arrays of plain values stay on one line: ["easy", "medium"].
      bool flat = true;
      for (const Json& item : j.items) flat = flat && (item.kind == Json::Kind::raw || item.kind == Json::Kind::string);
      if (j.items.empty()) {
        out += "[]";
        return;
      }
      out += flat ? "[" : "[\n";
      for (std::size_t i = 0; i < j.items.size(); ++i) {
        if (!flat) out += pad;
        print(j.items[i], indent + 2, out);
        if (i + 1 < j.items.size()) out += flat ? ", " : ",\n";
      }
      out += flat ? "]" : "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "]";
      return;
    }
    case Json::Kind::object: {
      if (j.keys.empty()) {
        out += "{}";
        return;
      }
      out += "{\n";
      for (std::size_t i = 0; i < j.keys.size(); ++i) {
        out += pad + quoted(j.keys[i]) + ": ";
        print(j.values[i], indent + 2, out);
        out += i + 1 < j.keys.size() ? ",\n" : "\n";
      }
      out += std::string(static_cast<std::size_t>(indent), ' ') + "}";
      return;
    }
  }
}

std::string unquote(std::string text) {
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
    return text.substr(1, text.size() - 2);
  }
  return text;
}

// A scalar of `key`'s type written as YAML text ("42", "true", "\"#1d3557\"", "hard"), as JSON.
Json scalar_value(const SpecKey& key, const std::string& yaml) {
  switch (key.type) {
    case ValueType::integer:
    case ValueType::number:
    case ValueType::boolean: return Json::raw(yaml);
    default: return Json::str(unquote(yaml));
  }
}

// "[title, copyright]" (a flow list of plain scalars) as a JSON array of `item`'s values.
Json flow_list(const SpecKey& item, std::string text) {
  Json out = Json::array();
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return out;
  text = text.substr(1, text.size() - 2);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string piece = text.substr(start, comma - start);
    while (!piece.empty() && piece.front() == ' ') piece.erase(0, 1);
    while (!piece.empty() && piece.back() == ' ') piece.pop_back();
    if (!piece.empty()) out.items.push_back(scalar_value(item, piece));
    start = comma + 1;
  }
  return out;
}

/// A string schema for `words` in any letter case, as the spec reader takes them: the words as an
/// enum (an editor completes them) or a case-blind pattern ("Pattern", "AUTO").
Json any_case_words(const std::vector<std::string>& words) {
  Json names = Json::array();
  std::string pattern = "^(?:";
  for (std::size_t i = 0; i < words.size(); ++i) {
    names.items.push_back(Json::str(words[i]));
    if (i > 0) pattern += '|';
    for (const char ch : words[i]) {
      const auto byte = static_cast<unsigned char>(ch);
      if (std::isalpha(byte)) {
        pattern += '[';
        pattern += static_cast<char>(std::toupper(byte));
        pattern += static_cast<char>(std::tolower(byte));
        pattern += ']';
      } else {
        if (std::string_view("\\^$.|?*+()[]{}/").find(ch) != std::string_view::npos) pattern += '\\';
        pattern += ch;
      }
    }
  }
  pattern += ")$";
  Json exact = Json::object();
  exact.set("enum", std::move(names));
  Json any_case = Json::object();
  any_case.set("pattern", Json::str(pattern));
  Json any = Json::array();
  any.items.push_back(std::move(exact));
  any.items.push_back(std::move(any_case));
  Json out = Json::object();
  out.set("type", Json::str("string")).set("anyOf", std::move(any));
  return out;
}

bool is_scalar(ValueType type) { return type != ValueType::list && type != ValueType::mapping; }

Json schema_of(const SpecKey& key);

Json object_of(const std::vector<SpecKey>& fields) {
  Json properties = Json::object();
  Json required = Json::array();
  for (const SpecKey& field : fields) {
    properties.set(field.name, schema_of(field));
    if (field.required) required.items.push_back(Json::str(field.name));
  }
  Json out = Json::object();
  out.set("type", Json::str("object")).set("properties", std::move(properties));
  if (!required.items.empty()) out.set("required", std::move(required));
  out.set("additionalProperties", Json::raw("false"));
  return out;
}

Json schema_of(const SpecKey& key) {
  Json out = Json::object();
  if (!key.meaning.empty()) out.set("description", Json::str(key.meaning));
  switch (key.type) {
    case ValueType::text:
    case ValueType::path: out.set("type", Json::str("string")); break;
    case ValueType::integer:
      out.set("type", Json::str("integer"))
          .set("minimum", Json::raw(std::to_string(key.min)))
          .set("maximum", Json::raw(std::to_string(key.max)));
      break;
    case ValueType::boolean: out.set("type", Json::str("boolean")); break;
    case ValueType::number: out.set("type", Json::str("number")); break;
    case ValueType::colour: out.set("type", Json::str("string")).set("pattern", Json::str("^#[0-9A-Fa-f]{6}$")); break;
    case ValueType::choice: {
      std::vector<std::string> names = key.choices;
      for (const auto& alias : key.aliases) names.push_back(alias.first);
      out.take_members(any_case_words(names));
      break;
    }
    case ValueType::list: {
      Json list = Json::object();
      list.set("type", Json::str("array"));
      if (!key.fields.empty()) list.set("items", schema_of(key.fields.front()));
      if (key.unique_items) list.set("uniqueItems", Json::raw("true"));
      if (key.max > 0) list.set("minItems", Json::raw("1")).set("maxItems", Json::raw(std::to_string(key.max)));
      if (key.or_words.empty()) {
        out.take_members(std::move(list));
        break;
      }
      Json any = Json::array();
      any.items.push_back(std::move(list));
      any.items.push_back(any_case_words(key.or_words));
      out.set("anyOf", std::move(any));
      break;
    }
    case ValueType::mapping: {
      Json object = object_of(key.fields);
      out.take_members(std::move(object));
      break;
    }
  }
  if (!key.default_text.empty()) {
    if (is_scalar(key.type)) {
      out.set("default", scalar_value(key, key.default_text));
    } else if (key.type == ValueType::list && !key.fields.empty() && is_scalar(key.fields.front().type)) {
      out.set("default", flow_list(key.fields.front(), key.default_text));
    }
  }
  if (!key.example.empty() && is_scalar(key.type)) {
    Json examples = Json::array();
    examples.items.push_back(scalar_value(key, key.example));
    out.set("examples", std::move(examples));
  }
  return out;
}

}  // namespace

std::string spec_schema_json() {
  Json root = Json::object();
  root.set("$schema", Json::str("http://json-schema.org/draft-07/schema#"))
      .set("title", Json::str("puzzlepress book spec"))
      .set("description", Json::str("A YAML book spec for `puzzlepress build` (generated by `puzzlepress schema` "
                                    "from the keys the loader accepts)."));
  root.take_members(object_of(spec_keys()));
  std::string out;
  print(root, 0, out);
  return out + "\n";
}

}  // namespace puzzlepress::book
