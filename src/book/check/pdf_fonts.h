// pdf_fonts: what the qpdf files of book/check ask of a font dictionary (pdf_fonts.cpp defines
// them), and the two readings of PDF objects they share. Internal to book/check: it names
// qpdf's types, so no file outside includes it.
#pragma once

#include <qpdf/QPDFObjectHandle.hh>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/page.h"

namespace puzzlepress::book {

/// The font's /BaseFont without the leading '/', or "(unnamed)".
std::string font_name(QPDFObjectHandle font);
/// A FontDescriptor with /FontFile, /FontFile2 or /FontFile3.
bool has_font_file(QPDFObjectHandle descriptor);
/// Embedded: Type3 (drawn by the PDF itself), or a font file in its descriptor (the descendant
/// font's, for Type0). A base-14 font without a descriptor is not.
bool font_embedded(QPDFObjectHandle font);

/// A /ToUnicode CMap's bfchar and bfrange entries: code -> its text (UTF-8). Codes of one or
/// two bytes; at most kMaxToUnicodeCodes entries (a range is one).
class ToUnicode {
 public:
  /// Parses the CMap's text; nothing when it holds no mapping or passes the bound.
  static std::optional<ToUnicode> parse(std::string_view cmap);
  /// The text of `code`, or nothing when the map does not name it (or names no valid UTF-16).
  std::optional<std::string> find(long code) const;

 private:
  struct Range {
    long low = 0;
    long high = 0;
    std::string first;  ///< UTF-16BE of `low`; each next code raises its last unit by one
  };
  std::vector<Range> ranges_;           // sorted by low
  std::map<long, std::string> single_;  // bfchar and bfrange arrays: code -> UTF-16BE
};
inline constexpr long kMaxToUnicodeCodes = 0x10000;
inline constexpr std::size_t kMaxToUnicodeBytes = std::size_t{1} << 20;

/// What text placement needs of a font: advance widths by code, ascent and descent.
struct FontMetrics {
  bool two_byte = false;          ///< Type0: two-byte codes
  std::map<long, double> widths;  ///< code -> width, 1/1000 em
  double default_width = 0;
  double ascent = 0.8;    ///< em
  double descent = -0.2;  ///< em
  std::string name;       ///< /BaseFont without the slash
  /// A CIDFontType2's /CIDToGIDMap stream (two bytes, big-endian, per CID), when it has one:
  /// a CID it maps to glyph 0 (or does not reach) prints .notdef, an empty box.
  std::shared_ptr<const std::string> glyph_of_cid;
  /// The /ToUnicode map, when the font has one that could be read: code -> UTF-8 text.
  std::shared_ptr<const ToUnicode> to_unicode;

  bool glyph_missing(long cid) const {
    if (!glyph_of_cid || cid < 0) return false;
    const std::size_t at = static_cast<std::size_t>(cid) * 2;
    if (at + 1 >= glyph_of_cid->size()) return true;
    return (*glyph_of_cid)[at] == 0 && (*glyph_of_cid)[at + 1] == 0;
  }

  double width(long code) const {
    const auto it = widths.find(code);
    return it == widths.end() ? default_width : it->second;
  }
};

/// The largest /CIDToGIDMap read (65536 CIDs); a larger one is not read.
inline constexpr std::size_t kMaxCidToGidBytes = std::size_t{2} << 16;

/// Width entries read from one font at most (a hostile /W cannot fill memory).
inline constexpr long kMaxWidthEntries = 0x10000;

/// `font`'s metrics (a simple font's /Widths, a Type0 font's descendant /W and /DW, the
/// descriptor's ascent and descent); defaults for what it lacks or cannot read.
/// With `glyph_map`, also the /CIDToGIDMap and the /ToUnicode map (only for fonts read once: a direct font object is
/// read again at every Tf that names it).
FontMetrics read_font(QPDFObjectHandle font, bool glyph_map = true);

/// A number object's value, or `fallback` when `h` is no number or not finite.
double number_or(QPDFObjectHandle h, double fallback);

/// A rectangle object as a box (corners in either order), or nothing.
std::optional<render::Box> rectangle(QPDFObjectHandle h);

}  // namespace puzzlepress::book
