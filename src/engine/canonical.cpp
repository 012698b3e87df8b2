// The classic canonical form: a depth-first walk over the output rows that keeps, at every depth,
// only the arrangements whose rows so far equal the least rows found (canonical.h defines the
// form).
//
// A state is a partial transformation: the input rows placed on output rows 0..k-1 and what is
// known of the column order. Columns are an ordered partition inside the stack slots (a cell of
// columns whose order is still free, `col_cut` marks where a cell starts) and runs of tied slots
// (stacks whose order is still free, `slot_tie`). Columns stay tied only while every placed row
// is empty in them: a placed symbol either has a label already (its key) or is new, and new
// symbols tied in one cell are individualised at once, one state per order, so every label of a
// state is exact. The least output row for a candidate input row is then found by sorting each
// cell by key (empty < labels in order < new) and each run of tied slots by their sorted keys:
// the row is a concatenation of blocks of fixed length, so the least concatenation is the one of
// the least blocks, and new symbols compare equal because the n-th new one read gets the n-th
// free label whatever it is. A depth's candidates whose least row is above the best row found at
// that depth are cut; the least leaf is the canonical form.
#include "engine/canonical.h"

#include <algorithm>
#include <cstring>

namespace puzzlepress::engine {
namespace {

constexpr std::uint8_t kNew = 0xFF;  // the key of a symbol not read before (relabelling on)

struct State {
  std::array<std::uint8_t, kMaxSize> col_at{};     // input column at each output position
  std::uint32_t col_cut = 0;                       // bit p: a cell of columns starts at output position p
  std::uint32_t slot_tie = 0;                      // bit s: slot s and slot s + 1 may still swap
  std::array<std::uint8_t, kMaxSize + 1> label{};  // 0: not read yet
  std::uint8_t next_label = 1;
  std::uint32_t rows_used = 0;
  std::uint32_t bands_used = 0;
  std::uint8_t band = 0;        // input band of the output band being filled
  std::uint8_t transposed = 0;  // which of the two inputs (1: transposed) the rows come from
};

// One candidate's least row: keys and the columns in their output order.
struct RowChoice {
  std::array<std::uint8_t, kMaxSize> key;
  std::array<std::uint8_t, kMaxSize> col;
};

// Rows are compared as 16 bytes, zero past the size, so the comparison is a fixed-size one.
using RowValues = std::array<std::uint8_t, kMaxSize>;
inline int compare_rows(const RowValues& a, const RowValues& b) { return std::memcmp(a.data(), b.data(), kMaxSize); }

class Search {
 public:
  // `transpose`: the first row may come from the transposed grid too (square boxes only).
  Search(const Grid& grid, bool transpose, bool relabel) : relabel_(relabel) {
    n_ = grid.size();
    rows_per_band_ = grid.shape.box_rows;
    cols_per_stack_ = grid.shape.box_cols;
    inputs_ = transpose ? 2 : 1;
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) {
        cells_[0][r][c] = grid.at(r, c);
        cells_[1][r][c] = grid.at(c, r);
      }
  }

  // The least form, row by row.
  void run(std::array<RowValues, kMaxSize>& best, int& best_rows) {
    best_ = &best;
    best_rows_ = &best_rows;
    State start;
    for (int p = 0; p < n_; ++p) start.col_at[p] = static_cast<std::uint8_t>(p);
    for (int s = 0; s + 1 < n_ / cols_per_stack_; ++s) start.slot_tie |= 1u << s;
    descend(0, start);
  }

 private:
  std::uint8_t key_of(const State& s, std::uint8_t value) const {
    if (value == 0 || !relabel_) return value;
    return s.label[value] != 0 ? s.label[value] : kNew;
  }

  // Sorts output positions [from, to) of `choice` by key (stable; the cells are small).
  static void sort_span(RowChoice& choice, int from, int to) {
    for (int i = from + 1; i < to; ++i) {
      const std::uint8_t k = choice.key[i], c = choice.col[i];
      int j = i;
      for (; j > from && choice.key[j - 1] > k; --j) {
        choice.key[j] = choice.key[j - 1];
        choice.col[j] = choice.col[j - 1];
      }
      choice.key[j] = k;
      choice.col[j] = c;
    }
  }

