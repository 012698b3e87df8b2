// A generated puzzle as the manifest records it, and a recorded puzzle as the engine checks it
// (book/manifest/manifest.h).
#include "book/manifest/manifest.h"

#include "engine/technique.h"

namespace puzzlepress::book {

ManifestPuzzle to_manifest_puzzle(const engine::Puzzle& p, const engine::Layout& layout, const SymbolSet& symbols,
                                  int number, const engine::Killer* killer) {
  ManifestPuzzle mp;
  if (killer != nullptr) mp.killer_text = engine::killer_text(*killer, p.givens);
  mp.number = number;
  mp.layout = layout;
  mp.symbols = symbols;
  mp.symbols.word_row.reset();
  mp.grade = p.grade;
  mp.seed = p.seed;
  mp.clues = p.clues;
  mp.givens = p.givens;
  mp.solution = p.solution;
  mp.valid = p.valid;
  mp.rating = p.rating;
  mp.tier = p.tier;
  for (auto t : engine::kTechniqueOrder) {
    const int n = p.technique_counts[static_cast<int>(t)];
    if (n) mp.techniques.emplace_back(engine::technique_name(t), n);
  }
  return mp;
}

engine::Puzzle to_engine_puzzle(const ManifestPuzzle& mp, engine::Grading grading) {
  engine::Puzzle p;
  p.shape = mp.givens.shape;
  p.seed = mp.seed;
  p.grade = mp.grade;
  p.clues = mp.clues;
  p.givens = mp.givens;
  p.solution = mp.solution;
  p.valid = mp.valid;
  p.grading = grading;
  p.rated = mp.rating > 0;
  p.rating = mp.rating;
  p.tier = mp.tier;
  return p;
}

}  // namespace puzzlepress::book
