// Which of a catalogue's books `catalogue remove` takes out: a book named as `catalogue list`
// names it (title, seed, edition), its editions chosen before any is removed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "book/catalogue/catalogue_store.h"

namespace puzzlepress::book {

/// A book to remove: its title exactly as registered; its seed when the title names several
/// books; its edition (catalogue_edition: the trim as written, "6x9") to keep the others.
struct RemovalRequest {
  std::string title;
  std::optional<std::uint32_t> seed;   ///< nullopt: whichever seed, when only one has the title
  std::optional<std::string> edition;  ///< nullopt: every edition
};

/// What a request selects among `books` (CatalogueStore::books()).
struct RemovalPlan {
  std::vector<CatalogueBook> editions;  ///< to remove, in the catalogue's order; empty when none
  /// Two or more when the title (and edition) names books of several seeds and no seed was
  /// given: ambiguous, nothing is removed.
  std::vector<std::uint32_t> seeds;
  /// When nothing matches: why ("no book 'Sudoku'", "no book 'Sudoku' with seed 5 (its seeds: 9)",
  /// "no 8x10 edition of 'Sudoku' (its editions: 6x9, 8.5x11)").
  std::string miss;
  /// When no book has the title: the titles nearest to it (case aside, one holding the other, or
  /// a few letters apart), nearest first, at most 5.
  std::vector<std::string> near;
};

RemovalPlan plan_removal(const std::vector<CatalogueBook>& books, const RemovalRequest& request);

/// "'Sudoku' (volume 2, 6x9 edition)": a book's edition as `catalogue remove` reports it (no
/// parentheses for a book an older puzzlepress registered without an edition or volume).
std::string describe_edition(const CatalogueBook& book);

}  // namespace puzzlepress::book
