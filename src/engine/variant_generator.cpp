// Generating variants: see variant_solver.h. The dig is generator.cpp's dig for the other
// shapes, over a geometry's houses: a removal stays while the board keeps one solution under
// every house of the kind (geometry_differs) and, with techniques grading, while the grader on
// the kind's geometry solves it within the grade's tier; the dig stops at the target once the
// board needs the tier.
#include <cstdlib>
#include <numeric>

#include "engine/logic.h"
#include "engine/parallel.h"
#include "engine/variant_search.h"
#include "engine/variant_solver.h"

namespace puzzlepress::engine {
namespace {

using detail::Tables256;
using Mask = std::uint16_t;

// Symbols of the givens in each house, kept up to date as the dig empties and refills cells.
struct HouseSymbols {
  const Tables256& t;
  std::array<Mask, Tables256::kMaxHouses> placed{};

  HouseSymbols(const Geometry& g, const Grid& givens) : t(g.tables()) {
    for (int c = 0; c < t.cells; ++c)
      if (givens.cells[c]) add(c, givens.cells[c]);
  }
  void add(int cell, int v) {
    for (int k = 0; k < t.house_count[cell]; ++k) placed[t.cell_houses[cell][k]] |= static_cast<Mask>(1u << (v - 1));
  }
  void remove(int cell, int v) {
    for (int k = 0; k < t.house_count[cell]; ++k) placed[t.cell_houses[cell][k]] &= static_cast<Mask>(~(1u << (v - 1)));
  }
  Mask seen(int cell) const {
    Mask m = 0;
    for (int k = 0; k < t.house_count[cell]; ++k) m |= placed[t.cell_houses[cell][k]];
    return m;
  }
};

// True when empty `cell` must hold `v` as a single from the givens alone (naked or hidden in
// one of its houses). A shortcut that spares a search; false says nothing.
bool forced_single(const Grid& givens, const HouseSymbols& houses, int cell, int v) {
  const Tables256& t = houses.t;
  if (std::popcount(static_cast<unsigned>(houses.seen(cell) & t.all)) == t.symbols - 1) return true;
  const Mask bit = static_cast<Mask>(1u << (v - 1));
  for (int k = 0; k < t.house_count[cell]; ++k) {
    const int h = t.cell_houses[cell][k];
    bool elsewhere = false;
    for (int i = 0; i < t.symbols && !elsewhere; ++i) {
      const int other = t.house_cells[h][i];
      elsewhere = other != cell && !givens.cells[other] && !(houses.seen(other) & bit);
    }
    if (!elsewhere) return true;
  }
  return false;
}

struct Dig {
  const Geometry& g;
  const Grid& solution;
  Grid givens;
  HouseSymbols houses;
  int clues;
  // Completions other than the solution found by earlier questions (at most kKnown, the oldest
  // replaced first). One that agrees with every given completes the current board too, which
  // then has two solutions: no search needed (fewer givens never make a board unique again).
  static constexpr std::size_t kKnown = 32;
  std::vector<Grid> known;
  std::size_t next_known = 0;
  Dig(const Geometry& geo, const Grid& sol)
      : g(geo), solution(sol), givens(sol), houses(geo, sol), clues(geo.cells()) {}

  bool known_other_completion() const {
    for (const Grid& k : known) {
      bool fits = true;
      for (int c = 0; c < g.cells() && fits; ++c) fits = !givens.cells[c] || givens.cells[c] == k.cells[c];
      if (fits) return true;
    }
    return false;
  }
  void remember(const Grid& completion) {
    if (known.size() < kKnown) known.push_back(completion);
    else known[next_known++ % kKnown] = completion;
  }

