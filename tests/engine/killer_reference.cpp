// The killer oracle and rule checker: see killer_reference.h. Written apart from
// src/engine/killer*.cpp; it only reads plain vectors.
#include "killer_reference.h"

namespace puzzlepress::killer_reference {
namespace {

// Cells whose digits add up to `total`; with `distinct`, all different (a cage).
struct Sum {
  std::vector<int> cells;
  int total = 0;
  bool distinct = false;
};

// The cages, then for each row, column and box (the rule of 45) its innies (its cells in cages
// reaching out of it) and its outies (the cells outside it of cages reaching into it), when
// there are 1 to 5 of them.
std::vector<Sum> sums_of_killer(const KillerData& k) {
  const int n = k.n, cells = n * n;
  std::vector<Sum> out(k.sums.size());
  for (int c = 0; c < cells; ++c) out[static_cast<std::size_t>(k.cage[c])].cells.push_back(c);
  for (std::size_t i = 0; i < k.sums.size(); ++i) {
    out[i].total = k.sums[i];
    out[i].distinct = true;
  }
  const std::size_t cages = out.size();
  for (int h = 0; h < 3 * n; ++h) {
    std::vector<bool> in(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) {
      const int r = c / n, col = c % n, box = (r / k.box_rows) * (n / k.box_cols) + col / k.box_cols;
      in[c] = h < n ? r == h : h < 2 * n ? col == h - n : box == h - 2 * n;
    }
    Sum innies, outies;
    innies.total = n * (n + 1) / 2;
    outies.total = -innies.total;
    for (std::size_t cage = 0; cage < cages; ++cage) {
      int inside = 0;
      for (int c : out[cage].cells) inside += in[c] ? 1 : 0;
      if (inside == 0) continue;
      outies.total += out[cage].total;
      if (inside == static_cast<int>(out[cage].cells.size())) {
        innies.total -= out[cage].total;
        continue;
      }
      for (int c : out[cage].cells) (in[c] ? innies : outies).cells.push_back(c);
    }
    for (Sum* sum : {&innies, &outies})
      if (!sum->cells.empty() && sum->cells.size() <= 5) out.push_back(*sum);
  }
  return out;
}

struct Solver {
  const KillerData& k;
  int cap;
  std::vector<std::vector<int>>* out;
  std::vector<int> grid;
  int found = 0;
  // Digits placed per row, column and box (bit d).
  std::vector<unsigned> rows, cols, boxes;
  std::vector<Sum> sums;
  std::vector<std::vector<int>> sums_of;  // per cell, the sums it is in

  int box_of(int cell) const {
    const int r = cell / k.n, c = cell % k.n;
    return (r / k.box_rows) * (k.n / k.box_cols) + c / k.box_cols;
  }
  unsigned house_used(int cell) const { return rows[cell / k.n] | cols[cell % k.n] | boxes[box_of(cell)]; }
  void set(int cell, int d) {
    grid[cell] = d;
    rows[cell / k.n] ^= 1u << d;
    cols[cell % k.n] ^= 1u << d;
    boxes[box_of(cell)] ^= 1u << d;
  }
  void unset(int cell) {
    const int d = grid[cell];
    set(cell, d);  // the same bits again clear them
    grid[cell] = 0;
  }

  // Whether the empty cells `open` (from index i) can take digits allowed by their houses (and,
  // when `distinct`, none in `used` and none twice) adding up to `left`.
  bool completes(const std::vector<int>& open, std::size_t i, int left, unsigned used, bool distinct) {
    if (i == open.size()) return left == 0;
    for (int d = 1; d <= k.n && d <= left; ++d) {
      if (((distinct ? used : 0u) | house_used(open[i])) & (1u << d)) continue;
      set(open[i], d);
      const bool ok = completes(open, i + 1, left - d, used | (1u << d), distinct);
      unset(open[i]);
      if (ok) return true;
    }
    return false;
  }

  // Whether digit d may stand at empty `cell` now: its houses do not hold it, and every sum
  // through the cell (its cage, innies and outies) can still be completed.
  bool allowed(int cell, int d) {
    if (house_used(cell) & (1u << d)) return false;
    for (int s : sums_of[cell]) {
      const Sum& sum = sums[s];
      int left = sum.total - d;
      unsigned used = 1u << d;
      std::vector<int> open;
      for (int x : sum.cells) {
        if (x == cell) continue;
        if (grid[x]) {
          if (sum.distinct && (used & (1u << grid[x]))) return false;
          used |= 1u << grid[x];
          left -= grid[x];
        } else {
          open.push_back(x);
        }
      }
      if (left < 0) return false;
      set(cell, d);
      const bool ok = completes(open, 0, left, used, sum.distinct);
      unset(cell);
      if (!ok) return false;
    }
    return true;
  }

