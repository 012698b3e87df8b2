// Search: see search.h.
#include "engine/search.h"

#include <limits>

#include "engine/shape_tables.h"

namespace puzzlepress::engine::detail {
namespace {

struct State {
  std::array<SymbolMask, kMaxCells> cand{};     // empty cells: candidates; filled cells: 0
  std::array<std::uint8_t, kMaxCells> value{};  // 0 for empty
  std::array<SymbolMask, kMaxUnits> placed{};   // symbols placed in each unit
  int filled = 0;
};

// Cells that became naked singles and wait to be placed (each at most once per propagation:
// a further elimination empties the cell, which ends the branch).
struct Pending {
  std::array<std::uint8_t, kMaxCells> cells;
  int size = 0;
  void push(int cell) { cells[size++] = static_cast<std::uint8_t>(cell); }
};

class Board {
 public:
  explicit Board(const Geometry& g) : g_(g) {}

  // Places `v` at empty `cell`, which must hold it as a candidate. False on a contradiction.
  bool assign(State& s, int cell, int v, Pending& pending) const {
    const SymbolMask bit = symbol_bit(v);
    s.value[cell] = static_cast<std::uint8_t>(v);
    s.cand[cell] = 0;
    ++s.filled;
    for (int u : g_.units_of(cell)) {
      if (s.placed[u] & bit) return false;
      s.placed[u] |= bit;
    }
    for (int i = 0; i < g_.peer_count; ++i) {
      const int p = g_.peers[cell][i];
      if (!(s.cand[p] & bit)) continue;
      if (!eliminate(s, p, bit, pending)) return false;
    }
    return true;
  }

  // Removes `bit` from empty `cell`'s candidates. False when none is left.
  bool eliminate(State& s, int cell, SymbolMask bit, Pending& pending) const {
    const SymbolMask m = s.cand[cell] &= static_cast<SymbolMask>(~bit);
    if (!m) return false;
    if (!(m & (m - 1))) pending.push(cell);
    return true;
  }

  // The root state: candidates of empty cells are the symbols no given peer holds. False when
  // two equal givens share a unit.
  bool load(const Grid& givens, State& s, Pending& pending) const {
    s = State{};
    for (int c = 0; c < g_.cells; ++c) s.cand[c] = g_.all;
    for (int c = 0; c < g_.cells; ++c) {
      const int v = givens.cells[c];
      if (!v) continue;
      if (!(s.cand[c] & symbol_bit(v))) return false;
      if (!assign(s, c, v, pending)) return false;
    }
    return true;
  }

  // Singles and locked candidates to a fixed point. `pending` is cleared first: every empty
  // cell is looked at once instead.
  bool propagate(State& s, Pending& pending) const {
    pending.size = 0;
    for (int c = 0; c < g_.cells; ++c) {
      const SymbolMask m = s.cand[c];
      if (!s.value[c] && !(m & (m - 1))) {
        if (!m) return false;
        pending.push(c);
      }
    }
    for (;;) {
      while (pending.size) {
        const int c = pending.cells[--pending.size];
        if (s.value[c]) continue;
        if (!assign(s, c, first_symbol(s.cand[c]), pending)) return false;
      }
      if (s.filled == g_.cells) return true;
      const int hidden = hidden_singles(s, pending);
      if (hidden < 0) return false;
      if (hidden > 0) continue;
      const int locked = locked_candidates(s, pending);
      if (locked < 0) return false;
      if (locked == 0) return true;
    }
  }

  // A cell with fewest candidates (at least two), first in reading order among equals.
  int branch_cell(const State& s) const {
    int best = -1, best_count = kMaxSize + 1;
    for (int c = 0; c < g_.cells; ++c) {
      if (s.value[c]) continue;
      const int k = mask_bits(s.cand[c]);
      if (k < best_count) {
        best = c;
        best_count = k;
        if (k == 2) break;
      }
    }
    return best;
  }

