// Single-digit patterns: strong-link patterns (skyscraper, two-string kite, turbot fish), the
// empty rectangle, and simple colouring. A strong link (conjugate pair) of digit d: a house
// where d has exactly two places, so one of them holds it.
#include <array>
#include <vector>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

struct Link {
  int a, b, unit;
};

// Conjugate pairs of digit d: houses where d has exactly two places.
template <class V>
std::vector<Link> strong_links(const Board<V>& b, int d) {
  const V& g = b.geo;
  std::vector<Link> links;
  for (int u = 0; u < g.houses(); ++u) {
    const unsigned p = b.positions(u, d);
    if (g.count(p) != 2) continue;
    links.push_back({g.house(u)[std::countr_zero(p)], g.house(u)[std::countr_zero(p & (p - 1))], u});
  }
  return links;
}

// 0 for a row, 1 for a column, 2 for any other house.
template <class V>
int line_kind(const V& g, int u) {
  const HouseKind k = g.kind(u);
  return k == HouseKind::row ? 0 : k == HouseKind::column ? 1 : 2;
}

// Two strong links joined by a weak one, a=x-y=e: a or e holds the digit, so it goes from
// cells seeing both. Skyscraper: two rows (or columns) joined across; two-string kite: a row
// and a column joined in a block; turbot fish: any other.
template <class V>
bool find_single_digit_pattern(const Board<V>& b, Technique kind, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  for (int d = 1; d <= g.symbols(); ++d) {
    if (!(q.digits & (1u << d))) continue;
    std::array<Link, V::kMaxHouses> links;
    int n = 0;
    for (int u = 0; u < g.houses(); ++u) {
      const unsigned p = b.positions(u, d);
      if (g.count(p) == 2) links[n++] = {g.house(u)[std::countr_zero(p)], g.house(u)[std::countr_zero(p & (p - 1))], u};
    }
    if (n < 2) continue;
    const auto& places = b.cells_with(d);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j) continue;
        const int ti = line_kind(g, links[i].unit), tj = line_kind(g, links[j].unit);
        // skyscraper: two rows or two columns; kite: a row and a column; turbot: the rest
        if (kind == Technique::skyscraper && (ti != tj || ti == 2)) continue;
        if (kind == Technique::two_string_kite && (ti == tj || ti == 2 || tj == 2)) continue;
        for (int oi = 0; oi < 2; ++oi)
          for (int oj = 0; oj < 2; ++oj) {
            const int a = oi ? links[i].b : links[i].a, x = oi ? links[i].a : links[i].b;
            const int y = oj ? links[j].b : links[j].a, e = oj ? links[j].a : links[j].b;
            if (a == y || a == e || x == y || x == e || !g.sees(x, y)) continue;
            Technique t = Technique::turbot_fish;
            if (ti == tj && ti == 0 && g.col(x) == g.col(y)) t = Technique::skyscraper;
            else if (ti == tj && ti == 1 && g.row(x) == g.row(y)) t = Technique::skyscraper;
            else if (ti < 2 && tj < 2 && ti != tj && g.block(x) == g.block(y)) t = Technique::two_string_kite;
            if (t != kind) continue;
            auto targets = places & g.peer_set(a) & g.peer_set(e);
            targets.remove(x);
            targets.remove(y);
            if (targets.empty()) continue;
            out.eliminations.clear();
            eliminate_from(targets, d, out.eliminations);
            out.cells = {a, x, y, e};
            out.digits = {d};
            return true;
          }
      }
  }
  return false;
}

std::string describe_link_pattern(const LogicStep& s, const Naming& names) {
  if (s.cells.size() != 4 || s.digits.empty()) return names.generic(s);
  const std::string d = names.symbol(s.digits[0]);
  const auto cell = [&](std::size_t i) { return names.cell(s.cells[i]); };
  return std::string(technique_name(s.technique)) + " on " + d + ": " + cell(0) + "=" + cell(1) + "-" + cell(2) + "=" +
         cell(3) + ", so " + cell(0) + " or " + cell(3) + " is " + d + "; " + names.effect(s);
}

}  // namespace

template <class V>
bool find_skyscraper(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_single_digit_pattern(b, Technique::skyscraper, q, out);
}
template <class V>
bool find_two_string_kite(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_single_digit_pattern(b, Technique::two_string_kite, q, out);
}
template <class V>
bool find_turbot_fish(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  return find_single_digit_pattern(b, Technique::turbot_fish, q, out);
}

std::string describe_skyscraper(const LogicStep& s, const Naming& names) { return describe_link_pattern(s, names); }
std::string describe_two_string_kite(const LogicStep& s, const Naming& names) {
  return describe_link_pattern(s, names);
}
std::string describe_turbot_fish(const LogicStep& s, const Naming& names) { return describe_link_pattern(s, names); }

