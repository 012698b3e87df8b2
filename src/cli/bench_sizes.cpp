// `puzzlepress bench --size S|all`: generation tables for the sizes other than 9x9 (and 9x9
// through the general entry point with `all`), per tier, with proven uniqueness.
#include <time.h>

#include <algorithm>
#include <iomanip>
#include <map>
#include <ostream>
#include <vector>

#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "book/spec/choices.h"
#include "cli/exit_codes.h"
#include "util/errors.h"
#include "engine/generator.h"
#include "engine/solver.h"

namespace puzzlepress::cli {
namespace {

using namespace bench;

// CPU time of the calling thread, ms: what a puzzle cost even when other processes share the
// cores (wall time is printed beside it).
struct Row {
  double mean_ms = 0, p95_ms = 0, cpu_mean_ms = 0, cpu_p95_ms = 0;
  double digs = 0, solutions = 0, rating = 0;
  int valid = 0, unique = 0, boards = 0;
  std::string clues;
};

double p95(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(0.95 * static_cast<double>(v.size() - 1))];
}

// Boards 1..n of one shape and grade, one thread, timed one by one. "unique" counts boards a
// count-to-2 proves unique, run again here outside the timing (the generator's own final check
// is inside it).
Row bench_one(engine::Shape shape, engine::Grade grade, engine::Grading grading, int boards) {
  std::vector<double> wall, cpu;
  std::map<int, int> clues;
  Row row;
  row.boards = boards;
  for (int s = 1; s <= boards; ++s) {
    engine::GenerateOptions options;
    options.shape = shape;
    options.grade = grade;
    options.seed = static_cast<std::uint32_t>(s);
    options.grading = grading;
    const auto start = Clock::now();
    const double cpu_start = bench::thread_cpu_ms();
    const engine::Puzzle p = engine::generate(options);
    cpu.push_back(bench::thread_cpu_ms() - cpu_start);
    wall.push_back(ms_since(start));
    ++clues[p.clues];
    row.valid += p.valid;
    row.unique += engine::count_solutions(p.givens, 2) == 1;
    row.digs += p.digs;
    row.solutions += p.solutions_tried;
    row.rating += p.rating;
  }
  for (double t : wall) row.mean_ms += t / boards;
  for (double t : cpu) row.cpu_mean_ms += t / boards;
  row.p95_ms = p95(wall);
  row.cpu_p95_ms = p95(cpu);
  row.digs /= boards;
  row.solutions /= boards;
  row.rating /= boards;
  row.clues = bench::format_distribution(clues);
  return row;
}

void print_table(engine::Shape shape, engine::Grading grading, const std::vector<engine::Grade>& grades, int boards,
                 std::ostream& out) {
  out << engine::shape_id(shape) << ' ' << engine::grading_id(grading) << " grading (seeds 1.." << boards
      << "; one thread; unique = proven by a count-to-2)\n";
  out << "tier\tmean_ms\tp95_ms\tcpu_mean_ms\tcpu_p95_ms\tdigs/board\tsolutions/"
         "board\tvalid\tunique\tmean_rating\tclues\n";
  for (engine::Grade g : grades) {
    if (!engine::offers_grade(shape, g)) continue;
    const Row r = bench_one(shape, g, grading, boards);
    out << engine::grade_id(g) << '\t' << std::setprecision(3) << r.mean_ms << '\t' << r.p95_ms << '\t' << r.cpu_mean_ms
        << '\t' << r.cpu_p95_ms << '\t' << std::setprecision(2) << r.digs << '\t' << r.solutions << '\t' << r.valid
        << '/' << r.boards << '\t' << r.unique << '/' << r.boards << '\t' << r.rating << '\t' << r.clues << '\n';
  }
  if (shape == engine::kShape16x16) {
    out << "for comparison: the best open-source book tool allows up to 1.8 s per 16x16 attempt and 35 "
           "attempts per puzzle\n";
  }
}

}  // namespace

int bench_sizes(const BenchArgs& args, std::ostream& out) {
  std::vector<engine::Shape> shapes;
  if (args.size == "all") {
    shapes.assign(engine::kAllShapes.begin(), engine::kAllShapes.end());
  } else if (auto shape = engine::parse_shape(args.size)) {
    shapes.push_back(*shape);
  } else {
    throw InputError(Place::flag("--size"), engine::unsupported_shape_message(args.size) + " or all");
  }
  const std::vector<engine::Grade> grades = grades_of_flag(args.grade);
  const auto [clues, techniques] = gradings_of_flag(args.grading);
  if (!args.reference.empty()) throw InputError(Place::flag("--reference"), "compares 9x9 generation; drop --size");
  out << std::fixed;
  bool first = true;
  for (engine::Shape shape : shapes) {
    for (engine::Grading grading : {engine::Grading::techniques, engine::Grading::clues}) {
      if ((grading == engine::Grading::techniques && !techniques) || (grading == engine::Grading::clues && !clues))
        continue;
      if (!first) out << '\n';
      first = false;
      print_table(shape, grading, grades, args.boards, out);
    }
  }
  out << std::setprecision(1) << "peak memory: " << bench::peak_rss_mib() << " MiB\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
