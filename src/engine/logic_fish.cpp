// Fish on one digit, over the rows and columns: basic (X-wing, swordfish, jellyfish) and
// finned or sashimi (X-wing, swordfish).
//
// Basic fish of size n: n base lines (rows, say) whose places for the digit lie in n cover
// lines (columns). The digit stands once in each base line, so the n cover lines are filled
// from the base lines: it goes from the rest of each cover line. The rule: base and cover
// lines come from two families of disjoint houses that cross in one cell each, the rows and
// the columns. (Houses that overlap, such as the two diagonals of an odd-sized grid, are no
// family: one placement at their crossing would count for two base lines.)
//
// Finned fish: the base lines' places lie in n cover lines plus some fins, all in one block.
// Either a fin holds the digit, or the fish holds; a cover cell outside the base lines that
// also lies in the fins' block loses the digit either way (it sees every fin). Sashimi: a base
// line keeps only one place in the cover (without its fins the fish would be degenerate).
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// The cell at position x of line l in orientation `orient` (0: rows, 1: columns); position x
// of a row is column x, of a column row x.
template <class V>
int line_cell(const V& g, int orient, int l, int x) {
  return orient == 0 ? g.cell_at(l, x) : g.cell_at(x, l);
}

template <class V>
bool find_fish(const Board<V>& b, int size, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  const int n_lines = g.symbols();
  for (int d = 1; d <= g.symbols(); ++d)
    if (q.digits & (1u << d))
      for (int orient = 0; orient < 2; ++orient) {
        // orient 0: base rows, cover columns; 1: base columns, cover rows
        std::array<int, V::kMaxSymbols> lines{};
        std::array<unsigned, V::kMaxSymbols> pos{};
        int n = 0;
        for (int l = 0; l < n_lines; ++l) {
          const unsigned p = b.positions(orient * n_lines + l, d);
          const int k = g.count(p);
          if (k >= 2 && k <= size) {
            lines[n] = l;
            pos[n++] = p;
          }
        }
        const bool hit = for_each_combination(n, size, [&](const auto& idx) {
          unsigned cover = 0, base = 0;
          for (int i = 0; i < size; ++i) {
            cover |= pos[idx[i]];
            base |= 1u << lines[idx[i]];
          }
          if (g.count(cover) != size) return false;
          out.eliminations.clear();
          for (unsigned m = cover; m; m &= m - 1) {
            const int x = std::countr_zero(m);
            for (int l = 0; l < n_lines; ++l) {
              if (base & (1u << l)) continue;
              const int c = line_cell(g, orient, l, x);
              if (b.has(c, d)) out.eliminations.push_back({c, d});
            }
          }
          if (out.eliminations.empty()) return false;
          out.digits = {d};
          for (int i = 0; i < size; ++i)
            for (unsigned m = pos[idx[i]]; m; m &= m - 1)
              out.cells.push_back(line_cell(g, orient, lines[idx[i]], std::countr_zero(m)));
          for (int i = 0; i < size; ++i) out.units.push_back(orient * n_lines + lines[idx[i]]);
          for (unsigned m = cover; m; m &= m - 1) out.units.push_back((1 - orient) * n_lines + std::countr_zero(m));
          return true;
        });
        if (hit) return true;
      }
  return false;
}

// The finned fish of one digit and orientation: its candidate base lines and their places.
template <class V>
struct FinnedSearch {
  const Board<V>& b;
  const V& g;
  LogicStep& out;
  int size, digit, orient;
  bool want_sashimi;
  std::array<int, V::kMaxSymbols> lines{};     // the candidate base lines
  std::array<unsigned, V::kMaxSymbols> pos{};  // their places (positions across)
  int n = 0;
  std::array<int, V::kMaxSymbols> idx{};  // the base lines chosen (indices into lines)

  const auto& t() const { return g.t(); }
  int n_lines() const { return g.symbols(); }

