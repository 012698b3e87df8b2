#include "cli/exit_codes.h"

#include "util/errors.h"

namespace puzzlepress::cli {

Failure describe_failure(const std::exception& error) {
  if (dynamic_cast<const InputError*>(&error) != nullptr) return {kExitUsage, error.what()};
  return {kExitFailure, error.what()};
}

}  // namespace puzzlepress::cli
