#include "util/numbers.h"

#include <cstdio>

namespace puzzlepress::util {
namespace {

// printf's text for `format` and `value`, however long (%f of 1e300 takes 300 digits).
template <class... Args>
std::string printed(const char* format, Args... args) {
  const int length = std::snprintf(nullptr, 0, format, args...);
  if (length <= 0) return {};
  std::string text(static_cast<std::size_t>(length) + 1, '\0');
  std::snprintf(text.data(), text.size(), format, args...);
  text.pop_back();
  return text;
}

}  // namespace

std::string format_decimal(double value, int decimals) {
  std::string text = format_fixed(value, decimals);
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text == "-0" ? "0" : text;
}

std::string format_fixed(double value, int decimals) { return printed("%.*f", decimals, value); }

std::string format_general(double value) { return printed("%g", value); }

}  // namespace puzzlepress::util
