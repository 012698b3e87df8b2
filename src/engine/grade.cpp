#include "engine/grade.h"

#include <string>

namespace puzzlepress::engine {

ClueBand clue_band(Grade grade) {
  switch (grade) {
    case Grade::easy: return {42, 38, 52};
    case Grade::medium: return {34, 30, 44};
    case Grade::hard: return {30, 27, 38};
    case Grade::extreme: return {27, 24, 34};
    case Grade::evil: return {24, 22, 31};
  }
  return {42, 38, 52};
}

std::string_view grade_id(Grade grade) {
  switch (grade) {
    case Grade::easy: return "easy";
    case Grade::medium: return "medium";
    case Grade::hard: return "hard";
    case Grade::extreme: return "extreme";
    case Grade::evil: return "evil";
  }
  return "easy";
}

std::string_view grade_label(Grade grade) {
  switch (grade) {
    case Grade::easy: return "Easy";
    case Grade::medium: return "Medium";
    case Grade::hard: return "Hard";
    case Grade::extreme: return "Extreme";
    case Grade::evil: return "Evil";
  }
  return "Easy";
}

int grade_stars(Grade grade) { return static_cast<int>(grade) + 1; }

std::optional<Grade> parse_grade(std::string_view name) {
  std::string lower(name);
  for (auto& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  for (auto g : kAllGrades) {
    if (lower == grade_id(g)) return g;
  }
  if (lower == "expert") return Grade::extreme;
  return std::nullopt;
}

}  // namespace puzzlepress::engine
