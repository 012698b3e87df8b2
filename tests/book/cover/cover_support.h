// Helpers shared by the cover tests: a small book spec with a cover, built in memory.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "book/make/build.h"
#include "render/pdf_writer.h"

namespace puzzlepress::book::cover_testing {

namespace fs = std::filesystem;

inline BuildSettings settings(int jobs = 2) {
  BuildSettings s;
  s.resources = {fs::path(PUZZLEPRESS_SOURCE_DIR) / "layouts", fs::path(PUZZLEPRESS_SOURCE_DIR) / "fonts"};
  s.version = "test";
  s.jobs = jobs;
  return s;
}

/// A temporary folder, removed at the end of the test.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& tag) {
    path = fs::temp_directory_path() / ("puzzlepress-cover-" + tag + "-" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

/// A spec of 21 puzzles (easy, hard, evil) at `trim` with `cover_lines` (YAML lines indented by
/// two spaces, e.g. "  printer: lulu\n") under `cover:`; named `file` (its folder resolves the
/// front image).
inline std::string spec_text(const std::string& trim, const std::string& cover_lines,
                             const std::string& layout = "two-up") {
  return "title: Test Book\nsubtitle: Puzzles for Testing\nauthor: Ann Example\npublisher: Test Press\nyear: 2026\n"
         "trim: " + trim + "\nlayout: " + layout +
         "\nseed: 7\npuzzles:\n  - { grade: easy, count: 9 }\n  - { grade: hard, count: 7 }\n"
         "  - { grade: evil, count: 5 }\ncover:\n" + cover_lines;
}

inline BookSpec spec_of(const std::string& text, const fs::path& file = fs::path(PUZZLEPRESS_SOURCE_DIR) / "tests/data/cover-book.yaml") {
  return load_spec(text, file.string());
}

inline std::unique_ptr<render::PdfFontMetrics> metrics() {
  auto m = render::PdfFontMetrics::load(render::default_font_files(fs::path(PUZZLEPRESS_SOURCE_DIR) / "fonts"));
  return std::move(*m);
}

inline std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

/// The outputs of `book` with a cover, as {pdf, manifest, cover} bytes.
inline std::vector<util::Output> outputs_of(const Book& book, const fs::path& dir) {
  BookPaths paths{{dir / "b.pdf", "the PDF", "-o"}, {dir / "b.json", "the manifest", "--manifest"}};
  if (book.cover) paths.cover = util::OutputTarget{dir / "b-cover.pdf", "the cover", "--cover"};
  return book_outputs(book, paths);
}

}  // namespace puzzlepress::book::cover_testing
