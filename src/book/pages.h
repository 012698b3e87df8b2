// Page makers: one function per page kind, from a planned page to a laid-out one. The book's
// words come from wording.h, its puzzles through figures.h; render only lays them out.
// A new page kind is a new PageKind, a planning rule (plan.cpp) and one entry here.
#pragma once

#include <vector>

#include "book/plan.h"
#include "book/spec.h"
#include "engine/generator.h"
#include "render/layout.h"
#include "render/layout_style.h"
#include "render/text_measure.h"

namespace puzzlepress::book {

/// What every page maker may read.
struct PageContext {
  const BookSpec& spec;
  const render::LayoutStyle& style;
  const std::vector<engine::Puzzle>& puzzles;  ///< book order
  const render::TextMeasure& measure;
  std::string version;  ///< program version, for the copyright page
};

/// A laid-out page and its grid boxes (points, slot order; none on text pages).
struct LaidPage {
  render::Page page;
  std::vector<render::Box> grid_boxes;
};

/// Lays out `planned` in `frame` with the maker for its kind.
LaidPage lay_out_page(const PageContext& context, const PlannedPage& planned,
                      const render::PageFrame& frame);

}  // namespace puzzlepress::book
