// Wings: XY-, XYZ-, WXYZ- and W-wings. Small groups of cells whose candidates force a digit
// into one of a few cells; whatever sees all of those cells loses it.
#include <array>
#include <vector>

#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// Eliminates digit d from the cells of `places` (d's candidates) seeing every one of `cells`.
template <class V, class Set>
void eliminate_seeing(const V& g, const Set& places, int d, std::initializer_list<int> cells, LogicStep& out) {
  Set targets = places;
  for (int c : cells) targets = targets & g.peer_set(c);
  eliminate_from(targets, d, out.eliminations);
}

}  // namespace

// A bivalue pivot {x,y} seeing two bivalue wings {x,z} and {y,z}: one wing is z.
template <class V>
bool find_xy_wing(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  for (int p = 0; p < g.cells(); ++p) {
    const Mask pm = b.cand[p];
    if (g.count(pm) != 2) continue;
    for (int a : g.peers(p)) {
      const Mask am = b.cand[a];
      if (g.count(am) != 2 || g.count(am & pm) != 1) continue;
      const Mask z = am & ~pm;
      const Mask want = static_cast<Mask>((pm & ~am) | z);  // {y, z}
      for (int c : g.peers(p)) {
        if (c == a || b.cand[c] != want) continue;
        const int zd = first_digit(z);
        out.eliminations.clear();
        eliminate_seeing(g, b.cells_with(zd), zd, {a, c}, out);
        if (out.eliminations.empty()) continue;
        out.cells = {p, a, c};
        out.digits = {first_digit(am & pm), first_digit(pm & ~am), zd};
        return true;
      }
    }
  }
  return false;
}

// A pivot {x,y,z} seeing {x,z} and {y,z}: one of the three is z.
template <class V>
bool find_xyz_wing(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  for (int p = 0; p < g.cells(); ++p) {
    const Mask pm = b.cand[p];
    if (g.count(pm) != 3) continue;
    for (int a : g.peers(p)) {
      const Mask am = b.cand[a];
      if (g.count(am) != 2 || (am & ~pm)) continue;
      for (int c : g.peers(p)) {
        const Mask cm = b.cand[c];
        if (c <= a || g.count(cm) != 2 || (cm & ~pm) || (am | cm) != pm) continue;
        const int zd = first_digit(am & cm);
        out.eliminations.clear();
        eliminate_seeing(g, b.cells_with(zd), zd, {p, a, c}, out);
        if (out.eliminations.empty()) continue;
        out.cells = {p, a, c};
        for (unsigned m = pm; m; m &= m - 1) out.digits.push_back(first_digit(m));
        return true;
      }
    }
  }
  return false;
}

// WXYZ-wing: four cells holding four digits between them, every digit but z "restricted"
// (its cells in the pattern all see one another, so at most one holds it). Four cells cannot
// take four values from three digits, so some pattern cell holding z is z: z goes from every
// cell seeing all of them. Searched from a pivot and three of its peers; the pivot sees the
// other three, so a digit is unrestricted when two of those that do not see each other hold it.
template <class V>
bool find_wxyz_wing(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  std::array<Mask, V::kMaxCells> small{};  // the marks of the cells with two to four digits
  for (int c = 0; c < g.cells(); ++c) {
    const int k = g.count(b.cand[c]);
    if (k >= 2 && k <= 4) small[c] = b.cand[c];
  }
  std::array<int, V::kMaxPeers> wings{};
  std::array<Mask, V::kMaxPeers> marks{};
  for (int p = 0; p < g.cells(); ++p) {
    const Mask pm = small[p];
    if (!pm) continue;
    int n = 0;
    for (int q : g.peers(p)) {
      const Mask qm = small[q];
      if (qm && g.count(pm | qm) <= 4) {
        marks[n] = qm;
        wings[n++] = q;
      }
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const Mask u2 = static_cast<Mask>(pm | marks[i] | marks[j]);
        if (g.count(u2) > 4) continue;
        const Mask loose_ij = g.sees(wings[i], wings[j]) ? 0 : static_cast<Mask>(marks[i] & marks[j]);
        for (int k = j + 1; k < n; ++k) {
          const Mask all = static_cast<Mask>(u2 | marks[k]);
          if (g.count(all) != 4) continue;
          Mask loose = loose_ij;
          if (!g.sees(wings[i], wings[k])) loose = static_cast<Mask>(loose | (marks[i] & marks[k]));
          if (!g.sees(wings[j], wings[k])) loose = static_cast<Mask>(loose | (marks[j] & marks[k]));
          if (!loose || (loose & (loose - 1))) continue;
          const int z = first_digit(loose);
          const std::array<int, 4> cells = {p, wings[i], wings[j], wings[k]};
          auto targets = b.cells_with(z);
          for (int c : cells)
            if (b.has(c, z)) targets = targets & g.peer_set(c);
          for (int c : cells) targets.remove(c);
          if (targets.empty()) continue;
          out.eliminations.clear();
          eliminate_from(targets, z, out.eliminations);
          out.cells.assign(cells.begin(), cells.end());
          for (unsigned m = all & ~bit(z); m; m &= m - 1) out.digits.push_back(first_digit(m));
          out.digits.push_back(z);  // the non-restricted digit last
          return true;
        }
      }
  }
  return false;
}

