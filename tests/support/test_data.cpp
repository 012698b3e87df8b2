#include "support/test_data.h"

#include <cstdlib>
#include <fstream>

namespace puzzlepress::testing {

std::filesystem::path test_data_dir() { return std::filesystem::path(PUZZLEPRESS_SOURCE_DIR) / "tests" / "data"; }

std::optional<std::filesystem::path> shared_data_dir() {
  if (const char* env = std::getenv("PUZZLEPRESS_SHARED_DATA")) {
    if (std::filesystem::is_directory(env)) return std::filesystem::path(env);
    return std::nullopt;
  }
  const auto candidate = std::filesystem::path(PUZZLEPRESS_SOURCE_DIR) / ".." / "shared" / "data";
  if (std::filesystem::is_directory(candidate)) return candidate;
  return std::nullopt;
}

std::vector<std::string> read_lines(const std::filesystem::path& file) {
  std::vector<std::string> lines;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

}  // namespace puzzlepress::testing
