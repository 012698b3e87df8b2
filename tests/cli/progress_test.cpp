// The progress line: what it says, that it only observes (the same book bytes with and
// without it), that it stays silent when not wanted, and build --json.
#include "cli/progress.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

#include "support/book_fixtures.h"
#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress;
using namespace puzzlepress::testing;
using Run = puzzlepress::testing::CommandRun;
namespace fs = std::filesystem;

namespace {

const std::string kSpec = puzzlepress::testing::small_spec("Progress Book");

}  // namespace

TEST_SUITE("progress") {
  TEST_CASE("the line counts puzzles per group, with rate and ETA") {
    std::ostringstream err;
    cli::ProgressLine line(err, {"easy", "easy", "easy", "hard"}, std::chrono::milliseconds(0));
    const engine::BatchProgress tick = line.callback();
    tick(1, 4, 2);
    tick(2, 4, 3);
    CHECK(line.line(2, 1.0) == "puzzles 2/4 · easy 1/3 hard 1/1 · 2.0/s · ETA 1 s");
    CHECK(line.line(2, 70.0) == "puzzles 2/4 · easy 1/3 hard 1/1 · 0.03/s · ETA 1 min 10 s");
    tick(3, 4, 0);
    tick(4, 4, 1);
    CHECK(line.line(4, 2.0) == "puzzles 4/4 · easy 3/3 hard 1/1 · 2.0/s");
    CHECK(err.str().find("\rpuzzles 1/4 · easy 1/3 hard 0/1") == 0);
    line.finish();
    CHECK(err.str().back() == '\n');
  }

  TEST_CASE("a line drawn and left by a failed job still ends, so the error starts a line") {
    std::ostringstream err;
    {
      cli::ProgressLine line(err, {"easy", "hard"}, std::chrono::milliseconds(0));
      line.callback()(1, 2, 0);
      REQUIRE(!err.str().empty());
      CHECK(err.str().back() != '\n');
    }  // unwound without finish()
    CHECK(err.str().back() == '\n');
  }

  TEST_CASE("one group: no per-group part; silent before the delay") {
    std::ostringstream err;
    cli::ProgressLine line(err, {"hard", "hard"}, std::chrono::milliseconds(60000));
    line.callback()(1, 2, 0);
    line.callback()(2, 2, 1);
    CHECK(line.line(2, 4.0) == "puzzles 2/2 · 0.50/s");
    line.finish();
    CHECK(err.str().empty());
  }

  TEST_CASE("--progress and --quiet exclude each other") {
    CHECK_THROWS(cli::progress_mode(true, true));
    CHECK(cli::progress_mode(true, false) == cli::ProgressMode::always);
    CHECK(cli::progress_mode(false, true) == cli::ProgressMode::never);
    CHECK(run_puzzlepress("build x.yaml --progress --quiet").exit_code == 2);
  }

  TEST_CASE("the same book, byte for byte, with the progress line and without; silent off a terminal") {
    const TempDir dir("progress-bytes");
    write_file(dir / "book.yaml", kSpec);
    const std::string spec = shell_quoted(dir / "book.yaml");
    // run_shell captures stdout and stderr through a pipe: not a terminal.
    const Run with = run_puzzlepress("build " + spec + " -o " + shell_quoted(dir / "a.pdf") + " --progress --jobs 2");
    const Run without = run_puzzlepress("build " + spec + " -o " + shell_quoted(dir / "b.pdf") + " --jobs 2");
    REQUIRE(with.exit_code == 0);
    REQUIRE(without.exit_code == 0);
    CHECK(read_bytes(dir / "a.pdf") == read_bytes(dir / "b.pdf"));
    CHECK(read_bytes(dir / "a.json") == read_bytes(dir / "b.json"));
    CHECK(with.output.find("\rpuzzles 10/10 · easy 6/6 hard 4/4") != std::string::npos);
    CHECK(without.output.find("puzzles 10/10") == std::string::npos);  // no line off a terminal
    CHECK(without.output.find('\r') == std::string::npos);
  }

  TEST_CASE("build --json prints the summary as one JSON object") {
    const TempDir dir("progress-json");
    write_file(dir / "book.yaml", kSpec);
    const Run r = run_puzzlepress("build " + shell_quoted(dir / "book.yaml") + " -o " + shell_quoted(dir / "book.pdf") +
                                  " --json 2>/dev/null");
    REQUIRE(r.exit_code == 0);
    const nlohmann::json summary = nlohmann::json::parse(r.output);
    CHECK(summary.at("pdf") == (dir / "book.pdf").string());
    CHECK(summary.at("manifest") == (dir / "book.json").string());
    CHECK(summary.at("puzzles") == 10);
    CHECK(summary.at("trim") == "6x9");
    CHECK(summary.at("layout") == "two-up");
    CHECK(summary.at("cover").is_null());
    // small_spec has no year: the warning is in the summary (and nowhere else on the output).
    REQUIRE(summary.at("warnings").size() == 1);
    CHECK(summary.at("warnings")[0].get<std::string>().find("no 'year:'") != std::string::npos);
    REQUIRE(summary.at("sections").size() == 2);
    CHECK(summary.at("sections")[0].at("grade") == "easy");
    CHECK(summary.at("sections")[0].at("count") == 6);
    CHECK(summary.at("sections")[1].at("grade") == "hard");
    CHECK(summary.at("pages").get<int>() ==
          nlohmann::json::parse(read_bytes(dir / "book.json")).at("page_count").get<int>());
  }
}
