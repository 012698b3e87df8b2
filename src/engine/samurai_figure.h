// The samurai figure's tables (engine-internal: samurai*.cpp): cells, houses, each cell's
// houses and peers, built at compile time from kSamuraiOrigins (samurai.h has the numbering).
#pragma once

#include <array>
#include <cstdint>

#include "engine/samurai.h"

namespace puzzlepress::engine::detail {

struct SamuraiFigure {
  static constexpr int kPositions = kSamuraiSide * kSamuraiSide;
  static constexpr int kMaxPeers = 40;                 ///< a shared cell: 2 * 16 in lines + 8 in its box
  static constexpr int kMaxHouses = 5;                 ///< a shared cell: 2 rows, 2 columns, 1 box
  std::array<std::int16_t, kPositions> cell_at{};      ///< -1 for a hole
  std::array<std::int16_t, kSamuraiCells> position{};  ///< row * 21 + column
  std::array<std::array<std::int16_t, 81>, kSamuraiGrids> grid_cells{};  ///< grid k's r*9+c
  std::array<std::array<std::int16_t, 9>, kSamuraiHouses> house_cells{};
  std::array<std::uint8_t, kSamuraiHouses> house_grid{};   ///< 0..4
  std::array<std::uint8_t, kSamuraiHouses> house_kind{};   ///< 0 row, 1 column, 2 box
  std::array<std::uint8_t, kSamuraiHouses> house_index{};  ///< 0..8 within its grid
  std::array<std::uint8_t, kSamuraiCells> house_count{};
  std::array<std::array<std::int16_t, kMaxHouses>, kSamuraiCells> houses_of{};
  std::array<std::uint8_t, kSamuraiCells> peer_count{};
  std::array<std::array<std::int16_t, kMaxPeers>, kSamuraiCells> peers{};
};

// Whether grid 2's (the centre's) box b is a corner grid's box: its corner boxes 0, 2, 6, 8.
constexpr bool centre_box_shared(int grid, int box) { return grid == 2 && box != 4 && box % 2 == 0; }

constexpr SamuraiFigure make_samurai_figure() {
  SamuraiFigure f;
  for (auto& c : f.cell_at) c = -1;
  for (const auto& o : kSamuraiOrigins)
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) f.cell_at[(o[0] + r) * kSamuraiSide + o[1] + c] = 0;
  int cells = 0;
  for (int p = 0; p < SamuraiFigure::kPositions; ++p) {
    if (f.cell_at[p] < 0) continue;
    f.cell_at[p] = static_cast<std::int16_t>(cells);
    f.position[cells++] = static_cast<std::int16_t>(p);
  }
  for (int k = 0; k < kSamuraiGrids; ++k)
    for (int i = 0; i < 81; ++i)
      f.grid_cells[k][i] = f.cell_at[(kSamuraiOrigins[k][0] + i / 9) * kSamuraiSide + kSamuraiOrigins[k][1] + i % 9];
  int h = 0;
  for (int k = 0; k < kSamuraiGrids; ++k) {
    for (int kind = 0; kind < 3; ++kind) {
      for (int u = 0; u < 9; ++u) {
        if (kind == 2 && centre_box_shared(k, u)) continue;
        for (int i = 0; i < 9; ++i) {
          const int r = kind == 0 ? u : kind == 1 ? i : (u / 3) * 3 + i / 3;
          const int c = kind == 0 ? i : kind == 1 ? u : (u % 3) * 3 + i % 3;
          f.house_cells[h][i] = f.grid_cells[k][r * 9 + c];
        }
        f.house_grid[h] = static_cast<std::uint8_t>(k);
        f.house_kind[h] = static_cast<std::uint8_t>(kind);
        f.house_index[h] = static_cast<std::uint8_t>(u);
        ++h;
      }
    }
  }
  for (int hh = 0; hh < kSamuraiHouses; ++hh) {
    for (int i = 0; i < 9; ++i) {
      const int cell = f.house_cells[hh][i];
      f.houses_of[cell][f.house_count[cell]++] = static_cast<std::int16_t>(hh);
      for (int j = 0; j < 9; ++j) {
        const int other = f.house_cells[hh][j];
        if (other == cell) continue;
        bool known = false;
        for (int q = 0; q < f.peer_count[cell]; ++q) known = known || f.peers[cell][q] == other;
        if (!known) f.peers[cell][f.peer_count[cell]++] = static_cast<std::int16_t>(other);
      }
    }
  }
  return f;
}

inline constexpr SamuraiFigure kSamuraiFigure = make_samurai_figure();

}  // namespace puzzlepress::engine::detail
