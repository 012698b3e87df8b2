// Canonical forms: held to a brute force over the whole group written here apart from the
// engine's search (every band, row, stack and column order, transposition, relabelling by first
// appearance), on every shape up to 9x9; every random transformation of a puzzle gives the same
// form on every shape; inequivalent puzzles give different forms.
#include "engine/canonical.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "engine/generator.h"
#include "engine/rng.h"
#include "engine/solver.h"
#include "support/test_data.h"

using namespace puzzlepress::engine;
namespace t = puzzlepress::testing;

namespace {

using Order = std::vector<int>;

// Every order of `n` lines in groups of `group` lines: the groups in any order, each group's
// lines in any order (bands and their rows, or stacks and their columns).
std::vector<Order> chute_orders(int n, int group) {
  const int chutes = n / group;
  std::vector<int> chute(chutes), line(group);
  std::vector<std::vector<int>> line_orders;
  for (int i = 0; i < group; ++i) line[i] = i;
  do line_orders.push_back(line);
  while (std::next_permutation(line.begin(), line.end()));
  std::vector<Order> out;
  for (int i = 0; i < chutes; ++i) chute[i] = i;
  do {
    // Every choice of a line order per chute: a number in base line_orders.size().
    std::size_t combos = 1;
    for (int i = 0; i < chutes; ++i) combos *= line_orders.size();
    for (std::size_t code = 0; code < combos; ++code) {
      Order order;
      std::size_t rest = code;
      for (int i = 0; i < chutes; ++i) {
        const auto& lines = line_orders[rest % line_orders.size()];
        rest /= line_orders.size();
        for (int l : lines) order.push_back(chute[i] * group + l);
      }
      out.push_back(order);
    }
  } while (std::next_permutation(chute.begin(), chute.end()));
  return out;
}

// The least relabelled text over the whole classic group, by enumeration.
std::string brute_force_form(const Grid& g) {
  const int n = g.size();
  const auto rows = chute_orders(n, g.shape.box_rows), cols = chute_orders(n, g.shape.box_cols);
  std::string best;
  std::string text(n * n, '.');
  for (int transposed = 0; transposed < (g.shape.box_rows == g.shape.box_cols ? 2 : 1); ++transposed) {
    for (const Order& r : rows) {
      for (const Order& c : cols) {
        int label[17] = {}, next = 1;
        bool worse = false;
        for (int i = 0; i < n * n && !worse; ++i) {
          const int v = transposed ? g.at(c[i % n], r[i / n]) : g.at(r[i / n], c[i % n]);
          if (v != 0 && label[v] == 0) label[v] = next++;
          text[i] = symbol_char(v == 0 ? 0 : label[v]);
          // Stop as soon as this image is above the best (the prefix decides).
          if (!best.empty() && text[i] != best[i]) {
            if (text[i] > best[i]) worse = true;
            else {
              for (int j = i + 1; j < n * n; ++j) {
                const int w = transposed ? g.at(c[j % n], r[j / n]) : g.at(r[j / n], c[j % n]);
                if (w != 0 && label[w] == 0) label[w] = next++;
                text[j] = symbol_char(w == 0 ? 0 : label[w]);
              }
              best = text;
              worse = true;
            }
          }
        }
        if (best.empty()) best = text;
      }
    }
  }
  return best;
}

// A random element of the classic group with a random relabelling (our own shuffles).
ClassicTransform random_transform(Shape shape, Mulberry32& rng) {
  ClassicTransform tr = identity_transform(shape);
  const int n = shape.size();
  auto chute_order = [&](int group, std::array<std::uint8_t, kMaxSize>& out) {
    std::vector<int> chutes(n / group);
    for (int i = 0; i < n / group; ++i) chutes[i] = i;
    shuffle(std::span<int>(chutes), rng);
    int p = 0;
    for (int c : chutes) {
      std::vector<int> lines(group);
      for (int i = 0; i < group; ++i) lines[i] = c * group + i;
      shuffle(std::span<int>(lines), rng);
      for (int l : lines) out[p++] = static_cast<std::uint8_t>(l);
    }
  };
  chute_order(shape.box_rows, tr.row);
  chute_order(shape.box_cols, tr.col);
  tr.transposed = shape.box_rows == shape.box_cols && rng.below(2) == 1;
  std::vector<std::uint8_t> symbols(n);
  for (int v = 0; v < n; ++v) symbols[v] = static_cast<std::uint8_t>(v + 1);
  shuffle(std::span<std::uint8_t>(symbols), rng);
  for (int v = 1; v <= n; ++v) tr.symbol[v] = symbols[v - 1];
  return tr;
}

Grid read(const std::string& text) {
  auto parsed = parse_grid(text);
  REQUIRE(parsed.ok());
  return *parsed.grid;
}

// Puzzles (with a unique solution) and their solutions of every shape but 9x9 from the solver
// cases; 9x9 from the reference puzzles.
std::vector<std::pair<Grid, Grid>> sample_puzzles() {
  std::vector<std::pair<Grid, Grid>> out;
  for (const std::string& line : t::read_lines(t::test_data_dir() / "solver_cases_shapes.txt")) {
    if (line[0] == '#') continue;
    const auto a = line.find(':'), b = line.find(':', a + 1);
    if (line.substr(a + 1, b - a - 1) != "1") continue;
    out.emplace_back(read(line.substr(0, a)), read(line.substr(b + 1)));
  }
  int nines = 0;
  for (const std::string& line : t::read_lines(t::test_data_dir() / "reference_puzzles.txt")) {
    if (nines++ == 12) break;
    const auto a = line.find(' ', line.find(' ', line.find(' ') + 1) + 1), b = line.find(' ', a + 1);
    out.emplace_back(read(line.substr(a + 1, b - a - 1)), read(line.substr(b + 1, 81)));
  }
  return out;
}

}  // namespace

