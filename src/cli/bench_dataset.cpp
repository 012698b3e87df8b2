// `puzzlepress bench --dataset FILE [--rounds N] [--compare PROGRAM] [--rate] [--column K]`:
// the solvers over a puzzle file.
#include <algorithm>
#include <cmath>
#include <array>
#include <cstdio>
#include <ctime>
#include <iomanip>
#include <memory>
#include <numeric>
#include <optional>
#include <ostream>
#include <sstream>
#include <vector>

#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "util/files.h"
#include "engine/logic.h"
#include "engine/logic_solver.h"
#include "engine/solver9.h"

namespace puzzlepress::cli {
namespace {

struct Entry {
  engine::Grid9 grid;
  std::vector<double> numbers;  // the fields after the puzzle
};

std::vector<Entry> read_dataset(const std::string& path) {
  const util::Result<std::string> text = util::read_regular_file(path);
  if (!text) throw InputError(Place::flag("--dataset"), "cannot read '" + path + "': " + text.error());
  std::istringstream in(*text);
  std::vector<Entry> entries;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream fields(line);
    std::string puzzle;
    if (!(fields >> puzzle)) continue;
    const auto parsed = engine::parse_grid9(puzzle);
    if (!parsed.ok()) {
      throw InputError(Place::in_file(path, line_number, 1), parsed.error.message());
    }
    Entry e{*parsed.grid, {}};
    for (std::string field; fields >> field;) {
      double value = 0;  // a non-numeric column (e.g. an id) is kept in place as 0
      try {
        value = std::stod(field);
      } catch (const std::exception&) {
      }
      e.numbers.push_back(std::isfinite(value) ? value : 0);
    }
    entries.push_back(std::move(e));
  }
  if (entries.empty()) throw InputError(Place::flag("--dataset"), "'" + path + "' holds no puzzle");
  return entries;
}

// Ranks 1..n with ties given their average rank.
std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    const double average = (i + j) / 2.0 + 1;
    for (std::size_t k = i; k <= j; ++k) r[order[k]] = average;
    i = j + 1;
  }
  return r;
}

// Spearman's rho: Pearson's correlation of the ranks.
double spearman(const std::vector<double>& x, const std::vector<double>& y) {
  const auto rx = ranks(x), ry = ranks(y);
  const double n = static_cast<double>(x.size());
  const double mx = std::accumulate(rx.begin(), rx.end(), 0.0) / n;
  const double my = std::accumulate(ry.begin(), ry.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < rx.size(); ++i) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) * (rx[i] - mx);
    syy += (ry[i] - my) * (ry[i] - my);
  }
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0;
}

// This thread's CPU time so far, ms.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// What a --compare command reported on the first line of its output.
struct ComparedRun {
  double us_per_puzzle = 0;
  bool has_counts = false;
  std::array<long, 3> counts{};  // none, unique, multiple
};

std::string quoted(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `COMMAND 'DATASET'` and reads "US [UNIQUE MULTIPLE NONE]" from its first output line.
ComparedRun run_compared(const BenchArgs& args) {
  const std::string command = args.compare + " " + quoted(args.dataset);
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw EnvironmentError("--compare: cannot run " + command);
  std::string output;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe.get())) output.append(buffer, n);
  const int status = pclose(pipe.release());
  if (status != 0) {
    throw EnvironmentError("--compare: '" + command + "' failed: " + output.substr(0, 300));
  }
  std::istringstream first(output.substr(0, output.find('\n')));
  ComparedRun run;
  if (!(first >> run.us_per_puzzle) || !std::isfinite(run.us_per_puzzle) || run.us_per_puzzle <= 0) {
    throw EnvironmentError("--compare: expected '" + args.compare +
                           "' to print its microseconds per puzzle first, got: " + output.substr(0, 300));
  }
  long unique = 0, multiple = 0, none = 0;
  if (first >> unique >> multiple >> none) {
    run.has_counts = true;
    run.counts = {none, unique, multiple};
  }
  return run;
}

}  // namespace

