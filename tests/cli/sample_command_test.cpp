#include "util/errors.h"
#include "cli/sample_command.h"

#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/exit_codes.h"
#include "support/cli_fixtures.h"
#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::cli;
using puzzlepress::InputError;
namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

// What the command line reports for run_sample's error: "exit code|message".
std::string error_of(const SampleArgs& args) {
  std::ostringstream out;
  return failure_of([&] { run_sample(args, out); });
}

}  // namespace

TEST_SUITE("sample command") {
  TEST_CASE("writes the sheet and prints the seed and the command that remakes it") {
    const TempDir dir("sample-write");
    SampleArgs args;
    args.seed = 12345;
    args.answers = true;
    args.output = (dir / "sheet.pdf").string();
    std::ostringstream out;
    CHECK(run_sample(args, out) == kExitOk);
    CHECK(out.str() == args.output +
                           ": 4 puzzles on 1 page + 1 answer page, seed 12345\n"
                           "reproduce with: puzzlepress sample --seed 12345 --answers\n");
    const std::string first = read_bytes(dir / "sheet.pdf");
    CHECK(first.rfind("%PDF-", 0) == 0);
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);  // no temp file left
    std::ostringstream again_out;
    args.output = (dir / "again.pdf").string();
    run_sample(args, again_out);
    CHECK(read_bytes(dir / "again.pdf") == first);  // same flags and seed: same bytes
  }

  TEST_CASE("without --seed a seed is drawn and printed") {
    const TempDir dir("sample-random");
    SampleArgs args;
    args.count = 1;
    args.per_page = 1;
    args.output = (dir / "s.pdf").string();
    std::ostringstream out;
    CHECK(run_sample(args, out) == kExitOk);
    const std::string text = out.str();
    const auto at = text.find(", seed ");
    REQUIRE(at != std::string::npos);
    const std::string seed = text.substr(at + 7, text.find('\n') - at - 7);
    CHECK(text.find("reproduce with: puzzlepress sample --seed " + seed + " --count 1 --per-page 1\n") !=
          std::string::npos);
  }

  TEST_CASE("bad flags: exit 2, one message each, nothing written") {
    const TempDir dir("sample-bad");
    SampleArgs base;
    base.seed = 1;
    base.output = (dir / "never.pdf").string();
    SampleArgs a = base;
    a.count = 0;
    CHECK(error_of(a) == "2|--count: must be 1-600, got 0");
    a = base;
    a.grades = {"easy", "nope"};
    CHECK(error_of(a) ==
          "2|--grade: unknown grade 'nope' (expected one of: easy, medium, hard, extreme (or expert), evil)");
    a = base;
    a.paper = "legal";
    CHECK(error_of(a) == "2|--paper: unknown paper 'legal' (expected letter, a4 or a KDP trim such as 6x9)");
    a = base;
    a.paper = "3x9 in";
    CHECK(error_of(a) == "2|--paper: custom trim 3x9 in is outside KDP's range (width 4-8.5 in, height 6-11.69 in)");
    a = base;
    a.per_page = 0;
    CHECK(error_of(a) == "2|--per-page: must be 1-6, got 0");
    a.per_page = 7;
    CHECK(error_of(a) == "2|--per-page: must be 1-6, got 7");
    a = base;
    a.pages = 3;
    CHECK(error_of(a) == "2|--pages: only used with a spec");
    CHECK(!fs::exists(dir / "never.pdf"));
  }

  TEST_CASE("paper names") {
    const TempDir dir("sample-paper");
    SampleArgs args;
    args.seed = 2;
    args.count = 1;
    args.output = (dir / "s.pdf").string();
    for (const char* paper : {"letter", "LETTER", "a4", "A4", "6x9"}) {
      args.paper = paper;
      std::ostringstream out;
      CHECK(run_sample(args, out) == kExitOk);
    }
    args.paper = "A4";
    std::ostringstream out;
    run_sample(args, out);
    CHECK(out.str().find("--paper a4") != std::string::npos);
  }

  TEST_CASE("an unwritable output: exit 1") {
    SampleArgs args;
    args.seed = 1;
    args.count = 1;
    args.output = "/nonexistent-dir/s.pdf";
    const std::string e = error_of(args);
    CHECK(e.rfind("1|-o: cannot write /nonexistent-dir/s.pdf: ", 0) == 0);
  }

  TEST_CASE("from a spec: the first puzzle pages; sheet flags are refused") {
    const TempDir dir("sample-spec");
    {
      std::ofstream(dir / "book.yaml") << "title: Proof\nauthor: Ann\ntrim: 6x9\nseed: 5\n"
                                          "puzzles:\n  - { grade: easy, count: 8 }\n";
    }
    SampleArgs args;
    args.spec = (dir / "book.yaml").string();
    args.output = (dir / "proof.pdf").string();
    std::ostringstream out;
    CHECK(run_sample(args, out) == kExitOk);
    CHECK(out.str() == args.output + ": 2 puzzle pages of 24 (book pages 5-6), trim 6x9, layout two-up\n");
    CHECK(fs::exists(dir / "proof.pdf"));

    SampleArgs bad = args;
    bad.grades = {"easy"};
    CHECK(error_of(bad) == "2|--grade: not used with a spec (the spec decides the puzzles and pages)");
    bad = args;
    bad.seed = 3;
    CHECK(error_of(bad) == "2|--seed: not used with a spec (the spec decides the puzzles and pages)");
    bad = args;
    bad.pages = 0;
    CHECK(error_of(bad) == "2|--pages: must be at least 1, got 0");
    bad = args;
    bad.spec = (dir / "missing.yaml").string();
    CHECK(error_of(bad) == "2|" + bad.spec + ": cannot read the spec: no such file");
  }

  TEST_CASE("the binary: usage errors print one line and exit 2") {
    CHECK(run_puzzlepress("sample --count 0 --seed 1 -o /tmp/never.pdf") ==
          puzzlepress::testing::CommandRun{2, "puzzlepress: --count: must be 1-600, got 0\n"});
    CHECK(run_puzzlepress("sample --per-page 9") ==
          puzzlepress::testing::CommandRun{2, "puzzlepress: --per-page: must be 1-6, got 9\n"});
    CHECK(run_puzzlepress("verify /nonexistent/book.json") ==
          puzzlepress::testing::CommandRun{
              2, "puzzlepress: /nonexistent/book.json: cannot read the manifest: no such file\n"});
  }
}
