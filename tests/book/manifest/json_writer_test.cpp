#include "book/manifest/json_writer.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace puzzlepress::book {

namespace {

using Json = nlohmann::ordered_json;

// The same values written by JsonWriter from `tree`, by walking it (what a caller does by hand).
void write(JsonWriter& out, const Json& tree) {
  if (tree.is_object()) {
    out.begin_object();
    for (const auto& [key, value] : tree.items()) {
      out.key(key);
      write(out, value);
    }
    out.end_object();
  } else if (tree.is_array()) {
    out.begin_array();
    for (const Json& value : tree) write(out, value);
    out.end_array();
  } else if (tree.is_string()) {
    out.value(tree.get<std::string>());
  } else if (tree.is_boolean()) {
    out.value(tree.get<bool>());
  } else if (tree.is_number_float()) {
    out.value(tree.get<double>());
  } else if (tree.is_number()) {
    out.value(tree.get<std::int64_t>());
  } else {
    out.null();
  }
}

std::string written(const Json& tree) {
  JsonWriter out;
  write(out, tree);
  return out.take();
}

}  // namespace

TEST_SUITE("json_writer") {
  TEST_CASE("nested and empty containers, every kind of value: nlohmann's dump(2)") {
    const Json trees[] = {
        Json::object(),
        Json::array(),
        Json("top-level string"),
        Json(42),
        Json(nullptr),
        Json::parse(R"([[], {}, [[]], [{}], {"a": []}, {"b": {}}, [1, [2, [3, [4]]]]])"),
        Json::parse(R"({"x": {"y": {"z": [true, false, null, -0.0, 1e300, 0.1, -7]}}, "": "", "q\"k": "\u0001"})"),
        Json::parse(R"([{"a": 1, "b": [{"c": {}}]}, {"d": [[], [[]]]}])"),
        Json{{"min", std::numeric_limits<std::int64_t>::min()}, {"max", std::numeric_limits<std::int64_t>::max()}},
    };
    for (const Json& tree : trees) {
      CAPTURE(tree.dump());
      CHECK(written(tree) == tree.dump(2));
    }
  }

  TEST_CASE("a value dumped on its own sits at any depth, in an object or an array") {
    const Json inner = Json::parse(R"({"k": [1, {"m": "line\nfeed"}], "e": {}})");
    for (int depth = 0; depth < 4; ++depth) {
      Json tree = inner;
      JsonWriter out;
      for (int i = 0; i < depth; ++i) {
        if (i % 2 == 0) {
          out.begin_array();
          out.value(i);
        } else {
          out.begin_object();
          out.key("at");
        }
      }
      out.dumped(inner.dump(2));
      for (int i = depth - 1; i >= 0; --i) {
        if (i % 2 == 0) {
          out.end_array();
          tree = Json::array({i, tree});
        } else {
          out.end_object();
          tree = Json{{"at", tree}};
        }
      }
      CAPTURE(depth);
      CHECK(out.take() == tree.dump(2));
    }
  }

  TEST_CASE("misuse is refused, not written as broken JSON") {
    JsonWriter object;
    object.begin_object();
    CHECK_THROWS_AS(object.value(1), std::logic_error);  // a member needs its key
    CHECK_THROWS_AS(object.end_array(), std::logic_error);
    object.key("a");
    CHECK_THROWS_AS(object.key("b"), std::logic_error);  // the key's value first
    CHECK_THROWS_AS(object.end_object(), std::logic_error);
    JsonWriter array;
    array.begin_array();
    CHECK_THROWS_AS(array.key("a"), std::logic_error);  // arrays have no keys
    CHECK_THROWS_AS(array.end_object(), std::logic_error);
    JsonWriter top;
    CHECK_THROWS_AS(top.key("a"), std::logic_error);
    CHECK_THROWS_AS(top.end_object(), std::logic_error);
  }
}

}  // namespace puzzlepress::book
