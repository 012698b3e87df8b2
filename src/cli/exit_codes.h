// Exit codes of the puzzlepress command, and the one exception type commands throw.
#pragma once

#include <stdexcept>
#include <string>

namespace puzzlepress::cli {

/// Process exit codes. `solve` also uses the per-status codes below.
enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,     ///< the job could not be done (I/O, unwritable output, a failed check)
  kExitUsage = 2,       ///< bad command line or bad spec/input file: nothing was written
  // solve: one code per status; with several inputs, the largest code among them.
  kExitMultiple = 10,
  kExitNoSolution = 11,
  kExitInconsistent = 12,
  kExitMalformed = 13,
  kExitUnresolved = 14,
};

/// "Print this message and exit with this code." The message is one line, without the
/// "puzzlepress: " prefix, which the top level adds.
class CliError : public std::runtime_error {
 public:
  CliError(int exit_code, const std::string& message)
      : std::runtime_error(message), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

}  // namespace puzzlepress::cli