  // The least row input row `row` can give in state `s`.
  RowChoice least_row(const State& s, int row) const {
    RowChoice out;
    const auto& cells = cells_[s.transposed][row];
    for (int p = 0; p < n_; ++p) {
      out.col[p] = s.col_at[p];
      out.key[p] = key_of(s, cells[s.col_at[p]]);
    }
    const int slots = n_ / cols_per_stack_, w = cols_per_stack_;
    for (int first = 0; first < slots;) {
      int last = first;
      while ((s.slot_tie >> last) & 1u) ++last;
      if (first == last) {
        for (int p = first * w; p < (first + 1) * w;) {
          int q = p + 1;
          while (q < (first + 1) * w && !((s.col_cut >> q) & 1u)) ++q;
          sort_span(out, p, q);
          p = q;
        }
      } else {
        for (int t = first; t <= last; ++t) sort_span(out, t * w, (t + 1) * w);
        // Tied slots in order of their sorted keys (insertion sort of whole blocks).
        for (int t = first + 1; t <= last; ++t) {
          for (int u = t; u > first; --u) {
            std::uint8_t* a = &out.key[(u - 1) * w];
            std::uint8_t* b = &out.key[u * w];
            if (std::memcmp(a, b, w) <= 0) break;
            std::swap_ranges(a, a + w, b);
            std::swap_ranges(out.col.data() + (u - 1) * w, out.col.data() + u * w, out.col.data() + u * w);
          }
        }
      }
      first = last + 1;
    }
    return out;
  }

  // The row's printed values: new keys become the next labels in reading order.
  void values_of(const State& s, const RowChoice& choice, RowValues& values) const {
    std::uint8_t next = s.next_label;
    values.fill(0);
    for (int p = 0; p < n_; ++p) values[p] = choice.key[p] == kNew ? next++ : choice.key[p];
  }

  void descend(int k, const State& s);
  void full_first_row(State& s, int row, int pos, std::uint32_t used_columns, std::uint32_t used_stacks);
  bool second_row_worse(const State& s, int row, int pos) const;
  void expand(int k, const State& s, int row, const RowChoice& choice);
  void branch(int k, State s, int row, const RowChoice& choice, int group);
  void finish(int k, State s, int row, const RowChoice& choice);

