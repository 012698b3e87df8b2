// Generating killers: see killer_generator.h.
#include "engine/killer_generator.h"

#include <algorithm>

#include "engine/killer_grade.h"
#include "engine/parallel.h"
#include "engine/search.h"

namespace puzzlepress::engine {
namespace {

constexpr int kJoinLimit = 6;  // a lone cell joins a neighbouring cage of fewer cells than this

// The side-by-side neighbours of `cell` (up, down, left, right; -1 off the grid).
std::array<int, 4> neighbours(int n, int cell) {
  const int row = cell / n, col = cell % n;
  return {row > 0 ? cell - n : -1, row + 1 < n ? cell + n : -1, col > 0 ? cell - 1 : -1, col + 1 < n ? cell + 1 : -1};
}

int draw_size(Mulberry32& rng) {
  int total = 0;
  for (int w : kCageSizeWeights) total += w;
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
  for (std::size_t i = 0; i < kCageSizeWeights.size(); ++i) {
    if (pick < kCageSizeWeights[i]) return static_cast<int>(i) + 2;
    pick -= kCageSizeWeights[i];
  }
  return 2;
}

// A partition under construction: each cell's cage id (-1: none yet).
struct Partition {
  int n = 0;
  const Grid* solution = nullptr;
  std::vector<int> owner{};
  int next_id = 0;

  int digit(int cell) const { return solution->cells[static_cast<std::size_t>(cell)]; }
  std::vector<int> cells_of(int id) const {
    std::vector<int> out;
    for (int c = 0; c < n * n; ++c)
      if (owner[static_cast<std::size_t>(c)] == id) out.push_back(c);
    return out;
  }
  unsigned digits_of(const std::vector<int>& cells) const {
    unsigned m = 0;
    for (int c : cells) m |= 1u << digit(c);
    return m;
  }

  // Cages over the free cells among `cells` (visited in an rng-shuffled order), then lone cells
  // joined to a neighbour's cage where one takes them.
  void draw(std::vector<int> cells, Mulberry32& rng) {
    shuffle(std::span<int>(cells), rng);
    std::vector<int> started;
    for (int start : cells) {
      if (owner[static_cast<std::size_t>(start)] >= 0) continue;
      const int id = next_id++;
      const int target = draw_size(rng);
      std::vector<int> cage{start};
      owner[static_cast<std::size_t>(start)] = id;
      unsigned held = 1u << digit(start);
      while (static_cast<int>(cage.size()) < target) {
        std::vector<int> frontier;
        for (int c : cage)
          for (int x : neighbours(n, c))
            if (x >= 0 && owner[static_cast<std::size_t>(x)] < 0 && !(held & (1u << digit(x))) &&
                std::find(frontier.begin(), frontier.end(), x) == frontier.end())
              frontier.push_back(x);
        if (frontier.empty()) break;
        const int x = frontier[rng.below(static_cast<std::uint32_t>(frontier.size()))];
        owner[static_cast<std::size_t>(x)] = id;
        held |= 1u << digit(x);
        cage.push_back(x);
      }
      if (cage.size() == 1) started.push_back(start);
    }
    for (int lone : started) join(lone, rng);
  }

  // A cell alone in its cage joins a neighbouring cage without its digit and of fewer than
  // kJoinLimit cells (one drawn among them); failing that, one of fewer than N cells.
  void join(int lone, Mulberry32& rng) {
    if (cells_of(owner[static_cast<std::size_t>(lone)]).size() != 1) return;
    for (int limit : {kJoinLimit, n}) {
      std::vector<int> choices;
      for (int x : neighbours(n, lone)) {
        if (x < 0) continue;
        const int id = owner[static_cast<std::size_t>(x)];
        if (id < 0 || id == owner[static_cast<std::size_t>(lone)] ||
            std::find(choices.begin(), choices.end(), id) != choices.end())
          continue;
        const std::vector<int> cage = cells_of(id);
        if (static_cast<int>(cage.size()) < limit && !(digits_of(cage) & (1u << digit(lone)))) choices.push_back(id);
      }
      if (choices.empty()) continue;
      owner[static_cast<std::size_t>(lone)] = choices[rng.below(static_cast<std::uint32_t>(choices.size()))];
      return;
    }
  }

  // Splits cage `id` (4 cells or more) into a connected part grown from `from` with half its
  // cells and a connected rest. False (nothing changed) when a few draws find no such split.
  bool split(int id, int from, Mulberry32& rng) {
    const std::vector<int> cage = cells_of(id);
    const int half = static_cast<int>(cage.size()) / 2;
    for (int attempt = 0; attempt < 8; ++attempt) {
      std::vector<int> part{from};
      while (static_cast<int>(part.size()) < half) {
        std::vector<int> frontier;
        for (int c : part)
          for (int x : neighbours(n, c))
            if (x >= 0 && owner[static_cast<std::size_t>(x)] == id &&
                std::find(part.begin(), part.end(), x) == part.end() &&
                std::find(frontier.begin(), frontier.end(), x) == frontier.end())
              frontier.push_back(x);
        if (frontier.empty()) break;
        part.push_back(frontier[rng.below(static_cast<std::uint32_t>(frontier.size()))]);
      }
      std::vector<int> rest;
      for (int c : cage)
        if (std::find(part.begin(), part.end(), c) == part.end()) rest.push_back(c);
      if (static_cast<int>(part.size()) < 2 || rest.size() < 2 || !connected(rest)) continue;
      const int fresh = next_id++;
      for (int c : part) owner[static_cast<std::size_t>(c)] = fresh;
      return true;
    }
    return false;
  }

