// Search over any geometry: see variant_search.h.
#include "engine/variant_search.h"

#include <array>
#include <bit>
#include <limits>

namespace puzzlepress::engine::detail {
namespace {

using Mask = std::uint16_t;
constexpr Mask bit_of(int v) { return static_cast<Mask>(1u << (v - 1)); }
int first_of(unsigned m) { return std::countr_zero(m) + 1; }
// Set bits of a 16-bit mask by table (std::popcount is a library call on the baseline x86-64
// target we build for).
constexpr auto kBits = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned m = 0; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(std::popcount(m));
  return t;
}();
int count16(unsigned m) { return kBits[m & 0xFF] + kBits[(m >> 8) & 0xFF]; }

struct State {
  std::array<Mask, kMaxCells> cand{};           // empty cells: candidates; filled cells: 0
  std::array<std::uint8_t, kMaxCells> value{};  // 0 for empty
  std::array<Mask, Tables256::kMaxHouses> placed{};
  int filled = 0;
};

struct Pending {
  std::array<std::uint8_t, kMaxCells> cells;
  int size = 0;
  void push(int cell) { cells[static_cast<std::size_t>(size++)] = static_cast<std::uint8_t>(cell); }
};

class Board {
 public:
  explicit Board(const Geometry& g) : t_(g.tables()), shape_(g.shape()) {}

  bool assign(State& s, int cell, int v, Pending& pending) const {
    const Mask bit = bit_of(v);
    s.value[cell] = static_cast<std::uint8_t>(v);
    s.cand[cell] = 0;
    ++s.filled;
    for (int k = 0; k < t_.house_count[cell]; ++k) {
      const int h = t_.cell_houses[cell][k];
      if (s.placed[h] & bit) return false;
      s.placed[h] |= bit;
    }
    for (int i = 0; i < t_.peer_count[cell]; ++i) {
      const int p = t_.peers[cell][i];
      if (!(s.cand[p] & bit)) continue;
      const Mask m = s.cand[p] &= static_cast<Mask>(~bit);
      if (!m) return false;
      if (!(m & (m - 1))) pending.push(p);
    }
    return true;
  }

  bool load(const Grid& givens, State& s, Pending& pending) const {
    s = State{};
    for (int c = 0; c < t_.cells; ++c) s.cand[c] = t_.all;
    for (int c = 0; c < t_.cells; ++c) {
      const int v = givens.cells[c];
      if (!v) continue;
      if (!(s.cand[c] & bit_of(v)) || !assign(s, c, v, pending)) return false;
    }
    return true;
  }

  bool propagate(State& s, Pending& pending) const {
    pending.size = 0;
    for (int c = 0; c < t_.cells; ++c) {
      const Mask m = s.cand[c];
      if (!s.value[c] && !(m & (m - 1))) {
        if (!m) return false;
        pending.push(c);
      }
    }
    for (;;) {
      while (pending.size) {
        const int c = pending.cells[static_cast<std::size_t>(--pending.size)];
        if (s.value[c]) continue;
        if (!s.cand[c] || !assign(s, c, first_of(s.cand[c]), pending)) return false;
      }
      if (s.filled == t_.cells) return true;
      const int hidden = hidden_singles(s, pending);
      if (hidden < 0) return false;
      if (hidden == 0) return true;
    }
  }

  int branch_cell(const State& s) const {
    int best = -1, best_count = 17;
    for (int c = 0; c < t_.cells; ++c) {
      if (s.value[c]) continue;
      const int k = count16(s.cand[c]);
      if (k < best_count) {
        best = c;
        best_count = k;
        if (k == 2) break;
      }
    }
    return best;
  }

  Grid to_grid(const State& s) const {
    Grid grid(shape_);
    for (int c = 0; c < t_.cells; ++c) grid.cells[c] = s.value[c];
    return grid;
  }
  int cells() const { return t_.cells; }

 private:
  int hidden_singles(State& s, Pending& pending) const {
    int placed = 0;
    for (int h = 0; h < t_.houses; ++h) {
      Mask once = 0, twice = 0;
      for (int i = 0; i < t_.symbols; ++i) {
        const Mask m = s.cand[t_.house_cells[h][i]];
        twice |= once & m;
        once |= m;
      }
      if ((once | s.placed[h]) != t_.all) return -1;
      for (unsigned single = once & ~twice & ~s.placed[h]; single; single &= single - 1) {
        const int v = first_of(single);
        for (int i = 0; i < t_.symbols; ++i) {
          const int c = t_.house_cells[h][i];
          if (!(s.cand[c] & bit_of(v))) continue;
          if (!assign(s, c, v, pending)) return -1;
          ++placed;
          break;
        }
      }
    }
    return placed;
  }

