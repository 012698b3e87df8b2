// Hints: for each puzzle of a book, the first step a solver needs beyond singles (the engine's
// engine::first_hint), put in words with the puzzle's own faces — its digits, letters or the
// names of its shapes — and numbered by the puzzle. The Hints section prints these lines, the
// manifest records them, and verify recomputes them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "book/text/skin.h"
#include "book/text/wording.h"
#include "engine/hint.h"
#include "engine/killer.h"
#include "engine/shape.h"
#include "engine/generator.h"
#include "render/figure.h"

namespace puzzlepress::book {

/// One puzzle's hint: the engine's step and its sentence in the puzzle's faces.
struct BookHint {
  engine::Hint step;
  std::string sentence;  ///< e.g. "row 4: the pair 2/7 in r4c2 and r4c8 removes 2 and 7 from the rest of the row"
  /// The technique the glossary explains for it; unset for "singles only", trial, invalid.
  std::optional<engine::Technique> technique() const;
};

/// The facts of `hint` (cells, units and digits in `shape`'s numbering) named for print with
/// `symbols` (shapes by their names: "circle") in `words`' language.
HintFacts hint_facts(const engine::Hint& hint, engine::Shape shape, const SymbolSet& symbols, const Wording& words);
/// The same under `geometry`'s houses (a variant's: "region 3", "diagonal 1", "window 2").
HintFacts hint_facts(const engine::Hint& hint, const engine::Geometry& geometry, const SymbolSet& symbols,
                     const Wording& words);

/// The sentence for the hint of `givens`, printed with `symbols`: first_hint, then
/// hint_sentence(hint_facts(...)). Pure: verify calls it to recompute a recorded hint.
BookHint book_hint(const engine::Grid& givens, const SymbolSet& symbols, const Wording& words);
/// book_hint under the houses of `layout`'s kind (classic: the above).
BookHint book_hint(const engine::Grid& givens, const engine::Layout& layout, const SymbolSet& symbols,
                   const Wording& words);

/// The hint of a killer: engine::first_hint(killer, givens) in words, killer techniques in
/// killer terms ("row 4: the one empty innie, r4c7, must be 6"; Wording::hint_sentence).
BookHint book_hint(const engine::Killer& killer, const engine::Grid& givens, const SymbolSet& symbols,
                   const Wording& words);

/// book_hint of every puzzle, on `jobs` threads (<= 0: all cores); the same for any `jobs`.
/// killers[k] with cages (Book::killers): puzzle k is that killer (its hint the killer one).
std::vector<BookHint> book_hints(const std::vector<engine::Puzzle>& puzzles, const std::vector<engine::Layout>& layouts,
                                 const std::vector<SymbolSet>& symbols, const Wording& words, int jobs,
                                 const std::vector<engine::Killer>& killers = {});

/// One glossary entry: a technique, and the puzzle whose hint illustrates it (the first one in
/// book order whose hint uses it).
struct GlossaryEntry {
  engine::Technique technique = engine::Technique::pointing;
  int puzzle = 0;  ///< 0-based book index
};

/// The techniques the hints use, in the solver's order (engine::kTechniqueOrder), each with its
/// first puzzle.
std::vector<GlossaryEntry> glossary_entries(const std::vector<BookHint>& hints);

/// The glossary's figure for `hint` of a puzzle printed with `symbols`: the position after the
/// singles (givens black, symbols the singles placed grey; no symbols on grids over 9 x 9,
/// whose cells are too small at this size), the pattern's cells shaded light, the cells that lose
/// a candidate shaded dark.
render::Figure glossary_figure(const BookHint& hint, engine::Shape shape, const engine::Grid& givens,
                               const SymbolSet& symbols);

}  // namespace puzzlepress::book