  Grid to_grid(const State& s) const {
    Grid grid(g_.shape);
    for (int c = 0; c < g_.cells; ++c) grid.cells[c] = s.value[c];
    return grid;
  }

  const Geometry& geometry() const { return g_; }

 private:
  // Symbols with one place in a unit are placed. Returns how many, or -1 when a unit cannot
  // place a missing symbol at all.
  int hidden_singles(State& s, Pending& pending) const {
    int placed = 0;
    for (int u = 0; u < g_.units; ++u) {
      SymbolMask once = 0, twice = 0;
      for (int i = 0; i < g_.n; ++i) {
        const SymbolMask m = s.cand[g_.unit_cells[u][i]];
        twice |= once & m;
        once |= m;
      }
      if ((once | s.placed[u]) != g_.all) return -1;
      for (unsigned single = once & ~twice; single; single &= single - 1) {
        const int v = first_symbol(single);
        const SymbolMask bit = symbol_bit(v);
        for (int i = 0; i < g_.n; ++i) {
          const int c = g_.unit_cells[u][i];
          if (!(s.cand[c] & bit)) continue;  // (an earlier single of this unit may have taken it)
          if (!assign(s, c, v, pending)) return -1;
          ++placed;
          break;
        }
      }
    }
    return placed;
  }

  // Locked candidates along rows and columns. A "segment" is where a line crosses a box
  // (box_cols cells of a row, box_rows cells of a column). A symbol whose candidates in a box
  // all lie in one segment leaves the rest of that line (pointing); one whose candidates in a
  // line all lie in one segment leaves the rest of that box (claiming). Returns the number of
  // eliminations, or -1 on a contradiction.
  int locked_candidates(State& s, Pending& pending) const {
    const int n = g_.n, br = g_.shape.box_rows, bc = g_.shape.box_cols;
    int removed = 0;
    // Rows: segment (r, t) = row r inside stack t (stacks: n / bc = br of them).
    // Columns: segment (c, b) = column c inside band b (bands: n / br = bc of them).
    for (int orient = 0; orient < 2; ++orient) {
      const int seg_len = orient == 0 ? bc : br;  // cells in a segment
      const int segs = orient == 0 ? br : bc;     // segments in a line
      const int lines_per_box = orient == 0 ? br : bc;
      auto cell_at = [&](int line, int seg, int k) {
        return orient == 0 ? line * n + seg * bc + k : (seg * br + k) * n + line;
      };
      std::array<std::array<SymbolMask, kMaxSize>, kMaxSize> m{};  // [line][seg]
      for (int line = 0; line < n; ++line)
        for (int seg = 0; seg < segs; ++seg) {
          SymbolMask acc = 0;
          for (int k = 0; k < seg_len; ++k) acc |= s.cand[cell_at(line, seg, k)];
          m[line][seg] = acc;
        }
      // Claiming: a symbol in one segment of a line leaves the box's other lines.
      for (int line = 0; line < n; ++line) {
        SymbolMask once = 0, twice = 0;
        for (int seg = 0; seg < segs; ++seg) {
          twice |= once & m[line][seg];
          once |= m[line][seg];
        }
        const SymbolMask only = static_cast<SymbolMask>(once & ~twice);
        if (!only) continue;
        const int first_line = line / lines_per_box * lines_per_box;
        for (int seg = 0; seg < segs; ++seg) {
          const SymbolMask here = static_cast<SymbolMask>(m[line][seg] & only);
          if (!here) continue;
          for (int other = first_line; other < first_line + lines_per_box; ++other) {
            if (other == line || !(m[other][seg] & here)) continue;
            for (int k = 0; k < seg_len; ++k) {
              const int c = cell_at(other, seg, k);
              const SymbolMask hit = s.cand[c] & here;
              if (!hit) continue;
              removed += mask_bits(hit);
              if (!eliminate(s, c, hit, pending)) return -1;
            }
            m[other][seg] &= static_cast<SymbolMask>(~here);
          }
        }
      }
      // Pointing: a symbol in one segment of a box leaves the line's other segments.
      for (int first_line = 0; first_line < n; first_line += lines_per_box)
        for (int seg = 0; seg < segs; ++seg) {
          SymbolMask once = 0, twice = 0;
          for (int line = first_line; line < first_line + lines_per_box; ++line) {
            twice |= once & m[line][seg];
            once |= m[line][seg];
          }
          const SymbolMask only = static_cast<SymbolMask>(once & ~twice);
          if (!only) continue;
          for (int line = first_line; line < first_line + lines_per_box; ++line) {
            const SymbolMask here = static_cast<SymbolMask>(m[line][seg] & only);
            if (!here) continue;
            for (int other = 0; other < segs; ++other) {
              if (other == seg || !(m[line][other] & here)) continue;
              for (int k = 0; k < seg_len; ++k) {
                const int c = cell_at(line, other, k);
                const SymbolMask hit = s.cand[c] & here;
                if (!hit) continue;
                removed += mask_bits(hit);
                if (!eliminate(s, c, hit, pending)) return -1;
              }
              m[line][other] &= static_cast<SymbolMask>(~here);
            }
          }
        }
    }
    return removed;
  }

