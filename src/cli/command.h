// A subcommand as the command line knows it: each command file registers its own with CLI11
// (add_<command>: its options bound to the values its run reads) and app.cpp runs the one the
// arguments chose. No CLI11 type but the App it is registered with appears here.
#pragma once

#include <functional>

#include "cli/progress.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace puzzlepress::cli {

struct Command {
  CLI::App* app = nullptr;   ///< the subcommand: true when the arguments chose it
  std::function<int()> run;  ///< runs it with the parsed values and returns the exit code; throws what
                             ///< describe_failure maps
};

/// --progress and --quiet on a long-running subcommand (read with mode() once parsed).
struct ProgressFlags {
  CLI::Option* progress = nullptr;
  CLI::Option* quiet = nullptr;
  /// progress_mode(--progress given, --quiet given) (cli/progress.h).
  ProgressMode mode() const;
};
ProgressFlags add_progress_flags(CLI::App& command);

/// Most generation threads a --jobs may ask for (0 = one per core).
inline constexpr int kMaxJobs = 1024;

/// Checks every option of `app`'s subcommands that takes a value: an empty value ('' would be
/// read as 0 or as no file) is "expected a value, got ''", and --jobs must be 0 to kMaxJobs.
/// The help texts do not change. Call once every subcommand is registered.
void check_option_values(CLI::App& app);

}  // namespace puzzlepress::cli
