// verify: re-checks a book's manifest from its stored data alone (a QA step before upload).
#pragma once

#include <string>
#include <vector>

#include "book/kdp/format_pt.h"
#include "book/manifest/manifest.h"

namespace puzzlepress::book {

/// Every problem found, one line each, in this order (empty when the manifest is sound):
///   per puzzle, in manifest order: engine::validate's findings (any size),
///     "puzzle 17: " + message (e.g. "puzzle 17: r3c4: given 7 but the solution has 2");
///     "puzzle 17: symbols: " + symbols_problem (skin.h); "puzzle 17: marked not valid"
///     when its stored valid flag is false; "puzzle 17: page 0 is outside the book (1-140)",
///     the same for "solution page"; "puzzle 17: solution page 12 is not after its page 30";
///     for a book graded by techniques, the puzzle is graded again (solve_logically):
///     "puzzle 17: labelled hard
///     but needs extreme techniques (rating 4.2)" and "puzzle 17: recorded rating 3.4 but the
///     puzzle rates 4.2";
///   when the manifest says allow_trial: false, each puzzle with one solution is solved by
///     logic again: "puzzle 17: needs trial and error, but the book does not allow trial
///     (allow_trial: false)";
///   with hints, each recorded hint is recomputed (book_hint): "puzzle 21: hint '<recorded>'
///     but the first step beyond singles is '<recomputed>'" (or "puzzle 21: hint technique
///     'x' but the step is 'y'"), and "puzzle 21: hint page 0 is outside the book (1-46)";
///   numbering: "puzzle numbers: expected 5 after 4, found 6" (or "expected 1 first, found 2")
///     at each break of the run 1..N;
///   how to play: "how to play (page 3) names the grades easy, medium, hard, extreme and evil
///     but the puzzles are easy and hard" (and "how to play (page 0) is outside the book (1-40)");
///   pages: "page count 25 is odd", "page count 20 is below KDP's minimum of 24",
///     "page count 600 is above KDP's limit of 590 for 8.5x11 on white paper";
///   the trim: "trim '6x10' is not a trim: <parse_trim's message>", or
///     "page size 612 x 792 pt does not match trim 6x9 (432 x 648 pt)" (" with bleed" after the
///     trim name when bleed; sizes within 0.01 pt match);
///   grids: "puzzle 17: grid [x, y, w, h] is not inside the margins of page 30" (KDP's
///     minimum margins for the book's page count, checked when the page count itself is right;
///     likewise "solution grid");
///   "the manifest lists no puzzles" first, when it lists none;
///   the cover's record, when there is one (verify_cover_record), last.
std::vector<std::string> verify_manifest(const Manifest& manifest);

/// The grades of the manifest's puzzles (killers have none), easiest first, each once.
std::vector<engine::Grade> manifest_grades(const Manifest& manifest);

/// Problems of the manifest's cover record against the printer's rules, one line each (empty
/// when there is no record or it is sound; nothing when the trim is not a trim, which
/// verify_manifest reports):
///   "cover: spine 0.3 in does not match KDP's 0.3153 in for 140 pages of white paper" (the
///     formula's spine, to 0.0001 in; spine_in_from_spec: "cover: spine 0.5 in (from the spec)
///     is 0.185 in off KDP's 0.3153 in for 140 pages of white paper; more than 0.0625 in is
///     rejected"); "cover: spine 5 in is not a paperback spine (more than 0, at most 3 in)";
///   "cover: size 900 x 666 pt does not match trim 6x9 with a 0.3153 in spine (914.7 x 666 pt)";
///   "cover: front panel [x, y, w, h] does not match the geometry [x, y, w, h]" (likewise
///     back panel, spine, barcode box; within 0.01 pt);
///   "cover: spine text on a 60-page book; KDP prints it from 79 pages" and "cover: spine
///     text on a 0.2 in spine, whose band between the folds is under 7 pt".
std::vector<std::string> verify_cover_record(const Manifest& manifest);

}  // namespace puzzlepress::book
