// init writes only specs that build can use (hostile round two: 'init i.json' wrote a spec that
// build refused, its manifest landing on it) and '-' is standard output, not a file named '-'.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "support/command.h"
#include "support/files.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

// The shell command that runs the binary under test with `args` in `dir`.
std::string in_dir(const fs::path& dir, const std::string& args) {
  return "(cd " + shell_quoted(dir) + " && " + shell_quoted(PUZZLEPRESS_BINARY) + " " + args + ")";
}

}  // namespace

TEST_SUITE("init names") {
  TEST_CASE("a spec named .json or .pdf is refused, with the name to use") {
    const TempDir dir("init-names");
    const auto json = run_shell(in_dir(dir, "init i.json"));
    CHECK(json.exit_code == 2);
    CHECK(json.output ==
          "puzzlepress: i.json: a spec named .json would be overwritten by its book's manifest (build "
          "refuses that); name it i.yaml\n");
    const auto pdf = run_shell(in_dir(dir, "init Book.PDF"));
    CHECK(pdf.exit_code == 2);
    CHECK(pdf.output.find("a spec named .pdf would be overwritten by its book's PDF") != std::string::npos);
    CHECK(fs::is_empty(dir));
    // The name it suggests builds.
    REQUIRE(run_shell(in_dir(dir, "init i.yaml --seed 3")).exit_code == 0);
    CHECK(run_shell(in_dir(dir, "build i.yaml --jobs 2")).exit_code == 0);
  }

  TEST_CASE("init - writes the spec to standard output and no file") {
    const TempDir dir("init-stdout");
    const auto r = run_shell(in_dir(dir, "init - --seed 3 2>/dev/null > spec.yaml") + " && grep -c '^title:' " +
                             shell_quoted(dir / "spec.yaml"));
    CHECK(r.exit_code == 0);
    CHECK(r.output == "1\n");
    CHECK(!fs::exists(dir / "-"));
    CHECK(run_shell(in_dir(dir, "build spec.yaml --jobs 2")).exit_code == 0);
    const auto summary = run_shell(in_dir(dir, "init - --seed 3 >/dev/null"));
    CHECK(summary.output.starts_with("the spec on standard output: 100 puzzles, trim 8.5x11"));
  }
}
