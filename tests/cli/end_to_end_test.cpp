// The few tests that run the puzzlepress binary on purpose: exit codes and stderr as a user
// sees them.
#include <doctest/doctest.h>

#include "support/command.h"

#include <hpdf_version.h>

#include <regex>
#include <string>

using puzzlepress::testing::run_puzzlepress;
using Run = puzzlepress::testing::CommandRun;

TEST_SUITE("end to end") {
  TEST_CASE("solve exit codes") {
    CHECK(run_puzzlepress("solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
              .exit_code == 0);
    const Run bad =
        run_puzzlepress("solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x");
    CHECK(bad.exit_code == 13);
    CHECK(bad.output == "malformed: bad character 'x' at position 81 (expected 1-9, '.' or '0')\n");
  }

  TEST_CASE("usage errors exit 2 with one message") {
    const Run r = run_puzzlepress("generate --grade nope");
    CHECK(r.exit_code == 2);
    CHECK(r.output ==
          "puzzlepress: --grade: unknown grade 'nope' (expected one of: easy, medium, hard, extreme (or expert), "
          "evil)\n");
    CHECK(run_puzzlepress("frobnicate").exit_code == 2);
    CHECK(run_puzzlepress("generate --count abc").exit_code == 2);
    CHECK(run_puzzlepress("solve --budget -1 -") ==
          puzzlepress::testing::CommandRun{2,
                                           "puzzlepress: --budget: must be 0 or more, got -1\n"
                                           "(run 'puzzlepress --help' for usage)\n"});
  }

  TEST_CASE("sizes: refused by name with exit 2; a 4x4 solved from the command line") {
    CHECK(run_puzzlepress("generate --size 7x7") ==
          Run{2, "puzzlepress: --size: unsupported size '7x7' (expected 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16)\n"});
    CHECK(run_puzzlepress("generate --size 6x6 --grade hard") ==
          Run{2, "puzzlepress: --grade: grade 'hard' is not offered for 6x6 (offered: easy, medium)\n"});
    CHECK(run_puzzlepress("solve --size 4x4 1.42..3..4..31.4") == Run{0, "unique nodes=1 1342423124133124\n"});
    CHECK(run_puzzlepress("grade 1.42..3..4..31.4") == Run{0, "easy rating 1.0: full house 8\n"});
  }

  TEST_CASE("version") {
    const Run r = run_puzzlepress("--version");
    CHECK(r.exit_code == 0);
    CHECK(r.output.rfind("puzzlepress ", 0) == 0);
    // One line per library, each with a dotted version read from the library.
    for (const char* library : {"libharu", "yaml-cpp", "qpdf", "cairo", "FreeType", "nlohmann-json", "CLI11"}) {
      CAPTURE(library);
      const std::regex line(std::string("\n  ") + library + " +[0-9]+\\.[0-9]+(\\.[0-9]+)?\n");
      CHECK(std::regex_search(r.output, line));
    }
    // libharu's is its run-time HPDF_GetVersion: the header of the library we built against agrees.
    CHECK(r.output.find(std::string("libharu       ") + HPDF_VERSION_TEXT + "\n") != std::string::npos);
  }
}
