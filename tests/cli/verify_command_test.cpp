#include "util/errors.h"
#include "cli/verify_command.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli/build_command.h"
#include "cli/exit_codes.h"
#include "support/cli_fixtures.h"
#include "support/files.h"

using namespace puzzlepress::cli;
using puzzlepress::InputError;
namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

// A 24-puzzle 6x9 book built by `puzzlepress build` logic into `dir`: book.pdf + book.json.
void build_book(const fs::path& dir) {
  std::ofstream(dir / "book.yaml") << "title: Verify\nauthor: Ann\ntrim: 6x9\nseed: 21\n"
                                      "puzzles:\n  - { grade: medium, count: 24 }\n";
  BuildArgs args;
  args.spec = (dir / "book.yaml").string();
  args.output = (dir / "book.pdf").string();
  args.jobs = 2;
  std::ostringstream out, err;
  REQUIRE(run_build(args, out, err) == kExitOk);
}

}  // namespace

TEST_SUITE("verify command") {
  TEST_CASE("a good book: OK, exit 0; corruptions: one line each, a count, exit 1") {
    const TempDir dir("verify-book");
    build_book(dir);
    const std::string json = read_bytes(dir / "book.json");
    std::smatch pages;
    REQUIRE(std::regex_search(json, pages, std::regex("\"page_count\": (\\d+)")));
    const int page_count = std::stoi(pages[1]);

    VerifyArgs args;
    args.manifest = (dir / "book.json").string();
    args.pdf = (dir / "book.pdf").string();
    std::ostringstream ok;
    CHECK(run_verify(args, ok) == kExitOk);
    CHECK(ok.str() == "OK: 24 puzzles, " + std::to_string(page_count) + " pages\n");

    // An odd page count in the manifest: the manifest check and the PDF check both object.
    std::ofstream(dir / "odd.json") << std::regex_replace(json, std::regex("\"page_count\": \\d+"),
                                                          "\"page_count\": " + std::to_string(page_count + 1));
    args.manifest = (dir / "odd.json").string();
    std::ostringstream odd;
    CHECK(run_verify(args, odd) == kExitFailure);
    CHECK(odd.str() == "page count " + std::to_string(page_count + 1) + " is odd\nPDF has " +
                           std::to_string(page_count) + " pages but the manifest says " +
                           std::to_string(page_count + 1) + "\n2 problems\n");

    args.pdf.clear();
    std::ostringstream no_pdf;
    CHECK(run_verify(args, no_pdf) == kExitFailure);
    CHECK(no_pdf.str() == "page count " + std::to_string(page_count + 1) + " is odd\n1 problem\n");
  }

  TEST_CASE("an unreadable or malformed manifest: exit 2 with the manifest's error") {
    const TempDir dir("verify-bad");
    VerifyArgs args;
    args.manifest = (dir / "missing.json").string();
    std::ostringstream out;
    CHECK(failure_of([&] { run_verify(args, out); }) ==
          "2|" + args.manifest + ": cannot read the manifest: no such file");
    write_file(dir / "broken.json", "{\"title\": ");
    args.manifest = (dir / "broken.json").string();
    CHECK(failure_of([&] { run_verify(args, out); }).rfind("2|" + args.manifest + ": malformed JSON at byte ", 0) == 0);
    CHECK(out.str().empty());
  }
}
