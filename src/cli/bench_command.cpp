#include "cli/bench_command.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <vector>

#include "cli/exit_codes.h"
#include "engine/generator.h"
#include "engine/solver.h"

namespace puzzlepress::cli {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct GradeRow {
  double mean_ms = 0, p95_ms = 0, checks_per_board = 0;
  int valid = 0, boards = 0, at_or_below_24 = 0;
  std::string clues;  // "41(147) 42(53)"
};

// The reference engine's table, parsed from its standard output.
struct ReferenceRun {
  double fill_ms = 0;
  std::map<std::string, GradeRow> rows;
};

std::string format_distribution(const std::map<int, int>& counts) {
  std::string s;
  for (const auto& [clues, n] : counts) {
    if (!s.empty()) s += ' ';
    s += std::to_string(clues) + "(" + std::to_string(n) + ")";
  }
  return s;
}

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

GradeRow bench_grade(engine::Grade grade, int boards, double& total_ms, std::uint64_t& total_checks) {
  std::vector<double> times;
  std::map<int, int> distribution;
  GradeRow row;
  std::uint64_t checks = 0;
  for (int s = 1; s <= boards; ++s) {
    const auto start = Clock::now();
    const engine::Puzzle p = engine::generate({grade, static_cast<std::uint32_t>(s)});
    times.push_back(ms_since(start));
    ++distribution[p.clues];
    row.valid += p.valid;
    checks += p.uniqueness_checks;
  }
  std::sort(times.begin(), times.end());
  double sum = 0;
  for (double t : times) sum += t;
  row.boards = boards;
  row.mean_ms = sum / boards;
  row.p95_ms = times[static_cast<std::size_t>(0.95 * (boards - 1))];
  row.checks_per_board = static_cast<double>(checks) / boards;
  row.clues = format_distribution(distribution);
  row.at_or_below_24 = count_at_or_below_24(row.clues);
  total_ms += sum;
  total_checks += checks;
  return row;
}

ReferenceRun run_reference(const BenchArgs& args) {
  const std::string command = "'" + args.node + "' '" + args.reference + "' " +
                              std::to_string(args.boards) + " " + args.grade + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw CliError(kExitFailure, "--reference: cannot run " + command);
  std::string output;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe.get())) output.append(buffer, n);
  const int status = pclose(pipe.release());
  if (status != 0) {
    throw CliError(kExitFailure, "--reference: '" + command + "' failed: " + output.substr(0, 300));
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
  if (run.rows.empty()) throw CliError(kExitFailure, "--reference: no table in the output of " + command);
  return run;
}

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;  // KiB on Linux
}

int bench_dataset(const BenchArgs& args, std::ostream& out) {
  std::ifstream in(args.dataset);
  if (!in) throw CliError(kExitFailure, "--dataset: cannot read '" + args.dataset + "'");
  std::vector<engine::Grid> grids;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    // Rated files carry extra columns after the puzzle: keep the first field.
    const auto parsed = engine::parse_grid(line.substr(0, line.find_first_of(" \t,")));
    if (!parsed.ok()) {
      throw CliError(kExitUsage, args.dataset + ":" + std::to_string(line_number) + ": " +
                                     parsed.error.message());
    }
    grids.push_back(*parsed.grid);
  }
  if (grids.empty()) throw CliError(kExitUsage, "--dataset: '" + args.dataset + "' holds no puzzle");
  int counts[3] = {0, 0, 0};
  const auto start = Clock::now();
  for (const auto& g : grids) ++counts[engine::count_solutions(g, 2)];
  const double ms = ms_since(start);
  out << "dataset\tpuzzles\tus/puzzle\tunique\tmultiple\tnone\n"
      << args.dataset << '\t' << grids.size() << '\t' << std::fixed << std::setprecision(2)
      << ms * 1000.0 / grids.size() << '\t' << counts[1] << '\t' << counts[2] << '\t' << counts[0]
      << '\n';
  out << "peak memory: " << peak_rss_kib() / 1024.0 << " MiB\n";
  return kExitOk;
}

}  // namespace

int run_bench(const BenchArgs& args, std::ostream& out) {
  if (args.boards < 1) throw CliError(kExitUsage, "--boards: must be at least 1, got " + std::to_string(args.boards));
  if (!args.dataset.empty()) return bench_dataset(args, out);

  std::vector<engine::Grade> grades;
  if (args.grade == "all") {
    grades.assign(engine::kAllGrades.begin(), engine::kAllGrades.end());
  } else if (auto g = engine::parse_grade(args.grade)) {
    grades.push_back(*g);
  } else {
    throw CliError(kExitUsage, "--grade: unknown grade '" + args.grade +
                                   "' (expected easy, medium, hard, extreme, evil or all)");
  }

  out << std::fixed;
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
  for (auto g : grades) rows.emplace_back(g, bench_grade(g, args.boards, total_ms, total_checks));

  out << std::setprecision(4) << "fill: " << fill_ms << " ms/grid\n";
  out << "grade\tmean_ms\tp95_ms\tchecks/board\tvalid\t<=24\tclues\n";
  for (const auto& [g, r] : rows) {
    out << engine::grade_id(g) << '\t' << std::setprecision(3) << r.mean_ms << '\t' << r.p95_ms
        << '\t' << std::setprecision(0) << r.checks_per_board << '\t' << r.valid << '/' << r.boards
        << '\t' << r.at_or_below_24 << '\t' << r.clues << '\n';
  }
  out << std::setprecision(3) << "us/uniqueness check (whole generation time / checks): "
      << total_ms * 1000.0 / static_cast<double>(total_checks) << '\n';
  out << std::setprecision(1) << "peak memory: " << peak_rss_kib() / 1024.0 << " MiB\n";

  if (!args.reference.empty()) {
    const ReferenceRun ref = run_reference(args);
    out << "\nside by side with " << args.reference << " (same seeds 1.." << args.boards
        << "; ratio = reference time / ours)\n";
    out << "grade\tours_ms\tref_ms\tmean_ratio\tours_p95\tref_p95\tp95_ratio\tours<=24\tref<=24\tsame_clues\n";
    out << std::setprecision(4) << "fill\t" << fill_ms << '\t' << ref.fill_ms << '\t'
        << std::setprecision(1) << ref.fill_ms / fill_ms << "x\n";
    for (const auto& [g, r] : rows) {
      const auto it = ref.rows.find(std::string(engine::grade_id(g)));
      if (it == ref.rows.end()) continue;
      const GradeRow& f = it->second;
      out << engine::grade_id(g) << '\t' << std::setprecision(3) << r.mean_ms << '\t' << f.mean_ms
          << '\t' << std::setprecision(1) << f.mean_ms / r.mean_ms << "x\t" << std::setprecision(3)
          << r.p95_ms << '\t' << f.p95_ms << '\t' << std::setprecision(1) << f.p95_ms / r.p95_ms
          << "x\t" << r.at_or_below_24 << '\t' << f.at_or_below_24 << '\t'
          << (r.clues == f.clues ? "yes" : "no") << '\n';
    }
  }
  return kExitOk;
}

}  // namespace puzzlepress::cli
