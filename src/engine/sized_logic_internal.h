// Internals of the sized logic solver shared by its technique files: the pencil-mark board over
// a shape's unit tables and the finder of each technique family. Not part of the public API.
//
// Cells, units and symbols follow sized_geometry.h: units 0..N-1 rows, N..2N-1 columns,
// 2N..3N-1 boxes; symbol v is bit v-1 of a mask.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/logic_solver.h"
#include "engine/sized_geometry.h"

namespace puzzlepress::engine::sized_logic {

using detail::Geometry;
using detail::SymbolMask;
using detail::first_symbol;
using detail::mask_bits;
using detail::symbol_bit;
using detail::kMaxUnits;

/// Pencil-mark board. cand[c] == 0 for a filled cell.
struct Board {
  const Geometry* g = nullptr;
  std::array<SymbolMask, kMaxCells> cand{};
  std::array<std::uint8_t, kMaxCells> value{};
  int unsolved = 0;
  bool broken = false;  ///< a contradiction was met (a placement of an impossible symbol)

  int n() const { return g->n; }
  int cells() const { return g->cells; }

  void place(int cell, int v) {
    places_fresh = false;
    if (value[cell] != 0 || !(cand[cell] & symbol_bit(v))) {
      if (value[cell] != v) broken = true;
      return;
    }
    value[cell] = static_cast<std::uint8_t>(v);
    cand[cell] = 0;
    --unsolved;
    const SymbolMask keep = static_cast<SymbolMask>(~symbol_bit(v));
    for (int i = 0; i < g->peer_count; ++i) cand[g->peers[cell][i]] &= keep;
  }
  void eliminate(int cell, int v) {
    places_fresh = false;
    cand[cell] &= static_cast<SymbolMask>(~symbol_bit(v));
  }
  bool has(int cell, int v) const { return cand[cell] & symbol_bit(v); }
  bool sees(int a, int b) const { return g->sees(a, b); }
  /// Cells of `unit` (by position 0..N-1 in the unit) holding candidate `v`, as a mask.
  /// Read from a table rebuilt on the first call after a change (place, eliminate; whoever
  /// writes cand directly calls changed()).
  unsigned positions(int unit, int v) const {
    if (!places_fresh) refresh_places();
    return places[unit][v];
  }
  void changed() { places_fresh = false; }
  /// True when some empty cell has no candidate or some unit cannot place a missing symbol.
  bool dead() const;

 private:
  void refresh_places() const;
  mutable std::array<std::array<std::uint16_t, kMaxSize + 1>, kMaxUnits> places{};
  mutable bool places_fresh = false;
};

/// Each finder fills `out` (cells, digits, unit, placements, eliminations; rating when it adds a
/// length bonus) and returns true when its technique applies with at least one effect.
bool find_full_house(const Board&, LogicStep& out);
bool find_hidden_single(const Board&, bool boxes, LogicStep& out);
bool find_naked_single(const Board&, LogicStep& out);
bool find_pointing(const Board&, LogicStep& out);
bool find_claiming(const Board&, LogicStep& out);
bool find_naked_subset(const Board&, int size, LogicStep& out);
bool find_hidden_subset(const Board&, int size, LogicStep& out);
bool find_fish(const Board&, int size, LogicStep& out);
bool find_single_digit_pattern(const Board&, Technique kind, LogicStep& out);
bool find_xy_wing(const Board&, LogicStep& out);
bool find_xyz_wing(const Board&, LogicStep& out);
bool find_w_wing(const Board&, LogicStep& out);
bool find_unique_rectangle(const Board&, LogicStep& out);
bool find_simple_colouring(const Board&, LogicStep& out);
bool find_chain(const Board&, Technique kind, LogicStep& out);  // x_chain, xy_chain, aic
bool find_forcing_chain(const Board&, LogicStep& out);

/// Naked and hidden singles in rounds (each round places every single visible at its start)
/// until none is left. False on a contradiction.
bool propagate_singles(Board& b);

/// One round of singles as propagate_singles makes it: fills `todo` (symbol per cell, 0 for
/// none). Returns -1 on a contradiction (a unit missing a symbol, a cell with none, or two
/// singles for one cell), else the number of cells in `todo`.
int singles_round(const Board& b, std::array<std::uint8_t, kMaxCells>& todo);

}  // namespace puzzlepress::engine::sized_logic
