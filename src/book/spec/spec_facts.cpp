// What a loaded spec says of itself (book/spec/spec.h): where to blame a page that does not
// fit, who reads the book, how many puzzles it has, and the warnings a build prints.
#include "book/spec/spec.h"

#include <algorithm>
#include <stdexcept>

namespace puzzlepress::book {

namespace {
// The flags among `places`, joined ("--trim and --layout"), or `otherwise` when none is a flag.
Place flags_or(std::initializer_list<const Place*> places, const Place& otherwise) {
  std::vector<std::string> flags;
  for (const Place* p : places) {
    if (p->is_flag) flags.push_back(p->text);
  }
  if (flags.empty()) return otherwise;
  std::string text;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == flags.size() ? " and " : ", ") + flags[i];
  }
  return Place{text, true};
}
}  // namespace

Place BookSpec::fit_place() const { return flags_or({&trim_place, &bleed_place, &layout_place}, layout_place); }

Place BookSpec::page_count_place() const { return flags_or({&trim_place, &layout_place}, puzzles_place); }

std::string_view audience_id(Audience audience) { return audience == Audience::kids ? "kids" : "adults"; }

Audience default_audience(const std::vector<Section>& sections) {
  const bool kids = !sections.empty() && std::all_of(sections.begin(), sections.end(), [](const Section& s) {
    return s.shape == engine::kShape4x4 || s.shape == engine::kShape6x6 || s.skin == Skin::shapes;
  });
  return kids ? Audience::kids : Audience::adults;
}

Audience BookSpec::reader() const { return audience.value_or(default_audience(sections)); }

std::vector<engine::Grade> book_grades(const std::vector<Section>& sections) {
  std::vector<engine::Grade> grades;
  for (const Section& s : sections) {
    if (s.count > 0) grades.push_back(s.grade);
  }
  std::sort(grades.begin(), grades.end());
  grades.erase(std::unique(grades.begin(), grades.end()), grades.end());
  return grades;
}

StarScale BookSpec::stars(engine::Grade grade) const {
  if (reader() != Audience::kids) return {engine::grade_stars(grade), 5};
  const std::vector<engine::Grade> grades = book_grades(sections);
  const auto at = std::find(grades.begin(), grades.end(), grade);
  return {static_cast<int>(at - grades.begin()) + 1, static_cast<int>(grades.size())};
}

std::vector<engine::Kind> book_kinds(const std::vector<Section>& sections) {
  std::vector<engine::Kind> kinds;
  for (const Section& s : sections) {
    if (s.kind != engine::Kind::classic && std::find(kinds.begin(), kinds.end(), s.kind) == kinds.end()) {
      kinds.push_back(s.kind);
    }
  }
  return kinds;
}

bool has_classic_rules(const std::vector<Section>& sections) {
  return std::any_of(sections.begin(), sections.end(),
                     [](const Section& s) { return s.kind != engine::Kind::jigsaw && !s.killer; });
}

bool mixes_kinds(const std::vector<Section>& sections) {
  return std::any_of(sections.begin(), sections.end(), [&](const Section& s) {
    return s.kind != sections.front().kind || s.killer != sections.front().killer;
  });
}

bool has_killers(const std::vector<Section>& sections) {
  return std::any_of(sections.begin(), sections.end(), [](const Section& s) { return s.killer; });
}

const Section& BookSpec::section_of(int index) const {
  for (const Section& s : sections) {
    if (index < s.count) return s;
    index -= s.count;
  }
  throw std::out_of_range("BookSpec::section_of: no puzzle " + std::to_string(index));
}

int BookSpec::puzzle_count() const {
  int total = 0;
  for (const Section& section : sections) total += section.count;
  return total;
}

std::vector<std::string> spec_warnings(const BookSpec& spec) {
  std::vector<std::string> out;
  if (spec.front_matter.copyright && !spec.year) {
    out.push_back(spec.file + ": no 'year:', so the copyright notice has no year (add e.g. year: 2026)");
  }
  if (spec.hints && !spec.shows_grid_labels()) {
    out.push_back(spec.file +
                  ": hints name cells as r4c2 but 'grid_labels: false' prints no row or column numbers "
                  "to find them by (leave grid_labels out, or set it to true)");
  }
  return out;
}

}  // namespace puzzlepress::book
