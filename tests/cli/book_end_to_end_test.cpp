// End to end: the puzzlepress binary builds a book, and poppler-utils (when installed) confirm
// what a KDP reviewer would check: page count and size, embedded fonts, and that the digits
// printed in each puzzle's grid are the manifest's givens.
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "book/manifest/manifest.h"
#include "engine/grid9.h"
#include "support/command.h"
#include "support/files.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

using Run = puzzlepress::testing::CommandRun;

const char* kSpec =
    "title: Proof Book\n"
    "author: Ann Example\n"
    "trim: 6x9\n"
    "layout: two-up\n"
    "seed: 99\n"
    "puzzles:\n"
    "  - { grade: easy, count: 6 }\n"
    "  - { grade: extreme, count: 5 }\n";

}  // namespace

TEST_SUITE("book end to end") {
  TEST_CASE("one puzzle is 'puzzle', in the build summary and in verify") {
    const TempDir dir("book-e2e-one");
    write_file(dir / "one.yaml",
               "title: One\nauthor: A\ntrim: 6x9\nseed: 1\npuzzles:\n  - { grade: easy, count: 1 }\n");
    const Run r = run_puzzlepress("build " + shell_quoted(dir / "one.yaml") + " -o " + shell_quoted(dir / "one.pdf"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(r.output.find("one.pdf: 24 pages, trim 6x9, layout two-up, 1 puzzle\n  Easy       1 puzzle,  clues ") !=
          std::string::npos);
    const Run v = run_puzzlepress("verify " + shell_quoted(dir / "one.json"));
    CHECK(v.output == "OK: 1 puzzle, 24 pages\n");
  }

  TEST_CASE("a spec without year: builds (exit 0) with one warning line naming the spec") {
    const TempDir dir("book-e2e-year");
    write_file(dir / "plain.yaml",
               "title: One\nauthor: A\ntrim: 6x9\nseed: 1\npuzzles:\n  - { grade: easy, count: 1 }\n");
    const Run r =
        run_puzzlepress("build " + shell_quoted(dir / "plain.yaml") + " -o " + shell_quoted(dir / "plain.pdf"));
    INFO(r.output);
    CHECK(r.exit_code == 0);
    const std::string warning = "warning: " + (dir / "plain.yaml").string() +
                                ": no 'year:', so the copyright notice has no year (add e.g. year: 2026)\n";
    CHECK(r.output.find(warning) != std::string::npos);
    CHECK(r.output.find("warning:") == r.output.rfind("warning:"));  // one line
    write_file(dir / "dated.yaml",
               "title: One\nauthor: A\nyear: 2026\ntrim: 6x9\nseed: 1\npuzzles:\n"
               "  - { grade: easy, count: 1 }\n");
    const Run dated =
        run_puzzlepress("build " + shell_quoted(dir / "dated.yaml") + " -o " + shell_quoted(dir / "dated.pdf"));
    CHECK(dated.exit_code == 0);
    CHECK(dated.output.find("warning:") == std::string::npos);
  }

  TEST_CASE("build, then check the PDF with poppler") {
    const TempDir dir("book-e2e-build");
    write_file(dir / "book.yaml", kSpec);
    const Run r = run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(r.output.find("book.pdf: 24 pages, trim 6x9, layout two-up, 11 puzzles\n") != std::string::npos);
    REQUIRE(fs::exists(dir / "book.json"));
    const auto manifest = puzzlepress::book::read_manifest_file(dir / "book.json");
    CHECK(manifest.page_count == 24);
    CHECK(manifest.puzzles.size() == 11);

    if (!puzzlepress::testing::have_tool("pdfinfo") || !puzzlepress::testing::have_tool("pdffonts") ||
        !puzzlepress::testing::have_tool("pdftotext")) {
      MESSAGE("poppler-utils not installed: PDF checks skipped");
      return;
    }
    const Run info = run_shell("pdfinfo " + shell_quoted(dir / "book.pdf"));
    CHECK(info.output.find("Pages:           24\n") != std::string::npos);
    CHECK(info.output.find("Page size:       432 x 648 pts") != std::string::npos);
    CHECK(info.output.find("Title:           Proof Book\n") != std::string::npos);
    CHECK(info.output.find("Author:          Ann Example\n") != std::string::npos);

    // Every font embedded: skip the two header lines, then column "emb" must say yes.
    const Run fonts = run_shell("pdffonts " + shell_quoted(dir / "book.pdf"));
    std::istringstream lines(fonts.output);
    std::string line;
    int font_lines = 0;
    for (int i = 0; std::getline(lines, line); ++i) {
      if (i < 2 || line.empty()) continue;
      ++font_lines;
      CHECK_MESSAGE(line.find(" yes yes ") != std::string::npos, line);
    }
    CHECK(font_lines >= 3);

    // The digits inside each puzzle's grid rectangle, read back from the PDF, are its givens.
    for (const auto& p : manifest.puzzles) {
      const double top = manifest.page_height_pt - (p.rect.y + p.rect.height);
      std::ostringstream cmd;
      cmd << "pdftotext -f " << p.page << " -l " << p.page << " -r 72 -x " << static_cast<int>(p.rect.x) << " -y "
          << static_cast<int>(top) << " -W " << static_cast<int>(p.rect.width + 1) << " -H "
          << static_cast<int>(p.rect.height + 1) << " -layout " << shell_quoted(dir / "book.pdf") << " -";
      const Run text = run_shell(cmd.str());
      std::string printed, expected;
      for (char c : text.output)
        if (c >= '1' && c <= '9') printed += c;
      for (auto v : p.givens.cells)
        if (v) expected += static_cast<char>('0' + v);
      INFO("puzzle " << p.number << " on page " << p.page);
      CHECK(printed == expected);
    }
  }

  TEST_CASE("a bad spec exits 2 with the place, and writes nothing") {
    const TempDir dir("book-e2e-bad");
    write_file(dir / "book.yaml", std::string(kSpec) + "trimsize: 6x9\n");
    const Run r = run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
    CHECK(r.exit_code == 2);
    CHECK(r.output.find((dir / "book.yaml").string() + ":9:1: unknown key 'trimsize'") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "book.pdf"));
    CHECK_FALSE(fs::exists(dir / "book.json"));
  }

  TEST_CASE("an unwritable output exits 1 and leaves no file") {
    const TempDir dir("book-e2e-unwritable");
    write_file(dir / "book.yaml", kSpec);
    const Run r = run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " +
                                  shell_quoted(dir / "no-such-dir" / "book.pdf"));
    CHECK(r.exit_code == 1);
    CHECK(r.output.rfind("puzzlepress: -o: cannot write " + (dir / "no-such-dir").string(), 0) == 0);
    CHECK(fs::directory_iterator(dir)->path().filename() == "book.yaml");
  }

  TEST_CASE("--trim re-exports the same puzzles; a bad --trim is a usage error") {
    const TempDir dir("book-e2e-trim");
    write_file(dir / "book.yaml", kSpec);
    const std::string bin = std::string("'") + PUZZLEPRESS_BINARY + "' build " + shell_quoted(dir / "book.yaml");
    REQUIRE(run_shell(bin + " -o " + shell_quoted(dir / "a.pdf")).exit_code == 0);
    REQUIRE(run_shell(bin + " --trim 8.5x11 --layout four-up -o " + shell_quoted(dir / "b.pdf")).exit_code == 0);
    const auto a = puzzlepress::book::read_manifest_file(dir / "a.json");
    const auto b = puzzlepress::book::read_manifest_file(dir / "b.json");
    REQUIRE(a.puzzles.size() == b.puzzles.size());
    for (std::size_t i = 0; i < a.puzzles.size(); ++i) {
      CHECK(a.puzzles[i].givens == b.puzzles[i].givens);
      CHECK(a.puzzles[i].solution == b.puzzles[i].solution);
    }
    CHECK(b.page_width_pt == 612);
    CHECK(b.trim == "8.5x11");
    const Run bad = run_shell(bin + " --trim 6x10 -o " + shell_quoted(dir / "c.pdf"));
    CHECK(bad.exit_code == 2);
    CHECK(bad.output.rfind("puzzlepress: --trim: unknown trim '6x10'", 0) == 0);
    const Run bad_layout = run_shell(bin + " --layout three-up -o " + shell_quoted(dir / "c.pdf"));
    CHECK(bad_layout.exit_code == 2);
    CHECK(bad_layout.output.rfind("puzzlepress: --layout: unknown layout 'three-up' (expected one of:", 0) == 0);
    REQUIRE(run_shell(bin + " --trim '8.5 X 11' -o " + shell_quoted(dir / "f.pdf")).exit_code == 0);
    CHECK(puzzlepress::book::read_manifest_file(dir / "f.json").trim == "8.5x11");  // canonical name
    CHECK_FALSE(fs::exists(dir / "c.pdf"));

    // --grading overrides the spec; clue grading makes other puzzles (no tier search).
    REQUIRE(run_shell(bin + " --grading clues -o " + shell_quoted(dir / "d.pdf")).exit_code == 0);
    const auto d = puzzlepress::book::read_manifest_file(dir / "d.json");
    CHECK(d.grading == "clues");
    CHECK(a.grading == "techniques");
    const Run bad_grading = run_shell(bin + " --grading stars -o " + shell_quoted(dir / "e.pdf"));
    CHECK(bad_grading.exit_code == 2);
    CHECK(bad_grading.output ==
          "puzzlepress: --grading: unknown grading 'stars' (expected one of: techniques, clues)\n");
    CHECK_FALSE(fs::exists(dir / "e.pdf"));
  }
}
