#include "cli/verify_command.h"

#include <ostream>

#include "book/manifest/manifest.h"
#include "book/check/verify.h"
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
  if (problems.empty()) {
    out << "OK: " << manifest.puzzles.size() << (manifest.puzzles.size() == 1 ? " puzzle, " : " puzzles, ")
        << manifest.page_count << " pages\n";
    return kExitOk;
  }
  out << problems.size() << (problems.size() == 1 ? " problem" : " problems") << '\n';
  return kExitFailure;
}

}  // namespace puzzlepress::cli
