// Text helpers every layer may use: UTF-8 decoding (strict: no overlongs, no surrogates, nothing
// past U+10FFFF) and cutting a value echoed into a message to a readable length.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlepress::util {

/// Most characters of a value repeated in an error message; longer values are cut.
inline constexpr std::size_t kMaxEchoChars = 80;

/// `text` as it may appear in a message: at most kMaxEchoChars characters (whole UTF-8
/// sequences), cut ones end in "... (N bytes)"; bytes that are not UTF-8 and control
/// characters are shown as "\xNN".
std::string echo(std::string_view text);

/// Most characters of a path repeated in a message; a longer one keeps its start and its end.
inline constexpr std::size_t kMaxEchoPathChars = 240;

/// `path` as it may appear in a message: as echo shows it, but up to kMaxEchoPathChars
/// characters, and a longer path keeps its first 80 and last 150 characters around " … " and
/// ends in " (N bytes)" (the file name at its end is what tells most).
std::string echo_path(std::string_view path);

/// Length in bytes of the valid UTF-8 sequence that starts `text`, or 0 when it is not one
/// (empty text, a stray continuation byte, a truncated, overlong or surrogate sequence, or a
/// code point past U+10FFFF).
std::size_t utf8_sequence_length(std::string_view text);

/// The code point that starts at `offset`, or nothing when the bytes there are not UTF-8.
std::optional<char32_t> decode_utf8_at(std::string_view text, std::size_t offset);

/// Every code point of `text`, never failing: a lead byte opens a sequence of the length it
/// announces (2-4 bytes; overlongs and surrogates are taken as they come), and anything
/// malformed becomes U+FFFD — a byte that opens nothing, a sequence broken by a byte that does
/// not continue it (the FFFD covers the bytes before that byte), or one cut off by the end of
/// the text (the FFFD covers the rest). The painters' decoding: their output bytes depend on it.
std::vector<char32_t> decode_utf8_lenient(std::string_view text);

/// Appends the UTF-8 form of `code_point` (1-4 bytes; a lone surrogate is written as it is, in
/// three bytes, as text read out of PDFs can hold one).
void append_utf8(std::string& out, char32_t code_point);

/// True when `text` prints nothing: empty, or only white space as Unicode counts it (ASCII
/// spaces and controls, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F,
/// U+3000) and the invisible U+180E, U+200B-U+200D, U+2060 and U+FEFF. Bytes that are not UTF-8
/// print something (a replacement mark).
bool is_blank(std::string_view text);

/// "U+05D0" for a code point (at least 4 hex digits).
std::string code_point_name(char32_t c);

}  // namespace puzzlepress::util
