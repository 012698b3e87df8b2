// Chain graphs (engine-internal): ChainReach, which remembers what each node reaches and takes a
// known reach whole, against a plain search of the links from every node, on the graphs of
// every chain kind over positions of real solves.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "engine/grid9.h"
#include "engine/logic_chain_graph.h"
#include "engine/logic_solver.h"

using namespace puzzlepress::engine;
using namespace puzzlepress::engine::logic;

namespace {

bool has_bit(const std::uint64_t* set, int i) { return (set[i >> 6] >> (i & 63)) & 1; }

// The nodes reached "on" from `a` "off": one node at a time, strong then weak links.
std::vector<bool> plain_reach(const ChainGraph<Classic9>& g, int a) {
  const int n = static_cast<int>(g.nodes.size());
  std::vector<bool> on(n), off(n);
  std::vector<int> todo_off = {a};
  off[a] = true;
  while (!todo_off.empty()) {
    const int f = todo_off.back();
    todo_off.pop_back();
    for (int v = 0; v < n; ++v) {
      if (!has_bit(g.strong_of(f), v) || on[v]) continue;
      on[v] = true;
      for (int w = 0; w < n; ++w)
        if (has_bit(g.weak_of(v), w) && !off[w]) {
          off[w] = true;
          todo_off.push_back(w);
        }
    }
  }
  return on;
}

}  // namespace

TEST_CASE("ChainReach gives what a plain search of the links reaches, asked in any order") {
  const char* puzzles[] = {
      "000000000706308905004675800097030650058902710000000000009000100000103000010060080",
      "..6....3..5...19.2..295....8...1.......4.5.......7...4....932..1.38...7..2....6..",
  };
  int graphs = 0, nodes = 0, partial = 0;
  for (const char* puzzle : puzzles)
    for (int steps : {10, 25, 40}) {
      LogicOptions opt;
      opt.max_steps = steps;
      const LogicResult9 r = solve_logically(*parse_grid9(puzzle).grid, opt);
      Board<Classic9> b;
      for (int c = 0; c < 81; ++c) {
        b.value[c] = static_cast<std::uint8_t>(r.final_grid.cells[c]);
        b.cand[c] = r.final_candidates[c];
      }
      b.reindex();
      for (Technique kind : {Technique::x_chain, Technique::grouped_x_chain, Technique::xy_chain, Technique::aic,
                             Technique::grouped_aic})
        for (int digit = 0; digit <= 9; ++digit) {
          const bool x = kind == Technique::x_chain || kind == Technique::grouped_x_chain;
          if (x != (digit != 0)) continue;
          ChainGraph<Classic9> g;
          build(b, kind, digit, g);
          const int n = static_cast<int>(g.nodes.size());
          ChainReach<Classic9> forward, backward;  // asked in node order, and in reverse
          forward.reset(g);
          backward.reset(g);
          ++graphs;
          for (int k = 0; k < 2 * n; ++k) {
            const int a = k < n ? k : 2 * n - 1 - k;
            const std::vector<bool> want = plain_reach(g, a);
            const std::uint64_t* got = k < n ? forward.on_from(a) : backward.on_from(a);
            int diffs = 0, count = 0;
            for (int v = 0; v < n; ++v) {
              diffs += has_bit(got, v) != want[v];
              count += want[v];
            }
            for (int v = n; v < g.words * 64; ++v) diffs += has_bit(got, v);
            CHECK_MESSAGE(diffs == 0, "kind " << static_cast<int>(kind) << " digit " << digit << " node " << a);
            ++nodes;
            partial += count > 0 && count < n;
          }
        }
    }
  MESSAGE(graphs << " graphs, " << nodes << " starts, " << partial << " reaching some but not all nodes");
  CHECK(partial > 0);
}
