// The flags several bench tables share: see bench_internal.h.
#include "book/spec/choices.h"
#include "cli/bench_internal.h"
#include "util/errors.h"

namespace puzzlepress::cli::bench {

std::vector<engine::Grade> grades_of_flag(const std::string& value) {
  if (value == "all") return {engine::kAllGrades.begin(), engine::kAllGrades.end()};
  if (const std::optional<engine::Grade> grade = engine::parse_grade(value)) return {*grade};
  throw InputError(Place::flag("--grade"),
                   "unknown grade '" + value + "' (expected one of: " + book::grade_choices() + ", all)");
}

Gradings gradings_of_flag(const std::string& value) {
  const Gradings gradings{value == "clues" || value == "both", value == "techniques" || value == "both"};
  if (!gradings.clues && !gradings.techniques) {
    throw InputError(Place::flag("--grading"),
                     "unknown grading '" + value + "' (expected one of: " + book::grading_choices() + ", both)");
  }
  return gradings;
}

}  // namespace puzzlepress::cli::bench
