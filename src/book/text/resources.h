// The program's own files: layout presets, fonts, licence texts and locale tables. They are
// compiled into the binary (book/text/embedded_files.h), so an installed binary needs no source
// tree. A folder may override them file by file (PUZZLEPRESS_HOME/layouts, PUZZLEPRESS_HOME/fonts;
// tests point them at the source tree): a file there wins over the built-in one of the same
// name. A spec's own layout or font file (a path) is not a resource: it always wins.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/page.h"

namespace puzzlepress::book {

/// Where the program's own files come from besides the built-in ones.
struct Resources {
  std::filesystem::path layouts_dir;  ///< preset files NAME.yaml that override the built-in ones; empty: none
  std::filesystem::path fonts_dir;    ///< font files that override the built-in ones; empty: none
};

/// One resource found: its bytes, and the file it came from (empty when built in).
struct ResourceText {
  std::string bytes;
  std::filesystem::path file;
};

/// The built-in file `name` ("layouts/two-up.yaml", "fonts/LICENSE-DejaVuSans.txt"), if any.
std::optional<std::string_view> builtin_file(std::string_view name);

/// Names of the built-in files under `folder` ("locales"), without the folder, sorted.
std::vector<std::string> builtin_names(std::string_view folder);

/// The preset NAME: resources.layouts_dir/NAME.yaml when that file exists, else the built-in
/// one; nullopt when neither exists. A file that exists but cannot be read is an
/// EnvironmentError naming it.
std::optional<ResourceText> find_preset(const Resources& resources, const std::string& name);

/// The file that preset NAME would be read from, or empty when it is the built-in one (or
/// there is none): the inputs no output may overwrite.
std::filesystem::path preset_file(const Resources& resources, const std::string& name);

/// Every preset name (built in, and *.yaml in layouts_dir), sorted, without duplicates.
std::vector<std::string> preset_names(const Resources& resources);

/// The fonts we ship, by role (render::default_font_files names them): the file in
/// resources.fonts_dir when it exists, else the built-in bytes.
render::FontFiles shipped_fonts(const Resources& resources);

}  // namespace puzzlepress::book
