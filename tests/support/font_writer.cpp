#include "support/font_writer.h"

#include <algorithm>
#include <cstdint>

namespace puzzlepress::testing {
namespace {

void put16(std::string& out, unsigned v) {
  out.push_back(static_cast<char>((v >> 8) & 0xFF));
  out.push_back(static_cast<char>(v & 0xFF));
}
void put32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xFF));
}

}  // namespace

std::string cmap_only_font(const std::u32string& characters) {
  std::u32string sorted = characters;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::string subtable;  // format 12: one group per character
  put16(subtable, 12);
  put16(subtable, 0);
  put32(subtable, static_cast<std::uint32_t>(16 + 12 * sorted.size()));
  put32(subtable, 0);  // language
  put32(subtable, static_cast<std::uint32_t>(sorted.size()));
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    put32(subtable, sorted[i]);
    put32(subtable, sorted[i]);
    put32(subtable, static_cast<std::uint32_t>(i + 1));
  }
  std::string cmap;
  put16(cmap, 0);  // version
  put16(cmap, 1);  // one encoding record
  put16(cmap, 3);
  put16(cmap, 10);
  put32(cmap, 12);  // the subtable follows the record
  cmap += subtable;
  std::string font;
  put32(font, 0x00010000);  // TrueType
  put16(font, 1);           // one table
  put16(font, 16);
  put16(font, 0);
  put16(font, 0);
  put32(font, 0x636D6170);  // 'cmap'
  put32(font, 0);           // checksum (not read)
  put32(font, 12 + 16);     // offset
  put32(font, static_cast<std::uint32_t>(cmap.size()));
  font += cmap;
  return font;
}

std::u32string latin_text_characters(const std::u32string& without) {
  std::u32string out;
  for (char32_t c = 0x20; c <= 0x7E; ++c) out.push_back(c);
  for (char32_t c = 0xA0; c <= 0xFF; ++c) out.push_back(c);
  out += U"\u2013\u2014\u2018\u2019\u201A\u201C\u201D\u201E\u2026\u2039\u203A\u2022\u2009\u202F\u2212\u2605\u2606";
  std::u32string kept;
  for (char32_t c : out)
    if (without.find(c) == std::u32string::npos) kept.push_back(c);
  return kept;
}

}  // namespace puzzlepress::testing
