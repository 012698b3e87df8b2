// Hints and allow_trial from the command line: sample --hints / --allow-trial, build
// --allow-trial, and a built book with hints whose manifest verify passes.
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>

#include "book/manifest/manifest.h"
#include "cli/build_command.h"
#include "cli/exit_codes.h"
#include "cli/sample_command.h"
#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::cli;
namespace fs = std::filesystem;
using puzzlepress::testing::TempDir;

TEST_SUITE("hints commands") {
  TEST_CASE("--hints is not for proofs") {
    SampleArgs args;
    args.spec = "whatever.yaml";
    args.hints = true;
    std::ostringstream out;
    CHECK_THROWS_WITH_AS(run_sample(args, out),
                         "--hints: not used with a spec (the spec decides the puzzles and pages)",
                         puzzlepress::InputError);
  }

  TEST_CASE("sample --hints adds a hint page and says so; the command remakes the sheet") {
    const TempDir dir("hints-sample");
    SampleArgs args;
    args.output = (dir / "sheet.pdf").string();
    args.seed = 12345;
    args.hints = true;
    args.answers = true;
    args.allow_trial = true;
    std::ostringstream out;
    CHECK(run_sample(args, out) == kExitOk);
    CHECK(out.str() == args.output +
                           ": 4 puzzles on 1 page + 1 hint page + 1 answer page, seed 12345\n"
                           "reproduce with: puzzlepress sample --seed 12345 --answers --hints --allow-trial\n");
    const auto text = puzzlepress::testing::run_shell("pdftotext -f 2 -l 2 " +
                                                      puzzlepress::testing::shell_quoted(args.output) + " -");
    if (text.exit_code == 0) {
      CHECK(text.output.find("Hints") != std::string::npos);
      CHECK(text.output.find("Puzzle 4") != std::string::npos);
    }
  }

  TEST_CASE("build --allow-trial is recorded; a book with hints verifies") {
    const TempDir dir("hints-build");
    puzzlepress::testing::write_file(dir / "book.yaml",
                                     "title: T\nauthor: A\ntrim: 6x9\nseed: 5\nhints: true\nglossary: true\n"
                                     "puzzles:\n  - { grade: easy, count: 4 }\n  - { grade: extreme, count: 6 }\n");
    std::ostringstream out, err;
    BuildArgs args;
    args.spec = (dir / "book.yaml").string();
    args.output = (dir / "book.pdf").string();
    args.jobs = 2;
    CHECK(run_build(args, out, err) == kExitOk);
    const auto m = puzzlepress::book::read_manifest_file(dir / "book.json");
    CHECK(m.allow_trial == false);
    for (const auto& p : m.puzzles) CHECK(p.hint.has_value());
    const auto verify = puzzlepress::testing::run_puzzlepress("verify '" + (dir / "book.json").string() + "'");
    CHECK(verify.exit_code == 0);
    args.allow_trial = true;
    args.output = (dir / "trial.pdf").string();
    CHECK(run_build(args, out, err) == kExitOk);
    CHECK(puzzlepress::book::read_manifest_file(dir / "trial.json").allow_trial == true);
  }
}
