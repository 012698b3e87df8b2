// `puzzlepress bench --kind killer`: killer generation per size (9x9, 6x6), and with
// --against-node DIR the npm package killer-sudoku-generator run by node in the same invocation,
// its puzzles converted to our text form and solved by our killer solve (the solve contract).
#include <time.h>

#include <algorithm>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <memory>
#include <ostream>
#include <sstream>
#include <vector>

#include "book/spec/choices.h"
#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "cli/solve_command.h"
#include "engine/grade.h"
#include "engine/killer_grade.h"
#include "engine/killer_generator.h"
#include "util/errors.h"

namespace puzzlepress::cli {

// The node driver, bench/killer_npm_driver.js, compiled in by CMake (killer_npm_driver.cpp):
// `node DRIVER DIR BOARDS` prints "version V", then for each difficulty BOARDS lines "puzzle
// DIFFICULTY TEXT" (our text form) and one "time DIFFICULTY MEAN P95 GIVENS_MEAN GIVENS_MIN
// GIVENS_MAX", tab-separated.
extern const char* const kKillerNpmDriver;

namespace {

double mean_of(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

// The value at rank floor(0.95 (n - 1)) of the sorted values, as bench_kinds.cpp.
double p95_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[static_cast<std::size_t>(0.95 * static_cast<double>(v.size() - 1))];
}

struct OurRow {
  std::vector<double> cpu_ms;
  int valid = 0, unique = 0;
  double cages = 0;
};

// Seeds 1..boards aimed at `tier`, one thread, each generation timed in this thread's CPU time; "unique" is a
// count-to-2 under the cages, run again outside the timing.
OurRow bench_ours(engine::Shape shape, engine::Grade tier, int boards) {
  OurRow row;
  for (int s = 1; s <= boards; ++s) {
    engine::KillerOptions options;
    options.shape = shape;
    options.grade = tier;
    options.seed = static_cast<std::uint32_t>(s);
    const double start = bench::thread_cpu_ms();
    const engine::KillerPuzzle p = engine::generate_killer(options);
    row.cpu_ms.push_back(bench::thread_cpu_ms() - start);
    row.valid += p.valid;
    row.unique += engine::count_solutions(p.killer, p.givens, 2) == 1;
    row.cages += static_cast<double>(p.killer.cages.size()) / boards;
  }
  return row;
}

// Bounds on the node run: seconds (base plus one a board; its expert level takes about 0.1 s a
// puzzle, four levels a board), bytes of output (a puzzle line is under 200 bytes, four a board)
// and search nodes our solve may take on one of its puzzles (beyond: unresolved, counted so).
constexpr int kNodeSecondsBase = 120;
constexpr std::size_t kNodeOutputBase = 64 * 1024;
constexpr std::size_t kNodeOutputPerBoard = 4 * 1024;
constexpr std::uint64_t kNodeSolveBudget = 5'000'000;

struct NodeRow {
  double mean_ms = 0, p95_ms = 0, givens_mean = 0;
  int givens_min = 0, givens_max = 0;
  std::map<std::string, int> statuses;  ///< our solve's status of each converted puzzle
};

struct NodeRun {
  std::string version;
  std::vector<std::pair<std::string, NodeRow>> rows;  ///< in the driver's order
};

std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

NodeRun run_node(const BenchArgs& args) {
  const bench::TempDir dir("puzzlepress-killer-node");
  const auto driver = dir.path / "driver.js";
  std::ofstream file(driver);
  file << kKillerNpmDriver;
  file.close();
  if (!file) throw EnvironmentError("--against-node: cannot write the node driver to " + driver.string());
  // coreutils' timeout bounds the run (a hung package or node), and the output read is capped (a
  // package printing without end): either is a failed run, named.
  const int seconds = kNodeSecondsBase + args.boards;
  const std::size_t cap = kNodeOutputBase + static_cast<std::size_t>(args.boards) * kNodeOutputPerBoard;
  const std::string command = "timeout --kill-after=5 " + std::to_string(seconds) + " " + shell_quoted(args.node) +
                              " " + shell_quoted(driver.string()) + " " + shell_quoted(args.against_node) + " " +
                              std::to_string(args.boards) + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw EnvironmentError("--against-node: cannot start " + args.node);
  std::string output;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe.get())) {
    output.append(buffer, n);
    if (output.size() > cap) {
      throw EnvironmentError("--against-node: " + args.node + " printed more than " + std::to_string(cap) +
                             " bytes for " + std::to_string(args.boards) + " boards; stopped reading");
    }
  }
  if (const int status = pclose(pipe.release()); status != 0) {
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : status;
    if (code == 124) {  // timeout's status when its TERM ended the run
      throw EnvironmentError("--against-node: " + args.node + " did not finish within " + std::to_string(seconds) +
                             " s (" + std::to_string(kNodeSecondsBase) + " s and one a board)");
    }
    if (code == 137) {  // KILLed: by timeout 5 s after its TERM, or by the system (memory)
      throw EnvironmentError("--against-node: " + args.node + " was killed (by the " + std::to_string(seconds) +
                             " s limit, or by the system)");
    }
    throw EnvironmentError("--against-node: " + args.node + " exited " + std::to_string(code) + ": " +
                           output.substr(0, 300));
  }
  NodeRun run;
  std::map<std::string, NodeRow> rows;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string tag, difficulty;
    std::getline(fields, tag, '\t');
    std::getline(fields, difficulty, '\t');
    if (tag == "version") run.version = difficulty;
    if (tag == "puzzle") {
      std::string text;
      std::getline(fields, text);
      engine::SolveOptions options;
      options.node_budget = kNodeSolveBudget;
      ++rows[difficulty].statuses[std::string(engine::status_name(engine::solve_killer(text, options).status))];
    }
    if (tag == "time") {
      NodeRow& row = rows[difficulty];
      fields >> row.mean_ms >> row.p95_ms >> row.givens_mean >> row.givens_min >> row.givens_max;
      run.rows.emplace_back(difficulty, row);
    }
  }
  if (run.rows.empty()) throw EnvironmentError("--against-node: " + args.node + " printed no timings");
  return run;
}

