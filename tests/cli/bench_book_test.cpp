// `puzzlepress bench --book`: a book build beside the reference engine, both as child
// processes. The reference is a small shell script run by `sh` (standing in for node), the
// build the puzzlepress binary under test on a four-puzzle spec.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/bench_command.h"
#include "cli/exit_codes.h"
#include "support/command.h"
#include "support/files.h"
#include "util/errors.h"

using namespace puzzlepress::cli;
using puzzlepress::EnvironmentError;
using puzzlepress::InputError;
namespace fs = std::filesystem;

namespace {

struct Fixture {
  const puzzlepress::testing::TempDir dir{"bench-book"};
  fs::path spec = dir / "small.yaml";
  fs::path reference = dir / "reference.sh";
  fs::path failing = dir / "failing.sh";
  Fixture() {
    std::ofstream(spec) << "title: T\nauthor: A\ntrim: 8.5x11\nlayout: four-up\nseed: 7\n"
                           "puzzles:\n  - { grade: easy, count: 2 }\n  - { grade: hard, count: 2 }\n";
    std::ofstream(reference) << "echo \"boards $1\"\n";
    std::ofstream(failing) << "echo 'no such grade' >&2\nexit 3\n";
  }
  BenchArgs args() const {
    BenchArgs a;
    a.book = spec.string();
    a.reference = reference.string();
    a.node = "sh";
    a.program = PUZZLEPRESS_BINARY;
    return a;
  }
};

int count_lines_starting(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  int n = 0;
  for (std::string line; std::getline(in, line);) n += line.rfind(start, 0) == 0;
  return n;
}

}  // namespace

TEST_SUITE("bench --book") {
  TEST_CASE("one benchmark a run: --preview, --book and --dataset exclude each other") {
    using puzzlepress::testing::run_puzzlepress;
    const auto both = run_puzzlepress("bench --preview a.yaml --dataset b.txt");
    CHECK(both.exit_code == 2);
    CHECK(both.output.find("--dataset excludes --preview") != std::string::npos);
    // The files need not exist: the options are refused before anything is read.
    CHECK(run_puzzlepress("bench --book a.yaml --dataset b.txt --reference r.mjs")
              .output.find("--dataset excludes --book") != std::string::npos);
    CHECK(run_puzzlepress("bench --book a.yaml --preview b.yaml").output.find("--preview excludes --book") !=
          std::string::npos);
  }

  TEST_CASE("each round runs the reference and the build; ratios and medians are printed") {
    Fixture f;
    BenchArgs a = f.args();
    a.rounds = 2;
    a.boards = 5;
    std::ostringstream out;
    CHECK(run_bench(a, out) == kExitOk);
    const std::string text = out.str();
    INFO(text);
    CHECK(text.find("reference: sh " + f.reference.string() + " 5\n") != std::string::npos);
    CHECK(text.find(" build " + f.spec.string() + " -o ") != std::string::npos);
    CHECK(count_lines_starting(text, "1\t") == 1);
    CHECK(count_lines_starting(text, "2\t") == 1);
    CHECK(count_lines_starting(text, "median\t") == 1);
    CHECK(text.find("x\t") != std::string::npos);
  }

  TEST_CASE("errors: a missing spec or reference, no reference, a failing child") {
    Fixture f;
    std::ostringstream out;
    BenchArgs a = f.args();
    a.reference.clear();
    CHECK_THROWS_WITH_AS(run_bench(a, out), "--book: needs --reference (the seed-engine.mjs to run beside it)",
                         InputError);
    a = f.args();
    a.book = (f.dir / "none.yaml").string();
    CHECK_THROWS_WITH_AS(run_bench(a, out), ("--book: cannot read '" + a.book + "': not a file").c_str(), InputError);
    a = f.args();
    a.rounds = 0;
    CHECK_THROWS_WITH_AS(run_bench(a, out), "--rounds: must be at least 1, got 0", InputError);
    a = f.args();
    a.reference = f.failing.string();
    CHECK_THROWS_AS(run_bench(a, out), EnvironmentError);
    try {
      run_bench(a, out);
    } catch (const EnvironmentError& e) {
      CHECK(std::string(e.what()).find("failed: no such grade") != std::string::npos);
    }
  }
}
