#include "util/text.h"

#include <cstdio>

namespace puzzlepress::util {

std::size_t utf8_sequence_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  char32_t value = 0;
  char32_t smallest = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, value = lead & 0x1F, smallest = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, value = lead & 0x0F, smallest = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, value = lead & 0x07, smallest = 0x10000;
  } else {
    return 0;  // a continuation byte or 0xF8-0xFF
  }
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte(i) & 0x3F);
  }
  if (value < smallest || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  return length;
}

std::optional<char32_t> decode_utf8_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return std::nullopt;
  const std::string_view rest = text.substr(offset);
  const std::size_t length = utf8_sequence_length(rest);
  if (length == 0) return std::nullopt;
  const auto lead = static_cast<unsigned char>(rest[0]);
  if (length == 1) return lead;
  char32_t value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
  for (std::size_t i = 1; i < length; ++i) value = (value << 6) | (static_cast<unsigned char>(rest[i]) & 0x3F);
  return value;
}

std::vector<char32_t> decode_utf8_lenient(std::string_view text) {
  std::vector<char32_t> out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 1;
    char32_t value = 0xFFFD;
    if (lead < 0x80) {
      value = lead;
    } else if (lead >= 0xC0 && lead < 0xE0) {
      length = 2, value = lead & 0x1F;
    } else if (lead >= 0xE0 && lead < 0xF0) {
      length = 3, value = lead & 0x0F;
    } else if (lead >= 0xF0 && lead < 0xF8) {
      length = 4, value = lead & 0x07;
    }
    if (length > 1 && i + length > text.size()) {
      value = 0xFFFD;
      length = text.size() - i;
    } else {
      for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xC0) != 0x80) {
          value = 0xFFFD;
          length = k;
          break;
        }
        value = (value << 6) | (next & 0x3F);
      }
    }
    out.push_back(value);
    i += length;
  }
  return out;
}

void append_utf8(std::string& out, char32_t code_point) {
  const auto byte = [&](char32_t b) { out += static_cast<char>(b); };
  if (code_point < 0x80) {
    byte(code_point);
  } else if (code_point < 0x800) {
    byte(0xC0 | (code_point >> 6));
    byte(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    byte(0xE0 | (code_point >> 12));
    byte(0x80 | ((code_point >> 6) & 0x3F));
    byte(0x80 | (code_point & 0x3F));
  } else {
    byte(0xF0 | (code_point >> 18));
    byte(0x80 | ((code_point >> 12) & 0x3F));
    byte(0x80 | ((code_point >> 6) & 0x3F));
    byte(0x80 | (code_point & 0x3F));
  }
}

bool is_blank(std::string_view text) {
  const auto blank = [](char32_t c) {
    return c <= 0x20 || c == 0x7F || c == 0x85 || c == 0xA0 || c == 0x1680 || c == 0x180E ||
           (c >= 0x2000 && c <= 0x200D) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x2060 ||
           c == 0x3000 || c == 0xFEFF;
  };
  for (std::size_t i = 0; i < text.size();) {
    const std::optional<char32_t> c = decode_utf8_at(text, i);
    if (!c || !blank(*c)) return false;
    i += utf8_sequence_length(text.substr(i));
  }
  return true;
}

std::string code_point_name(char32_t c) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c));
  return buffer;
}

namespace {

/// Characters of `text` as echo shows them (a bad byte or a control character is one, shown as
/// "\xNN"), each with its bytes.
std::vector<std::string> shown_characters(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text.substr(i));
    const auto lead = static_cast<unsigned char>(text[i]);
    if (length == 0 || lead < 0x20 || lead == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", lead);
      out.emplace_back(hex);
      i += 1;
    } else {
      out.emplace_back(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

}  // namespace

std::string echo_path(std::string_view path) {
  const std::vector<std::string> chars = shown_characters(path);
  std::string out;
  if (chars.size() <= kMaxEchoPathChars) {
    for (const std::string& c : chars) out += c;
    return out;
  }
  constexpr std::size_t kHead = 80, kTail = 150;
  for (std::size_t i = 0; i < kHead; ++i) out += chars[i];
  out += " \u2026 ";
  for (std::size_t i = chars.size() - kTail; i < chars.size(); ++i) out += chars[i];
  return out + " (" + std::to_string(path.size()) + " bytes)";
}

std::string echo(std::string_view text) {
  std::string out;
  std::size_t chars = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (chars == kMaxEchoChars) {
      out += "... (" + std::to_string(text.size()) + " bytes)";
      return out;
    }
    const std::size_t length = utf8_sequence_length(text.substr(i));
    const auto lead = static_cast<unsigned char>(text[i]);
    if (length == 0 || lead < 0x20 || lead == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", lead);
      out += hex;
      i += 1;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
    ++chars;
  }
  return out;
}

}  // namespace puzzlepress::util
