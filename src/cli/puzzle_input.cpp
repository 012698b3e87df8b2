#include "cli/puzzle_input.h"

#include <algorithm>
#include <istream>
#include <streambuf>

#include "util/errors.h"

namespace puzzlepress::cli {
namespace {

int count_cells(const std::string& line) {
  return static_cast<int>(
      std::count_if(line.begin(), line.end(), [](char c) { return c != ' ' && c != '\t' && c != '\r'; }));
}

/// Reads `in` line by line into `splitter`; a line past kMaxPuzzleLineBytes throws at once.
void read_lines(std::istream& in, PuzzleSplitter& splitter) {
  std::streambuf* buffer = in.rdbuf();
  std::string line;
  std::size_t number = 1;
  bool any = false;  // bytes since the last newline
  for (int c = buffer->sbumpc(); c != std::char_traits<char>::eof(); c = buffer->sbumpc()) {
    if (c == '\n') {
      splitter.line(std::move(line));
      line.clear();
      any = false;
      ++number;
      continue;
    }
    any = true;
    if (line.size() == kMaxPuzzleLineBytes) {
      throw InputError(Place{}, "standard input, line " + std::to_string(number) + ": longer than " +
                                    std::to_string(kMaxPuzzleLineBytes) + " bytes: no puzzle is that long");
    }
    line += static_cast<char>(c);
  }
  if (any) splitter.line(std::move(line));
}

}  // namespace

void PuzzleSplitter::line(std::string text) {
  if (!text.empty() && text.back() == '\r') text.pop_back();
  const int cells = count_cells(text);
  if (cells == 0) return flush();
  if (streaming_) return sink_(std::move(text));
  // A board's row has N cells for a board size N, as many as the rows before it, and a board has
  // N rows: a line that breaks this makes the block lines, each a puzzle, answered at once.
  const bool row_size = shape_ ? cells == shape_->size() : engine::shape_for_cell_count(cells * cells).has_value();
  const bool same_rows = block_.empty() || cells == count_cells(block_.front());
  if (!row_size || !same_rows || block_.size() >= static_cast<std::size_t>(cells)) {
    streaming_ = true;
    for (std::string& held : block_) sink_(std::move(held));
    block_.clear();
    return sink_(std::move(text));
  }
  block_.push_back(std::move(text));
}

void PuzzleSplitter::finish() { flush(); }

void PuzzleSplitter::flush() {
  streaming_ = false;
  if (block_.empty()) return;
  const int n = static_cast<int>(block_.size());
  const bool board_size = shape_ ? shape_->size() == n : engine::shape_for_cell_count(n * n).has_value();
  const bool one_board = board_size && std::all_of(block_.begin(), block_.end(),
                                                   [n](const std::string& l) { return count_cells(l) == n; });
  if (one_board) {
    std::string joined;
    for (const std::string& l : block_) joined += l + "\n";
    sink_(std::move(joined));
  } else {
    for (std::string& l : block_) sink_(std::move(l));
  }
  block_.clear();
}

std::vector<std::string> split_puzzles(const std::string& input, std::optional<engine::Shape> shape) {
  std::vector<std::string> puzzles;
  PuzzleSplitter splitter(shape, [&](std::string p) { puzzles.push_back(std::move(p)); });
  std::size_t start = 0;
  while (start < input.size()) {
    const std::size_t end = std::min(input.find('\n', start), input.size());
    splitter.line(input.substr(start, end - start));
    start = end + 1;
  }
  splitter.finish();
  return puzzles;
}

void for_each_puzzle(const std::string& command, const std::vector<std::string>& arguments, std::istream& in,
                     std::optional<engine::Shape> shape,
                     const std::function<void(std::size_t number, const std::string& puzzle, bool several)>& each) {
  std::optional<std::string> first;  // held until a second puzzle or the end says how to number it
  std::size_t count = 0;
  const auto take = [&](std::string puzzle) {
    ++count;
    if (count == 1) {
      first = std::move(puzzle);
      return;
    }
    if (count == 2) each(1, *first, true);
    each(count, puzzle, true);
  };
  const auto read_stdin = [&] {
    PuzzleSplitter splitter(shape, take);
    read_lines(in, splitter);
    splitter.finish();
  };
  for (const std::string& argument : arguments) {
    if (argument == "-") {
      read_stdin();
    } else {
      take(argument);
    }
  }
  if (arguments.empty()) read_stdin();
  if (count == 0) throw InputError(Place{}, command + ": no puzzle given (pass PUZZLE or - for standard input)");
  if (count == 1) each(1, *first, false);
}

}  // namespace puzzlepress::cli
