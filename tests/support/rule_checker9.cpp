#include "support/rule_checker9.h"

#include <array>

namespace puzzlepress::testing {
namespace {

using Board = std::array<int, 81>;

bool read(std::string_view text, Board& board) {
  if (text.size() != 81) return false;
  for (int i = 0; i < 81; ++i) {
    const char c = text[i];
    if (c >= '1' && c <= '9') board[i] = c - '0';
    else if (c == '.' || c == '0') board[i] = 0;
    else return false;
  }
  return true;
}

// May digit d stand at (r, c) given every other cell of the board?
bool allowed(const Board& b, int r, int c, int d) {
  for (int k = 0; k < 9; ++k) {
    if (k != c && b[r * 9 + k] == d) return false;
    if (k != r && b[k * 9 + c] == d) return false;
  }
  const int r0 = r - r % 3, c0 = c - c % 3;
  for (int rr = r0; rr < r0 + 3; ++rr)
    for (int cc = c0; cc < c0 + 3; ++cc)
      if ((rr != r || cc != c) && b[rr * 9 + cc] == d) return false;
  return true;
}

bool clues_consistent(const Board& b) {
  for (int i = 0; i < 81; ++i)
    if (b[i] && !allowed(b, i / 9, i % 9, b[i])) return false;
  return true;
}

void search(Board& b, int from, int cap, int& count, std::string& first) {
  int cell = from;
  while (cell < 81 && b[cell]) ++cell;
  if (cell == 81) {
    if (count == 0) {
      first.clear();
      for (int v : b) first += static_cast<char>('0' + v);
    }
    ++count;
    return;
  }
  for (int d = 1; d <= 9 && count < cap; ++d) {
    if (!allowed(b, cell / 9, cell % 9, d)) continue;
    b[cell] = d;
    search(b, cell + 1, cap, count, first);
    b[cell] = 0;
  }
}

}  // namespace

bool is_complete_legal(std::string_view board) {
  Board b;
  if (!read(board, b)) return false;
  for (int v : b)
    if (v == 0) return false;
  return clues_consistent(b);
}

bool agrees_with(std::string_view givens, std::string_view solution) {
  Board g, s;
  if (!read(givens, g) || !read(solution, s)) return false;
  for (int i = 0; i < 81; ++i)
    if (g[i] && g[i] != s[i]) return false;
  return true;
}

int count_solutions_naively(std::string_view givens, int cap) {
  Board b;
  if (!read(givens, b) || !clues_consistent(b)) return 0;
  int count = 0;
  std::string first;
  search(b, 0, cap, count, first);
  return count;
}

std::string first_solution_naively(std::string_view givens) {
  Board b;
  if (!read(givens, b) || !clues_consistent(b)) return "";
  int count = 0;
  std::string first;
  search(b, 0, 1, count, first);
  return first;
}

}  // namespace puzzlepress::testing