// W-wing: two equal bivalue cells {x,y} that do not see each other, bridged by a strong link
// on x (each end seeing one of them): one of them is y.
template <class V>
bool find_w_wing(const Board<V>& b, const Query<V>&, LogicStep& out) {
  const V& g = b.geo;
  struct Link {
    int a, b;
  };
  std::array<std::vector<Link>, V::kMaxSymbols + 1> links;
  for (int d = 1; d <= g.symbols(); ++d)
    for (int u = 0; u < g.houses(); ++u) {
      const unsigned p = b.positions(u, d);
      if (g.count(p) != 2) continue;
      links[d].push_back({g.house(u)[std::countr_zero(p)], g.house(u)[std::countr_zero(p & (p - 1))]});
    }
  for (int p = 0; p < g.cells(); ++p) {
    const Mask pm = b.cand[p];
    if (g.count(pm) != 2) continue;
    for (int q = p + 1; q < g.cells(); ++q) {
      if (b.cand[q] != pm || g.sees(p, q)) continue;
      for (unsigned xm = pm; xm; xm &= xm - 1) {
        const int x = first_digit(xm);
        const int y = first_digit(pm & ~bit(x));
        for (const Link& l : links[x]) {
          if (l.a == p || l.a == q || l.b == p || l.b == q) continue;
          int sp = -1, sq = -1;
          if (g.sees(l.a, p) && g.sees(l.b, q)) sp = l.a, sq = l.b;
          else if (g.sees(l.b, p) && g.sees(l.a, q)) sp = l.b, sq = l.a;
          if (sp < 0) continue;
          out.eliminations.clear();
          eliminate_seeing(g, b.cells_with(y), y, {p, q}, out);
          if (out.eliminations.empty()) continue;
          out.cells = {p, sp, sq, q};
          out.digits = {x, y};
          return true;
        }
      }
    }
  }
  return false;
}

std::string describe_xy_wing(const LogicStep& s, const Naming& names) {
  if (s.cells.size() != 3 || s.digits.size() != 3) return names.generic(s);
  const auto c = [&](std::size_t i) { return names.cell(s.cells[i]); };
  const auto d = [&](std::size_t i) { return names.symbol(s.digits[i]); };
  return std::string(technique_name(s.technique)) + ": " + c(0) + " (" + d(0) + "/" + d(1) + ") with " + c(1) + " (" +
         d(0) + "/" + d(2) + ") and " + c(2) + " (" + d(1) + "/" + d(2) + "): one of the two wings is " + d(2) +
         ", which " + names.effect(s);
}

std::string describe_z_wing(const LogicStep& s, const Naming& names) {
  const std::string z = s.eliminations.empty() ? "" : names.symbol(s.eliminations[0].digit);
  return std::string(technique_name(s.technique)) + " on " + names.cells(s.cells) + " (" +
         names.symbols(s.digits, "/") + "): one of them is " + z + ", which " + names.effect(s);
}

std::string describe_xyz_wing(const LogicStep& s, const Naming& names) { return describe_z_wing(s, names); }
std::string describe_wxyz_wing(const LogicStep& s, const Naming& names) { return describe_z_wing(s, names); }

std::string describe_w_wing(const LogicStep& s, const Naming& names) {
  if (s.cells.size() != 4 || s.digits.size() != 2) return names.generic(s);
  const auto c = [&](std::size_t i) { return names.cell(s.cells[i]); };
  const auto d = [&](std::size_t i) { return names.symbol(s.digits[i]); };
  return std::string(technique_name(s.technique)) + ": " + c(0) + " and " + c(3) + " both hold " + d(0) + "/" + d(1) +
         ", and " + d(0) + " in " + c(1) + " or " + c(2) + " rules it out of one of them, so one is " + d(1) + "; " +
         names.effect(s);
}

PUZZLEPRESS_FINDER(find_xy_wing);
PUZZLEPRESS_FINDER(find_xyz_wing);
PUZZLEPRESS_FINDER(find_wxyz_wing);
PUZZLEPRESS_FINDER(find_w_wing);

}  // namespace puzzlepress::engine::logic
