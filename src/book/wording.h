// Wording: every word a book prints that is not the user's own (headings, labels, the rules of
// sudoku, the copyright notice). Layout receives these strings; it never makes up text. One
// place, so that other languages can replace it whole.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/grade.h"
#include "render/layout.h"

namespace puzzlepress::book {

struct CopyrightFacts {
  std::string title;
  std::string author;
  std::string year;  ///< empty = not printed
  std::string publisher;
  std::string isbn;
  std::string version;  ///< puzzlepress version
  std::uint32_t seed = 0;
};

/// English wording.
namespace wording {

/// "Puzzle 17"
std::string puzzle_label(int number);
/// "Puzzle 1" or "Puzzles 1–200" (en dash)
std::string puzzle_range(int first, int last);
/// "Easy" … "Evil"
std::string grade_name(engine::Grade grade);

inline constexpr const char* kSolutionsHeading = "Solutions";
inline constexpr const char* kNotesHeading = "Notes";
inline constexpr const char* kBlankPage = "This page is intentionally left blank";
inline constexpr const char* kHowToPlayHeading = "How to Play";
/// The rules, in paragraphs ("3 × 3" joined by no-break spaces).
std::vector<std::string> how_to_play();
/// Under the example grid, whose first box is shaded.
inline constexpr const char* kHowToPlayCaption =
    "The shaded box, like every row and column, holds 1 to 9 once each.";

/// PDF keywords of books and sheets.
inline constexpr const char* kKeywords = "sudoku";
/// A sample sheet's PDF title: "Sudoku sample, seed 7".
std::string sample_title(std::uint32_t seed);
/// A sample sheet's footer: "puzzlepress sample, seed 7 — <command>".
std::string sample_footer(std::uint32_t seed, const std::string& command);

/// On the back cover, one line per section: "40 Easy puzzles" ("1 Easy puzzle").
std::string cover_section_line(int count, engine::Grade grade);
/// The back cover's last line of contents.
inline constexpr const char* kCoverSolutionsLine = "Solutions to every puzzle at the back";

/// The copyright page's paragraphs, in order: the title (bold), "by" the author, the notice,
/// the publisher and ISBN when given, and how the puzzles were made.
std::vector<render::Paragraph> copyright(const CopyrightFacts& facts);

}  // namespace wording
}  // namespace puzzlepress::book
