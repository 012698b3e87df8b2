// Exit codes of the puzzlepress command, and how errors map to them.
#pragma once

#include <exception>
#include <string>

namespace puzzlepress::cli {

/// Process exit codes. `solve` also uses the per-status codes below.
enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,  ///< the job could not be done (I/O, unwritable output, a failed check)
  kExitUsage = 2,    ///< bad command line or bad spec/input file: nothing was written
  // solve: one code per status; with several inputs, the largest code among them.
  kExitMultiple = 10,
  kExitNoSolution = 11,
  kExitInconsistent = 12,
  kExitMalformed = 13,
  kExitUnresolved = 14,
};

/// What the command line prints and returns for an exception that escaped a command — the one
/// place errors become exit codes (util/errors.h): InputError exits 2 (kExitUsage),
/// EnvironmentError and anything else exit 1 (kExitFailure). `message` is what() without the
/// "puzzlepress: " prefix the top level adds.
struct Failure {
  int exit_code;
  std::string message;
};
Failure describe_failure(const std::exception& error);

}  // namespace puzzlepress::cli
