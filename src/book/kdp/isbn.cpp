#include "book/kdp/isbn.h"

namespace puzzlepress::book {

std::optional<std::string> isbn_problem(std::string_view text) {
  std::string digits;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '-' || c == ' ') continue;
    const bool last_x = (c == 'X' || c == 'x') && digits.size() == 9;
    if (!(c >= '0' && c <= '9') && !last_x) return "must be an ISBN-10 or ISBN-13 (digits, hyphens and spaces)";
    digits += last_x ? 'X' : c;
  }
  if (digits.size() == 13 && digits.find('X') != std::string::npos)
    return "must be an ISBN-10 or ISBN-13 (digits, hyphens and spaces)";
  if (digits.size() != 10 && digits.size() != 13)
    return "has " + std::to_string(digits.size()) + " digits; an ISBN has 10 or 13";
  const auto digit = [&](std::size_t i) { return digits[i] == 'X' ? 10 : digits[i] - '0'; };
  int expected = 0;
  if (digits.size() == 10) {
    int sum = 0;
    for (std::size_t i = 0; i < 9; ++i) sum += digit(i) * static_cast<int>(10 - i);
    expected = (11 - sum % 11) % 11;  // 10 is written X
  } else {
    if (!digits.starts_with("978") && !digits.starts_with("979")) return "ISBN-13 must start with 978 or 979";
    int sum = 0;
    for (std::size_t i = 0; i < 12; ++i) sum += digit(i) * (i % 2 == 0 ? 1 : 3);
    expected = (10 - sum % 10) % 10;
  }
  const int given = digit(digits.size() - 1);
  if (given != expected) {
    const auto shown = [](int d) { return d == 10 ? std::string("X") : std::to_string(d); };
    return "has check digit " + shown(given) + ", but its digits make " + shown(expected);
  }
  return std::nullopt;
}

}  // namespace puzzlepress::book
