#include "cli/verify_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <iostream>

#include <ostream>

#include "cli/command.h"
#include "book/manifest/manifest.h"
#include "book/check/verify.h"
#include "book/check/thumbnail.h"
#include "book/check/verify_pdf.h"
#include "cli/exit_codes.h"

namespace puzzlepress::cli {

int run_verify(const VerifyArgs& args, std::ostream& out) {
  const book::Manifest manifest = book::read_manifest_file(args.manifest);
  std::vector<std::string> problems = book::verify_manifest(manifest);
  if (!args.pdf.empty()) {
    const std::vector<std::string> pdf_problems = book::verify_pdf_file(manifest, args.pdf);
    problems.insert(problems.end(), pdf_problems.begin(), pdf_problems.end());
  }
  if (!args.cover.empty()) {
    const std::vector<std::string> cover_problems = book::verify_cover_file(manifest, args.cover);
    problems.insert(problems.end(), cover_problems.begin(), cover_problems.end());
  }
  for (const std::string& p : problems) out << p << '\n';
  // How the title reads in a search result: a report, and warnings that do not fail verify.
  if (const auto thumbnail = args.cover.empty() ? std::nullopt : book::cover_thumbnail_file(manifest, args.cover)) {
    out << thumbnail->summary << '\n';
    for (const std::string& w : thumbnail->warnings) out << "warning: " << w << '\n';
  }
  if (problems.empty()) {
    out << "OK: " << manifest.puzzles.size() << (manifest.puzzles.size() == 1 ? " puzzle, " : " puzzles, ")
        << manifest.page_count << " pages\n";
    return kExitOk;
  }
  out << problems.size() << (problems.size() == 1 ? " problem" : " problems") << '\n';
  return kExitFailure;
}

Command add_verify(CLI::App& app) {
  const auto args = std::make_shared<VerifyArgs>();
  auto* verify = app.add_subcommand("verify", "Re-check a book's manifest (and its PDF) before upload");
  verify->add_option("manifest", args->manifest, "The book's manifest (JSON)")->required();
  verify->add_option("--pdf", args->pdf,
                     "Also check this PDF: the one the manifest was written with, page count, sizes, fonts, every grid "
                     "read back and solved again, margins, print floors, annotations");
  verify->add_option("--cover", args->cover,
                     "Also check this cover PDF: size, trim and bleed boxes, nothing but the background (or your "
                     "barcode) in the barcode box, text in the safe "
                     "zones, fonts embedded");
  verify->footer("Exit codes: 0 no problem, 1 problems found, 2 unreadable manifest or bad usage.");
  return Command{verify, [args] { return run_verify(*args, std::cout); }};
}

}  // namespace puzzlepress::cli
