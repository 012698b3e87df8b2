#include "cli/solve_command.h"

#include <CLI/CLI.hpp>
#include <memory>

#include <algorithm>
#include <iostream>
#include <iterator>
#include <sstream>

#include "cli/command.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "engine/solver.h"

namespace puzzlepress::cli {
namespace {

int count_cells(const std::string& line) {
  return static_cast<int>(std::count_if(line.begin(), line.end(), [](char c) {
    return c != ' ' && c != '\t' && c != '\r';
  }));
}

}  // namespace

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

std::vector<std::string> split_puzzles(const std::string& input, std::optional<engine::Shape> shape) {
  std::vector<std::string> puzzles;
  std::vector<std::string> block;
  auto flush = [&] {
    if (block.empty()) return;
    const int n = static_cast<int>(block.size());
    const bool board_size = shape ? shape->size() == n : engine::shape_for_cell_count(n * n).has_value();
    const bool one_board = board_size && std::all_of(block.begin(), block.end(), [n](const std::string& l) {
                             return count_cells(l) == n;
                           });
    if (!one_board) {
      puzzles.insert(puzzles.end(), block.begin(), block.end());
    } else {
      std::string joined;
      for (const auto& l : block) joined += l + "\n";
      puzzles.push_back(joined);
    }
    block.clear();
  };
  std::istringstream lines(input);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (count_cells(line) == 0) {
      flush();
    } else {
      block.push_back(line);
    }
  }
  flush();
  return puzzles;
}

std::vector<std::string> read_puzzle_arguments(const std::vector<std::string>& arguments,
                                               std::istream& in, std::optional<engine::Shape> shape) {
  std::vector<std::string> puzzles;
  const auto read_stdin = [&] {
    const std::string all{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto read = split_puzzles(all, shape);
    puzzles.insert(puzzles.end(), read.begin(), read.end());
  };
  for (const auto& p : arguments) {
    if (p == "-") {
      read_stdin();
    } else {
      puzzles.push_back(p);
    }
  }
  if (arguments.empty()) read_stdin();
  return puzzles;
}

std::string describe_solve_result(const engine::SizedSolveResult& r) {
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
  const std::vector<std::string> puzzles = read_puzzle_arguments(args.puzzles, in, shape);
  if (puzzles.empty()) throw InputError(Place{}, "solve: no puzzle given (pass PUZZLE or - for standard input)");

  engine::SolveOptions options;
  options.node_budget = args.budget;
  int exit_code = kExitOk;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const engine::SizedSolveResult r = engine::solve_sized(puzzles[i], shape, options);
    if (puzzles.size() > 1) out << (i + 1) << ": ";
    out << describe_solve_result(r) << '\n';
    exit_code = std::max(exit_code, solve_exit_code(r.status));
  }
  return exit_code;
}

Command add_solve(CLI::App& app) {
  const auto args = std::make_shared<SolveArgs>();
  auto* solve = app.add_subcommand("solve", "Solve puzzles of any size (grid texts, or - for standard input)");
  solve->add_option("puzzles", args->puzzles, "Puzzles: N*N cells of 1-9 then A-G, '.' or '0' empty; - reads stdin");
  solve->add_option("--size", args->size, "4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16 (default: from the cell count)");
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
