// `puzzlepress bench`: generation tables (and the dispatch to the dataset half).

#include <CLI/CLI.hpp>
#include <iostream>
#include "cli/bench_command.h"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <vector>

#include "cli/command.h"
#include "cli/bench_internal.h"
#include "cli/solve_command.h"
#include "book/spec/choices.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "engine/generator9.h"

namespace puzzlepress::cli {
namespace {

using namespace bench;

struct GradeRow {
  double mean_ms = 0, p95_ms = 0, checks_per_board = 0;
  double digs_per_board = 0, solutions_per_board = 0, mean_rating = 0;
  int valid = 0, boards = 0, at_or_below_24 = 0;
  std::string clues;  // "41(147) 42(53)"
};

// The reference engine's table, parsed from its standard output.
struct ReferenceRun {
  double fill_ms = 0;
  std::map<std::string, GradeRow> rows;
};

int count_at_or_below_24(const std::string& distribution) {
  int total = 0;
  std::istringstream in(distribution);
  std::string token;
  while (in >> token) {
    int clues = 0, n = 0;
    if (std::sscanf(token.c_str(), "%d(%d)", &clues, &n) == 2 && clues <= 24) total += n;
  }
  return total;
}

// Boards 1..n of one grade, one thread, timed one by one.
GradeRow bench_grade(engine::Grade grade, engine::Grading grading, int boards, double& total_ms,
                     std::uint64_t& total_checks) {
  std::vector<double> times;
  std::map<int, int> distribution;
  GradeRow row;
  std::uint64_t checks = 0, digs = 0, solutions = 0;
  double rating_sum = 0;
  for (int s = 1; s <= boards; ++s) {
    engine::GenerateOptions9 options;
    options.grade = grade;
    options.seed = static_cast<std::uint32_t>(s);
    options.grading = grading;
    options.rate = grading == engine::Grading::techniques;  // the reference does not rate
    // The reference keeps whatever its dig gives: so does the clue table (no trial check).
    options.allow_trial = grading == engine::Grading::clues;
    const auto start = Clock::now();
    const engine::Puzzle9 p = engine::generate(options);
    times.push_back(ms_since(start));
    ++distribution[p.clues];
    row.valid += p.valid;
    checks += p.uniqueness_checks;
    digs += static_cast<std::uint64_t>(p.digs);
    solutions += static_cast<std::uint64_t>(p.solutions_tried);
    rating_sum += p.rating;
  }
  std::sort(times.begin(), times.end());
  double sum = 0;
  for (double t : times) sum += t;
  row.boards = boards;
  row.mean_ms = sum / boards;
  row.p95_ms = times[static_cast<std::size_t>(0.95 * (boards - 1))];
  row.checks_per_board = static_cast<double>(checks) / boards;
  row.digs_per_board = static_cast<double>(digs) / boards;
  row.solutions_per_board = static_cast<double>(solutions) / boards;
  row.mean_rating = rating_sum / boards;
  row.clues = bench::format_distribution(distribution);
  row.at_or_below_24 = count_at_or_below_24(row.clues);
  total_ms += sum;
  total_checks += checks;
  return row;
}

ReferenceRun run_reference(const BenchArgs& args) {
  const std::string command =
      "'" + args.node + "' '" + args.reference + "' " + std::to_string(args.boards) + " " + args.grade + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw EnvironmentError("--reference: cannot run " + command);
  std::string output;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe.get())) output.append(buffer, n);
  const int status = pclose(pipe.release());
  if (status != 0) {
    throw EnvironmentError("--reference: '" + command + "' failed: " + output.substr(0, 300));
  }
  ReferenceRun run;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("fill: ", 0) == 0) {
      run.fill_ms = std::stod(line.substr(6));
      continue;
    }
    std::istringstream fields(line);
    std::string grade, mean, p95, checks, valid, clues;
    if (!std::getline(fields, grade, '\t') || !engine::parse_grade(grade)) continue;
    std::getline(fields, mean, '\t');
    std::getline(fields, p95, '\t');
    std::getline(fields, checks, '\t');
    std::getline(fields, valid, '\t');
    std::getline(fields, clues);
    GradeRow row;
    row.mean_ms = std::stod(mean);
    row.p95_ms = std::stod(p95);
    row.checks_per_board = std::stod(checks);
    row.valid = std::stoi(valid);
    row.boards = args.boards;
    row.clues = clues;
    row.at_or_below_24 = count_at_or_below_24(clues);
    run.rows[grade] = row;
  }
  if (run.rows.empty()) throw EnvironmentError("--reference: no table in the output of " + command);
  return run;
}

