// Samurai sudoku: five classic 9x9 grids overlapping on a 21x21 figure. Four corner grids and
// one centre grid; the centre grid shares each of its corner boxes with one corner grid (its
// box 1 is box 9 of grid 1, its box 3 box 7 of grid 2, its box 7 box 3 of grid 4, its box 9
// box 1 of grid 5). Every grid obeys the classic rules; there is no other constraint.
//
// Numbering (0-based in code, 1-based in words): grids in the reading order of their top-left
// corners on the figure, 1 (row 1, column 1), 2 (1, 13), 3 the centre (7, 7), 4 (13, 1),
// 5 (13, 13). Cells: the 369 figure positions inside some grid, in reading order of the figure
// (cell = index into SamuraiGrid::cells). Houses: 131, grid by grid its rows, columns and boxes,
// the centre grid's four shared boxes left out (they are the corner grids' boxes already).
//
// Text form (samurai_text / parse_samurai), one line:
//
//   samurai:<row 1>/<row 2>/.../<row 21>
//
// each row 21 characters, one a figure column: 1-9 a given, '.' (or '0') an empty cell, '-' a
// position outside the five grids (72 of them: rows 1-6 and 16-21, columns 10-12, and the
// ends of rows 10-12). '-' rather than a space, so the text is one shell word. When reading,
// the prefix "samurai:" may be left out and the '/' and any whitespace are ignored (a file of
// 21 lines reads), so 441 positions are expected; samurai_text writes every '/' and
// parse_samurai(samurai_text(g)) gives g back.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid.h"
#include "engine/rng.h"
#include "engine/solver.h"

namespace puzzlepress::engine {

inline constexpr int kSamuraiSide = 21;     ///< rows and columns of the figure
inline constexpr int kSamuraiGrids = 5;     ///< classic 9x9 grids
inline constexpr int kSamuraiCells = 369;   ///< 5 * 81 - 4 * 9 shared
inline constexpr int kSamuraiHouses = 131;  ///< 5 * 27 - 4 shared boxes
inline constexpr char kSamuraiHole = '-';   ///< a figure position outside the grids, in text
inline constexpr std::string_view kSamuraiPrefix = "samurai:";

/// The figure position (0-based row and column, 0..20) of grid k's top-left cell.
inline constexpr std::array<std::array<int, 2>, kSamuraiGrids> kSamuraiOrigins = {
    {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}};

/// A samurai board: a value per cell (0 empty, 1..9), cells numbered as above.
struct SamuraiGrid {
  std::array<std::uint8_t, kSamuraiCells> cells{};
  int clue_count() const;
  friend bool operator==(const SamuraiGrid&, const SamuraiGrid&) = default;
};

/// The cell at figure position (row, column), 0-based; -1 outside the figure or in a hole.
int samurai_cell(int row, int column);
/// The figure position of `cell`: {row, column}, 0-based.
std::array<int, 2> samurai_position(int cell);
/// Grid k's cell (row, column), 0..8 each, as a samurai cell.
int samurai_cell_of(int grid, int row, int column);
/// The cells of house h (0..130): 9 cells, in the house's order (a row left to right, ...).
std::span<const std::int16_t, 9> samurai_house(int house);
/// "row 3 of grid 2", "column 1 of grid 3", "box 9 of grid 1" (1-based).
std::string samurai_house_name(int house);
/// The grids (0-based, ascending) holding `cell`: one, or two for a cell of a shared box.
std::vector<int> samurai_grids_of(int cell);

/// Grid k as a classic 9x9 board (its cells' values).
Grid samurai_subgrid(const SamuraiGrid& grid, int k);

/// The text form (see the top of the file), prefix and '/' included. Values outside 0..9 are
/// written as '?', which parse_samurai refuses.
std::string samurai_text(const SamuraiGrid& grid);

struct SamuraiParse {
  std::optional<SamuraiGrid> grid;  ///< set on success
  std::string error;                ///< why not, one line
};
/// Reads the text form; the prefix (any case) is optional. Errors, the first found:
///   "expected 441 positions (21 rows of 21), got 440"
///   "row 4, column 10 is inside no grid: expected '-', got '5'"
///   "row 4, column 12 is in grid 2: expected 1-9, '.' or '0', got '-'"
///   "row 1, column 3: bad character 'x' (expected 1-9, '.', '0' or '-')"
/// (rows and columns of the figure, 1-based).
SamuraiParse parse_samurai(std::string_view text);

/// The first digit given twice in a house (houses in order), if any: house names the house,
/// "digit 4 appears twice in row 3 of grid 2". Cells outside 1..9 are skipped.
std::optional<Conflict> find_samurai_conflict(const SamuraiGrid& givens);

/// solver.h's contract for a samurai.
struct SamuraiSolveResult {
  SolveStatus status = SolveStatus::malformed;
  std::uint64_t nodes = 0;               ///< the root plus one per guessed placement
  std::vector<SamuraiGrid> solutions{};  ///< one for unique, two (distinct) for multiple
  std::optional<Conflict> conflict{};    ///< set for inconsistent
  std::string detail{};                  ///< for malformed: why
};

/// malformed ("cell 7 holds 17 (expected 0-9)"), inconsistent (find_samurai_conflict), then
/// unique, multiple (two distinct witnesses), no_solution or unresolved by the samurai search:
/// naked and hidden singles over the 131 houses to a fixed point, then the empty cell with
/// fewest candidates guessed (first in cell order among equals), its digits ascending.
SamuraiSolveResult solve(const SamuraiGrid& givens, const SolveOptions& options = {});

/// Reads parse_samurai's text (malformed with its message), then solves.
SamuraiSolveResult solve_samurai(std::string_view text, const SolveOptions& options = {});

/// min(solutions, cap); 0 when cap < 1 or for givens solve() refuses.
int count_solutions(const SamuraiGrid& givens, int cap);

namespace detail {
/// The dig's uniqueness question: `givens` had the single completion `solution` before the
/// cells of `removed` were emptied. True when another completion exists (it then differs from
/// `solution` at a removed cell); `witness`, when non-null, gets one. Requires values 0..9 and
/// no clashing givens (not checked).
bool samurai_differs(const SamuraiGrid& givens, const SamuraiGrid& solution, std::span<const int> removed,
                     SamuraiGrid* witness = nullptr);

/// A complete legal samurai by randomised search (the cell with fewest candidates, its digits in
/// an rng-shuffled order), starting again (the stream continues) after `guesses` guesses. Same
/// rng state, same grid.
SamuraiGrid samurai_fill(Mulberry32& rng, std::uint64_t guesses = 2000);

/// Naked and hidden singles to a fixed point from `givens` (the search's propagation): the
/// values they reach, or nothing on a contradiction.
std::optional<SamuraiGrid> samurai_singles(const SamuraiGrid& givens);
}  // namespace detail

}  // namespace puzzlepress::engine
