// Where tests find their data: tests/data (always present) and ../shared/data (optional).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace puzzlepress::testing {

/// tests/data in the source tree.
std::filesystem::path test_data_dir();

/// The read-only shared data sets (../shared/data beside the checkout, or $PUZZLEPRESS_SHARED_DATA).
/// nullopt when absent: a user's clone has none, and tests that need it skip.
std::optional<std::filesystem::path> shared_data_dir();

/// Lines of a text file, without line endings; empty lines dropped.
std::vector<std::string> read_lines(const std::filesystem::path& file);

}  // namespace puzzlepress::testing
