// The two exception types of puzzlepress, and the one convention every layer above the engine
// follows (the engine throws nothing of its own: it returns values).
//
//   InputError        the user's input is wrong: a spec value, a flag, a manifest field, a
//                     puzzle string. It carries the place (Place) and what was expected.
//                     The command line exits 2; nothing has been written.
//   EnvironmentError  the input is fine but the job could not be done: an unwritable folder,
//                     a full disk, a missing installation file (or, never expected, a generated
//                     puzzle failing its final check). The command line exits 1; nothing has
//                     been written (or an old output is left whole).
//
// Recoverable outcomes that are not errors of the run (a puzzle that does not parse in a
// list of many, a page that does not fit while trying sizes) are returned as values
// (util::Result or a result struct), never through out-parameters.
// The command line maps both types to messages and exit codes in one place
// (cli::describe_failure, cli/exit_codes.cpp).
#pragma once

#include <stdexcept>
#include <string>

namespace puzzlepress {

/// Where a bad input is, printed before its message: a position in a file
/// ("spec.yaml:3:7"), a command-line flag ("--trim"), or a file with a JSON path inside the
/// message ("book.json"). Empty when there is no better place than the message itself.
struct Place {
  std::string text;

  /// "FILE:LINE:COL" (1-based line and column).
  static Place in_file(const std::string& file, int line, int column) {
    return Place{file + ":" + std::to_string(line) + ":" + std::to_string(column)};
  }
  /// A command-line flag, e.g. "--trim".
  static Place flag(const std::string& name) { return Place{name, true}; }
  static Place file(const std::string& path) { return Place{path}; }

  bool is_flag = false;  ///< true when a flag, not the spec, gave the value at fault
  bool empty() const { return text.empty(); }
  friend bool operator==(const Place&, const Place&) = default;
};

/// Bad input. what() reads "PLACE: message" ("message" alone when the place is empty).
class InputError : public std::runtime_error {
 public:
  InputError(Place place, const std::string& message)
      : std::runtime_error(place.empty() ? message : place.text + ": " + message),
        place_(std::move(place)),
        message_(message) {}

  const Place& place() const { return place_; }
  /// The message without the place.
  const std::string& message() const { return message_; }

 private:
  Place place_;
  std::string message_;
};

/// The job cannot be done in this environment (I/O, missing installation files). what() is
/// one line naming the file at fault, e.g. "cannot write out/book.pdf: No space left on device".
class EnvironmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace puzzlepress