  const Geometry& g_;
};

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
    if (s.filled == board.geometry().cells) {
      ++out.found;
      if (solutions) solutions->push_back(board.to_grid(s));
      return;
    }
    const int cell = board.branch_cell(s);
    int values[kMaxSize];
    int count = 0;
    for (unsigned m = s.cand[cell]; m; m &= m - 1) values[count++] = first_symbol(m);
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
      } else {
        if (board.assign(s, cell, values[i], child_pending)) run(s);
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
    if (s.filled == board.geometry().cells) {
      result = board.to_grid(s);
      return true;
    }
    const int cell = board.branch_cell(s);
    int values[kMaxSize];
    int count = 0;
    for (unsigned m = s.cand[cell]; m; m &= m - 1) values[count++] = first_symbol(m);
    shuffle(std::span<int>(values, count), rng);
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

Grid random_fill(Shape shape, Mulberry32& rng) {
  const Board board(geometry(shape));
  for (;;) {
    RandomFiller filler{board, rng, 2000, 0, Grid(shape)};
    State s;
    Pending pending;
    board.load(Grid(shape), s, pending);
    if (filler.run(s)) return filler.result;
  }
}

SearchOutcome search_grid(const Grid& givens, int cap, std::uint64_t budget, std::vector<Grid>* solutions) {
  const Board board(geometry(givens.shape));
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

bool search_differs(const Grid& givens, int cell, int value, bool ask_cell, int partner, int partner_value) {
  const Board board(geometry(givens.shape));
  constexpr auto kNoBudget = std::numeric_limits<std::uint64_t>::max();
  State root;
  Pending pending;
  if (!board.load(givens, root, pending) || !board.propagate(root, pending)) return false;
  const SymbolMask bit = symbol_bit(value);
  if (ask_cell && root.value[cell] != value) {
    Searcher searcher{board, 1, kNoBudget, nullptr, {}};
    State s = root;
    // Another symbol at `cell`: remove `value` (a filled cell already holds another one).
    if (!s.value[cell] && (s.cand[cell] &= static_cast<SymbolMask>(~bit)) == 0) return false;
    searcher.run(s);
    if (searcher.out.found) return true;
  }
  if (partner < 0) return false;
  State s = root;
  if (s.value[cell] != value) {
    if (s.value[cell] || !(s.cand[cell] & bit)) return false;  // `value` cannot stand at `cell`
    if (!board.assign(s, cell, value, pending)) return false;
  }
  if (s.value[partner]) {
    if (s.value[partner] == partner_value) return false;
  } else if ((s.cand[partner] &= static_cast<SymbolMask>(~symbol_bit(partner_value))) == 0) {
    return false;
  }
  Searcher searcher{board, 1, kNoBudget, nullptr, {}};
  searcher.run(s);
  return searcher.out.found > 0;
}

}  // namespace puzzlepress::engine::detail
