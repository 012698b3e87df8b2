#include "book/choices.h"

#include "book/trim.h"
#include "engine/generator.h"
#include "engine/grade.h"

namespace puzzlepress::book {
namespace {

template <class List, class Name>
std::string join(const List& list, Name name) {
  std::string out;
  for (const auto& value : list) {
    if (!out.empty()) out += ", ";
    out += name(value);
  }
  return out;
}

}  // namespace

std::string grade_choices() {
  return join(engine::kAllGrades, [](engine::Grade g) {
    std::string id(engine::grade_id(g));
    // parse_grade's one alias: the old name of Extreme.
    if (g == engine::Grade::extreme) id += " (or expert)";
    return id;
  });
}

std::string symmetry_choices() {
  return join(engine::kAllSymmetries, [](engine::Symmetry s) { return std::string(engine::symmetry_id(s)); });
}

std::string grading_choices() {
  return join(engine::kAllGradings, [](engine::Grading g) { return std::string(engine::grading_id(g)); });
}

std::string paper_choices() {
  return join(kAllPapers, [](Paper p) { return std::string(paper_id(p)); });
}

}  // namespace puzzlepress::book
