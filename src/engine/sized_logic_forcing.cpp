// Sized forcing chains, for every shape: assume a candidate true and follow the naked and
// hidden singles it forces, round by round (every single visible at a round's start is placed
// in that round). Conclusions after L rounds:
//   contradiction  the assumption led to an impossible board within L rounds: it is false;
//   cell forcing   every candidate of a cell whose branch has not failed within L rounds
//                  forces the same placement or elimination;
//   unit forcing   the same for every place of a symbol in a unit.
// The search runs all branches in lockstep, one round at a time, and reports the first
// conclusion at the smallest L (contradictions, then cells in order, then units in order),
// rated 8.0 plus 0.1 per round after the first (at most +1.5).
//
// Same as the 9x9 solver's forcing chains (logic_forcing.cpp) except in one corner: there a
// branch that fails only after its other branches agree still delays the conclusion until it
// fails; here the conclusion holds as soon as every branch shows it (a failing branch shows
// it too, so it is sound either way). Following rounds only as far as the shortest conclusion
// needs is what makes 16x16 affordable.
#include <algorithm>
#include <array>
#include <vector>

#include "engine/sized_logic_internal.h"

namespace puzzlepress::engine::sized_logic {
namespace {

enum class Status : std::uint8_t { running, quiet, failed };

// Every branch of a step: one board each, followed in lockstep.
class Branches {
 public:
  explicit Branches(const Board& start) : g_(*start.g) {
    const int n = g_.n;
    index_.assign(static_cast<std::size_t>(g_.cells) * n, -1);
    for (int c = 0; c < g_.cells; ++c)
      for (unsigned m = start.cand[c]; m; m &= m - 1) {
        index_[c * n + first_symbol(m) - 1] = static_cast<int>(boards_.size());
        boards_.push_back(start);
        origin_.push_back({c, first_symbol(m)});
      }
    const std::size_t count = boards_.size();
    status_.assign(count, Status::running);
    failed_round_.assign(count, 0);
    pending_.assign(count, {});
    pending_value_.assign(count, {});
    clash_.assign(count, 0);
    changed_.assign(count, {});
    changed_mark_.assign(count * g_.cells, 0);
  }

  int branch(int cell, int v) const { return index_[cell * g_.n + v - 1]; }
  bool failed(int k) const { return status_[k] == Status::failed; }
  bool failed_at(int k, int round) const { return failed(k) && failed_round_[k] == round; }
  const Board& board(int k) const { return boards_[k]; }
  /// Cells branch k changed so far, in the order first changed.
  const std::vector<int>& changed(int k) const { return changed_[k]; }
  std::size_t count() const { return boards_.size(); }

  /// Round 1 for every branch: its assumption placed.
  void first_round() {
    for (std::size_t k = 0; k < count(); ++k) {
      place(static_cast<int>(k), origin_[k].cell, origin_[k].digit);
      close_round(static_cast<int>(k), 1);
    }
  }

  /// Round `round` (>= 2) for every running branch. False when no branch is running any more.
  bool next_round(int round) {
    bool any = false;
    for (std::size_t k = 0; k < count(); ++k) {
      if (status_[k] != Status::running) continue;
      advance(static_cast<int>(k), round);
      any |= status_[k] != Status::quiet;
    }
    return any;
  }

 private:
  void place(int k, int c, int v) {
    Board& b = boards_[k];
    if (b.value[c] != 0 || !b.has(c, v)) {
      if (b.value[c] != v) b.broken = true;
      return;
    }
    const SymbolMask bit = symbol_bit(v);
    for (int i = 0; i < g_.peer_count; ++i) {  // the peers about to lose v
      const int p = g_.peers[c][i];
      if (b.cand[p] & bit) touch(k, p);
    }
    touch(k, c);
    b.place(c, v);
  }

  void touch(int k, int c) {
    round_cells_.push_back(c);
    std::uint8_t& mark = changed_mark_[static_cast<std::size_t>(k) * g_.cells + c];
    if (!mark) {
      mark = 1;
      changed_[k].push_back(c);
    }
  }

  // Ends branch k's round: a dead board (broken, an empty cell without candidates, a unit
  // missing a symbol) fails it; otherwise the singles of the next round are collected, which
  // can only appear where this round touched (the start board has none: singles come first
  // in the solver's order).
  void close_round(int k, int round) {
    std::sort(round_cells_.begin(), round_cells_.end());
    round_cells_.erase(std::unique(round_cells_.begin(), round_cells_.end()), round_cells_.end());
    const Board& b = boards_[k];
    std::vector<int>& todo = pending_[k];
    todo.clear();
    bool dead = b.broken, clash = false;
    std::uint64_t units = 0;
    for (int c : round_cells_) {
      if (b.value[c]) continue;
      dead |= !b.cand[c];
      if (mask_bits(b.cand[c]) == 1) {
        todo_[c] = static_cast<std::uint8_t>(first_symbol(b.cand[c]));
        todo.push_back(c);
      }
      for (int u : g_.units_of(c)) units |= std::uint64_t{1} << u;
    }
    for (int c : round_cells_)
      if (b.value[c])
        for (int u : g_.units_of(c)) units |= std::uint64_t{1} << u;
    round_cells_.clear();
    for (std::uint64_t m = units; m && !dead; m &= m - 1) {
      const int u = std::countr_zero(m);
      unsigned once = 0, twice = 0, placed = 0;
      for (int i = 0; i < g_.n; ++i) {
        const int c = g_.unit_cells[u][i];
        twice |= once & b.cand[c];
        once |= b.cand[c];
        if (b.value[c]) placed |= symbol_bit(b.value[c]);
      }
      if ((once | placed) != g_.all) {
        dead = true;
        break;
      }
      for (unsigned single = once & ~twice; single; single &= single - 1) {
        const int v = first_symbol(single);
        for (int i = 0; i < g_.n; ++i) {
          const int c = g_.unit_cells[u][i];
          if (!b.has(c, v)) continue;
          if (todo_[c] && todo_[c] != v) clash = true;
          if (!todo_[c]) todo.push_back(c);
          todo_[c] = static_cast<std::uint8_t>(v);
        }
      }
    }
    for (int c : todo) pending_value_[k].push_back(todo_[c]), todo_[c] = 0;
    clash_[k] = clash;
    if (dead) fail(k, round);
  }

