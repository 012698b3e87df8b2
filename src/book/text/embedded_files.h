// The program's own files, compiled into the binary (cmake/EmbedFiles.cmake generates the
// definition of files() from layouts/*.yaml, fonts/*.ttf, the licence texts and locales/*.yaml).
// Only book/text/resources.cpp reads this table; everything else asks book/text/resources.h.
#pragma once

#include <span>
#include <string_view>

namespace puzzlepress::book::embedded {

/// One embedded file: its path relative to the source tree, with '/' ("layouts/two-up.yaml"),
/// and its bytes (static storage: valid for the whole run).
struct File {
  std::string_view name;
  std::string_view bytes;
};

/// Every embedded file, sorted by name.
std::span<const File> files();

}  // namespace puzzlepress::book::embedded
