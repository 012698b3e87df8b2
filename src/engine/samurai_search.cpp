// The samurai search (samurai.h): bitmask candidates over the 369 cells and 131 houses, naked
// singles through a queue as eliminations make them, hidden singles in every house, to a fixed
// point; then the empty cell with fewest candidates is guessed. Serves solve, the dig's
// uniqueness question and the random fill.
#include <algorithm>
#include <bit>

#include "engine/samurai.h"
#include "engine/samurai_figure.h"

namespace puzzlepress::engine {

namespace {
using detail::kSamuraiFigure;

constexpr std::uint16_t kAll = 0x1FF;

struct State {
  std::array<std::uint16_t, kSamuraiCells> cand{};  // empty cells' candidates (bit v-1); 0 when filled
  std::array<std::uint8_t, kSamuraiCells> value{};
  int open = kSamuraiCells;
};

class Propagator {
 public:
  // Places v at cell and removes it from the peers; false on a contradiction.
  bool place(State& s, int cell, int v) {
    const auto b = static_cast<std::uint16_t>(1u << (v - 1));
    if (!(s.cand[cell] & b)) return false;
    s.value[cell] = static_cast<std::uint8_t>(v);
    s.cand[cell] = 0;
    --s.open;
    const auto& peers = kSamuraiFigure.peers[cell];
    for (int i = 0; i < kSamuraiFigure.peer_count[cell]; ++i) {
      const int p = peers[i];
      if (!(s.cand[p] & b)) {
        if (s.value[p] == v) return false;
        continue;
      }
      s.cand[p] = static_cast<std::uint16_t>(s.cand[p] & ~b);
      if (s.cand[p] == 0) return false;
      if (std::has_single_bit(s.cand[p])) queue_[pending_++] = static_cast<std::int16_t>(p);
    }
    return true;
  }

  // Naked and hidden singles to a fixed point; false on a contradiction.
  bool settle(State& s) {
    for (;;) {
      while (pending_ > 0) {
        const int p = queue_[--pending_];
        if (s.value[p]) continue;
        if (!place(s, p, std::countr_zero(s.cand[p]) + 1)) return fail();
      }
      if (s.open == 0) return true;
      bool placed = false;
      for (int h = 0; h < kSamuraiHouses; ++h) {
        unsigned once = 0, more = 0, filled = 0;
        for (const std::int16_t c : kSamuraiFigure.house_cells[h]) {
          const unsigned m = s.cand[c];
          more |= once & m;
          once |= m;
          if (s.value[c]) filled |= 1u << (s.value[c] - 1);
        }
        if ((once | filled) != kAll) return fail();
        unsigned hidden = once & ~more & ~filled;
        while (hidden) {
          const unsigned b = hidden & (0u - hidden);
          hidden &= hidden - 1;
          for (const std::int16_t c : kSamuraiFigure.house_cells[h]) {
            if (!(s.cand[c] & b)) continue;
            if (!place(s, c, std::countr_zero(b) + 1)) return fail();
            placed = true;
            break;
          }
        }
      }
      if (!placed && pending_ == 0) return true;
    }
  }

  void clear() { pending_ = 0; }

 private:
  bool fail() {
    pending_ = 0;
    return false;
  }
  std::array<std::int16_t, kSamuraiCells * 2> queue_{};
  int pending_ = 0;
};

// The start state of `givens` (values 0..9, unchecked): false when they clash or propagation
// fails.
bool load(const SamuraiGrid& givens, State& s, Propagator& prop) {
  s.cand.fill(kAll);
  s.value.fill(0);
  s.open = kSamuraiCells;
  for (int c = 0; c < kSamuraiCells; ++c)
    if (givens.cells[c] && !prop.place(s, c, givens.cells[c])) return false;
  return true;
}

int fewest_candidates(const State& s) {
  int best = -1, count = 10;
  for (int c = 0; c < kSamuraiCells; ++c) {
    if (s.value[c]) continue;
    const int n = std::popcount(s.cand[c]);
    if (n < count) {
      best = c;
      count = n;
      if (n == 2) break;
    }
  }
  return best;
}

SamuraiGrid grid_of(const State& s) {
  SamuraiGrid g;
  g.cells = s.value;
  return g;
}

// Depth-first count of completions of `s` (settled or not).
struct Counter {
  Propagator prop;
  int cap = 2;
  std::uint64_t budget = 0;
  std::uint64_t nodes = 0;
  bool out_of_budget = false;
  std::vector<SamuraiGrid>* solutions = nullptr;
  int found = 0;
  Mulberry32* rng = nullptr;      // set: digits in a shuffled order (the fill)
  std::uint64_t guess_limit = 0;  // with rng: stop after this many guesses

