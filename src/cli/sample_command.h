// `puzzlepress sample`: a sheet of puzzles for a home printer or a customer preview, or, from a
// book spec, a proof of the book's first puzzle pages.
#pragma once

#include "cli/command.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/progress.h"

namespace puzzlepress::cli {

/// Most puzzles on one sample sheet (--count): 100 pages of 6.
inline constexpr int kMaxSampleCount = 600;

struct SampleArgs {
  std::string spec;                             ///< optional: a book spec; then a proof of its first pages
  std::vector<std::string> grades;              ///< --grade, cycled in order; empty = easy..extreme
  std::optional<int> count;                     ///< --count, default 4
  std::optional<int> per_page;                  ///< --per-page, 1-6, default 4
  std::optional<std::string> paper;             ///< --paper letter | a4 | a KDP trim; default letter
  std::optional<std::uint32_t> seed;            ///< --seed; unset: drawn from std::random_device
  bool answers = false;                         ///< --answers: solution pages after the puzzles
  bool hints = false;                           ///< --hints: hint page(s) after the puzzles (sheets only)
  bool allow_trial = false;                     ///< --allow-trial: also puzzles that need trial (sheet or spec)
  std::optional<std::string> language;          ///< --language: en (default), de, fr, es, it, nl, pt
  std::optional<int> pages;                     ///< --pages (with a spec only), default 2
  std::string output;                           ///< -o; default sample.pdf, or SPEC's name + "-proof.pdf"
  ProgressMode progress = ProgressMode::never;  ///< the progress line on `err`
};

/// Writes the sheet (atomically, fonts embedded) and prints what it wrote and the command that
/// reproduces it to `out`. Throws InputError for a bad flag ("--count: must be at least 1,
/// got 0", "--grade: unknown grade 'x' (expected one of: easy, …)",
/// "--paper: unknown paper 'x' (expected letter, a4 or a KDP trim such as 6x9)",
/// "--per-page: must be 1-6, got 7", "--pages: must be at least 1, got 0",
/// "--grade: not used with a spec (the spec decides the puzzles and pages)",
/// "--pages: only used with a spec") or a bad spec; EnvironmentError when the PDF cannot be
/// written. Progress (when wanted) goes to `err`.
int run_sample(const SampleArgs& args, std::ostream& out, std::ostream& err);
/// The same with progress, if any, on standard error.
int run_sample(const SampleArgs& args, std::ostream& out);

/// Registers `puzzlepress sample` and its options with `app`; its run takes the parsed values.
Command add_sample(CLI::App& app);

}  // namespace puzzlepress::cli
