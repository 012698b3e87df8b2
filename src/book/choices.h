// The names a spec or flag accepts, as messages list them, derived from the enum tables so a
// new value can never be missing from a message.
#pragma once

#include <string>

namespace puzzlepress::book {

/// "easy, medium, hard, extreme (or expert), evil"
std::string grade_choices();
/// "rotational, none, mirror, diagonal"
std::string symmetry_choices();
/// "techniques, clues"
std::string grading_choices();
/// "white, cream"
std::string paper_choices();

}  // namespace puzzlepress::book
