// SpecError: an InputError (util/errors.h) at a position in a YAML file. Its text always reads
// "FILE:LINE:COL: message" (line and column 1-based), ready for the CLI to print as is.
#pragma once

#include <string>

#include "util/errors.h"

namespace puzzlepress::book {

/// A 1-based position in a text file.
struct Location {
  int line = 1;
  int column = 1;
  friend bool operator==(const Location&, const Location&) = default;
};

class SpecError : public InputError {
 public:
  SpecError(const std::string& file, Location where, const std::string& message)
      : InputError(Place::in_file(file, where.line, where.column), message), file_(file), where_(where) {}

  const std::string& file() const { return file_; }
  Location where() const { return where_; }

 private:
  std::string file_;
  Location where_;
};

}  // namespace puzzlepress::book