TEST_CASE("canonical form: every random transformation of a puzzle gives the same form") {
  Mulberry32 rng(2026);
  const auto samples = sample_puzzles();
  REQUIRE(samples.size() >= 30);
  std::set<int> sizes;
  for (const auto& [puzzle, solution] : samples) {
    sizes.insert(puzzle.size());
    const bool full_grids = has_canonical_solution(puzzle.shape);
    const Grid form = canonical_form(puzzle), solution_form = full_grids ? canonical_solution(solution) : Grid();
    CHECK(form.clue_count() == puzzle.clue_count());
    if (full_grids) CHECK(solution_form.is_full());
    for (int i = 0; i < 6; ++i) {
      const ClassicTransform tr = random_transform(puzzle.shape, rng);
      const Grid image = apply_transform(puzzle, tr);
      CHECK(image != puzzle);
      CHECK(canonical_form(image) == form);
      if (full_grids) CHECK(canonical_solution(apply_transform(solution, tr)) == solution_form);
    }
  }
  CHECK(sizes == std::set<int>{4, 6, 8, 9, 12, 16});
}

TEST_CASE("canonical form: the engine's search equals the brute force over the whole group") {
  SUBCASE("4x4 and 6x6: every sample puzzle and solution, and random boards") {
    for (const auto& [puzzle, solution] : sample_puzzles()) {
      if (puzzle.size() > 6) continue;
      CHECK(to_string(canonical_form(puzzle)) == brute_force_form(puzzle));
      CHECK(to_string(canonical_solution(solution)) == brute_force_form(solution));
    }
    // Random partial boards: random givens kept from solutions, many with ties and symmetry.
    Mulberry32 rng(7);
    for (Shape shape : {kShape4x4, kShape6x6}) {
      for (int i = 0; i < 60; ++i) {
        GenerateOptions options;
        options.shape = shape;
        options.seed = 100 + static_cast<std::uint32_t>(i % 5);
        const Puzzle p = generate(options);
        Grid board = p.solution;
        const int keep = static_cast<int>(rng.below(static_cast<std::uint32_t>(shape.cells())));
        for (int c = 0; c < shape.cells(); ++c)
          if (static_cast<int>(rng.below(static_cast<std::uint32_t>(shape.cells()))) >= keep) board.cells[c] = 0;
        CHECK(to_string(canonical_form(board)) == brute_force_form(board));
      }
    }
  }
  SUBCASE("8x8 and 9x9: one puzzle and one solution each (442,368 and 3,359,232 images)") {
    for (const auto& [puzzle, solution] : sample_puzzles()) {
      if (puzzle.size() != 8 && puzzle.size() != 9) continue;
      CHECK(to_string(canonical_form(puzzle)) == brute_force_form(puzzle));
      CHECK(to_string(canonical_solution(solution)) == brute_force_form(solution));
      if (puzzle.size() == 9) break;
    }
  }
}

