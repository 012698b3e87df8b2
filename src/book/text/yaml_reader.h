// YAML reader: a YAML text as a plain tree with positions, and typed getters that fail with
// "FILE:LINE:COL: message". Knows nothing of what any key means (that is spec.cpp's job).
// yaml-cpp is used only inside yaml_reader.cpp; no yaml-cpp type appears here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "book/text/spec_error.h"

namespace puzzlepress::book {

struct YamlEntry;

/// One YAML node. Anchors/aliases are already resolved; mapping entries keep document order and
/// duplicates (yaml-cpp keeps both), so duplicate keys can be reported.
struct YamlNode {
  enum class Kind { null, scalar, sequence, mapping };
  Kind kind = Kind::null;
  std::string scalar;              ///< text of a scalar (unquoted); empty otherwise
  bool quoted = false;             ///< scalar was written in quotes ('...' or "...")
  Location where;                  ///< 1-based start of the node; an empty value points at its
                                   ///< key (yaml-cpp would place it on the next line)
  std::vector<YamlNode> items;     ///< sequence items
  std::vector<YamlEntry> entries;  ///< mapping entries, document order
};

struct YamlEntry {
  YamlNode key;
  YamlNode value;
};

/// "nothing", "a string", "a sequence", "a mapping": for "got ..." in messages.
std::string_view describe_kind(YamlNode::Kind kind);

/// Bounds on what parse_yaml builds, so no input of 1 MiB can take more than a few MiB.
struct YamlLimits {
  /// Most nodes in the tree, aliases expanded (a spec of 5000 puzzles has ~100 nodes).
  std::size_t max_nodes = 100000;
  /// Deepest nesting (a spec nests 4 levels).
  int max_depth = 64;
  /// When not empty: values of top-level keys not in this list are left unexpanded (null), so
  /// an unknown key is refused by its MapReader before its value costs anything.
  std::vector<std::string_view> top_level_keys;
};

/// Parses `text`, which must be one YAML document. An empty document (or one of comments only)
/// gives a null node at 1:1. Throws SpecError at FILE:L:C for: invalid UTF-8 ("invalid UTF-8
/// (byte 0xFF): save the file as UTF-8", at the byte), a second document ("a second YAML
/// document (after '---'): ..."), nesting deeper than limits.max_depth ("the YAML is nested
/// deeper than 64 levels"), more than limits.max_nodes nodes ("the YAML expands to more than
/// 100000 values (...)"), and syntax ("YAML syntax error: <yaml-cpp's message>").
YamlNode parse_yaml(std::string_view text, const std::string& file, const YamlLimits& limits = {});

/// Typed access to the values of one file. `name` arguments are the key path used in messages
/// (e.g. "seed", "puzzles[1].count"); every error points at the value (or at the key when the
/// value is empty).
class YamlReader {
 public:
  explicit YamlReader(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }

  [[noreturn]] void fail(Location where, const std::string& message) const;

  /// A scalar as text. "expected a string for 'NAME', got a sequence".
  std::string get_string(const YamlNode& value, std::string_view name) const;
  /// A base-10 integer (optional sign, no fraction). "expected an integer for 'NAME', got 'abc'".
  std::int64_t get_integer(const YamlNode& value, std::string_view name) const;
  /// true/false (any case). "expected true or false for 'NAME', got 'yes'".
  bool get_bool(const YamlNode& value, std::string_view name) const;
  /// Fails unless `value` is a sequence: "expected a list for 'NAME', got a string".
  const std::vector<YamlNode>& get_sequence(const YamlNode& value, std::string_view name) const;

 private:
  std::string file_;
};

/// A mapping whose keys were checked against a fixed list: the constructor fails on a value that
/// is not a mapping, on a key that is not a plain scalar, on an unknown key
/// ("unknown key 'trimsize' (expected one of: a, b); did you mean 'trim'?", see suggest_key) and on a duplicate
/// ("duplicate key 'title' (first given at 2:1)"). `name` is the mapping's key path, empty for
/// the top level.
class MapReader {
 public:
  MapReader(const YamlReader& reader, const YamlNode& map, std::string name,
            std::vector<std::string_view> allowed_keys);

  /// The value of `key`, or nullptr when absent. `key` must be one of the allowed keys.
  const YamlNode* find(std::string_view key) const;
  /// The value of `key`; fails at the mapping's start: "missing required key 'title'" (top
  /// level) or "missing required key 'count' in 'puzzles[1]'".
  const YamlNode& require(std::string_view key) const;
  /// Where a present `key` itself is written.
  Location key_where(std::string_view key) const;
  /// Key path of a child: "seed" at the top level, "solutions.per_page" below.
  std::string path(std::string_view key) const;

 private:
  const YamlEntry* entry(std::string_view key) const;

  const YamlReader& reader_;
  const YamlNode& map_;
  std::string name_;
};

/// The key of `keys` a person most likely meant by `typed` (compared in lower case): the
/// nearest within edit distance 2, else the longest key that `typed` starts with or that starts
/// with `typed` (3 characters at least); empty when none fits.
std::string_view suggest_key(std::string_view typed, const std::vector<std::string_view>& keys);

/// Levenshtein distance (insert, delete, substitute; each costs 1).
int edit_distance(std::string_view a, std::string_view b);

/// The yaml-cpp version built against, e.g. "0.7.0". yaml-cpp has no version macro or
/// function: this is its CMake package's version (find_package), passed in by the build.
std::string yaml_cpp_version();

}  // namespace puzzlepress::book