  // Cage `id` and the cages beside it drawn again.
  void redraw_around(int id, Mulberry32& rng) {
    std::vector<int> ids{id};
    for (int c : cells_of(id))
      for (int x : neighbours(n, c))
        if (x >= 0 && std::find(ids.begin(), ids.end(), owner[static_cast<std::size_t>(x)]) == ids.end())
          ids.push_back(owner[static_cast<std::size_t>(x)]);
    std::vector<int> released;
    for (int c = 0; c < n * n; ++c)
      if (std::find(ids.begin(), ids.end(), owner[static_cast<std::size_t>(c)]) != ids.end()) released.push_back(c);
    for (int c : released) owner[static_cast<std::size_t>(c)] = -1;
    draw(released, rng);
  }

  bool connected(const std::vector<int>& cells) const {
    std::vector<int> seen{cells.front()}, stack{cells.front()};
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      for (int x : neighbours(n, c))
        if (x >= 0 && std::find(cells.begin(), cells.end(), x) != cells.end() &&
            std::find(seen.begin(), seen.end(), x) == seen.end()) {
          seen.push_back(x);
          stack.push_back(x);
        }
    }
    return seen.size() == cells.size();
  }

  Killer killer(Shape shape) const {
    std::vector<Cage> cages(static_cast<std::size_t>(next_id));
    for (int c = 0; c < n * n; ++c) {
      Cage& cage = cages[static_cast<std::size_t>(owner[static_cast<std::size_t>(c)])];
      cage.cells.push_back(c);
      cage.sum += digit(c);
    }
    Killer k{shape, {}};
    for (Cage& cage : cages)
      if (!cage.cells.empty()) k.cages.push_back(std::move(cage));
    return killer_normalized(std::move(k));
  }
};

}  // namespace

KillerPuzzle generate_killer(const KillerOptions& options) {
  KillerPuzzle puzzle;
  puzzle.killer.shape = options.shape;
  if (!killer_takes(options.shape)) return puzzle;
  const int n = options.shape.size(), cells = options.shape.cells();
  Mulberry32 rng(options.seed);
  puzzle.solution = detail::random_fill(options.shape, rng);
  puzzle.givens = Grid(options.shape);
  std::vector<int> all(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) all[static_cast<std::size_t>(c)] = c;
  SolveOptions solve_options;
  solve_options.node_budget = options.node_budget;
  const int partitions = options.grade ? options.max_graded_partitions : options.max_partitions;
  for (int p = 0; p < partitions; ++p) {
    ++puzzle.partitions;
    Partition partition{n, &puzzle.solution, std::vector<int>(static_cast<std::size_t>(cells), -1), 0};
    partition.draw(all, rng);
    for (int a = 0;; ++a) {
      const Killer killer = partition.killer(options.shape);
      const SolveResult result = solve(killer, puzzle.givens, solve_options);
      puzzle.nodes += result.nodes;
      puzzle.adjustments = a;
      const auto lone = std::find_if(killer.cages.begin(), killer.cages.end(),
                                     [](const Cage& cage) { return cage.cells.size() == 1; });
      if (result.status == SolveStatus::unique && (lone == killer.cages.end() || a >= options.max_adjustments)) {
        if (options.grade) {
          puzzle.logic = solve_logically(killer, puzzle.givens);
          if (killer_tier(puzzle.logic) != *options.grade) {
            puzzle.logic = {};
            break;  // a new partition
          }
        }
        puzzle.killer = killer;
        puzzle.valid = true;
        return puzzle;
      }
      if (result.status == SolveStatus::unique) {  // a cage of one cell: drawn again with its neighbours
        partition.redraw_around(partition.owner[static_cast<std::size_t>(lone->cells.front())], rng);
        continue;
      }
      if (result.status != SolveStatus::multiple || a >= options.max_adjustments) break;
      const Grid& other = result.solutions[0] == puzzle.solution ? result.solutions[1] : result.solutions[0];
      std::vector<int> differing, in_large;
      for (int c = 0; c < cells; ++c) {
        if (other.cells[static_cast<std::size_t>(c)] == puzzle.solution.cells[static_cast<std::size_t>(c)]) continue;
        differing.push_back(c);
        if (partition.cells_of(partition.owner[static_cast<std::size_t>(c)]).size() >= 4) in_large.push_back(c);
      }
      const std::vector<int>& pool = in_large.empty() ? differing : in_large;
      const int cell = pool[rng.below(static_cast<std::uint32_t>(pool.size()))];
      const int id = partition.owner[static_cast<std::size_t>(cell)];
      if (in_large.empty() || !partition.split(id, cell, rng)) partition.redraw_around(id, rng);
    }
  }
  return puzzle;
}

std::vector<KillerPuzzle> generate_killer_batch(std::span<const KillerOptions> items, int jobs,
                                                const BatchProgress& progress) {
  std::vector<KillerPuzzle> result(items.size());
  for_each_index_parallel(items.size(), jobs, progress, [&](std::size_t i) {
    result[i] = generate_killer(items[i]);  // each slot written by exactly one worker
  });
  return result;
}

}  // namespace puzzlepress::engine
