// Logic solver driver: technique table, step explanations, singles, the solve loop and the
// fast tier check used by the generator.
#include "engine/logic_solver.h"

#include "engine/band_search.h"

#include <algorithm>
#include <string>

#include "engine/logic_internal.h"

namespace puzzlepress::engine {

namespace {

struct TechniqueInfo {
  std::string_view name;
  double rating;
  Grade tier;
};

constexpr std::array<TechniqueInfo, kTechniqueCount> kInfo = {{
    {"full house", 1.0, Grade::easy},
    {"hidden single (box)", 1.2, Grade::easy},
    {"hidden single (line)", 1.5, Grade::easy},
    {"naked single", 2.3, Grade::easy},
    {"pointing", 2.6, Grade::medium},
    {"naked pair", 3.0, Grade::medium},
    {"claiming", 2.8, Grade::hard},
    {"hidden pair", 3.4, Grade::hard},
    {"naked triple", 3.6, Grade::hard},
    {"hidden triple", 4.0, Grade::hard},
    {"naked quad", 5.0, Grade::hard},
    {"hidden quad", 5.4, Grade::hard},
    {"x-wing", 3.2, Grade::extreme},
    {"swordfish", 3.8, Grade::extreme},
    {"skyscraper", 4.0, Grade::extreme},
    {"two-string kite", 4.1, Grade::extreme},
    {"turbot fish", 4.2, Grade::extreme},
    {"xy-wing", 4.2, Grade::extreme},
    {"xyz-wing", 4.4, Grade::extreme},
    {"w-wing", 4.4, Grade::extreme},
    {"unique rectangle", 4.5, Grade::extreme},
    {"jellyfish", 5.2, Grade::extreme},
    {"simple colouring", 5.7, Grade::extreme},
    {"x-chain", 6.5, Grade::extreme},
    {"xy-chain", 7.0, Grade::extreme},
    {"alternating inference chain", 7.5, Grade::evil},
    {"forcing chain", 8.0, Grade::evil},
}};

constexpr std::array<Technique, kTechniqueCount> make_order() {
  std::array<Technique, kTechniqueCount> order{};
  for (int i = 0; i < kTechniqueCount; ++i) order[i] = static_cast<Technique>(i);
  // insertion sort by (tier, rating, enum value): constexpr-friendly
  for (int i = 1; i < kTechniqueCount; ++i)
    for (int j = i; j > 0; --j) {
      const auto& a = kInfo[static_cast<int>(order[j - 1])];
      const auto& b = kInfo[static_cast<int>(order[j])];
      if (a.tier > b.tier || (a.tier == b.tier && a.rating > b.rating)) std::swap(order[j - 1], order[j]);
      else break;
    }
  return order;
}

std::string cell_name(int cell) {
  std::string s = "r";
  s += static_cast<char>('1' + cell / 9);
  s += 'c';
  s += static_cast<char>('1' + cell % 9);
  return s;
}

std::string unit_name(int unit) {
  static constexpr std::string_view kinds[3] = {"row ", "column ", "box "};
  std::string s(kinds[unit / 9]);
  s += static_cast<char>('1' + unit % 9);
  return s;
}

char digit_char(int d) { return static_cast<char>('0' + d); }

using logic::Board;

bool find(const Board& b, Technique t, LogicStep& out) {
  using namespace logic;
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
    case Technique::unique_rectangle: return find_unique_rectangle(b, out);
    case Technique::simple_colouring: return find_simple_colouring(b, out);
    case Technique::x_chain:
    case Technique::xy_chain:
    case Technique::aic: return find_chain(b, t, out);
    case Technique::forcing_chain: return find_forcing_chain(b, out);
  }
  return false;
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

bool is_single(Technique t) { return technique_tier(t) == Grade::easy; }

// Sets up the board; false when the givens clash or hold bad values.
bool load(Board& b, const Grid& values, const CandidateMasks* masks) {
  for (int c = 0; c < kCells; ++c) {
    b.cand[c] = masks ? static_cast<logic::Mask>((*masks)[c] & logic::kAll) : logic::kAll;
    b.value[c] = 0;
  }
  b.unsolved = kCells;
  b.broken = false;
  for (int c = 0; c < kCells; ++c) {
    const int v = values.cells[c];
    if (v > 9) return false;
    if (v == 0) continue;
    for (int p : logic::kT.peers[c])
      if (values.cells[p] == v) return false;  // givens clash
    b.cand[c] |= logic::bit(v);  // a filled cell's mask is ignored
    b.place(c, v);
    if (b.broken) return false;
  }
  return true;
}

Grid to_grid(const Board& b) {
  Grid g;
  for (int c = 0; c < kCells; ++c) g.cells[c] = b.value[c];
  return g;
}

enum class NextStep { found, tier_exhausted, none };

// The easiest technique that makes progress on `b`, in kTechniqueOrder, into `step`. Stops at
// the first technique above `max_tier` (tier_exhausted); `skip_singles` when the caller has
// just applied every single.
NextStep find_next_step(const Board& b, std::optional<Grade> max_tier, bool skip_singles,
                        LogicStep& step) {
  for (Technique t : kTechniqueOrder) {
    if (skip_singles && is_single(t)) continue;
    if (max_tier && technique_tier(t) > *max_tier) return NextStep::tier_exhausted;
    clear_step(step);
    step.technique = t;
    step.rating = technique_rating(t);
    if (find(b, t, step)) return NextStep::found;
  }
  return NextStep::none;
}

LogicResult run(const Grid& values, const CandidateMasks* masks, const LogicOptions& opt) {
  LogicResult r;
  Board b;
  if (!load(b, values, masks) || b.dead()) {
    r.invalid = true;
    r.final_grid = values;
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
        // The allowed tiers are exhausted: a stop. (Whether a higher tier would help is not
        // asked; solve without max_tier to find out.)
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
    r.tier = std::max(r.tier, technique_tier(step.technique));
    if (opt.record_steps) r.steps.push_back(step);
    if (b.broken || b.dead()) {
      r.invalid = true;
      break;
    }
  }
  r.solved = !r.invalid && b.unsolved == 0;
  r.score = r.invalid ? 0.0 : r.rating + std::min(0.099, 0.001 * work);
  r.final_grid = to_grid(b);
  r.final_candidates = b.cand;
  return r;
}

}  // namespace

const std::array<Technique, kTechniqueCount> kTechniqueOrder = make_order();

std::string_view technique_name(Technique t) { return kInfo[static_cast<int>(t)].name; }
double technique_rating(Technique t) { return kInfo[static_cast<int>(t)].rating; }
Grade technique_tier(Technique t) { return kInfo[static_cast<int>(t)].tier; }

std::string LogicStep::explain() const {
  std::string s;
  if (is_single(technique) && placements.size() == 1) {
    s += cell_name(placements[0].cell);
    s += " = ";
    s += digit_char(placements[0].digit);
    s += ": ";
    s += technique_name(technique);
    if (unit >= 0) {
      s += " in ";
      s += unit_name(unit);
    }
    return s;
  }
  s += technique_name(technique);
  if (!digits.empty()) {
    s += " {";
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i) s += ',';
      s += digit_char(digits[i]);
    }
    s += '}';
  }
  if (!cells.empty()) {
    s += " in ";
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i) s += ',';
      s += cell_name(cells[i]);
    }
  }
  if (unit >= 0) {
    s += " (";
    s += unit_name(unit);
    s += ')';
  }
  s += ':';
  for (const auto& p : placements) {
    s += ' ';
    s += cell_name(p.cell);
    s += '=';
    s += digit_char(p.digit);
  }
  // eliminations grouped by cell, in the order given
  std::vector<int> seen;
  for (const auto& e : eliminations) {
    if (std::find(seen.begin(), seen.end(), e.cell) != seen.end()) continue;
    seen.push_back(e.cell);
    s += ' ';
    s += cell_name(e.cell);
    s += " -";
    for (const auto& f : eliminations)
      if (f.cell == e.cell) s += digit_char(f.digit);
  }
  return s;
}

