// `puzzlepress init` and `puzzlepress schema` from the command line: the starter spec builds as
// it is, never replaces a file, and refuses bad flags at the flag; the schema printed is the
// shipped one.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/command.h"

namespace fs = std::filesystem;

namespace {

using Run = puzzlepress::testing::CommandRun;
using puzzlepress::testing::run_puzzlepress;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("puzzlepress-init-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_SUITE("init") {
  TEST_CASE("the starter spec builds as it is, and names the shipped schema") {
    const fs::path dir = fresh_dir("build");
    const Run init = run_puzzlepress("init " + quoted(dir / "book.yaml") + " --trim 6x9 --seed 11");
    REQUIRE(init.exit_code == 0);
    CHECK(init.output.find("wrote " + (dir / "book.yaml").string() + ": 100 puzzles, trim 6x9, layout two-up, ") == 0);
    const std::string text = read_text(dir / "book.yaml");
    const std::string schema_line = "# yaml-language-server: $schema=file://";
    REQUIRE(text.rfind(schema_line, 0) == 0);
    const fs::path schema = text.substr(schema_line.size(), text.find('\n') - schema_line.size());
    CHECK(fs::equivalent(schema, fs::path(PUZZLEPRESS_SOURCE_DIR) / "puzzlepress.schema.json"));
    CHECK(text.find("seed: 11") != std::string::npos);

    const Run build = run_puzzlepress("build " + quoted(dir / "book.yaml") + " -o " + quoted(dir / "book.pdf"));
    CHECK(build.exit_code == 0);
    CHECK(build.output.find("100 puzzles") != std::string::npos);
    CHECK(fs::file_size(dir / "book.pdf") > 10000);
  }

  TEST_CASE("never overwrites: exit 2, the file untouched") {
    const fs::path dir = fresh_dir("exists");
    std::ofstream(dir / "book.yaml") << "mine\n";
    const Run r = run_puzzlepress("init " + quoted(dir / "book.yaml"));
    CHECK(r == Run{2, "puzzlepress: " + (dir / "book.yaml").string() +
                          ": already exists; init never overwrites a file (give another name, or remove it first)\n"});
    CHECK(read_text(dir / "book.yaml") == "mine\n");
  }

  TEST_CASE("bad flags are refused at the flag, and nothing is written") {
    const fs::path dir = fresh_dir("flags");
    const Run trim = run_puzzlepress("init " + quoted(dir / "a.yaml") + " --trim 7x7x7");
    CHECK(trim.exit_code == 2);
    CHECK(trim.output.rfind("puzzlepress: --trim: ", 0) == 0);
    const Run layout = run_puzzlepress("init " + quoted(dir / "a.yaml") + " --layout nine-up");
    CHECK(layout.exit_code == 2);
    CHECK(layout.output.rfind("puzzlepress: --layout: ", 0) == 0);
    CHECK(run_puzzlepress("init " + quoted(dir / "a.yaml") + " --kids --large-print").exit_code == 2);
    CHECK(!fs::exists(dir / "a.yaml"));
  }

  TEST_CASE("--kids and --large-print start from their settings") {
    const fs::path dir = fresh_dir("kinds");
    const Run kids = run_puzzlepress("init " + quoted(dir / "kids.yaml") + " --kids --seed 1");
    CHECK(kids.exit_code == 0);
    CHECK(kids.output.find("100 puzzles, trim 8x10, layout two-up") != std::string::npos);
    CHECK(read_text(dir / "kids.yaml").find("skin: shapes") != std::string::npos);
    const Run large = run_puzzlepress("init " + quoted(dir / "large.yaml") + " --large-print --seed 1");
    CHECK(large.exit_code == 0);
    CHECK(large.output.find("trim 8.5x11, layout one-up") != std::string::npos);
  }

  TEST_CASE("schema prints the shipped file") {
    const Run r = puzzlepress::testing::run_shell(std::string("'") + PUZZLEPRESS_BINARY + "' schema 2>/dev/null");
    CHECK(r.exit_code == 0);
    CHECK(r.output == read_text(fs::path(PUZZLEPRESS_SOURCE_DIR) / "puzzlepress.schema.json"));
  }
}
