// The manifest's records of single pages (internal to book/manifest: manifest.cpp writes them):
// how_to_play, copyright and cage_table, in that order, each when the book has it.
#pragma once

#include "book/manifest/json_writer.h"
#include "book/manifest/manifest.h"

namespace puzzlepress::book {

/// The page records of `m` as members of the object `out` is writing.
void write_page_records(JsonWriter& out, const Manifest& m);

}  // namespace puzzlepress::book