LogicResult solve_logically(const Grid& givens, const LogicOptions& options) {
  return run(givens, nullptr, options);
}

LogicResult solve_logically(const Grid& values, const CandidateMasks& masks, const LogicOptions& options) {
  return run(values, &masks, options);
}

bool solvable_within(const Grid& givens, Grade max_tier) {
  // Cells must hold 0..9; clashing givens make singles_closure fail, as they make load fail.
  for (int c = 0; c < kCells; ++c)
    if (givens.cells[c] > 9) return false;
  // First round on bitboards: the singles closure, which is all most boards need. The generic
  // board then starts from exactly the state its own singles propagation would have reached.
  Grid values;
  CandidateMasks masks;
  if (!detail::singles_closure(givens, values, masks)) return false;
  if (values.is_full()) return true;
  if (max_tier == Grade::easy) return false;
  Board b;
  if (!load(b, values, &masks)) return false;
  LogicStep step;
  for (;;) {
    if (!logic::propagate_singles(b)) return false;
    if (b.unsolved == 0) return true;
    if (max_tier == Grade::easy) return false;
    // Singles were just exhausted by propagate_singles: start from the next technique.
    if (find_next_step(b, max_tier, /*skip_singles=*/true, step) != NextStep::found) return false;
    apply(b, step);
    if (b.broken) return false;
  }
}