std::string format_statuses(const std::map<std::string, int>& statuses) {
  std::string s;
  for (const auto& [status, n] : statuses) s += (s.empty() ? "" : " ") + status + "(" + std::to_string(n) + ")";
  return s;
}

}  // namespace

int bench_killer(const BenchArgs& args, std::ostream& out) {
  // Every other mode's flag is refused rather than silently ignored.
  const auto refuse = [](bool given, const char* flag) {
    if (given) throw InputError(Place::flag(flag), "is not taken with --kind killer");
  };
  refuse(args.canonical, "--canonical");
  refuse(!args.against.empty(), "--against");
  refuse(!args.book.empty(), "--book");
  refuse(!args.dataset.empty(), "--dataset");
  refuse(!args.preview.empty(), "--preview");
  refuse(!args.reference.empty(), "--reference");
  refuse(!args.compare.empty(), "--compare");
  refuse(args.rate, "--rate");
  refuse(args.cpu_time, "--cpu-time");
  refuse(args.rounds != 1, "--rounds");
  refuse(args.grading != "both", "--grading");
  // Checked before the timing: a wrong folder is a usage error, not a failed run after it.
  const std::filesystem::path node_dir(args.against_node);
  if (!args.against_node.empty() &&
      !std::filesystem::is_regular_file(node_dir / "node_modules" / "killer-sudoku-generator" / "package.json") &&
      !std::filesystem::is_regular_file(node_dir / "package.json")) {
    throw InputError(Place::flag("--against-node"),
                     args.against_node +
                         " holds no node_modules/killer-sudoku-generator and is no package folder (install it "
                         "there with: npm install killer-sudoku-generator@1.1.2)");
  }
  std::vector<engine::Shape> shapes;
  if (args.size.empty()) {
    shapes = {engine::kShape9x9, engine::kShape6x6};
  } else {
    const auto shape = engine::parse_shape(args.size);
    if (!shape) throw InputError(Place::flag("--size"), engine::unsupported_shape_message(args.size));
    if (!engine::killer_takes(*shape))
      throw InputError(Place::flag("--size"), "kind 'killer' takes 6x6 or 9x9, not " + engine::shape_id(*shape));
    shapes.push_back(*shape);
  }
  // The tiers: --grade's (refused where a shape is not made at it), else every tier each shape
  // is made at (engine::killer_offers_grade).
  std::optional<engine::Grade> only;
  if (args.grade != "all") {
    only = engine::parse_grade(args.grade);
    if (!only) {
      throw InputError(Place::flag("--grade"),
                       "unknown grade '" + args.grade + "' (expected one of: " + book::grade_choices() + ", all)");
    }
    for (engine::Shape shape : shapes) {
      if (!engine::killer_offers_grade(shape, *only)) {
        throw InputError(Place::flag("--grade"),
                         "killer " + engine::shape_id(shape) + " puzzles are not made at " + args.grade);
      }
    }
  }
  out << std::fixed << std::setprecision(2);
  out << "killer generation (pure killers, no givens, aimed at each tier; seeds 1.." << args.boards
      << "; one thread; CPU ms per finished puzzle)\n";
  out << "size\ttier\tmean\tp95\tmax\tvalid\tunique\tcages\n";
  double mean_9x9 = 0, p95_9x9 = 0;  // the hardest 9x9 tier timed
  std::string hardest_9x9;
  for (engine::Shape shape : shapes) {
    for (engine::Grade tier : engine::kAllGrades) {
      if (only ? tier != *only : !engine::killer_offers_grade(shape, tier)) continue;
      const OurRow r = bench_ours(shape, tier, args.boards);
      const double mean = mean_of(r.cpu_ms), p95 = p95_of(r.cpu_ms);
      if (shape == engine::kShape9x9) mean_9x9 = mean, p95_9x9 = p95, hardest_9x9 = engine::grade_id(tier);
      out << engine::shape_id(shape) << '\t' << engine::grade_id(tier) << '\t' << mean << '\t' << p95 << '\t'
          << *std::max_element(r.cpu_ms.begin(), r.cpu_ms.end()) << '\t' << r.valid << '/' << args.boards << '\t'
          << r.unique << '/' << args.boards << '\t' << std::setprecision(1) << r.cages << std::setprecision(2) << '\n';
    }
  }
  if (!args.against_node.empty()) {
    const NodeRun node = run_node(args);
    out << "\nkiller-sudoku-generator " << node.version << " (node, 9x9; " << args.boards
        << " puzzles a difficulty; its CPU ms per puzzle by process.cpuUsage; each puzzle solved by our killer "
           "solve)\n";
    out << "difficulty\tmean\tp95\tgivens_mean\tgivens_range\tour_solve\n";
    double expert_mean = 0, expert_p95 = 0;
    for (const auto& [difficulty, row] : node.rows) {
      out << difficulty << '\t' << row.mean_ms << '\t' << row.p95_ms << '\t' << std::setprecision(1) << row.givens_mean
          << std::setprecision(2) << '\t' << row.givens_min << '-' << row.givens_max << '\t'
          << format_statuses(row.statuses) << '\n';
      if (difficulty == "expert") expert_mean = row.mean_ms, expert_p95 = row.p95_ms;
    }
    if (mean_9x9 > 0 && expert_mean > 0) {
      out << "its expert / our 9x9 " << hardest_9x9 << " (ours: no givens): mean " << expert_mean / mean_9x9
          << "x, p95 " << expert_p95 / p95_9x9 << "x\n";
    }
  }
  out << std::setprecision(1) << "peak memory: " << bench::peak_rss_mib() << " MiB\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
