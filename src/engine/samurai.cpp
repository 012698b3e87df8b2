// Samurai: the figure's accessors, the text form and conflicts (samurai.h). The search is
// samurai_search.cpp.
#include "engine/samurai.h"

#include <cctype>

#include "engine/samurai_figure.h"

namespace puzzlepress::engine {

namespace {
using detail::kSamuraiFigure;

std::string place_name(int position) {
  return "row " + std::to_string(position / kSamuraiSide + 1) + ", column " +
         std::to_string(position % kSamuraiSide + 1);
}

// The first grid (1-based) holding figure position p; 0 for a hole.
int first_grid_at(int position) {
  const int r = position / kSamuraiSide, c = position % kSamuraiSide;
  for (int k = 0; k < kSamuraiGrids; ++k) {
    const auto& o = kSamuraiOrigins[k];
    if (r >= o[0] && r < o[0] + 9 && c >= o[1] && c < o[1] + 9) return k + 1;
  }
  return 0;
}

std::string shown(char ch) {
  if (std::isprint(static_cast<unsigned char>(ch))) return std::string("'") + ch + "'";
  return "byte " + std::to_string(static_cast<unsigned char>(ch));
}
}  // namespace

int SamuraiGrid::clue_count() const {
  int n = 0;
  for (const std::uint8_t v : cells) n += v != 0;
  return n;
}

int samurai_cell(int row, int column) {
  if (row < 0 || row >= kSamuraiSide || column < 0 || column >= kSamuraiSide) return -1;
  return kSamuraiFigure.cell_at[row * kSamuraiSide + column];
}

std::array<int, 2> samurai_position(int cell) {
  const int p = kSamuraiFigure.position[cell];
  return {p / kSamuraiSide, p % kSamuraiSide};
}

int samurai_cell_of(int grid, int row, int column) { return kSamuraiFigure.grid_cells[grid][row * 9 + column]; }

std::span<const std::int16_t, 9> samurai_house(int house) { return kSamuraiFigure.house_cells[house]; }

std::string samurai_house_name(int house) {
  static constexpr std::array<const char*, 3> kKinds = {"row", "column", "box"};
  return std::string(kKinds[kSamuraiFigure.house_kind[house]]) + " " +
         std::to_string(kSamuraiFigure.house_index[house] + 1) + " of grid " +
         std::to_string(kSamuraiFigure.house_grid[house] + 1);
}

std::vector<int> samurai_grids_of(int cell) {
  std::vector<int> grids;
  for (int k = 0; k < kSamuraiGrids; ++k)
    for (const std::int16_t c : kSamuraiFigure.grid_cells[k])
      if (c == cell) grids.push_back(k);
  return grids;
}

Grid samurai_subgrid(const SamuraiGrid& grid, int k) {
  Grid g(kShape9x9);
  for (int i = 0; i < 81; ++i) g.cells[i] = grid.cells[kSamuraiFigure.grid_cells[k][i]];
  return g;
}

std::string samurai_text(const SamuraiGrid& grid) {
  std::string text(kSamuraiPrefix);
  for (int p = 0; p < detail::SamuraiFigure::kPositions; ++p) {
    if (p > 0 && p % kSamuraiSide == 0) text += '/';
    const int cell = kSamuraiFigure.cell_at[p];
    if (cell < 0) {
      text += kSamuraiHole;
      continue;
    }
    const int v = grid.cells[cell];
    text += v == 0 ? '.' : v <= 9 ? static_cast<char>('0' + v) : '?';
  }
  return text;
}

SamuraiParse parse_samurai(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  if (text.size() - start >= kSamuraiPrefix.size()) {
    bool prefixed = true;
    for (std::size_t i = 0; i < kSamuraiPrefix.size(); ++i)
      prefixed = prefixed && std::tolower(static_cast<unsigned char>(text[start + i])) == kSamuraiPrefix[i];
    if (prefixed) start += kSamuraiPrefix.size();
  }
  std::string positions;
  for (std::size_t i = start; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '/' || std::isspace(static_cast<unsigned char>(ch))) continue;
    positions += ch;
  }
  SamuraiParse out;
  if (positions.size() != static_cast<std::size_t>(detail::SamuraiFigure::kPositions)) {
    out.error = "expected 441 positions (21 rows of 21), got " + std::to_string(positions.size());
    return out;
  }
  SamuraiGrid grid;
  for (int p = 0; p < detail::SamuraiFigure::kPositions; ++p) {
    const char ch = positions[static_cast<std::size_t>(p)];
    const bool digit = ch >= '1' && ch <= '9';
    const bool empty = ch == '.' || ch == '0';
    if (!digit && !empty && ch != kSamuraiHole) {
      out.error = place_name(p) + ": bad character " + shown(ch) + " (expected 1-9, '.', '0' or '-')";
      return out;
    }
    const int cell = kSamuraiFigure.cell_at[p];
    if (cell < 0 && ch != kSamuraiHole) {
      out.error = place_name(p) + " is inside no grid: expected '-', got " + shown(ch);
      return out;
    }
    if (cell >= 0 && ch == kSamuraiHole) {
      out.error =
          place_name(p) + " is in grid " + std::to_string(first_grid_at(p)) + ": expected 1-9, '.' or '0', got '-'";
      return out;
    }
    if (cell >= 0) grid.cells[cell] = static_cast<std::uint8_t>(digit ? ch - '0' : 0);
  }
  out.grid = grid;
  return out;
}

std::optional<Conflict> find_samurai_conflict(const SamuraiGrid& givens) {
  for (int h = 0; h < kSamuraiHouses; ++h) {
    unsigned seen = 0;
    for (const std::int16_t cell : kSamuraiFigure.house_cells[h]) {
      const int v = givens.cells[cell];
      if (v < 1 || v > 9) continue;
      if (seen & (1u << v)) {
        Conflict conflict;
        conflict.unit = static_cast<UnitKind>(kSamuraiFigure.house_kind[h]);
        conflict.index = kSamuraiFigure.house_index[h] + 1;
        conflict.value = v;
        conflict.house = samurai_house_name(h);
        return conflict;
      }
      seen |= 1u << v;
    }
  }
  return std::nullopt;
}

SamuraiSolveResult solve_samurai(std::string_view text, const SolveOptions& options) {
  SamuraiParse parsed = parse_samurai(text);
  if (!parsed.grid) {
    SamuraiSolveResult r;
    r.detail = parsed.error;
    return r;
  }
  return solve(*parsed.grid, options);
}

}  // namespace puzzlepress::engine
