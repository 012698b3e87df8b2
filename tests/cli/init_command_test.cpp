// `puzzlepress init` and `puzzlepress schema` from the command line: the starter spec builds as
// it is, never replaces a file, and refuses bad flags at the flag; the schema printed is the
// shipped one.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/command.h"
#include "support/files.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

using Run = puzzlepress::testing::CommandRun;

}  // namespace

TEST_SUITE("init") {
  TEST_CASE("the starter spec builds as it is, and names the shipped schema") {
    const TempDir dir("init-build");
    const Run init = run_puzzlepress("init " + shell_quoted(dir / "book.yaml") + " --trim 6x9 --seed 11");
    REQUIRE(init.exit_code == 0);
    CHECK(init.output.find("wrote " + (dir / "book.yaml").string() + ": 100 puzzles, trim 6x9, layout two-up, ") == 0);
    const std::string text = read_bytes(dir / "book.yaml");
    const std::string schema_line = "# yaml-language-server: $schema=file://";
    REQUIRE(text.rfind(schema_line, 0) == 0);
    const fs::path schema = text.substr(schema_line.size(), text.find('\n') - schema_line.size());
    CHECK(fs::equivalent(schema, fs::path(PUZZLEPRESS_SOURCE_DIR) / "puzzlepress.schema.json"));
    CHECK(text.find("seed: 11") != std::string::npos);

    const Run build =
        run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf"));
    CHECK(build.exit_code == 0);
    CHECK(build.output.find("100 puzzles") != std::string::npos);
    CHECK(fs::file_size(dir / "book.pdf") > 10000);
  }

  TEST_CASE("never overwrites: exit 2, the file untouched") {
    const TempDir dir("init-exists");
    std::ofstream(dir / "book.yaml") << "mine\n";
    const Run r = run_puzzlepress("init " + shell_quoted(dir / "book.yaml"));
    CHECK(r == Run{2, "puzzlepress: " + (dir / "book.yaml").string() +
                          ": already exists; init never overwrites a file (give another name, or remove it first)\n"});
    CHECK(read_bytes(dir / "book.yaml") == "mine\n");
  }

  TEST_CASE("bad flags are refused at the flag, and nothing is written") {
    const TempDir dir("init-flags");
    const Run trim = run_puzzlepress("init " + shell_quoted(dir / "a.yaml") + " --trim 7x7x7");
    CHECK(trim.exit_code == 2);
    CHECK(trim.output.rfind("puzzlepress: --trim: ", 0) == 0);
    const Run layout = run_puzzlepress("init " + shell_quoted(dir / "a.yaml") + " --layout nine-up");
    CHECK(layout.exit_code == 2);
    CHECK(layout.output.rfind("puzzlepress: --layout: ", 0) == 0);
    CHECK(run_puzzlepress("init " + shell_quoted(dir / "a.yaml") + " --kids --large-print").exit_code == 2);
    CHECK(!fs::exists(dir / "a.yaml"));
  }

  TEST_CASE("--kids and --large-print start from their settings") {
    const TempDir dir("init-kinds");
    const Run kids = run_puzzlepress("init " + shell_quoted(dir / "kids.yaml") + " --kids --seed 1");
    CHECK(kids.exit_code == 0);
    CHECK(kids.output.find("100 puzzles, trim 8x10, layout one-up") != std::string::npos);
    CHECK(read_bytes(dir / "kids.yaml").find("skin: shapes") != std::string::npos);
    const Run large = run_puzzlepress("init " + shell_quoted(dir / "large.yaml") + " --large-print --seed 1");
    CHECK(large.exit_code == 0);
    CHECK(large.output.find("trim 8.5x11, layout one-up") != std::string::npos);
  }

  TEST_CASE("schema prints the shipped file") {
    const Run r = run_puzzlepress("schema 2>/dev/null");
    CHECK(r.exit_code == 0);
    CHECK(r.output == read_bytes(fs::path(PUZZLEPRESS_SOURCE_DIR) / "puzzlepress.schema.json"));
  }
}
