// What a test expects an input error to say.
#pragma once

#include <functional>
#include <string>

#include "util/errors.h"

namespace puzzlepress::testing {

/// What the InputError (a SpecError among them) thrown by `f` says, "PLACE: message"; "no error"
/// when `f` returns. Any other exception passes through.
inline std::string input_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

/// What `f` throws as "input|message" (InputError) or "environment|message" (EnvironmentError);
/// "no error" when `f` returns. Any other exception passes through.
inline std::string error_kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return std::string("input|") + e.what();
  } catch (const EnvironmentError& e) {
    return std::string("environment|") + e.what();
  }
  return "no error";
}

}  // namespace puzzlepress::testing
