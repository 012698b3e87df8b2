// Puzzles as `solve` and `grade` read them: arguments, and standard input read as a stream (line
// by line, every line bounded), so a huge or endless input costs a line's memory, not the input's.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine/shape.h"

namespace puzzlepress::cli {

/// Longest line read from standard input, bytes: a 16x16 board on one line with a space between
/// cells takes 511.
inline constexpr std::size_t kMaxPuzzleLineBytes = 4096;

/// Puzzles from lines, as they come: blocks separated by blank lines; a block of N lines of N
/// cells each is one puzzle (a board printed as N lines), for N = the size of `shape`, or
/// without a shape any of 4, 6, 8, 9, 12, 16 (so 16 lines of 16 cells are one 16x16 board, not
/// sixteen 4x4 puzzles: pass --size 4x4 for those). In any other block each line is a puzzle of
/// its own, so one bad line is reported alone. Once a line shows that its block is no board (its
/// cell count is no board's row, or differs from the rows before, or the rows outnumber their
/// cells) the block is let go line by line: at most 16 lines are ever held, and a file of
/// one-line puzzles is answered line by line.
class PuzzleSplitter {
 public:
  using Sink = std::function<void(std::string puzzle)>;
  PuzzleSplitter(std::optional<engine::Shape> shape, Sink sink) : shape_(shape), sink_(std::move(sink)) {}
  /// One line (without its newline; a trailing '\r' is dropped).
  void line(std::string text);
  /// The end of the input: the last block.
  void finish();

 private:
  void flush();
  std::optional<engine::Shape> shape_;
  Sink sink_;
  std::vector<std::string> block_;
  bool streaming_ = false;  ///< the block is past any board's size: each line is a puzzle
};

/// Every puzzle of `input` (PuzzleSplitter's rules), in order.
std::vector<std::string> split_puzzles(const std::string& input, std::optional<engine::Shape> shape = std::nullopt);

/// Hands every puzzle named on a command line to `each`, in order, as it is read: each argument
/// is one, except "-", which stands for every puzzle on standard input; no argument at all also
/// reads standard input. `each` gets the puzzle's 1-based number, its text, and whether there is
/// more than one puzzle (the first is held back until the second, or the end, tells). Throws
/// InputError for a line of standard input longer than kMaxPuzzleLineBytes ("standard input, line
/// 3: longer than 4096 bytes: no puzzle is that long") and when no puzzle is given at all
/// ("<command>: no puzzle given (pass PUZZLE or - for standard input)").
void for_each_puzzle(const std::string& command, const std::vector<std::string>& arguments, std::istream& in,
                     std::optional<engine::Shape> shape,
                     const std::function<void(std::size_t number, const std::string& puzzle, bool several)>& each);

}  // namespace puzzlepress::cli
