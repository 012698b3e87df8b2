// Text helpers every layer may use: UTF-8 decoding (strict: no overlongs, no surrogates, nothing
// past U+10FFFF) and cutting a value echoed into a message to a readable length.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace puzzlepress::util {

/// Most characters of a value repeated in an error message; longer values are cut.
inline constexpr std::size_t kMaxEchoChars = 80;

/// `text` as it may appear in a message: at most kMaxEchoChars characters (whole UTF-8
/// sequences), cut ones end in "... (N bytes)"; bytes that are not UTF-8 and control
/// characters are shown as "\xNN".
std::string echo(std::string_view text);

/// Length in bytes of the valid UTF-8 sequence that starts `text`, or 0 when it is not one
/// (empty text, a stray continuation byte, a truncated, overlong or surrogate sequence, or a
/// code point past U+10FFFF).
std::size_t utf8_sequence_length(std::string_view text);

/// The code point that starts at `offset`, or nothing when the bytes there are not UTF-8.
std::optional<char32_t> decode_utf8_at(std::string_view text, std::size_t offset);

/// "U+05D0" for a code point (at least 4 hex digits).
std::string code_point_name(char32_t c);

}  // namespace puzzlepress::util