  // The fish with base idx, cover `cover`, fins in block `blk`: fills `out` when it is of the
  // wanted kind (sashimi or not) and removes something.
  bool try_cover(unsigned base, int blk, unsigned cover) {
    if (!(cover & t().cross_meeting[orient][blk])) return false;  // nothing to remove inside the block
    bool sashimi = false, fins = false;
    for (int i = 0; i < size; ++i) {
      const unsigned in_cover = pos[idx[i]] & cover;
      if (!in_cover) return false;  // every base line keeps a cover place
      sashimi |= g.count(in_cover) < 2;
      fins |= (pos[idx[i]] & ~cover) != 0;
    }
    if (!fins || sashimi != want_sashimi) return false;
    out.eliminations.clear();
    for (unsigned lm = t().lines_meeting[orient][blk]; lm; lm &= lm - 1) {
      const int l = std::countr_zero(lm);
      if (base & (1u << l)) continue;
      for (unsigned m = cover & t().in_block[orient][l][blk]; m; m &= m - 1) {
        const int c = line_cell(g, orient, l, std::countr_zero(m));
        if (b.has(c, digit)) out.eliminations.push_back({c, digit});
      }
    }
    if (out.eliminations.empty()) return false;
    out.digits = {digit};
    for (int i = 0; i < size; ++i)
      for (unsigned m = pos[idx[i]]; m; m &= m - 1) {
        const int c = line_cell(g, orient, lines[idx[i]], std::countr_zero(m));
        if (cover & (m & (0u - m))) out.cells.push_back(c);
        else out.extra_cells.push_back(c);
      }
    for (int i = 0; i < size; ++i) out.units.push_back(orient * n_lines() + lines[idx[i]]);
    for (unsigned m = cover; m; m &= m - 1) out.units.push_back((1 - orient) * n_lines() + std::countr_zero(m));
    return true;
  }

  // The base lines idx (their places `all`): each block as the fins' block, and each set of
  // cover lines it allows.
  bool try_base(unsigned all) {
    if (g.count(all) <= size) return false;  // a basic fish (or none)
    unsigned base = 0;
    for (int i = 0; i < size; ++i) base |= 1u << lines[idx[i]];
    // The fins' block: blocks by band (the base lines meeting it), then segment.
    for (int k = 0; k < n_lines(); ++k) {
      const int blk = t().fin_order[orient][k];
      if (!(t().lines_meeting[orient][blk] & base)) continue;
      // places that must be covered: all but those in the block
      unsigned outside = 0, inside = 0;
      for (int i = 0; i < size; ++i) {
        const unsigned in = t().in_block[orient][lines[idx[i]]][blk];
        outside |= pos[idx[i]] & ~in;
        inside |= pos[idx[i]] & in;
      }
      const int free_covers = size - g.count(outside);
      if (free_covers < 0) continue;
      // Cover lines to add from the block (places there not yet covered).
      std::array<int, V::kMaxSymbols> xs{};
      int nx = 0;
      for (unsigned m = inside & ~outside; m; m &= m - 1) xs[nx++] = std::countr_zero(m);
      const bool found = free_covers == 0 ? try_cover(base, blk, outside)
                                          : for_each_combination(nx, free_covers, [&](const auto& cidx) {
                                              unsigned cover = outside;
                                              for (int i = 0; i < free_covers; ++i) cover |= 1u << xs[cidx[i]];
                                              return try_cover(base, blk, cover);
                                            });
      if (found) return true;
    }
    return false;
  }

  // Base lines: nested choice, pruned by a necessary condition: for the fins' segment s, the
  // base places outside s all lie in the `size` cover lines.
  bool visit(int depth, int from, unsigned all, const std::array<unsigned, V::kMaxSymbols>& outside) {
    if (depth == size) return try_base(all);
    const int segments = t().segment_count[orient];
    const auto& segment = t().segments[orient];
    for (int i = from; i < n; ++i) {
      std::array<unsigned, V::kMaxSymbols> o{};
      bool possible = false;
      for (int s = 0; s < segments; ++s) {
        o[s] = outside[s] | (pos[i] & ~unsigned{segment[s]});
        possible |= g.count(o[s]) <= size;
      }
      if (!possible) continue;
      idx[depth] = i;
      if (visit(depth + 1, i + 1, all | pos[i], o)) return true;
    }
    return false;
  }
};

