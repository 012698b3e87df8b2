// The program's own files are compiled in: the same bytes as the source tree's files, found
// with no folder at all, and overridden file by file by a folder (PUZZLEPRESS_HOME).
#include "book/text/resources.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "book/make/build.h"
#include "book/spec/layout_preset.h"
#include "book/spec/spec.h"
#include "render/pdf_writer.h"
#include "support/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;
using testing::read_bytes;
using testing::TempDir;

namespace {

const fs::path kSource = PUZZLEPRESS_SOURCE_DIR;

}  // namespace

TEST_SUITE("resources") {
  TEST_CASE("every preset, font and licence of the source tree is built in, byte for byte") {
    int checked = 0;
    for (const char* folder : {"layouts", "fonts"}) {
      for (const auto& entry : fs::directory_iterator(kSource / folder)) {
        const std::string ext = entry.path().extension().string();
        const std::string file = entry.path().filename().string();
        if (ext != ".yaml" && ext != ".ttf" && !file.starts_with("LICENSE")) continue;
        INFO(entry.path());
        const auto built_in = builtin_file(std::string(folder) + "/" + file);
        REQUIRE(built_in.has_value());
        CHECK(*built_in == read_bytes(entry.path()));
        ++checked;
      }
    }
    CHECK(checked >= 11);  // 5 presets, 4 fonts, 2 licences
    CHECK_FALSE(builtin_file("layouts/three-up.yaml").has_value());
    CHECK(builtin_names("fonts").size() >= 6);
  }

  TEST_CASE("with no folders: the built-in presets and fonts") {
    const Resources none{};
    CHECK(preset_names(none) == std::vector<std::string>{"four-up", "large-print", "one-up", "six-up", "two-up"});
    CHECK(preset_file(none, "two-up").empty());
    const auto preset = find_preset(none, "two-up");
    REQUIRE(preset.has_value());
    CHECK(preset->file.empty());
    CHECK(preset->bytes == read_bytes(kSource / "layouts/two-up.yaml"));
    CHECK_FALSE(find_preset(none, "../layouts/two-up").has_value());
    const render::FontFiles fonts = shipped_fonts(none);
    for (render::FontRole role : render::kAllFontRoles) {
      CHECK(fonts.for_role(role).in_memory());
      CHECK(fonts.for_role(role).file.empty());
    }
    CHECK(fonts.text.describe() == "built-in LiberationSans-Regular.ttf");
    const auto metrics = render::PdfFontMetrics::load(fonts);
    REQUIRE(metrics);
    CHECK((*metrics)->width_pt(render::FontRole::text, "Puzzle 1", 10) > 10);
  }

  TEST_CASE("a folder overrides the built-in files it holds, and only those") {
    const TempDir dir("resources-override");
    fs::create_directories(dir / "layouts");
    fs::create_directories(dir / "fonts");
    std::ofstream(dir / "layouts" / "two-up.yaml")
        << "description: Mine\npuzzles: { rows: 1, columns: 2 }\nsolutions: { rows: 2, columns: 2 }\n";
    std::ofstream(dir / "layouts" / "mine.yaml")
        << "puzzles: { rows: 1, columns: 1 }\nsolutions: { rows: 1, columns: 1 }\n";
    fs::copy_file(kSource / "fonts" / "DejaVuSans.ttf", dir / "fonts" / "LiberationSans-Regular.ttf");
    const Resources folder{dir / "layouts", dir / "fonts"};

    CHECK(preset_names(folder) ==
          std::vector<std::string>{"four-up", "large-print", "mine", "one-up", "six-up", "two-up"});
    CHECK(preset_file(folder, "two-up") == dir / "layouts" / "two-up.yaml");
    CHECK(preset_file(folder, "four-up").empty());  // not in the folder: built in
    CHECK(load_layout(LayoutChoice{"two-up", {}}, folder, {}).description == "Mine");
    CHECK(load_layout(LayoutChoice{"four-up", {}}, folder, {}).style.puzzle_rows == 2);

    const render::FontFiles fonts = shipped_fonts(folder);
    CHECK(fonts.text.file == dir / "fonts" / "LiberationSans-Regular.ttf");
    CHECK(fonts.bold.in_memory());
  }

  TEST_CASE("an error in a built-in preset would name it as layouts/NAME.yaml") {
    // A folder preset that is broken is named by its path; the built-in ones parse.
    const TempDir dir("resources-broken");
    std::ofstream(dir / "two-up.yaml") << "puzzles: { rows: 9, columns: 1 }\nsolutions: { rows: 1, columns: 1 }\n";
    CHECK_THROWS_WITH_AS(
        load_layout(LayoutChoice{"two-up", {}}, Resources{dir, {}}, {}),
        ((dir / "two-up.yaml").string() + ":1:18: 'puzzles.rows' must be between 1 and 4, got 9").c_str(), SpecError);
  }
}
