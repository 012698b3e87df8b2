#include "cli/version.h"

#include <utility>
#include <vector>

#include "book/catalogue/catalogue_store.h"
#include "book/manifest/manifest.h"
#include "book/check/pdf_check.h"
#include "book/text/yaml_reader.h"
#include "render/image_painter.h"
#include "render/pdf_writer.h"

namespace puzzlepress::cli {

std::string version_text(std::string_view cli11_version) {
  const std::vector<std::pair<std::string, std::string>> libraries{
      {"libharu", render::libharu_version()},   {"yaml-cpp", book::yaml_cpp_version()},
      {"qpdf", book::qpdf_version()},           {"cairo", render::cairo_version()},
      {"FreeType", render::freetype_version()}, {"nlohmann-json", book::json_library_version()},
      {"CLI11", std::string(cli11_version)},    {"SQLite", book::sqlite_version()},
  };
  std::string text = std::string("puzzlepress ") + PUZZLEPRESS_VERSION + "\n";
  for (const auto& [name, version] : libraries) {
    text += "  " + name + std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') + version + "\n";
  }
  return text;
}

}  // namespace puzzlepress::cli
