// `puzzlepress build`: a YAML book spec becomes the interior PDF, its JSON manifest and, when
// the spec has a cover: key, the full-wrap cover PDF.
#pragma once

#include "cli/command.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "book/make/build.h"
#include "cli/progress.h"

namespace puzzlepress::cli {

struct BuildArgs {
  std::string spec;                             ///< path to the YAML spec
  std::string output;                           ///< PDF path; default: the spec's name with .pdf, here
  std::string manifest;                         ///< default: the PDF's path with .json
  std::string cover;                            ///< cover PDF (spec with cover:); default <pdf stem>-cover.pdf
  std::optional<std::string> trim;              ///< re-export at another trim: same puzzles, new geometry
  std::optional<bool> bleed;                    ///< --bleed / --no-bleed
  std::optional<std::string> layout;            ///< preset name or layout file (relative to here)
  std::optional<std::string> grading;           ///< techniques | clues: overrides the spec (new puzzles)
  bool allow_trial = false;                     ///< --allow-trial: overrides the spec's allow_trial: false
  int jobs = 0;                                 ///< generation threads; 0 = all cores
  ProgressMode progress = ProgressMode::never;  ///< the progress line on `err`
  bool json = false;                            ///< --json: the summary as JSON on `out`
  std::string catalogue;                        ///< --catalogue: overrides the spec's `catalogue:`
  int volume = 0;                               ///< one volume of `--volumes` (book::set_volume); 0: the spec's
  std::string volumes;                          ///< --volumes "1-12" or "3": build these volumes in turn
};

/// The progress line's label for each puzzle of `spec`, book order: its grade, with its size
/// first when the book has sizes other than 9x9 ("6x6 easy").
std::vector<std::string> progress_groups(const book::BookSpec& spec);

/// Builds the book and prints a summary to `out` (text, or with `json` one JSON object:
/// {"pdf", "manifest", "pages", "trim", "bleed", "layout", "puzzles", "sections": [{"size",
/// "grade", "count", "clues_min", "clues_max"}], "cover": {...} or null, "seconds",
/// "peak_memory_mib", and with a catalogue "catalogue": {"name", "registered", "replaced"}}).
/// With a catalogue (the spec's `catalogue:` or --catalogue) the book is made and registered by
/// book::build_into_catalogue: no puzzle another book holds, entries committed just before the
/// files are renamed into place (catalogue_build.h says what an interruption leaves).
/// Throws InputError for a bad spec or flag
/// ("FILE:LINE:COL: ..." or "--trim: ..."), EnvironmentError when the book cannot be made or
/// written (nothing is left behind then).
int run_build(const BuildArgs& args, std::ostream& out, std::ostream& err);

/// `build --volumes A-B`: run_build for each volume in turn (BuildArgs::volume), each PDF named
/// after the spec (or -o) with "-volN" before its extension, its manifest and cover after the PDF.
/// Throws InputError at --volumes for a range that is not "N" or "A-B" within 1-999 (at most 100
/// volumes), or with --manifest or --cover (each volume's are named after its PDF).
int run_build_volumes(const BuildArgs& args, std::ostream& out, std::ostream& err);

/// The program's own files: built in (book/text/resources.h); when $PUZZLEPRESS_HOME is set, a file
/// in its layouts/ or fonts/ folder overrides the built-in one of the same name.
/// Throws EnvironmentError (exit 1) when $PUZZLEPRESS_HOME is set but is not a folder:
/// "PUZZLEPRESS_HOME=/x is not a folder (...)", never a spec error.
book::Resources resources();

/// Registers `puzzlepress build` and its options with `app`; its run takes the parsed values.
Command add_build(CLI::App& app);

}  // namespace puzzlepress::cli