void print_clue_table(const std::vector<std::pair<engine::Grade, GradeRow>>& rows, double fill_ms, double us_per_check,
                      std::ostream& out) {
  out << "clue grading (the reference engine's algorithm; seeds 1.." << rows.front().second.boards << ")\n";
  out << std::setprecision(4) << "fill: " << fill_ms << " ms/grid\n";
  out << "grade\tmean_ms\tp95_ms\tchecks/board\tvalid\t<=24\tclues\n";
  for (const auto& [g, r] : rows) {
    out << engine::grade_id(g) << '\t' << std::setprecision(3) << r.mean_ms << '\t' << r.p95_ms << '\t'
        << std::setprecision(0) << r.checks_per_board << '\t' << r.valid << '/' << r.boards << '\t' << r.at_or_below_24
        << '\t' << r.clues << '\n';
  }
  out << std::setprecision(3) << "us/uniqueness check (whole generation time / checks): " << us_per_check << '\n';
}

void print_technique_table(const std::vector<std::pair<engine::Grade, GradeRow>>& rows, std::ostream& out) {
  out << "technique grading (each board needs its tier's techniques, none harder; seeds 1.."
      << rows.front().second.boards << ")\n";
  out << "tier\tmean_ms\tp95_ms\tdigs/board\tsolutions/board\tvalid\tmean_rating\tclues\n";
  for (const auto& [g, r] : rows) {
    out << engine::grade_id(g) << '\t' << std::setprecision(3) << r.mean_ms << '\t' << r.p95_ms << '\t'
        << std::setprecision(2) << r.digs_per_board << '\t' << r.solutions_per_board << '\t' << r.valid << '/'
        << r.boards << '\t' << r.mean_rating << '\t' << r.clues << '\n';
  }
}

void print_side_by_side(const BenchArgs& args, const ReferenceRun& ref,
                        const std::vector<std::pair<engine::Grade, GradeRow>>& rows, double fill_ms,
                        std::ostream& out) {
  out << "\nside by side with " << args.reference << " (same seeds 1.." << args.boards
      << "; ratio = reference time / ours)\n";
  out << "grade\tours_ms\tref_ms\tmean_ratio\tours_p95\tref_p95\tp95_ratio\tours<=24\tref<=24\tsame_clues\n";
  out << std::setprecision(4) << "fill\t" << fill_ms << '\t' << ref.fill_ms << '\t' << std::setprecision(1)
      << ref.fill_ms / fill_ms << "x\n";
  for (const auto& [g, r] : rows) {
    const auto it = ref.rows.find(std::string(engine::grade_id(g)));
    if (it == ref.rows.end()) continue;
    const GradeRow& f = it->second;
    out << engine::grade_id(g) << '\t' << std::setprecision(3) << r.mean_ms << '\t' << f.mean_ms << '\t'
        << std::setprecision(1) << f.mean_ms / r.mean_ms << "x\t" << std::setprecision(3) << r.p95_ms << '\t'
        << f.p95_ms << '\t' << std::setprecision(1) << f.p95_ms / r.p95_ms << "x\t" << r.at_or_below_24 << '\t'
        << f.at_or_below_24 << '\t' << (r.clues == f.clues ? "yes" : "no") << '\n';
  }
}

}  // namespace

int run_bench(const BenchArgs& args, std::ostream& out) {
  if (args.boards < 1)
    throw InputError(Place::flag("--boards"), "must be at least 1, got " + std::to_string(args.boards));
  if (names_killer(args.kind)) return bench_killer(args, out);
  if (names_samurai(args.kind)) return bench_samurai(args, out);
  if (args.canonical) return bench_canonical(args, out);
  if (!args.against.empty()) return bench_against(args, out);
  if (!args.book.empty()) {
    if (!args.dataset.empty()) throw InputError(Place::flag("--book"), "excludes --dataset");
    return bench_book(args, out);
  }
  if (!args.dataset.empty()) return bench_dataset(args, out);
  if (!args.preview.empty()) return bench_preview(args, out);
  if (!args.against_node.empty()) throw InputError(Place::flag("--against-node"), "needs --kind killer");
  if (!args.kind.empty()) return bench_kinds(args, out);
  if (!args.size.empty() && args.size != "9x9") return bench_sizes(args, out);
  if (args.rate) throw InputError(Place::flag("--rate"), "needs --dataset");
  if (!args.compare.empty()) throw InputError(Place::flag("--compare"), "needs --dataset");
  if (args.rounds != 1) throw InputError(Place::flag("--rounds"), "needs --dataset or --book");
  if (args.cpu_time) throw InputError(Place::flag("--cpu-time"), "needs --dataset");

  const std::vector<engine::Grade> grades = grades_of_flag(args.grade);
  const auto [clues, techniques] = gradings_of_flag(args.grading);
  if (!args.reference.empty() && !clues) {
    throw InputError(Place::flag("--reference"), "compares clue grading; use --grading clues or both");
  }

  out << std::fixed;
  if (clues) {
    // Fill timing: 1000 complete grids from seeds 0..999, as the reference measures it.
    const auto fill_start = Clock::now();
    for (std::uint32_t s = 0; s < 1000; ++s) {
      engine::Mulberry32 rng(s);
      (void)engine::fill_solution(rng);
    }
    const double fill_ms = ms_since(fill_start) / 1000.0;
    double total_ms = 0;
    std::uint64_t total_checks = 0;
    std::vector<std::pair<engine::Grade, GradeRow>> rows;
    for (auto g : grades) {
      rows.emplace_back(g, bench_grade(g, engine::Grading::clues, args.boards, total_ms, total_checks));
    }
    print_clue_table(rows, fill_ms, total_ms * 1000.0 / static_cast<double>(total_checks), out);
    if (!args.reference.empty()) print_side_by_side(args, run_reference(args), rows, fill_ms, out);
  }
  if (techniques) {
    if (clues) out << '\n';
    double total_ms = 0;
    std::uint64_t total_checks = 0;
    std::vector<std::pair<engine::Grade, GradeRow>> rows;
    for (auto g : grades) {
      rows.emplace_back(g, bench_grade(g, engine::Grading::techniques, args.boards, total_ms, total_checks));
    }
    print_technique_table(rows, out);
  }
  out << std::setprecision(1) << "peak memory: " << bench::peak_rss_mib() << " MiB\n";
  return kExitOk;
}

