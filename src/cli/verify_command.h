// `puzzlepress verify`: re-checks a book's manifest (and optionally its PDF) before upload.
#pragma once

#include "cli/command.h"

#include <iosfwd>
#include <string>

namespace puzzlepress::cli {

struct VerifyArgs {
  std::string manifest;  ///< BOOK.json
  std::string pdf;       ///< --pdf BOOK.pdf; empty = manifest only
  std::string cover;     ///< --cover BOOK-cover.pdf; empty = no cover check
};

/// Prints one line per problem (book::verify_manifest, then book::verify_pdf_file with --pdf —
/// the manifest's SHA-256, page count and sizes, fonts, preflight, every grid read back — then
/// book::verify_cover_file with --cover) and a
/// summary, "OK: 200 puzzles, 140 pages" or "3 problems" ("1 problem"), to `out`. Returns 0
/// when there is no problem, else 1. An unreadable or malformed manifest throws InputError
/// ("BOOK.json: malformed JSON at byte 12").
int run_verify(const VerifyArgs& args, std::ostream& out);

/// Registers `puzzlepress verify` and its options with `app`; its run takes the parsed values.
Command add_verify(CLI::App& app);

}  // namespace puzzlepress::cli
