// The book spec's keys as data: name, type, bounds, choices, default and a one-line meaning for
// every key the loader accepts. The loader takes its allowed keys, integer bounds and choice
// lists from this table (so a key cannot be accepted without being listed, nor listed without
// being read: tests/book/spec_keys_test.cpp), and everything that describes the spec to people
// or editors — the README's table, a starter spec, a JSON Schema — can be made from it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlepress::book {

enum class ValueType {
  text,     ///< a string
  integer,  ///< a base-10 integer in [min, max]
  boolean,  ///< true | false (any case)
  choice,   ///< one of `choices` (any case), or an alias
  path,     ///< a file path, relative to the spec's folder
  number,   ///< a decimal number (its range is in `meaning`)
  colour,   ///< "#rrggbb" (quoted: YAML reads an unquoted # as a comment)
  list,     ///< a YAML list of `item` values
  mapping,  ///< a YAML mapping of `fields`
};

struct SpecKey {
  std::string name;
  ValueType type = ValueType::text;
  std::string meaning;  ///< one line for people
  bool required = false;
  std::string default_text;  ///< the default as YAML text; empty when there is none
  std::int64_t min = 0;      ///< integer bounds, inclusive
  std::int64_t max = 0;
  std::vector<std::string> choices;                          ///< choice: canonical names
  std::vector<std::pair<std::string, std::string>> aliases;  ///< choice: alias -> name
  std::vector<SpecKey> fields;                               ///< mapping: its keys; list: the item (one entry, unnamed)
  bool unique_items = false;                                 ///< list: each item at most once
  std::vector<std::string> or_words{};  ///< list: words taken instead of a list (badges: auto); max: most items
  std::string example;                  ///< a valid value as YAML text, for starters and tests
};

/// The top-level keys of a book spec, in the order the README and starter specs list them.
const std::vector<SpecKey>& spec_keys();

/// The names of `keys`, for MapReader.
std::vector<std::string_view> key_names(const std::vector<SpecKey>& keys);

/// The key called `name` in `keys`. Precondition: it is there (a programming error otherwise:
/// throws std::logic_error).
const SpecKey& key_named(const std::vector<SpecKey>& keys, std::string_view name);

/// "easy, medium, hard, extreme (or expert), evil": a choice key's names for messages.
std::string choice_list(const SpecKey& key);

/// The canonical name `text` stands for (any case; aliases resolved), or empty when none.
std::string match_choice(const SpecKey& key, std::string_view text);

}  // namespace puzzlepress::book
