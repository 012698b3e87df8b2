// Sample sheets: a page (or a few) of puzzles for a home printer or a preview for a customer,
// and proofs: the first puzzle pages of a book exactly as the book prints them.
//
// A sample sheet has no bleed and no gutter: its content box is the page less 0.5 in on every
// side (home printers cannot print to the edge). A footer at the bottom of that box names the
// seed and the command that reproduces the sheet. Lengths in POINTS (1/72 in) unless the name
// ends in _in (INCHES).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "book/make/build.h"
#include "book/kdp/trim.h"
#include "engine/grade.h"
#include "render/layout_style.h"
#include "render/page.h"

namespace puzzlepress::book {

/// Margin of a sample sheet on every side, inches.
inline constexpr double kSampleMarginIn = 0.5;
/// The most puzzles a sample page holds.
inline constexpr int kSampleMaxPerPage = 6;

/// The grades a sample cycles through when none are given: easy, medium, hard, extreme.
std::vector<engine::Grade> default_sample_grades();

struct SampleOptions {
  std::vector<engine::Grade> grades;  ///< cycled in order for puzzles 1..count; empty = default
  int count = 4;                      ///< puzzles, >= 1
  int per_page = 4;                   ///< puzzles a page, 1..kSampleMaxPerPage
  Trim paper = kStandardTrims[14];    ///< page size (8.5x11 in = US letter)
  std::uint32_t seed = 0;             ///< puzzle k (0-based) gets engine::batch_seed(seed, k)
  bool answers = false;               ///< add solution pages after the puzzles
  bool hints = false;                 ///< add hint pages (book/make/hints.h) after the puzzles
  bool allow_trial = false;           ///< also puzzles that need trial and error
  std::string language = "en";        ///< labels, grade names and footer (book/text/wording.h)
  /// The footer: "puzzlepress sample, seed S — <command>". Empty = sample_command(options).
  std::string command;
  engine::BatchProgress progress = {};  ///< called as puzzles finish (optional; only observes)
};

/// The shortest command line that reproduces `options`: "puzzlepress sample --seed S" followed,
/// when they differ from the defaults, by "--grade G" (each), "--count N", "--per-page K",
/// "--paper P" (the trim's name; 8.27x11.69 is "a4"), "--answers", "--hints",
/// "--allow-trial" and "--language L".
std::string sample_command(const SampleOptions& options);

/// The page style for `per_page` puzzles, read from the presets (book/text/resources.h: the same
/// ones books use): 1 one-up, 2 two-up, 4 four-up, 6 six-up; 3 and 5 take the four-up /
/// six-up look with the rows x columns giving the largest grids on a `content_width_pt` x
/// `content_height_pt` box (ties: fewer empty places).
/// Throws std::invalid_argument when per_page is outside 1..kSampleMaxPerPage, and
/// EnvironmentError when a preset file is missing or broken (our installation's fault).
render::LayoutStyle sample_style(int per_page, const Resources& resources, double content_width_pt,
                                 double content_height_pt);

/// The files a sheet is made from (the presets and our fonts): no output may land on them.
std::vector<util::InputFile> sample_inputs(const Resources& resources);

/// A sheet and how many of its pages are hints and answers.
struct SampleSheet {
  render::Document doc;
  int puzzle_pages = 0;
  int hint_pages = 0;
  int answer_pages = 0;
};

/// The sheet: ceil(count / per_page) puzzle pages, then (with hints) hint pages under a "Hints"
/// heading, then (with answers) solution pages. The puzzles are generated here (rotational
/// symmetry, graded by techniques, never needing trial unless allow_trial).
SampleSheet make_sample_sheet(const SampleOptions& options, const Resources& resources);

/// Test-only (the sample command calls make_sample_sheet): make_sample_sheet(...).doc.
/// Throws std::invalid_argument for count < 1, per_page outside 1..6 or a grade list that is
/// empty after defaults; EnvironmentError when the presets or fonts cannot be loaded.
render::Document make_sample(const SampleOptions& options, const Resources& resources);

/// The first `pages` (>= 1) puzzle pages of `book`, exactly as the book prints them (same
/// page size, boxes and folios), as a document of their own; fewer when the book has fewer.
/// Throws std::invalid_argument when pages < 1.
render::Document proof_document(const Book& book, int pages);

}  // namespace puzzlepress::book
