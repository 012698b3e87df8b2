// End to end: `puzzlepress preview` writes page images (PNG at a dpi, or SVG) and the cover into
// a folder it creates, or the listing images; bad flags fail with exit 2 naming the flag and
// write nothing.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "support/book_fixtures.h"
#include "support/command.h"
#include "support/files.h"
#include "support/raster.h"

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

namespace {

const std::string kSpec = puzzlepress::testing::small_spec("Preview Book");

}  // namespace

TEST_SUITE("preview end to end") {
  TEST_CASE("page images at a dpi and the cover, into a new folder") {
    const TempDir dir("preview-e2e-pages");
    write_file(dir / "book.yaml", kSpec + "cover:\n  back_text: A few puzzles.\n");
    const fs::path out = dir / "new" / "images";
    const CommandRun r = run_puzzlepress("preview " + shell_quoted(dir / "book.yaml") +
                                         " --pages 1,5,7-8 --dpi 72 -o " + shell_quoted(out));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    for (const char* name : {"page-001.png", "page-005.png", "page-007.png", "page-008.png", "cover.png"}) {
      CHECK(fs::exists(out / name));
    }
    CHECK(names_in(out).size() == 5);
    // 6x9 at 72 dpi without bleed: 432 x 648 pixels; a puzzle page has ink, and its grid.
    const auto size = puzzlepress::testing::png_size(read_bytes(out / "page-005.png"));
    REQUIRE(size.has_value());
    CHECK(*size == std::pair<int, int>{432, 648});
    const auto page = puzzlepress::testing::decode_png(read_bytes(out / "page-005.png"));
    REQUIRE(page.has_value());
    int ink = 0;
    for (int y = 0; y < page->height; ++y) {
      for (int x = 0; x < page->width; ++x) ink += page->grey(x, y) < 128 ? 1 : 0;
    }
    CHECK(ink > 5000);
    CHECK(r.output.find((out / "page-007.png").string()) != std::string::npos);

    // The same spec gives the same images (same puzzles).
    const fs::path again = dir / "again";
    REQUIRE(
        run_puzzlepress("preview " + shell_quoted(dir / "book.yaml") + " --pages 5 --dpi 72 -o " + shell_quoted(again))
            .exit_code == 0);
    CHECK(read_bytes(again / "page-005.png") == read_bytes(out / "page-005.png"));
  }

  TEST_CASE("SVG pages") {
    const TempDir dir("preview-e2e-svg");
    write_file(dir / "book.yaml", kSpec);
    const CommandRun r = run_puzzlepress("preview " + shell_quoted(dir / "book.yaml") + " --pages 6 --format svg -o " +
                                         shell_quoted(dir / "out"));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const std::string svg = read_bytes(dir / "out" / "page-006.svg");
    CHECK(svg.find("<svg") != std::string::npos);
    CHECK(svg.find("width=\"432pt\"") != std::string::npos);
    CHECK(names_in(dir / "out").size() == 1);  // no cover: key, no cover image
  }

  TEST_CASE("listing images: front cover, mock-up, what's inside, a spread of each grade, solutions, A+ banners") {
    const TempDir dir("preview-e2e-listing");
    write_file(dir / "book.yaml", kSpec + "cover:\n  back_text: A few puzzles.\n");
    const fs::path out = dir / "listing";
    const CommandRun r =
        run_puzzlepress("preview " + shell_quoted(dir / "book.yaml") + " --listing -o " + shell_quoted(out));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    for (const char* name : {"listing-cover.png", "listing-mockup.png", "listing-inside.png", "listing-spread-easy.png",
                             "listing-spread-hard.png", "listing-spread-solutions.png"}) {
      INFO(name);
      const auto size = puzzlepress::testing::png_size(read_bytes(out / name));
      REQUIRE(size.has_value());
      CHECK(std::max(size->first, size->second) >= 1600);
    }
    for (const char* name : {"aplus-book.png", "aplus-spread.png"}) {
      INFO(name);
      CHECK(puzzlepress::testing::png_size(read_bytes(out / name)) == std::pair{970, 600});
    }
    CHECK(names_in(out).size() == 8);
    const auto spread = puzzlepress::testing::decode_png(read_bytes(out / "listing-spread-easy.png"));
    REQUIRE(spread.has_value());
    CHECK(spread->grey(2, 2) == 255);  // white background
  }

  TEST_CASE("a whole book: every page of the 140-page example") {
    // Books over 63 pages failed ("too many files staged at once") and left an empty folder.
    const TempDir dir("preview-e2e-whole");
    const fs::path out = dir / "out";
    const fs::path spec = fs::path(PUZZLEPRESS_SOURCE_DIR) / "examples" / "classic-6x9.yaml";
    const CommandRun r = run_puzzlepress("preview " + shell_quoted(spec) + " --dpi 36 -o " + shell_quoted(out));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(fs::exists(out / "page-140.png"));
    CHECK(!fs::exists(out / "page-141.png"));
    CHECK(names_in(out).size() == 141);  // 140 pages and the cover
  }

  TEST_CASE("bad flags name the flag, exit 2 and write nothing") {
    const TempDir dir("preview-e2e-errors");
    write_file(dir / "book.yaml", kSpec);
    const std::string spec = shell_quoted(dir / "book.yaml");
    const fs::path out = dir / "out";
    const auto fails = [&](const std::string& flags, const std::string& message) {
      const CommandRun r = run_puzzlepress("preview " + spec + " " + flags + " -o " + shell_quoted(out));
      INFO(flags);
      CHECK(r.exit_code == 2);
      CHECK(r.output == "puzzlepress: " + message + "\n");
      CHECK_FALSE(fs::exists(out));
    };
    fails("--pages 30", "--pages: page 30 does not exist (the book has pages 1 to 24)");
    fails("--pages 0", "--pages: page 0 does not exist (the book has pages 1 to 24)");
    fails("--pages 9-5", "--pages: 9-5 is an empty range (write the first page first)");
    fails("--pages 3,x", "--pages: 'x' is not a page number or a range such as 1,5,120-124");
    fails("--pages ''", "--pages: expected a value, got ''\n(run 'puzzlepress --help' for usage)");
    fails("--dpi 35", "--dpi: must be 36 to 1200 dots per inch, got 35");
    fails("--dpi 1201", "--dpi: must be 36 to 1200 dots per inch, got 1201");
    fails("--format jpg", "--format: expected png or svg, got 'jpg'");
    fails("--listing --dpi 300", "--dpi: not used with --listing (it makes its own images, each at its own size)");
    fails("--listing --pages 5", "--pages: not used with --listing (it makes its own images, each at its own size)");
    fails("--listing --format svg", "--format: --listing writes PNG images only");

    write_file(dir / "file", "x");
    const CommandRun r = run_puzzlepress("preview " + spec + " -o " + shell_quoted(dir / "file"));
    CHECK(r.exit_code == 2);
    CHECK(r.output ==
          "puzzlepress: -o: " + (dir / "file").string() + " is not a folder (preview writes a folder of images)\n");
  }
}
