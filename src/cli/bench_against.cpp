// `puzzlepress bench --against PROGRAM`: another puzzlepress (a build of another commit, say)
// side by side with this one in one run, as child processes, round after round with the order
// of the two swapped each round: a book build (--book SPEC), or generation per tier (--grading,
// --size, --grade, --boards). For each side the CPU time (user + system) and the wall time,
// their medians, the ratio other / ours, and whether the two wrote the same bytes.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include "book/spec/choices.h"
#include "cli/bench_command.h"
#include "cli/bench_internal.h"
#include "cli/exit_codes.h"
#include "engine/generator.h"
#include "util/errors.h"

namespace puzzlepress::cli {
namespace {

namespace fs = std::filesystem;
using namespace bench;

std::string file_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The files of `dir`, by name, and their bytes.
std::vector<std::pair<std::string, std::string>> folder_bytes(const fs::path& dir) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& entry : fs::directory_iterator(dir))
    files.emplace_back(entry.path().filename().string(), file_text(entry.path()));
  std::sort(files.begin(), files.end());
  return files;
}

struct Side {
  std::vector<double> wall, cpu;
};

// Rounds of `other` and `ours`, swapping which runs first each round; each writes into its own
// folder (the command's "{dir}" replaced) and its log. Returns whether the last round's folders
// (and, for a command whose output is its standard output, logs) hold the same bytes.
bool rounds(const BenchArgs& args, const std::vector<std::string>& command, const fs::path& dir, Side& other,
            Side& ours, std::ostream& out, bool print_rounds) {
  const bool writes_files = std::find(command.begin(), command.end(), "{dir}") != command.end();
  const auto argv_for = [&](const std::string& program, const fs::path& folder) {
    std::vector<std::string> argv{program};
    for (const std::string& a : command) argv.push_back(a == "{dir}" ? (folder / "book.pdf").string() : a);
    return argv;
  };
  const std::string self = args.program.empty() ? bench::self_path() : args.program;
  for (int round = 1; round <= args.rounds; ++round) {
    RunTime times[2];
    for (int k = 0; k < 2; ++k) {
      const bool other_side = (round + k) % 2 == 0;  // round 1: ours first, round 2: the other first, ...
      const fs::path folder = dir / (other_side ? "other" : "ours");
      fs::remove_all(folder);
      fs::create_directories(folder);
      times[other_side ? 0 : 1] =
          run_child(argv_for(other_side ? args.against : self, folder), dir / (other_side ? "other.log" : "ours.log"));
    }
    other.wall.push_back(times[0].wall_s);
    other.cpu.push_back(times[0].cpu_s);
    ours.wall.push_back(times[1].wall_s);
    ours.cpu.push_back(times[1].cpu_s);
    if (print_rounds)
      out << round << '\t' << std::setprecision(2) << times[0].wall_s << '\t' << times[0].cpu_s << '\t'
          << times[1].wall_s << '\t' << times[1].cpu_s << '\t' << std::setprecision(3)
          << times[0].cpu_s / times[1].cpu_s << "x\n";
  }
  return folder_bytes(dir / "other") == folder_bytes(dir / "ours") &&
         (writes_files || file_text(dir / "other.log") == file_text(dir / "ours.log"));
}

int against_book(const BenchArgs& args, std::ostream& out) {
  std::error_code error;
  if (!fs::is_regular_file(args.book, error))
    throw InputError(Place::flag("--book"), "cannot read '" + args.book + "': not a file");
  const bench::TempDir temp("puzzlepress-bench-against");
  out << "book: build " << args.book << "\nother: " << args.against << "\n"
      << "round\tother_wall_s\tother_cpu_s\tours_wall_s\tours_cpu_s\tcpu_ratio\n"
      << std::fixed;
  Side other, ours;
  const bool same = rounds(args, {"build", args.book, "-o", "{dir}"}, temp.path, other, ours, out, true);
  out << "median\t" << std::setprecision(2) << median(other.wall) << '\t' << median(other.cpu) << '\t'
      << median(ours.wall) << '\t' << median(ours.cpu) << '\t' << std::setprecision(3)
      << median(other.cpu) / median(ours.cpu) << "x\n"
      << "same bytes (PDF, manifest, cover, output): " << (same ? "yes" : "NO") << '\n'
      << "(ratio = other / ours; cpu = user + system of each child; the order alternates each round)\n";
  return kExitOk;
}

