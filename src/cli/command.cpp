#include "cli/command.h"

#include <CLI/CLI.hpp>

#include <string>

namespace puzzlepress::cli {

ProgressMode ProgressFlags::mode() const { return progress_mode(progress->count() > 0, quiet->count() > 0); }

ProgressFlags add_progress_flags(CLI::App& command) {
  const std::string progress_help = "Draw the progress line on stderr even when it is not a terminal";
  const std::string quiet_help = "Draw no progress line (by default: on a terminal, after a second)";
  auto* progress = command.add_flag("--progress", progress_help);
  auto* quiet = command.add_flag("--quiet", quiet_help);
  progress->excludes(quiet);
  return ProgressFlags{progress, quiet};
}

}  // namespace puzzlepress::cli
