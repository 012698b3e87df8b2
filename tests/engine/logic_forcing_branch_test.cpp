// Forcing-chain branches (engine-internal): run_branch, which looks each round only at what
// the round before changed and may stop early (cut), against a plain propagation written here
// that looks at the whole board every round and always runs to the end. And the chain and
// forcing-chain finders against themselves with their shortcuts off.
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/grid9.h"
#include "engine/logic_forcing_branch.h"
#include "engine/logic_solver.h"
#include "engine/logic_techniques.h"

using namespace puzzlepress::engine;
using namespace puzzlepress::engine::logic;

namespace {

using B9 = Board<Classic9>;

struct Plain {
  bool contradiction = false;
  int rounds = 0;
  std::array<Mask, 81> cand{};
  std::array<std::uint8_t, 81> value{};
  std::array<std::uint8_t, 729> gone{};
  std::array<std::uint8_t, 81> placed{};
  bool broken = false;
};

void plain_place(Plain& p, int cell, int digit, int round) {
  if (p.value[cell] || !(p.cand[cell] & bit(digit))) {
    if (p.value[cell] != digit) p.broken = true;
    return;
  }
  for (int d = 1; d <= 9; ++d)
    if (d != digit && (p.cand[cell] & bit(d))) p.gone[cell * 9 + d - 1] = static_cast<std::uint8_t>(round);
  p.placed[cell] = static_cast<std::uint8_t>(round);
  p.value[cell] = static_cast<std::uint8_t>(digit);
  p.cand[cell] = 0;
  for (int q = 0; q < 81; ++q)
    if (Classic9::sees(cell, q) && (p.cand[q] & bit(digit))) {
      p.gone[q * 9 + digit - 1] = static_cast<std::uint8_t>(round);
      p.cand[q] = static_cast<Mask>(p.cand[q] & ~bit(digit));
    }
}

// The branch cell = digit as the contract reads, looking at the whole board each round; stops
// after placing round `last_round` (then `rounds` is not meaningful).
Plain plain_branch(const B9& b, int cell, int digit, int last_round = 1 << 30) {
  Plain p;
  p.cand = b.cand;
  p.value = b.value;
  int round = 1;
  plain_place(p, cell, digit, round);
  for (;;) {
    if (p.broken) {
      p.contradiction = true;
      break;
    }
    std::array<int, 81> todo{};
    bool clash = false, dead = false;
    for (int c = 0; c < 81; ++c) {
      if (p.value[c]) continue;
      if (p.cand[c] == 0) dead = true;
      if (std::popcount(p.cand[c]) == 1) todo[c] = std::countr_zero(p.cand[c]) + 1;
    }
    for (int u = 0; u < 27; ++u)
      for (int d = 1; d <= 9; ++d) {
        int places = 0, at = -1;
        bool filled = false;
        for (int c : Classic9::house(u)) {
          filled |= p.value[c] == d;
          if (p.cand[c] & bit(d)) ++places, at = c;
        }
        if (places == 0 && !filled) dead = true;
        if (places == 1) {
          if (todo[at] && todo[at] != d) clash = true;
          todo[at] = d;
        }
      }
    if (dead) {
      p.contradiction = true;
      break;
    }
    bool any = false;
    for (int t : todo) any |= t != 0;
    if (!any) break;
    ++round;
    if (clash || round > 250) {
      p.contradiction = true;
      break;
    }
    if (round > last_round) break;
    for (int c = 0; c < 81; ++c)
      if (todo[c]) plain_place(p, c, todo[c], round);
  }
  p.rounds = round;
  return p;
}

// Whether a branch's candidate sets say what its stamps and values say.
bool sets_agree(const Branch<Classic9>& br) {
  for (int i = 0; i < 729; ++i) {
    const bool in_gone = (br.gone_set[i >> 6] >> (i & 63)) & 1, in_placed = (br.placed_set[i >> 6] >> (i & 63)) & 1;
    if (in_gone != (br.gone[i] != 0)) return false;
    if (in_placed != (br.placed[i / 9] != 0 && br.value[i / 9] == i % 9 + 1)) return false;
  }
  return true;
}

// The board after `steps` steps of the logic solve of `puzzle` (0: the givens placed only,
// which leaves singles on the board).
B9 position(const char* puzzle, int steps) {
  const Grid9 givens = *parse_grid9(puzzle).grid;
  B9 b;
  b.unsolved = 81;
  if (steps == 0) {
    b.cand.fill(Classic9::all());
    b.reindex();
    for (int c = 0; c < 81; ++c)
      if (givens.cells[c]) b.place(c, givens.cells[c]);
    return b;
  }
  LogicOptions opt;
  opt.max_steps = steps;
  const LogicResult9 r = solve_logically(givens, opt);
  for (int c = 0; c < 81; ++c) {
    b.value[c] = static_cast<std::uint8_t>(r.final_grid.cells[c]);
    b.cand[c] = r.final_candidates[c];
  }
  b.reindex();
  return b;
}

}  // namespace

