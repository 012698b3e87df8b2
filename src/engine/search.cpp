// Search over any geometry: see search.h.
#include "engine/search.h"

#include <array>
#include <bit>
#include <limits>

namespace puzzlepress::engine::detail {
namespace {

using Mask = std::uint16_t;  // bit v-1 for symbol v
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

// Cells that became naked singles and wait to be placed (each at most once per propagation:
// a further elimination empties the cell, which ends the branch).
struct Pending {
  std::array<std::uint8_t, kMaxCells> cells;
  int size = 0;
  void push(int cell) { cells[static_cast<std::size_t>(size++)] = static_cast<std::uint8_t>(cell); }
};

class Board {
 public:
  Board(const Geometry& g, Propagation rules, const ExtraPropagation* extra = nullptr)
      : t_(g.tables()), shape_(g.shape()), locked_(rules == Propagation::locked), extra_(extra) {}

  // Places `v` at empty `cell`, which must hold it as a candidate. False on a contradiction.
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
      if (!eliminate(s, p, bit, pending)) return false;
    }
    return true;
  }

  // The root state: candidates of empty cells are the symbols no given peer holds. False when
  // two equal givens share a house.
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

  // The rules to a fixed point. `pending` is cleared first: every empty cell is looked at once
  // instead.
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
        if (!assign(s, c, first_of(s.cand[c]), pending)) return false;
      }
      if (s.filled == t_.cells) return !extra_ || extra_narrow(s, pending) >= 0;
      const int hidden = hidden_singles(s, pending);
      if (hidden < 0) return false;
      if (hidden > 0) continue;
      if (locked_) {
        const int locked = locked_candidates(s, pending);
        if (locked < 0) return false;
        if (locked > 0) continue;
      }
      if (!extra_) return true;
      const int narrowed = extra_narrow(s, pending);
      if (narrowed < 0) return false;
      if (narrowed == 0) return true;
    }
  }

  // A cell with fewest candidates (at least two), first in reading order among equals.
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
  // Removes `bits` from empty `cell`'s candidates. False when none is left.
  static bool eliminate(State& s, int cell, Mask bits, Pending& pending) {
    const Mask m = s.cand[cell] &= static_cast<Mask>(~bits);
    if (!m) return false;
    if (!(m & (m - 1))) pending.push(cell);
    return true;
  }

  // Symbols with one place in a house are placed. Returns how many, or -1 when a house cannot
  // place a missing symbol at all.
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
          if (!(s.cand[c] & bit_of(v))) continue;  // (an earlier single of this house may have taken it)
          if (!assign(s, c, v, pending)) return -1;
          ++placed;
          break;
        }
      }
    }
    return placed;
  }

  int locked_candidates(State& s, Pending& pending) const;

  // The extra constraints' narrowing; the cells it leaves single wait in `pending`. Returns
  // ExtraPropagation::narrow's count, or -1 when it or an emptied cell ends the branch.
  int extra_narrow(State& s, Pending& pending) const {
    const auto cells = static_cast<std::size_t>(t_.cells);
    const int narrowed =
        extra_->narrow(std::span<Mask>(s.cand.data(), cells), std::span<const std::uint8_t>(s.value.data(), cells));
    if (narrowed <= 0) return narrowed;
    for (int c = 0; c < t_.cells; ++c) {
      const Mask m = s.cand[c];
      if (s.value[c] || (m & (m - 1))) continue;
      if (!m) return -1;
      pending.push(c);
    }
    return narrowed;
  }

  const Tables256& t_;
  Shape shape_;
  bool locked_;
  const ExtraPropagation* extra_;
};

// Locked candidates along rows (orientation 0) and columns (1). A "segment" is where a line
// crosses a block. A symbol whose candidates in a block all lie in one segment leaves the rest
// of that line (pointing); one whose candidates in a line all lie in one segment leaves the
// rest of that block (claiming). Returns the number of eliminations, or -1 on a contradiction.
int Board::locked_candidates(State& s, Pending& pending) const {
  const int n = t_.symbols;
  int removed = 0;
  for (int o = 0; o < 2; ++o) {
    const auto& in_block = t_.in_block[o];
    const auto& blocks_of = t_.line_blocks[o];
    const auto& block_count = t_.line_block_count[o];
    auto cell_at = [&](int line, int x) { return o == 0 ? line * n + x : x * n + line; };
    std::array<std::array<Mask, kMaxSize>, kMaxSize> m{};  // [line][block]: the segment's candidates
    for (int line = 0; line < n; ++line)
      for (int k = 0; k < block_count[line]; ++k) {
        const int b = blocks_of[line][k];
        Mask acc = 0;
        for (unsigned x = in_block[line][b]; x; x &= x - 1) acc |= s.cand[cell_at(line, std::countr_zero(x))];
        m[line][b] = acc;
      }
    // Takes `here` out of segment (line, b). False on a contradiction.
    auto strip = [&](int line, int b, Mask here) {
      for (unsigned x = in_block[line][b]; x; x &= x - 1) {
        const int c = cell_at(line, std::countr_zero(x));
        const Mask hit = s.cand[c] & here;
        if (!hit) continue;
        removed += count16(hit);
        if (!eliminate(s, c, hit, pending)) return false;
      }
      m[line][b] &= static_cast<Mask>(~here);
      return true;
    };
    // Claiming: a symbol in one segment of a line leaves the block's other lines.
    for (int line = 0; line < n; ++line) {
      Mask once = 0, twice = 0;
      for (int k = 0; k < block_count[line]; ++k) {
        const Mask here = m[line][blocks_of[line][k]];
        twice |= once & here;
        once |= here;
      }
      const Mask only = static_cast<Mask>(once & ~twice);
      if (!only) continue;
      for (int k = 0; k < block_count[line]; ++k) {
        const int b = blocks_of[line][k];
        const Mask here = static_cast<Mask>(m[line][b] & only);
        if (!here) continue;
        for (unsigned lines = t_.lines_meeting[o][b]; lines; lines &= lines - 1) {
          const int other = std::countr_zero(lines);
          if (other != line && (m[other][b] & here) && !strip(other, b, here)) return -1;
        }
      }
    }
    // Pointing: a symbol in one segment of a block leaves the line's other segments.
    for (int b = 0; b < n; ++b) {
      Mask once = 0, twice = 0;
      for (unsigned lines = t_.lines_meeting[o][b]; lines; lines &= lines - 1) {
        const Mask here = m[std::countr_zero(lines)][b];
        twice |= once & here;
        once |= here;
      }
      const Mask only = static_cast<Mask>(once & ~twice);
      if (!only) continue;
      for (unsigned lines = t_.lines_meeting[o][b]; lines; lines &= lines - 1) {
        const int line = std::countr_zero(lines);
        const Mask here = static_cast<Mask>(m[line][b] & only);
        if (!here) continue;
        for (int k = 0; k < block_count[line]; ++k) {
          const int other = blocks_of[line][k];
          if (other != b && (m[line][other] & here) && !strip(line, other, here)) return -1;
        }
      }
    }
  }
  return removed;
}

