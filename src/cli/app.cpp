#include "cli/app.h"

#include <CLI/CLI.hpp>
#include <iostream>

namespace puzzlepress::cli {

int run(int argc, char** argv) {
  CLI::App app{"puzzlepress: print-ready sudoku books for Amazon KDP"};
  app.set_version_flag("--version", std::string("puzzlepress ") + PUZZLEPRESS_VERSION);
  CLI11_PARSE(app, argc, argv);
  return 0;
}

}  // namespace puzzlepress::cli
