// `puzzlepress init`'s starter spec: every key of the spec key table (book/spec/spec_keys.h) with its
// meaning, default or choices, as a commented YAML file that builds as it is. Made from the
// table, so a key the loader learns appears here without a second edit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace puzzlepress::book {

/// Which kind of book the starter begins as.
///   standard:    9x9 digits, easy to evil, 100 puzzles; 8.5x11 two-up (the spec defaults).
///   kids:        shapes on 4x4 then 6x6 grids (easy, medium), 100 puzzles; 8x10 two-up —
///                the settings of examples/kids-shapes-8x10.yaml.
///   large_print: 9x9 digits, easy to hard, 100 puzzles; 8.5x11 with the large-print preset.
enum class StarterKind { standard, kids, large_print };

struct StarterOptions {
  StarterKind kind = StarterKind::standard;
  std::optional<std::string> trim;    ///< --trim: replaces the kind's trim (text as given)
  std::optional<std::string> layout;  ///< --layout: replaces the kind's preset
  std::uint32_t seed = 0;             ///< the book's seed
  std::string file_name;              ///< the spec's file name, for the "build it with" line
  std::string schema_ref;             ///< where the schema is, for the yaml-language-server line;
                                      ///< empty: no such line
};

/// The starter spec's text. The caller checks that it loads (trim and layout come as given).
std::string starter_spec(const StarterOptions& options);

/// The trim and layout preset `kind` starts with ("8x10", "two-up"), before any flag.
std::string starter_trim(StarterKind kind);
std::string starter_layout(StarterKind kind);

}  // namespace puzzlepress::book
