// `puzzlepress solve`: solves puzzles given as arguments or on standard input.
#pragma once

#include "cli/command.h"

#include <cstdint>
#include <iosfwd>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/killer.h"
#include "engine/samurai.h"
#include "engine/shape.h"
#include "engine/solver.h"
#include "engine/variant.h"
#include "engine/solver9.h"

namespace puzzlepress::cli {

struct SolveArgs {
  std::vector<std::string> puzzles;  ///< grid texts (grid.h); "-" (or none) reads standard input
  std::uint64_t budget = std::numeric_limits<std::uint64_t>::max();  ///< search nodes per puzzle
  std::string size;              ///< "4x4" ... "16x16"; empty: each puzzle's size from its cell count
  std::string kind = "classic";  ///< classic | x | hyper | jigsaw | killer | samurai: puzzles without a prefix
};

/// The kind name of killer sudoku (engine/killer.h) on --kind and as its text prefix "killer:".
/// Killer is no engine::Kind: a Kind is a Layout of houses (engine/variant.h) and cages are not
/// houses, so the commands take it beside the house kinds.
inline constexpr std::string_view kKillerKind = "killer";

/// The kind name of samurai sudoku (engine/samurai.h) on --kind and as its text prefix
/// "samurai:". Samurai is no engine::Kind either: five 9x9 grids on a 21x21 figure are no Layout
/// of one N x N grid.
inline constexpr std::string_view kSamuraiKind = "samurai";

/// What --kind names on solve and generate: a house kind, killer or samurai.
struct PuzzleKind {
  engine::Kind kind = engine::Kind::classic;  ///< classic when killer or samurai
  bool killer = false;
  bool samurai = false;
};

/// True when a --kind value names samurai (case-insensitive).
bool names_samurai(const std::string& kind);

/// True when `puzzle` is read as a samurai: its text starts with "samurai:" (after blanks, any
/// case), or `kind` is samurai and the text has no other kind prefix.
bool is_samurai_text(const PuzzleKind& kind, const std::string& puzzle);

/// A samurai's text solved by the solve contract (engine::solve on the samurai); with `shape`
/// other than 9x9 it is malformed ("a samurai's grids are 9x9, not --size 6x6").
engine::SamuraiSolveResult solve_samurai_text(const std::string& puzzle, std::optional<engine::Shape> shape,
                                              const engine::SolveOptions& options = {});

/// The line `solve` prints for a samurai's result: as describe_solve_result, solutions in the
/// samurai text form.
std::string describe_samurai_result(const engine::SamuraiSolveResult& result);

/// A killer's text read and solved by the solve contract (engine::solve on the killer); with
/// `shape`, a killer of another size is malformed ("grid: the killer is 9x9, --size 6x6").
engine::SolveResult solve_killer_text(const std::string& puzzle, std::optional<engine::Shape> shape,
                                      const engine::SolveOptions& options = {});
/// parse_killer of a text solve_killer_text read (its "killer:" prefix in any case).
engine::KillerParse parse_killer_text(const std::string& puzzle);

/// True when a --kind value names killer (case-insensitive).
bool names_killer(const std::string& kind);

/// The --kind flag of solve and generate (case-insensitive like engine::parse_kind). Throws
/// InputError "--kind: unknown kind 'q' (expected one of: classic, x, hyper, jigsaw, killer,
/// samurai)".
PuzzleKind parse_puzzle_kind_flag(const std::string& kind);

/// True when `puzzle` is read as a killer: its text starts with "killer:" (after blanks), or
/// `kind` is killer and the text has no other kind prefix (a prefix wins over the flag).
bool is_killer_text(const PuzzleKind& kind, const std::string& puzzle);

/// The --kind flag. Throws InputError "--kind: unknown kind 'q' (expected one of: classic, x,
/// hyper, jigsaw)".
engine::Kind parse_kind_flag(const std::string& kind);

/// True when `puzzle` is read as a variant (engine/variant.h's text form): a kind other than
/// classic, or a kind prefix ("x:...") in the text. Classic texts take the classic path, as before.
bool is_variant_text(engine::Kind kind, const std::string& puzzle);

/// The --size flag: nullopt for "" (infer from the cell count), else the shape. Throws
/// InputError "--size: unsupported size '10x10' (expected 4x4, 6x6, 8x8, 9x9, 12x12
/// or 16x16)".
std::optional<engine::Shape> parse_size_flag(const std::string& size);

/// The line `solve` prints for a result (see run_solve), without the "N: " prefix.
std::string describe_solve_result(const engine::SolveResult& result);

/// The exit code for a status: 0 unique, 10 multiple, 11 no_solution, 12 inconsistent,
/// 13 malformed, 14 unresolved.
int solve_exit_code(engine::SolveStatus status);

/// Writes one line per puzzle (solutions in the text form of the puzzle's size; a killer's as
/// its grid text: the cages are the puzzle's):
///   unique nodes=N SOLUTION
///   multiple nodes=N FIRST SECOND
///   no_solution nodes=N
///   unresolved nodes=N
///   inconsistent: digit 5 appears twice in row 3
///   malformed: bad character 'x' at position 12 (expected 1-9, '.' or '0')
/// With several puzzles, each line is prefixed by "N: " (1-based input order). Puzzles are read
/// and answered one by one (cli/puzzle_input.h): an endless input is refused at its first long
/// line, a long one is answered as it streams.
/// Returns the exit code: 0 when all are unique, else the largest status code (exit_codes.h).
int run_solve(const SolveArgs& args, std::istream& in, std::ostream& out);

/// Declares what `solve` and `grade` both read on `command`: the PUZZLES positional, --size and
/// --kind (help texts and defaults as `puzzlepress solve --help` shows them; `takes_killer`:
/// killer is named among the kinds, as solve reads it and grade does not).
void add_puzzle_options(CLI::App& command, std::vector<std::string>& puzzles, std::string& size, std::string& kind,
                        bool takes_killer);

/// Registers `puzzlepress solve` and its options with `app`; its run takes the parsed values.
Command add_solve(CLI::App& app);

}  // namespace puzzlepress::cli
