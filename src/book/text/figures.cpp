#include "book/text/figures.h"

#include "book/text/wording.h"

namespace puzzlepress::book {
namespace {

/// Stars printed beside every puzzle: one per grade.
constexpr int kStarsTotal = 5;

render::Figure empty_figure(engine::Shape shape) {
  render::Figure f;
  f.size = shape.size();
  f.box_rows = shape.box_rows;
  f.box_cols = shape.box_cols;
  f.cells.resize(static_cast<std::size_t>(shape.cells()));
  return f;
}

render::FigureSlot labelled(const engine::Puzzle& puzzle, int number, const Wording& words) {
  render::FigureSlot slot;
  slot.name = words.puzzle_label(number);
  slot.caption = words.grade_name(puzzle.grade);
  slot.stars_filled = engine::grade_stars(puzzle.grading == engine::Grading::techniques ? puzzle.tier : puzzle.grade);
  slot.stars_total = kStarsTotal;
  return slot;
}

}  // namespace

std::string symbol_of(int value) { return std::string(1, static_cast<char>('0' + value)); }

render::FigureCell symbol_cell(const SymbolSet& symbols, int value, render::Ink ink) {
  const std::string& name = symbols.names[static_cast<std::size_t>(value - 1)];
  if (symbols.skin == Skin::shapes) return {"", ink, render::parse_mark(name)};
  return {name, ink};
}

render::Figure puzzle_figure(const engine::Grid& givens, const SymbolSet& symbols) {
  render::Figure f = empty_figure(givens.shape);
  for (int i = 0; i < givens.cell_count(); ++i) {
    if (givens.cells[i] != 0) f.cells[i] = symbol_cell(symbols, givens.cells[i], render::Ink::given);
  }
  return f;
}

render::Figure solution_figure(const engine::Grid& givens, const engine::Grid& solution, const SymbolSet& symbols) {
  render::Figure f = empty_figure(givens.shape);
  for (int i = 0; i < givens.cell_count(); ++i) {
    if (givens.cells[i] != 0) {
      f.cells[i] = symbol_cell(symbols, givens.cells[i], render::Ink::given);
    } else if (solution.cells[i] != 0) {
      f.cells[i] = symbol_cell(symbols, solution.cells[i], render::Ink::solved);
    }
  }
  f.shaded_row = symbols.word_row;
  return f;
}

void show_kind(render::Figure& figure, const engine::Layout& layout, bool tint) {
  const auto cells_of = [](const std::vector<engine::GeometrySpec::House>& houses) {
    std::vector<std::vector<int>> out;
    for (const engine::GeometrySpec::House& house : houses) out.push_back(house.cells);
    return out;
  };
  switch (layout.kind) {
    case engine::Kind::classic: return;
    case engine::Kind::x: figure.extra_houses = cells_of(engine::diagonal_houses(layout.shape.size())); return;
    case engine::Kind::hyper: figure.extra_houses = cells_of(engine::window_houses()); return;
    case engine::Kind::jigsaw:
      figure.regions = layout.regions;
      figure.region_tint = tint;
      return;
  }
}

render::Figure kind_example_figure(const engine::Puzzle& puzzle, const engine::Layout& layout,
                                   const SymbolSet& symbols) {
  render::Figure f = puzzle_figure(puzzle.givens, symbols);
  show_kind(f, layout);
  std::vector<int> house;
  if (layout.kind == engine::Kind::jigsaw) {
    for (int i = 0; i < static_cast<int>(layout.regions.size()); ++i)
      if (layout.regions[static_cast<std::size_t>(i)] == layout.regions[0]) house.push_back(i);
    for (int cell : house) f.shaded_cells.push_back({cell, render::kHouseShadeGray});
  } else if (!f.extra_houses.empty()) {
    house = f.extra_houses.front();
  }
  for (int cell : house) {
    const auto i = static_cast<std::size_t>(cell);
    if (puzzle.givens.cells[i] == 0 && puzzle.solution.cells[i] != 0) {
      f.cells[i] = symbol_cell(symbols, puzzle.solution.cells[i], render::Ink::solved);
    }
  }
  return f;
}

void show_cages(render::Figure& figure, const engine::Killer& killer) {
  for (const engine::Cage& cage : killer.cages) figure.cages.push_back({cage.cells, std::to_string(cage.sum)});
}

render::FigureSlot killer_slot(const engine::Puzzle& puzzle, const engine::Killer& killer, const SymbolSet& symbols,
                               int number, const Wording& words) {
  render::FigureSlot slot = labelled(puzzle, number, words);
  slot.figure = puzzle_figure(puzzle.givens, symbols);
  show_cages(slot.figure, killer);
  return slot;
}

render::Figure killer_example_figure(const engine::Puzzle& puzzle, const engine::Killer& killer,
                                     const SymbolSet& symbols) {
  render::Figure f = puzzle_figure(puzzle.givens, symbols);
  show_cages(f, killer);
  if (!killer.cages.empty()) {
    for (const int cell : killer.cages.front().cells) {
      const auto i = static_cast<std::size_t>(cell);
      if (puzzle.solution.cells[i] != 0)
        f.cells[i] = symbol_cell(symbols, puzzle.solution.cells[i], render::Ink::solved);
    }
  }
  return f;
}

render::FigureSlot puzzle_slot(const engine::Puzzle& puzzle, const SymbolSet& symbols, int number,
                               const Wording& words) {
  render::FigureSlot slot = labelled(puzzle, number, words);
  slot.figure = puzzle_figure(puzzle.givens, symbols);
  return slot;
}

render::FigureSlot solution_slot(const engine::Puzzle& puzzle, const SymbolSet& symbols, int number,
                                 const Wording& words) {
  render::FigureSlot slot;
  slot.figure = solution_figure(puzzle.givens, puzzle.solution, symbols);
  slot.name = words.puzzle_label(number);
  return slot;
}

render::FigureSlot puzzle_slot(const engine::Puzzle9& puzzle, int number, const Wording& words) {
  return puzzle_slot(engine::from_puzzle(puzzle), default_symbols(Skin::digits, engine::kShape9x9), number, words);
}

render::FigureSlot solution_slot(const engine::Puzzle9& puzzle, int number, const Wording& words) {
  return solution_slot(engine::from_puzzle(puzzle), default_symbols(Skin::digits, engine::kShape9x9), number, words);
}

render::Figure how_to_play_figure() {
  static constexpr const char* kMask =
      "101001010"
      "010100101"
      "001010010"
      "100010100"
      "010101010"
      "001010001"
      "010010100"
      "101001010"
      "010100101";
  render::Figure f = empty_figure(engine::kShape9x9);
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      // The shaded first box is shown whole: the caption says it holds 1 to 9 once each.
      if (kMask[r * 9 + c] == '1' || (r < 3 && c < 3)) {
        f.cells[r * 9 + c] = {symbol_of((3 * r + r / 3 + c) % 9 + 1), render::Ink::given};
      }
    }
  }
  f.shaded_box = 0;
  return f;
}

render::Figure how_to_play_figure(engine::Shape shape, const SymbolSet& symbols) {
  const int n = shape.size();
  render::Figure f = empty_figure(shape);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const bool first_box = r < shape.box_rows && c < shape.box_cols;
      // About two cells in five elsewhere, in a pattern without whole rows or columns.
      const bool shown = first_box || (3 * r + 2 * c + r / shape.box_rows) % 5 < 2;
      if (!shown) continue;
      const int value = (shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % n + 1;
      f.cells[static_cast<std::size_t>(r * n + c)] = symbol_cell(symbols, value, render::Ink::given);
    }
  }
  f.shaded_box = 0;
  return f;
}

}  // namespace puzzlepress::book
