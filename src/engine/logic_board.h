// The grader's pencil-mark board over a geometry, and what every technique file shares.
// Engine-internal: not part of the public API.
//
// Every technique is a template over a *view* of the geometry: the view answers "the cells of
// house h", "the peers of cell c", "the block of c" and so on. Two views exist:
//   Classic9   the 9x9 grid's tables as compile-time constants: the classic fast path;
//   TableView  any geometry's tables read at run time (every other size, variants).
// The same finder compiles for both; ARCHITECTURE.md gives the measurements behind the choice.
//
// Pencil marks are masks, bit v-1 for symbol v (1..N, N <= 16):
//   bit   15 ... 8 7 6 5 4 3 2 1 0
//   symbol 16 ... 9 8 7 6 5 4 3 2 1
// Symbols are called digits in the code, as on 9x9.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "engine/geometry.h"
#include "engine/technique.h"

namespace puzzlepress::engine::logic {

/// A killer's cages as the grader reads them (logic_cages.h); views without cages give none.
struct CageTable;

using Mask = std::uint16_t;
inline constexpr Mask bit(int digit) { return static_cast<Mask>(1u << (digit - 1)); }
/// Lowest digit (1..16) in a non-zero mask.
inline int first_digit(unsigned m) { return std::countr_zero(m) + 1; }

/// Set bits of masks below 1024, and of any byte (std::popcount is a library call on the
/// baseline x86-64 target we build for, and these counts sit on hot paths).
inline constexpr auto kBitCount = [] {
  std::array<std::uint8_t, 1024> t{};
  for (unsigned m = 0; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(std::popcount(m));
  return t;
}();

/// Lines are rows, columns and diagonals; the other houses (blocks, windows) are block-like.
constexpr bool is_line(HouseKind kind) {
  return kind == HouseKind::row || kind == HouseKind::column || kind == HouseKind::diagonal;
}

/// A classic shape's tables as compile-time constants: `kTables` is a constexpr
/// GeometryTables of exactly that shape's size (classic_tables), so every loop bound, every
/// division by N and every table lookup is known to the compiler.
template <const auto& kTables>
struct ClassicView {
  using Tables = std::remove_cvref_t<decltype(kTables)>;
  using CellSet = typename Tables::CellSet;
  using CellId = typename Tables::CellId;
  using HouseBits = std::conditional_t<(Tables::kMaxHouses <= 32), std::uint32_t, std::uint64_t>;
  static constexpr int kMaxCells = Tables::kMaxCells, kMaxSymbols = Tables::kMaxSymbols;
  static constexpr int kMaxHouses = Tables::kMaxHouses, kMaxPeers = Tables::kMaxPeers;
  static constexpr int kN = kMaxSymbols;
  static_assert(kTables.cells == kMaxCells && kTables.symbols == kN && kTables.houses == kMaxHouses &&
                kTables.peer_count[0] == kMaxPeers && Tables::kMaxHousesPerCell == 3);
  static constexpr const Tables& t() { return kTables; }

  static constexpr int cells() { return kMaxCells; }
  static constexpr int symbols() { return kN; }
  static constexpr int houses() { return kMaxHouses; }
  static constexpr Mask all() { return static_cast<Mask>((1u << kN) - 1); }
  /// Set bits of a mask (below 1024 up to 9 symbols, below 2^16 above).
  static int count(unsigned m) {
    if constexpr (kN <= 9) return kBitCount[m];
    else return kBitCount[m & 0xFF] + kBitCount[(m >> 8) & 0xFF];
  }
  static constexpr const std::array<CellId, kN>& house(int h) { return kTables.house_cells[h]; }
  static constexpr HouseKind kind(int h) { return kTables.house_kind[h]; }
  static constexpr const std::array<std::uint8_t, 3>& houses_of(int c) { return kTables.cell_houses[c]; }
  static constexpr int house_count(int) { return 3; }
  static constexpr const std::array<std::uint8_t, 3>& index_in(int c) { return kTables.index_in_house[c]; }
  static constexpr const std::array<CellId, kMaxPeers>& peers(int c) { return kTables.peers[c]; }
  static constexpr const CellSet& peer_set(int c) { return kTables.peer_set[c]; }
  static constexpr const CellSet& house_set(int h) { return kTables.house_set[h]; }
  static bool sees(int a, int b) {
    if constexpr (kMaxCells <= 81) return kSees[a][b];
    else return kTables.peer_set[a].has(b);
  }
  static constexpr int row(int c) { return c / kN; }
  static constexpr int col(int c) { return c % kN; }
  static constexpr int cell_at(int r, int c) { return r * kN + c; }
  static constexpr int block(int c) { return kTables.block[c]; }
  static constexpr std::span<const std::uint8_t> overlaps(int h) {
    return {kTables.overlaps[h].data(), kTables.overlap_count[h]};
  }
  static constexpr const std::uint16_t* overlap_positions(int h) { return kTables.overlap_positions[h].data(); }
  static constexpr std::span<const detail::LineInBlock> block_lines(int b) {
    return {kTables.block_lines[b].data(), kTables.block_line_count[b]};
  }
  static constexpr bool houses_only() { return true; }
  /// No cages: the classic shapes' constraints are houses only.
  static constexpr const CageTable* cages() { return nullptr; }

 private:
  // Whether two cells see each other, as bytes: one load on the hot paths of small grids.
  static constexpr auto kSees = [] {
    std::array<std::array<bool, (kMaxCells <= 81 ? kMaxCells : 1)>, (kMaxCells <= 81 ? kMaxCells : 1)> s{};
    if constexpr (kMaxCells <= 81)
      for (int a = 0; a < kMaxCells; ++a)
        for (int b = 0; b < kMaxCells; ++b) s[a][b] = kTables.peer_set[a].has(b);
    return s;
  }();
};

/// The 9x9 grid: the classic fast path.
using Classic9 = ClassicView<detail::kClassic9>;

/// Any geometry's tables, read at run time.
struct TableView {
  using Tables = detail::Tables256;
  using CellSet = Tables::CellSet;
  using CellId = Tables::CellId;
  using HouseBits = std::uint64_t;
  static constexpr int kMaxCells = 256, kMaxSymbols = 16, kMaxHouses = 64, kMaxPeers = Tables::kMaxPeers;
  const Tables* tables = nullptr;
  /// The killer's cages, or null (every geometry but a killer's).
  const CageTable* cage_table = nullptr;
  const Tables& t() const { return *tables; }

  int cells() const { return tables->cells; }
  int symbols() const { return tables->symbols; }
  int houses() const { return tables->houses; }
  Mask all() const { return tables->all; }
  /// Set bits of a mask below 2^16 (candidates, positions in a house, lines).
  static int count(unsigned m) { return kBitCount[m & 0xFF] + kBitCount[(m >> 8) & 0xFF]; }
  std::span<const CellId> house(int h) const {
    return {tables->house_cells[h].data(), static_cast<std::size_t>(tables->symbols)};
  }
  HouseKind kind(int h) const { return tables->house_kind[h]; }
  std::span<const std::uint8_t> houses_of(int c) const {
    return {tables->cell_houses[c].data(), tables->house_count[c]};
  }
  int house_count(int c) const { return tables->house_count[c]; }
  std::span<const std::uint8_t> index_in(int c) const {
    return {tables->index_in_house[c].data(), tables->house_count[c]};
  }
  std::span<const CellId> peers(int c) const { return {tables->peers[c].data(), tables->peer_count[c]}; }
  const CellSet& peer_set(int c) const { return tables->peer_set[c]; }
  const CellSet& house_set(int h) const { return tables->house_set[h]; }
  bool sees(int a, int b) const { return tables->peer_set[a].has(b); }
  int row(int c) const { return c / tables->symbols; }
  int col(int c) const { return c % tables->symbols; }
  int cell_at(int r, int c) const { return r * tables->symbols + c; }
  int block(int c) const { return tables->block[c]; }
  std::span<const std::uint8_t> overlaps(int h) const { return {tables->overlaps[h].data(), tables->overlap_count[h]}; }
  const std::uint16_t* overlap_positions(int h) const { return tables->overlap_positions[h].data(); }
  std::span<const detail::LineInBlock> block_lines(int b) const {
    return {tables->block_lines[b].data(), tables->block_line_count[b]};
  }
  bool houses_only() const { return tables->houses_only; }
  const CageTable* cages() const { return cage_table; }
};

/// Pencil-mark board. cand[c] == 0 for a filled cell. Besides the masks it keeps, for every
/// digit, the cells holding it (as a set and per house), so that finders read them in O(1);
/// every change goes through place() and eliminate() (or reindex() after writing cand).
template <class V>
struct Board {
  using CellSet = typename V::CellSet;
  [[no_unique_address]] V geo;
  std::array<Mask, V::kMaxCells> cand{};
  std::array<std::uint8_t, V::kMaxCells> value{};
  int unsolved = 0;
  bool broken = false;  ///< a contradiction was met (a placement of an impossible digit)
  /// where[d][h]: cells of house h (by position in the house) holding candidate d.
  std::array<std::array<std::uint16_t, V::kMaxHouses>, V::kMaxSymbols + 1> where{};
  /// cells[d]: the cells holding candidate d.
  std::array<CellSet, V::kMaxSymbols + 1> cells{};
  /// version[d] changes whenever digit d's candidates change.
  std::array<std::uint32_t, V::kMaxSymbols + 1> version{};
  /// unit_version[h] changes whenever a candidate of a cell of house h changes.
  std::array<std::uint32_t, V::kMaxHouses> unit_version{};

  /// Fills `cell` and removes `digit` from its peers; a digit the cell cannot take (or a second
  /// value) sets `broken` instead.
  void place(int cell, int digit) {
    if (value[cell] != 0 || !(cand[cell] & bit(digit))) {
      if (value[cell] != digit) broken = true;
      return;
    }
    for (Mask m = cand[cell]; m; m &= m - 1) drop(cell, std::countr_zero(m) + 1);
    value[cell] = static_cast<std::uint8_t>(digit);
    cand[cell] = 0;
    --unsolved;
    const Mask b = bit(digit);
    for (int p : geo.peers(cell))
      if (cand[p] & b) {
        cand[p] &= static_cast<Mask>(~b);
        drop(p, digit);
      }
  }
  void eliminate(int cell, int digit) {
    if (!(cand[cell] & bit(digit))) return;
    cand[cell] &= static_cast<Mask>(~bit(digit));
    drop(cell, digit);
  }
  bool has(int cell, int digit) const { return cand[cell] & bit(digit); }
  /// Cells of house `h` (by position in the house) holding candidate `digit`, as a mask.
  unsigned positions(int h, int digit) const { return where[digit][h]; }
  /// The cells holding candidate `digit`.
  const CellSet& cells_with(int digit) const { return cells[digit]; }
  /// Recomputes `where` and `cells` from `cand` (after writing cand directly).
  void reindex() {
    for (auto& v : version) ++v;
    for (auto& v : unit_version) ++v;
    for (auto& w : where) w.fill(0);
    for (auto& c : cells) c = CellSet{};
    for (int c = 0; c < geo.cells(); ++c)
      for (Mask m = cand[c]; m; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        cells[d].add(c);
        const auto& hs = geo.houses_of(c);
        const auto& at = geo.index_in(c);
        for (int k = 0; k < geo.house_count(c); ++k) where[d][hs[k]] |= static_cast<std::uint16_t>(1u << at[k]);
      }
  }
  /// True when some empty cell has no candidate or some house cannot place a missing digit.
  bool dead() const {
    for (int c = 0; c < geo.cells(); ++c)
      if (value[c] == 0 && cand[c] == 0) return true;
    for (int h = 0; h < geo.houses(); ++h) {
      Mask have = 0;
      for (int c : geo.house(h)) have |= value[c] ? bit(value[c]) : cand[c];
      if (have != geo.all()) return true;
    }
    return false;
  }

 private:
  // Forgets candidate `digit` of `cell` in `where` and `cells` (cand is the caller's).
  void drop(int cell, int digit) {
    ++version[digit];
    const auto& hs = geo.houses_of(cell);
    const auto& at = geo.index_in(cell);
    const int n = geo.house_count(cell);
    for (int k = 0; k < n; ++k) ++unit_version[hs[k]];
    cells[digit].remove(cell);
    for (int k = 0; k < n; ++k) where[digit][hs[k]] &= static_cast<std::uint16_t>(~(1u << at[k]));
  }
};

/// What the driver asks a finder for, besides the board.
template <class V>
struct Query {
  /// Chains and forcing chains: the shortest instance over the board (fewest links, or
  /// rounds), as the rating's length bonus needs; otherwise the first found (enough for a
  /// closure, where any valid step will do).
  bool shortest = true;
  /// Single-digit techniques look only at these digits (bit d for digit d): an instance on d
  /// depends on d's candidates alone, so the driver skips digits unchanged since the technique
  /// last found nothing on them. X-chains (grouped or not) read it; other chains do not.
  unsigned digits = ~0u;
  /// House techniques look only at these houses (bit h for house h), for the same reason.
  typename V::HouseBits houses = ~typename V::HouseBits{0};
  /// False searches chains and forcing chains the plain way, for tests that the shortcuts
  /// change nothing (every chain start searched, every forcing branch run to its end).
  bool shortcuts = true;
};

/// Cells that see every cell of `cells` (none of `cells` itself).
template <class V>
typename V::CellSet seen_by_all(const V& g, const typename V::CellSet& cells) {
  auto out = V::CellSet::first_cells(g.cells());
  cells.for_each([&](int c) { out = out & g.peer_set(c); });
  return out;
}

/// Appends (cell, digit) to `out` for each cell of `cells`, in increasing cell order.
template <class Set>
void eliminate_from(const Set& cells, int digit, std::vector<CellDigit>& out) {
  cells.for_each([&](int c) { out.push_back({c, digit}); });
}

/// Calls f(indices) for each k-combination of 0..n-1 (indices[0..k-1], increasing, in
/// lexicographic order) until f returns true; returns whether it did. n, k <= 16.
template <class F>
bool for_each_combination(int n, int k, F&& f) {
  if (k > n || k <= 0) return false;
  std::array<int, 16> idx{};
  for (int i = 0; i < k; ++i) idx[i] = i;
  for (;;) {
    if (f(idx)) return true;
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) --i;
    if (i < 0) return false;
    ++idx[i];
    for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  }
}

/// Applies naked and hidden singles in rounds (each round places every single visible at its
/// start) until none is left. Returns false on a contradiction.
template <class V>
bool propagate_singles(Board<V>& b);
/// propagate_singles on `cand` and `value` alone, leaving `where`, `cells` and the versions
/// stale: for a board just loaded, which the caller reindexes (Board::reindex) afterwards.
template <class V>
bool propagate_singles_unindexed(Board<V>& b);

/// Length bonus of Sudoku Explainer: +0.1 for each of the thresholds 4, 6, 8, 12, 16, 24, ...
/// that `length` exceeds.
double length_bonus(int length);

/// Instantiates a finder template for both views (at the end of each finder file).
#define PUZZLEPRESS_FINDER(name)                                                                                     \
  template bool name<::puzzlepress::engine::logic::Classic9>(const Board<::puzzlepress::engine::logic::Classic9>&,   \
                                                             const Query<::puzzlepress::engine::logic::Classic9>&,   \
                                                             LogicStep&);                                            \
  template bool name<::puzzlepress::engine::logic::TableView>(const Board<::puzzlepress::engine::logic::TableView>&, \
                                                              const Query<::puzzlepress::engine::logic::TableView>&, \
                                                              LogicStep&)

}  // namespace puzzlepress::engine::logic
