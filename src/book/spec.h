// The book spec: what a YAML book file means. Reading YAML itself is yaml_reader's job.
//
//   title: Sudoku for Adults        required, non-empty
//   subtitle, publisher, isbn       optional strings
//   author: Jane Doe                required, non-empty
//   year: 2026                      optional integer 1-9999
//   trim: 6x9                       optional, default 8.5x11 (what most buyers expect); one of
//                                   KDP's 16 names or a custom "WxH in" / "WxH mm"
//   bleed: false                    optional, default false
//   paper: white                    optional, white | cream, default white
//   layout: two-up                  optional, default two-up; a preset name (layouts/NAME.yaml)
//                                   or, when it contains '/' or ends in .yaml/.yml, a file
//                                   path relative to the spec's directory (must exist)
//   seed: 42                        required, 0-4294967295
//   symmetry: rotational            optional, rotational | none | mirror | diagonal
//   grading: techniques             optional, techniques | clues, default techniques: a grade
//                                   means the hardest technique a puzzle needs (and its clue
//                                   band); clues = the clue band alone
//   puzzles:                        required, at least one section, book order
//     - { grade: easy, count: 40 }  grade as engine::parse_grade, count > 0; 5000 in all at most
//   solutions: { per_page: 6 }      optional override of the layout's value, 1-36
//   front_matter: [title, ...]      optional, default all of title, copyright, how_to_play;
//                                   each at most once; always laid out in that order
//   fonts: { text: a.ttf, bold: b.ttf, digits: c.ttf }   optional, each optional; relative
//                                   paths resolve against the spec's directory; must exist
//
// Every error is a SpecError "FILE:LINE:COL: message", raised before any page is made.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/contents.h"
#include "book/spec_error.h"
#include "book/trim.h"
#include "engine/generator.h"

namespace puzzlepress::book {

/// Exactly one of the two is set.
struct LayoutChoice {
  std::string preset;               ///< preset name, e.g. "two-up" (not checked to exist here)
  std::filesystem::path file;       ///< layout file, resolved against the spec's directory
};

/// Font files chosen by the spec, resolved against the spec's directory; unset = layout's.
struct FontOverrides {
  std::optional<std::filesystem::path> text;
  std::optional<std::filesystem::path> bold;
  std::optional<std::filesystem::path> digits;
};

/// Most puzzles a book may hold: six a page on KDP's largest page count (828) leaves room for
/// about 4,000 with their solutions; anything near this fails the page-count check anyway.
inline constexpr int kMaxPuzzles = 5000;
/// Most solutions on one page (6 x 6); more would print digits under KDP's 7 pt.
inline constexpr int kMaxSolutionsPerPage = 36;

struct BookSpec {
  std::string file;  ///< the spec's file name as given to load_spec (for later messages)
  std::string title;
  std::string subtitle;
  std::string author;
  std::string publisher;
  std::optional<int> year;
  std::string isbn;
  std::string trim_name = "8.5x11";  ///< the trim exactly as written (the manifest's "trim")
  Trim trim = kStandardTrims[14];    ///< 8.5x11 unless the spec says otherwise
  bool bleed = false;
  Paper paper = Paper::white;
  LayoutChoice layout{"two-up", {}};
  std::uint32_t seed = 0;
  std::optional<engine::Symmetry> symmetry;  ///< unset: the generator's default (rotational)
  engine::Grading grading = engine::Grading::techniques;
  std::vector<Section> sections;             ///< the `puzzles` list, book order
  std::optional<int> solutions_per_page;     ///< unset: the layout's value
  FrontMatter front_matter;
  FontOverrides fonts;
  Location fonts_where;    ///< the `fonts` value (1:1 when absent), where font errors point
  Location puzzles_where;  ///< the `puzzles` key, where page-count errors point
  Location layout_where;   ///< the `layout` value (1:1 when absent), where layout errors point

  /// Puzzles in the whole book.
  int puzzle_count() const;
};

/// Whether a file exists; a seam so tests need no files.
using FileExists = std::function<bool(const std::filesystem::path&)>;

/// Reads a spec from text. `file_name` is used in messages and, through its directory, to
/// resolve relative font and layout paths; `exists` checks those files (default: the disk).
/// Throws SpecError.
BookSpec load_spec(std::string_view yaml_text, const std::string& file_name,
                   const FileExists& exists = {});

/// Reads the file at `path` and calls load_spec. An unreadable file throws SpecError
/// "PATH:1:1: cannot read the spec file".
BookSpec load_spec_file(const std::filesystem::path& path);

/// Throws SpecError at the `puzzles` key when KDP would reject `page_count` pages for the
/// spec's trim and paper: "the book would have 900 pages; KDP prints 24-828 pages at 6x9 on
/// white paper".
void check_page_count(const BookSpec& spec, int page_count);

/// What to generate: one entry per puzzle in book order, puzzle i seeded
/// engine::batch_seed(spec.seed, i), with the spec's symmetry.
std::vector<engine::GenerateOptions> generate_requests(const BookSpec& spec);

}  // namespace puzzlepress::book