  void run() {
    if (found >= cap) return;
    const int n = k.n, cells = n * n;
    std::vector<unsigned> cand(static_cast<std::size_t>(cells), 0);
    int best = -1, best_count = n + 1;
    for (int cell = 0; cell < cells; ++cell) {
      if (grid[cell]) continue;
      int count = 0;
      for (int d = 1; d <= n; ++d)
        if (allowed(cell, d)) cand[cell] |= 1u << d, ++count;
      if (count == 0) return;
      if (count < best_count) best = cell, best_count = count;
    }
    if (best < 0) {
      ++found;
      if (out) out->push_back(grid);
      return;
    }
    // A digit with one place left in a row, column or box goes there (none: a dead end).
    for (int h = 0; h < 3 * n && best_count > 1; ++h)
      for (int d = 1; d <= n; ++d) {
        int places = 0, place = -1;
        bool placed = false;
        for (int cell = 0; cell < cells; ++cell) {
          const bool in = h < n ? cell / n == h : h < 2 * n ? cell % n == h - n : box_of(cell) == h - 2 * n;
          if (!in) continue;
          if (grid[cell] == d) placed = true;
          if (!grid[cell] && (cand[cell] & (1u << d))) ++places, place = cell;
        }
        if (placed) continue;
        if (places == 0) return;
        if (places == 1) {
          set(place, d);
          run();
          unset(place);
          return;
        }
      }
    for (int d = 1; d <= n && found < cap; ++d) {
      if (!(cand[best] & (1u << d))) continue;
      set(best, d);
      run();
      unset(best);
    }
  }
};

}  // namespace

std::string check_grid(const KillerData& k, const std::vector<int>& grid) {
  const int n = k.n;
  auto name = [n](int cell) { return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1); };
  for (int cell = 0; cell < n * n; ++cell) {
    if (grid[cell] < 1 || grid[cell] > n) return name(cell) + " is " + std::to_string(grid[cell]);
    if (k.givens[cell] && k.givens[cell] != grid[cell]) return name(cell) + " differs from its given";
  }
  for (int i = 0; i < n; ++i) {
    std::vector<int> row(n + 1), col(n + 1), box(n + 1);
    for (int j = 0; j < n; ++j) {
      if (row[grid[i * n + j]]++)
        return "row " + std::to_string(i + 1) + " holds " + std::to_string(grid[i * n + j]) + " twice";
      if (col[grid[j * n + i]]++)
        return "column " + std::to_string(i + 1) + " holds " + std::to_string(grid[j * n + i]) + " twice";
      const int r = (i / (n / k.box_cols)) * k.box_rows + j / k.box_cols;
      const int c = (i % (n / k.box_cols)) * k.box_cols + j % k.box_cols;
      if (box[grid[r * n + c]]++)
        return "box " + std::to_string(i + 1) + " holds " + std::to_string(grid[r * n + c]) + " twice";
    }
  }
  for (std::size_t cage = 0; cage < k.sums.size(); ++cage) {
    std::vector<int> seen(n + 1);
    int sum = 0;
    for (int cell = 0; cell < n * n; ++cell) {
      if (k.cage[cell] != static_cast<int>(cage)) continue;
      if (seen[grid[cell]]++)
        return "cage " + std::to_string(cage + 1) + " holds " + std::to_string(grid[cell]) + " twice";
      sum += grid[cell];
    }
    if (sum != k.sums[cage])
      return "cage " + std::to_string(cage + 1) + " sums to " + std::to_string(sum) + ", not " +
             std::to_string(k.sums[cage]);
  }
  return "";
}

int count_solutions(const KillerData& k, int cap, std::vector<std::vector<int>>* solutions) {
  const auto n = static_cast<std::size_t>(k.n);
  Solver solver{k,
                cap,
                solutions,
                std::vector<int>(n * n, 0),
                0,
                std::vector<unsigned>(n, 0u),
                std::vector<unsigned>(n, 0u),
                std::vector<unsigned>(n, 0u),
                sums_of_killer(k),
                std::vector<std::vector<int>>(n * n)};
  for (std::size_t i = 0; i < solver.sums.size(); ++i)
    for (int c : solver.sums[i].cells) solver.sums_of[static_cast<std::size_t>(c)].push_back(static_cast<int>(i));
  for (int cell = 0; cell < k.n * k.n; ++cell) {
    const int v = k.givens[cell];
    if (!v) continue;
    if (!solver.allowed(cell, v)) return -1;
    solver.set(cell, v);
  }
  solver.run();
  return solver.found;
}

}  // namespace puzzlepress::killer_reference
