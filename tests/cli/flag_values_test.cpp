// Empty and nonsense flag values are refused with exit 2 (hostile round two: '--seed ''' was seed
// 0, '--jobs -1' ran, '--budget ''' was a budget of 0).
#include <doctest/doctest.h>

#include <string>

#include "support/command.h"

using puzzlepress::testing::run_puzzlepress;

TEST_SUITE("flag values") {
  TEST_CASE("an empty value is refused for every option that takes one") {
    for (const std::string args :
         {"generate --seed ''", "generate --count ''", "generate --jobs ''", "sample --seed ''", "solve --budget '' 1",
          "build x.yaml --trim ''", "preview x.yaml -o out --dpi ''", "grade --size '' 1", "verify m.json --pdf ''"}) {
      CAPTURE(args);
      const auto r = run_puzzlepress(args);
      CHECK(r.exit_code == 2);
      CHECK(r.output.find(": expected a value, got ''\n") != std::string::npos);
    }
    const auto spec = run_puzzlepress("build ''");
    CHECK(spec.exit_code == 2);
    CHECK(spec.output == "puzzlepress: spec: expected a value, got ''\n(run 'puzzlepress --help' for usage)\n");
  }

  TEST_CASE("--jobs is 0 (one thread per core) to 1024 on every command") {
    for (const std::string command : {"generate", "build x.yaml", "preview x.yaml -o out", "studio"}) {
      for (const std::string value : {"-1", "1025", "2x"}) {
        CAPTURE(command);
        CAPTURE(value);
        const auto r = run_puzzlepress(command + " --jobs " + value);
        CHECK(r.exit_code == 2);
        CHECK(r.output == "puzzlepress: --jobs: must be 0 (one thread per core) to 1024, got '" + value +
                              "'\n(run 'puzzlepress --help' for usage)\n");
      }
    }
    CHECK(run_puzzlepress("generate --jobs 1 --count 1").exit_code == 0);
  }
}