namespace logic {

bool Board::dead() const {
  for (int c = 0; c < 81; ++c)
    if (value[c] == 0 && cand[c] == 0) return true;
  for (int u = 0; u < 27; ++u) {
    Mask have = 0;
    for (int c : kT.units[u]) have |= value[c] ? bit(value[c]) : cand[c];
    if (have != kAll) return true;
  }
  return false;
}

double length_bonus(int length) {
  double added = 0;
  int ceil = 4;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

bool finish_eliminations(const Board& b, LogicStep& out) {
  auto& e = out.eliminations;
  std::vector<CellDigit> kept;
  kept.reserve(e.size());
  for (const auto& x : e)
    if (b.has(x.cell, x.digit) && std::find(kept.begin(), kept.end(), x) == kept.end()) kept.push_back(x);
  std::sort(kept.begin(), kept.end(), [](const CellDigit& a, const CellDigit& c) {
    return a.cell != c.cell ? a.cell < c.cell : a.digit < c.digit;
  });
  e = std::move(kept);
  return !e.empty() || !out.placements.empty();
}

bool find_full_house(const Board& b, LogicStep& out) {
  for (int u = 0; u < 27; ++u) {
    int empty = -1, n = 0;
    for (int c : kT.units[u])
      if (!b.value[c]) {
        empty = c;
        ++n;
      }
    if (n == 1 && popcount(b.cand[empty]) == 1) {
      out.unit = u;
      out.cells = {empty};
      out.placements = {{empty, first_digit(b.cand[empty])}};
      out.digits = {out.placements[0].digit};
      return true;
    }
  }
  return false;
}

bool find_hidden_single(const Board& b, bool boxes, LogicStep& out) {
  const int lo = boxes ? 18 : 0, hi = boxes ? 27 : 18;
  for (int u = lo; u < hi; ++u) {
    unsigned once = 0, twice = 0;
    for (int c : kT.units[u]) {
      twice |= once & b.cand[c];
      once |= b.cand[c];
    }
    const unsigned single = once & ~twice;
    if (!single) continue;
    const int d = first_digit(single);
    for (int c : kT.units[u])
      if (b.has(c, d)) {
        out.unit = u;
        out.cells = {c};
        out.digits = {d};
        out.placements = {{c, d}};
        return true;
      }
  }
  return false;
}

bool find_naked_single(const Board& b, LogicStep& out) {
  for (int c = 0; c < 81; ++c)
    if (!b.value[c] && popcount(b.cand[c]) == 1) {
      out.cells = {c};
      out.digits = {first_digit(b.cand[c])};
      out.placements = {{c, out.digits[0]}};
      return true;
    }
  return false;
}

bool propagate_singles(Board& b, int* rounds) {
  int r = 0;
  std::array<std::uint8_t, 81> todo{};
  for (;;) {
    bool any = false;
    todo.fill(0);
    for (int c = 0; c < 81; ++c) {
      if (b.value[c]) continue;
      if (b.cand[c] == 0) return false;
      if (popcount(b.cand[c]) == 1) {
        todo[c] = static_cast<std::uint8_t>(first_digit(b.cand[c]));
        any = true;
      }
    }
    for (int u = 0; u < 27; ++u) {
      unsigned once = 0, twice = 0, placed = 0;
      for (int c : kT.units[u]) {
        twice |= once & b.cand[c];
        once |= b.cand[c];
        if (b.value[c]) placed |= bit(b.value[c]);
      }
      if ((once | placed) != kAll) return false;
      unsigned single = once & ~twice;
      while (single) {
        const int d = first_digit(single);
        single &= single - 1;
        for (int c : kT.units[u])
          if (b.has(c, d)) {
            if (todo[c] && todo[c] != d) return false;
            todo[c] = static_cast<std::uint8_t>(d);
            any = true;
          }
      }
    }
    if (!any) break;
    ++r;
    for (int c = 0; c < 81; ++c)
      if (todo[c]) {
        b.place(c, todo[c]);
        if (b.broken) return false;
      }
    if (b.unsolved == 0) break;
  }
  if (rounds) *rounds = r;
  return true;
}

}  // namespace logic

}  // namespace puzzlepress::engine
