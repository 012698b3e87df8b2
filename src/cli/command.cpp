#include "cli/command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <string>

#include "util/text.h"

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

void check_option_values(CLI::App& app) {
  // Validators with an empty description add nothing to --help.
  const CLI::Validator non_empty(
      [](std::string& value) { return value.empty() ? std::string("expected a value, got ''") : ""; }, "");
  const CLI::Validator jobs(
      [](std::string& value) {
        const bool digits = !value.empty() && value.size() <= 6 &&
                            std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (digits && std::stoi(value) <= kMaxJobs) return std::string();
        return "must be 0 (one thread per core) to " + std::to_string(kMaxJobs) + ", got '" + util::echo(value) + "'";
      },
      "");
  for (CLI::App* sub : app.get_subcommands({})) {
    for (CLI::Option* option : sub->get_options()) {
      if (option->get_type_size_max() <= 0) continue;  // a flag
      option->check(non_empty);
      if (option->check_name("--jobs")) option->check(jobs);
    }
  }
}

}  // namespace puzzlepress::cli
