// Helpers shared by the cover tests: a small book spec with a cover, built in memory.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "book/make/build.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/files.h"
#include "support/render_fixtures.h"

namespace puzzlepress::book::cover_testing {

namespace fs = std::filesystem;

using testing::read_bytes;
using testing::source_font_metrics;
using testing::TempDir;
using testing::test_settings;

/// A spec of 21 puzzles (easy, hard, evil) at `trim` with `cover_lines` (YAML lines indented by
/// two spaces, e.g. "  printer: lulu\n") under `cover:`; named `file` (its folder resolves the
/// front image).
inline std::string spec_text(const std::string& trim, const std::string& cover_lines,
                             const std::string& layout = "two-up") {
  return "title: Test Book\nsubtitle: Puzzles for Testing\nauthor: Ann Example\npublisher: Test Press\nyear: 2026\n"
         "trim: " +
         trim + "\nlayout: " + layout +
         "\nseed: 7\npuzzles:\n  - { grade: easy, count: 9 }\n  - { grade: hard, count: 7 }\n"
         "  - { grade: evil, count: 5 }\ncover:\n" +
         cover_lines;
}

inline BookSpec spec_of(const std::string& text,
                        const fs::path& file = fs::path(PUZZLEPRESS_SOURCE_DIR) / "tests/data/cover-book.yaml") {
  return load_spec(text, file.string());
}

/// The outputs of `book` with a cover, as {pdf, manifest, cover} bytes.
inline std::vector<util::Output> outputs_of(const Book& book, const fs::path& dir) {
  BookPaths paths{{dir / "b.pdf", "the PDF", "-o"}, {dir / "b.json", "the manifest", "--manifest"}};
  if (book.cover) paths.cover = util::OutputTarget{dir / "b-cover.pdf", "the cover", "--cover"};
  return book_outputs(book, paths);
}

}  // namespace puzzlepress::book::cover_testing
