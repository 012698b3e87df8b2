// The binary carries its presets and fonts: copied alone to another folder, run from a third
// with HOME elsewhere and no PUZZLEPRESS_HOME, it builds an example book.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "support/command.h"
#include "support/files.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

TEST_SUITE("installed binary") {
  TEST_CASE("a copied binary builds an example with no source tree and no PUZZLEPRESS_HOME") {
    const TempDir root("installed");
    for (const char* d : {"bin", "home", "work", "elsewhere"}) fs::create_directories(root / d);
    fs::copy_file(PUZZLEPRESS_BINARY, root / "bin" / "puzzlepress");
    fs::permissions(root / "bin" / "puzzlepress", fs::perms::owner_all);
    fs::copy_file(fs::path(PUZZLEPRESS_SOURCE_DIR) / "examples" / "large-print-8.5x11.yaml",
                  root / "work" / "book.yaml");

    const std::string binary = shell_quoted(root / "bin" / "puzzlepress");
    const std::string run = "cd " + shell_quoted(root / "elsewhere") +
                            " && env -u PUZZLEPRESS_HOME HOME=" + shell_quoted(root / "home") + " " + binary + " ";
    const auto built = run_shell(run + "build ../work/book.yaml -o book.pdf");
    INFO(built.output);
    REQUIRE(built.exit_code == 0);
    CHECK(built.output.find("layout large-print") != std::string::npos);
    CHECK(fs::file_size(root / "elsewhere" / "book.pdf") > 10000);

    // PUZZLEPRESS_HOME still overrides, file by file: a preset of its own is found by name.
    fs::create_directories(root / "home" / "layouts");
    fs::copy_file(fs::path(PUZZLEPRESS_SOURCE_DIR) / "layouts" / "four-up.yaml",
                  root / "home" / "layouts" / "mine.yaml");
    const auto own =
        run_shell(run + "build ../work/book.yaml --layout mine -o mine.pdf 2>&1; cd . && PUZZLEPRESS_HOME=" +
                  shell_quoted(root / "home") + " " + binary + " build ../work/book.yaml --layout mine -o mine.pdf");
    INFO(own.output);
    CHECK(own.output.find("unknown layout 'mine'") != std::string::npos);  // without the override
    CHECK(own.exit_code == 0);                                             // with it
    CHECK(own.output.find("layout mine") != std::string::npos);

    if (puzzlepress::testing::have_tool("pdffonts")) {
      const auto fonts = run_shell("pdffonts " + shell_quoted(root / "elsewhere" / "book.pdf"));
      CHECK(fonts.output.find("LiberationSans") != std::string::npos);
      CHECK(fonts.output.find("DejaVuSans") != std::string::npos);
    }
  }
}
