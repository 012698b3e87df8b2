// `puzzlepress init`: writes a commented starter spec (book/spec/starter_spec.h) that builds as it
// is, and `puzzlepress schema`: prints the spec's JSON Schema (book/spec/spec_schema.h).
#pragma once

#include "cli/command.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "book/spec/starter_spec.h"

namespace puzzlepress::cli {

struct InitArgs {
  std::string spec = "book.yaml";     ///< the file to write ("-": standard output); never overwritten
  std::optional<std::string> trim;    ///< --trim
  std::optional<std::string> layout;  ///< --layout: preset name or layout file (relative to here)
  bool kids = false;                  ///< --kids
  bool large_print = false;           ///< --large-print
  std::optional<std::uint32_t> seed;  ///< --seed; default: a random one
};

/// Writes the starter spec and says so on `out` (with spec "-": the spec on `out`, the summary on
/// `err`). Throws InputError (exit 2, nothing written) when the file exists ("book.yaml: already
/// exists; init never overwrites a file …"), when it is named .json or .pdf (build would refuse
/// it: its manifest or PDF would land on it), for a bad --trim or --layout (at the flag) or when
/// --kids and --large-print are both given; EnvironmentError when the file cannot be written.
int run_init(const InitArgs& args, std::ostream& out, std::ostream& err);

/// Prints the JSON Schema of a book spec.
int run_schema(std::ostream& out);

/// Where the shipped schema file is for an editor: "file:///…/puzzlepress.schema.json": the
/// installed copy beside the binary (bin/../share/puzzlepress), else the source tree's (a binary
/// run from its build tree), else where the install rule puts it.
std::string schema_reference();

/// Registers `puzzlepress init` and its options with `app`; its run takes the parsed values.
Command add_init(CLI::App& app);

/// Registers `puzzlepress schema` and its options with `app`; its run takes the parsed values.
Command add_schema(CLI::App& app);

}  // namespace puzzlepress::cli
