// The finder of each technique family, called by the logic solver's driver (logic_solver.cpp).
// Engine-internal: not part of the public API.
#pragma once

#include "engine/logic_board.h"
#include "engine/technique.h"

namespace puzzlepress::engine::logic {

/// Each finder looks for one technique (or one family, told by `kind` or `size`) on `b`. When it
/// applies with at least one effect, the finder fills `out` (cells, digits, unit, placements,
/// eliminations; rating only when an instance rates above the technique's base) and returns
/// true. The caller has set out.technique and out.rating and cleared the rest.
bool find_full_house(const Board& b, LogicStep& out);
bool find_hidden_single(const Board& b, bool boxes, LogicStep& out);
bool find_naked_single(const Board& b, LogicStep& out);
/// Unit finders look only at the units in `units` (bit u for unit u: rows 0-8, columns 9-17,
/// boxes 18-26; pointing reads the boxes, claiming the rows and columns).
inline constexpr unsigned kAllUnits = (1u << 27) - 1;
bool find_pointing(const Board& b, LogicStep& out, unsigned units = kAllUnits);
bool find_claiming(const Board& b, LogicStep& out, unsigned units = kAllUnits);
bool find_naked_subset(const Board& b, int size, LogicStep& out, unsigned units = kAllUnits);
bool find_hidden_subset(const Board& b, int size, LogicStep& out, unsigned units = kAllUnits);
///
/// Single-digit techniques look only at the digits in `digits` (bit d for digit d): an
/// instance on digit d depends on d's candidates alone, so the solver skips the digits whose
/// candidates have not changed since the technique last found nothing on them.
bool find_fish(const Board& b, int size, unsigned digits, LogicStep& out);
bool find_finned_fish(const Board& b, int size, Technique kind, unsigned digits, LogicStep& out);  // finned/sashimi
bool find_single_digit_pattern(const Board& b, Technique kind, unsigned digits, LogicStep& out);  // skyscraper/kite/turbot
bool find_empty_rectangle(const Board& b, unsigned digits, LogicStep& out);
bool find_xy_wing(const Board& b, LogicStep& out);
bool find_xyz_wing(const Board& b, LogicStep& out);
bool find_wxyz_wing(const Board& b, LogicStep& out);
bool find_w_wing(const Board& b, LogicStep& out);
bool find_unique_rectangle(const Board& b, Technique kind, LogicStep& out);  // types 1-6
bool find_bug_plus_one(const Board& b, LogicStep& out);
bool find_simple_colouring(const Board& b, unsigned digits, LogicStep& out);
bool find_aligned_pair_exclusion(const Board& b, LogicStep& out);
/// Chains and forcing chains: with `shortest` the shortest instance (fewest links, or rounds)
/// over the board is reported, as the rating's length bonus needs; without, the first found
/// (enough for a closure, where any valid step will do).
/// `digits` limits X-chains (grouped or not) only; the other chains use every digit.
/// `shortcuts` false searches the plain way, for tests that the shortcuts change nothing: every
/// chain start is searched (not only those from which some reachable node concludes), and every
/// forcing-chain branch runs to its end (none is cut past the best length so far).
bool find_chain(const Board& b, Technique kind, bool shortest, unsigned digits, LogicStep& out,
                bool shortcuts = true);  // (grouped) x-chain, xy-chain, (grouped) aic
bool find_forcing_chain(const Board& b, bool shortest, LogicStep& out, bool shortcuts = true);

}  // namespace puzzlepress::engine::logic