int bench_dataset(const BenchArgs& args, std::ostream& out) {
  if (args.rounds < 1)
    throw InputError(Place::flag("--rounds"), "must be at least 1, got " + std::to_string(args.rounds));
  const std::vector<Entry> entries = read_dataset(args.dataset);
  // Passes alternate with the compared program's runs, so both see the same machine load;
  // each keeps its best time.
  std::array<int, 3> counts{};  // none, unique, multiple
  double best_us = 0;
  std::optional<ComparedRun> theirs;
  for (int round = 0; round < args.rounds; ++round) {
    counts = {};
    const auto start = bench::Clock::now();
    const double cpu_start = thread_cpu_ms();
    for (const auto& e : entries) ++counts[engine::count_solutions(e.grid, 2)];
    const double ms = args.cpu_time ? thread_cpu_ms() - cpu_start : bench::ms_since(start);
    const double us = ms * 1000.0 / static_cast<double>(entries.size());
    if (round == 0 || us < best_us) best_us = us;
    if (args.compare.empty()) continue;
    const ComparedRun run = run_compared(args);
    if (run.has_counts && (run.counts[0] != counts[0] || run.counts[1] != counts[1] || run.counts[2] != counts[2])) {
      throw EnvironmentError("--compare: '" + args.compare + "' counted " + std::to_string(run.counts[1]) +
                             " unique, " + std::to_string(run.counts[2]) + " multiple, " +
                             std::to_string(run.counts[0]) + " none; we counted " + std::to_string(counts[1]) + ", " +
                             std::to_string(counts[2]) + ", " + std::to_string(counts[0]));
    }
    if (!theirs || run.us_per_puzzle < theirs->us_per_puzzle) theirs = run;
  }
  out << std::fixed << "dataset\tpuzzles\tus/puzzle\tunique\tmultiple\tnone\n"
      << args.dataset << '\t' << entries.size() << '\t' << std::setprecision(2) << best_us << '\t' << counts[1] << '\t'
      << counts[2] << '\t' << counts[0] << '\n';
  if (theirs) {
    out << "compared (best of " << args.rounds << " runs, alternating with ours"
        << (args.cpu_time ? "; ours timed in CPU time" : "") << ")\tus/puzzle\tours/theirs\n"
        << args.compare << '\t' << std::setprecision(2) << theirs->us_per_puzzle << '\t'
        << best_us / theirs->us_per_puzzle << '\n';
  }

  if (args.rate) {
    std::vector<double> ratings, scores, theirs;
    std::array<int, 5> tiers{};
    int trial = 0, invalid = 0;
    const auto rate_start = bench::Clock::now();
    for (const auto& e : entries) {
      const engine::LogicResult9 r = engine::solve_logically(e.grid);
      invalid += r.invalid;
      trial += r.needs_trial;
      ++tiers[static_cast<int>(r.tier)];
      ratings.push_back(r.rating);
      scores.push_back(r.score);
      const std::size_t k = static_cast<std::size_t>(args.column) - 1;
      if (args.column >= 1 && k < e.numbers.size()) theirs.push_back(e.numbers[k]);
    }
    const double rate_ms = bench::ms_since(rate_start);
    out << "graded\tboards/s\teasy\tmedium\thard\textreme\tevil\t(needs trial)\tinvalid\n"
        << entries.size() << '\t' << std::setprecision(0) << entries.size() / (rate_ms / 1000.0);
    for (int t : tiers) out << '\t' << t;
    out << '\t' << trial << '\t' << invalid << '\n';
    // The same boards through the grader on run-time tables (every size but 9x9, and the
    // variants, take that path): what the 9x9 compile-time tables are worth (ARCHITECTURE.md).
    const auto tables_start = bench::Clock::now();
    for (const auto& e : entries) engine::detail::solve_logically_unit_tables(engine::from_grid(e.grid));
    const double tables_ms = bench::ms_since(tables_start);
    out << "graded on run-time tables\tboards/s\tcompile-time / run-time\n"
        << entries.size() << '\t' << std::setprecision(0) << entries.size() / (tables_ms / 1000.0) << '\t'
        << std::setprecision(2) << tables_ms / rate_ms << "x\n";
    if (theirs.size() == entries.size()) {
      out << std::setprecision(3) << "spearman(rating, column " << args.column << ") = " << spearman(ratings, theirs)
          << "\nspearman(score, column " << args.column << ") = " << spearman(scores, theirs) << '\n';
    }
  }
  out << std::setprecision(1) << "peak memory: " << bench::peak_rss_mib() << " MiB\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
