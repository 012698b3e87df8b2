// Fixtures for the suites that link puzzlepress_cli (header only: the support library links no
// cli): what the command line reports for a command's failure.
#pragma once

#include <doctest/doctest.h>

#include <exception>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

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

/// The rows of `generate`'s CSV output `text` after its header (checked), each cut into its fields.
inline std::vector<std::vector<std::string>> generate_csv_rows(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  CHECK(line == "seed,grade,clues,givens,solution,valid,rating,tier");
  std::vector<std::vector<std::string>> rows;
  while (std::getline(lines, line)) {
    std::vector<std::string>& fields = rows.emplace_back();
    std::istringstream cells(line);
    for (std::string field; std::getline(cells, field, ',');) fields.push_back(field);
  }
  return rows;
}

}  // namespace puzzlepress::testing
