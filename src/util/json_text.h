// JSON text for the few places that write small JSON documents by hand (the spec schema, the
// build summary): a string quoted and escaped as JSON requires.
#pragma once

#include <string>
#include <string_view>

namespace puzzlepress::util {

/// `text` (UTF-8) as a JSON string literal: quotes, backslashes and control characters escaped.
std::string json_quote(std::string_view text);

}  // namespace puzzlepress::util
