// `puzzlepress bench --kind K|all`: variant generation (x, hyper, jigsaw) side by side with
// classic generation of the same size, in one run, per tier: mean and p95 per finished puzzle.
#include <time.h>

#include <algorithm>
#include <iomanip>
#include <map>
#include <ostream>
#include <vector>

#include "book/spec/choices.h"
#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "engine/variant_solver.h"
#include "util/errors.h"

namespace puzzlepress::cli {
namespace {

struct Times {
  std::vector<double> cpu;
  double mean() const {
    double sum = 0;
    for (double t : cpu) sum += t;
    return cpu.empty() ? 0 : sum / static_cast<double>(cpu.size());
  }
  double p95() const {
    std::vector<double> v = cpu;
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[static_cast<std::size_t>(0.95 * static_cast<double>(v.size() - 1))];
  }
};

struct KindRow {
  Times classic, kind;
  int valid = 0, unique = 0;
  std::map<int, int> clues;
};

// Seeds 1..boards, one thread; for each seed the classic puzzle, then the kind's, each timed in
// this thread's CPU time (steady on a shared machine). "unique" counts the kind's puzzles a
// count-to-2 under the kind's houses proves unique, run again outside the timing.
KindRow bench_tier(engine::Kind kind, engine::Shape shape, engine::Grade grade, int boards) {
  KindRow row;
  for (int s = 1; s <= boards; ++s) {
    engine::GenerateOptions classic;
    classic.shape = shape;
    classic.grade = grade;
    classic.seed = static_cast<std::uint32_t>(s);
    classic.grading = engine::Grading::techniques;
    double start = bench::thread_cpu_ms();
    (void)engine::generate(classic);
    row.classic.cpu.push_back(bench::thread_cpu_ms() - start);
    const engine::VariantOptions options{kind, classic};
    start = bench::thread_cpu_ms();
    const engine::VariantPuzzle p = engine::generate(options);
    row.kind.cpu.push_back(bench::thread_cpu_ms() - start);
    row.valid += p.puzzle.valid;
    row.unique += engine::count_solutions(p.layout, p.puzzle.givens, 2) == 1;
    ++row.clues[p.puzzle.clues];
  }
  return row;
}

}  // namespace

int bench_kinds(const BenchArgs& args, std::ostream& out) {
  std::vector<engine::Kind> kinds;
  if (args.kind == "all") {
    kinds = {engine::Kind::x, engine::Kind::hyper, engine::Kind::jigsaw};
  } else if (const auto kind = engine::parse_kind(args.kind); kind && *kind != engine::Kind::classic) {
    kinds.push_back(*kind);
  } else {
    throw InputError(Place::flag("--kind"),
                     "unknown kind '" + args.kind + "' (expected one of: x, hyper, jigsaw, all)");
  }
  const std::string size = args.size.empty() ? "9x9" : args.size;
  const auto shape = engine::parse_shape(size);
  if (!shape) throw InputError(Place::flag("--size"), engine::unsupported_shape_message(size));
  if (args.kind == "all") {  // the kinds that take the size
    std::erase_if(kinds, [&](engine::Kind kind) { return !engine::kind_takes(kind, *shape); });
  } else if (!engine::kind_takes(kinds[0], *shape)) {
    throw InputError(Place::flag("--kind"), engine::kind_shape_message(kinds[0], *shape));
  }
  std::vector<engine::Grade> grades;
  if (args.grade == "all") {
    for (engine::Grade g : engine::offered_grades(*shape)) grades.push_back(g);
  } else if (auto g = engine::parse_grade(args.grade); g && engine::offers_grade(*shape, *g)) {
    grades.push_back(*g);
  } else {
    throw InputError(Place::flag("--grade"), "unknown grade '" + args.grade + "' for " + size +
                                                 " (expected one of: " + book::grade_choices() + ", all)");
  }
  out << std::fixed;
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    if (k) out << '\n';
    out << engine::kind_id(kinds[k]) << ' ' << size << " beside classic " << size << ", techniques grading (seeds 1.."
        << args.boards << "; one thread; CPU ms per finished puzzle; ratio = kind / classic)\n";
    out << "tier\tclassic_mean\tkind_mean\tratio\tclassic_p95\tkind_p95\tratio\tvalid\tunique\tclues\n";
    for (engine::Grade g : grades) {
      const KindRow r = bench_tier(kinds[k], *shape, g, args.boards);
      out << engine::grade_id(g) << std::setprecision(2) << '\t' << r.classic.mean() << '\t' << r.kind.mean() << '\t'
          << r.kind.mean() / r.classic.mean() << "x\t" << r.classic.p95() << '\t' << r.kind.p95() << '\t'
          << r.kind.p95() / r.classic.p95() << "x\t" << r.valid << '/' << args.boards << '\t' << r.unique << '/'
          << args.boards << '\t' << bench::format_distribution(r.clues) << '\n';
    }
  }
  out << std::setprecision(1) << "peak memory: " << bench::peak_rss_mib() << " MiB\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
