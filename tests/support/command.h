// Running commands from tests: the few end-to-end tests that run the puzzlepress binary on
// purpose, and the poppler tools that check its PDFs.
#pragma once

#include <filesystem>
#include <string>

namespace puzzlepress::testing {

struct CommandRun {
  int exit_code;       ///< -1 when the command did not exit normally
  std::string output;  ///< standard output and standard error together
  friend bool operator==(const CommandRun&, const CommandRun&) = default;
};

/// Runs `command` with /bin/sh.
CommandRun run_shell(const std::string& command);

/// `path` quoted for /bin/sh: between single quotes, a single quote inside written '\''.
std::string shell_quoted(const std::filesystem::path& path);

/// True when `tool` is on the PATH.
bool have_tool(const std::string& tool);

#ifdef PUZZLEPRESS_BINARY  // defined for every test suite (tests/CMakeLists.txt)
/// Runs the puzzlepress binary under test with `arguments` (shell syntax).
inline CommandRun run_puzzlepress(const std::string& arguments) {
  return run_shell(std::string("'") + PUZZLEPRESS_BINARY + "' " + arguments);
}
#endif

}  // namespace puzzlepress::testing
