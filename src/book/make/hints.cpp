#include "book/make/hints.h"

#include <algorithm>

#include "book/text/figures.h"
#include "render/marks.h"

namespace puzzlepress::book {
namespace {

/// Grey of a glossary figure's pattern cells and of the cells that lose a candidate.
constexpr double kPatternGrey = 0.85;
constexpr double kTargetGrey = 0.6;

struct Names {
  const engine::Geometry& geometry;  ///< its houses: rows, columns, boxes or regions, then others
  const SymbolSet& symbols;
  const Wording& words;

  int n() const { return geometry.size(); }
  std::string cell(int index) const { return words.cell_name(index / n() + 1, index % n() + 1); }
  std::string unit(int u) const {
    const engine::HouseKind kind = geometry.house_kind(u);
    const int number = kind == engine::HouseKind::region ? region_number(u) : geometry.tables().house_index[u] + 1;
    return words.unit_name(static_cast<int>(kind), number);
  }
  // A jigsaw region's number as the hints intro tells it: regions counted in reading order of
  // their first (top-left) cell, as boxes are.
  int region_number(int house) const {
    std::vector<int> seen;
    for (int cell = 0; cell < geometry.cells(); ++cell) {
      const int block = geometry.houses_of(cell)[2];
      if (std::find(seen.begin(), seen.end(), block) == seen.end()) seen.push_back(block);
      if (block == house) break;
    }
    return static_cast<int>(seen.size());
  }
  std::string unit_kind(int u) const { return words.unit_kind_name(static_cast<int>(geometry.house_kind(u))); }
  std::string symbol(int value) const {
    if (value < 1 || value > static_cast<int>(symbols.names.size())) return std::to_string(value);
    const std::string& face = symbols.names[static_cast<std::size_t>(value - 1)];
    if (symbols.skin == Skin::shapes) {
      if (const auto mark = render::parse_mark(face)) return words.shape_name(*mark);
    }
    return face;
  }
  std::vector<std::string> cells(const std::vector<int>& list) const {
    std::vector<std::string> out;
    for (int c : list) out.push_back(cell(c));
    return out;
  }
  // Lines as "rows 2 and 7"; "" unless they are all rows or all columns.
  std::string lines(const std::vector<int>& units) const {
    if (units.empty()) return "";
    const int kind = units[0] / n();
    std::vector<int> numbers;
    for (int u : units) {
      if (u / n() != kind || kind > 1) return "";
      numbers.push_back(u % n() + 1);
    }
    return words.lines_name(kind, numbers);
  }
};

// The house a pointing or claiming step removes from: the first house (in the geometry's order:
// rows, columns, blocks, then diagonals and windows) other than the step's own that holds the
// pattern's cells and every cell the step removes from; -1 when none does. On a classic grid
// that is the row or column a box points along, or the box a line claims.
int target_house(const engine::Geometry& geometry, const engine::Hint& hint) {
  if (hint.cells.empty()) return -1;
  for (const int house : geometry.houses_of(hint.cells[0])) {
    if (house == hint.unit) continue;
    const auto cells = geometry.house(house);
    const auto holds = [&](int cell) { return std::find(cells.begin(), cells.end(), cell) != cells.end(); };
    if (std::all_of(hint.cells.begin(), hint.cells.end(), holds) &&
        std::all_of(hint.eliminations.begin(), hint.eliminations.end(),
                    [&](const engine::CellDigit& e) { return holds(e.cell); })) {
      return house;
    }
  }
  return -1;
}

// The killer techniques' facts (engine/logic_killer_*.cpp's steps): the sum, the cage, its
// combinations, the rule of 45's region and side.
void killer_facts(const engine::Hint& hint, const Names& names, HintFacts& f) {
  using engine::Technique;
  const Technique t = hint.technique;
  if (!engine::reads_cages(t)) return;
  f.sum = std::to_string(hint.sum);
  if (t == Technique::cage_combination) {
    f.cage = names.cells(hint.cells);
    for (const int mask : hint.combinations) {
      std::string combination;
      for (int d = 1; d <= names.n(); ++d)
        if (mask & (1 << (d - 1))) combination += (combination.empty() ? "" : "+") + names.symbol(d);
      f.combinations.push_back(combination);
    }
  } else if (t == Technique::killer_subset) {
    f.cage = names.cells(hint.extra_cells);
  } else if (t == Technique::cage_house_intersection) {
    f.cage = names.cells(hint.extra_cells);
    // As the engine words it: the house's places for the digit all lie in the cage when a cell
    // of the cage loses it.
    f.from_house = hint.unit >= 0 && !hint.eliminations.empty() &&
                   std::find(hint.extra_cells.begin(), hint.extra_cells.end(), hint.eliminations[0].cell) !=
                       hint.extra_cells.end();
  } else if (!hint.units.empty() && !hint.cells.empty()) {
    const engine::Geometry& g = names.geometry;
    bool inside = false;
    for (const int house : hint.units) {
      const auto cells = g.house(house);
      inside = inside || std::find(cells.begin(), cells.end(), hint.cells[0]) != cells.end();
    }
    f.outies = !inside;
    const std::string lines = hint.units.size() == 1 ? names.unit(hint.units[0]) : names.lines(hint.units);
    if (!lines.empty()) f.region = {lines};
    else  // boxes side by side
      for (const int house : hint.units) f.region.push_back(names.unit(house));
  }
}

}  // namespace

std::optional<engine::Technique> BookHint::technique() const {
  if (step.singles_only || step.needs_trial || step.values.empty()) return std::nullopt;
  return step.technique;
}

HintFacts hint_facts(const engine::Hint& hint, engine::Shape shape, const SymbolSet& symbols, const Wording& words) {
  return hint_facts(hint, engine::classic_geometry(shape), symbols, words);
}

HintFacts hint_facts(const engine::Hint& hint, const engine::Geometry& geometry, const SymbolSet& symbols,
                     const Wording& words) {
  using Kind = HintFacts::Kind;
  HintFacts f;
  if (hint.singles_only) f.kind = Kind::singles_only;
  else if (hint.needs_trial) f.kind = Kind::needs_trial;
  else if (hint.values.empty()) f.kind = Kind::invalid;
  if (f.kind != Kind::step) return f;
  const Names names{geometry, symbols, words};
  f.technique = hint.technique;
  if (hint.unit >= 0) {
    f.unit = names.unit(hint.unit);
    f.unit_kind = names.unit_kind(hint.unit);
  }
  f.cells = names.cells(hint.cells);
  for (int d : hint.digits) f.symbols.push_back(names.symbol(d));
  if (hint.technique == engine::Technique::pointing || hint.technique == engine::Technique::claiming) {
    if (const int target = target_house(geometry, hint); target >= 0) f.target = names.unit(target);
  }
  const bool fish =
      hint.technique == engine::Technique::x_wing || hint.technique == engine::Technique::swordfish ||
      hint.technique == engine::Technique::jellyfish || hint.technique == engine::Technique::finned_x_wing ||
      hint.technique == engine::Technique::sashimi_x_wing || hint.technique == engine::Technique::finned_swordfish ||
      hint.technique == engine::Technique::sashimi_swordfish;
  if (fish && hint.units.size() >= 2 && hint.units.size() % 2 == 0) {
    const std::size_t half = hint.units.size() / 2;
    f.base_lines = names.lines({hint.units.begin(), hint.units.begin() + static_cast<long>(half)});
    f.cover_lines = names.lines({hint.units.begin() + static_cast<long>(half), hint.units.end()});
    if (f.base_lines.empty() || f.cover_lines.empty()) f.base_lines.clear();
    if (hint.technique != engine::Technique::x_wing && hint.technique != engine::Technique::swordfish &&
        hint.technique != engine::Technique::jellyfish) {
      f.fins = names.cells(hint.extra_cells);
    }
  }
  // Removals grouped by symbol; symbols that leave the same cells together.
  std::vector<int> digits;
  for (const auto& e : hint.eliminations) {
    if (std::find(digits.begin(), digits.end(), e.digit) == digits.end()) digits.push_back(e.digit);
  }
  std::sort(digits.begin(), digits.end());
  std::vector<std::pair<std::vector<int>, std::vector<int>>> groups;  // (digits, cells)
  for (int d : digits) {
    std::vector<int> cells;
    for (const auto& e : hint.eliminations) {
      if (e.digit == d) cells.push_back(e.cell);
    }
    std::sort(cells.begin(), cells.end());
    auto same = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.second == cells; });
    if (same != groups.end()) same->first.push_back(d);
    else groups.push_back({{d}, cells});
  }
  for (const auto& [ds, cells] : groups) {
    std::vector<std::string> named;
    for (int d : ds) named.push_back(names.symbol(d));
    f.removals.push_back({named, names.cells(cells)});
  }
  for (const auto& p : hint.placements) f.placements.push_back({names.cell(p.cell), names.symbol(p.digit)});
  killer_facts(hint, names, f);
  return f;
}

