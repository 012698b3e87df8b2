#include "cli/solve_command.h"

#include <CLI/CLI.hpp>
#include <memory>

#include <algorithm>
#include <cctype>
#include <iostream>

#include "cli/command.h"
#include "cli/exit_codes.h"
#include "cli/puzzle_input.h"
#include "util/errors.h"
#include "engine/killer.h"
#include "engine/solver9.h"
#include "engine/variant_solver.h"

namespace puzzlepress::cli {

int solve_exit_code(engine::SolveStatus status) {
  switch (status) {
    case engine::SolveStatus::unique: return kExitOk;
    case engine::SolveStatus::multiple: return kExitMultiple;
    case engine::SolveStatus::no_solution: return kExitNoSolution;
    case engine::SolveStatus::inconsistent: return kExitInconsistent;
    case engine::SolveStatus::malformed: return kExitMalformed;
    case engine::SolveStatus::unresolved: return kExitUnresolved;
  }
  return kExitFailure;
}

std::optional<engine::Shape> parse_size_flag(const std::string& size) {
  if (size.empty()) return std::nullopt;
  const auto shape = engine::parse_shape(size);
  if (!shape) throw InputError(Place::flag("--size"), "" + engine::unsupported_shape_message(size));
  return shape;
}

engine::Kind parse_kind_flag(const std::string& kind) {
  const auto parsed = engine::parse_kind(kind);
  if (!parsed)
    throw InputError(Place::flag("--kind"),
                     "unknown kind '" + kind + "' (expected one of: " + engine::kind_choices() + ")");
  return *parsed;
}

bool names_killer(const std::string& kind) {
  std::string lower;
  for (char c : kind) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == kKillerKind;
}

bool names_samurai(const std::string& kind) {
  std::string lower;
  for (char c : kind) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == kSamuraiKind;
}

PuzzleKind parse_puzzle_kind_flag(const std::string& kind) {
  if (names_killer(kind)) return PuzzleKind{engine::Kind::classic, true, false};
  if (names_samurai(kind)) return PuzzleKind{engine::Kind::classic, false, true};
  const auto parsed = engine::parse_kind(kind);
  if (!parsed)
    throw InputError(Place::flag("--kind"), "unknown kind '" + kind + "' (expected one of: " + engine::kind_choices() +
                                                ", " + std::string(kKillerKind) + ", " + std::string(kSamuraiKind) +
                                                ")");
  return PuzzleKind{*parsed, false, false};
}

namespace {

// Where a "<name>:" prefix (in any case, as --kind takes it) ends in `puzzle`; npos without one.
std::size_t prefix_end(const std::string& puzzle, std::string_view name) {
  const std::size_t start = puzzle.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || puzzle.size() < start + name.size() + 1) return std::string::npos;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = puzzle[start + i];
    if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != name[i]) return std::string::npos;
  }
  return puzzle[start + name.size()] == ':' ? start + name.size() + 1 : std::string::npos;
}

std::size_t killer_prefix_end(const std::string& puzzle) { return prefix_end(puzzle, kKillerKind); }

}  // namespace

bool is_samurai_text(const PuzzleKind& kind, const std::string& puzzle) {
  if (puzzle.find_first_not_of(" \t\r\n") == std::string::npos) return kind.samurai;
  if (prefix_end(puzzle, kSamuraiKind) != std::string::npos) return true;
  return kind.samurai && puzzle.find(':') == std::string::npos;
}

engine::SamuraiSolveResult solve_samurai_text(const std::string& puzzle, std::optional<engine::Shape> shape,
                                              const engine::SolveOptions& options) {
  if (shape && !(*shape == engine::kShape9x9)) {
    engine::SamuraiSolveResult result;
    result.detail = "a samurai's grids are 9x9, not --size " + engine::shape_id(*shape);
    return result;
  }
  return engine::solve_samurai(puzzle, options);
}

std::string describe_samurai_result(const engine::SamuraiSolveResult& r) {
  std::string line(engine::status_name(r.status));
  switch (r.status) {
    case engine::SolveStatus::malformed: return line + ": " + r.detail;
    case engine::SolveStatus::inconsistent: return line + ": " + r.conflict->message();
    default:
      line += " nodes=" + std::to_string(r.nodes);
      if (r.status == engine::SolveStatus::unique || r.status == engine::SolveStatus::multiple) {
        for (const auto& s : r.solutions) line += ' ' + engine::samurai_text(s);
      }
      return line;
  }
}

bool is_killer_text(const PuzzleKind& kind, const std::string& puzzle) {
  if (puzzle.find_first_not_of(" \t\r\n") == std::string::npos) return kind.killer;
  if (killer_prefix_end(puzzle) != std::string::npos) return true;
  return kind.killer && puzzle.find(':') == std::string::npos;
}

