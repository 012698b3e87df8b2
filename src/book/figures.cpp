#include "book/figures.h"

#include "book/wording.h"

namespace puzzlepress::book {
namespace {

/// Stars printed beside every puzzle: one per grade.
constexpr int kStarsTotal = 5;

render::Figure empty_figure() {
  render::Figure f;
  f.size = 9;
  f.box_rows = 3;
  f.box_cols = 3;
  f.cells.resize(engine::kCells);
  return f;
}

}  // namespace

std::string symbol_of(int value) { return std::string(1, static_cast<char>('0' + value)); }

render::Figure puzzle_figure(const engine::Grid& givens) {
  render::Figure f = empty_figure();
  for (int i = 0; i < engine::kCells; ++i) {
    if (givens.cells[i] != 0) f.cells[i] = {symbol_of(givens.cells[i]), render::Ink::given};
  }
  return f;
}

render::Figure solution_figure(const engine::Grid& givens, const engine::Grid& solution) {
  render::Figure f = empty_figure();
  for (int i = 0; i < engine::kCells; ++i) {
    if (givens.cells[i] != 0) {
      f.cells[i] = {symbol_of(givens.cells[i]), render::Ink::given};
    } else if (solution.cells[i] != 0) {
      f.cells[i] = {symbol_of(solution.cells[i]), render::Ink::solved};
    }
  }
  return f;
}

render::FigureSlot puzzle_slot(const engine::Puzzle& puzzle, int number) {
  render::FigureSlot slot;
  slot.figure = puzzle_figure(puzzle.givens);
  slot.name = wording::puzzle_label(number);
  slot.caption = wording::grade_name(puzzle.grade);
  slot.stars_filled = engine::grade_stars(
      puzzle.grading == engine::Grading::techniques ? puzzle.tier : puzzle.grade);
  slot.stars_total = kStarsTotal;
  return slot;
}

render::FigureSlot solution_slot(const engine::Puzzle& puzzle, int number) {
  render::FigureSlot slot;
  slot.figure = solution_figure(puzzle.givens, puzzle.solution);
  slot.name = wording::puzzle_label(number);
  return slot;
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
  render::Figure f = empty_figure();
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      if (kMask[r * 9 + c] == '1') {
        f.cells[r * 9 + c] = {symbol_of((3 * r + r / 3 + c) % 9 + 1), render::Ink::given};
      }
    }
  }
  f.shaded_box = 0;
  return f;
}

}  // namespace puzzlepress::book
