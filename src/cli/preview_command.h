// `puzzlepress preview`: images of a book's pages (PNG at any dpi, or SVG) and of its cover, or
// the images a product listing needs, made from the spec without a PDF (book/make/preview.h).
#pragma once

#include "cli/command.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace puzzlepress::cli {

struct PreviewArgs {
  std::string spec;                   ///< the YAML spec
  std::string output;                 ///< -o: the folder to write (created when missing)
  std::optional<std::string> pages;   ///< --pages 1,5,120-124 (default: every page)
  std::optional<double> dpi;          ///< --dpi, 36..1200 (default 150)
  std::optional<std::string> format;  ///< --format png | svg (default png)
  bool listing = false;               ///< --listing: the listing images instead
  std::optional<std::string> trim;    ///< --trim: the same puzzles at another trim (as build)
  std::optional<std::string> layout;  ///< --layout: a preset name or layout file (as build)
  int jobs = 0;                       ///< generation threads; 0 = all cores
};

/// Makes the images and prints one line per kind to `out`. Throws InputError for a bad spec or
/// flag (exit 2), EnvironmentError when the images cannot be made or written (exit 1).
int run_preview(const PreviewArgs& args, std::ostream& out);

/// Registers `puzzlepress preview` and its options with `app`; its run takes the parsed values.
Command add_preview(CLI::App& app);

}  // namespace puzzlepress::cli
