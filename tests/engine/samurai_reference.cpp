// The samurai oracle: see samurai_reference.h.
#include "samurai_reference.h"

#include <array>
#include <bit>
#include <vector>

namespace puzzlepress::testing {

namespace {

constexpr int kSide = 21;
// Top-left corners (row, column) of the four corner grids and the centre one.
constexpr int kCorners[5][2] = {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}};

bool in_grid(int k, int r, int c) {
  return r >= kCorners[k][0] && r < kCorners[k][0] + 9 && c >= kCorners[k][1] && c < kCorners[k][1] + 9;
}

bool inside(int r, int c) {
  for (int k = 0; k < 5; ++k)
    if (in_grid(k, r, c)) return true;
  return false;
}

struct Board {
  std::array<std::array<char, kSide>, kSide> at{};
  // Digits used (bit d) in grid k's row i, column i and box i: used[k][0..2][i].
  std::array<std::array<std::array<unsigned, 9>, 3>, 5> used{};

  static int box_of(int k, int r, int c) { return (r - kCorners[k][0]) / 3 * 3 + (c - kCorners[k][1]) / 3; }

  // The digits (bit d) no row, column or box of a grid holding (r, c) holds.
  unsigned free_digits(int r, int c) const {
    unsigned taken = 0;
    for (int k = 0; k < 5; ++k) {
      if (!in_grid(k, r, c)) continue;
      taken |= used[k][0][r - kCorners[k][0]] | used[k][1][c - kCorners[k][1]] | used[k][2][box_of(k, r, c)];
    }
    return ~taken & 0x3FEu;
  }

  // Marks digit d (1..9) at (r, c) placed (on) or removed; false when placing clashes.
  bool mark(int r, int c, int d, bool on) {
    const unsigned bit = 1u << d;
    if (on && !(free_digits(r, c) & bit)) return false;
    for (int k = 0; k < 5; ++k) {
      if (!in_grid(k, r, c)) continue;
      for (unsigned* m :
           {&used[k][0][r - kCorners[k][0]], &used[k][1][c - kCorners[k][1]], &used[k][2][box_of(k, r, c)]})
        *m = on ? *m | bit : *m & ~bit;
    }
    at[r][c] = on ? static_cast<char>('0' + d) : '.';
    return true;
  }

  // The positions of grid k's row, column or box i (kind 0, 1, 2).
  static std::array<std::array<int, 2>, 9> house(int k, int kind, int i) {
    std::array<std::array<int, 2>, 9> cells{};
    for (int j = 0; j < 9; ++j) {
      const int r = kind == 0 ? i : kind == 1 ? j : i / 3 * 3 + j / 3;
      const int c = kind == 0 ? j : kind == 1 ? i : i % 3 * 3 + j % 3;
      cells[j] = {kCorners[k][0] + r, kCorners[k][1] + c};
    }
    return cells;
  }

  // Branches on the empty cell with fewest digits left, or on the digit of a house with fewest
  // places left when that is fewer (each branch: one placement).
  int count(int cap) {
    std::array<std::array<unsigned, kSide>, kSide> free{};
    int best_n = 10;
    std::vector<std::array<int, 3>> branches;  // row, column, digit
    bool open = false;
    for (int r = 0; r < kSide; ++r) {
      for (int c = 0; c < kSide; ++c) {
        if (at[r][c] != '.') continue;
        open = true;
        free[r][c] = free_digits(r, c);
        const int n = std::popcount(free[r][c]);
        if (n == 0) return 0;
        if (n < best_n) {
          best_n = n;
          branches.clear();
          for (int d = 1; d <= 9; ++d)
            if (free[r][c] & (1u << d)) branches.push_back({r, c, d});
        }
      }
    }
    if (!open) return 1;
    for (int k = 0; k < 5; ++k) {
      for (int kind = 0; kind < 3; ++kind) {
        for (int i = 0; i < 9; ++i) {
          const auto cells = house(k, kind, i);
          for (int d = 1; d <= 9; ++d) {
            if (used[k][kind][i] & (1u << d)) continue;
            int n = 0;
            for (const auto& rc : cells) n += at[rc[0]][rc[1]] == '.' && (free[rc[0]][rc[1]] & (1u << d));
            if (n == 0) return 0;
            if (n < best_n) {
              best_n = n;
              branches.clear();
              for (const auto& rc : cells)
                if (at[rc[0]][rc[1]] == '.' && (free[rc[0]][rc[1]] & (1u << d))) branches.push_back({rc[0], rc[1], d});
            }
          }
        }
      }
    }
    int found = 0;
    for (const auto& b : branches) {
      if (found >= cap) break;
      mark(b[0], b[1], b[2], true);
      found += count(cap - found);
      mark(b[0], b[1], b[2], false);
    }
    return found;
  }

  // Reads 441 positions; false when a '-' is misplaced or the givens clash.
  bool read(const std::string& p) {
    for (int r = 0; r < kSide; ++r) {
      for (int c = 0; c < kSide; ++c) {
        const char ch = p[static_cast<std::size_t>(r * kSide + c)];
        if (inside(r, c) == (ch == '-')) return false;
        at[r][c] = ch == '0' ? '.' : ch;
        if (ch >= '1' && ch <= '9' && !mark(r, c, ch - '0', true)) return false;
      }
    }
    return true;
  }
};

}  // namespace

std::string samurai_positions(std::string_view text) {
  if (text.substr(0, 8) == "samurai:") text.remove_prefix(8);
  std::string out;
  for (char ch : text)
    if (ch != '/') out += ch;
  return out.size() == kSide * kSide ? out : std::string();
}

int reference_samurai_count(std::string_view text, int cap) {
  const std::string p = samurai_positions(text);
  Board b;
  if (p.empty() || !b.read(p)) return 0;
  return b.count(cap);
}

bool reference_samurai_legal(std::string_view text) {
  const std::string p = samurai_positions(text);
  Board b;
  if (p.empty() || !b.read(p)) return false;
  for (int r = 0; r < kSide; ++r)
    for (int c = 0; c < kSide; ++c)
      if (b.at[r][c] == '.') return false;
  return true;
}

bool reference_samurai_agrees(std::string_view puzzle, std::string_view solution) {
  const std::string p = samurai_positions(puzzle), s = samurai_positions(solution);
  if (p.empty() || s.empty()) return false;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if ((p[i] == '-') != (s[i] == '-')) return false;
    if (p[i] >= '1' && p[i] <= '9' && p[i] != s[i]) return false;
  }
  return true;
}

}  // namespace puzzlepress::testing