bool is_variant_text(engine::Kind kind, const std::string& puzzle) {
  return kind != engine::Kind::classic || puzzle.find(':') != std::string::npos;
}

engine::KillerParse parse_killer_text(const std::string& puzzle) {
  const std::size_t prefix = killer_prefix_end(puzzle);  // "Killer:" reads as "killer:"
  return engine::parse_killer(prefix == std::string::npos ? puzzle : puzzle.substr(prefix));
}

engine::SolveResult solve_killer_text(const std::string& puzzle, std::optional<engine::Shape> shape,
                                      const engine::SolveOptions& options) {
  const engine::KillerParse parsed = parse_killer_text(puzzle);
  engine::SolveResult result;
  if (!parsed.killer) {
    result.status = engine::SolveStatus::malformed;
    result.detail = parsed.error;
    return result;
  }
  if (shape && !(*shape == parsed.killer->shape)) {
    result.status = engine::SolveStatus::malformed;
    result.detail =
        "grid: the killer is " + engine::shape_id(parsed.killer->shape) + ", --size " + engine::shape_id(*shape);
    return result;
  }
  return engine::solve(*parsed.killer, *parsed.givens, options);
}

std::string describe_solve_result(const engine::SolveResult& r) {
  std::string line(engine::status_name(r.status));
  switch (r.status) {
    case engine::SolveStatus::malformed: return line + ": " + r.detail;
    case engine::SolveStatus::inconsistent: return line + ": " + r.conflict->message();
    default:
      line += " nodes=" + std::to_string(r.nodes);
      if (r.status == engine::SolveStatus::unique || r.status == engine::SolveStatus::multiple) {
        for (const auto& s : r.solutions) line += ' ' + engine::to_string(s);
      }
      return line;
  }
}

int run_solve(const SolveArgs& args, std::istream& in, std::ostream& out) {
  const auto shape = parse_size_flag(args.size);
  const PuzzleKind kind = parse_puzzle_kind_flag(args.kind);
  engine::SolveOptions options;
  options.node_budget = args.budget;
  int exit_code = kExitOk;
  for_each_puzzle("solve", args.puzzles, in, shape, [&](std::size_t number, const std::string& puzzle, bool several) {
    if (is_samurai_text(kind, puzzle)) {
      const engine::SamuraiSolveResult r = solve_samurai_text(puzzle, shape, options);
      if (several) out << number << ": ";
      out << describe_samurai_result(r) << '\n';
      out.flush();
      exit_code = std::max(exit_code, solve_exit_code(r.status));
      return;
    }
    const engine::SolveResult r = is_killer_text(kind, puzzle) ? solve_killer_text(puzzle, shape, options)
                                  : is_variant_text(kind.kind, puzzle)
                                      ? engine::solve_variant(puzzle, kind.kind, shape, options)
                                      : engine::solve(puzzle, shape, options);
    if (several) out << number << ": ";
    out << describe_solve_result(r) << '\n';
    out.flush();  // answered as read: a reader on a pipe sees each answer at once
    exit_code = std::max(exit_code, solve_exit_code(r.status));
  });
  return exit_code;
}

void add_puzzle_options(CLI::App& command, std::vector<std::string>& puzzles, std::string& size, std::string& kind,
                        bool takes_killer) {
  const std::string killer =
      std::string(takes_killer ? ", killer KIND:GRID/CAGES/SUMS" : "") + ", samurai KIND:21 rows of 21 joined by /";
  command.add_option("puzzles", puzzles,
                     "Puzzles: N*N cells of 1-9 then A-G, '.' or '0' empty (variants: KIND:GRID, jigsaw "
                     "KIND:GRID/REGIONS" +
                         killer + "); - reads stdin");
  command.add_option("--size", size, "4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16 (default: from the cell count)");
  command
      .add_option("--kind", kind,
                  std::string("classic | x | hyper | jigsaw") + (takes_killer ? " | killer" : "") + " | samurai" +
                      ": the kind of puzzles without a KIND: prefix")
      ->capture_default_str();
}

Command add_solve(CLI::App& app) {
  const auto args = std::make_shared<SolveArgs>();
  auto* solve = app.add_subcommand("solve", "Solve puzzles of any size (grid texts, or - for standard input)");
  add_puzzle_options(*solve, args->puzzles, args->size, args->kind, true);
  solve->add_option("--budget", args->budget, "Search nodes allowed per puzzle before 'unresolved'")
      ->check([](const std::string& value) {  // the option is unsigned: refuse any sign
        return value.find('-') != std::string::npos ? "must be 0 or more, got " + value : std::string();
      });
  solve->footer(
      "Exit codes: 0 unique, 10 multiple, 11 no_solution, 12 inconsistent, 13 malformed,\n"
      "14 unresolved (with several puzzles: the largest), 2 bad usage.");
  return Command{solve, [args] { return run_solve(*args, std::cin, std::cout); }};
}

}  // namespace puzzlepress::cli
