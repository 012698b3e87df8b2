// What a book contains, as the spec states it and the planner consumes it.
#pragma once

#include <string>
#include <string_view>

#include "book/text/skin.h"
#include "engine/grade.h"
#include "engine/shape.h"
#include "engine/variant.h"

namespace puzzlepress::book {

/// Front-matter pages wanted. They are always laid out in this order, whatever order the
/// spec lists them in: title (page 1), copyright (its verso), how to play.
struct FrontMatter {
  bool title = true;
  bool copyright = true;
  bool how_to_play = true;
  friend bool operator==(const FrontMatter&, const FrontMatter&) = default;
};

/// How a spec spells a killer section's kind (`kind: killer`).
inline constexpr std::string_view kKillerKindId = "killer";

/// One run of puzzles of one grade, size, skin and kind, in book order. count > 0; the shape
/// offers the grade (engine::offers_grade), the skin fits the shape (skin_fits) and the kind
/// takes it (engine::kind_takes); letters is empty or a word letters_problem accepts, in
/// capitals; tint only on a jigsaw. A killer section (`kind: killer` in the spec) sets `killer`
/// and keeps kind classic (a killer is no engine::Kind: cages are not houses): 6x6 or 9x9,
/// digits, and a grade the engine aims killers at (engine::killer_offers_grade).
struct Section {
  engine::Grade grade = engine::Grade::easy;
  int count = 0;
  engine::Shape shape = engine::kShape9x9;
  Skin skin = Skin::digits;
  std::string letters{};  ///< letters skin: the word its solutions hide; empty = A, B, C …
  engine::Kind kind = engine::Kind::classic;
  bool tint = false;    ///< jigsaw: each region tinted (render::Figure::region_tint)
  bool killer = false;  ///< killer sudoku (engine/killer.h): cages with sums, no givens, graded by killer technique
  friend bool operator==(const Section&, const Section&) = default;
};

}  // namespace puzzlepress::book