TEST_CASE("run_branch matches a whole-board propagation, and a cut branch its first rounds") {
  const char* puzzles[] = {
      "014906000700080200000350000001000093002401500690000100000072000007040002000609480",
      "..6....3..5...19.2..295....8...1.......4.5.......7...4....932..1.38...7..2....6..",
      "....5..4.8.....69.2....35...8...92..7..5.8..4..24...7...91....7.18.....9.7..4....",
  };
  int boards = 0, branches = 0, contradictions = 0, cuts = 0, unsettled = 0;
  for (const char* puzzle : puzzles) {
    // The givens alone (singles left: not settled), and the positions before the solve's first
    // few steps above singles and before its forcing chains (settled).
    LogicOptions opt;
    opt.record_steps = true;
    const LogicResult9 solve = solve_logically(*parse_grid9(puzzle).grid, opt);
    std::vector<int> positions = {0};
    int harder = 0;
    for (int k = 0; k < static_cast<int>(solve.steps.size()); ++k) {
      const Technique t = solve.steps[k].technique;
      if (t == Technique::forcing_chain || (technique_tier(t) != Grade::easy && harder++ < 3)) positions.push_back(k);
    }
    for (int steps : positions) {
      const B9 b = position(puzzle, steps);
      const BranchStart<Classic9> start(b);
      unsettled += !start.settled;
      ++boards;
      for (int c = 0; c < 81; ++c)
        for (int d = 1; d <= 9; ++d) {
          if (!b.has(c, d)) continue;
          INFO(puzzle << " after " << steps << " steps, r" << c / 9 + 1 << "c" << c % 9 + 1 << " = " << d);
          Branch<Classic9> br;
          run_branch(start, c, d, 1 << 30, br);
          const Plain p = plain_branch(b, c, d);
          ++branches;
          contradictions += p.contradiction;
          REQUIRE(br.state == Branch<Classic9>::State::done);
          CHECK(br.contradiction == p.contradiction);
          CHECK(br.rounds == p.rounds);
          CHECK(br.gone == p.gone);
          CHECK(br.placed == p.placed);
          CHECK(sets_agree(br));
          if (!p.contradiction) {  // a contradicting branch's marks are not used
            CHECK(br.cand == p.cand);
            CHECK(br.value == p.value);
          }
          for (int last = 1; last < p.rounds; ++last) {
            Branch<Classic9> cut;
            run_branch(start, c, d, last, cut);
            const Plain q = plain_branch(b, c, d, last);
            if (cut.state == Branch<Classic9>::State::done) {  // ended on its own within `last` rounds,
              CHECK(p.contradiction);                          // so as a contradiction found in round last + 1
              CHECK(cut.rounds == p.rounds);
              continue;
            }
            ++cuts;
            REQUIRE(cut.state == Branch<Classic9>::State::cut);
            CHECK(cut.reached == last);
            CHECK(cut.gone == q.gone);
            CHECK(cut.placed == q.placed);
            CHECK(cut.cand == q.cand);
            CHECK(cut.value == q.value);
            CHECK(sets_agree(cut));
          }
        }
    }
  }
  MESSAGE(branches << " branches (" << contradictions << " contradicting), " << cuts << " cuts, " << unsettled << " of "
                   << boards << " boards unsettled");
  CHECK(contradictions > 0);
  CHECK(cuts > 0);
  CHECK(unsettled > 0);
  CHECK(unsettled < boards);
}

