// The catalogue: which puzzles a publisher's books hold, so that no puzzle is printed twice
// (rotated, mirrored and relabelled ones included: engine/canonical.h), and which book and page
// holds a puzzle a reader sends in. Storage: catalogue_store.h.
#pragma once

#include <string>
#include <vector>

#include "book/catalogue/catalogue_store.h"
#include "book/manifest/manifest.h"
#include "engine/grid.h"

namespace puzzlepress::book {

/// A book's identity in the catalogue: its title and base seed. The same spec rebuilt, or
/// exported again at another trim or layout, is the same book; another seed is another book.
std::string catalogue_book_key(const std::string& title, std::uint32_t seed);

/// The catalogue's record of each of the manifest's puzzles (canonical forms computed on
/// `jobs` threads, <= 0: all cores). With `solutions` also the canonical solutions (about
/// 0.1 ms each for 9x9, engine/canonical.h); without, solution_form stays empty (enough for
/// lookups by form).
std::vector<CatalogueEntry> catalogue_entries(const Manifest& manifest, int jobs, bool solutions = true);

/// A puzzle's canonical form and canonical solution as text (engine/canonical.h).
struct PuzzleForms {
  std::string form;
  std::string solution_form;
};
PuzzleForms puzzle_forms(const engine::Grid& givens, const engine::Grid& solution);

/// catalogue_entries with the forms already computed (forms[i] for the manifest's puzzle i).
std::vector<CatalogueEntry> catalogue_entries(const Manifest& manifest, const std::vector<PuzzleForms>& forms);

/// A puzzle of ours that another book of the catalogue holds.
struct CatalogueClash {
  int number = 0;  ///< ours, 1-based
  int page = 0;    ///< ours (0: not laid out)
  bool by_solution = false;  ///< the same solution grid (unique_by: solution), not the same puzzle
  StoredPuzzle theirs;
};

/// Our puzzles (of the book `key`) that other books hold: by canonical form, and with
/// `by_solution` also by canonical solution. In our order, then theirs.
std::vector<CatalogueClash> find_clashes(CatalogueStore& store, const std::vector<CatalogueEntry>& ours,
                                         const std::string& key, bool by_solution);

/// "puzzle 3 (page 5) is puzzle 17 (page 12) of 'Sudoku Vol. 1'" (", the same solution" when
/// by solution).
std::string describe_clash(const CatalogueClash& clash);

/// "'Sudoku Vol. 1', volume 2, puzzle 17, page 12".
std::string describe_stored(const StoredPuzzle& puzzle);

/// The canonical form of a puzzle a reader sends in (any size, any transformation of a printed
/// one): the text of engine::canonical_form. Throws InputError at `place` when the text is no
/// grid or its givens clash.
std::string canonical_text(const std::string& puzzle_text, const Place& place);

/// The current UTC time, "2026-12-04T01:20:00Z".
std::string utc_now();

}  // namespace puzzlepress::book