  int n_ = 9, rows_per_band_ = 3, cols_per_stack_ = 3;
  bool relabel_ = true;
  int inputs_ = 1;
  std::uint8_t cells_[2][kMaxSize][kMaxSize]{};
  std::array<RowValues, kMaxSize>* best_ = nullptr;
  int* best_rows_ = nullptr;
  // Groups of positions (or of tied slots) holding tied new symbols, found by expand().
  struct TieGroup {
    bool slots = false;
    int start = 0, length = 0;
  };
  TieGroup groups_[kMaxSize][2 * kMaxSize]{};
  int group_count_[kMaxSize]{};
};

void Search::descend(int k, const State& s) {
  if (k == n_) return;
  // A candidate is an input row, plus kMaxSize for a row of the transposed input (first row).
  int candidates[2 * kMaxSize], count = 0;
  if (k == 0) {
    for (int t = 0; t < inputs_; ++t)
      for (int r = 0; r < n_; ++r) candidates[count++] = t * kMaxSize + r;
  } else if (k % rows_per_band_ == 0) {
    for (int r = 0; r < n_; ++r)
      if (!((s.bands_used >> (r / rows_per_band_)) & 1u)) candidates[count++] = r;
  } else {
    for (int i = 0; i < rows_per_band_; ++i) {
      const int r = s.band * rows_per_band_ + i;
      if (!((s.rows_used >> r) & 1u)) candidates[count++] = r;
    }
  }
  RowChoice choices[2 * kMaxSize];
  RowValues values[2 * kMaxSize];
  int least = -1;
  State flipped = s;
  flipped.transposed = 1;
  for (int i = 0; i < count; ++i) {
    choices[i] = least_row(candidates[i] >= kMaxSize ? flipped : s, candidates[i] % kMaxSize);
    values_of(s, choices[i], values[i]);
    if (least < 0 || compare_rows(values[i], values[least]) < 0) least = i;
  }
  RowValues& best_row = (*best_)[k];
  if (k < *best_rows_) {
    const int order = compare_rows(values[least], best_row);
    if (order > 0) return;
    if (order < 0) *best_rows_ = k;
  }
  if (k >= *best_rows_) {
    best_row = values[least];
    *best_rows_ = k + 1;
  }
  for (int i = 0; i < count; ++i) {
    if (compare_rows(values[i], values[least]) != 0) continue;
    expand(k, candidates[i] >= kMaxSize ? flipped : s, candidates[i] % kMaxSize, choices[i]);
  }
}

// Refines the partition by the chosen row and lists the tied new symbols to individualise.
void Search::expand(int k, const State& s, int row, const RowChoice& choice) {
  State next = s;
  next.col_at = choice.col;
  const int slots = n_ / cols_per_stack_, w = cols_per_stack_;
  int& groups = group_count_[k];
  groups = 0;
  for (int p = 1; p < n_; ++p)
    if (p % w != 0 && choice.key[p] != choice.key[p - 1]) next.col_cut |= 1u << p;
  // Tied slots stay tied only with equal keys; equal keys holding new symbols are branched on.
  for (int t = 0; t + 1 < slots; ++t) {
    if (!((s.slot_tie >> t) & 1u)) continue;
    if (std::memcmp(&choice.key[t * w], &choice.key[(t + 1) * w], w) != 0) {
      next.slot_tie &= ~(1u << t);
    } else if (choice.key[(t + 1) * w - 1] == kNew) {
      next.slot_tie &= ~(1u << t);
      TieGroup* last = groups > 0 ? &groups_[k][groups - 1] : nullptr;
      if (last && last->slots && last->start + last->length - 1 == t) {
        ++last->length;
      } else {
        groups_[k][groups++] = TieGroup{true, t, 2};
      }
    }
  }
  // Runs of new symbols inside one cell.
  for (int p = 0; p < n_;) {
    int q = p + 1;
    while (q < n_ && q % w != 0 && !((next.col_cut >> q) & 1u)) ++q;
    if (choice.key[p] == kNew && q - p > 1) groups_[k][groups++] = TieGroup{false, p, q - p};
    if (choice.key[p] == kNew)
      for (int i = p + 1; i < q; ++i) next.col_cut |= 1u << i;
    p = q;
  }
  next.rows_used |= 1u << row;
  if (k % rows_per_band_ == 0) {
    next.band = static_cast<std::uint8_t>(row / rows_per_band_);
    next.bands_used |= 1u << next.band;
  }
  // A full first row (a solution grid) ties over every column order: walk the orders column by
  // column instead, cutting an order as soon as its second row is sure to be above the best one.
  if (k == 0 && relabel_ && rows_per_band_ > 1 && choice.key[0] == kNew && choice.key[n_ - 1] == kNew) {
    next.col_cut = 0;
    for (int p = 1; p < n_; ++p)
      if (p % w != 0) next.col_cut |= 1u << p;
    next.slot_tie = 0;
    next.next_label = static_cast<std::uint8_t>(n_ + 1);
    return full_first_row(next, row, 0, 0, 0);
  }
  branch(k, next, row, choice, 0);
}

// True when, for every other row of the first band, the second row is sure to be above the best
// second row found, whatever the columns after `pos` will be: a placed column's value is the
// label of its symbol in the first row when that symbol's column is placed, else at least pos + 2.
bool Search::second_row_worse(const State& s, int row, int pos) const {
  if (*best_rows_ < 2) return false;
  const RowValues& best = (*best_)[1];
  for (int r = s.band * rows_per_band_; r < (s.band + 1) * rows_per_band_; ++r) {
    if (r == row) continue;
    bool worse = false;
    for (int p = 0; p <= pos; ++p) {
      const std::uint8_t label = s.label[cells_[s.transposed][r][s.col_at[p]]];
      const int value = label != 0 ? label : pos + 2;
      if (value < best[p] && label != 0) return false;  // may be better
      if (value > best[p]) {
        worse = true;
        break;
      }
      if (label == 0) return false;  // a bound equal to the best: undecided
    }
    if (!worse) return false;
  }
  return true;
}

// The column orders of a full first row, position by position (stacks whole, as slots).
void Search::full_first_row(State& s, int row, int pos, std::uint32_t used_columns, std::uint32_t used_stacks) {
  if (pos == n_) return descend(1, s);
  const int w = cols_per_stack_;
  const auto place = [&](int column, std::uint32_t stacks) {
    const std::uint8_t symbol = cells_[s.transposed][row][column];
    s.col_at[pos] = static_cast<std::uint8_t>(column);
    s.label[symbol] = static_cast<std::uint8_t>(pos + 1);
    if (!second_row_worse(s, row, pos)) full_first_row(s, row, pos + 1, used_columns | (1u << column), stacks);
    s.label[symbol] = 0;
  };
  if (pos % w == 0) {
    for (int stack = 0; stack < n_ / w; ++stack) {
      if ((used_stacks >> stack) & 1u) continue;
      for (int c = stack * w; c < (stack + 1) * w; ++c) place(c, used_stacks | (1u << stack));
    }
  } else {
    const int stack = s.col_at[pos - 1] / w;
    for (int c = stack * w; c < (stack + 1) * w; ++c)
      if (!((used_columns >> c) & 1u)) place(c, used_stacks);
  }
}

// Every order of tie group `group` and the ones after it, then the labels and the next row.
void Search::branch(int k, State s, int row, const RowChoice& choice, int group) {
  if (group == group_count_[k]) return finish(k, s, row, choice);
  const TieGroup g = groups_[k][group];
  const int w = cols_per_stack_;
  std::uint8_t order[kMaxSize];
  for (int i = 0; i < g.length; ++i) order[i] = static_cast<std::uint8_t>(i);
  const State base = s;
  do {
    if (g.slots) {
      for (int i = 0; i < g.length; ++i)
        for (int j = 0; j < w; ++j) s.col_at[(g.start + i) * w + j] = base.col_at[(g.start + order[i]) * w + j];
    } else {
      for (int i = 0; i < g.length; ++i) s.col_at[g.start + i] = base.col_at[g.start + order[i]];
    }
    branch(k, s, row, choice, group + 1);
  } while (std::next_permutation(order, order + g.length));
}

void Search::finish(int k, State s, int row, const RowChoice& choice) {
  for (int p = 0; p < n_; ++p) {
    if (choice.key[p] != kNew) continue;
    s.label[cells_[s.transposed][row][s.col_at[p]]] = s.next_label++;
  }
  descend(k + 1, s);
}

}  // namespace

