// Generating variants: see variant_solver.h. The dig and the generation loop are the other
// classic shapes' (house_dig.h) on the kind's geometry: a removal stays while the board keeps
// one solution under every house of the kind and, with techniques grading, while the grader on
// the kind's geometry solves it within the grade's tier. Variants propagate singles alone in
// their searches (search.h) and remember the other completions the dig finds.
#include "engine/house_dig.h"
#include "engine/logic.h"
#include "engine/parallel.h"
#include "engine/variant_solver.h"

namespace puzzlepress::engine {
namespace {

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
    first = detail::geometry_fill(*built.geometry, detail::Propagation::singles, rng,
                                  layout.kind == Kind::jigsaw ? kJigsawRestarts : 1000, kFillGuesses);
    if (first) return built.geometry;
  }
  return std::nullopt;
}

void finish(VariantPuzzle& vp, const Geometry& g, const detail::DigResult& best, const VariantOptions& options,
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

namespace {

VariantPuzzle generate_once(const VariantOptions& options) {
  const GenerateOptions& o = options.base;
  VariantPuzzle vp{Layout{options.kind, o.shape, {}}, detail::unmade_puzzle(o)};
  Puzzle& p = vp.puzzle;
  if (!kind_takes(options.kind, o.shape) || !offers_grade(o.shape, o.grade)) return vp;
  Mulberry32 rng(o.seed);
  std::optional<Grid> first;
  const std::optional<Geometry> g = make_layout(vp.layout, rng, first);
  if (!g) return vp;
  const detail::DigRules rules{*g, detail::Propagation::singles, -1, true};
  const auto next_solution = [&](int s) {
    return s == 0 ? first : detail::geometry_fill(*g, detail::Propagation::singles, rng, 1000, kFillGuesses);
  };
  std::uint64_t checks = 0;
  const std::optional<detail::DigResult> best =
      detail::best_dig(rules, o, variant_clue_band(options.kind, o.shape, o.grade), next_solution, p, rng, checks);
  if (!best) {
    p.uniqueness_checks = checks;
    return vp;
  }
  finish(vp, *g, *best, options, checks);
  return vp;
}

}  // namespace

VariantPuzzle generate(const VariantOptions& options) {
  if (options.kind == Kind::classic) return {Layout{Kind::classic, options.base.shape, {}}, generate(options.base)};
  // As generate(GenerateOptions): a board whose givens lack a symbol is drawn again from
  // symbol_retry_seed, layout and all (a jigsaw's regions come from the same seed).
  VariantPuzzle made = generate_once(options);
  if (!options.base.every_symbol_given) return made;
  VariantOptions again = options;
  for (int retry = 1; retry <= kMaxSymbolRetries && made.puzzle.valid && !shows_every_symbol(made.puzzle.givens);
       ++retry) {
    again.base.seed = symbol_retry_seed(options.base.seed, retry);
    made = generate_once(again);
    made.puzzle.seed = options.base.seed;
    made.puzzle.symbol_retries = retry;
  }
  if (!shows_every_symbol(made.puzzle.givens)) made.puzzle.valid = false;  // never met in practice; fails loudly
  return made;
}

std::vector<VariantPuzzle> generate_batch(std::span<const VariantOptions> items, int jobs,
                                          const BatchProgress& progress, const InOrderVariants& in_order) {
  std::vector<VariantPuzzle> result(items.size());
  InOrderDelivery delivery(items.size(), [&](std::size_t i) { in_order(i, result[i]); });
  for_each_index_parallel(items.size(), jobs, progress, [&](std::size_t i) {
    result[i] = generate(items[i]);  // each slot written by exactly one worker
    if (in_order) delivery.finished(i);
  });
  return result;
}

}  // namespace puzzlepress::engine
