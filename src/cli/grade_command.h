// `puzzlepress grade`: rates puzzles by the human techniques they need.
#pragma once

#include "cli/command.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace puzzlepress::cli {

struct GradeArgs {
  std::vector<std::string> puzzles;  ///< grid texts (grid.h); "-" (or none) reads standard input
  bool steps = false;                ///< explain the solve step by step
  std::string size;                  ///< "4x4" ... "16x16"; empty: from each puzzle's cell count
  std::string kind = "classic";      ///< classic | x | hyper | jigsaw: puzzles without a kind prefix
};

/// One line per puzzle: "TIER rating R: technique N, technique N, ..." (techniques in the
/// solver's order, easiest first), e.g.
///   medium rating 2.6: hidden single (box) 30, naked single 12, pointing 2
/// A board the logic solver cannot finish reads "evil rating 10.0 (needs trial): ...".
/// Every size is graded by its own tiers (logic.h: on 4x4 and 6x6 Medium starts within
/// the singles). With --steps, the numbered steps follow, one per line, indented:
///   1. r3c4 = 7: hidden single (box) in box 2       (16x16: "r12c3 = B: ...")
/// Puzzles must have exactly one solution; others get the solve command's line and exit code
/// ("multiple nodes=..." etc.). With several puzzles each line is prefixed "N: ".
/// Returns 0 when every puzzle was graded, else the largest solve status code.
int run_grade(const GradeArgs& args, std::istream& in, std::ostream& out);

/// Registers `puzzlepress grade` and its options with `app`; its run takes the parsed values.
Command add_grade(CLI::App& app);

}  // namespace puzzlepress::cli
