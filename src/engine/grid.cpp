#include "engine/grid.h"

namespace puzzlepress::engine {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

constexpr const char* kHex = "0123456789abcdef";

}  // namespace

std::string shown_character(char character) {
  if (character >= 0x21 && character < 0x7f) return std::string("'") + character + "'";
  const auto byte = static_cast<unsigned char>(character);
  return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 15];
}

std::string shown_text(std::string_view text, std::size_t limit) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      out += text[i];
    } else {
      out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
    }
  }
  return out + (text.size() > limit ? "...'" : "'");
}

int Grid::clue_count() const {
  int n = 0;
  for (int i = 0; i < cell_count(); ++i) n += cells[i] != 0;
  return n;
}

Grid from_grid(const Grid9& grid) {
  Grid g(kShape9x9);
  for (int i = 0; i < kCells; ++i) g.cells[i] = grid.cells[i];
  return g;
}

Grid9 to_grid(const Grid& grid) {
  Grid9 g;
  for (int i = 0; i < kCells; ++i) g.cells[i] = grid.cells[i];
  return g;
}

std::string ParseError::message() const {
  switch (kind) {
    case Kind::bad_character:
      return "bad character " + shown_character(character) + " at position " + std::to_string(position) +
             " (expected " + (shape ? symbol_range(*shape) : std::string("1-9, A-G")) + ", '.' or '0')";
    case Kind::too_few_cells:
      return "expected " + std::to_string(shape ? shape->cells() : 0) + " cells, got " + std::to_string(cells_read);
    case Kind::too_many_cells:
      return "expected " + std::to_string(shape ? shape->cells() : 0) + " cells, got more (cell " +
             std::to_string(cells_read + 1) + " at position " + std::to_string(position) + ")";
    case Kind::unknown_size:
      return "expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 "
             "grid), got " +
             std::to_string(cells_read);
  }
  return "unreadable grid";
}

ParseResult parse_grid(std::string_view text, std::optional<Shape> shape) {
  ParseResult result;
  if (!shape) {
    int count = 0;
    int first_bad = -1;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (is_space(text[i])) continue;
      ++count;
      if (first_bad < 0 && symbol_value(text[i]) < 0) first_bad = static_cast<int>(i);
    }
    shape = shape_for_cell_count(count);
    if (!shape) {
      if (first_bad >= 0) {
        result.error = {ParseError::Kind::bad_character, first_bad + 1, text[first_bad], 0, std::nullopt};
        for (int i = 0; i < first_bad; ++i) result.error.cells_read += !is_space(text[i]);
      } else {
        result.error = {ParseError::Kind::unknown_size, 0, 0, count, std::nullopt};
      }
      return result;
    }
  }
  Grid grid(*shape);
  const int n = shape->size(), total = shape->cells();
  int cells = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (is_space(c)) continue;
    const int position = static_cast<int>(i) + 1;
    const int value = symbol_value(c);
    if (value < 0 || value > n) {
      result.error = {ParseError::Kind::bad_character, position, c, cells, shape};
      return result;
    }
    if (cells == total) {
      result.error = {ParseError::Kind::too_many_cells, position, c, cells, shape};
      return result;
    }
    grid.cells[cells++] = static_cast<std::uint8_t>(value);
  }
  if (cells < total) {
    result.error = {ParseError::Kind::too_few_cells, 0, 0, cells, shape};
    return result;
  }
  result.grid = grid;
  return result;
}

std::string to_string(const Grid& grid, char empty) {
  std::string s(grid.cell_count(), empty);
  for (int i = 0; i < grid.cell_count(); ++i) {
    const int v = grid.cells[i];
    if (v >= 1 && v <= grid.size()) s[i] = symbol_char(v);
  }
  return s;
}

std::string to_board_text(const Grid& grid) {
  const Shape shape = grid.shape;
  const int n = shape.size();
  std::string out;
  for (int r = 0; r < n; ++r) {
    std::string line;
    for (int c = 0; c < n; ++c) {
      if (c && c % shape.box_cols == 0) line += "| ";
      const int v = grid.at(r, c);
      line += v >= 1 && v <= n ? symbol_char(v) : '.';
      if (c != n - 1) line += ' ';
    }
    if (r && r % shape.box_rows == 0) {  // a rule between bands, '+' below each '|'
      for (char ch : line) out += ch == '|' ? '+' : '-';
      out += '\n';
    }
    out += line + '\n';
  }
  return out;
}

}  // namespace puzzlepress::engine
