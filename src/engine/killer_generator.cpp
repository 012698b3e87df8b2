// Generating killers: see killer_generator.h.
#include "engine/killer_generator.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "engine/killer_grade.h"
#include "engine/parallel.h"
#include "engine/search.h"

namespace puzzlepress::engine {
namespace {

constexpr int kJoinLimit = 6;   // a lone cell joins a neighbouring cage of fewer cells than this
constexpr int kMergeLimit = 6;  // aiming at a tier: two cages merge into one of at most this many cells

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

  // Two side-by-side cages whose cells together hold different digits and number at most
  // kMergeLimit, one pair drawn among all, merged into one. False (nothing changed) when no pair is.
  bool merge_any(Mulberry32& rng) {
    std::vector<int> size(static_cast<std::size_t>(next_id), 0);
    std::vector<unsigned> held(static_cast<std::size_t>(next_id), 0);
    for (int c = 0; c < n * n; ++c) {
      const auto id = static_cast<std::size_t>(owner[static_cast<std::size_t>(c)]);
      ++size[id];
      held[id] |= 1u << digit(c);
    }
    std::vector<std::pair<int, int>> pairs;  // (lower id, higher id), in the order first met
    for (int c = 0; c < n * n; ++c)
      for (int x : neighbours(n, c)) {
        if (x < c) continue;  // each side once (-1 too)
        const int a = std::min(owner[static_cast<std::size_t>(c)], owner[static_cast<std::size_t>(x)]);
        const int b = std::max(owner[static_cast<std::size_t>(c)], owner[static_cast<std::size_t>(x)]);
        const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
        if (a == b || size[ua] + size[ub] > kMergeLimit || (held[ua] & held[ub])) continue;
        if (std::find(pairs.begin(), pairs.end(), std::pair{a, b}) == pairs.end()) pairs.emplace_back(a, b);
      }
    if (pairs.empty()) return false;
    const auto [keep, gone] = pairs[rng.below(static_cast<std::uint32_t>(pairs.size()))];
    for (int& id : owner)
      if (id == gone) id = keep;
    return true;
  }

  // A cage of 4 cells or more, drawn among all, split in two (split). False when none is or the
  // drawn one does not split.
  bool split_any(Mulberry32& rng) {
    std::vector<int> size(static_cast<std::size_t>(next_id), 0);
    for (int id : owner) ++size[static_cast<std::size_t>(id)];
    std::vector<int> large;  // a cell of each cage of 4 or more: its first in reading order
    for (int c = 0; c < n * n; ++c) {
      const int id = owner[static_cast<std::size_t>(c)];
      if (size[static_cast<std::size_t>(id)] < 4) continue;
      size[static_cast<std::size_t>(id)] = 0;  // counted once
      large.push_back(c);
    }
    if (large.empty()) return false;
    const int first = large[rng.below(static_cast<std::uint32_t>(large.size()))];
    const int id = owner[static_cast<std::size_t>(first)];
    const std::vector<int> cage = cells_of(id);
    return split(id, cage[rng.below(static_cast<std::uint32_t>(cage.size()))], rng);
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

// Where a killer's tier lies against the aimed one; not_unique: it has more than one solution.
enum class Aim { easier, at, harder, not_unique };

// The killer's Aim against `target`, from the fast check of the techniques up to the target
// (Extreme when the target is Evil): what they solve has one solution and its tier. What they do
// not solve is harder (at Evil) once it is unique: known (`known_unique`), else searched.
Aim judge(const Killer& killer, Grade target, bool known_unique, const SolveOptions& solve_options,
          KillerPuzzle& puzzle) {
  const Grade bound = target == Grade::evil ? Grade::extreme : target;
  if (const std::optional<Grade> tier = killer_tier_within(killer, puzzle.givens, bound))
    return *tier == target ? Aim::at : Aim::easier;
  if (!known_unique) {
    const SolveResult result = solve(killer, puzzle.givens, solve_options);
    puzzle.nodes += result.nodes;
    if (result.status != SolveStatus::unique) return Aim::not_unique;
  }
  return target == Grade::evil ? Aim::at : Aim::harder;
}

// A unique partition brought to the aimed tier (options.grade) by a local search: while its
// killer is too easy, two side-by-side cages merge (fewer sums to reason with; a merge that
// leaves a second solution is undone); while it is too hard, a cage of 4 cells or more is split
// (more sums; the solution stays the only one). Nothing after options.max_tier_steps changes, or
// when no merge or split is left.
std::optional<Killer> toward_tier(Partition& partition, const KillerOptions& options, KillerPuzzle& puzzle,
                                  const SolveOptions& solve_options, Mulberry32& rng) {
  bool known_unique = true;
  Partition before = partition;
  for (int step = 0;; ++step) {
    puzzle.tier_steps = step;
    Killer killer = partition.killer(options.shape);
    Aim aim = judge(killer, *options.grade, known_unique, solve_options, puzzle);
    if (aim == Aim::at) return killer;
    if (aim == Aim::not_unique) {  // the merge is undone: the killer before it was too easy
      partition = before;
      aim = Aim::easier;
    }
    if (step >= options.max_tier_steps) return std::nullopt;
    before = partition;
    known_unique = aim == Aim::harder;  // a split keeps the one solution, a merge may not
    if (!(aim == Aim::easier ? partition.merge_any(rng) : partition.split_any(rng))) return std::nullopt;
  }
}

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
        if (!options.grade) {
          puzzle.killer = killer;
        } else if (std::optional<Killer> aimed = toward_tier(partition, options, puzzle, solve_options, rng)) {
          // The full grade, kept for the book (hints, techniques); it agrees with the fast
          // check that chose the partition, and a partition it disowned is drawn again.
          puzzle.logic = solve_logically(*aimed, puzzle.givens);
          if (killer_tier(puzzle.logic) != *options.grade) {
            puzzle.logic = {};
            break;  // a new partition
          }
          puzzle.killer = std::move(*aimed);
        } else {
          break;  // a new partition
        }
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
