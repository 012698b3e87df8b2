#include <doctest/doctest.h>

#include <string>

#include "book/yaml_reader.h"

using namespace puzzlepress::book;

TEST_SUITE("yaml_reader") {
  TEST_CASE("the tree keeps kinds, text, quoting and 1-based positions") {
    const YamlNode root = parse_yaml("a: 1\nb:\n  - x\n  - 'y'\nc:\n", "f.yaml");
    REQUIRE(root.kind == YamlNode::Kind::mapping);
    REQUIRE(root.entries.size() == 3);
    CHECK(root.entries[0].key.scalar == "a");
    CHECK(root.entries[0].value.scalar == "1");
    CHECK(root.entries[0].value.where.line == 1);
    CHECK(root.entries[0].value.where.column == 4);
    const YamlNode& list = root.entries[1].value;
    REQUIRE(list.kind == YamlNode::Kind::sequence);
    REQUIRE(list.items.size() == 2);
    CHECK_FALSE(list.items[0].quoted);
    CHECK(list.items[1].quoted);
    CHECK(list.items[1].where.line == 4);
    CHECK(list.items[1].where.column == 5);
    // An empty value points at its key, not at the next line.
    CHECK(root.entries[2].value.kind == YamlNode::Kind::null);
    CHECK(root.entries[2].value.where.line == 5);
    CHECK(root.entries[2].value.where.column == 1);
  }

  TEST_CASE("typed getters") {
    const YamlReader reader("f.yaml");
    const YamlNode root = parse_yaml("i: +12\nn: -3\nt: TRUE\nf: false\ns: text\n", "f.yaml");
    CHECK(reader.get_integer(root.entries[0].value, "i") == 12);
    CHECK(reader.get_integer(root.entries[1].value, "n") == -3);
    CHECK(reader.get_bool(root.entries[2].value, "t"));
    CHECK_FALSE(reader.get_bool(root.entries[3].value, "f"));
    CHECK(reader.get_string(root.entries[4].value, "s") == "text");
    std::string message;
    try {
      reader.get_integer(root.entries[4].value, "s");
    } catch (const SpecError& e) {
      message = e.what();
    }
    CHECK(message == "f.yaml:5:4: expected an integer for 's', got 'text'");
  }

  TEST_CASE("MapReader: find, require, paths") {
    const YamlReader reader("f.yaml");
    const YamlNode root = parse_yaml("outer:\n  k: v\n", "f.yaml");
    const MapReader top(reader, root, "", {"outer"});
    REQUIRE(top.find("outer") != nullptr);
    const MapReader inner(reader, *top.find("outer"), "outer", {"k", "other"});
    CHECK(inner.require("k").scalar == "v");
    CHECK(inner.find("other") == nullptr);
    CHECK(inner.path("k") == "outer.k");
    CHECK(top.path("outer") == "outer");
    CHECK(inner.key_where("k").line == 2);
    CHECK(inner.key_where("k").column == 3);
    std::string message;
    try {
      inner.require("other");
    } catch (const SpecError& e) {
      message = e.what();
    }
    CHECK(message == "f.yaml:2:3: missing required key 'other' in 'outer'");
  }

  TEST_CASE("duplicate keys in flow mappings too") {
    const YamlReader reader("f.yaml");
    const YamlNode root = parse_yaml("{a: 1, b: 2, a: 3}", "f.yaml");
    std::string message;
    try {
      MapReader(reader, root, "", {"a", "b"});
    } catch (const SpecError& e) {
      message = e.what();
    }
    CHECK(message == "f.yaml:1:14: duplicate key 'a' (first given at 1:2)");
  }

  TEST_CASE("key suggestions") {
    const std::vector<std::string_view> keys = {"title", "trim", "front_matter", "seed"};
    CHECK(suggest_key("trimsize", keys) == "trim");
    CHECK(suggest_key("Titel", keys) == "title");
    CHECK(suggest_key("front", keys) == "front_matter");
    CHECK(suggest_key("seeds", keys) == "seed");
    CHECK(suggest_key("colour", keys).empty());
    CHECK(suggest_key("xy", keys).empty());
  }

  TEST_CASE("edit distance") {
    CHECK(edit_distance("", "") == 0);
    CHECK(edit_distance("trim", "trim") == 0);
    CHECK(edit_distance("trimsize", "trim") == 4);
    CHECK(edit_distance("titel", "title") == 2);
    CHECK(edit_distance("seeds", "seed") == 1);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("kitten", "sitting") == 3);
  }
}
