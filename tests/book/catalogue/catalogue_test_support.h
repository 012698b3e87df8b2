// What the catalogue suites share: the test support they use, and the names they write short
// (brought in with `using namespace puzzlepress::book::catalogue_tests;`).
#pragma once

#include <filesystem>

#include "support/command.h"
#include "support/errors.h"
#include "support/files.h"

namespace puzzlepress::book::catalogue_tests {

using puzzlepress::testing::error_kind_of;
using puzzlepress::testing::TempDir;
namespace fs = std::filesystem;

}  // namespace puzzlepress::book::catalogue_tests
