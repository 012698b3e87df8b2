// End to end, sizes and skins: the binary builds books of other sizes and skins that `verify`
// (with --pdf) passes, prints what the manifest says in every grid (read back with poppler's
// pdftotext for digits and letters), and refuses bad sections with exit 2 at their place.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "book/manifest/manifest.h"
#include "book/spec/spec.h"
#include "support/command.h"
#include "support/files.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

const char* kSpec =
    "title: Sizes Proof\n"
    "author: Ann Example\n"
    "trim: 8.5x11\n"
    "layout: four-up\n"
    "seed: 12\n"
    "puzzles:\n"
    "  - { size: 4x4, skin: shapes, grade: easy, count: 4 }\n"
    "  - { size: 6x6, letters: planet, grade: medium, count: 4 }\n"
    "  - { size: 12x12, grade: hard, count: 2 }\n"
    "  - { size: 16x16, skin: letters, grade: easy, count: 2 }\n";

}  // namespace

TEST_SUITE("sizes end to end") {
  TEST_CASE("a book of several sizes and skins builds, verifies and prints its manifest") {
    const TempDir dir("sizes-e2e-build");
    std::ofstream(dir / "book.yaml") << kSpec;
    const CommandRun r =
        run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(r.output.find("  4x4   Easy       4 puzzles, clues 8\n") != std::string::npos);
    const CommandRun v =
        run_puzzlepress("verify " + shell_quoted(dir / "book.json") + " --pdf " + shell_quoted(dir / "book.pdf"));
    CHECK(v.exit_code == 0);
    CHECK(v.output == "OK: 12 puzzles, 24 pages\n");
    const auto manifest = puzzlepress::book::read_manifest_file(dir / "book.json");
    REQUIRE(manifest.puzzles.size() == 12);

    if (!puzzlepress::testing::have_tool("pdftotext")) {
      MESSAGE("poppler-utils not installed: read-back skipped");
      return;
    }
    // In each digits or letters grid the printed characters, row by row, are the givens as the
    // manifest's symbols print them; a shapes grid prints no text at all.
    for (const auto& p : manifest.puzzles) {
      const double top = manifest.page_height_pt - (p.rect.y + p.rect.height);
      std::ostringstream cmd;
      cmd << "pdftotext -f " << p.page << " -l " << p.page << " -r 72 -x " << static_cast<int>(p.rect.x) + 2 << " -y "
          << static_cast<int>(top) + 2 << " -W " << static_cast<int>(p.rect.width) - 4 << " -H "
          << static_cast<int>(p.rect.height) - 4 << " -layout " << shell_quoted(dir / "book.pdf") << " -";
      const CommandRun text = run_shell(cmd.str());
      std::string printed, expected;
      for (char c : text.output) {
        if (c != ' ' && c != '\n' && c != '\f') printed += c;
      }
      for (int i = 0; i < p.givens.cell_count(); ++i) {
        const int v = p.givens.cells[static_cast<std::size_t>(i)];
        if (v && p.symbols.skin != puzzlepress::book::Skin::shapes) {
          expected += p.symbols.names[static_cast<std::size_t>(v - 1)];
        }
      }
      INFO("puzzle " << p.number << " on page " << p.page);
      CHECK(printed == expected);
    }
  }

  TEST_CASE("the children's and 16x16 examples' specs load; the kids' book builds and verifies") {
    const TempDir dir("sizes-e2e-kids");
    const fs::path spec = fs::path(PUZZLEPRESS_SOURCE_DIR) / "examples/kids-shapes-8x10.yaml";
    const CommandRun r = run_puzzlepress("build " + shell_quoted(spec) + " -o " + shell_quoted(dir / "kids.pdf"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(run_puzzlepress("verify " + shell_quoted(dir / "kids.json") + " --pdf " + shell_quoted(dir / "kids.pdf"))
              .exit_code == 0);
    // The 16x16 example (80 puzzles: a second of generation, more under the sanitizers) is only
    // loaded here; the README's example commands build it.
    const auto big = puzzlepress::book::load_spec_file(fs::path(PUZZLEPRESS_SOURCE_DIR) / "examples/16x16-8.5x11.yaml");
    CHECK(big.puzzle_count() == 80);
    CHECK(big.sections[0].shape == puzzlepress::engine::kShape16x16);
  }

  TEST_CASE("the variety example builds, and its book, manifest and cover verify") {
    const TempDir dir("sizes-e2e-variety");
    const fs::path spec = fs::path(PUZZLEPRESS_SOURCE_DIR) / "examples/variety-8.5x11.yaml";
    const CommandRun r = run_puzzlepress("build " + shell_quoted(spec) + " -o " + shell_quoted(dir / "v.pdf"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(r.output.find("  jigsaw  6x6   Medium     8 puzzles, clues ") != std::string::npos);
    const CommandRun v = run_puzzlepress("verify " + shell_quoted(dir / "v.json") + " --pdf " +
                                         shell_quoted(dir / "v.pdf") + " --cover " + shell_quoted(dir / "v-cover.pdf"));
    INFO(v.output);
    CHECK(v.exit_code == 0);
    const auto manifest = puzzlepress::book::read_manifest_file(dir / "v.json");
    int kinds[4] = {};
    for (const auto& p : manifest.puzzles) ++kinds[static_cast<int>(p.layout.kind)];
    CHECK(kinds[0] == 20);  // classic, x, hyper, jigsaw as the example's sections add up
    CHECK(kinds[1] == 40);
    CHECK(kinds[2] == 32);
    CHECK(kinds[3] == 48);
  }

  TEST_CASE("bad sections exit 2 at their place and write nothing") {
    const TempDir dir("sizes-e2e-bad");
    const std::string head = "title: T\nauthor: A\nseed: 1\npuzzles:\n";
    const auto refused = [&](const std::string& section) {
      std::ofstream(dir / "book.yaml") << head << section;
      const CommandRun r =
          run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
      CHECK(r.exit_code == 2);
      CHECK_FALSE(fs::exists(dir / "book.pdf"));
      CHECK_FALSE(fs::exists(dir / "book.json"));
      return r.output;
    };
    const std::string at = "puzzlepress: " + (dir / "book.yaml").string() + ":5:";
    CHECK(refused("  - { size: 10x10, grade: easy, count: 2 }\n").rfind(at + "13: unknown size '10x10'", 0) == 0);
    CHECK(refused("  - { size: 7x7, grade: easy, count: 2 }\n").rfind(at + "13: unknown size '7x7'", 0) == 0);
    CHECK(refused("  - { size: 8x8, kind: hyper, grade: easy, count: 2 }\n") ==
          at + "24: kind 'hyper' takes 9x9 only, not 8x8\n");
    CHECK(refused("  - { size: 6x6, letters: PLANETS, grade: easy, count: 2 }\n")
              .rfind(at + "27: 'puzzles[1].letters' has 7 letters but a 6x6 grid takes 6", 0) == 0);
    CHECK(refused("  - { size: 4x4, grade: hard, count: 2 }\n")
              .rfind(at + "25: grade 'hard' is not offered for 4x4 (offered: easy, medium)", 0) == 0);
    CHECK(refused("  - { size: 16x16, skin: shapes, grade: easy, count: 2 }\n")
              .rfind(at + "26: skin 'shapes' takes 4x4, 6x6, 8x8 and 9x9 grids, not 16x16", 0) == 0);
  }
}
