// `puzzlepress bench`: the generation table of the article the project started from, optionally
// side by side with the reference engine run in the same invocation, and solver throughput on
// a puzzle file.
#pragma once

#include <iosfwd>
#include <string>

namespace puzzlepress::cli {

struct BenchArgs {
  int boards = 200;            ///< boards per grade; board i uses seed i (1-based), as the reference
  std::string grade = "all";   ///< a grade name or "all"
  std::string grading = "both";  ///< clues | techniques | both: which generation tables
  std::string dataset;         ///< when set: measure the solvers over this puzzle file instead
  bool rate = false;           ///< with dataset: also grade every puzzle with the logic solver
  int column = 1;              ///< with rate: the rating column to correlate with (1 = the first
                               ///< field after the puzzle)
  std::string reference;       ///< path to seed-engine.mjs: also run `node FILE boards grade`
  std::string node = "node";   ///< the Node.js executable for --reference
};

/// Prints the table(s) to `out`. Timings are wall-clock on one thread; quote ratios, not times.
///
/// Generation: the clue-grading table is the reference engine's own measurement (same seeds,
/// same algorithm, ratings off); with --reference both run in this one invocation and the
/// ratios are printed. The technique-grading table shows per tier the time, digs and complete
/// solutions per board, the clue distribution and the mean rating.
///
/// Dataset (lines "PUZZLE [numbers...]", '.' or '0' empty): count-to-2 time per puzzle and the
/// unique/multiple/none counts; with --rate also the logic grader's boards per second, its tier
/// distribution and, when the lines carry numbers, the Spearman rank correlation of our rating
/// (and of our score, which breaks ties by the work a solve takes) with column --column.
///
/// Throws InputError for an unknown grade or grading or an unreadable dataset, EnvironmentError
/// for a failed reference run.
int run_bench(const BenchArgs& args, std::ostream& out);

}  // namespace puzzlepress::cli
