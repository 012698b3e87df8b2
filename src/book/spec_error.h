// SpecError: the one exception type of the book layer's spec loading. Its text always reads
// "FILE:LINE:COL: message" (line and column 1-based), ready for the CLI to print as is.
#pragma once

#include <stdexcept>
#include <string>

namespace puzzlepress::book {

/// A 1-based position in a text file.
struct Location {
  int line = 1;
  int column = 1;
};

class SpecError : public std::runtime_error {
 public:
  SpecError(const std::string& file, Location where, const std::string& message)
      : std::runtime_error(file + ":" + std::to_string(where.line) + ":" +
                           std::to_string(where.column) + ": " + message),
        file_(file),
        where_(where),
        message_(message) {}

  const std::string& file() const { return file_; }
  Location where() const { return where_; }
  /// The message without the "FILE:LINE:COL: " prefix.
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  Location where_;
  std::string message_;
};

}  // namespace puzzlepress::book
