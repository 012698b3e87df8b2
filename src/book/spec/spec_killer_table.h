// The spec's killer_table key (internal to book/spec: spec.cpp's loader calls it).
#pragma once

#include "book/spec/spec.h"
#include "book/text/yaml_reader.h"

namespace puzzlepress::book {

/// `killer_table:` of the spec's top-level mapping `top` into spec.killer_table (default false;
/// the sections read before). true in a book without killer sections is refused at its value:
/// the table is a killer solver's aid, and a page a book without cages cannot use.
void read_killer_table(const YamlReader& reader, const MapReader& top, BookSpec& spec);

}  // namespace puzzlepress::book
