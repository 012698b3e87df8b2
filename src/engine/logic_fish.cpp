// Fish on one digit: basic (X-wing, swordfish, jellyfish) and finned or sashimi (X-wing,
// swordfish).
//
// Basic fish of size n: n base lines (rows, say) whose places for the digit lie in n cover
// lines (columns). The digit stands once in each base line, so the n cover lines are filled
// from the base lines: it goes from the rest of each cover line.
//
// Finned fish: the base lines' places lie in n cover lines plus some fins, all in one box.
// Either a fin holds the digit, or the fish holds; a cover cell outside the base lines that
// also lies in the fins' box loses the digit either way. Sashimi: a base line keeps only one
// place in the cover (without its fins the fish would be degenerate).
#include "engine/logic_techniques.h"

namespace puzzlepress::engine::logic {

namespace {

// The cell at position x (0..8) of line l (0..8) in orientation `orient` (0: base rows).
int line_cell(int orient, int l, int x) { return orient == 0 ? l * 9 + x : x * 9 + l; }

}  // namespace

bool find_fish(const Board& b, int size, unsigned digits, LogicStep& out) {
  for (int d = 1; d <= 9; ++d)
    if (digits & (1u << d))
    for (int orient = 0; orient < 2; ++orient) {
      // orient 0: base rows, cover columns; 1: base columns, cover rows
      std::array<int, 9> lines{};
      std::array<unsigned, 9> pos{};
      int n = 0;
      for (int l = 0; l < 9; ++l) {
        const unsigned p = b.positions(orient * 9 + l, d);
        const int k = bit_count(p);
        if (k >= 2 && k <= size) {
          lines[n] = l;
          pos[n++] = p;
        }
      }
      const bool hit = for_each_combination(n, size, [&](const std::array<int, 9>& idx) {
        unsigned cover = 0, base = 0;
        for (int i = 0; i < size; ++i) {
          cover |= pos[idx[i]];
          base |= 1u << lines[idx[i]];
        }
        if (bit_count(cover) != size) return false;
        out.eliminations.clear();
        for (int x = 0; x < 9; ++x) {
          if (!(cover & (1u << x))) continue;
          for (int l = 0; l < 9; ++l) {
            if (base & (1u << l)) continue;
            const int c = line_cell(orient, l, x);
            if (b.has(c, d)) out.eliminations.push_back({c, d});
          }
        }
        if (out.eliminations.empty()) return false;
        out.digits = {d};
        for (int i = 0; i < size; ++i)
          for (int x = 0; x < 9; ++x)
            if (pos[idx[i]] & (1u << x)) out.cells.push_back(line_cell(orient, lines[idx[i]], x));
        for (int i = 0; i < size; ++i) out.units.push_back(orient * 9 + lines[idx[i]]);
        for (int x = 0; x < 9; ++x)
          if (cover & (1u << x)) out.units.push_back((1 - orient) * 9 + x);
        return true;
      });
      if (hit) return true;
    }
  return false;
}

bool find_finned_fish(const Board& b, int size, Technique kind, unsigned digits, LogicStep& out) {
  const bool want_sashimi = kind == Technique::sashimi_x_wing || kind == Technique::sashimi_swordfish;
  for (int d = 1; d <= 9; ++d)
    if (digits & (1u << d))
    for (int orient = 0; orient < 2; ++orient) {
      // Lines are rows (orient 0) or columns; a position x is the column (or row) across.
      // Segment s of a line: positions 3s..3s+2, the part of the line inside one box.
      std::array<int, 9> lines{};
      std::array<unsigned, 9> pos{};
      int n = 0;
      for (int l = 0; l < 9; ++l) {
        const unsigned p = b.positions(orient * 9 + l, d);
        if (!p) continue;
        // At most `size` cover places outside the segment holding the fins.
        bool possible = false;
        for (int seg = 0; seg < 3; ++seg) possible |= bit_count(p & ~(7u << (3 * seg))) <= size;
        if (possible) {
          lines[n] = l;
          pos[n++] = p;
        }
      }
      auto try_base = [&](const std::array<int, 3>& idx, unsigned all) -> bool {
        if (bit_count(all) <= size) return false;  // a basic fish (or none)
        unsigned base = 0;
        std::array<unsigned, 3> band_places{};  // places of the base lines in each band
        for (int i = 0; i < size; ++i) {
          base |= 1u << lines[idx[i]];
          band_places[lines[idx[i]] / 3] |= pos[idx[i]];
        }
        // The fins' box: band `g` of the base lines, segment `seg` across.
        for (int g = 0; g < 3; ++g) {
          if (!band_places[g]) continue;
          const unsigned other_bands = band_places[(g + 1) % 3] | band_places[(g + 2) % 3];
          for (int seg = 0; seg < 3; ++seg) {
            const unsigned seg_bits = 7u << (3 * seg);
            // places that must be covered: all but those in the box
            const unsigned outside = other_bands | (band_places[g] & ~seg_bits);
            const int free_covers = size - bit_count(outside);
            if (free_covers < 0) continue;
            // Cover lines to add from the box's segment (places there not yet covered).
            const unsigned extra = all & seg_bits & ~outside;
            std::array<int, 3> xs{};
            int nx = 0;
            for (unsigned m = extra; m; m &= m - 1) xs[nx++] = std::countr_zero(m);
            auto try_cover = [&](unsigned cover) {
              if (!(cover & seg_bits)) return false;  // nothing to remove inside the box
              bool sashimi = false, fins = false;
              for (int i = 0; i < size; ++i) {
                const unsigned in_cover = pos[idx[i]] & cover;
                if (!in_cover) return false;  // every base line keeps a cover place
                sashimi |= bit_count(in_cover) < 2;
                fins |= (pos[idx[i]] & ~cover) != 0;
              }
              if (!fins || sashimi != want_sashimi) return false;
              out.eliminations.clear();
              for (int l = 3 * g; l < 3 * g + 3; ++l) {
                if (base & (1u << l)) continue;
                for (unsigned m = cover & seg_bits; m; m &= m - 1) {
                  const int c = line_cell(orient, l, std::countr_zero(m));
                  if (b.has(c, d)) out.eliminations.push_back({c, d});
                }
              }
              if (out.eliminations.empty()) return false;
              out.digits = {d};
              for (int i = 0; i < size; ++i)
                for (unsigned m = pos[idx[i]]; m; m &= m - 1) {
                  const int c = line_cell(orient, lines[idx[i]], std::countr_zero(m));
                  if (cover & (m & (0u - m))) out.cells.push_back(c);
                  else out.extra_cells.push_back(c);
                }
              for (int i = 0; i < size; ++i) out.units.push_back(orient * 9 + lines[idx[i]]);
              for (unsigned m = cover; m; m &= m - 1) out.units.push_back((1 - orient) * 9 + std::countr_zero(m));
              return true;
            };
            const bool found =
                free_covers == 0 ? try_cover(outside)
                                 : for_each_combination(nx, free_covers, [&](const std::array<int, 9>& cidx) {
                                     unsigned cover = outside;
                                     for (int i = 0; i < free_covers; ++i) cover |= 1u << xs[cidx[i]];
                                     return try_cover(cover);
                                   });
            if (found) return true;
          }
        }
        return false;
      };
      // Base lines: nested choice, pruned by a necessary condition: for the fins' segment s,
      // the base places outside s all lie in the `size` cover lines.
      std::array<int, 3> idx{};
      auto visit = [&](auto&& self, int depth, int from, unsigned all, std::array<unsigned, 3> outside) -> bool {
        if (depth == size) return try_base(idx, all);
        for (int i = from; i < n; ++i) {
          std::array<unsigned, 3> o{};
          bool possible = false;
          for (int seg = 0; seg < 3; ++seg) {
            o[seg] = outside[seg] | (pos[i] & ~(7u << (3 * seg)));
            possible |= bit_count(o[seg]) <= size;
          }
          if (!possible) continue;
          idx[depth] = i;
          if (self(self, depth + 1, i + 1, all | pos[i], o)) return true;
        }
        return false;
      };
      const bool hit = visit(visit, 0, 0, 0u, std::array<unsigned, 3>{});
      if (hit) return true;
    }
  return false;
}

}  // namespace puzzlepress::engine::logic
