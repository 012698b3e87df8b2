// The names a flag accepts, as messages list them: the spec key table's (spec_keys.h), so a
// flag and the spec always list the same names.
#pragma once

#include <string>

namespace puzzlepress::book {

/// "easy, medium, hard, extreme (or expert), evil"
std::string grade_choices();
/// "rotational, none, mirror, diagonal"
std::string symmetry_choices();
/// "techniques, clues"
std::string grading_choices();

}  // namespace puzzlepress::book
