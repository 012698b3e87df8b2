// The progress line long commands draw on standard error:
//   "puzzles 120/200 · easy 40/40 medium 40/40 hard 40/40 extreme 0/40 evil 0/40 · 52/s · ETA 2 s"
// It is fed by the engine's progress callback (engine::BatchProgress: done, total, item), so
// the engine stays pure; it only observes, and the puzzles are the same with or without it.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/batch_progress.h"

namespace puzzlepress::cli {

/// --progress / --quiet / neither.
enum class ProgressMode {
  automatic,  ///< draw when standard error is a terminal and the work takes over a second
  always,     ///< --progress: draw from the start, terminal or not
  never,      ///< --quiet
};

/// The mode from the two flags; both given is a usage error (InputError).
ProgressMode progress_mode(bool progress_flag, bool quiet_flag);

/// How long to stay silent before the first draw: 1 s (automatic), none (always).
std::chrono::milliseconds progress_delay(ProgressMode mode);

/// True when `mode` may draw on standard error (automatic: when it is a terminal).
bool progress_wanted(ProgressMode mode);

class ProgressLine {
 public:
  /// `groups[i]`: the label item i counts under ("easy", "6x6 medium"); items of one label
  /// should be contiguous. `delay`: how long to stay silent first (automatic mode: 1 s).
  ProgressLine(std::ostream& err, std::vector<std::string> groups, std::chrono::milliseconds delay);
  /// Ends the line, so that an error printed after a failed job starts on a line of its own.
  ~ProgressLine() { finish(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// The engine callback: counts the item and redraws at most every 100 ms (and at the end).
  engine::BatchProgress callback();

  /// Ends the line (a newline) when something was drawn.
  void finish();

  /// Test-only as a public member (the redraw calls it): the line for `done` of the items,
  /// `elapsed` seconds in.
  std::string line(std::size_t done, double elapsed_s) const;

 private:
  void tick(std::size_t done, std::size_t total, std::size_t item);

  std::ostream& err_;
  std::vector<std::string> groups_;
  std::vector<std::string> labels_;    ///< distinct group labels, first-seen order
  std::vector<std::size_t> group_of_;  ///< item -> index in labels_
  std::vector<std::size_t> totals_;    ///< per label
  std::vector<std::size_t> done_;      ///< per label
  std::chrono::milliseconds delay_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_{};
  bool drawn_ = false;
};

}  // namespace puzzlepress::cli
