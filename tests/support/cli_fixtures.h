// Fixtures for the suites that link puzzlepress_cli (header only: the support library links no
// cli): what the command line reports for a command's failure.
#pragma once

#include <exception>
#include <functional>
#include <string>

#include "cli/exit_codes.h"

namespace puzzlepress::testing {

/// What the command line reports for the exception `f` throws (cli::describe_failure): "EXIT|
/// message", e.g. "2|--count: must be 1-600, got 0"; "no error" when `f` returns.
inline std::string failure_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    const cli::Failure failure = cli::describe_failure(e);
    return std::to_string(failure.exit_code) + "|" + failure.message;
  }
  return "no error";
}

}  // namespace puzzlepress::testing
