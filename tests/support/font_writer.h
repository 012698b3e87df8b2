// A font file reduced to what book/text/font_coverage.h reads: the sfnt header and one 'cmap'
// table with a (3,10) format 12 subtable mapping each chosen character to its own glyph. Enough
// for the coverage check (which runs before any font is loaded); libharu cannot load it.
#pragma once

#include <string>

namespace puzzlepress::testing {

/// The bytes of a "font" that maps exactly `characters` (each to glyph 1, 2, …).
std::string cmap_only_font(const std::u32string& characters);

/// Printable ASCII (U+0020-U+007E) and Latin-1 (U+00A0-U+00FF), the en and em dashes, curly
/// and low quotes, single guillemets, ellipsis, bullet, thin spaces, minus and stars (what the
/// shipped locales print); minus `without`.
std::u32string latin_text_characters(const std::u32string& without = U"");

}  // namespace puzzlepress::testing
