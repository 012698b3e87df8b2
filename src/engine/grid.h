// Grid: a board of any supported shape as a value, and its text form.
//
// Text form: the N*N cells row-major, one character each: '1'..'9' then 'A'..'G' for the
// symbols 1..16 (a 12x12 grid uses 1-9 and A-C), '.' or '0' for an empty cell. Whitespace
// (space, tab, CR, LF) may stand between cells. A 9x9 text is exactly the 81-character form
// of grid9.h, so every 9x9 board reads and prints as before.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/grid9.h"
#include "engine/shape.h"

namespace puzzlepress::engine {

/// A board of `shape`, row-major (cell = row * N + col, both 0-based). Each of the first
/// shape.cells() cells holds 0 (empty) or a symbol index 1..N; the cells past them stay 0, so
/// == compares boards. Like Grid9 a plain value: the solvers still check what it holds.
struct Grid {
  Shape shape = kShape9x9;
  std::array<std::uint8_t, kMaxCells> cells{};

  Grid() = default;
  explicit Grid(Shape s) : shape(s) {}

  int size() const { return shape.size(); }
  int cell_count() const { return shape.cells(); }
  std::uint8_t at(int row, int col) const { return cells[row * shape.size() + col]; }
  /// Number of non-empty cells.
  int clue_count() const;
  /// True when no cell is empty (says nothing about legality).
  bool is_full() const { return clue_count() == cell_count(); }

  friend bool operator==(const Grid&, const Grid&) = default;
};

/// A 9x9 Grid9 as a Grid, and back (to_grid requires a 9x9 shape: other cells are dropped).
Grid from_grid(const Grid9& grid);
Grid9 to_grid(const Grid& grid);

/// A character for a message: 'x' for printable ASCII, else "byte 0xe2" (a raw byte, such as
/// one of a UTF-8 sequence, would garble the terminal).
std::string shown_character(char character);
/// A piece of text for a message, in single quotes: printable ASCII as is, other bytes as \xNN,
/// cut after `limit` bytes with "..." ('x1', 'a\xe2\x80\x93b').
std::string shown_text(std::string_view text, std::size_t limit = 24);

/// Why a text could not be read as a grid.
struct ParseError {
  enum class Kind { bad_character, too_few_cells, too_many_cells, unknown_size };
  Kind kind = Kind::bad_character;
  int position = 0;    ///< 1-based character offset of the offending character
                       ///< (bad_character, too_many_cells); 0 otherwise
  char character = 0;  ///< the offending character (bad_character only)
  int cells_read = 0;  ///< cells read (too_few_cells, unknown_size: all of them)
  /// The shape the text was read as (given, or inferred from the cell count); nullopt when
  /// the count fits no shape.
  std::optional<Shape> shape;

  /// One line for a person. With a 9x9 shape the texts are grid9.h's, word for word:
  ///   bad character 'x' at position 12 (expected 1-9, '.' or '0')
  ///   bad character 'G' at position 40 (expected 1-9, A-C, '.' or '0')    (12x12)
  ///   bad character 'x' at position 3 (expected 1-9, A-G, '.' or '0')     (no shape yet)
  ///   expected 256 cells, got 200
  ///   expected 16 cells, got more (cell 17 at position 20)
  ///   expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16 grid), got 80
  std::string message() const;
};

struct ParseResult {
  std::optional<Grid> grid;  ///< set on success
  ParseError error;          ///< meaningful only when !grid
  bool ok() const { return grid.has_value(); }
};

/// Reads the text form. With `shape`, exactly shape.cells() cells of its symbols are required
/// (a character outside them is a bad character). Without, the shape is inferred from the cell
/// count (every non-whitespace character counts as a cell): 16 -> 4x4, 36, 64, 81, 144,
/// 256 -> 16x16; a count that fits none is unknown_size, unless a character is a symbol of no
/// size, which is reported first. Lower-case 'a'..'g' read as 'A'..'G'.
ParseResult parse_grid(std::string_view text, std::optional<Shape> shape = std::nullopt);

/// The N*N-character form with `empty` for empty cells, no separators.
std::string to_string(const Grid& grid, char empty = '.');

/// N lines of N symbols separated by spaces, with '|' between boxes across and a rule of
/// '-' and '+' between bands, for people (ends with a newline). For 9x9 the same text as
/// to_board_text(Grid9).
std::string to_board_text(const Grid& grid);

}  // namespace puzzlepress::engine
