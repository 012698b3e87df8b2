#include "cli/preflight_command.h"

#include <ostream>

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

}  // namespace puzzlepress::cli