  // The board with `cell` (and `partner`, when it was given) just emptied stays unique.
  bool stays_unique(int cell, int partner, bool partner_was_given) {
    const int v = solution.cells[cell];
    const bool cell_forced = forced_single(givens, houses, cell, v);
    bool ask_partner = partner != cell && partner_was_given;
    if (ask_partner) {
      givens.cells[cell] = static_cast<std::uint8_t>(v);
      houses.add(cell, v);
      ask_partner = !forced_single(givens, houses, partner, solution.cells[partner]);
      houses.remove(cell, v);
      givens.cells[cell] = 0;
    }
    if (cell_forced && !ask_partner) return true;
    if (known_other_completion()) return false;
    Grid witness;
    if (!detail::geometry_differs(g, givens, cell, v, !cell_forced, ask_partner ? partner : -1,
                                  ask_partner ? solution.cells[partner] : 0, &witness))
      return true;
    remember(witness);
    return false;
  }
  void empty(int cell) {
    houses.remove(cell, givens.cells[cell]);
    givens.cells[cell] = 0;
  }
  void refill(int cell) {
    givens.cells[cell] = solution.cells[cell];
    houses.add(cell, givens.cells[cell]);
  }
};

bool needs_tier(const Geometry& g, const Grid& givens, Grade tier) {
  return tier == Grade::easy ||
         !detail::solvable_within_geometry(givens, g, static_cast<Grade>(static_cast<int>(tier) - 1), -1);
}

struct DigResult {
  Grid givens;
  int clues = 0;
  bool needs_tier = false;
};

// One greedy dig over a shuffled cell order (generator.cpp's dig, on the geometry's houses).
DigResult dig(const Geometry& g, const Grid& solution, ClueBand band, Symmetry symmetry, std::optional<Grade> tier,
              bool allow_trial, Mulberry32& rng, std::uint64_t& checks) {
  const Shape shape = solution.shape;
  Dig d(g, solution);
  std::vector<int> order(static_cast<std::size_t>(g.cells()));
  std::iota(order.begin(), order.end(), 0);
  shuffle(std::span<int>(order), rng);
  const bool check_logic = tier && (*tier != Grade::evil || !allow_trial);
  const bool singles_within_tier = tier && technique_tier(shape, Technique::hidden_single_box) <= *tier &&
                                   technique_tier(shape, Technique::hidden_single_line) <= *tier &&
                                   technique_tier(shape, Technique::naked_single) <= *tier;
  for (int cell : order) {
    if (!tier && d.clues <= band.target) break;
    if (!d.givens.cells[cell]) continue;
    const int partner = symmetric_partner(shape, cell, symmetry);
    const bool partner_given = partner != cell && d.givens.cells[partner] != 0;
    const int removing = partner_given ? 2 : 1;
    if (d.clues - removing < band.min) continue;
    const int value = d.givens.cells[cell];
    d.empty(cell);
    if (partner_given) d.empty(partner);
    ++checks;
    bool keep = d.stays_unique(cell, partner, partner_given);
    if (keep && check_logic) {
      const bool by_singles = singles_within_tier && forced_single(d.givens, d.houses, cell, value) &&
                              (!partner_given || forced_single(d.givens, d.houses, partner, solution.cells[partner]));
      keep = by_singles || detail::solvable_within_geometry(d.givens, g, *tier, -1);
    }
    if (!keep) {
      d.refill(cell);
      if (partner_given) d.refill(partner);
      continue;
    }
    d.clues -= removing;
    if (tier && d.clues <= band.target && needs_tier(g, d.givens, *tier)) return {d.givens, d.clues, true};
  }
  return {d.givens, d.clues, tier && d.clues <= band.max && needs_tier(g, d.givens, *tier)};
}

// Guesses before a fill starts again, and the fills a jigsaw layout gets before new regions are
// drawn. The fill's search is heavy-tailed on irregular regions, so short restarts pay: 1,000
// 9x9 jigsaw Easy puzzles took 0.40 s with 100 guesses a fill, 0.50 s with 300 and about 1.2 s
// with 2,000; x fills need more than 30 (with 30 some seeds found no grid at all).
constexpr std::uint64_t kFillGuesses = 100;
constexpr int kJigsawRestarts = 16;

// The layout and a first complete grid of it from `rng`: for a jigsaw, regions drawn until one
// admits a grid within a few restarts of the fill.
std::optional<Geometry> make_layout(Layout& layout, Mulberry32& rng, std::optional<Grid>& first) {
  for (int tries = 0; tries < 64; ++tries) {
    if (layout.kind == Kind::jigsaw) layout.regions = random_regions(layout.shape, rng);
    const GeometryBuild built = variant_geometry(layout);
    if (!built.geometry) return std::nullopt;
    first =
        detail::geometry_fill(*built.geometry, rng, layout.kind == Kind::jigsaw ? kJigsawRestarts : 1000, kFillGuesses);
    if (first) return built.geometry;
  }
  return std::nullopt;
}

void finish(VariantPuzzle& vp, const Geometry& g, const DigResult& best, const VariantOptions& options,
            std::uint64_t checks) {
  Puzzle& p = vp.puzzle;
  const ClueBand band = variant_clue_band(options.kind, options.base.shape, options.base.grade);
  p.givens = best.givens;
  p.clues = best.clues;
  const LogicResult logic = solve_logically(p.givens, g);
  p.rated = true;
  p.rating = logic.rating;
  p.tier = logic.tier;
  p.needs_trial = logic.needs_trial;
  p.technique_counts = logic.counts;
  ++checks;
  p.valid = count_solutions(vp.layout, p.givens, 2) == 1 && p.clues >= band.min && p.clues <= band.max &&
            (options.base.grading != Grading::techniques || p.tier == options.base.grade) &&
            (options.base.allow_trial || !p.needs_trial);
  p.uniqueness_checks = checks;
}

// Bands of the kinds with more houses or irregular regions (x, hyper, jigsaw): {target, min,
// max} by grade, easy .. evil. Their extra houses make singles of what a classic board leaves
// open, so a board needs Medium or harder techniques only at fewer clues than a classic one:
// docs/puzzles.md has the measured clue counts the bands come from. Easy keeps the classic band.
struct VariantBands {
  Shape shape;
  std::array<ClueBand, 5> bands;
};
constexpr std::array<VariantBands, 3> kVariantBands = {{
    {kShape6x6, {{{18, 16, 22}, {10, 8, 14}, {10, 8, 14}, {10, 8, 14}, {10, 8, 14}}}},
    {kShape8x8, {{{32, 28, 38}, {18, 14, 24}, {18, 14, 24}, {18, 14, 24}, {16, 12, 22}}}},
    {kShape9x9, {{{42, 38, 52}, {24, 19, 34}, {22, 18, 30}, {22, 18, 30}, {22, 16, 26}}}},
}};

}  // namespace

ClueBand variant_clue_band(Kind kind, Shape shape, Grade grade) {
  if (kind == Kind::classic) return clue_band(shape, grade);
  for (const VariantBands& b : kVariantBands)
    if (b.shape == shape) return b.bands[static_cast<std::size_t>(grade)];
  return clue_band(shape, grade);
}

VariantPuzzle generate(const VariantOptions& options) {
  const GenerateOptions& o = options.base;
  if (options.kind == Kind::classic) return {Layout{Kind::classic, o.shape, {}}, generate(o)};
  VariantPuzzle vp{Layout{options.kind, o.shape, {}}, Puzzle{}};
  Puzzle& p = vp.puzzle;
  p.shape = o.shape;
  p.seed = o.seed;
  p.grade = o.grade;
  p.symmetry = o.symmetry;
  p.grading = o.grading;
  p.givens = Grid(o.shape);
  p.solution = Grid(o.shape);
  p.solutions_tried = 0;
  if (!kind_takes(options.kind, o.shape) || !offers_grade(o.shape, o.grade)) return vp;
  Mulberry32 rng(o.seed);
  std::optional<Grid> first;
  const std::optional<Geometry> g = make_layout(vp.layout, rng, first);
  if (!g) return vp;
  const ClueBand band = variant_clue_band(options.kind, o.shape, o.grade);
  const int attempts = std::max(1, o.attempts), max_solutions = std::max(1, o.max_solutions);
  const bool by_techniques = o.grading == Grading::techniques;
  std::uint64_t checks = 0;
  std::optional<DigResult> best;
  for (int s = 0; s < max_solutions && !best; ++s) {
    std::optional<Grid> solution = s == 0 ? first : detail::geometry_fill(*g, rng, 1000, kFillGuesses);
    if (!solution) break;
    p.solution = *solution;
    ++p.solutions_tried;
    for (int a = 0; a < attempts; ++a) {
      const DigResult r = dig(*g, p.solution, band, o.symmetry, by_techniques ? std::optional(o.grade) : std::nullopt,
                              o.allow_trial, rng, checks);
      ++p.digs;
      if (by_techniques ? !r.needs_tier : r.clues > band.max) continue;
      if (!by_techniques && !o.allow_trial && !detail::solvable_within_geometry(r.givens, *g, Grade::evil, -1))
        continue;
      if (!best || std::abs(r.clues - band.target) < std::abs(best->clues - band.target)) best = r;
      if (best->clues <= band.target) break;
    }
  }
  if (!best) {
    p.uniqueness_checks = checks;
    return vp;
  }
  finish(vp, *g, *best, options, checks);
  return vp;
}

std::vector<VariantPuzzle> generate_batch(std::span<const VariantOptions> items, int jobs,
                                          const BatchProgress& progress) {
  std::vector<VariantPuzzle> result(items.size());
  for_each_index_parallel(items.size(), jobs, progress, [&](std::size_t i) { result[i] = generate(items[i]); });
  return result;
}

}  // namespace puzzlepress::engine
