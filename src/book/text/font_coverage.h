// Which characters a TrueType/OpenType font can print: its 'cmap' table read straight from the
// file's bytes (formats 4 and 12; no library). Used to refuse, when a spec loads, text the
// chosen fonts would print as empty boxes.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "util/result.h"

namespace puzzlepress::book {

/// The code points a font maps to a glyph other than .notdef, as sorted, disjoint, inclusive
/// ranges.
struct FontCoverage {
  std::vector<std::pair<char32_t, char32_t>> ranges;
  bool covers(char32_t c) const;
};

/// Reads the Unicode cmap of a font file's bytes: the (3,10) or (0,4+) subtable in format 12,
/// else the (3,1) or (0,0-3) subtable in format 4. Fails ("not a TrueType/OpenType font", "no
/// Unicode cmap", "damaged cmap") without reading outside `bytes`.
util::Result<FontCoverage> read_font_coverage(std::string_view bytes);

}  // namespace puzzlepress::book
