// Skins: how a section's symbol indices 1..N print. The engine works on indices only; a skin
// is the face they wear in the book — digits (1-9 then A-G), letters (A, B, C … or a word of N
// distinct letters), or shapes (filled vector marks, render/marks.h). Skins are chosen per
// section (contents.h); every puzzle records its skin and symbol list in the manifest, so a
// puzzle reads back whole from its own record.
//
// Shapes go up to nine symbols (4x4, 6x6, 8x8 and 9x9): nine marks stay distinct in black and
// white at the smallest cell a book prints (8.75 pt, the 7 pt symbol limit), more do not.
// The first N marks of render::kAllMarks, most distinct first:
//   4x4   circle, triangle, square, star
//   6x6   … heart, cross
//   8x8   … diamond, crescent
//   9x9   … hexagon
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/shape.h"
#include "engine/grid.h"
#include "render/marks.h"

namespace puzzlepress::book {

enum class Skin { digits, letters, shapes };
inline constexpr std::array<Skin, 3> kAllSkins = {Skin::digits, Skin::letters, Skin::shapes};

/// "digits", "letters", "shapes" (spec values and manifest field).
std::string_view skin_id(Skin skin);
/// The skin named `text` (any case).
std::optional<Skin> parse_skin(std::string_view text);

/// Most symbols the shapes skin takes (render::kAllMarks.size()).
inline constexpr int kMaxShapeSymbols = 9;

/// Whether `skin` can print a grid of `shape`: digits and letters every size, shapes up to
/// kMaxShapeSymbols symbols.
bool skin_fits(Skin skin, engine::Shape shape);
/// Why not: "skin 'shapes' takes 4x4, 6x6, 8x8 and 9x9 grids, not 12x12 (nine shapes at most
/// stay distinct in small cells)".
std::string skin_misfit_message(Skin skin, engine::Shape shape);

/// The marks of the shapes skin for `shape`: the first N of render::kAllMarks. Precondition:
/// skin_fits(Skin::shapes, shape).
std::vector<render::Mark> shape_marks(engine::Shape shape);

/// What is wrong with `letters` as the word of a `shape` grid, or nullopt when it is fine. Rules:
/// ASCII letters A-Z only, any case (printed in capitals); exactly N of them; each letter once,
/// case not counting. Messages: "must be letters A-Z (any case), got '4' at position 3",
/// "has 5 letters but a 6x6 grid takes 6 (one for each symbol)", "'Z' appears twice in
/// 'PUZZLE' (each letter once; case does not count)".
std::optional<std::string> letters_problem(std::string_view letters, engine::Shape shape);

/// `letters` in capitals (ASCII only; other bytes unchanged).
std::string capitals(std::string_view letters);

/// How one puzzle's symbols print.
struct SymbolSet {
  Skin skin = Skin::digits;
  /// names[v - 1] is symbol v's face: its printed text for digits and letters ("7", "G",
  /// "W"), its mark's id for shapes ("heart"). N entries, all different.
  std::vector<std::string> names;
  /// Letters with a word only: the row of the solution (0-based) that spells it. Not recorded
  /// in the manifest (the names say where the word is).
  std::optional<int> word_row;

  friend bool operator==(const SymbolSet&, const SymbolSet&) = default;
};

/// The plain faces of a skin: digits "1".."9", "A".."G" (engine::symbol_char); letters "A",
/// "B", "C" …; shapes the ids of shape_marks(shape). Precondition: skin_fits(skin, shape).
SymbolSet default_symbols(Skin skin, engine::Shape shape);

/// The faces of one puzzle. With a word (letters skin, `word` non-empty and already checked by
/// letters_problem), the letters are assigned so that one row of `solution` spells the word left
/// to right: row engine::Mulberry32(seed ^ 0x776F7264).below(N), from the puzzle's own seed, so
/// the same puzzle always hides its word in the same place. Otherwise default_symbols.
SymbolSet puzzle_symbols(Skin skin, engine::Shape shape, std::string_view word, const engine::Grid& solution,
                         std::uint32_t seed);

/// What is wrong with `symbols` for a grid of `shape`, or nullopt: "expected 6 symbols, got 5";
/// digits: "expected the digits 1-6, got …"; letters: "'x' is not a capital letter A-Z" or
/// "'A' appears twice"; shapes: "'blob' is not a shape (expected circle, triangle, …)" or
/// "'heart' appears twice"; "skin 'shapes' takes …" (skin_misfit_message).
std::optional<std::string> symbols_problem(const SymbolSet& symbols, engine::Shape shape);

}  // namespace puzzlepress::book
