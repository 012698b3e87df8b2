// Page makers: one function per page kind, from a planned page to a laid-out one. The book's
// words come from wording.h, its puzzles through figures.h; render only lays them out.
// A new page kind is a new PageKind (with its page_kind_id), a planning rule (plan.cpp) and
// one case in lay_out_page.
#pragma once

#include <vector>

#include "book/make/hints.h"
#include "book/make/plan.h"
#include "book/spec/spec.h"
#include "book/text/skin.h"
#include "book/text/wording.h"
#include "engine/generator.h"
#include "engine/killer.h"
#include "render/layout.h"
#include "render/layout_style.h"
#include "render/text_measure.h"

namespace puzzlepress::book {

/// What every page maker may read.
struct PageContext {
  const BookSpec& spec;
  const render::LayoutStyle& style;
  const std::vector<engine::Puzzle>& puzzles;  ///< book order
  const std::vector<SymbolSet>& symbols;       ///< symbols[k]: how puzzle k prints
  const std::vector<engine::Layout>& layouts;  ///< layouts[k]: puzzle k's kind (its houses)
  const render::TextMeasure& measure;
  std::string version;                         ///< program version, for the copyright page
  const Wording& words;                        ///< the book's language with the spec's overrides
  const std::vector<BookHint>& hints;          ///< hints[k]: puzzle k's (empty without hints or glossary)
  const std::vector<GlossaryEntry>& glossary;  ///< the glossary's entries (empty without one)
  /// Where puzzles and solutions are printed, for "Solution on page N" / "Puzzle N, page M"
  /// (when spec.cross_references); null: the plan is not final yet, no cross-reference printed.
  const CrossReferences* references = nullptr;
  /// (*killers)[k]: puzzle k's cages when it is a killer (Book::killers); null: no killer.
  const std::vector<engine::Killer>* killers = nullptr;
  /// Puzzle k's killer, or null when it is none.
  const engine::Killer* killer(int k) const {
    if (killers == nullptr || (*killers)[static_cast<std::size_t>(k)].cages.empty()) return nullptr;
    return &(*killers)[static_cast<std::size_t>(k)];
  }
};

/// The puzzles (0-based, book order) the Hints section gives a line: all but those that need
/// singles only, which its paragraph names instead.
std::vector<int> hint_listed_puzzles(const std::vector<BookHint>& hints);
/// The Hints section's entries for `listed` (hint_listed_puzzles): "Puzzle 57" and its sentence.
std::vector<render::ListEntry> hint_entries(const std::vector<BookHint>& hints, const std::vector<int>& listed,
                                            const Wording& words);
/// The paragraph under the Hints heading: how to read a line, then the puzzles left out. With
/// x, hyper or jigsaw puzzles among `sections` it also says how their houses are numbered; with
/// killers, that a killer's line comes after its cage combinations.
std::string hint_intro(const std::vector<BookHint>& hints, const Wording& words,
                       const std::vector<Section>& sections = {});
/// The label every hints page aligns its texts to: the widest "Puzzle N" of the book.
std::string hint_label_sample(int puzzle_count, const Wording& words);
/// The glossary's items: each entry's figure, name, definition and caption.
std::vector<render::GlossaryItem> glossary_items(const PageContext& context);

/// A laid-out page, its grid boxes (points, slot order; none on text pages) and the side of its
/// smallest cell (points; 0 on text pages).
struct LaidPage {
  render::Page page;
  std::vector<render::Box> grid_boxes;
  double smallest_cell_pt = 0;
  std::string overwide_line{};  ///< a label or footnote wider than its grid (render::GridPageLayout)
};

/// The last puzzle (0-based book index) the maker of `planned` reads: the highest on a puzzles or
/// solutions page; the last of the book for the copyright page (it says whether every puzzle is
/// logic-only) and for hints and glossary pages; -1 for pages that read none. A build may lay a
/// page out as soon as puzzles 0 to this one are made (book/make/build.cpp). A maker that starts
/// reading puzzles must say so here.
int last_puzzle_read(const PlannedPage& planned, int puzzle_count);

/// Lays out `planned` in `frame` with the maker for its kind.
LaidPage lay_out_page(const PageContext& context, const PlannedPage& planned, const render::PageFrame& frame);

}  // namespace puzzlepress::book
