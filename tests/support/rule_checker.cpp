#include "support/rule_checker.h"

#include <vector>

namespace puzzlepress::testing {
namespace {

struct Size {
  int n = 0, box_h = 0, box_w = 0;
};

Size size_of(std::size_t length) {
  switch (length) {
    case 16: return {4, 2, 2};
    case 36: return {6, 2, 3};
    case 64: return {8, 2, 4};
    case 81: return {9, 3, 3};
    case 144: return {12, 3, 4};
    case 256: return {16, 4, 4};
    default: return {};
  }
}

// Symbol of a character, 0 for empty, -1 for anything else.
int symbol(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'G') return c - 'A' + 10;
  if (c >= 'a' && c <= 'g') return c - 'a' + 10;
  return -1;
}

char character(int v) { return v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10); }

bool read(std::string_view text, Size& size, std::vector<int>& cells) {
  size = size_of(text.size());
  if (!size.n) return false;
  cells.assign(text.size(), 0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int v = symbol(text[i]);
    if (v < 0 || v > size.n) return false;
    cells[i] = v;
  }
  return true;
}

int box_index(const Size& s, int r, int c) { return (r / s.box_h) * (s.n / s.box_w) + c / s.box_w; }

// No symbol twice in a row, column or box among the filled cells.
bool consistent(const Size& s, const std::vector<int>& cells) {
  const int n = s.n;
  std::vector<int> seen(3 * n * (n + 1), 0);
  for (int i = 0; i < n * n; ++i) {
    const int v = cells[i];
    if (!v) continue;
    const int r = i / n, c = i % n;
    for (int key : {r * (n + 1) + v, (n + c) * (n + 1) + v, (2 * n + box_index(s, r, c)) * (n + 1) + v}) {
      if (seen[key]++) return false;
    }
  }
  return true;
}

// Dancing links: a header per constraint column, four nodes per (row, column, symbol) choice.
class ExactCover {
 public:
  ExactCover(const Size& s, int cap) : s_(s), cap_(cap) {
    const int n = s.n, columns = 4 * n * n;
    // node 0 is the root; 1..columns the headers
    add_node();
    for (int c = 1; c <= columns; ++c) {
      const int h = add_node();
      L[h] = h - 1;
      R[h - 1] = h;
      U[h] = D[h] = h;
      C[h] = h;
    }
    R[columns] = 0;
    L[0] = columns;
    first_of_choice_.assign(n * n * n, -1);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        for (int v = 1; v <= n; ++v) {
          const int choice = (r * n + c) * n + (v - 1);
          const int cols[4] = {1 + r * n + c, 1 + n * n + r * n + (v - 1), 1 + 2 * n * n + c * n + (v - 1),
                               1 + 3 * n * n + box_index(s, r, c) * n + (v - 1)};
          int first = -1;
          for (int col : cols) {
            const int x = add_node();
            C[x] = col;
            ROW[x] = choice;
            U[x] = U[col];
            D[x] = col;
            D[U[col]] = x;
            U[col] = x;
            ++S[col];
            if (first < 0) {
              first = x;
              L[x] = R[x] = x;
            } else {
              L[x] = L[first];
              R[x] = first;
              R[L[first]] = x;
              L[first] = x;
            }
          }
          first_of_choice_[choice] = first;
        }
  }

  // Takes the given clues as chosen rows. False when two clues collide.
  bool give(const std::vector<int>& cells) {
    const int n = s_.n;
    for (int i = 0; i < n * n; ++i) {
      if (!cells[i]) continue;
      const int first = first_of_choice_[i * n + cells[i] - 1];
      int x = first;
      do {
        if (covered_[C[x]]) return false;
        x = R[x];
      } while (x != first);
      x = first;
      do {
        cover(C[x]);
        x = R[x];
      } while (x != first);
      chosen_.push_back(i * n + cells[i] - 1);
    }
    return true;
  }

  void search() {
    if (found_ >= cap_) return;
    if (R[0] == 0) {
      if (found_++ == 0) first_ = chosen_;
      return;
    }
    int best = R[0];
    for (int c = R[0]; c != 0; c = R[c])
      if (S[c] < S[best]) best = c;
    if (S[best] == 0) return;
    cover(best);
    for (int r = D[best]; r != best && found_ < cap_; r = D[r]) {
      chosen_.push_back(ROW[r]);
      for (int j = R[r]; j != r; j = R[j]) cover(C[j]);
      search();
      for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
      chosen_.pop_back();
    }
    uncover(best);
  }

  int found() const { return found_; }

  std::string first_solution() const {
    const int n = s_.n;
    std::string out(n * n, '.');
    for (int choice : first_) out[choice / n] = character(choice % n + 1);
    return out;
  }

 private:
  int add_node() {
    L.push_back(0);
    R.push_back(0);
    U.push_back(0);
    D.push_back(0);
    C.push_back(0);
    ROW.push_back(-1);
    S.push_back(0);
    covered_.push_back(false);
    return static_cast<int>(L.size()) - 1;
  }
  void cover(int c) {
    covered_[c] = true;
    R[L[c]] = R[c];
    L[R[c]] = L[c];
    for (int i = D[c]; i != c; i = D[i])
      for (int j = R[i]; j != i; j = R[j]) {
        U[D[j]] = U[j];
        D[U[j]] = D[j];
        --S[C[j]];
      }
  }
  void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
      for (int j = L[i]; j != i; j = L[j]) {
        ++S[C[j]];
        U[D[j]] = j;
        D[U[j]] = j;
      }
    R[L[c]] = c;
    L[R[c]] = c;
    covered_[c] = false;
  }

  Size s_;
  int cap_;
  std::vector<int> L, R, U, D, C, ROW, S;
  std::vector<bool> covered_;
  std::vector<int> first_of_choice_, chosen_, first_;
  int found_ = 0;
};

}  // namespace

bool is_complete_legal_any_size(std::string_view board) {
  Size s;
  std::vector<int> cells;
  if (!read(board, s, cells)) return false;
  for (int v : cells)
    if (!v) return false;
  return consistent(s, cells);
}

bool agrees_with_any_size(std::string_view givens, std::string_view solution) {
  Size a, b;
  std::vector<int> g, sol;
  if (!read(givens, a, g) || !read(solution, b, sol) || a.n != b.n) return false;
  for (std::size_t i = 0; i < g.size(); ++i)
    if (g[i] && g[i] != sol[i]) return false;
  return true;
}

int count_solutions_exact_cover(std::string_view givens, int cap) {
  Size s;
  std::vector<int> cells;
  if (cap < 1 || !read(givens, s, cells) || !consistent(s, cells)) return 0;
  ExactCover x(s, cap);
  if (!x.give(cells)) return 0;
  x.search();
  return x.found();
}

std::string first_solution_exact_cover(std::string_view givens) {
  Size s;
  std::vector<int> cells;
  if (!read(givens, s, cells) || !consistent(s, cells)) return "";
  ExactCover x(s, 1);
  if (!x.give(cells)) return "";
  x.search();
  if (!x.found()) return "";
  // the givens' own rows were chosen before the search: put them back
  std::string out = x.first_solution();
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i]) out[i] = character(cells[i]);
  return out;
}

}  // namespace puzzlepress::testing
