// `puzzlepress bench --dataset` with --rounds, --cpu-time and --compare (the side-by-side run of
// another solver). The compared program is a small shell script written by the test.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/bench_command.h"
#include "cli/exit_codes.h"
#include "support/cli_fixtures.h"
#include "support/files.h"
#include "util/errors.h"

using namespace puzzlepress::cli;
using puzzlepress::InputError;
namespace fs = std::filesystem;

namespace {

// Two unique puzzles (Wikipedia's, and magictour top1465 #1).
const char* const kPuzzles =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";

struct Fixture {
  const puzzlepress::testing::TempDir dir{"bench-dataset"};
  fs::path dataset = dir / "two.txt";
  Fixture() { std::ofstream(dataset) << kPuzzles; }

  // A compared program that prints `first_line` (and the dataset it was given on line 2).
  std::string program(const std::string& name, const std::string& first_line, int exit_code = 0) const {
    const fs::path path = dir / name;
    std::ofstream(path) << "#!/bin/sh\necho '" << first_line << "'\necho \"$1\"\nexit " << exit_code << "\n";
    fs::permissions(path, fs::perms::owner_all);
    return "'" + path.string() + "'";
  }

  BenchArgs args() const {
    BenchArgs a;
    a.dataset = dataset.string();
    return a;
  }
};

}  // namespace

TEST_SUITE("bench --dataset") {
  TEST_CASE("--compare runs the program once per round and prints its best time beside ours") {
    Fixture f;
    BenchArgs args = f.args();
    args.rounds = 3;
    args.cpu_time = true;
    args.compare = f.program("fast", "2.5 2 0 0");
    std::ostringstream out;
    CHECK(run_bench(args, out) == kExitOk);
    const std::string text = out.str();
    const std::string ours = f.dataset.string() + "\t2\t";  // 2 puzzles, then the time
    REQUIRE(text.find(ours) != std::string::npos);
    CHECK(text.substr(text.find(ours)).find("\t2\t0\t0\n") != std::string::npos);  // all unique
    CHECK(text.find("compared (best of 3 runs, alternating with ours; ours timed in CPU time)") != std::string::npos);
    CHECK(text.find(args.compare + "\t2.50\t") != std::string::npos);
  }

  TEST_CASE("a program that prints only a time is compared without counts") {
    Fixture f;
    BenchArgs args = f.args();
    args.compare = f.program("time-only", "7");
    std::ostringstream out;
    CHECK(run_bench(args, out) == kExitOk);
    CHECK(out.str().find(args.compare + "\t7.00\t") != std::string::npos);
  }

  TEST_CASE("counts that disagree with ours fail the job") {
    Fixture f;
    BenchArgs args = f.args();
    args.compare = f.program("wrong", "2.5 1 1 0");
    std::ostringstream out;
    CHECK_THROWS_WITH_AS(
        run_bench(args, out),
        ("--compare: '" + args.compare + "' counted 1 unique, 1 multiple, 0 none; we counted 2, 0, 0").c_str(),
        puzzlepress::EnvironmentError);
  }

  TEST_CASE("a failing or silent program fails the job, naming the command") {
    Fixture f;
    BenchArgs args = f.args();
    args.compare = f.program("exits", "2.5 2 0 0", 3);
    std::ostringstream out;
    const auto failure = [&] { return puzzlepress::testing::failure_of([&] { run_bench(args, out); }); };
    CHECK(failure().rfind("1|--compare: '" + args.compare + " '" + f.dataset.string() + "'' failed: ", 0) == 0);
    args.compare = f.program("chatty", "hello");
    CHECK(failure().rfind(
              "1|--compare: expected '" + args.compare + "' to print its microseconds per puzzle first, got: hello",
              0) == 0);
  }

  TEST_CASE("bad flags: usage errors") {
    Fixture f;
    std::ostringstream out;
    BenchArgs args = f.args();
    args.rounds = 0;
    CHECK(puzzlepress::testing::failure_of([&] { run_bench(args, out); }) == "2|--rounds: must be at least 1, got 0");
    BenchArgs no_dataset;
    no_dataset.compare = "true";
    CHECK_THROWS_WITH_AS(run_bench(no_dataset, out), "--compare: needs --dataset", InputError);
    no_dataset.compare.clear();
    no_dataset.rounds = 2;
    CHECK_THROWS_WITH_AS(run_bench(no_dataset, out), "--rounds: needs --dataset or --book", InputError);
    no_dataset.rounds = 1;
    no_dataset.cpu_time = true;
    CHECK_THROWS_WITH_AS(run_bench(no_dataset, out), "--cpu-time: needs --dataset", InputError);
  }
}