namespace {

// A chain finder with or without its shortcuts.
bool find_chain(const B9& b, Technique kind, bool shortest, LogicStep& out, bool shortcuts = true) {
  Query<Classic9> q;
  q.shortest = shortest;
  q.shortcuts = shortcuts;
  out.technique = kind;
  switch (kind) {
    case Technique::x_chain: return find_x_chain(b, q, out);
    case Technique::grouped_x_chain: return find_grouped_x_chain(b, q, out);
    case Technique::xy_chain: return find_xy_chain(b, q, out);
    case Technique::aic: return find_aic(b, q, out);
    case Technique::grouped_aic: return find_grouped_aic(b, q, out);
    default: return false;
  }
}

bool find_forcing(const B9& b, bool shortest, LogicStep& out, bool shortcuts = true) {
  Query<Classic9> q;
  q.shortest = shortest;
  q.shortcuts = shortcuts;
  out.technique = Technique::forcing_chain;
  return find_forcing_chain(b, q, out);
}

bool same_step(const LogicStep& a, const LogicStep& b) {
  return a.rating == b.rating && a.cells == b.cells && a.digits == b.digits && a.unit == b.unit && a.units == b.units &&
         a.extra_cells == b.extra_cells && a.placements == b.placements && a.eliminations == b.eliminations;
}

}  // namespace

TEST_CASE("chains and forcing chains take the same step with and without their shortcuts") {
  // Evil puzzles of `generate --grade evil --seed 42`, most of them with forcing chains; the
  // positions before each of their steps above Hard.
  const char* puzzles[] = {
      "..6....3..5...19.2..295....8...1.......4.5.......7...4....932..1.38...7..2....6..",
      "....5..4.8.....69.2....35...8...92..7..5.8..4..24...7...91....7.18.....9.7..4....",
      "7..4...6.5...31.....4......12..5....3.7...8.5....9..26......7.....68...9.3...2..1",
      "..83..2.13.2..........94....89....2....6.7....6....75....41..........3.92.7..64..",
      ".7......25...9.8.......435....87...1.4.....2.7...21....386.......6.1...89......3.",
      ".....54..9..4821.....7....9..9....233.......772....8..2....8.....5279..6..36.....",
      "8...7......1...8.6..9..4..3.9.7...5.5...9...2.8...6.7.3..1..2..7.5...4......6...7",
      "6.......9...1.......57.8.2....82.1.5.8.....3.9.1.57....9.2.68.......4...4.......6",
      ".3......5.2.1...8.8.5.....2..1.5.3.....9.8.....8.1.4..4.....8.3.6...2.4.7......6.",
      ".7.1..2..1.5..3........4.6.6...9..4....6.1....2..8...3.1.9........5..7.9..4..6.8.",
  };
  const Technique chains[] = {Technique::x_chain, Technique::grouped_x_chain, Technique::xy_chain, Technique::aic,
                              Technique::grouped_aic};
  int positions = 0, chain_steps = 0, forcing_steps = 0;
  for (const char* puzzle : puzzles) {
    LogicOptions opt;
    opt.record_steps = true;
    const LogicResult9 solve = solve_logically(*parse_grid9(puzzle).grid, opt);
    for (int k = 0; k < static_cast<int>(solve.steps.size()); ++k) {
      if (technique_tier(solve.steps[k].technique) < Grade::extreme) continue;
      const B9 b = position(puzzle, k);
      ++positions;
      for (bool shortest : {true, false}) {
        INFO(puzzle << " after " << k << " steps, shortest " << shortest);
        for (Technique kind : chains) {
          INFO(technique_name(kind));
          LogicStep fast, plain;
          const bool found = find_chain(b, kind, shortest, fast);
          CHECK(find_chain(b, kind, shortest, plain, /*shortcuts=*/false) == found);
          CHECK(same_step(fast, plain));
          chain_steps += found;
        }
        LogicStep fast, plain;
        const bool found = find_forcing(b, shortest, fast);
        CHECK(find_forcing(b, shortest, plain, /*shortcuts=*/false) == found);
        CHECK(same_step(fast, plain));
        forcing_steps += found;
      }
    }
  }
  MESSAGE(positions << " positions, " << chain_steps << " chain steps, " << forcing_steps << " forcing-chain steps");
  CHECK(chain_steps > 0);
  CHECK(forcing_steps > 0);
}
