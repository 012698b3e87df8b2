// `build` with a catalogue: the book never places a puzzle (or, with unique_by: solution, a
// solution grid) that another book of the catalogue holds, and is registered in the same step
// that lets its files land.
#pragma once

#include <string>
#include <vector>

#include "book/catalogue/catalogue.h"
#include "book/make/build.h"

namespace puzzlepress::book {

struct CatalogueBuild {
  Book book;                            ///< as make_book made it (its PDF taken by the writing)
  std::vector<CatalogueClash> avoided;  ///< every clash met and replaced, in the order met
  int replaced = 0;                     ///< puzzles replaced (a puzzle two books hold clashes twice)
  int rounds = 1;                       ///< books made (1: nothing clashed)
  std::string catalogue;                ///< the catalogue's name
};

/// Makes the book (make_book), and while a puzzle of it clashes with another book of the
/// catalogue (find_clashes), replaces that puzzle with its next attempt (BookSpec::replaced:
/// attempt 1, 2, … until one clashes with nothing) and makes the book again. So the same
/// catalogue and spec give the same book, and a book's own entries never count against it.
/// Then, in one write transaction (which waits for another build's), checks once more (a build
/// that registered meanwhile sends it round again), replaces the book's entries and writes the
/// files, committing after every file is staged and before any is renamed: a failure before the
/// commit leaves neither the files nor the entries (the transaction rolled back; a new catalogue
/// file removed again when nothing was registered); a kill between the commit and the last
/// rename leaves entries without (all) their files — no puzzle printed twice, and rebuilding the
/// book repairs it, its own entries never counting against it. `spec_sha256`: of the spec's
/// bytes. Throws as make_book and write_book do, the store's errors (catalogue_store.h), and
/// EnvironmentError when a puzzle finds no replacement in 50 attempts.
/// Checks, before any work, that the catalogue file `spec` names can be made or used: the file,
/// when it exists, is a regular one; else it is no symbolic link to nothing, and its folder
/// exists, is a folder and may be written (a new file's place). Throws EnvironmentError
/// "--catalogue: cannot create catalogue out/books.catalogue: folder 'out' does not exist" (after
/// the spec's place, "spec.yaml:6:12: …", when the spec named it; "… it is a symbolic link to
/// 'gone.db', which does not exist"; "… folder 'ro' cannot be written (Permission denied)"),
/// InputError when it is no regular file. An address is checked when it is opened.
/// Also refuses, at the catalogue's place, a book with kinds besides classic (the catalogue's
/// canonical forms are classic sudoku's).
void check_catalogue_location(const BookSpec& spec);

/// For a proof (preview, sample, studio): sets `spec.replaced` as build_into_catalogue would, so
/// the proof shows the puzzles the book will print, reading the catalogue only (nothing
/// registered, no file created). A catalogue file that does not exist yet holds no book: nothing
/// is replaced. Returns the puzzles replaced. Throws the store's errors (catalogue_store.h),
/// naming the catalogue, and as make_book does.
int choose_catalogue_puzzles(BookSpec& spec, const BuildSettings& settings, int wait_ms = 30000);

/// For a build without a catalogue over an existing manifest: how many of the manifest's puzzles
/// a catalogue replaced (their seeds are replacement seeds, BookSpec::replaced) when it is of
/// this book (its title and seed); 0 when it is not, has none, or cannot be read. Such a build
/// places the spec's own puzzles there: other puzzles than the catalogued book's.
int catalogued_replacements(const BookSpec& spec, const std::filesystem::path& manifest);

CatalogueBuild build_into_catalogue(BookSpec spec, const BuildSettings& settings, const BookPaths& paths,
                                    const std::string& spec_sha256, int wait_ms = 30000);

}  // namespace puzzlepress::book
