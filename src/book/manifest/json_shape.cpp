// The shape of a manifest's JSON measured on its raw text (book/manifest/manifest.h), before
// the JSON library builds anything: nesting depth and value count.
#include <optional>
#include <string>
#include <string_view>

#include "book/manifest/manifest.h"

namespace puzzlepress::book {

std::optional<std::string> json_shape_problem(std::string_view text) {
  int depth = 0;
  std::size_t values = 1;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxManifestDepth)
        return "nested deeper than " + std::to_string(kMaxManifestDepth) + " levels at byte " + std::to_string(i + 1);
      ++values;
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ',') {
      ++values;
    }
    if (values > kMaxManifestValues)
      return "more than " + std::to_string(kMaxManifestValues) + " values (at byte " + std::to_string(i + 1) + ")";
  }
  return std::nullopt;
}

}  // namespace puzzlepress::book