  void fail(int k, int round) {
    status_[k] = Status::failed;
    failed_round_[k] = round;
  }

  // Round `round` on branch k: the singles close_round collected, placed in cell order.
  void advance(int k, int round) {
    std::vector<int>& todo = pending_[k];
    if (todo.empty()) {
      status_[k] = Status::quiet;
      return;
    }
    if (clash_[k] || round > 250) {
      fail(k, round);
      return;
    }
    std::vector<std::pair<int, int>> order;  // (cell, symbol)
    order.reserve(todo.size());
    for (std::size_t i = 0; i < todo.size(); ++i) order.emplace_back(todo[i], pending_value_[k][i]);
    std::sort(order.begin(), order.end());
    todo.clear();
    pending_value_[k].clear();
    for (const auto& [c, v] : order) place(k, c, v);
    close_round(k, round);
  }

  const Geometry& g_;
  std::vector<int> index_;  // (cell, symbol) -> branch
  std::vector<Board> boards_;
  std::vector<CellDigit> origin_;
  std::vector<Status> status_;
  std::vector<int> failed_round_;
  std::vector<std::vector<int>> pending_, pending_value_, changed_;
  std::vector<std::uint8_t> changed_mark_, clash_;
  std::vector<int> round_cells_;
  std::array<std::uint8_t, kMaxCells> todo_{};
};

struct Conclusion {
  bool found = false;
  std::vector<int> cells;  // the source: the cell, or the unit's places
  int symbol = 0;          // unit forcing symbol, or the assumed symbol of a contradiction
  int unit = -1;
  CellDigit result{};
  bool place = false;
};

// A consequence every live branch of `set` shows, the first in cell order (a placement before
// the eliminations of its cell). Only cells the first live branch changed can hold one.
bool common_consequence(const Board& b, const Branches& br, const std::vector<int>& set,
                        std::vector<int>& live, std::vector<int>& scratch, CellDigit& result, bool& place) {
  live.clear();
  for (int k : set)
    if (!br.failed(k)) live.push_back(k);
  if (live.empty()) return false;  // the board itself is contradictory; dead() will catch it
  scratch = br.changed(live[0]);
  std::sort(scratch.begin(), scratch.end());
  for (int c : scratch) {
    if (b.value[c]) continue;
    SymbolMask gone = b.cand[c];
    int v = br.board(live[0]).value[c];
    for (int k : live) {
      const Board& x = br.board(k);
      gone &= static_cast<SymbolMask>(~(x.cand[c] | (x.value[c] ? symbol_bit(x.value[c]) : 0)));
      if (x.value[c] != v) v = 0;
    }
    if (v) {
      result = {c, v};
      place = true;
      return true;
    }
    if (gone) {
      result = {c, first_symbol(gone)};
      place = false;
      return true;
    }
  }
  return false;
}

// The conclusions available after `round` rounds, in the reporting order.
bool conclude(const Board& b, const Branches& br, int round, Conclusion& out) {
  const Geometry& g = *b.g;
  const int n = g.n;
  for (int c = 0; c < g.cells; ++c)
    for (unsigned m = b.cand[c]; m; m &= m - 1) {
      const int v = first_symbol(m);
      if (br.failed_at(br.branch(c, v), round)) {
        out = {true, {c}, v, -1, {c, v}, false};
        return true;
      }
    }
  std::vector<int> set, live, scratch;
  CellDigit result;
  bool place = false;
  for (int c = 0; c < g.cells; ++c) {
    if (b.value[c]) continue;
    set.clear();
    for (unsigned m = b.cand[c]; m; m &= m - 1) set.push_back(br.branch(c, first_symbol(m)));
    if (common_consequence(b, br, set, live, scratch, result, place)) {
      out = {true, {c}, 0, -1, result, place};
      return true;
    }
  }
  for (int u = 0; u < g.units; ++u)
    for (int v = 1; v <= n; ++v) {
      const unsigned pos = b.positions(u, v);
      if (mask_bits(pos) < 2) continue;
      set.clear();
      std::vector<int> src;
      for (unsigned m = pos; m; m &= m - 1) {
        const int c = g.unit_cells[u][std::countr_zero(m)];
        set.push_back(br.branch(c, v));
        src.push_back(c);
      }
      if (common_consequence(b, br, set, live, scratch, result, place)) {
        out = {true, src, v, u, result, place};
        return true;
      }
    }
  return false;
}

}  // namespace

bool find_forcing_chain(const Board& b, LogicStep& out) {
  Branches br(b);
  Conclusion found;
  br.first_round();
  int round = 1;
  for (;;) {
    if (conclude(b, br, round, found)) break;
    if (!br.next_round(++round)) {
      // Every branch is quiet or failed; failures of this last round may still conclude.
      if (!conclude(b, br, round, found)) return false;
      break;
    }
  }
  out.cells = found.cells;
  if (found.symbol) out.digits = {found.symbol};
  out.unit = found.unit;
  if (found.place) out.placements = {found.result};
  else out.eliminations = {found.result};
  out.rating = technique_rating(Technique::forcing_chain) + std::min(1.5, 0.1 * std::max(0, round - 1));
  return true;
}

}  // namespace puzzlepress::engine::sized_logic
