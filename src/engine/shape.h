// Shape: the size of a sudoku grid and the shape of its boxes, for every size we print.
//
//   4x4   2x2 boxes        8x8   2x4 boxes       12x12  3x4 boxes
//   6x6   2x3 boxes        9x9   3x3 boxes       16x16  4x4 boxes
//
// A box is box_rows tall and box_cols wide, so a 6x6 grid has three bands of two boxes, each
// box two rows by three columns. Cells are numbered row-major: cell = row * size + col.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace puzzlepress::engine {

struct Shape {
  int box_rows = 3;  ///< rows in one box
  int box_cols = 3;  ///< columns in one box

  /// N: symbols, rows, columns and boxes of the grid (box_rows * box_cols).
  constexpr int size() const { return box_rows * box_cols; }
  /// N * N.
  constexpr int cells() const { return size() * size(); }

  friend constexpr bool operator==(const Shape&, const Shape&) = default;
};

inline constexpr Shape kShape4x4{2, 2};
inline constexpr Shape kShape6x6{2, 3};
inline constexpr Shape kShape8x8{2, 4};
inline constexpr Shape kShape9x9{3, 3};
inline constexpr Shape kShape12x12{3, 4};
inline constexpr Shape kShape16x16{4, 4};

/// Every shape we support, smallest first.
inline constexpr std::array<Shape, 6> kAllShapes = {kShape4x4, kShape6x6,   kShape8x8,
                                                    kShape9x9, kShape12x12, kShape16x16};

/// The largest size and cell count of any shape (16, 256).
inline constexpr int kMaxSize = 16;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;

/// True for the shapes of kAllShapes (a Shape is a plain value anyone can fill).
constexpr bool is_supported(Shape shape) {
  for (Shape s : kAllShapes)
    if (s == shape) return true;
  return false;
}

/// "4x4", "6x6", ..., "16x16": the name in specs, flags, CSV and JSON.
std::string shape_id(Shape shape);
/// The box shape, rows by columns: "2x3" for 6x6.
std::string box_id(Shape shape);

/// Reads "4x4", "6x6", "8x8", "9x9", "12x12" or "16x16" ('x' or 'X'); nullopt for anything
/// else, including sizes with no box shape we print (7x7, 10x10) and spaces.
std::optional<Shape> parse_shape(std::string_view text);

/// The message for a text parse_shape refuses, e.g.
/// "unsupported size '10x10' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)".
std::string unsupported_shape_message(std::string_view text);

/// The shape whose grid has `cell_count` cells (16, 36, 64, 81, 144, 256), if any.
std::optional<Shape> shape_for_cell_count(int cell_count);

/// The character of symbol `value` in the text form: 1..9 -> '1'..'9', 10..16 -> 'A'..'G';
/// 0 -> `empty`. Values outside 0..16 give '?'.
char symbol_char(int value, char empty = '.');

/// The value of a text-form character: '1'..'9' -> 1..9, 'A'..'G' (or 'a'..'g') -> 10..16,
/// '.' or '0' -> 0; -1 for any other character. Says nothing about a shape's range.
int symbol_value(char c);

/// The symbols of a shape as the text form lists them: "1-4", "1-9", "1-9, A-C", "1-9, A-G".
std::string symbol_range(Shape shape);

}  // namespace puzzlepress::engine
