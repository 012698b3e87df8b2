// `puzzlepress preflight FILE.pdf --trim 6x9 [--bleed]`: exit 0 when every check passes, 1 with
// one line per problem, 2 for a file that is not a readable PDF or a bad flag.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::testing;
namespace fs = std::filesystem;

TEST_SUITE("preflight command") {
  TEST_CASE("a book we built passes; verify --pdf with the manifest too; exit codes 0, 1, 2") {
    const TempDir dir("preflight-book");
    std::ofstream(dir / "book.yaml") << "title: Preflight\nauthor: Ann\ntrim: 6x9\nseed: 21\n"
                                        "puzzles:\n  - { grade: medium, count: 24 }\n";
    REQUIRE(run_puzzlepress("build '" + (dir / "book.yaml").string() + "' -o '" + (dir / "book.pdf").string() + "'")
                .exit_code == 0);
    const std::string pdf = "'" + (dir / "book.pdf").string() + "'";
    CommandRun ok = run_puzzlepress("preflight " + pdf + " --trim 6x9");
    CHECK(ok.exit_code == 0);
    CHECK(ok.output.find("OK: ") == 0);
    CHECK(ok.output.find(" pages pass KDP's preflight for 6x9\n") != std::string::npos);
    CHECK(run_puzzlepress("verify '" + (dir / "book.json").string() + "' --pdf " + pdf).exit_code == 0);

    // The same PDF held to another trim: every page's MediaBox, one line each (5, then a count).
    CommandRun wrong = run_puzzlepress("preflight " + pdf + " --trim 8.5x11");
    CHECK(wrong.exit_code == 1);
    CHECK(wrong.output.find("page 1: MediaBox 432 x 648 pt but trim 8.5x11 makes 612 x 792 pt\n") == 0);

    CommandRun zero = run_puzzlepress("preflight /dev/zero --trim 6x9");
    CHECK(zero == CommandRun{2, "puzzlepress: /dev/zero: cannot read the PDF: is not a regular file\n"});
    std::ofstream(dir / "notes.pdf") << "not a PDF at all";
    CommandRun text = run_puzzlepress("preflight '" + (dir / "notes.pdf").string() + "' --trim 6x9");
    CHECK(text.exit_code == 2);
    CHECK(text.output.find((dir / "notes.pdf").string() + ": not a readable PDF: not a PDF: ") != std::string::npos);
    CommandRun trim = run_puzzlepress("preflight " + pdf + " --trim 6x10");
    CHECK(trim.exit_code == 2);
    CHECK(trim.output.find("--trim: unknown trim '6x10'") != std::string::npos);
  }
}