// Empty rectangle on digit d. In block B the digit's places lie on the cross of a row r and a
// column c meeting B, with places on both arms apart from their crossing (one arm alone would
// be pointing). A conjugate pair in a row R that does not meet B, one end A in column c and the
// other E in column ce: if E is false, A holds d, so B's d is not in column c but on row r; if
// E is true, it rules out column ce. Either way (r, ce) loses d, when it lies outside B. The
// same with rows and columns swapped. Written over the blocks' rows and columns, so it holds
// for boxes of any shape and for irregular regions alike.
template <class V>
bool find_empty_rectangle(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  const int n = g.symbols();
  for (int d = 1; d <= n; ++d)
    if (q.digits & (1u << d))
      for (int blk = 0; blk < n; ++blk) {
        const int house = 2 * n + blk;
        const unsigned pos = b.positions(house, d);  // bit i: the block's i-th cell
        if (g.count(pos) < 2) continue;
        const auto lines = g.block_lines(blk);  // its rows, then its columns
        for (const detail::LineInBlock& row : lines) {
          if (row.line >= n) continue;
          for (const detail::LineInBlock& col : lines) {
            if (col.line < n) continue;
            const int r = row.line, c = col.line - n;
            const unsigned row_bits = row.positions, col_bits = col.positions;
            const unsigned hinge = row_bits & col_bits;  // their crossing, when inside the block
            if (pos & ~(row_bits | col_bits)) continue;  // off the cross
            if (!(pos & row_bits & ~hinge) || !(pos & col_bits & ~hinge)) continue;  // one arm only
            for (int orient = 0; orient < 2; ++orient) {
              // orient 0: conjugate pair in a row R, ends in column c (A) and column ce (E);
              // 1: in a column C, ends in row r (A) and row re (E).
              for (int line = 0; line < n; ++line) {
                if ((g.t().lines_meeting[orient][blk] >> line) & 1) continue;  // A outside B
                const unsigned p = b.positions(orient * n + line, d);
                if (g.count(p) != 2) continue;
                const int hinge_pos = orient == 0 ? c : r;
                if (!(p & (1u << hinge_pos))) continue;
                const int other = std::countr_zero(p & ~(1u << hinge_pos));
                const int a = orient == 0 ? g.cell_at(line, c) : g.cell_at(r, line);
                const int e = orient == 0 ? g.cell_at(line, other) : g.cell_at(other, line);
                const int target = orient == 0 ? g.cell_at(r, other) : g.cell_at(other, c);
                if (g.block(target) == house) continue;  // the target must lie outside B
                if (!b.has(target, d)) continue;
                out.eliminations = {{target, d}};
                out.digits = {d};
                for (unsigned m = pos; m; m &= m - 1) out.cells.push_back(g.house(house)[std::countr_zero(m)]);
                out.units = {house, orient * n + line};
                out.extra_cells = {a, e};
                return true;
              }
            }
          }
        }
      }
  return false;
}

std::string describe_empty_rectangle(const LogicStep& s, const Naming& names) {
  if (s.units.size() != 2 || s.extra_cells.size() != 2 || s.digits.empty()) return names.generic(s);
  const std::string d = names.symbol(s.digits[0]);
  return std::string(technique_name(s.technique)) + " on " + d + ": in " + names.house(s.units[0]) + " the " + d +
         "s lie on one row and one column, and " + names.house(s.units[1]) + " holds " + d + " only in " +
         names.cells(s.extra_cells) + "; either way " + names.effect(s);
}

// Simple colouring on one digit: its conjugate pairs joined into chains, coloured alternately.
// Colour wrap: two cells of one colour see each other, so that colour is false. Colour trap: a
// cell outside seeing both colours cannot hold the digit.
template <class V>
bool find_simple_colouring(const Board<V>& b, const Query<V>& q, LogicStep& out) {
  const V& g = b.geo;
  for (int d = 1; d <= g.symbols(); ++d) {
    if (!(q.digits & (1u << d))) continue;
    const auto links = strong_links(b, d);
    if (links.size() < 2) continue;
    std::array<std::vector<int>, V::kMaxCells> adj;
    for (const Link& l : links) {
      adj[l.a].push_back(l.b);
      adj[l.b].push_back(l.a);
    }
    std::array<int, V::kMaxCells> colour, comp_of;
    colour.fill(-1);
    comp_of.fill(-1);
    for (int s = 0; s < g.cells(); ++s) {
      if (adj[s].empty() || colour[s] >= 0) continue;
      std::vector<int> comp = {s};
      colour[s] = 0;
      comp_of[s] = s;
      for (std::size_t k = 0; k < comp.size(); ++k)
        for (int n : adj[comp[k]])
          if (colour[n] < 0) {
            colour[n] = 1 - colour[comp[k]];
            comp_of[n] = s;
            comp.push_back(n);
          }
      if (comp.size() < 3) continue;  // a lone conjugate pair gives nothing claiming has not
      int wrong = -1;
      for (std::size_t i = 0; i < comp.size() && wrong < 0; ++i)
        for (std::size_t j = i + 1; j < comp.size(); ++j)
          if (colour[comp[i]] == colour[comp[j]] && g.sees(comp[i], comp[j])) {
            wrong = colour[comp[i]];
            break;
          }
      out.eliminations.clear();
      if (wrong >= 0) {
        for (int c : comp)
          if (colour[c] == wrong) out.eliminations.push_back({c, d});
      } else {
        for (int x = 0; x < g.cells(); ++x) {
          if (!b.has(x, d) || comp_of[x] == s) continue;
          bool s0 = false, s1 = false;
          for (int c : comp)
            if (g.sees(x, c)) (colour[c] ? s1 : s0) = true;
          if (s0 && s1) out.eliminations.push_back({x, d});
        }
      }
      if (out.eliminations.empty()) continue;
      out.cells = comp;
      out.digits = {d};
      return true;
    }
  }
  return false;
}

std::string describe_simple_colouring(const LogicStep& s, const Naming& names) {
  const std::string d = s.digits.empty() ? "" : names.symbol(s.digits[0]);
  return std::string(technique_name(s.technique)) + " on " + d + ": colouring the conjugate pairs through " +
         names.chain(s.cells) + " " + names.effect(s);
}

PUZZLEPRESS_FINDER(find_skyscraper);
PUZZLEPRESS_FINDER(find_two_string_kite);
PUZZLEPRESS_FINDER(find_turbot_fish);
PUZZLEPRESS_FINDER(find_empty_rectangle);
PUZZLEPRESS_FINDER(find_simple_colouring);

}  // namespace puzzlepress::engine::logic