BookHint book_hint(const engine::Grid& givens, const SymbolSet& symbols, const Wording& words) {
  BookHint hint;
  hint.step = engine::first_hint(givens);
  hint.sentence = words.hint_sentence(hint_facts(hint.step, givens.shape, symbols, words));
  return hint;
}

BookHint book_hint(const engine::Grid& givens, const engine::Layout& layout, const SymbolSet& symbols,
                   const Wording& words) {
  if (layout.kind == engine::Kind::classic) return book_hint(givens, symbols, words);
  BookHint hint;
  const engine::GeometryBuild built = engine::variant_geometry(layout);
  if (!built.geometry || !(givens.shape == layout.shape)) {
    hint.step.text = "not a valid puzzle";
    hint.sentence = words.hint_sentence(hint_facts(hint.step, givens.shape, symbols, words));
    return hint;
  }
  hint.step = engine::first_hint(givens, *built.geometry);
  hint.sentence = words.hint_sentence(hint_facts(hint.step, *built.geometry, symbols, words));
  return hint;
}

BookHint book_hint(const engine::Killer& killer, const engine::Grid& givens, const SymbolSet& symbols,
                   const Wording& words) {
  BookHint hint;
  hint.step = engine::first_hint(killer, givens);
  hint.sentence = words.hint_sentence(hint_facts(hint.step, engine::killer_geometry(killer.shape), symbols, words));
  return hint;
}

