#include "engine/shape.h"

namespace puzzlepress::engine {

std::string shape_id(Shape shape) { return std::to_string(shape.size()) + "x" + std::to_string(shape.size()); }

std::string box_id(Shape shape) { return std::to_string(shape.box_rows) + "x" + std::to_string(shape.box_cols); }

std::optional<Shape> parse_shape(std::string_view text) {
  for (Shape s : kAllShapes) {
    const std::string id = shape_id(s);
    if (text.size() != id.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < id.size(); ++i) {
      const char c = text[i] == 'X' ? 'x' : text[i];
      same &= c == id[i];
    }
    if (same) return s;
  }
  return std::nullopt;
}

std::string unsupported_shape_message(std::string_view text) {
  return "unsupported size '" + std::string(text) + "' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)";
}

std::optional<Shape> shape_for_cell_count(int cell_count) {
  for (Shape s : kAllShapes)
    if (s.cells() == cell_count) return s;
  return std::nullopt;
}

char symbol_char(int value, char empty) {
  if (value == 0) return empty;
  if (value >= 1 && value <= 9) return static_cast<char>('0' + value);
  if (value >= 10 && value <= 16) return static_cast<char>('A' + value - 10);
  return '?';
}

int symbol_value(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'G') return c - 'A' + 10;
  if (c >= 'a' && c <= 'g') return c - 'a' + 10;
  return -1;
}

std::string symbol_range(Shape shape) {
  const int n = shape.size();
  if (n <= 9) return std::string("1-") + symbol_char(n);
  return std::string("1-9, A-") + symbol_char(n);
}

}  // namespace puzzlepress::engine
