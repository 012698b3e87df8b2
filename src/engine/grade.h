// Grades: the five difficulty names, their clue bands and star counts.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace puzzlepress::engine {

enum class Grade { easy, medium, hard, extreme, evil };

inline constexpr std::array<Grade, 5> kAllGrades = {Grade::easy, Grade::medium, Grade::hard, Grade::extreme,
                                                    Grade::evil};

/// How many clues a dig aims for, and the closed range a board of the grade must end in.
struct ClueBand {
  int target;
  int min;
  int max;
};

/// Easy 42 [38-52], Medium 34 [30-44], Hard 30 [27-38], Extreme 27 [24-34], Evil 24 [22-31].
ClueBand clue_band(Grade grade);

/// Lower-case name used in specs, CSV and JSON: "easy" ... "evil".
std::string_view grade_id(Grade grade);
/// Name printed in books: "Easy" ... "Evil".
std::string_view grade_label(Grade grade);
/// Difficulty stars printed beside a puzzle: Easy 1 ... Evil 5.
int grade_stars(Grade grade);

/// Case-insensitive; accepts "expert" as Extreme (the old name, still found in stored books).
std::optional<Grade> parse_grade(std::string_view name);

}  // namespace puzzlepress::engine
