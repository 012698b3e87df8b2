// Sized logic solver driver: the 9x9 dispatch, the technique table for other shapes, step
// explanations, singles, the solve loop and the fast tier check used by the generator.
#include "engine/sized_logic.h"

#include <algorithm>
#include <string>

#include "engine/sized_logic_internal.h"

namespace puzzlepress::engine {
namespace {

using sized_logic::Board;

// Technique finder for the shapes other than 9x9; false for a technique not written for them.
bool find(const Board& b, Technique t, LogicStep& out) {
  using namespace sized_logic;
  switch (t) {
    case Technique::full_house: return find_full_house(b, out);
    case Technique::hidden_single_box: return find_hidden_single(b, true, out);
    case Technique::hidden_single_line: return find_hidden_single(b, false, out);
    case Technique::naked_single: return find_naked_single(b, out);
    case Technique::pointing: return find_pointing(b, out);
    case Technique::claiming: return find_claiming(b, out);
    case Technique::naked_pair: return find_naked_subset(b, 2, out);
    case Technique::naked_triple: return find_naked_subset(b, 3, out);
    case Technique::naked_quad: return find_naked_subset(b, 4, out);
    case Technique::hidden_pair: return find_hidden_subset(b, 2, out);
    case Technique::hidden_triple: return find_hidden_subset(b, 3, out);
    case Technique::hidden_quad: return find_hidden_subset(b, 4, out);
    case Technique::x_wing: return find_fish(b, 2, out);
    case Technique::swordfish: return find_fish(b, 3, out);
    case Technique::jellyfish: return find_fish(b, 4, out);
    case Technique::skyscraper:
    case Technique::two_string_kite:
    case Technique::turbot_fish: return find_single_digit_pattern(b, t, out);
    case Technique::xy_wing: return find_xy_wing(b, out);
    case Technique::xyz_wing: return find_xyz_wing(b, out);
    case Technique::w_wing: return find_w_wing(b, out);
    case Technique::unique_rectangle_1: return find_unique_rectangle(b, out);
    case Technique::simple_colouring: return find_simple_colouring(b, out);
    case Technique::x_chain:
    case Technique::xy_chain:
    case Technique::aic: return find_chain(b, t, out);
    case Technique::forcing_chain: return find_forcing_chain(b, out);
    default: return false;
  }
}

bool written_for_sizes(Technique t) {
  switch (t) {
    case Technique::full_house:
    case Technique::hidden_single_box:
    case Technique::hidden_single_line:
    case Technique::naked_single:
    case Technique::pointing:
    case Technique::claiming:
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish:
    case Technique::skyscraper:
    case Technique::two_string_kite:
    case Technique::turbot_fish:
    case Technique::xy_wing:
    case Technique::xyz_wing:
    case Technique::w_wing:
    case Technique::unique_rectangle_1:
    case Technique::simple_colouring:
    case Technique::x_chain:
    case Technique::xy_chain:
    case Technique::aic:
    case Technique::forcing_chain: return true;
    default: return false;
  }
}

bool is_single(Technique t) {
  return t == Technique::full_house || t == Technique::hidden_single_box ||
         t == Technique::hidden_single_line || t == Technique::naked_single;
}

void clear_step(LogicStep& s) {
  s.rating = 0;
  s.unit = -1;
  s.cells.clear();
  s.digits.clear();
  s.placements.clear();
  s.eliminations.clear();
}

void apply(Board& b, const LogicStep& s) {
  for (const auto& p : s.placements) b.place(p.cell, p.digit);
  for (const auto& e : s.eliminations) b.eliminate(e.cell, e.digit);
}

// Sets up the board; false when the givens clash or hold values outside 0..N.
bool load(Board& b, const SizedGrid& givens) {
  const detail::Geometry& g = *b.g;
  for (int c = 0; c < g.cells; ++c) {
    b.cand[c] = g.all;
    b.value[c] = 0;
  }
  b.unsolved = g.cells;
  b.broken = false;
  for (int c = 0; c < g.cells; ++c) {
    const int v = givens.cells[c];
    if (v > g.n) return false;
    if (v == 0) continue;
    for (int i = 0; i < g.peer_count; ++i)
      if (givens.cells[g.peers[c][i]] == v) return false;  // givens clash
    b.cand[c] |= detail::symbol_bit(v);
    b.place(c, v);
    if (b.broken) return false;
  }
  b.changed();
  return true;
}

SizedGrid to_sized_grid(const Board& b) {
  SizedGrid grid(b.g->shape);
  for (int c = 0; c < b.g->cells; ++c) grid.cells[c] = b.value[c];
  return grid;
}

enum class NextStep { found, tier_exhausted, none };

// The easiest technique that makes progress, in kTechniqueOrder; stops at the first technique
// above `max_tier`; `skip_singles` when every single has just been applied.
NextStep find_next_step(const Board& b, std::optional<Grade> max_tier, bool skip_singles, LogicStep& step) {
  for (Technique t : kTechniqueOrder) {
    if (skip_singles && is_single(t)) continue;
    if (max_tier && technique_tier(b.g->shape, t) > *max_tier) return NextStep::tier_exhausted;
    if (!written_for_sizes(t)) continue;
    clear_step(step);
    step.technique = t;
    step.rating = technique_rating(t);
    if (find(b, t, step)) return NextStep::found;
  }
  return NextStep::none;
}

SizedLogicResult from_9x9(const LogicResult& r) {
  SizedLogicResult out;
  out.solved = r.solved;
  out.needs_trial = r.needs_trial;
  out.stopped = r.stopped;
  out.invalid = r.invalid;
  out.rating = r.rating;
  out.score = r.score;
  out.tier = r.tier;
  out.counts = r.counts;
  out.steps = r.steps;
  out.final_grid = from_grid(r.final_grid);
  return out;
}

SizedLogicResult run(const SizedGrid& givens, const LogicOptions& opt) {
  SizedLogicResult r;
  Board b;
  b.g = &detail::geometry(givens.shape);
  if (!load(b, givens) || b.dead()) {
    r.invalid = true;
    r.final_grid = givens;
    return r;
  }
  LogicStep step;
  int taken = 0, work = 0;
  while (b.unsolved > 0) {
    if (opt.max_steps > 0 && taken >= opt.max_steps) {
      r.stopped = true;
      break;
    }
    const NextStep next = find_next_step(b, opt.max_tier, /*skip_singles=*/false, step);
    if (next != NextStep::found) {
      if (next == NextStep::tier_exhausted) {
        r.stopped = true;
      } else {
        r.needs_trial = true;
        r.rating = kTrialRating;
        r.tier = Grade::evil;
      }
      break;
    }
    apply(b, step);
    ++taken;
    ++r.counts[static_cast<int>(step.technique)];
    r.rating = std::max(r.rating, step.rating);
    if (step.rating > technique_rating(Technique::hidden_single_box)) ++work;
    r.tier = std::max(r.tier, technique_tier(givens.shape, step.technique));
    if (opt.record_steps) r.steps.push_back(step);
    if (b.broken || b.dead()) {
      r.invalid = true;
      break;
    }
  }
  r.solved = !r.invalid && b.unsolved == 0;
  r.score = r.invalid ? 0.0 : r.rating + std::min(0.099, 0.001 * work);
  r.final_grid = to_sized_grid(b);
  return r;
}

std::string cell_name(int cell, int n) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

std::string unit_name(int unit, int n) {
  static constexpr std::string_view kinds[3] = {"row ", "column ", "box "};
  return std::string(kinds[unit / n]) + std::to_string(unit % n + 1);
}

}  // namespace

Grade technique_tier(Shape shape, Technique technique) {
  // The children's sizes step down: Medium starts within the singles.
  if (shape == kShape4x4 && is_single(technique)) {
    return technique == Technique::full_house ? Grade::easy : Grade::medium;
  }
  if (shape == kShape6x6 && is_single(technique)) {
    return technique == Technique::full_house || technique == Technique::hidden_single_box ? Grade::easy
                                                                                         : Grade::medium;
  }
  return technique_tier(technique);
}

bool technique_available(Shape shape, Technique technique) {
  return shape == kShape9x9 || written_for_sizes(technique);
}

SizedLogicResult solve_logically_sized(const SizedGrid& givens, const LogicOptions& options) {
  if (givens.shape == kShape9x9) return from_9x9(solve_logically(to_grid(givens), options));
  return detail::solve_logically_unit_tables(givens, options);
}

SizedLogicResult detail::solve_logically_unit_tables(const SizedGrid& givens, const LogicOptions& options) {
  if (!is_supported(givens.shape)) {
    SizedLogicResult r;
    r.invalid = true;
    r.final_grid = givens;
    return r;
  }
  return run(givens, options);
}

bool solvable_within_sized(const SizedGrid& givens, Grade max_tier) {
  if (givens.shape == kShape9x9) return solvable_within(to_grid(givens), max_tier);
  return detail::solvable_within_limited(givens, max_tier, -1);
}

bool detail::solvable_within_limited(const SizedGrid& givens, Grade max_tier, int max_forcing_steps) {
  if (!is_supported(givens.shape)) return false;
  Board b;
  b.g = &detail::geometry(givens.shape);
  if (!load(b, givens)) return false;
  // Singles go in bulk when every single is within the tier, else one step at a time.
  const bool bulk_singles = technique_tier(givens.shape, Technique::naked_single) <= max_tier &&
                            technique_tier(givens.shape, Technique::hidden_single_line) <= max_tier;
  LogicStep step;
  for (;;) {
    if (bulk_singles && !sized_logic::propagate_singles(b)) return false;
    if (b.unsolved == 0) return true;
    if (bulk_singles && max_tier == Grade::easy) return false;
    if (find_next_step(b, max_tier, /*skip_singles=*/bulk_singles, step) != NextStep::found) return false;
    if (step.technique == Technique::forcing_chain && max_forcing_steps >= 0 && max_forcing_steps-- == 0) {
      return false;
    }
    apply(b, step);
    if (b.broken || (!bulk_singles && b.dead())) return false;
  }
}

std::string explain_step(const LogicStep& step, Shape shape) {
  if (shape == kShape9x9) return step.describe();
  const int n = shape.size();
  std::string s;
  if (is_single(step.technique) && step.placements.size() == 1) {
    s += cell_name(step.placements[0].cell, n) + " = " + symbol_char(step.placements[0].digit) + ": ";
    s += technique_name(step.technique);
    if (step.unit >= 0) s += " in " + unit_name(step.unit, n);
    return s;
  }
  s += technique_name(step.technique);
  if (!step.digits.empty()) {
    s += " {";
    for (std::size_t i = 0; i < step.digits.size(); ++i) {
      if (i) s += ',';
      s += symbol_char(step.digits[i]);
    }
    s += '}';
  }
  if (!step.cells.empty()) {
    s += " in ";
    for (std::size_t i = 0; i < step.cells.size(); ++i) {
      if (i) s += ',';
      s += cell_name(step.cells[i], n);
    }
  }
  if (step.unit >= 0) s += " (" + unit_name(step.unit, n) + ")";
  s += ':';
  for (const auto& p : step.placements) s += ' ' + cell_name(p.cell, n) + '=' + symbol_char(p.digit);
  std::vector<int> seen;  // eliminations grouped by cell, in the order given
  for (const auto& e : step.eliminations) {
    if (std::find(seen.begin(), seen.end(), e.cell) != seen.end()) continue;
    seen.push_back(e.cell);
    s += ' ' + cell_name(e.cell, n) + " -";
    for (const auto& f : step.eliminations)
      if (f.cell == e.cell) s += symbol_char(f.digit);
  }
  return s;
}

namespace sized_logic {

void Board::refresh_places() const {
  for (int u = 0; u < g->units; ++u) {
    auto& row = places[u];
    row.fill(0);
    for (int i = 0; i < g->n; ++i)
      for (unsigned m = cand[g->unit_cells[u][i]]; m; m &= m - 1) row[first_symbol(m)] |= static_cast<std::uint16_t>(1u << i);
  }
  places_fresh = true;
}

bool Board::dead() const {
  for (int c = 0; c < g->cells; ++c)
    if (value[c] == 0 && cand[c] == 0) return true;
  for (int u = 0; u < g->units; ++u) {
    SymbolMask have = 0;
    for (int i = 0; i < g->n; ++i) {
      const int c = g->unit_cells[u][i];
      have |= value[c] ? symbol_bit(value[c]) : cand[c];
    }
    if (have != g->all) return true;
  }
  return false;
}

bool find_full_house(const Board& b, LogicStep& out) {
  for (int u = 0; u < b.g->units; ++u) {
    int empty = -1, count = 0;
    for (int i = 0; i < b.n(); ++i) {
      const int c = b.g->unit_cells[u][i];
      if (!b.value[c]) {
        empty = c;
        ++count;
      }
    }
    if (count == 1 && mask_bits(b.cand[empty]) == 1) {
      out.unit = u;
      out.cells = {empty};
      out.placements = {{empty, first_symbol(b.cand[empty])}};
      out.digits = {out.placements[0].digit};
      return true;
    }
  }
  return false;
}

bool find_hidden_single(const Board& b, bool boxes, LogicStep& out) {
  const int n = b.n();
  const int lo = boxes ? 2 * n : 0, hi = boxes ? 3 * n : 2 * n;
  for (int u = lo; u < hi; ++u) {
    unsigned once = 0, twice = 0;
    for (int i = 0; i < n; ++i) {
      const unsigned m = b.cand[b.g->unit_cells[u][i]];
      twice |= once & m;
      once |= m;
    }
    const unsigned single = once & ~twice;
    if (!single) continue;
    const int v = first_symbol(single);
    for (int i = 0; i < n; ++i) {
      const int c = b.g->unit_cells[u][i];
      if (!b.has(c, v)) continue;
      out.unit = u;
      out.cells = {c};
      out.digits = {v};
      out.placements = {{c, v}};
      return true;
    }
  }
  return false;
}

bool find_naked_single(const Board& b, LogicStep& out) {
  for (int c = 0; c < b.cells(); ++c)
    if (!b.value[c] && mask_bits(b.cand[c]) == 1) {
      out.cells = {c};
      out.digits = {first_symbol(b.cand[c])};
      out.placements = {{c, out.digits[0]}};
      return true;
    }
  return false;
}

int singles_round(const Board& b, std::array<std::uint8_t, kMaxCells>& todo) {
  const Geometry& g = *b.g;
  int count = 0;
  std::fill(todo.begin(), todo.begin() + g.cells, std::uint8_t{0});
  for (int c = 0; c < g.cells; ++c) {
    if (b.value[c]) continue;
    if (b.cand[c] == 0) return -1;
    if (mask_bits(b.cand[c]) == 1) {
      todo[c] = static_cast<std::uint8_t>(first_symbol(b.cand[c]));
      ++count;
    }
  }
  for (int u = 0; u < g.units; ++u) {
    unsigned once = 0, twice = 0, placed = 0;
    for (int i = 0; i < g.n; ++i) {
      const int c = g.unit_cells[u][i];
      twice |= once & b.cand[c];
      once |= b.cand[c];
      if (b.value[c]) placed |= symbol_bit(b.value[c]);
    }
    if ((once | placed) != g.all) return -1;
    for (unsigned single = once & ~twice; single; single &= single - 1) {
      const int v = first_symbol(single);
      for (int i = 0; i < g.n; ++i) {
        const int c = g.unit_cells[u][i];
        if (!b.has(c, v)) continue;
        if (todo[c] && todo[c] != v) return -1;
        if (!todo[c]) ++count;
        todo[c] = static_cast<std::uint8_t>(v);
      }
    }
  }
  return count;
}

bool propagate_singles(Board& b) {
  std::array<std::uint8_t, kMaxCells> todo;
  for (;;) {
    const int found = singles_round(b, todo);
    if (found < 0) return false;
    if (found == 0) return true;
    for (int c = 0; c < b.cells(); ++c)
      if (todo[c]) {
        b.place(c, todo[c]);
        if (b.broken) return false;
      }
    if (b.unsolved == 0) return true;
  }
}

}  // namespace sized_logic

}  // namespace puzzlepress::engine
