#include "book/manifest/json_writer.h"

#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace puzzlepress::book {

namespace {

// Bytes nlohmann's dump copies as they are: printable ASCII but the quote and the backslash.
bool plain(std::string_view text) {
  for (char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b > 0x7E || c == '"' || c == '\\') return false;
  }
  return true;
}

void append_string(std::string& out, std::string_view text) {
  if (plain(text)) {
    out += '"';
    out += text;
    out += '"';
  } else {  // escapes and UTF-8 checks exactly as nlohmann's own (rare: a title, a hint)
    out += nlohmann::ordered_json(std::string(text)).dump();
  }
}

}  // namespace

void JsonWriter::open(char bracket, bool array) {
  before_value();
  text_ += bracket;
  levels_.push_back({array, 0});
}

void JsonWriter::close(char bracket) {
  if (levels_.empty() || levels_.back().array != (bracket == ']')) {
    throw std::logic_error(std::string("JsonWriter: no open ") + (bracket == ']' ? "array" : "object") + " to close");
  }
  if (after_key_) throw std::logic_error("JsonWriter: a key without its value");
  const Level level = levels_.back();
  levels_.pop_back();
  if (level.members > 0) {
    text_ += '\n';
    indent(levels_.size());
  }
  text_ += bracket;
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  if (!levels_.back().array) throw std::logic_error("JsonWriter: an object's value without its key");
  start_member();
}

void JsonWriter::start_member() {
  text_ += levels_.back().members++ == 0 ? "\n" : ",\n";
  indent(levels_.size());
}

void JsonWriter::key(std::string_view name) {
  if (levels_.empty() || levels_.back().array) throw std::logic_error("JsonWriter: a key outside an object");
  if (after_key_) throw std::logic_error("JsonWriter: a key without its value");
  start_member();
  append_string(text_, name);
  text_ += ": ";
  after_key_ = true;
}

void JsonWriter::value(std::string_view text) {
  before_value();
  append_string(text_, text);
}

void JsonWriter::value(std::int64_t number) {
  before_value();
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, number).ptr;
  text_.append(buf, end);
}

void JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    text_ += "null";
    return;
  }
  std::array<char, 64> buf;  // as nlohmann's serializer: its own shortest round-trip digits
  char* end = nlohmann::detail::to_chars(buf.data(), buf.data() + buf.size(), number);
  text_.append(buf.data(), static_cast<std::size_t>(end - buf.data()));
}

void JsonWriter::value(bool flag) {
  before_value();
  text_ += flag ? "true" : "false";
}

void JsonWriter::null() {
  before_value();
  text_ += "null";
}

void JsonWriter::dumped(std::string_view dumped) {
  before_value();
  // nlohmann escapes every newline inside a string: each one here starts a line.
  for (char c : dumped) {
    text_ += c;
    if (c == '\n') indent(levels_.size());
  }
}

}  // namespace puzzlepress::book
