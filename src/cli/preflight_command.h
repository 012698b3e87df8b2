// `puzzlepress preflight FILE.pdf --trim 6x9 [--bleed]`: KDP's print rules checked on any
// interior PDF, ours or not (book/check/preflight.h).
#pragma once

#include "cli/command.h"

#include <iosfwd>
#include <string>

namespace puzzlepress::cli {

struct PreflightArgs {
  std::string pdf;              ///< the interior PDF
  std::string trim;             ///< --trim: a KDP trim or custom size (book/kdp/trim.h)
  bool bleed = false;           ///< --bleed
  std::string paper = "white";  ///< --paper white|cream: KDP's page-count limit
};

/// Prints one line per problem (book::preflight) and a summary, "OK: 140 pages pass KDP's
/// preflight for 6x9" (" with bleed") or "3 problems" ("1 problem"), to `out`. Returns 0 when
/// every check passes, else 1. Throws InputError (exit 2) for a bad --trim or --paper (at the
/// flag), and for a file that is not a readable PDF: "FILE: cannot read the PDF: is not a
/// regular file" (util::read_regular_file's reasons; at most book::kMaxPdfBytes), "FILE: not a
/// readable PDF: <qpdf's reason>", "FILE: not a readable PDF: encrypted with a password: cannot
/// read its pages".
int run_preflight(const PreflightArgs& args, std::ostream& out);

/// Registers `puzzlepress preflight` and its options with `app`; its run takes the parsed values.
Command add_preflight(CLI::App& app);

}  // namespace puzzlepress::cli