std::vector<BookHint> book_hints(const std::vector<engine::Puzzle>& puzzles, const std::vector<engine::Layout>& layouts,
                                 const std::vector<SymbolSet>& symbols, const Wording& words, int jobs,
                                 const std::vector<engine::Killer>& killers) {
  const auto killer = [&](std::size_t i) { return i < killers.size() && !killers[i].cages.empty(); };
  const auto classic = [&](std::size_t i) { return layouts[i].kind == engine::Kind::classic && !killer(i); };
  std::vector<engine::Grid> boards;   // the classic puzzles', on `jobs` threads
  std::vector<engine::Killer> cages;  // the killers', on `jobs` threads
  std::vector<engine::Grid> killer_givens;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (classic(i)) boards.push_back(puzzles[i].givens);
    if (killer(i)) {
      cages.push_back(killers[i]);
      killer_givens.push_back(puzzles[i].givens);
    }
  }
  std::vector<engine::Hint> steps = engine::first_hints(boards, jobs);
  std::vector<engine::Hint> killer_steps = engine::first_hints(cages, killer_givens, jobs);
  std::vector<BookHint> hints(puzzles.size());
  std::size_t next = 0, next_killer = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (killer(i)) {
      hints[i].step = std::move(killer_steps[next_killer++]);
      hints[i].sentence =
          words.hint_sentence(hint_facts(hints[i].step, engine::killer_geometry(puzzles[i].shape), symbols[i], words));
      continue;
    }
    if (!classic(i)) {  // each under its own geometry, on this thread
      hints[i] = book_hint(puzzles[i].givens, layouts[i], symbols[i], words);
      continue;
    }
    hints[i].step = std::move(steps[next++]);
    hints[i].sentence = words.hint_sentence(hint_facts(hints[i].step, puzzles[i].shape, symbols[i], words));
  }
  return hints;
}

std::vector<GlossaryEntry> glossary_entries(const std::vector<BookHint>& hints) {
  std::vector<GlossaryEntry> entries;
  for (engine::Technique t : engine::kTechniqueOrder) {
    for (std::size_t k = 0; k < hints.size(); ++k) {
      if (hints[k].technique() == t) {
        entries.push_back({t, static_cast<int>(k)});
        break;
      }
    }
  }
  return entries;
}

render::Figure glossary_figure(const BookHint& hint, engine::Shape shape, const engine::Grid& givens,
                               const SymbolSet& symbols) {
  render::Figure f;
  f.size = shape.size();
  f.box_rows = shape.box_rows;
  f.box_cols = shape.box_cols;
  f.cells.resize(static_cast<std::size_t>(shape.cells()));
  const bool with_symbols = shape.size() <= 9;
  for (int i = 0; i < shape.cells() && i < static_cast<int>(hint.step.values.size()); ++i) {
    const int value = hint.step.values[static_cast<std::size_t>(i)];
    if (value == 0 || !with_symbols) continue;
    f.cells[static_cast<std::size_t>(i)] = symbol_cell(
        symbols, value, givens.cells[static_cast<std::size_t>(i)] != 0 ? render::Ink::given : render::Ink::solved);
  }
  std::vector<int> pattern = hint.step.cells;
  pattern.insert(pattern.end(), hint.step.extra_cells.begin(), hint.step.extra_cells.end());
  std::vector<int> targets;
  for (const auto& e : hint.step.eliminations) targets.push_back(e.cell);
  for (const auto& p : hint.step.placements) targets.push_back(p.cell);
  for (int c : pattern) {
    if (std::find(targets.begin(), targets.end(), c) != targets.end()) continue;
    if (std::none_of(f.shaded_cells.begin(), f.shaded_cells.end(), [&](const auto& s) { return s.first == c; })) {
      f.shaded_cells.push_back({c, kPatternGrey});
    }
  }
  for (int c : targets) {
    if (std::none_of(f.shaded_cells.begin(), f.shaded_cells.end(), [&](const auto& s) { return s.first == c; })) {
      f.shaded_cells.push_back({c, kTargetGrey});
    }
  }
  return f;
}

}  // namespace puzzlepress::book
