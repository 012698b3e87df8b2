// JsonWriter: JSON text written directly, byte for byte as nlohmann's dump(2) writes the same
// values in the same order (2-space indent, "key": value, empty containers as {} and []), so a
// large document (a book's manifest) needs no tree of values before it is text. Misuse (a key
// outside an object or without its value, an object's value without a key, a close that
// matches no open) throws std::logic_error before anything is written.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlepress::book {

class JsonWriter {
 public:
  /// `reserve_bytes`: the text's expected size (a guess; only saves copies).
  explicit JsonWriter(std::size_t reserve_bytes = 0) { text_.reserve(reserve_bytes); }

  void begin_object() { open('{', false); }
  void end_object() { close('}'); }
  void begin_array() { open('[', true); }
  void end_array() { close(']'); }
  /// The next member's key, inside an object; its value follows.
  void key(std::string_view name);

  void value(std::string_view text);  ///< a string (UTF-8; invalid UTF-8 throws as nlohmann does)
  void value(const char* text) { value(std::string_view(text)); }
  void value(std::int64_t number);
  void value(int number) { value(static_cast<std::int64_t>(number)); }
  void value(std::uint32_t number) { value(static_cast<std::int64_t>(number)); }
  void value(double number);  ///< shortest round-trip digits, as nlohmann; not finite: null
  void value(bool flag);
  void null();
  /// key(name), then value(v).
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }
  /// A value nlohmann dumped at indent 2 on its own (`dumped`), re-indented to sit here.
  void dumped(std::string_view dumped);

  /// The text so far; a finished document once every container is closed. Leaves the writer
  /// empty.
  std::string take() { return std::move(text_); }

 private:
  struct Level {
    bool array = false;
    int members = 0;
  };
  void open(char bracket, bool array);
  void close(char bracket);
  void before_value();  ///< the separator and indent a value needs (none after a key)
  void start_member();  ///< a new line, after a comma unless first, indented to the level
  void indent(std::size_t levels) { text_.append(2 * levels, ' '); }

  std::string text_;
  std::vector<Level> levels_;
  bool after_key_ = false;
};

}  // namespace puzzlepress::book
