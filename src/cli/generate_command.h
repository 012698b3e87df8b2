// `puzzlepress generate`: a batch of puzzles of one grade, as text, CSV or JSON.
#pragma once

#include "cli/command.h"

#include <cstdint>
#include <iosfwd>
#include <string>

#include "cli/progress.h"

namespace puzzlepress::cli {

/// Most puzzles one generate run makes (--count).
inline constexpr int kMaxGenerateCount = 1000000;
/// Puzzles made (in parallel) and printed at a time: rows stream out in order.
inline constexpr int kGenerateBatch = 256;

struct GenerateArgs {
  std::string grade;  ///< a grade name; "" = medium (killer: "" = any tier)
  int count = 1;
  std::uint32_t seed = 42;  ///< base seed: puzzle k (0-based) gets engine::batch_seed(seed, k)
  std::string symmetry = "rotational";
  int attempts = 12;
  std::string grading = "techniques";           ///< techniques | clues
  bool allow_trial = false;                     ///< also puzzles our techniques cannot finish (see GenerateOptions9)
  std::string format = "text";                  ///< text | csv | json
  int jobs = 0;                                 ///< worker threads; 0 = all cores
  std::string size = "9x9";                     ///< 4x4, 6x6, 8x8, 9x9, 12x12 or 16x16
  std::string kind = "classic";                 ///< classic | x | hyper | jigsaw (engine/variant.h) | killer | samurai
  ProgressMode progress = ProgressMode::never;  ///< the progress line on `err`
};

/// Writes the puzzles to `out`. CSV: a header line
/// `seed,grade,clues,givens,solution,valid,rating,tier` then one row per puzzle (grid texts of
/// N*N characters, grid.h, '.' for empty: the length tells the size; rating on the
/// SE-like scale of technique.h, one decimal; tier = the grade of the hardest technique needed, by
/// the size's tiers). JSON: an array of objects with the same fields plus `techniques`
/// (name -> steps). Text: each puzzle as a board with a heading line. 9x9 output is as before.
/// Throws InputError at the flag for an unknown grade, symmetry, grading, format or size, a grade
/// the size does not offer ("--grade: grade 'hard' is not offered for 4x4 (offered: easy,
/// medium)"), or counts < 1.
/// Another kind than classic (--kind x|hyper|jigsaw): the same rows, the givens in the variant
/// text form (engine/variant.h: "x:GRID", "jigsaw:GRID/REGIONS", read back by solve and grade);
/// JSON adds "kind" and "regions" ("" but for a jigsaw); text shows the text form under the
/// heading, then the board. A size the kind does not take: "--kind: kind 'hyper' takes 9x9
/// only, not 6x6".
/// Killer (--kind killer, run_generate_killer): pure killers of 6x6 or 9x9, graded.
/// Progress (when wanted) goes to `err`.
int run_generate(const GenerateArgs& args, std::ostream& out, std::ostream& err);
/// The same with progress, if any, on standard error.
int run_generate(const GenerateArgs& args, std::ostream& out);

/// --kind killer: 6x6 or 9x9 killers (engine/killer_generator.h), puzzle k from
/// engine::batch_seed(seed, k), aimed at --grade's tier when given (KillerOptions::grade), each
/// graded by the killer grader (no technique finishing it: evil). CSV header
/// `seed,kind,grade,cages,puzzle,solution,valid,rating` (puzzle: the text form
/// "killer:GRID/CAGES/SUMS" solve reads back, in double quotes as its sums hold commas); JSON the
/// same fields; text a heading with tier and rating, the text form, then the cage symbols and sums
/// as a board. --symmetry, --attempts and --grading do not apply (ignored). Throws InputError at
/// --grade for an unknown tier or one the size is not made at (engine::killer_offers_grade), at
/// --allow-trial, at --size for another size ("kind 'killer' takes 6x6 or 9x9, not 8x8");
/// run_generate has checked --format, --count and the flags a killer ignores before it calls
/// this. Returns kExitFailure when a puzzle is invalid.
int run_generate_killer(const GenerateArgs& args, std::ostream& out, std::ostream& err);

/// --kind samurai: samurai (engine/samurai_generator.h) aimed at --grade's tier (default medium),
/// puzzle k from engine::batch_seed(seed, k), --attempts digs a grid. CSV header
/// `seed,kind,grade,clues,puzzle,solution,valid,rating,tier` (puzzle and solution in the text form
/// "samurai:ROW/.../ROW" solve reads back); JSON the same fields and `techniques`; text a heading,
/// the text form, then the figure. Throws InputError at --grade for an unknown grade, at
/// --allow-trial, at --grading other than techniques, at --symmetry other than rotational and at
/// --size other than 9x9. Returns kExitFailure when a puzzle is invalid.
int run_generate_samurai(const GenerateArgs& args, std::ostream& out, std::ostream& err);

/// Registers `puzzlepress generate` and its options with `app`; its run takes the parsed values.
Command add_generate(CLI::App& app);

}  // namespace puzzlepress::cli
