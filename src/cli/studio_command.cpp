#include "cli/studio_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <iostream>

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <ctime>
#include <ostream>
#include <thread>

#include "cli/command.h"
#include "book/studio/studio_session.h"
#include "book/catalogue/catalogue_build.h"
#include "cli/build_command.h"
#include "cli/catalogue_command.h"
#include "cli/exit_codes.h"
#include "cli/studio_server.h"
#include "util/errors.h"
#include "util/text.h"

namespace puzzlepress::cli {

int run_studio(const StudioArgs& args, std::ostream& out) {
  const std::string spec = args.spec.empty() ? "book.yaml" : args.spec;
  book::StudioSession session(spec, resources(), PUZZLEPRESS_VERSION, args.jobs);
  // A spec's catalogue is read (never written) to show the puzzles `build` would place.
  session.set_puzzle_chooser([](book::BookSpec& chosen, const book::BuildSettings& settings) {
    book::choose_catalogue_puzzles(chosen, settings, catalogue_wait_ms());
  });
  StudioServer server(session);
  const std::string host = args.host.value_or("127.0.0.1");
  if (host.empty() || host.find_first_of(" /\t") != std::string::npos) {
    throw InputError(Place::flag("--host"),
                     "expected an address of this machine (127.0.0.1, ::1, a host name, or "
                     "0.0.0.0 for every address), got '" +
                         util::echo(host) + "'");
  }
  const int port = server.bind(host, args.port);

  // SIGINT and SIGTERM go to one waiting thread (every other thread blocks them), which stops
  // the server: requests under way finish (a build writes all its files or none) before exit.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigset_t previous;
  pthread_sigmask(SIG_BLOCK, &stop_signals, &previous);
  std::atomic<bool> done{false};
  std::thread waiter([&] {
    const timespec tick{0, 100'000'000};
    while (!done) {
      if (sigtimedwait(&stop_signals, nullptr, &tick) > 0) {
        server.stop();
        return;
      }
    }
  });

  std::error_code error;
  out << "puzzlepress studio: editing " << spec
      << (std::filesystem::exists(spec, error) ? "" : " (new; Save creates it)") << " in " << session.folder().string()
      << '\n';
  if (args.host && host != "127.0.0.1" && host != "localhost" && host != "::1") {
    out << "warning: serving on " << host << ": anyone who can reach this address can read and change the files in "
        << session.folder().string() << '\n';
  }
  if (is_wildcard_address(host)) {
    out << "warning: on every address the studio cannot check the Host header, so a web page can reach it through "
           "DNS rebinding; serve on one address instead\n";
  }
  const bool ipv6 = host.find(':') != std::string::npos;
  out << "open http://" << (ipv6 ? "[" + host + "]" : host) << ":" << port << "/ in a browser (Ctrl-C stops)"
      << std::endl;
  server.serve();
  done = true;
  waiter.join();
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  out << "studio stopped" << std::endl;
  return kExitOk;
}

Command add_studio(CLI::App& app) {
  const auto args = std::make_shared<StudioArgs>();
  auto* studio = app.add_subcommand("studio", "Edit a book spec in the browser with a live preview (a local web page)");
  studio->add_option("spec", args->spec, "The book spec (YAML) to edit; default book.yaml here, created on Save");
  studio->add_option("--port", args->port, "Port to serve on (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  studio->add_option("--host", args->host,
                     "Address to serve on (default 127.0.0.1: this machine only; others can change your files)");
  studio->add_option("--jobs", args->jobs, "Generation threads (0 = all cores)")->capture_default_str();
  return Command{studio, [args] { return run_studio(*args, std::cout); }};
}

}  // namespace puzzlepress::cli
