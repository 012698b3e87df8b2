#include <doctest/doctest.h>

#include <string>

#include "book/text/yaml_reader.h"
#include "support/errors.h"

using namespace puzzlepress::book;

namespace {
std::string parse_error(const std::string& text, const YamlLimits& limits = {}) {
  return puzzlepress::testing::input_error_of([&] { parse_yaml(text, "f.yaml", limits); });
}

// A 9-way alias chain `levels` deep: expands to 9^(levels+1) scalars from a few hundred bytes.
std::string alias_bomb(const std::string& key_prefix, int levels) {
  std::string text = key_prefix + "0: &a0 [x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= levels; ++i) {
    const std::string prev = "*a" + std::to_string(i - 1);
    text += key_prefix + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 9; ++k) text += (k ? ", " : "") + prev;
    text += "]\n";
  }
  return text;
}
}  // namespace

TEST_SUITE("yaml_reader") {
  TEST_CASE("hostile input: invalid UTF-8, a second document, deep nesting") {
    CHECK(parse_error("a: 1\nb: x\xff\xfey\n") == "f.yaml:2:5: invalid UTF-8 (byte 0xFF): save the file as UTF-8");
    CHECK(parse_error("a: \xc3\xa9\xc0\xaf\n") == "f.yaml:1:5: invalid UTF-8 (byte 0xC0): save the file as UTF-8");
    CHECK(parse_error("a: \xed\xa0\x80\n") == "f.yaml:1:4: invalid UTF-8 (byte 0xED): save the file as UTF-8");
    CHECK(parse_error("a: 1\n---\nb: 2\n") ==
          "f.yaml:2:1: a second YAML document (after '---'): the file must hold one document only");
    // With a byte order mark (Windows editors) the marker is still found; after '...' a second
    // document needs no '---'.
    CHECK(parse_error("\xEF\xBB\xBF"
                      "a: 1\n---\nb: 2\n") ==
          "f.yaml:2:1: a second YAML document (after '---'): the file must hold one document only");
    CHECK(parse_error("a: 1\n...\n# note\nb: 2\n") ==
          "f.yaml:4:1: a second YAML document (after '...'): the file must hold one document only");
    // A NUL byte made yaml-cpp read the file as UTF-16, with positions past its end (found in
    // review: an uncaught std::out_of_range); control characters are refused where they are.
    CHECK(parse_error(std::string("a: 1\nb: x\0y\n", 12)) ==
          "f.yaml:2:5: control character U+0000 in the file: YAML is text (save it as UTF-8 text)");
    CHECK(parse_error("a: \x1b[31m\n") ==
          "f.yaml:1:4: control character U+001B in the file: YAML is text (save it as UTF-8 text)");
    CHECK(parse_yaml("a: 1\r\nb:\t2\r\n", "f.yaml").entries.size() == 2);  // CR, LF and tab are text
    // Found by fuzz_layout: yaml-cpp's LoadAll made empty documents from this for ever (time and
    // memory without bound). Now read at most two documents: an error at the line.
    CHECK(parse_error("# Two puzzles a page, stacked\n,N11puzzlepress10# I") ==
          "f.yaml:2:1: YAML syntax error: cannot read on from here (expected 'key: value' or the end of the file)");
    CHECK(parse_yaml("---\na: 1\n", "f.yaml").entries.size() == 1);  // one document, marked
    // yaml-cpp's own depth guard (2000) used to read "bad file".
    const std::string deep = "a: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
    CHECK(parse_error(deep).ends_with(": the YAML is nested deeper than 64 levels"));
    const std::string nested = "a: " + std::string(65, '[') + std::string(65, ']') + "\n";
    CHECK(parse_error(nested) == "f.yaml:1:68: the YAML is nested deeper than 64 levels");
    CHECK(parse_error("a: " + std::string(63, '[') + std::string(63, ']') + "\n") == "no error");
  }

  TEST_CASE("alias bombs: budgeted, and not expanded under a refused top-level key") {
    const std::string bomb = alias_bomb("k", 8);  // 9^9 = 387 million scalars
    CHECK(bomb.size() < 600);
    CHECK(parse_error(bomb).ends_with(
        ": the YAML expands to more than 100000 values (aliases repeat what they name; write the values out)"));
    // With the known keys given, an unknown key's value is left unexpanded (null), so the
    // reader can refuse the key itself.
    YamlLimits limits;
    limits.top_level_keys = {"title"};
    const YamlNode root = parse_yaml("title: T\n" + alias_bomb("zz", 8), "f.yaml", limits);
    REQUIRE(root.entries.size() == 10);
    CHECK(root.entries[1].key.scalar == "zz0");
    CHECK(root.entries[1].value.kind == YamlNode::Kind::null);
    const YamlReader reader("f.yaml");
    std::string message;
    try {
      MapReader(reader, root, "", {"title"});
    } catch (const SpecError& e) {
      message = e.what();
    }
    CHECK(message == "f.yaml:2:1: unknown key 'zz0' (expected one of: title)");
    // A bomb under a known key still meets the budget.
    limits.top_level_keys = {"title", "title8"};
    CHECK(parse_error("title: T\n" + alias_bomb("title", 8), limits)
              .ends_with("values (aliases repeat what they name; write the values out)"));
  }

  TEST_CASE("a spec too large without aliases is not blamed on aliases") {
    std::string many = "title: T\nlist:\n";
    for (int i = 0; i < 100001; ++i) many += "  - " + std::to_string(i) + "\n";
    CHECK(parse_error(many).ends_with(": the YAML holds more than 100000 values (a book spec holds a few dozen)"));
  }

  TEST_CASE("values echoed into messages are cut to 80 characters") {
    const YamlReader reader("f.yaml");
    const YamlNode root = parse_yaml("s: " + std::string(3000, 'z') + "\n", "f.yaml");
    std::string message;
    try {
      reader.get_integer(root.entries[0].value, "s");
    } catch (const SpecError& e) {
      message = e.what();
    }
    CHECK(message == "f.yaml:1:4: expected an integer for 's', got '" + std::string(80, 'z') + "... (3000 bytes)'");
  }

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
