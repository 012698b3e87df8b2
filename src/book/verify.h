// verify: re-checks a book's manifest from its stored data alone (a QA step before upload).
#pragma once

#include <string>
#include <vector>

#include "book/manifest.h"

namespace puzzlepress::book {

/// Every problem found, one line each, in this order (empty when the manifest is sound):
///   per puzzle, in manifest order: engine::validate_sized's findings (any size),
///     "puzzle 17: " + message (e.g. "puzzle 17: r3c4: given 7 but the solution has 2");
///     "puzzle 17: symbols: " + symbols_problem (skin.h); "puzzle 17: marked not valid"
///     when its stored valid flag is false; "puzzle 17: page 0 is outside the book (1-140)",
///     the same for "solution page"; "puzzle 17: solution page 12 is not after its page 30";
///     for a book graded by techniques, the puzzle is graded again (solve_logically_sized):
///     "puzzle 17: labelled hard
///     but needs extreme techniques (rating 4.2)" and "puzzle 17: recorded rating 3.4 but the
///     puzzle rates 4.2";
///   numbering: "puzzle numbers: expected 5 after 4, found 6" (or "expected 1 first, found 2")
///     at each break of the run 1..N;
///   pages: "page count 25 is odd", "page count 20 is below KDP's minimum of 24",
///     "page count 600 is above KDP's limit of 590 for 8.5x11 on white paper";
///   the trim: "trim '6x10' is not a trim: <parse_trim's message>", or
///     "page size 612 x 792 pt does not match trim 6x9 (432 x 648 pt)" (" with bleed" after the
///     trim name when bleed; sizes within 0.01 pt match);
///   grids: "puzzle 17: grid [x, y, w, h] is not inside the margins of page 30" (KDP's
///     minimum margins for the book's page count, checked when the page count itself is right;
///     likewise "solution grid");
///   "the manifest lists no puzzles" first, when it lists none.
std::vector<std::string> verify_manifest(const Manifest& manifest);

/// A length in points as printed in messages: up to 2 decimals, no trailing zeros ("612",
/// "441.5", "595.44").
std::string format_pt(double points);

}  // namespace puzzlepress::book
