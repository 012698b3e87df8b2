// The catalogue's storage: books and their puzzles' canonical forms, behind one interface with
// two back ends, SQLite (a file: the default) and PostgreSQL (a server shared by a team).
//
// Schema (version 1; the same tables on both back ends):
//   meta(key, value)          "schema" -> "1"; SQLite also sets PRAGMA application_id
//                             0x70707263 ("pprc") and user_version 1, so a file of another
//                             program or a newer version is refused before any table is read
//   books(id, book_key UNIQUE, title, seed, series, volume, edition, spec_sha256,
//         manifest_sha256, date, clashes_avoided)
//   puzzles(book_id -> books.id, number, page, kind, size, grade, canonical, canonical_solution)
//         PRIMARY KEY (book_id, number), indexes on canonical and on canonical_solution.
// A book's identity (`book_key`) is its title, seed and edition (catalogue.h): rebuilding a book
// replaces its own entries; exporting it again at another trim registers another edition of the
// same puzzles (title and seed), whose entries never count against the book's other editions.
// A row of an older puzzlepress (edition '', book_key "title\nseed") is replaced by the first
// edition registered for its title and seed. `catalogue remove` takes a book's editions out
// (book_key by book_key), freeing their puzzles for other books.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "util/errors.h"

namespace puzzlepress::book {

/// One puzzle as the catalogue records it.
struct CatalogueEntry {
  int number = 0;  ///< 1-based, as printed
  int page = 0;    ///< 1-based physical page
  std::string kind = "classic";
  std::string size;           ///< "9x9"
  std::string grade;          ///< "easy" .. "evil"
  std::string form;           ///< engine::canonical_form as text (engine/grid.h)
  std::string solution_form;  ///< engine::canonical_solution as text ("" when not computed)
};

/// The puzzles of a book whatever its edition: its title and seed. A book's editions (the same
/// spec at other trims) hold the same puzzles and never count against one another.
struct BookPuzzles {
  std::string title;
  std::uint32_t seed = 0;
};

/// One book of the catalogue.
struct CatalogueBook {
  std::string key;  ///< identity: catalogue_book_key(title, seed, edition)
  std::string title;
  std::uint32_t seed = 0;
  std::string series;
  int volume = 0;           ///< 0: not a volume of a series
  std::string edition;      ///< catalogue_edition: the trim as the spec writes it, e.g. "6x9"
  std::string spec_sha256;  ///< "" when registered from a manifest alone
  std::string manifest_sha256;
  std::string date;         ///< UTC, "2026-12-04T01:20:00Z"
  int clashes_avoided = 0;  ///< puzzles build replaced because another book held them
  int puzzles = 0;          ///< when read back: its puzzles
};

/// A puzzle of the catalogue found for a form (or a solution form).
struct StoredPuzzle {
  std::string book_title;
  int volume = 0;
  std::string book_key;
  std::string edition;  ///< e.g. "6x9" ("" for a book registered by an older puzzlepress)
  int number = 0;
  int page = 0;
  std::string size;
  std::string grade;
  std::string form;
  std::string solution_form;
};

/// Puzzles per kind, size and grade.
struct CatalogueCount {
  std::string kind, size, grade;
  long long puzzles = 0;
};

class CatalogueStore {
 public:
  virtual ~CatalogueStore() = default;
  /// Where the catalogue is, for messages: the file, or the address without its password.
  virtual const std::string& name() const = 0;
  /// Starts the one writing transaction: it excludes every other writer until commit or
  /// rollback (SQLite BEGIN IMMEDIATE, waiting up to the lock timeout; PostgreSQL a transaction-
  /// scoped advisory lock, pg_advisory_xact_lock, under lock_timeout).
  /// Reads outside it see committed data only.
  virtual void begin_write() = 0;
  virtual void commit() = 0;
  virtual void rollback() noexcept = 0;
  /// Puzzles whose canonical form is one of `forms`, or whose canonical solution is one of
  /// `solutions` (either list may be empty), of every book but the editions of `exclude` (none
  /// left out when nullopt). By title, volume, edition, number.
  virtual std::vector<StoredPuzzle> find(const std::vector<std::string>& forms,
                                         const std::vector<std::string>& solutions,
                                         const std::optional<BookPuzzles>& exclude) = 0;
  /// Replaces the book with `book.key` and all its puzzles by these (inside begin_write), and an
  /// older puzzlepress's row of the same title and seed (edition '').
  virtual void put_book(const CatalogueBook& book, const std::vector<CatalogueEntry>& entries) = 0;
  /// Records the manifest's SHA-256 of the book `key` (inside begin_write: the manifest's bytes
  /// are known only once its entries are being written).
  virtual void set_manifest_sha256(const std::string& key, const std::string& sha256) = 0;
  /// Removes the book with `key` (one edition) and all its puzzles (inside begin_write). Returns
  /// how many puzzles it held; -1 when there is no such book (nothing is removed).
  virtual int remove_book(const std::string& key) = 0;
  /// Every book, by title then volume, with its puzzle count.
  virtual std::vector<CatalogueBook> books() = 0;
  /// Puzzles per kind, size and grade; a book's puzzles counted once, whatever its editions.
  virtual std::vector<CatalogueCount> counts() = 0;
};

/// Opens the catalogue at `location`: a postgresql:// or postgres:// address (the scheme in any
/// case), else a file. With `create` (a writer: build, catalogue add) a file that does not exist
/// is created, and a file or database without the tables gets them; without it (a reader: list,
/// find, stats, check, the proofs) nothing is ever written: a database or a 0-byte file without
/// the tables reads as a catalogue without books, an absent file is an InputError. Errors name
/// the catalogue, after `place` (the spec value or the flag that named it):
///   InputError     not a catalogue ("… is not a puzzlepress catalogue"), written by a newer
///                  version, corrupt, absent when not `create`, an address libpq cannot read
///                  ("… not a valid PostgreSQL address (invalid sslmode value: "bogus")");
///   EnvironmentError  cannot be opened or created (permissions, a folder that does not exist),
///                  a server that cannot be reached.
/// Messages never carry the address's password (catalogue_redacted, libpq's text included).
/// `wait_ms`: how long a writer waits for another build's transaction before giving up
///   (EnvironmentError catalogue_locked: "… is locked by another build (waited 30.0 s)"); 0: it
///   does not wait, on both back ends.
/// A SQLite file is created whole: its schema is written into a temporary file beside it
/// (".puzzlepress-catalogue-XXXXXX.new", a name util/outputs' sweep of stale temporaries never
/// touches), which is then linked into place, so an interrupted first build leaves no catalogue
/// or a valid empty one.
std::unique_ptr<CatalogueStore> open_catalogue(const std::string& location, const Place& place, bool create,
                                               int wait_ms = 30000);

/// "catalogue NAME is locked by another build (waited 30.0 s)": a writer's wait ran out.
std::string catalogue_locked(const std::string& name, int wait_ms);

/// Checks the schema version a catalogue records (meta "schema"): "1" is read; a larger number
/// is refused as a newer puzzlepress's ("… was written by a newer puzzlepress (schema 2, this
/// one reads 1): upgrade puzzlepress"); anything else (not a number, 0, negative) as corrupt
/// ("catalogue NAME is corrupt (schema 'x' is no version of puzzlepress's)"). InputError at `place`.
void check_schema_version(const std::string& value, const std::string& name, const Place& place);

/// The SQLite library's version, as it reports it (sqlite3_libversion), for --version.
std::string sqlite_version();

/// The SQLite back end (sqlite_store.cpp) and the PostgreSQL one (postgres_store.cpp), for
/// open_catalogue.
std::unique_ptr<CatalogueStore> open_sqlite_catalogue(const std::string& file, const Place& place, bool create,
                                                      int wait_ms);
std::unique_ptr<CatalogueStore> open_postgres_catalogue(const std::string& address, const Place& place, bool create,
                                                        int wait_ms);

}  // namespace puzzlepress::book
