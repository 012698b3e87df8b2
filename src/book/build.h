// Building a book: plan the pages, generate the puzzles, lay every page out, then write the
// interior PDF and its manifest. The steps run in that order so that a spec KDP would reject
// (too many pages, say) fails before any puzzle is generated.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "book/layout_preset.h"
#include "book/manifest.h"
#include "book/plan.h"
#include "book/spec.h"
#include "engine/batch.h"
#include "render/page.h"

namespace puzzlepress::book {

/// A book that could not be made or written for a reason outside the spec (a font libharu
/// cannot load, an unwritable output). The message is one line, e.g.
/// "cannot write out/book.pdf: directory 'out' does not exist".
class BuildError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Where the program's own files are, and how to run.
struct BuildSettings {
  std::filesystem::path layouts_dir;  ///< preset files (layouts/NAME.yaml)
  std::filesystem::path fonts_dir;    ///< the fonts we ship (fonts/)
  std::string version;                ///< program version: copyright page and manifest
  int jobs = 0;                       ///< generation threads; <= 0 = all cores
  engine::BatchProgress progress;     ///< called as puzzles finish (optional)
};

/// Everything a build produced, in memory.
struct Book {
  LayoutPreset layout;
  std::vector<PlannedPage> plan;
  std::vector<engine::Puzzle> puzzles;  ///< book order: puzzle k has number k + 1
  render::Document document;
  Manifest manifest;
};

/// The spec's layout (preset name or file), read. Throws SpecError at the spec's layout key.
LayoutPreset resolve_layout(const BookSpec& spec, const BuildSettings& settings);

/// The pages of `spec` with `layout`, planned (no puzzles generated).
std::vector<PlannedPage> plan_book(const BookSpec& spec, const LayoutPreset& layout);

/// Plans, checks the page count against KDP's limits (SpecError), generates, lays out.
/// Throws SpecError for spec-level problems and BuildError when the fonts cannot be loaded.
Book make_book(const BookSpec& spec, const BuildSettings& settings);

/// Writes `book.document` to `pdf_path` and the manifest to `manifest_path`. Both are staged
/// in temporary files beside their destinations before either is renamed into place, so a
/// failure while writing leaves both destinations as they were (an old book stays whole).
/// Throws BuildError "cannot write PATH: reason".
void write_book(const Book& book, const std::filesystem::path& pdf_path,
                const std::filesystem::path& manifest_path);

}  // namespace puzzlepress::book
