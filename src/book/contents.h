// What a book contains, as the spec states it and the planner consumes it.
#pragma once

#include "engine/grade.h"

namespace puzzlepress::book {

/// Front-matter pages wanted. They are always laid out in this order, whatever order the
/// spec lists them in: title (page 1), copyright (its verso), how to play.
struct FrontMatter {
  bool title = true;
  bool copyright = true;
  bool how_to_play = true;
  friend bool operator==(const FrontMatter&, const FrontMatter&) = default;
};

/// One run of puzzles of one grade, in book order. count > 0.
struct Section {
  engine::Grade grade = engine::Grade::easy;
  int count = 0;
  friend bool operator==(const Section&, const Section&) = default;
};

}  // namespace puzzlepress::book
