// Grades and clue bands per shape (see generator.h; README "Sizes" has the measured
// distributions the bands come from).
#include <string>

#include "engine/generator.h"

namespace puzzlepress::engine {
namespace {

constexpr std::array<Grade, 2> kEasyMedium = {Grade::easy, Grade::medium};

struct ShapeBands {
  Shape shape;
  std::array<ClueBand, 5> bands;  // {target, min, max} by grade, easy .. evil
};

// With rotational symmetry on an even size every removal takes two cells, so clue counts are
// even. The children's sizes offer Easy and Medium only (their other entries are unused).
constexpr std::array<ShapeBands, 5> kBands = {{
    {kShape4x4, {{{8, 8, 10}, {6, 4, 7}, {6, 4, 7}, {6, 4, 7}, {6, 4, 7}}}},
    {kShape6x6, {{{18, 16, 22}, {12, 10, 16}, {12, 10, 16}, {12, 10, 16}, {12, 10, 16}}}},
    {kShape8x8, {{{32, 28, 38}, {26, 22, 30}, {24, 20, 28}, {22, 20, 28}, {22, 18, 26}}}},
    {kShape12x12, {{{80, 72, 96}, {64, 56, 76}, {58, 52, 68}, {56, 50, 66}, {54, 48, 62}}}},
    {kShape16x16, {{{140, 128, 170}, {120, 108, 136}, {112, 100, 126}, {110, 98, 124}, {110, 96, 124}}}},
}};

}  // namespace

std::span<const Grade> offered_grades(Shape shape) {
  if (shape == kShape4x4 || shape == kShape6x6) return kEasyMedium;
  return kAllGrades;
}

bool offers_grade(Shape shape, Grade grade) {
  for (Grade g : offered_grades(shape))
    if (g == grade) return true;
  return false;
}

std::string grade_not_offered_message(Shape shape, Grade grade) {
  std::string offered;
  const auto grades = offered_grades(shape);
  for (std::size_t i = 0; i < grades.size(); ++i) {
    if (i) offered += ", ";
    offered += grade_id(grades[i]);
  }
  return "grade '" + std::string(grade_id(grade)) + "' is not offered for " + shape_id(shape) +
         " (offered: " + offered + ")";
}

ClueBand clue_band(Shape shape, Grade grade) {
  if (shape == kShape9x9) return clue_band(grade);
  if (!offers_grade(shape, grade)) grade = offered_grades(shape).back();
  for (const ShapeBands& b : kBands)
    if (b.shape == shape) return b.bands[static_cast<int>(grade)];
  return clue_band(grade);
}

int max_forcing_steps(Shape shape) { return shape == kShape16x16 ? 0 : -1; }

}  // namespace puzzlepress::engine
