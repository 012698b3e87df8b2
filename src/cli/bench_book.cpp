// `puzzlepress bench --book SPEC --reference seed-engine.mjs [--rounds N]`: a whole book build
// beside the reference engine's generation, both run as child processes in one invocation.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "util/errors.h"

namespace puzzlepress::cli {
namespace {

namespace fs = std::filesystem;

struct RunTime {
  double wall_s = 0;  ///< from fork to the child's exit
  double cpu_s = 0;   ///< the child's user + system time (its threads and children included)
};

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; }

std::string quoted(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
  return s;
}

// Runs argv (argv[0] looked up on PATH) with standard output and error sent to `log`; throws
// EnvironmentError when it cannot start or does not exit with 0 (quoting the log's start).
RunTime run_child(const std::vector<std::string>& argv, const fs::path& log) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const auto start = bench::Clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw EnvironmentError("bench --book: cannot start " + quoted(argv));
  if (pid == 0) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      close(fd);
    }
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) throw EnvironmentError("bench --book: lost " + quoted(argv));
  RunTime t;
  t.wall_s = bench::ms_since(start) / 1000.0;
  t.cpu_s = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    throw EnvironmentError("bench --book: '" + quoted(argv) + "' failed: " + text.str().substr(0, 300));
  }
  return t;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// This executable, for the build child.
std::string self_path() {
  std::error_code error;
  const fs::path p = fs::read_symlink("/proc/self/exe", error);
  if (error) throw EnvironmentError("bench --book: cannot find this program (/proc/self/exe)");
  return p.string();
}

}  // namespace

int bench_book(const BenchArgs& args, std::ostream& out) {
  if (args.reference.empty()) throw InputError(Place::flag("--book"), "needs --reference (the seed-engine.mjs to run beside it)");
  if (args.rounds < 1) throw InputError(Place::flag("--rounds"), "must be at least 1, got " + std::to_string(args.rounds));
  std::error_code error;
  if (!fs::is_regular_file(args.book, error)) {
    throw InputError(Place::flag("--book"), "cannot read '" + args.book + "': not a file");
  }
  if (!fs::is_regular_file(args.reference, error)) {
    throw InputError(Place::flag("--reference"), "cannot read '" + args.reference + "': not a file");
  }
  const std::string program = args.program.empty() ? self_path() : args.program;
  std::string pattern = (fs::temp_directory_path() / "puzzlepress-bench-book-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw EnvironmentError("bench --book: cannot make a temporary folder");
  const fs::path dir = pattern;
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } cleanup{dir};

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
    out << round << '\t' << std::setprecision(2) << r.wall_s << '\t' << r.cpu_s << '\t' << o.wall_s << '\t'
        << o.cpu_s << '\t' << r.wall_s / o.wall_s << "x\t" << r.cpu_s / o.cpu_s << "x\n";
  }
  const double rw = median(ref_wall), rc = median(ref_cpu), ow = median(our_wall), oc = median(our_cpu);
  out << "median\t" << std::setprecision(2) << rw << '\t' << rc << '\t' << ow << '\t' << oc << '\t' << rw / ow
      << "x\t" << rc / oc << "x\n"
      << "(ratio = reference / ours; cpu = user + system of each child; the build uses every core)\n";
  return kExitOk;
}

}  // namespace puzzlepress::cli
