#include "cli/preflight_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <iostream>

#include <ostream>

#include "cli/command.h"
#include "book/check/pdf_scan.h"
#include "book/check/preflight.h"
#include "book/kdp/trim.h"
#include "cli/exit_codes.h"
#include "util/errors.h"

namespace puzzlepress::cli {

int run_preflight(const PreflightArgs& args, std::ostream& out) {
  const book::TrimResult trim = book::parse_trim(args.trim);
  if (!trim.trim) throw InputError(Place::flag("--trim"), trim.error);
  const std::optional<book::Paper> paper = book::parse_paper(args.paper);
  if (!paper) throw InputError(Place::flag("--paper"), "expected white or cream, got '" + args.paper + "'");
  const util::Result<std::string> bytes = book::read_pdf_file(args.pdf);
  if (!bytes) throw InputError(Place::file(args.pdf), "cannot read the PDF: " + bytes.error());
  const util::Result<book::PdfScan> scan = book::scan_pdf(*bytes);
  if (!scan) throw InputError(Place::file(args.pdf), "not a readable PDF: " + scan.error());
  const std::vector<std::string> problems = book::preflight(*scan, {*trim.trim, args.bleed, *paper});
  for (const std::string& p : problems) out << p << '\n';
  if (problems.empty()) {
    out << "OK: " << scan->pages.size() << (scan->pages.size() == 1 ? " page passes" : " pages pass")
        << " KDP's preflight for " << args.trim << (args.bleed ? " with bleed" : "") << '\n';
    return kExitOk;
  }
  out << problems.size() << (problems.size() == 1 ? " problem" : " problems") << '\n';
  return kExitFailure;
}

Command add_preflight(CLI::App& app) {
  const auto args = std::make_shared<PreflightArgs>();
  auto* preflight = app.add_subcommand("preflight",
                                       "Check any interior PDF against KDP's print rules (margins, print floors, "
                                       "fonts, pages, encryption, annotations)");
  preflight->add_option("pdf", args->pdf, "The interior PDF")->required();
  preflight->add_option("--trim", args->trim, "Its trim, e.g. 6x9, 8.5x11, A4, '150x220 mm'")->required();
  preflight->add_flag("--bleed", args->bleed, "Pages printed with bleed (0.125 in on the outside, top and bottom)");
  preflight->add_option("--paper", args->paper, "white (default) or cream: KDP's page-count limit");
  preflight->footer(
      "Exit codes: 0 every check passes, 1 problems found (one line each), 2 not a readable PDF or bad usage.");
  return Command{preflight, [args] { return run_preflight(*args, std::cout); }};
}

}  // namespace puzzlepress::cli
