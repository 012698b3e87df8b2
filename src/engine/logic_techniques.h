// The finder and the wording of each technique, declared from the technique table
// (techniques.def). Engine-internal: not part of the public API.
//
// find_<id>(board, query, out): looks for one instance of the technique on `board`. When it
// applies with at least one effect, fills `out` (cells, digits, unit, units, extra_cells,
// placements, eliminations; rating only when the instance rates above the technique's base)
// and returns true. The caller has set out.technique and out.rating and cleared the rest.
// Each finder is a template over the geometry view (logic_board.h), instantiated for both views
// at the end of its file (PUZZLEPRESS_FINDER).
//
// describe_<id>(step, names): the step in words (LogicStep::describe), with the helpers below.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/logic_board.h"
#include "engine/technique.h"

namespace puzzlepress::engine::logic {

#define TECHNIQUE(id, name, rating, tier, scope, rule) \
  template <class V>                                   \
  bool find_##id(const Board<V>& b, const Query<V>& q, LogicStep& out);
#include "engine/techniques.def"
#undef TECHNIQUE

/// The rule beside the unique rectangles (logic_uniqueness.cpp): whether the rectangle with
/// these corners (top-left, top-right, bottom-left, bottom-right) is a deadly pattern of the
/// geometry: every house holding a corner holds exactly two, side by side.
template <class V>
bool deadly_rectangle(const V& g, const std::array<int, 4>& corners);

/// Names of cells, houses and symbols in a geometry, and the phrases steps share.
struct Naming {
  const Geometry& g;

  int n() const { return g.size(); }
  std::string cell(int c) const { return g.cell_name(c); }
  /// "row 4", "box 7".
  std::string house(int h) const { return g.house_name(h); }
  /// "row", "column", "box", ...
  std::string house_kind(int h) const;
  /// "7", or "C" for symbol 12.
  std::string symbol(int d) const;
  /// The block house of a cell.
  int block_of(int c) const { return g.tables().block[c]; }
  /// The row or column house every one of `cells` lies on, or -1.
  int shared_line(const std::vector<int>& cells) const;
  /// "a", "a and b", "a, b and c".
  static std::string join(const std::vector<std::string>& items);
  std::string cells(const std::vector<int>& cells) const;
  /// "2 and 7", or joined by `separator` ("2/7").
  std::string symbols(const std::vector<int>& digits, const char* separator = nullptr) const;
  /// Lines (rows or columns) as "rows 2 and 7" or "columns 3, 5 and 8".
  std::string lines(const std::vector<int>& houses) const;
  /// "removes 2 from r4c5 and r4c6, and 7 from r4c9": grouped by digit (digits leaving the
  /// same cells together: "removes 1 and 2 from r2c4"), digits in increasing order.
  std::string removes(const std::vector<CellDigit>& eliminations) const;
  /// The digits removed, "2 and 7".
  std::string removed_symbols(const std::vector<CellDigit>& eliminations) const;
  /// What a step does: "removes ..." or "r1c1 = 5".
  std::string effect(const LogicStep& s) const;
  /// A chain's cells, shortened past six: "r1c1, r1c2 ... r5c5, r5c6 (9 cells)".
  std::string chain(const std::vector<int>& cells) const;
  /// The generic sentence: "<name> in <cells>: <effect>".
  std::string generic(const LogicStep& s) const;
};

#define TECHNIQUE(id, name, rating, tier, scope, rule) \
  std::string describe_##id(const LogicStep& step, const Naming& names);
#include "engine/techniques.def"
#undef TECHNIQUE

}  // namespace puzzlepress::engine::logic