template <class V>
bool find_finned_fish(const Board<V>& b, int size, bool want_sashimi, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  const auto& t = g.t();
  const int n_lines = g.symbols();
  for (int d = 1; d <= g.symbols(); ++d)
    if (q.digits & (1u << d))
      for (int orient = 0; orient < 2; ++orient) {
        // Lines are rows (orient 0) or columns; a position x is the column (or row) across.
        // A segment: the crossing lines meeting one block (on classic grids, the part of a
        // line inside one box).
        FinnedSearch<V> search{b, g, out, size, d, orient, want_sashimi};
        for (int l = 0; l < n_lines; ++l) {
          const unsigned p = b.positions(orient * n_lines + l, d);
          if (!p) continue;
          // At most `size` cover places outside the segment holding the fins.
          bool possible = false;
          for (int s = 0; s < t.segment_count[orient]; ++s)
            possible |= g.count(p & ~unsigned{t.segments[orient][s]}) <= size;
          if (possible) {
            search.lines[search.n] = l;
            search.pos[search.n++] = p;
          }
        }
        if (search.visit(0, 0, 0u, std::array<unsigned, V::kMaxSymbols>{})) return true;
      }
  return false;
}

std::string describe_fish(const LogicStep& s, const Naming& names) {
  const std::string name(technique_name(s.technique));
  const std::string d = s.digits.empty() ? "" : names.symbol(s.digits[0]);
  const std::size_t n = s.units.size() / 2;
  const std::vector<int> base(s.units.begin(), s.units.begin() + static_cast<long>(n));
  const std::vector<int> cover(s.units.begin() + static_cast<long>(n), s.units.end());
  const bool rows = cover.empty() || names.g.house_kind(cover[0]) == HouseKind::row;
  return name + " on " + d + ": in " + names.lines(base) + " the " + d + "s lie only in " + names.lines(cover) +
         ", so " + d + " goes from the rest of those " + (rows ? "rows" : "columns") + "; " + names.effect(s);
}

std::string describe_finned_fish(const LogicStep& s, const Naming& names) {
  const std::string name(technique_name(s.technique));
  const std::string d = s.digits.empty() ? "" : names.symbol(s.digits[0]);
  const std::size_t n = s.units.size() / 2;
  const std::vector<int> base(s.units.begin(), s.units.begin() + static_cast<long>(n));
  const std::vector<int> cover(s.units.begin() + static_cast<long>(n), s.units.end());
  const bool several = s.extra_cells.size() > 1;
  return name + " on " + d + ": in " + names.lines(base) + " the " + d + "s lie in " + names.lines(cover) +
         " apart from the fin" + (several ? "s " : " ") + names.cells(s.extra_cells) + "; either a fin is " + d +
         " or the fish holds, so cells that see the fin" + (several ? "s" : "") + " lose " + d + ": " + names.effect(s);
}

}  // namespace

template <class V>
bool find_x_wing(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_fish(b, 2, q, out);
}
template <class V>
bool find_swordfish(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_fish(b, 3, q, out);
}
template <class V>
bool find_jellyfish(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_fish(b, 4, q, out);
}
template <class V>
bool find_finned_x_wing(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_finned_fish(b, 2, false, q, out);
}
template <class V>
bool find_sashimi_x_wing(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_finned_fish(b, 2, true, q, out);
}
template <class V>
bool find_finned_swordfish(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_finned_fish(b, 3, false, q, out);
}
template <class V>
bool find_sashimi_swordfish(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_finned_fish(b, 3, true, q, out);
}

std::string describe_x_wing(const LogicStep& s, const Naming& names) { return describe_fish(s, names); }
std::string describe_swordfish(const LogicStep& s, const Naming& names) { return describe_fish(s, names); }
std::string describe_jellyfish(const LogicStep& s, const Naming& names) { return describe_fish(s, names); }
std::string describe_finned_x_wing(const LogicStep& s, const Naming& names) { return describe_finned_fish(s, names); }
std::string describe_sashimi_x_wing(const LogicStep& s, const Naming& names) { return describe_finned_fish(s, names); }
std::string describe_finned_swordfish(const LogicStep& s, const Naming& names) {
  return describe_finned_fish(s, names);
}
std::string describe_sashimi_swordfish(const LogicStep& s, const Naming& names) {
  return describe_finned_fish(s, names);
}

PUZZLEPRESS_FINDER(find_x_wing);
PUZZLEPRESS_FINDER(find_swordfish);
PUZZLEPRESS_FINDER(find_jellyfish);
PUZZLEPRESS_FINDER(find_finned_x_wing);
PUZZLEPRESS_FINDER(find_sashimi_x_wing);
PUZZLEPRESS_FINDER(find_finned_swordfish);
PUZZLEPRESS_FINDER(find_sashimi_swordfish);

}  // namespace puzzlepress::engine::logic
