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
  std::string dataset;         ///< when set: count-to-2 over every puzzle of this file instead
  std::string reference;       ///< path to seed-engine.mjs: also run `node FILE boards grade`
  std::string node = "node";   ///< the Node.js executable for --reference
};

/// Prints the table(s) to `out`. Timings are wall-clock on one thread; quote ratios, not times.
/// Throws CliError for an unknown grade, an unreadable dataset or a reference run that fails.
int run_bench(const BenchArgs& args, std::ostream& out);

}  // namespace puzzlepress::cli
