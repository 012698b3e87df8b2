// The texts a book prints from its spec (title, subtitle, author, publisher, isbn, the cover's
// back text), and what we can print of them: no shaping engine, so no right-to-left or
// complex-shaping scripts; no control characters; only characters the chosen fonts map; and
// bounded lengths (libharu fails on a 64 KiB word).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/text/font_coverage.h"
#include "util/errors.h"

namespace puzzlepress::book {

/// Most characters of a one-line text (title, subtitle, author, publisher; KDP allows 200 for
/// title and subtitle together).
inline constexpr std::size_t kMaxLineChars = 200;
/// Most characters of the cover's back text.
inline constexpr std::size_t kMaxBlurbChars = 4000;

/// One text of the spec the book prints.
struct TextField {
  std::string key;         ///< key path as the spec writes it: "title", "cover.back_text"
  std::string text;        ///< UTF-8 (parse_yaml has checked it)
  Place place;             ///< its value in the spec
  bool multiline = false;  ///< line breaks allowed (back text)
};

/// Why `text` cannot be printed whatever the font, naming the first offending character, or
/// nothing. In this order: more than `max_chars` characters ("is 250 characters long; at most
/// 200"); a control or invisible formatting character ("has control character U+0000 at
/// character 2"; line breaks are allowed when `multiline`); a right-to-left script ("has 'ש'
/// (U+05E9, Hebrew) at character 1: right-to-left scripts are not supported"); a script or
/// mark that needs shaping ("has 'क' (U+0915, Devanagari) at character 1: scripts that need
/// shaping are not supported").
std::optional<std::string> unprintable_reason(std::string_view text, bool multiline, std::size_t max_chars);

/// The first character of `text` that `coverage` cannot print (spaces and line breaks aside),
/// as "'あ' (U+3042) at character 3", or nothing.
std::optional<std::string> uncovered_character(std::string_view text, const FontCoverage& coverage);

}  // namespace puzzlepress::book
