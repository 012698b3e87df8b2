// One branch of a forcing chain (logic_forcing.cpp): a candidate assumed true and the naked and
// hidden singles it forces, round by round, with the round at which each candidate went.
// Engine-internal: not part of the public API.
#pragma once

#include <array>
#include <cstdint>

#include "engine/logic_board.h"

namespace puzzlepress::engine::logic {

/// Candidates (cell, digit) are numbered cell * kStride + digit - 1.
template <class V>
struct Candidates {
  static constexpr int kStride = V::kMaxSymbols;
  static constexpr int kCount = V::kMaxCells * kStride;
  static constexpr int kWords = (kCount + 63) / 64;
  using Set = std::array<std::uint64_t, kWords>;
  static constexpr int of(int cell, int digit) { return cell * kStride + digit - 1; }
  static constexpr int cell(int candidate) { return candidate / kStride; }
  static constexpr int digit(int candidate) { return candidate % kStride + 1; }
};

/// What run_branch leaves. Round 1 places the assumption; each later round places every single
/// found on the board the round before left (a cell with one candidate, a digit with one place
/// in a house), all at once. A branch ends in a contradiction (a cell without candidates, a
/// house without a place for a missing digit, two singles for one cell, a placement the board
/// no longer allows, or more than 250 rounds) or when no single is left (quiet).
template <class V>
struct Branch {
  using C = Candidates<V>;
  enum class State : std::uint8_t { not_run, cut, done };
  State state = State::not_run;
  bool contradiction = false;             ///< when done
  int rounds = 0;                         ///< when done: the rounds until the contradiction or quiet
  int reached = 0;                        ///< when cut: the branch needs more rounds than this; rounds 1..reached are
                                          ///< final (their stamps, and the marks are those after round `reached`)
  std::array<Mask, V::kMaxCells> cand{};  ///< pencil marks at the end (or cut)
  std::array<std::uint8_t, V::kMaxCells> value{};   ///< values at the end (or cut)
  std::array<std::uint8_t, C::kCount> gone{};       ///< round each candidate went; 0 = there
  std::array<std::uint8_t, V::kMaxCells> placed{};  ///< round a cell was filled (0 = not by this branch)
  /// The same as sets of candidates: those with a stamp in `gone`, and those this branch placed.
  typename C::Set gone_set{}, placed_set{};
};

/// What every branch on one board starts from.
template <class V>
struct BranchStart {
  explicit BranchStart(const Board<V>& b);
  const Board<V>& board;
  std::array<Mask, V::kMaxHouses> filled{};  ///< digits filled in each house
  /// No cell of the board is a naked single or empty, and no house holds a hidden single or
  /// lacks a digit: then a branch's first look need only cover what the assumption changed.
  bool settled = true;
};

/// Runs the branch `cell` = `digit` (a candidate of the start board) into `br`, from scratch.
/// It stops early, as cut, when it would place a round after `last_round`: whatever happens
/// later has a higher round (a contradiction then ends at a round > last_round).
template <class V>
void run_branch(const BranchStart<V>& start, int cell, int digit, int last_round, Branch<V>& br);

}  // namespace puzzlepress::engine::logic
