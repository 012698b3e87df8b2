#include "book/text/text_fields.h"

#include <array>

#include "util/text.h"

namespace puzzlepress::book {
namespace {

struct Block {
  char32_t first;
  char32_t last;
  const char* script;
};

// Right-to-left scripts (letters, presentation forms).
constexpr std::array kRightToLeft = {
    Block{0x0590, 0x05FF, "Hebrew"},
    Block{0x0600, 0x06FF, "Arabic"},
    Block{0x0700, 0x074F, "Syriac"},
    Block{0x0750, 0x077F, "Arabic"},
    Block{0x0780, 0x07BF, "Thaana"},
    Block{0x07C0, 0x07FF, "N'Ko"},
    Block{0x0800, 0x08FF, "Samaritan, Mandaic or Arabic"},
    Block{0xFB1D, 0xFB4F, "Hebrew"},
    Block{0xFB50, 0xFDFF, "Arabic"},
    Block{0xFE70, 0xFEFF, "Arabic"},
    Block{0x10800, 0x10FFF, "a right-to-left script"},
    Block{0x1E800, 0x1EFFF, "a right-to-left script"},
};

// Scripts whose letters change shape or order with their neighbours, and combining marks
// (which need placing over the letter before them).
constexpr std::array kNeedsShaping = {
    Block{0x0300, 0x036F, "a combining mark; write the accented letter as one character"},
    Block{0x0900, 0x097F, "Devanagari"},
    Block{0x0980, 0x09FF, "Bengali"},
    Block{0x0A00, 0x0A7F, "Gurmukhi"},
    Block{0x0A80, 0x0AFF, "Gujarati"},
    Block{0x0B00, 0x0B7F, "Oriya"},
    Block{0x0B80, 0x0BFF, "Tamil"},
    Block{0x0C00, 0x0C7F, "Telugu"},
    Block{0x0C80, 0x0CFF, "Kannada"},
    Block{0x0D00, 0x0D7F, "Malayalam"},
    Block{0x0D80, 0x0DFF, "Sinhala"},
    Block{0x0E00, 0x0E7F, "Thai"},
    Block{0x0E80, 0x0EFF, "Lao"},
    Block{0x0F00, 0x0FFF, "Tibetan"},
    Block{0x1000, 0x109F, "Myanmar"},
    Block{0x1100, 0x11FF, "Hangul Jamo"},
    Block{0x1780, 0x17FF, "Khmer"},
    Block{0x1800, 0x18AF, "Mongolian"},
    Block{0x1A00, 0x1AFF, "a script that needs shaping"},
    Block{0x1B00, 0x1BFF, "a script that needs shaping"},
    Block{0x1DC0, 0x1DFF, "a combining mark; write the accented letter as one character"},
    Block{0x20D0, 0x20FF, "a combining mark"},
    Block{0xA8E0, 0xA8FF, "Devanagari"},
    Block{0xA980, 0xA9DF, "Javanese"},
    Block{0xFE00, 0xFE0F, "a variation selector"},
    Block{0xFE20, 0xFE2F, "a combining mark"},
    Block{0x11000, 0x11FFF, "a script that needs shaping"},
    Block{0xE0100, 0xE01EF, "a variation selector"},
};

template <std::size_t N>
const Block* find(const std::array<Block, N>& blocks, char32_t c) {
  for (const Block& b : blocks)
    if (c >= b.first && c <= b.last) return &b;
  return nullptr;
}

// C0 and C1 controls, DEL, and invisible formatting (zero-width joiners, bidi controls, BOM).
bool is_control(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x00AD || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF || (c >= 0xFFF0 && c <= 0xFFFF) ||
         (c >= 0xE0000 && c <= 0xE007F);
}

// "'ש' (U+05E9, Hebrew)"; without a script "'あ' (U+3042)".
std::string shown(std::string_view text, std::size_t offset, std::size_t length, char32_t c,
                  const char* script = nullptr) {
  return "'" + std::string(text.substr(offset, length)) + "' (" + util::code_point_name(c) +
         (script ? std::string(", ") + script : std::string()) + ")";
}

}  // namespace

std::optional<std::string> unprintable_reason(std::string_view text, bool multiline, std::size_t max_chars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = std::max<std::size_t>(util::utf8_sequence_length(text.substr(i)), 1);
    i += length;
    ++chars;
  }
  if (chars > max_chars)
    return "is " + std::to_string(chars) + " characters long; at most " + std::to_string(max_chars);
  std::size_t position = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = util::utf8_sequence_length(text.substr(i));
    const std::optional<char32_t> c = util::decode_utf8_at(text, i);
    ++position;
    const std::string at = " at character " + std::to_string(position);
    if (!c) return "has a byte that is not UTF-8" + at;
    if (is_control(*c) && !(multiline && *c == '\n')) return "has control character " + util::code_point_name(*c) + at;
    if (const Block* b = find(kRightToLeft, *c))
      return "has " + shown(text, i, length, *c, b->script) + at + ": right-to-left scripts are not supported";
    if (const Block* b = find(kNeedsShaping, *c))
      return "has " + shown(text, i, length, *c, b->script) + at + ": scripts that need shaping are not supported";
    i += length;
  }
  return std::nullopt;
}

std::optional<std::string> uncovered_character(std::string_view text, const FontCoverage& coverage) {
  std::size_t position = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = std::max<std::size_t>(util::utf8_sequence_length(text.substr(i)), 1);
    const std::optional<char32_t> c = util::decode_utf8_at(text, i);
    ++position;
    if (c && *c != '\n' && *c != ' ' && !coverage.covers(*c))
      return shown(text, i, length, *c) + " at character " + std::to_string(position);
    i += length;
  }
  return std::nullopt;
}

}  // namespace puzzlepress::book