struct Searcher {
  const Board& board;
  int cap;
  std::uint64_t budget;
  std::vector<Grid>* solutions;
  SearchOutcome out;

  bool done() const { return out.found >= cap || out.out_of_budget; }

  // `s` belongs to the caller, who no longer needs it: the last branch reuses it.
  void run(State& s) {
    Pending pending;
    if (!board.propagate(s, pending)) return;
    if (s.filled == board.cells()) {
      ++out.found;
      if (solutions) solutions->push_back(board.to_grid(s));
      return;
    }
    const int cell = board.branch_cell(s);
    int values[kMaxSize];
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

// Randomised depth-first fill; gives up (false) once `nodes` passes `budget`.
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
    int values[kMaxSize];
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

// One search for a completion from `s`; true (with `witness` set, when non-null) if found.
bool finds_completion(const Board& board, State& s, Grid* witness) {
  std::vector<Grid> found;
  Searcher searcher{board, 1, std::numeric_limits<std::uint64_t>::max(), witness ? &found : nullptr, {}};
  searcher.run(s);
  if (searcher.out.found && witness) *witness = found.front();
  return searcher.out.found > 0;
}

}  // namespace

SearchOutcome search_geometry(const Geometry& geometry, Propagation rules, const Grid& givens, int cap,
                              std::uint64_t budget, std::vector<Grid>* solutions, const ExtraPropagation* extra) {
  const Board board(geometry, rules, extra);
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

bool geometry_differs(const Geometry& geometry, Propagation rules, const Grid& givens, int cell, int value,
                      bool ask_cell, int partner, int partner_value, Grid* witness, const ExtraPropagation* extra) {
  const Board board(geometry, rules, extra);
  State root;
  Pending pending;
  if (!board.load(givens, root, pending) || !board.propagate(root, pending)) return false;
  const Mask bit = bit_of(value);
  if (ask_cell && root.value[cell] != value) {
    State s = root;
    // Another symbol at `cell`: remove `value` (a filled cell already holds another one).
    if (!s.value[cell] && (s.cand[cell] &= static_cast<Mask>(~bit)) == 0) return false;
    if (finds_completion(board, s, witness)) return true;
  }
  if (partner < 0) return false;
  State s = root;
  if (s.value[cell] != value) {
    if (s.value[cell] || !(s.cand[cell] & bit)) return false;  // `value` cannot stand at `cell`
    if (!board.assign(s, cell, value, pending)) return false;
  }
  if (s.value[partner]) {
    if (s.value[partner] == partner_value) return false;
  } else if ((s.cand[partner] &= static_cast<Mask>(~bit_of(partner_value))) == 0) {
    return false;
  }
  return finds_completion(board, s, witness);
}

std::optional<Grid> geometry_fill(const Geometry& geometry, Propagation rules, Mulberry32& rng, int restarts,
                                  std::uint64_t guesses) {
  const Board board(geometry, rules);
  for (int attempt = 0; attempt < restarts; ++attempt) {
    RandomFiller filler{board, rng, guesses, 0, Grid(geometry.shape())};
    State s;
    Pending pending;
    board.load(Grid(geometry.shape()), s, pending);
    if (filler.run(s)) return filler.result;
  }
  return std::nullopt;
}

SearchOutcome search_grid(const Grid& givens, int cap, std::uint64_t budget, std::vector<Grid>* solutions) {
  return search_geometry(classic_geometry(givens.shape), Propagation::locked, givens, cap, budget, solutions);
}

bool search_differs(const Grid& givens, int cell, int value, bool ask_cell, int partner, int partner_value) {
  return geometry_differs(classic_geometry(givens.shape), Propagation::locked, givens, cell, value, ask_cell, partner,
                          partner_value);
}

Grid random_fill(Shape shape, Mulberry32& rng) {
  for (;;)
    if (std::optional<Grid> grid = geometry_fill(classic_geometry(shape), Propagation::locked, rng, 1, 2000))
      return *grid;
}

}  // namespace puzzlepress::engine::detail
