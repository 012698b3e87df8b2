// StagedFile: a file written whole or not at all. The bytes go to a temporary file beside the
// destination; commit() renames it over the destination; a file never committed is removed.
// Several files can be staged first and committed together, so that a failure while writing
// any of them leaves every destination as it was.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace puzzlepress::render {

class StagedFile {
 public:
  /// Writes `bytes` to a new temporary file "<path>.tmp-XXXXXX" (mode 0644, flushed to disk).
  /// On failure returns nullopt and sets *error to one line naming the place, e.g.
  /// "directory does not exist: out", "not a directory: out", "is a directory: out/book.pdf",
  /// "cannot create a file in out: Permission denied".
  static std::optional<StagedFile> stage(const std::filesystem::path& path, std::string_view bytes,
                                         std::string* error);

  StagedFile(StagedFile&& other) noexcept;
  StagedFile& operator=(StagedFile&&) = delete;
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile();

  /// Renames the temporary file over the destination. nullopt on success, else the reason.
  std::optional<std::string> commit();

 private:
  StagedFile(std::filesystem::path path, std::string temp) : path_(std::move(path)), temp_(std::move(temp)) {}
  std::filesystem::path path_;
  std::string temp_;  ///< empty once committed or moved from
};

}  // namespace puzzlepress::render
