// Fixtures for the suites that link puzzlepress_book (header only: the support library links no
// book): the source tree's presets and fonts, build settings, specs loaded as tests load them,
// trims and the checks of their boxes, and a small manifest.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "book/kdp/geometry.h"
#include "book/kdp/trim.h"
#include "book/make/build.h"
#include "book/manifest/manifest.h"
#include "book/spec/spec.h"
#include "book/text/skin.h"
#include "engine/grid.h"
#include "render/page.h"
#include "support/approx.h"

namespace puzzlepress::testing {

/// The presets (layouts/) and fonts (fonts/) of the source tree.
inline book::Resources source_resources() {
  const std::filesystem::path source(PUZZLEPRESS_SOURCE_DIR);
  return {source / "layouts", source / "fonts"};
}

/// Settings for make_book: the source tree's presets and fonts, version "test", `jobs` threads.
inline book::BuildSettings test_settings(int jobs = 2) {
  book::BuildSettings s;
  s.resources = source_resources();
  s.version = "test";
  s.jobs = jobs;
  return s;
}

/// The same with the presets and fonts built into the program (no folder at all).
inline book::BuildSettings built_in_settings(int jobs = 2) {
  book::BuildSettings s = test_settings(jobs);
  s.resources = book::Resources{};
  return s;
}

/// A file system in which every file exists (fonts, layouts and images a spec names).
inline bool any_file_exists(const std::filesystem::path&) { return true; }

/// `text` loaded as the spec tests/data/`name` (its folder resolves relative paths; the file
/// need not exist), every file it names taken to exist.
inline book::BookSpec load_test_spec(const std::string& text, const std::string& name = "test-book.yaml") {
  const std::filesystem::path file = std::filesystem::path(PUZZLEPRESS_SOURCE_DIR) / "tests" / "data" / name;
  return book::load_spec(text, file.string(), any_file_exists);
}

/// The trim named `name` (a standard trim or a custom size), which must parse.
inline book::Trim trim_of(std::string_view name) { return *book::parse_trim(name).trim; }

/// Checks that box `b` is [left, bottom, right, top] (points, within doctest::Approx).
inline void check_box(const render::Box& b, double left, double bottom, double right, double top) {
  check_near({b.left, b.bottom, b.right, b.top}, {left, bottom, right, top});
}

/// Checks that rectangle `r` is at (x, y), `w` x `h` (points, within doctest::Approx).
inline void check_rect(const book::RectPt& r, double x, double y, double w, double h) {
  check_near({r.x, r.y, r.width, r.height}, {x, y, w, h});
}

/// A book spec as YAML text: `title` by Ann Example at 6x9, seed 5, six easy and four hard puzzles
/// (24 pages: title, copyright, how to play, a blank, puzzle pages 5-9, the solutions heading, …).
inline std::string small_spec(const std::string& title) {
  return "title: " + title +
         "\nauthor: Ann Example\ntrim: 6x9\nseed: 5\npuzzles:\n"
         "  - { grade: easy, count: 6 }\n  - { grade: hard, count: 4 }\n";
}

/// Sections (YAML lines under puzzles:) of two puzzles for every size x skin a book takes (shapes
/// up to 9x9), each at a grade its size offers, with a letters word for every size.
inline constexpr const char* kEverySizeAndSkin =
    "  - { size: 4x4, grade: easy, count: 2 }\n"
    "  - { size: 4x4, skin: letters, letters: word, grade: medium, count: 2 }\n"
    "  - { size: 4x4, skin: shapes, grade: easy, count: 2 }\n"
    "  - { size: 6x6, grade: medium, count: 2 }\n"
    "  - { size: 6x6, letters: Garden, grade: easy, count: 2 }\n"
    "  - { size: 6x6, skin: shapes, grade: medium, count: 2 }\n"
    "  - { size: 8x8, grade: hard, count: 2 }\n"
    "  - { size: 8x8, skin: letters, grade: easy, count: 2 }\n"
    "  - { size: 8x8, skin: shapes, grade: medium, count: 2 }\n"
    "  - { size: 9x9, grade: extreme, count: 2 }\n"
    "  - { size: 9x9, letters: WORDPUZLE, grade: hard, count: 2 }\n"
    "  - { size: 9x9, skin: shapes, grade: medium, count: 2 }\n"
    "  - { size: 12x12, grade: medium, count: 2 }\n"
    "  - { size: 12x12, skin: letters, letters: ABCDEFGHIJKL, grade: easy, count: 2 }\n"
    "  - { size: 16x16, grade: easy, count: 2 }\n"
    "  - { size: 16x16, skin: letters, letters: UNCOPYRIGHTABLES, grade: medium, count: 2 }\n";

/// The manifest of a one-page 6x9 book (432 x 648 pt, no bleed) holding one 9x9 puzzle in
/// digits: `givens` solved by `solution` (81 characters each, '.' for an empty cell), valid,
/// rated 1.0, on page 1 at [72, 300, 288, 288] pt with its solution at [72, 40, 216, 216] pt.
inline book::Manifest one_puzzle_manifest(std::string_view givens, std::string_view solution) {
  book::Manifest m;
  m.title = "One Puzzle";
  m.author = "Ann Example";
  m.trim = "6x9";
  const book::PageSizePt page = book::page_size_pt(trim_of(m.trim), false);
  m.page_width_pt = page.width;
  m.page_height_pt = page.height;
  m.page_count = 1;
  book::ManifestPuzzle& p = m.puzzles.emplace_back();
  p.number = 1;
  p.givens = *engine::parse_grid(givens).grid;
  p.solution = *engine::parse_grid(solution).grid;
  p.clues = p.givens.clue_count();
  p.symbols = book::default_symbols(book::Skin::digits, p.solution.shape);
  p.valid = true;
  p.page = 1;
  p.rect = book::RectPt{72, 300, 288, 288};
  p.solution_page = 1;
  p.solution_rect = book::RectPt{72, 40, 216, 216};
  p.rating = 1.0;
  return m;
}

}  // namespace puzzlepress::testing
