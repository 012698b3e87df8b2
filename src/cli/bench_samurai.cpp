// `puzzlepress bench --kind samurai`: samurai generation per tier side by side with classic 9x9
// generation of the same tier, in one run: mean and p95 per finished puzzle.
#include <algorithm>
#include <iomanip>
#include <map>
#include <ostream>
#include <vector>

#include "book/spec/choices.h"
#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "engine/generator.h"
#include "engine/samurai_generator.h"
#include "util/errors.h"

namespace puzzlepress::cli {
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

struct SamuraiRow {
  std::vector<double> classic, samurai;
  int valid = 0, unique = 0;
  std::map<int, int> clues;
};

// Seeds 1..boards, one thread; for each seed the classic 9x9 puzzle of the tier, then the
// samurai, each timed in this thread's CPU time. "unique" is a count-to-2 of the samurai, run
// again outside the timing.
SamuraiRow bench_tier(engine::Grade grade, int boards) {
  SamuraiRow row;
  for (int s = 1; s <= boards; ++s) {
    engine::GenerateOptions classic;
    classic.grade = grade;
    classic.seed = static_cast<std::uint32_t>(s);
    classic.grading = engine::Grading::techniques;
    double start = bench::thread_cpu_ms();
    (void)engine::generate(classic);
    row.classic.push_back(bench::thread_cpu_ms() - start);
    engine::SamuraiOptions options;
    options.grade = grade;
    options.seed = static_cast<std::uint32_t>(s);
    start = bench::thread_cpu_ms();
    const engine::SamuraiPuzzle p = engine::generate_samurai(options);
    row.samurai.push_back(bench::thread_cpu_ms() - start);
    row.valid += p.valid;
    row.unique += engine::count_solutions(p.givens, 2) == 1;
    ++row.clues[p.clues];
  }
  return row;
}

}  // namespace

int bench_samurai(const BenchArgs& args, std::ostream& out) {
  // Every other mode's flag is refused rather than silently ignored.
  const auto refuse = [](bool given, const char* flag) {
    if (given) throw InputError(Place::flag(flag), "is not taken with --kind samurai");
  };
  refuse(args.canonical, "--canonical");
  refuse(!args.against.empty(), "--against");
  refuse(!args.against_node.empty(), "--against-node");
  refuse(!args.book.empty(), "--book");
  refuse(!args.dataset.empty(), "--dataset");
  refuse(!args.preview.empty(), "--preview");
  refuse(!args.reference.empty(), "--reference");
  refuse(!args.compare.empty(), "--compare");
  refuse(args.rate, "--rate");
  refuse(args.rounds != 1, "--rounds");
  if (!args.size.empty() && args.size != "9x9")
    throw InputError(Place::flag("--size"), "kind 'samurai' is five 9x9 grids, not " + args.size);
  std::vector<engine::Grade> grades;
  if (args.grade == "all") {
    grades.assign(engine::kAllGrades.begin(), engine::kAllGrades.end());
  } else if (auto g = engine::parse_grade(args.grade)) {
    grades.push_back(*g);
  } else {
    throw InputError(Place::flag("--grade"),
                     "unknown grade '" + args.grade + "' (expected one of: " + book::grade_choices() + ", all)");
  }
  out << std::fixed << "samurai beside classic 9x9, techniques grading (seeds 1.." << args.boards
      << "; one thread; CPU ms per finished puzzle; ratio = samurai / classic)\n";
  out << "tier\tclassic_mean\tsamurai_mean\tratio\tclassic_p95\tsamurai_p95\tratio\tvalid\tunique\tclues\n";
  for (engine::Grade g : grades) {
    const SamuraiRow r = bench_tier(g, args.boards);
    const double cm = mean_of(r.classic), sm = mean_of(r.samurai), cp = p95_of(r.classic), sp = p95_of(r.samurai);
    out << engine::grade_id(g) << std::setprecision(2) << '\t' << cm << '\t' << sm << '\t' << sm / cm << "x\t" << cp
        << '\t' << sp << '\t' << sp / cp << "x\t" << r.valid << '/' << args.boards << '\t' << r.unique << '/'
        << args.boards << '\t' << bench::format_distribution(r.clues) << '\n';
  }
  out << std::setprecision(1) << "peak memory: " << bench::peak_rss_mib() << " MiB\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
