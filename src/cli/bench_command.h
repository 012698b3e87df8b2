// `puzzlepress bench`: the generation table of the article the project started from, optionally
// side by side with the reference engine run in the same invocation, and solver throughput on
// a puzzle file.
#pragma once

#include "cli/command.h"

#include <iosfwd>
#include <string>

namespace puzzlepress::cli {

struct BenchArgs {
  int boards = 200;              ///< boards per grade; board i uses seed i (1-based), as the reference
  std::string grade = "all";     ///< a grade name or "all"
  std::string grading = "both";  ///< clues | techniques | both: which generation tables
  std::string dataset;           ///< when set: measure the solvers over this puzzle file instead
  bool rate = false;             ///< with dataset: also grade every puzzle with the logic solver
  int column = 1;                ///< with rate: the rating column to correlate with (1 = the first
                                 ///< field after the puzzle)
  int rounds = 1;                ///< with dataset: count-to-2 passes; the best time is reported
  std::string compare;           ///< with dataset: a shell command run as `COMMAND 'DATASET'` after
                                 ///< each pass of ours, side by side (see run_bench)
  bool cpu_time = false;         ///< with dataset: time passes with this thread's CPU clock
  std::string reference;         ///< path to seed-engine.mjs: also run `node FILE boards grade`
  std::string node = "node";     ///< the Node.js executable for --reference
  std::string preview;           ///< when set: time previews of this spec instead (bench_preview.cpp)
  std::string size;              ///< "" or 9x9: the 9x9 tables; another size or "all": the general
                                 ///< tables (bench_sizes.cpp)
  std::string book;              ///< a book spec: time `puzzlepress build BOOK` beside
                                 ///< `node REFERENCE BOARDS`, --rounds times (bench_book.cpp)
  std::string program;           ///< with book: the puzzlepress to run ("" = this executable)
  std::string kind;              ///< x | hyper | jigsaw | all: variant generation beside classic
                                 ///< (killer: killer generation per size, bench_killer.cpp)
                                 ///< generation of the same size (bench_kinds.cpp)
  std::string against_node;      ///< with kind killer: a folder holding node_modules/killer-sudoku-generator
                                 ///< (or the package itself), run with --node side by side
                                 ///< (bench_killer.cpp)
  std::string against;           ///< another puzzlepress to time side by side with this one
                                 ///< (bench_against.cpp): book builds or generation per tier
  bool canonical = false;        ///< time canonical forms of 9x9 puzzles beside generation
                                 ///< (bench_canonical.cpp)
};

/// Prints the table(s) to `out`. Timings are wall-clock on one thread; quote ratios, not times.
///
/// Generation: the clue-grading table is the reference engine's own measurement (same seeds,
/// same algorithm, ratings off); with --reference both run in this one invocation and the
/// ratios are printed. The technique-grading table shows per tier the time, digs and complete
/// solutions per board, the clue distribution and the mean rating.
///
/// Dataset (lines "PUZZLE [numbers...]", '.' or '0' empty): count-to-2 time per puzzle (the best
/// of --rounds passes; wall clock, or this thread's CPU time with --cpu-time, steadier on a busy
/// machine) and the unique/multiple/none counts. With --compare COMMAND, the shell runs
/// `COMMAND 'DATASET'` after each pass; the first line of its standard output must start with
/// its own microseconds per puzzle (measured the same way: it is trusted), optionally followed
/// by its unique, multiple and none counts, which must then equal ours. Its best time is
/// printed beside ours with the ratio ours / theirs. With --rate also the logic grader's boards per second, its tier
/// distribution and, when the lines carry numbers, the Spearman rank correlation of our rating
/// (and of our score, which breaks ties by the work a solve takes) with column --column.
///
/// Sizes (--size 4x4 ... 16x16, or all): per size, grading and tier, generation through
/// generate: wall and thread-CPU mean and p95 per puzzle, digs and solutions per board,
/// valid, proven unique (a count-to-2 run again outside the timing), mean rating, clues.
///
/// Preview (--preview SPEC): the spec's text to PNG bytes of its first puzzle page (150 dpi) and
/// of its cover, cold (puzzles generated) and warm (puzzles cached, the best and median of
/// --rounds, default 10), beside the SVG and the PDF (libharu) of the same page, on one thread.
/// Book (--book SPEC --reference FILE [--rounds N] [--boards B]): each round runs
/// `node FILE B` (the reference's generation of 5 x B clue-graded boards, one thread), then
/// `puzzlepress build SPEC` into a temporary folder (all cores), as child processes, and prints
/// for each its wall time and CPU time (user + system), the ratios reference / ours, and the
/// medians over the rounds.
///
/// Against (--against PROGRAM, with --book SPEC or the generation options --grading, --size,
/// --grade, --boards): each of --rounds rounds runs PROGRAM and this program as child processes
/// (`build SPEC`, or `generate --size S --grade G --grading X --count B --seed 1 --jobs 1` per
/// size, grading and grade), swapping which goes first each round, and prints their CPU and
/// wall medians, the ratio PROGRAM / ours, and whether both wrote the same bytes.
///
/// Canonical (--canonical [--boards B] [--rounds R]): B 9x9 puzzles generated on one thread
/// (seeds 1..B, the grades in turn), their generation speed as the anchor, then canonical forms of
/// the same puzzles (50 passes a round, the best of R rounds) and canonical solutions per second.
///
/// Killer (--kind killer [--size 6x6|9x9] [--grade G] [--boards B] [--against-node DIR]): per size
/// (both by default) and tier (those engine::killer_offers_grade, or G) mean, p95 and max CPU ms
/// per generated killer aimed at the tier (seeds 1..B, one thread), valid, unique and cages a
/// puzzle; with DIR, `node DRIVER DIR B` runs killer-sudoku-generator's four
/// difficulties (B puzzles each, its own CPU time per puzzle, trusted), its givens, our solve's
/// status for each of its puzzles in our text form, and the ratio its expert / our hardest 9x9
/// tier. The other modes' flags are refused.
///
/// Throws InputError for an unknown grade, grading or size or an unreadable dataset,
/// EnvironmentError for a failed reference run.
int run_bench(const BenchArgs& args, std::ostream& out);

/// Registers `puzzlepress bench` and its options with `app`; its run takes the parsed values.
Command add_bench(CLI::App& app);

}  // namespace puzzlepress::cli
