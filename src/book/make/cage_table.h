// The cage combination table of a killer book (spec `killer_table: true`): for cages of 2 to 6
// cells, every sum their different digits reach and the sets of digits that make it, the sums
// with one set only in bold (the ones a solver places at once). Computed by the engine
// (engine/cage_combinations.h), laid out by render's table pages (render/layout.h), right after
// How to Play. A book of 6x6 killers only gets digits 1-6; one of 9x9 killers, 1-9; one with
// both sizes, both parts in the order the book first has them, each under "Digits 1 to N".
#pragma once

#include <vector>

#include "book/make/pages.h"
#include "book/spec/layout_preset.h"
#include "render/layout.h"

namespace puzzlepress::book {

/// Cage sizes the table lists.
inline constexpr int kCageTableFewestCells = 2;
inline constexpr int kCageTableMostCells = 6;

/// The largest digit of each part of the table: each killer size's side (6, 9), in the order
/// the book first has it; empty without killers.
std::vector<int> cage_table_digits(const std::vector<Section>& sections);

/// The table in the book's words: per part, a group for each cage size ("2 cells"; the part's
/// "Digits 1 to N" on its first group when there are two parts), a row for each sum (its label
/// the sum, its entries the combinations as digit strings, "12"), bold when one combination.
std::vector<render::TableGroup> cage_table_groups(const std::vector<int>& digits, const Wording& words);

/// Rows each table page takes when the table starts on a page framed `frame` (an empty table:
/// none).
std::vector<int> cage_table_pages(const BookSpec& spec, const render::LayoutStyle& style,
                                  const render::PageFrame& frame);

/// The table page `planned` (its entries: the rows it takes, consecutive).
LaidPage cage_table_page(const PageContext& context, const PlannedPage& planned, const render::PageFrame& frame);

}  // namespace puzzlepress::book
