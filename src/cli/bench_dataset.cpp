// `puzzlepress bench --dataset FILE [--rate] [--column K]`: the solvers over a puzzle file.
#include <algorithm>
#include <cmath>
#include <array>
#include <iomanip>
#include <numeric>
#include <ostream>
#include <sstream>
#include <vector>

#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "util/files.h"
#include "engine/logic_solver.h"
#include "engine/solver.h"

namespace puzzlepress::cli {
namespace {

struct Entry {
  engine::Grid grid;
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
    const auto parsed = engine::parse_grid(puzzle);
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

}  // namespace

int bench_dataset(const BenchArgs& args, std::ostream& out) {
  const std::vector<Entry> entries = read_dataset(args.dataset);
  std::array<int, 3> counts{};  // none, unique, multiple
  const auto start = bench::Clock::now();
  for (const auto& e : entries) ++counts[engine::count_solutions(e.grid, 2)];
  const double ms = bench::ms_since(start);
  out << std::fixed << "dataset\tpuzzles\tus/puzzle\tunique\tmultiple\tnone\n"
      << args.dataset << '\t' << entries.size() << '\t' << std::setprecision(2)
      << ms * 1000.0 / entries.size() << '\t' << counts[1] << '\t' << counts[2] << '\t' << counts[0]
      << '\n';

  if (args.rate) {
    std::vector<double> ratings, scores, theirs;
    std::array<int, 5> tiers{};
    int trial = 0, invalid = 0;
    const auto rate_start = bench::Clock::now();
    for (const auto& e : entries) {
      const engine::LogicResult r = engine::solve_logically(e.grid);
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
    if (theirs.size() == entries.size()) {
      out << std::setprecision(3) << "spearman(rating, column " << args.column
          << ") = " << spearman(ratings, theirs) << "\nspearman(score, column " << args.column
          << ") = " << spearman(scores, theirs) << '\n';
    }
  }
  out << std::setprecision(1) << "peak memory: " << bench::peak_rss_mib() << " MiB\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