  void run(State& s) {
    if (!prop.settle(s)) return;
    if (s.open == 0) {
      ++found;
      if (solutions) solutions->push_back(grid_of(s));
      return;
    }
    const int cell = fewest_candidates(s);
    std::array<int, 9> digits{};
    int n = 0;
    for (unsigned m = s.cand[cell]; m; m &= m - 1) digits[n++] = std::countr_zero(m) + 1;
    if (rng) shuffle(std::span<int>(digits.data(), static_cast<std::size_t>(n)), *rng);
    for (int i = 0; i < n && found < cap && !out_of_budget; ++i) {
      if (nodes >= budget) {
        out_of_budget = true;
        return;
      }
      ++nodes;
      State next = s;
      prop.clear();
      if (prop.place(next, cell, digits[i])) run(next);
    }
  }
};

}  // namespace

SamuraiSolveResult solve(const SamuraiGrid& givens, const SolveOptions& options) {
  SamuraiSolveResult r;
  for (int c = 0; c < kSamuraiCells; ++c) {
    if (givens.cells[c] > 9) {
      r.detail = "cell " + std::to_string(c) + " holds " + std::to_string(givens.cells[c]) + " (expected 0-9)";
      return r;
    }
  }
  if ((r.conflict = find_samurai_conflict(givens))) {
    r.status = SolveStatus::inconsistent;
    return r;
  }
  const int cap = std::max(1, options.solution_cap);
  if (options.node_budget == 0) {
    r.status = SolveStatus::unresolved;
    return r;
  }
  Counter counter;
  counter.cap = cap;
  counter.budget = options.node_budget;
  counter.nodes = 1;
  counter.solutions = &r.solutions;
  State s;
  if (load(givens, s, counter.prop)) counter.run(s);
  r.nodes = counter.nodes;
  if (r.solutions.size() > 2) r.solutions.resize(2);
  r.status = search_status(counter.found, counter.out_of_budget, cap);
  if (r.status == SolveStatus::no_solution) r.solutions.clear();
  return r;
}

int count_solutions(const SamuraiGrid& givens, int cap) {
  if (cap < 1) return 0;
  for (const std::uint8_t v : givens.cells)
    if (v > 9) return 0;
  if (find_samurai_conflict(givens)) return 0;
  Counter counter;
  counter.cap = cap;
  counter.budget = ~std::uint64_t{0};
  State s;
  if (load(givens, s, counter.prop)) counter.run(s);
  return std::min(counter.found, cap);
}

bool detail::samurai_differs(const SamuraiGrid& givens, const SamuraiGrid& solution, std::span<const int> removed,
                             SamuraiGrid* witness) {
  Counter counter;
  counter.cap = 1;
  counter.budget = ~std::uint64_t{0};
  std::vector<SamuraiGrid> found;
  counter.solutions = &found;
  State base;
  if (!load(givens, base, counter.prop)) return false;
  // Completion i keeps removed cells 0..i-1 as in the solution and changes cell i.
  for (std::size_t i = 0; i < removed.size(); ++i) {
    State s = base;
    counter.prop.clear();
    bool ok = true;
    for (std::size_t j = 0; j < i && ok; ++j)
      if (!s.value[removed[j]]) ok = counter.prop.place(s, removed[j], solution.cells[removed[j]]);
    const int cell = removed[i];
    if (!ok || s.value[cell]) continue;  // forced to a value: the solution's (or none)
    s.cand[cell] = static_cast<std::uint16_t>(s.cand[cell] & ~(1u << (solution.cells[cell] - 1)));
    if (s.cand[cell] == 0) continue;
    if (std::has_single_bit(s.cand[cell]) && !counter.prop.place(s, cell, std::countr_zero(s.cand[cell]) + 1)) continue;
    counter.run(s);
    if (counter.found > 0) {
      if (witness) *witness = found.front();
      return true;
    }
  }
  return false;
}

SamuraiGrid detail::samurai_fill(Mulberry32& rng, std::uint64_t guesses) {
  for (;;) {
    Counter counter;
    counter.cap = 1;
    counter.budget = guesses;
    counter.rng = &rng;
    std::vector<SamuraiGrid> found;
    counter.solutions = &found;
    State s;
    load(SamuraiGrid{}, s, counter.prop);
    counter.run(s);
    if (!found.empty()) return found.front();
  }
}

std::optional<SamuraiGrid> detail::samurai_singles(const SamuraiGrid& givens) {
  Propagator prop;
  State s;
  if (!load(givens, s, prop) || !prop.settle(s)) return std::nullopt;
  return grid_of(s);
}

}  // namespace puzzlepress::engine