Command add_bench(CLI::App& app) {
  const auto args = std::make_shared<BenchArgs>();
  auto* bench = app.add_subcommand("bench", "Measure generation per grade, or a solver over a puzzle file");
  bench->add_option("--boards", args->boards, "Boards per grade (seeds 1..N)")->capture_default_str();
  bench->add_option("--grade", args->grade, "A grade or all")->capture_default_str();
  bench->add_option("--grading", args->grading, "clues | techniques | both: which generation tables")
      ->capture_default_str();
  auto* bench_dataset =
      bench->add_option("--dataset", args->dataset, "Count solutions (up to 2) of every puzzle in FILE");
  bench->add_flag("--rate", args->rate, "With --dataset: also grade every puzzle with the logic solver");
  bench
      ->add_option("--column", args->column,
                   "With --rate: the rating column to correlate with (1 = first after the puzzle)")
      ->capture_default_str();
  bench
      ->add_option("--rounds", args->rounds,
                   "With --dataset: passes over the file (the best time is reported); with --book or --preview: rounds")
      ->capture_default_str();
  bench->add_option("--compare", args->compare,
                    "With --dataset: also run the shell command COMMAND 'DATASET' after each pass, side by side");
  bench->add_flag("--cpu-time", args->cpu_time,
                  "With --dataset: time with the thread's CPU clock instead of the wall clock");
  bench->add_option("--reference", args->reference, "Also run this seed-engine.mjs with node, side by side");
  bench->add_option("--node", args->node, "Node.js executable for --reference")->capture_default_str();
  auto* bench_preview = bench->add_option(
      "--preview", args->preview,
      "Time previews of SPEC: spec text to PNG of a puzzle page and the cover, beside its PDF (with --rounds)");
  bench->add_flag("--canonical", args->canonical,
                  "Time canonical forms of 9x9 puzzles beside their generation (--boards, --rounds)");
  auto* bench_book = bench->add_option(
      "--book", args->book, "Time `build SPEC` beside `node REFERENCE BOARDS` (needs --reference), --rounds times");
  // One benchmark a run: the dataset, previews and book benchmarks read none of each other's options.
  bench_preview->excludes(bench_dataset)->excludes(bench_book);
  bench_book->excludes(bench_dataset);
  bench->add_option("--size", args->size, "4x4 | 6x6 | 8x8 | 12x12 | 16x16 | all: generation tables of other sizes");
  bench->add_option(
      "--kind", args->kind,
      "x | hyper | jigsaw | all: variant generation per tier beside classic of the same --size (default 9x9); "
      "killer: killer generation per size (9x9 and 6x6, or --size) and tier (or --grade); samurai: samurai "
      "generation per tier (or --grade) beside classic 9x9");
  bench->add_option("--against-node", args->against_node,
                    "With --kind killer: a folder holding node_modules/killer-sudoku-generator, run with --node "
                    "side by side");
  bench->add_option("--against", args->against,
                    "Another puzzlepress to time side by side, rounds interleaved: `build SPEC` with --book, else "
                    "`generate` per tier");
  return Command{bench, [args] { return run_bench(*args, std::cout); }};
}

}  // namespace puzzlepress::cli