ClassicGroup group_of(PuzzleKind kind, Shape shape) {
  ClassicGroup group;
  group.shape = shape;
  group.transpose = shape.box_rows == shape.box_cols;
  group.relabel = kind != PuzzleKind::killer;
  return group;
}

Grid canonical_form(const Grid& grid, const ClassicGroup& group) {
  std::array<RowValues, kMaxSize> best{};
  int best_rows = 0;
  const bool square = grid.shape.box_rows == grid.shape.box_cols;
  Search(grid, group.transpose && square, group.relabel).run(best, best_rows);
  Grid out(grid.shape);
  const int n = grid.size();
  for (int r = 0; r < n; ++r) std::copy(best[r].begin(), best[r].begin() + n, out.cells.begin() + r * n);
  return out;
}

Grid canonical_form(const Grid& grid) { return canonical_form(grid, group_of(PuzzleKind::classic, grid.shape)); }

ClassicTransform identity_transform(Shape shape) {
  ClassicTransform t;
  for (int i = 0; i < shape.size(); ++i) {
    t.row[i] = static_cast<std::uint8_t>(i);
    t.col[i] = static_cast<std::uint8_t>(i);
  }
  for (int v = 0; v <= shape.size(); ++v) t.symbol[v] = static_cast<std::uint8_t>(v);
  return t;
}

Grid apply_transform(const Grid& grid, const ClassicTransform& t) {
  Grid out(grid.shape);
  const int n = grid.size();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const std::uint8_t v = t.transposed ? grid.at(t.col[c], t.row[r]) : grid.at(t.row[r], t.col[c]);
      out.cells[r * n + c] = t.symbol[v];
    }
  return out;
}

}  // namespace puzzlepress::engine
