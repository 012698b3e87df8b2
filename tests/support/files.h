// Files and folders in tests: reading and writing whole files, and a temporary folder that
// cleans up after itself.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlepress::testing {

/// The bytes of the file at `path`; "" when it cannot be opened (a missing file reads empty).
std::string read_bytes(const std::filesystem::path& path);

/// Writes `bytes` to `path` (binary), replacing what was there; throws std::runtime_error when
/// the file cannot be written.
void write_file(const std::filesystem::path& path, std::string_view bytes);

/// The names of what `folder` holds (files and folders, not recursive), sorted; empty when the
/// folder does not exist.
std::vector<std::string> names_in(const std::filesystem::path& folder);

/// A fresh, empty folder of this test's own, "puzzlepress-TAG-XXXXXX" (mkdtemp) under the
/// system's temporary folder (TMPDIR: ctest gives each suite its own, tests/CMakeLists.txt),
/// removed with everything in it when the TempDir goes. Throws std::runtime_error when the
/// folder cannot be made.
class TempDir {
 public:
  explicit TempDir(std::string_view tag);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// Stands for its path (`dir / "a.pdf"`, `fs::is_empty(dir)`) while it lives.
  operator const std::filesystem::path&() const { return path; }
  std::filesystem::path operator/(const std::filesystem::path& name) const { return path / name; }

  const std::filesystem::path path;  ///< the folder
};

}  // namespace puzzlepress::testing
