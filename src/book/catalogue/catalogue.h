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

/// A book's edition as the catalogue records it: the trim as the spec (and so the manifest)
/// writes it, e.g. "6x9", "8.5x11". The same spec exported at another trim is another edition of
/// the same puzzles; at the same trim with another layout it is the same edition (the latest
/// export's pages are recorded): the manifest records no layout.
std::string catalogue_edition(const std::string& trim_as_written);

/// A book's identity in the catalogue: its title, base seed and edition. The same spec rebuilt
/// is the same book (its entries replaced); exported at another trim, another edition of the
/// same puzzles (BookPuzzles: title and seed), registered beside it; another seed is another book.
std::string catalogue_book_key(const std::string& title, std::uint32_t seed, const std::string& edition);

/// The catalogue's record of each of the manifest's puzzles (canonical forms computed on
/// `jobs` threads, <= 0: all cores). With `solutions` also the canonical solutions (about
/// 0.1 ms each for 9x9, engine/canonical.h); without, solution_form stays empty (enough for
/// lookups by form).
std::vector<CatalogueEntry> catalogue_entries(const Manifest& manifest, int jobs, bool solutions = true);

/// Checks a manifest `catalogue add` is to register: its numbers 1..N, each once; each puzzle's
/// givens without a clash, its solution a full grid of the givens' size without a clash, and
/// every given the solution's. Throws InputError "FILE: puzzles[3].number: 2 is the number of
/// puzzles[1] too" (the JSON path, then what is wrong). Uniqueness of the solution is verify's.
void check_catalogue_manifest(const Manifest& manifest, const std::string& file);

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
  int number = 0;            ///< ours, 1-based
  int page = 0;              ///< ours (0: not laid out)
  bool by_solution = false;  ///< the same solution grid (unique_by: solution), not the same puzzle
  StoredPuzzle theirs;
};

/// Our puzzles (of the book `book`, any edition of it) that other books hold: by canonical form,
/// and with `by_solution` also by canonical solution. In our order, then theirs.
std::vector<CatalogueClash> find_clashes(CatalogueStore& store, const std::vector<CatalogueEntry>& ours,
                                         const BookPuzzles& book, bool by_solution);

/// How many of our puzzles `clashes` name (a puzzle two books hold clashes twice).
int puzzles_clashing(const std::vector<CatalogueClash>& clashes);

/// "puzzle 3 (page 5) is puzzle 17 (page 12) of 'Sudoku Vol. 1'" (", the same solution" when
/// by solution).
std::string describe_clash(const CatalogueClash& clash);

/// "'Sudoku Vol. 1', volume 2, 6x9 edition, puzzle 17, page 12" (no edition for a book an older
/// puzzlepress registered).
std::string describe_stored(const StoredPuzzle& puzzle);

/// A puzzle a reader sends in, as `catalogue find` looks it up.
struct ReaderPuzzle {
  /// "" when the puzzle has one solution; else why no book can print it ("it has no solution",
  /// "it has more than one solution", "its solution was not settled in 10000000 search nodes").
  std::string not_printable;
  std::string solution_form;  ///< the canonical form of its one solution
  engine::Grid givens;
};

/// Reads and solves a reader's puzzle (fast for any size: the solver, not the canonical search,
/// which a sparse 12x12 or 16x16 board can keep busy for minutes). Throws InputError at `place`
/// when the text is no grid ("bad character U+FF11 '１' at position 1 (expected 1-9, A-G, '.' or
/// '0')" for a character that is not ASCII) or its givens clash.
ReaderPuzzle read_reader_puzzle(const std::string& puzzle_text, const Place& place);

/// What `catalogue find` found for a reader's puzzle.
struct ReaderFinds {
  std::vector<StoredPuzzle> same;  ///< the puzzle itself, or one equivalent to it
  /// Puzzles of the same solution grid (up to equivalence) but other givens: most often the
  /// reader's copy of one of them with some cells filled in (the catalogue keeps canonical forms
  /// only, so which is not told apart from another puzzle of that solution).
  std::vector<StoredPuzzle> same_solution;
};

/// The books that hold `puzzle` or one equivalent to it: the stored puzzles of its solution's
/// canonical form (an index lookup) whose canonical form is the puzzle's (`same`), the others
/// `same_solution`; the puzzle's own canonical form is computed only when some stored puzzle has
/// its solution (and every printed puzzle's form was computed once already, at build). None for
/// a puzzle no book can print.
ReaderFinds find_reader_puzzle(CatalogueStore& store, const ReaderPuzzle& puzzle);

/// The current UTC time, "2026-12-04T01:20:00Z".
std::string utc_now();

}  // namespace puzzlepress::book
