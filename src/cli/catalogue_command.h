// `puzzlepress catalogue add|check|find|list|remove|stats`: the publisher's catalogue of books and their
// puzzles (book/catalogue/catalogue.h), read and added to outside a build.
#pragma once

#include "cli/command.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace puzzlepress::cli {

struct CatalogueArgs {
  std::string action;                  ///< add | check | find | list | remove | stats
  std::string catalogue;               ///< --catalogue: the file or postgresql:// address
  bool json = false;                   ///< --json
  std::vector<std::string> manifests;  ///< add: the manifests of books built before
  std::string target;                  ///< check: a spec or a manifest (.json)
  std::string puzzle;                  ///< find: a puzzle's text (engine/grid.h), any size
  int jobs = 0;                        ///< check SPEC: generation threads
  std::string title;                   ///< remove: the book's title, as list prints it
  std::optional<std::string> edition;  ///< remove --edition: that edition only (else every one)
  std::optional<std::uint32_t> seed;   ///< remove --seed: the book of that seed
  bool dry_run = false;                ///< remove --dry-run: tell, change nothing
};

/// Runs one action; returns the exit code. There is no default catalogue: --catalogue names it
/// (check SPEC may take the spec's `catalogue:` instead), so no book depends on a file nobody named.
///   add     registers each manifest's book (its own entries replaced); prints a warning line for
///           each puzzle another book holds (the books are printed already: they are recorded as
///           they are). Exit 0.
///   check   the puzzles of a spec (made as build makes them, no file written) or a manifest
///           that other books hold, with number and page on both sides; exit 1 when any.
///   find    which books hold this puzzle or one equivalent to it (rotated, mirrored,
///           relabelled); exit 1 when none.
///   list    every book with its puzzle count.
///   remove  takes a book's editions (or one, --edition) and their puzzles out in one writing
///           transaction (waiting as add does), freeing the puzzles for other books; prints
///           each edition removed. No such book: exit 1, naming titles near it; a title of
///           several seeds without --seed: exit 2 (InputError). --dry-run only tells.
///   stats   puzzles per kind, size and grade; books; clashes build avoided.
/// With --json each prints one JSON document instead. Throws InputError (exit 2) for bad input
/// (at its flag or file) and the store's errors (catalogue_store.h).
int run_catalogue(const CatalogueArgs& args, std::ostream& out, std::ostream& err);

/// How long a command that writes to a catalogue (build, catalogue add) waits for another's
/// hold on it: PUZZLEPRESS_CATALOGUE_WAIT_MS (milliseconds; 0: it does not wait, on SQLite and
/// PostgreSQL alike), else 30 s. Throws InputError at the variable for a value that is no whole
/// number of milliseconds from 0 to 86400000.
int catalogue_wait_ms();

/// Whether `path` names a manifest rather than a spec: a ".json" extension in any case, else
/// (no ".yaml"/".yml" extension) a file whose first non-blank character is '{'.
bool names_manifest(const std::string& path);

/// `catalogue remove` (catalogue_remove.cpp), as run_catalogue describes it.
int run_catalogue_remove(const CatalogueArgs& args, std::ostream& out, std::ostream& err);

/// Registers `puzzlepress catalogue` and its actions with `app`.
Command add_catalogue(CLI::App& app);

}  // namespace puzzlepress::cli
