// The JSON Schema of a book spec, made from the spec key table (book/spec/spec_keys.h) — the same
// table the loader takes its keys, bounds and choices from — so editors that read it
// (yaml-language-server and the like) complete keys and flag typos exactly where the loader
// would. `puzzlepress schema` prints it; the repository ships it as puzzlepress.schema.json.
#pragma once

#include <string>

namespace puzzlepress::book {

/// The schema (JSON Schema draft-07) as pretty-printed JSON text, ending in a newline. The
/// same table gives the same bytes. Mappings forbid keys outside the table
/// (additionalProperties: false), as the loader does; choices are listed in their canonical
/// lower-case spelling and aliases (the loader also takes any case); integers carry their
/// bounds, colours their "#rrggbb" pattern, every key its meaning, default and an example.
std::string spec_schema_json();

/// The file name the schema ships under: "puzzlepress.schema.json".
inline constexpr const char* kSchemaFileName = "puzzlepress.schema.json";

}  // namespace puzzlepress::book
