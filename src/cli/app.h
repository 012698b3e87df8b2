// The puzzlepress command line: parses arguments, runs one command, maps errors to exit codes.
#pragma once

namespace puzzlepress::cli {

/// Runs the command line and returns the process exit code. Never throws.
int run(int argc, char** argv);

}  // namespace puzzlepress::cli