TEST_CASE("canonical form: the 4x4 grids fall into exactly 2 classes; inequivalent puzzles differ") {
  // Every 4x4 solution (288 of them) from the solver: 2 essentially different grids is the
  // known count for the group with transposition.
  std::set<std::string> forms, brute;
  Grid empty(kShape4x4);
  std::vector<Grid> grids;
  std::vector<int> cells;
  // Enumerate by filling cell by cell with the solver's legality check.
  std::function<void(int, Grid&)> fill = [&](int cell, Grid& g) {
    if (cell == 16) {
      grids.push_back(g);
      return;
    }
    for (int v = 1; v <= 4; ++v) {
      g.cells[cell] = static_cast<std::uint8_t>(v);
      if (!find_conflict(g)) fill(cell + 1, g);
      g.cells[cell] = 0;
    }
  };
  fill(0, empty);
  REQUIRE(grids.size() == 288);
  for (const Grid& g : grids) {
    forms.insert(to_string(canonical_form(g)));
    brute.insert(brute_force_form(g));
  }
  CHECK(forms.size() == 2);
  CHECK(forms == brute);
  // Puzzles: two givens of different boards are different classes exactly when the brute force
  // says so (the form is an image of the puzzle, so equal forms mean equivalent puzzles).
  std::set<std::pair<std::string, std::string>> pairs;
  Mulberry32 rng(11);
  for (int i = 0; i < 200; ++i) {
    Grid board = grids[rng.below(288)];
    for (int c = 0; c < 16; ++c)
      if (rng.below(3) != 0) board.cells[c] = 0;
    pairs.emplace(to_string(canonical_form(board)), brute_force_form(board));
  }
  std::set<std::string> by_engine, by_brute;
  for (const auto& [engine_form, brute_form] : pairs) {
    CHECK(engine_form == brute_form);
    by_engine.insert(engine_form);
    by_brute.insert(brute_form);
  }
  CHECK(by_engine.size() == by_brute.size());
  CHECK(by_engine.size() > 20);
}

TEST_CASE("canonical form: killer's group keeps the symbols; transposition only for square boxes") {
  const Grid nine = read("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  ClassicTransform relabel = identity_transform(kShape9x9);
  for (int v = 1; v <= 9; ++v) relabel.symbol[v] = static_cast<std::uint8_t>(10 - v);
  const ClassicGroup killer = group_of(PuzzleKind::killer, kShape9x9);
  CHECK_FALSE(killer.relabel);
  CHECK(canonical_form(apply_transform(nine, relabel)) == canonical_form(nine));
  CHECK(canonical_form(apply_transform(nine, relabel), killer) != canonical_form(nine, killer));
  ClassicTransform swap_rows = identity_transform(kShape9x9);
  std::swap(swap_rows.row[0], swap_rows.row[2]);
  CHECK(canonical_form(apply_transform(nine, swap_rows), killer) == canonical_form(nine, killer));
  CHECK(group_of(PuzzleKind::classic, kShape6x6).transpose == false);
  CHECK(group_of(PuzzleKind::classic, kShape16x16).transpose == true);
  // The form of an exact text, so a change of definition shows.
  CHECK(to_string(canonical_form(read("1...........2..."))) == ".............1.2");
}
