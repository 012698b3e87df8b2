// Hardening (issue 13) as a user meets it: exit codes and messages of the binary.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::testing;
using Run = puzzlepress::testing::CommandRun;
namespace fs = std::filesystem;

TEST_SUITE("cli hardening") {
  TEST_CASE("an unknown command is named, not 'A subcommand is required'") {
    CHECK(run_puzzlepress("frobnicate") ==
          Run{2,
              "puzzlepress: unknown command 'frobnicate' (expected one of: build, solve, grade, generate, bench, "
              "sample, preview, verify, studio, init, schema, preflight, catalogue)\n(run 'puzzlepress --help' for "
              "usage)\n"});
  }

  TEST_CASE("--count ceilings") {
    CHECK(run_puzzlepress("generate --count 2000000000") ==
          Run{2, "puzzlepress: --count: must be 1-1000000, got 2000000000\n"});
    CHECK(run_puzzlepress("sample --count 100000000 -o /nonexistent/s.pdf") ==
          Run{2, "puzzlepress: --count: must be 1-600, got 100000000\n"});
  }

  TEST_CASE("generate streams rows batch by batch: numbering and JSON hold across batches") {
    const Run text = run_puzzlepress("generate --size 4x4 --grade easy --count 258 --jobs 2");
    CHECK(text.exit_code == 0);
    CHECK(text.output.find("Puzzle 257 - 4x4 Easy") != std::string::npos);
    CHECK(text.output.find("Puzzle 258 - 4x4 Easy") != std::string::npos);
    const Run json = run_puzzlepress("generate --size 4x4 --grade easy --count 258 --format json");
    REQUIRE(json.exit_code == 0);
    CHECK(json.output.starts_with("[\n  {"));
    CHECK(json.output.ends_with("}}\n]\n"));
    CHECK(std::count(json.output.begin(), json.output.end(), '\n') == 260);
    CHECK(json.output.find("}},\n]") == std::string::npos);
    // The first rows are the same whatever the count (each puzzle has its own seed).
    const Run two = run_puzzlepress("generate --size 4x4 --grade easy --count 2 --jobs 1");
    CHECK(text.output.starts_with(two.output));
  }

  TEST_CASE("a wrong PUZZLEPRESS_HOME is the installation's fault (exit 1), not the spec's") {
    const TempDir dir("hardening-home");
    std::ofstream(dir / "s.yaml") << "title: T\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2 }\n";
    const Run r = run_shell("PUZZLEPRESS_HOME=" + (dir / "nowhere").string() + " '" PUZZLEPRESS_BINARY "' build " +
                            (dir / "s.yaml").string() + " -o " + (dir / "s.pdf").string());
    CHECK(r == Run{1, "puzzlepress: PUZZLEPRESS_HOME=" + (dir / "nowhere").string() +
                          " is not a folder (unset it, or point it at a folder with layouts/ and fonts/ overrides)\n"});
    CHECK_FALSE(fs::exists(dir / "s.pdf"));
  }

  TEST_CASE("hostile specs: exit 2 at the place, nothing written") {
    const TempDir dir("hardening-specs");
    const std::string base = "title: T\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2 }\n";
    const auto build = [&](const std::string& name, const std::string& text) {
      std::ofstream(dir / name, std::ios::binary) << text;
      return run_puzzlepress("build " + (dir / name).string() + " -o " + (dir / "out.pdf").string());
    };
    const std::string spec = (dir / "s.yaml").string();
    CHECK(build("s.yaml", base + "---\ntitle: X\n") ==
          Run{2, "puzzlepress: " + spec +
                     ":6:1: a second YAML document (after '---'): the file must hold one document only\n"});
    CHECK(build("s.yaml", "title: \"T\\0x\"\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2 }\n") ==
          Run{2, "puzzlepress: " + spec + ":1:8: 'title' has control character U+0000 at character 2\n"});
    const Run cjk = build("s.yaml", "title: 数独\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2 }\n");
    CHECK(cjk.exit_code == 2);
    CHECK(cjk.output.starts_with("puzzlepress: " + spec +
                                 ":1:8: 'title' has '数' (U+6570) at character 1, which the font "));
    CHECK(cjk.output.ends_with(  // the built-in font or PUZZLEPRESS_HOME's copy
        "LiberationSans-Regular.ttf cannot print (see README: supported scripts; or choose fonts: that have it)\n"));
    CHECK(build("s.yaml", "title: a\xff\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2 }\n") ==
          Run{2, "puzzlepress: " + spec + ":1:9: invalid UTF-8 (byte 0xFF): save the file as UTF-8\n"});
    CHECK(build("s.yaml", base + "layout: " + std::string(300, 'l') + "\n") ==
          Run{2, "puzzlepress: " + spec + ":6:9: unknown layout '" + std::string(80, 'l') +
                     "... (300 bytes)' (expected one of: four-up, large-print, one-up, six-up, two-up, or a path to a "
                     "layout file)\n"});
    fs::create_directories(dir / "folder.yaml");
    CHECK(
        run_puzzlepress("build " + (dir / "folder.yaml").string()) ==
        Run{2, "puzzlepress: " + (dir / "folder.yaml").string() + ": cannot read the spec: is a folder, not a file\n"});
    CHECK(run_puzzlepress("verify " + (dir / "folder.yaml").string()) ==
          Run{2, "puzzlepress: " + (dir / "folder.yaml").string() +
                     ": cannot read the manifest: is a folder, not a file\n"});
    CHECK_FALSE(fs::exists(dir / "out.pdf"));
    CHECK_FALSE(fs::exists(dir / "out.json"));
  }

  TEST_CASE("hostile manifests: deep nesting and 1e400 are exit 2 with our words") {
    const TempDir dir("hardening-manifests");
    const std::string deep = (dir / "deep.json").string();
    std::ofstream(deep) << "{\"a\": " << std::string(90000, '[') << std::string(90000, ']') << ", \"title\": \"x\"}";
    CHECK(run_puzzlepress("verify " + deep) ==
          Run{2, "puzzlepress: " + deep + ": not a manifest: nested deeper than 32 levels at byte 38\n"});
    const std::string big = (dir / "big.json").string();
    std::ofstream(big) << "{\"title\": 1e400}";
    CHECK(run_puzzlepress("verify " + big) ==
          Run{2, "puzzlepress: " + big + ": malformed JSON: a number out of range (more than 1.8e308)\n"});
  }
}
