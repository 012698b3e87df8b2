// ISBN-10 and ISBN-13: the check digit a spec's `isbn` must carry.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace puzzlepress::book {

/// Why `text` is not an ISBN, or nothing. Hyphens and spaces are ignored; 10 characters (the
/// last may be X) or 13 digits (starting 978 or 979) with the right check digit:
///   "must be an ISBN-10 or ISBN-13 (digits, hyphens and spaces)"
///   "has 12 digits; an ISBN has 10 or 13"
///   "ISBN-13 must start with 978 or 979"
///   "has check digit 6, but its digits make 7"
std::optional<std::string> isbn_problem(std::string_view text);

}  // namespace puzzlepress::book