  const Tables256& t_;
  Shape shape_;
};

struct Searcher {
  const Board& board;
  int cap;
  std::uint64_t budget;
  std::vector<Grid>* solutions;
  SearchOutcome out;

  bool done() const { return out.found >= cap || out.out_of_budget; }

  void run(State& s) {
    Pending pending;
    if (!board.propagate(s, pending)) return;
    if (s.filled == board.cells()) {
      ++out.found;
      if (solutions) solutions->push_back(board.to_grid(s));
      return;
    }
    const int cell = board.branch_cell(s);
    int values[16];
    int count = 0;
    for (unsigned m = s.cand[cell]; m; m &= m - 1) values[count++] = first_of(m);
    for (int i = 0; i < count; ++i) {
      if (out.nodes >= budget) {
        out.out_of_budget = true;
        return;
      }
      ++out.nodes;
      Pending child_pending;
      if (i + 1 < count) {
        State child = s;
        if (board.assign(child, cell, values[i], child_pending)) run(child);
      } else if (board.assign(s, cell, values[i], child_pending)) {
        run(s);
      }
      if (done()) return;
    }
  }
};

struct RandomFiller {
  const Board& board;
  Mulberry32& rng;
  std::uint64_t budget;
  std::uint64_t nodes = 0;
  Grid result;

  bool run(State& s) {
    Pending pending;
    if (!board.propagate(s, pending)) return false;
    if (s.filled == board.cells()) {
      result = board.to_grid(s);
      return true;
    }
    const int cell = board.branch_cell(s);
    int values[16];
    int count = 0;
    for (unsigned m = s.cand[cell]; m; m &= m - 1) values[count++] = first_of(m);
    shuffle(std::span<int>(values, static_cast<std::size_t>(count)), rng);
    for (int i = 0; i < count; ++i) {
      if (++nodes > budget) return false;
      State child = s;
      Pending child_pending;
      if (board.assign(child, cell, values[i], child_pending) && run(child)) return true;
      if (nodes > budget) return false;
    }
    return false;
  }
};

}  // namespace

SearchOutcome search_geometry(const Geometry& geometry, const Grid& givens, int cap, std::uint64_t budget,
                              std::vector<Grid>* solutions) {
  const Board board(geometry);
  Searcher searcher{board, cap < 1 ? 1 : cap, budget, solutions, {}};
  if (budget == 0) {
    searcher.out.out_of_budget = true;
    return searcher.out;
  }
  searcher.out.nodes = 1;  // the root
  State s;
  Pending pending;
  if (!board.load(givens, s, pending)) return searcher.out;
  searcher.run(s);
  return searcher.out;
}

bool geometry_differs(const Geometry& geometry, const Grid& givens, int cell, int value, bool ask_cell, int partner,
                      int partner_value, Grid* witness) {
  const Board board(geometry);
  constexpr auto kNoBudget = std::numeric_limits<std::uint64_t>::max();
  State root;
  Pending pending;
  if (!board.load(givens, root, pending) || !board.propagate(root, pending)) return false;
  const Mask bit = bit_of(value);
  if (ask_cell && root.value[cell] != value) {
    std::vector<Grid> found;
    Searcher searcher{board, 1, kNoBudget, witness ? &found : nullptr, {}};
    State s = root;
    if (!s.value[cell] && (s.cand[cell] &= static_cast<Mask>(~bit)) == 0) return false;
    searcher.run(s);
    if (searcher.out.found) {
      if (witness) *witness = found.front();
      return true;
    }
  }
  if (partner < 0) return false;
  State s = root;
  if (s.value[cell] != value) {
    if (s.value[cell] || !(s.cand[cell] & bit)) return false;
    if (!board.assign(s, cell, value, pending)) return false;
  }
  if (s.value[partner]) {
    if (s.value[partner] == partner_value) return false;
  } else if ((s.cand[partner] &= static_cast<Mask>(~bit_of(partner_value))) == 0) {
    return false;
  }
  std::vector<Grid> found;
  Searcher searcher{board, 1, kNoBudget, witness ? &found : nullptr, {}};
  searcher.run(s);
  if (searcher.out.found && witness) *witness = found.front();
  return searcher.out.found > 0;
}

std::optional<Grid> geometry_fill(const Geometry& geometry, Mulberry32& rng, int restarts, std::uint64_t guesses) {
  const Board board(geometry);
  for (int attempt = 0; attempt < restarts; ++attempt) {
    RandomFiller filler{board, rng, guesses, 0, Grid(geometry.shape())};
    State s;
    Pending pending;
    board.load(Grid(geometry.shape()), s, pending);
    if (filler.run(s)) return filler.result;
  }
  return std::nullopt;
}

}  // namespace puzzlepress::engine::detail