int against_generation(const BenchArgs& args, std::ostream& out) {
  std::vector<engine::Shape> shapes;
  if (args.size.empty()) shapes.push_back(engine::kShape9x9);
  else if (args.size == "all") shapes.assign(engine::kAllShapes.begin(), engine::kAllShapes.end());
  else if (const auto s = engine::parse_shape(args.size)) shapes.push_back(*s);
  else throw InputError(Place::flag("--size"), engine::unsupported_shape_message(args.size));
  std::vector<std::string> gradings;
  if (args.grading == "both") gradings = {"techniques", "clues"};
  else if (engine::parse_grading(args.grading)) gradings = {args.grading};
  else
    throw InputError(Place::flag("--grading"),
                     "unknown grading '" + args.grading + "' (expected one of: " + book::grading_choices() + ", both)");
  std::optional<engine::Grade> only;
  if (args.grade != "all") {
    only = engine::parse_grade(args.grade);
    if (!only)
      throw InputError(Place::flag("--grade"),
                       "unknown grade '" + args.grade + "' (expected one of: " + book::grade_choices() + ", all)");
  }
  const bench::TempDir temp("puzzlepress-bench-against");
  out << "generate --count " << args.boards << " --seed 1 --jobs 1 per size, grading and grade, " << args.rounds
      << " rounds; other: " << args.against << "\n"
      << "size\tgrading\tgrade\tother_cpu_s\tours_cpu_s\tcpu_ratio\tother_wall_s\tours_wall_s\tsame_output\n"
      << std::fixed;
  for (engine::Shape shape : shapes)
    for (const std::string& grading : gradings)
      for (engine::Grade grade : engine::offered_grades(shape)) {
        if (only && grade != *only) continue;
        const std::vector<std::string> command = {"generate",
                                                  "--size",
                                                  engine::shape_id(shape),
                                                  "--grade",
                                                  std::string(engine::grade_id(grade)),
                                                  "--grading",
                                                  grading,
                                                  "--count",
                                                  std::to_string(args.boards),
                                                  "--seed",
                                                  "1",
                                                  "--jobs",
                                                  "1",
                                                  "--format",
                                                  "csv",
                                                  "--quiet"};
        Side other, ours;
        const bool same = rounds(args, command, temp.path, other, ours, out, false);
        out << engine::shape_id(shape) << '\t' << grading << '\t' << engine::grade_id(grade) << '\t'
            << std::setprecision(3) << median(other.cpu) << '\t' << median(ours.cpu) << '\t'
            << median(other.cpu) / median(ours.cpu) << "x\t" << median(other.wall) << '\t' << median(ours.wall) << '\t'
            << (same ? "yes" : "no") << '\n';
      }
  out << "(medians over the rounds; ratio = other / ours; cpu = user + system of each child; the order alternates each "
         "round)\n";
  return kExitOk;
}

}  // namespace

int bench_against(const BenchArgs& args, std::ostream& out) {
  if (args.rounds < 1)
    throw InputError(Place::flag("--rounds"), "must be at least 1, got " + std::to_string(args.rounds));
  std::error_code error;
  if (!fs::is_regular_file(args.against, error))
    throw InputError(Place::flag("--against"), "cannot read '" + args.against + "': not a file");
  if (!args.dataset.empty() || !args.preview.empty() || !args.reference.empty() || args.rate)
    throw InputError(
        Place::flag("--against"),
        "times book builds (--book) or generation per tier; it excludes --dataset, --preview, --reference and --rate");
  return args.book.empty() ? against_generation(args, out) : against_book(args, out);
}

}  // namespace puzzlepress::cli
