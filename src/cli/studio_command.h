// `puzzlepress studio [SPEC.yaml] [--port 8321] [--host H]`: edits a book spec in the browser
// with a live preview (cli/studio_server.h serves it; book/studio/studio_session.h does the work).
#pragma once

#include "cli/command.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace puzzlepress::cli {

struct StudioArgs {
  std::string spec;                 ///< the spec to edit; default book.yaml here (made on Save)
  int port = 8321;                  ///< 0: any free port (printed)
  std::optional<std::string> host;  ///< unset: 127.0.0.1 only
  int jobs = 0;                     ///< generation threads; 0 = all cores
};

/// Prints the address to open on `out`, serves until SIGINT or SIGTERM, then prints "studio
/// stopped" and returns kExitOk. Throws InputError for a bad spec path and EnvironmentError when
/// the address cannot be bound.
int run_studio(const StudioArgs& args, std::ostream& out);

/// Registers `puzzlepress studio` and its options with `app`; its run takes the parsed values.
Command add_studio(CLI::App& app);

}  // namespace puzzlepress::cli
