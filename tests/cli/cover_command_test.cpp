// End to end: `build` writes the cover with the interior and the manifest (all or none), prints
// its size and spine, and `verify --cover` re-checks it; poppler confirms what a printer's
// upload check would see.
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "book/manifest/manifest.h"
#include "support/command.h"
#include "support/files.h"
#include "support/image_writer.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

const std::string kSpec =
    "title: Cover Book\n"
    "author: Ann Example\n"
    "trim: 6x9\n"
    "seed: 5\n"
    "puzzles:\n"
    "  - { grade: easy, count: 6 }\n"
    "  - { grade: hard, count: 5 }\n";

}  // namespace

TEST_SUITE("cover end to end") {
  TEST_CASE("build writes book, manifest and cover together; verify --cover passes; poppler agrees") {
    const TempDir dir("cover-e2e-build");
    write_file(dir / "book.yaml", kSpec + "cover:\n  back_text: A few puzzles.\n");
    const CommandRun r =
        run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const fs::path cover = dir / "book-cover.pdf";
    CHECK(r.output.find(
              "cover: " + cover.string() +
              ": KDP, white paper, 12.304 x 9.25 in (885.89 x 666 pt), spine 0.054 in\n"
              "  spine text: not shown (KDP prints spine text from 79 pages; the book has 24); front: puzzle 7\n") !=
          std::string::npos);
    REQUIRE(fs::exists(cover));
    const auto manifest = puzzlepress::book::read_manifest_file(dir / "book.json");
    REQUIRE(manifest.cover.has_value());
    CHECK(manifest.cover->width_pt == doctest::Approx(885.89));

    const CommandRun verify = run_puzzlepress("verify " + shell_quoted(dir / "book.json") + " --pdf " +
                                              shell_quoted(dir / "book.pdf") + " --cover " + shell_quoted(cover));
    CHECK(verify.exit_code == 0);
    CHECK(verify.output ==
          "thumbnail (200 px tall): title capitals 10 px, contrast 12.4:1\nOK: 11 puzzles, 24 pages\n");

    if (!puzzlepress::testing::have_tool("pdfinfo") || !puzzlepress::testing::have_tool("pdffonts")) {
      MESSAGE("poppler-utils not installed: PDF checks skipped");
      return;
    }
    const CommandRun info = run_shell("pdfinfo -box " + shell_quoted(cover));
    CHECK(info.output.find("Pages:           1\n") != std::string::npos);
    CHECK(info.output.find("Page size:       885.891 x 666 pts") != std::string::npos);
    CHECK(info.output.find("TrimBox:             9.00     9.00   876.89   657.00") != std::string::npos);
    CHECK(info.output.find("BleedBox:            0.00     0.00   885.89   666.00") != std::string::npos);
    const CommandRun fonts = run_shell("pdffonts " + shell_quoted(cover));
    int font_lines = 0;
    std::istringstream lines(fonts.output);
    std::string line;
    for (int i = 0; std::getline(lines, line); ++i) {
      if (i < 2 || line.empty()) continue;
      ++font_lines;
      CHECK_MESSAGE(line.find(" yes yes ") != std::string::npos, line);
    }
    CHECK(font_lines >= 2);
  }

  TEST_CASE("--cover names the path; without a cover: key it is a usage error") {
    const TempDir dir("cover-e2e-flag");
    write_file(dir / "book.yaml", kSpec + "cover: { printer: lulu }\n");
    const CommandRun r = run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " +
                                         shell_quoted(dir / "b.pdf") + " --cover " + shell_quoted(dir / "wrap.pdf"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(fs::exists(dir / "wrap.pdf"));
    CHECK_FALSE(fs::exists(dir / "b-cover.pdf"));
    CHECK(r.output.find("Lulu, white paper") != std::string::npos);
    CHECK(r.output.find("b.pdf: 32 pages") != std::string::npos);  // Lulu binds 32 pages or more

    write_file(dir / "plain.yaml", kSpec);
    const CommandRun plain =
        run_puzzlepress("build " + shell_quoted(dir / "plain.yaml") + " -o " + shell_quoted(dir / "p.pdf") +
                        " --cover " + shell_quoted(dir / "p-cover.pdf"));
    CHECK(plain.exit_code == 2);
    CHECK(plain.output.find("puzzlepress: --cover: the spec has no 'cover:' mapping") == 0);
    CHECK_FALSE(fs::exists(dir / "p.pdf"));
  }

  TEST_CASE("bad cover input exits 2 with its place and writes nothing") {
    const TempDir dir("cover-e2e-bad");
    const auto attempt = [&](const std::string& cover) {
      write_file(dir / "book.yaml", kSpec + cover);
      return run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
    };
    const CommandRun printer = attempt("cover:\n  printer: acme\n");
    CHECK(printer.exit_code == 2);
    CHECK(printer.output.find((dir / "book.yaml").string() + ":9:12: unknown printer 'acme'") != std::string::npos);
    const CommandRun ingram = attempt("cover:\n  printer: ingramspark\n");
    CHECK(ingram.exit_code == 2);
    CHECK(ingram.output.find(":8:1: 'cover.spine_in' is required for printer ingramspark") != std::string::npos);
    std::string blurb = "cover:\n  back_text: |\n";
    for (int i = 0; i < 50; ++i)
      blurb += "    A line of blurb long enough to fill a good part of the back of the book.\n";
    const CommandRun overflow = attempt(blurb);
    CHECK(overflow.exit_code == 2);
    CHECK(overflow.output.find(":9:14: the blurb is ") != std::string::npos);
    CHECK(names_in(dir).size() == 1);  // only the spec: no PDF, manifest or cover, no temporary file
  }

  TEST_CASE("verify --cover finds a cover that is not the book's") {
    const TempDir dir("cover-e2e-mismatch");
    write_file(dir / "a.yaml", kSpec + "cover:\n  back_text: A.\n");
    write_file(dir / "b.yaml", kSpec + "cover:\n  back_text: B.\n  printer: lulu\n");
    REQUIRE(run_puzzlepress("build " + shell_quoted(dir / "a.yaml") + " -o " + shell_quoted(dir / "a.pdf")).exit_code ==
            0);
    REQUIRE(run_puzzlepress("build " + shell_quoted(dir / "b.yaml") + " -o " + shell_quoted(dir / "b.pdf")).exit_code ==
            0);
    const CommandRun r =
        run_puzzlepress("verify " + shell_quoted(dir / "a.json") + " --cover " + shell_quoted(dir / "b-cover.pdf"));
    CHECK(r.exit_code == 1);
    CHECK(r.output.find("cover PDF: MediaBox ") != std::string::npos);
    const CommandRun none =
        run_puzzlepress("verify " + shell_quoted(dir / "a.json") + " --cover " + shell_quoted(dir / "missing.pdf"));
    CHECK(none.exit_code == 1);
    CHECK(none.output.find("cover PDF: cannot read ") != std::string::npos);
  }

  TEST_CASE("a front image under 300 dpi is a warning in the summary; the build succeeds") {
    const TempDir dir("cover-e2e-image");
    puzzlepress::testing::write_file(dir / "art.jpg", puzzlepress::testing::jpeg_bytes(300, 450, 3));
    write_file(dir / "book.yaml", kSpec + "cover:\n  front_image: art.jpg\n");
    const CommandRun r =
        run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
    INFO(r.output);
    CHECK(r.exit_code == 0);
    CHECK(r.output.find("  warning: cover.front_image art.jpg prints at 49 dpi on the front (printers ask for 300: "
                        "use an image of at least 1838 x 2775 pixels)\n") != std::string::npos);
  }
}
