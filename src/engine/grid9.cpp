#include "engine/grid9.h"

#include "engine/grid.h"

namespace puzzlepress::engine {

int Grid9::clue_count() const {
  int n = 0;
  for (auto v : cells) n += v != 0;
  return n;
}

std::string ParseError9::message() const {
  switch (kind) {
    case Kind::bad_character:
      return "bad character " + shown_character(character) + " at position " + std::to_string(position) +
             " (expected 1-9, '.' or '0')";
    case Kind::too_few_cells: return "expected 81 cells, got " + std::to_string(cells_read);
    case Kind::too_many_cells:
      return "expected 81 cells, got more (cell 82 at position " + std::to_string(position) + ")";
  }
  return "unreadable grid";
}

ParseResult9 parse_grid9(std::string_view text) {
  ParseResult9 result;
  Grid9 grid;
  int cells = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    const int position = static_cast<int>(i) + 1;
    std::uint8_t value;
    if (c >= '1' && c <= '9') {
      value = static_cast<std::uint8_t>(c - '0');
    } else if (c == '.' || c == '0') {
      value = 0;
    } else {
      result.error = {ParseError9::Kind::bad_character, position, c, cells};
      return result;
    }
    if (cells == kCells) {
      result.error = {ParseError9::Kind::too_many_cells, position, c, cells};
      return result;
    }
    grid.cells[cells++] = value;
  }
  if (cells < kCells) {
    result.error = {ParseError9::Kind::too_few_cells, 0, 0, cells};
    return result;
  }
  result.grid = grid;
  return result;
}

std::string to_string(const Grid9& grid, char empty) {
  std::string s(kCells, empty);
  for (int i = 0; i < kCells; ++i) {
    if (grid.cells[i] >= 1 && grid.cells[i] <= 9) s[i] = static_cast<char>('0' + grid.cells[i]);
  }
  return s;
}

std::string to_board_text(const Grid9& grid) {
  std::string out;
  for (int r = 0; r < 9; ++r) {
    if (r == 3 || r == 6) out += "------+-------+------\n";
    for (int c = 0; c < 9; ++c) {
      if (c == 3 || c == 6) out += "| ";
      const auto v = grid.at(r, c);
      out += v ? static_cast<char>('0' + v) : '.';
      if (c != 8) out += ' ';
    }
    out += '\n';
  }
  return out;
}

}  // namespace puzzlepress::engine
