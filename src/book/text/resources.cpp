#include "book/text/resources.h"

#include <algorithm>
#include <set>

#include "book/text/embedded_files.h"
#include "util/errors.h"
#include "util/files.h"

namespace puzzlepress::book {
namespace {

bool is_file(const std::filesystem::path& file) {
  std::error_code ec;
  return !file.empty() && std::filesystem::is_regular_file(file, ec);
}

}  // namespace

std::optional<std::string_view> builtin_file(std::string_view name) {
  for (const embedded::File& f : embedded::files()) {
    if (f.name == name) return f.bytes;
  }
  return std::nullopt;
}

std::vector<std::string> builtin_names(std::string_view folder) {
  const std::string prefix = std::string(folder) + "/";
  std::vector<std::string> names;
  for (const embedded::File& f : embedded::files()) {
    if (f.name.starts_with(prefix)) names.emplace_back(f.name.substr(prefix.size()));
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::filesystem::path preset_file(const Resources& resources, const std::string& name) {
  if (resources.layouts_dir.empty()) return {};
  std::filesystem::path file = resources.layouts_dir / (name + ".yaml");
  return is_file(file) ? file : std::filesystem::path{};
}

std::optional<ResourceText> find_preset(const Resources& resources, const std::string& name) {
  if (const std::filesystem::path file = preset_file(resources, name); !file.empty()) {
    util::Result<std::string> text = util::read_regular_file(file);
    if (!text) throw EnvironmentError("cannot read layout preset " + file.string() + ": " + text.error());
    return ResourceText{std::move(*text), file};
  }
  if (name.find('/') != std::string::npos) return std::nullopt;
  if (auto bytes = builtin_file("layouts/" + name + ".yaml")) return ResourceText{std::string(*bytes), {}};
  return std::nullopt;
}

std::vector<std::string> preset_names(const Resources& resources) {
  std::set<std::string> names;
  for (const std::string& file : builtin_names("layouts")) {
    if (file.ends_with(".yaml")) names.insert(file.substr(0, file.size() - 5));
  }
  if (!resources.layouts_dir.empty()) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(resources.layouts_dir, ec)) {
      if (entry.path().extension() == ".yaml") names.insert(entry.path().stem().string());
    }
  }
  return {names.begin(), names.end()};
}

render::FontFiles shipped_fonts(const Resources& resources) {
  render::FontFiles fonts = render::default_font_files("");
  for (render::FontRole role : render::kAllFontRoles) {
    render::FontSource& source = fonts.for_role(role);
    const std::string file_name = source.file.filename().string();
    const std::filesystem::path file =
        resources.fonts_dir.empty() ? std::filesystem::path{} : resources.fonts_dir / file_name;
    if (is_file(file)) {
      source = render::FontSource(file);
    } else if (auto bytes = builtin_file("fonts/" + file_name)) {
      source = render::FontSource::in_memory(*bytes, "built-in " + file_name);
    } else {  // not built in (never expected): the file name, so the writer says it is missing
      source = render::FontSource(file.empty() ? std::filesystem::path(file_name) : file);
    }
  }
  return fonts;
}

}  // namespace puzzlepress::book
