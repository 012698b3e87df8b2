// Grading killers: the one grader (logic_solver.h, logic.h) on the killer's geometry with its
// cages, so the classic techniques that hold with cages (all but the uniqueness ones: their
// rule, technique_rules.cpp) work beside the killer techniques (techniques.def's last rows:
// cage combinations, innies and outies over one house or several, cage/house intersections,
// killer pairs and triples).
//
// Tiers are the engine's grades, given by the hardest technique needed, as for every puzzle:
//   easy     singles, cage combinations, innies and outies of one house
//   medium   + cage/house intersections, pointing, naked pairs
//   hard     + innies and outies over several houses, killer pairs and triples, claiming, the
//            other subsets
//   extreme  + fish, wings, chains (the classic Extreme techniques)
//   evil     + the Evil techniques, or no technique helps (needs_trial)
// Every shape keeps the table's tiers (the children's sizes do not step their singles down
// with cages). docs/puzzles.md ("Killer") has the measured spread of generated killers.
#pragma once

#include <optional>

#include "engine/grid.h"
#include "engine/killer.h"
#include "engine/logic.h"

namespace puzzlepress::engine {

/// The tier of a killer with one solution from its solve_logically result: its tier when
/// solved, evil when no technique finishes it. The tier generation aims at (KillerOptions::grade)
/// and the one `generate` prints.
Grade killer_tier(const LogicResult& result);

/// True when generation can aim `shape`'s killers at `tier` (KillerOptions::grade) and finish
/// in time: 6x6 easy (291 of 300 drawn 6x6 killers are easy; aiming at medium, 7 in 300, took
/// 107 ms a puzzle and failed 1 in 20 in `bench --kind killer`), 9x9 easy, medium, hard and
/// evil (9x9 extreme is 1 in 300, too rare to aim at; docs/puzzles.md, "Killer").
bool killer_offers_grade(Shape shape, Grade tier);

/// The grader on `killer` with `givens` (solve_logically's contract and result). Invalid when
/// killer_problem(killer) is not "", the givens are of another shape, hold a value outside
/// 0..N, or break a house or a cage (find_killer_conflict), or when the solve meets a
/// contradiction or ends on a grid whose cages do not add up (a killer with no solution).
LogicResult solve_logically(const Killer& killer, const Grid& givens, const LogicOptions& options = {});

/// The killer's grade: the tier of solve_logically(killer, givens) when solved; nothing when the
/// techniques do not solve it (or it is invalid).
std::optional<Grade> killer_grade(const Killer& killer, const Grid& givens);

/// True when the techniques of tier <= max_tier solve the killer: the same answer as
/// `r.solved && r.tier <= max_tier` for r = solve_logically(killer, givens) on a killer with a
/// solution, found faster (no steps kept, higher tiers never tried). False for what
/// solve_logically calls invalid before solving.
bool solvable_within(const Killer& killer, const Grid& givens, Grade max_tier);

/// The killer's tier when the techniques of tier <= max_tier solve it, else nothing: the same
/// answer as `r.solved && r.tier <= max_tier ? r.tier : nothing` for r = solve_logically(killer,
/// givens) on a killer with a solution, found as fast as solvable_within. The techniques are
/// sound, so a killer with a solution that they solve has exactly that one.
std::optional<Grade> killer_tier_within(const Killer& killer, const Grid& givens, Grade max_tier);

}  // namespace puzzlepress::engine
