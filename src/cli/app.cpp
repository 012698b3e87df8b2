#include "cli/app.h"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <vector>

#include "cli/bench_command.h"
#include "cli/build_command.h"
#include "cli/catalogue_command.h"
#include "cli/command.h"
#include "cli/exit_codes.h"
#include "cli/generate_command.h"
#include "cli/grade_command.h"
#include "cli/init_command.h"
#include "cli/preflight_command.h"
#include "cli/preview_command.h"
#include "cli/sample_command.h"
#include "cli/solve_command.h"
#include "cli/studio_command.h"
#include "cli/verify_command.h"
#include "cli/version.h"
#include "util/errors.h"
#include "util/outputs.h"
#include "util/text.h"

namespace puzzlepress::cli {

int run(int argc, char** argv) {
  CLI::App app{"puzzlepress: print-ready sudoku books for Amazon KDP"};
  app.set_version_flag(
      "--version",
      [] {
        std::string text = version_text(CLI11_VERSION);
        text.pop_back();  // CLI11 adds the last newline
        return text;
      },
      "Print the version and the versions of the libraries it uses");
  app.require_subcommand(1);
  // In the order `--help` lists them.
  const std::vector<Command> commands = {add_build(app),    add_solve(app),  add_grade(app),   add_generate(app),
                                         add_bench(app),    add_sample(app), add_preview(app), add_verify(app),
                                         add_studio(app),   add_init(app),   add_schema(app),  add_preflight(app),
                                         add_catalogue(app)};
  check_option_values(app);

  // CLI11 answers a mistyped command with "A subcommand is required": name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    const std::string word = argv[1];
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands({})) {
      found = found || sub->get_name() == word;
      known += (known.empty() ? "" : ", ") + sub->get_name();
    }
    if (!found) {
      std::cerr << "puzzlepress: unknown command '" << util::echo(word) << "' (expected one of: " << known
                << ")\n(run 'puzzlepress --help' for usage)\n";
      return kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "puzzlepress: " << e.what() << "\n(run 'puzzlepress --help' for usage)\n";
    return kExitUsage;
  }

  // The one place errors become messages and exit codes (describe_failure).
  try {
    util::install_signal_cleanup();
    for (const Command& command : commands) {
      if (*command.app) return command.run();
    }
  } catch (const std::exception& e) {
    const Failure failure = describe_failure(e);
    std::cout.flush();
    std::cerr << "puzzlepress: " << failure.message << '\n';
    return failure.exit_code;
  }
  return kExitUsage;
}

}  // namespace puzzlepress::cli
