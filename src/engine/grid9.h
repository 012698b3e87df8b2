// Grid9: the 9x9 board as a value, and its 81-character text form.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace puzzlepress::engine {

inline constexpr int kCells = 81;

/// A 9x9 sudoku board, row-major (cell = row * 9 + col, both 0-based).
/// Each cell holds 0 (empty) or a digit 1..9. Nothing else is ever stored by this module;
/// the solver still checks for it, since a Grid9 is a plain aggregate anyone can fill.
struct Grid9 {
  std::array<std::uint8_t, kCells> cells{};

  std::uint8_t at(int row, int col) const { return cells[row * 9 + col]; }
  /// Number of non-empty cells.
  int clue_count() const;
  /// True when no cell is empty (says nothing about legality).
  bool is_full() const { return clue_count() == kCells; }

  friend bool operator==(const Grid9&, const Grid9&) = default;
};

/// Why a text could not be read as a grid.
struct ParseError9 {
  enum class Kind { bad_character, too_few_cells, too_many_cells };
  Kind kind = Kind::bad_character;
  int position = 0;    ///< 1-based character offset in the input of the offending character
                       ///< (bad_character, too_many_cells); 0 for too_few_cells.
  char character = 0;  ///< the offending character (bad_character only)
  int cells_read = 0;  ///< cells read before stopping (all of them for too_few_cells)

  /// One line for a person, e.g. "bad character 'x' at position 12 (expected 1-9, '.' or '0')".
  std::string message() const;
};

struct ParseResult9 {
  std::optional<Grid9> grid;  ///< set on success
  ParseError9 error;          ///< meaningful only when !grid
  bool ok() const { return grid.has_value(); }
};

/// Reads the 81-character row-major form: '1'..'9' are clues, '.' or '0' empty cells.
/// Whitespace (space, tab, CR, LF) may stand between cells and is ignored, so a board printed
/// as 9 lines of 9 reads back. Exactly 81 cells are required.
ParseResult9 parse_grid9(std::string_view text);

/// The 81-character form with `empty` for empty cells, no separators.
std::string to_string(const Grid9& grid, char empty = '.');

/// A 9-line board with box separators, for people (ends with a newline).
std::string to_board_text(const Grid9& grid);

}  // namespace puzzlepress::engine
