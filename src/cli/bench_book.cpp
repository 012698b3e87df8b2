// `puzzlepress bench --book SPEC --reference seed-engine.mjs [--rounds N]`: a whole book build
// beside the reference engine's generation, both run as child processes in one invocation.
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <string>
#include <vector>

#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "util/errors.h"

namespace puzzlepress::cli {

namespace fs = std::filesystem;
using namespace bench;

int bench_book(const BenchArgs& args, std::ostream& out) {
  if (args.reference.empty())
    throw InputError(Place::flag("--book"), "needs --reference (the seed-engine.mjs to run beside it)");
  if (args.rounds < 1)
    throw InputError(Place::flag("--rounds"), "must be at least 1, got " + std::to_string(args.rounds));
  std::error_code error;
  if (!fs::is_regular_file(args.book, error)) {
    throw InputError(Place::flag("--book"), "cannot read '" + args.book + "': not a file");
  }
  if (!fs::is_regular_file(args.reference, error)) {
    throw InputError(Place::flag("--reference"), "cannot read '" + args.reference + "': not a file");
  }
  const std::string program = args.program.empty() ? self_path() : args.program;
  const bench::TempDir temp("puzzlepress-bench-book");
  const fs::path& dir = temp.path;

  const std::vector<std::string> reference = {args.node, args.reference, std::to_string(args.boards)};
  const std::vector<std::string> ours = {program, "build", args.book, "-o", (dir / "book.pdf").string()};
  out << "book: " << quoted(ours) << "\nreference: " << quoted(reference) << "\n"
      << "round\tref_wall_s\tref_cpu_s\tours_wall_s\tours_cpu_s\twall_ratio\tcpu_ratio\n"
      << std::fixed;
  std::vector<double> ref_wall, ref_cpu, our_wall, our_cpu;
  for (int round = 1; round <= args.rounds; ++round) {
    const RunTime r = run_child(reference, dir / "reference.log");
    const RunTime o = run_child(ours, dir / "build.log");
    ref_wall.push_back(r.wall_s);
    ref_cpu.push_back(r.cpu_s);
    our_wall.push_back(o.wall_s);
    our_cpu.push_back(o.cpu_s);
    out << round << '\t' << std::setprecision(2) << r.wall_s << '\t' << r.cpu_s << '\t' << o.wall_s << '\t' << o.cpu_s
        << '\t' << r.wall_s / o.wall_s << "x\t" << r.cpu_s / o.cpu_s << "x\n";
  }
  const double rw = median(ref_wall), rc = median(ref_cpu), ow = median(our_wall), oc = median(our_cpu);
  out << "median\t" << std::setprecision(2) << rw << '\t' << rc << '\t' << ow << '\t' << oc << '\t' << rw / ow << "x\t"
      << rc / oc << "x\n"
      << "(ratio = reference / ours; cpu = user + system of each child; the build uses every core)\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
