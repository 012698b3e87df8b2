#include "book/spec/choices.h"

#include "book/spec/spec_keys.h"

namespace puzzlepress::book {

std::string grade_choices() {
  return choice_list(key_named(key_named(spec_keys(), "puzzles").fields.at(0).fields, "grade"));
}

std::string symmetry_choices() { return choice_list(key_named(spec_keys(), "symmetry")); }

std::string grading_choices() { return choice_list(key_named(spec_keys(), "grading")); }

}  // namespace puzzlepress::book
