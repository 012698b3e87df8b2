// The catalogue's stores at their edges: an address printed without its password; a file whose
// creation was interrupted (empty, or with SQLite's hot journal) is a catalogue without books;
// a schema that lost a table is refused as no catalogue; a book registered by an older
// puzzlepress is replaced by its first edition; a wait of 0 does not wait, on both back ends.
#include "book/catalogue/catalogue.h"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "book/spec/catalogue_location.h"
#include "catalogue/catalogue_test_support.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::catalogue_tests;

namespace {

// Runs `sql` on `file` in a child process that ends without committing or closing (as a build
// killed there would): SQLite's rollback journal stays beside the file, hot.
void killed_inside(const fs::path& file, const std::string& sql) {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    sqlite3* db = nullptr;
    sqlite3_open(file.c_str(), &db);
    sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
}

CatalogueBook book_of(const std::string& title, const std::string& edition) {
  CatalogueBook book;
  book.title = title;
  book.seed = 1;
  book.edition = edition;
  book.key = edition.empty() ? title + "\n1" : catalogue_book_key(title, 1, edition);  // "": an older puzzlepress's key
  book.date = "2026-12-04T00:00:00Z";
  return book;
}

}  // namespace

TEST_SUITE("catalogue stores") {
  TEST_CASE("an address is printed without its password, in any of its forms") {
    CHECK(catalogue_display_name("books.catalogue") == "books.catalogue");
    CHECK(catalogue_display_name("postgresql://ann:s3cret@db:5432/books") == "postgresql://ann@db:5432/books");
    CHECK(catalogue_display_name("postgresql://ann:p@ss@db/books") == "postgresql://ann@db/books");
    CHECK(catalogue_display_name("postgres://db/books?password=x&sslmode=require") ==
          "postgres://db/books?sslmode=require");
    CHECK(catalogue_display_name("postgres://db/books?sslmode=require&password=x") ==
          "postgres://db/books?sslmode=require");
    CHECK(catalogue_display_name("postgres://db/books?%70assword=x") == "postgres://db/books");
    CHECK(catalogue_display_name("postgresql://[::1]:5432/books?user=ann") == "postgresql://[::1]:5432/books?user=ann");
    CHECK(is_catalogue_address("postgres://db/books"));
    CHECK_FALSE(is_catalogue_address("books.postgresql://"));
  }

  TEST_CASE("a file whose creation was interrupted reads as a catalogue without books and gets its tables") {
    const TempDir dir("catalogue-interrupted-store");
    const Place flag = Place::flag("--catalogue");
    // Empty: a catalogue an older puzzlepress created, killed before its tables were committed.
    const fs::path empty = dir / "empty.catalogue";
    std::ofstream(empty).close();
    CHECK(open_catalogue(empty.string(), flag, false)->books().empty());
    CHECK(open_catalogue(empty.string(), flag, false)->find({"x"}, {}, std::nullopt).empty());
    CHECK(open_catalogue(empty.string(), flag, true)->counts().empty());
    CHECK(fs::file_size(empty) > 0);  // the tables now written
    // Killed with its tables written but not committed: the hot journal is rolled back.
    const fs::path journal = dir / "journal.catalogue";
    killed_inside(journal,
                  "PRAGMA cache_size = 1; BEGIN IMMEDIATE; CREATE TABLE meta(key TEXT, value TEXT); "
                  "CREATE TABLE filler(x BLOB); INSERT INTO filler SELECT randomblob(2000) FROM "
                  "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) SELECT i FROM n);");
    REQUIRE(fs::exists(dir / "journal.catalogue-journal"));
    CHECK(open_catalogue(journal.string(), flag, false)->books().empty());
    auto store = open_catalogue(journal.string(), flag, true);
    store->begin_write();
    store->put_book(book_of("A", "6x9"), {{1, 5, "classic", "9x9", "easy", "form-1", "sol-1"}});
    store->commit();
    CHECK(store->books().size() == 1);
  }

  TEST_CASE("a new catalogue file appears whole, with the mode of a new file") {
    const TempDir dir("catalogue-new-file");
    const fs::path file = dir / "new.catalogue";
    open_catalogue(file.string(), Place{}, true).reset();
    CHECK(open_catalogue(file.string(), Place{}, false)->books().empty());
    const mode_t mask = ::umask(0);
    ::umask(mask);
    CHECK((fs::status(file).permissions() & fs::perms::all) == static_cast<fs::perms>(0666 & ~mask));
    for (const auto& entry : fs::directory_iterator(dir.path))  // no temporary file left beside it
      CHECK(entry.path().filename() == "new.catalogue");
  }

  TEST_CASE("a catalogue that lost a table is refused as no catalogue, naming SQLite's error") {
    const TempDir dir("catalogue-lost-table");
    const fs::path file = dir / "lost.catalogue";
    open_catalogue(file.string(), Place{}, true).reset();
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "DROP TABLE puzzles", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    auto store = open_catalogue(file.string(), Place::flag("--catalogue"), false);
    CHECK(error_kind_of([&] { store->counts(); }) ==
          "input|--catalogue: " + file.string() + " is not a puzzlepress catalogue (no such table: puzzles)");
    CHECK(error_kind_of([&] { store->books(); }) ==
          "input|--catalogue: " + file.string() + " is not a puzzlepress catalogue (no such table: puzzles)");
  }

  TEST_CASE("editions: a book of an older puzzlepress (no edition) is replaced by its first edition") {
    const TempDir dir("catalogue-legacy");
    auto store = open_catalogue((dir / "c.catalogue").string(), Place{}, true);
    store->begin_write();
    store->put_book(book_of("A", ""), {{1, 5, "classic", "9x9", "easy", "form-1", "sol-1"}});
    store->commit();
    store->begin_write();
    store->put_book(book_of("A", "6x9"), {{1, 5, "classic", "9x9", "easy", "form-1", "sol-1"}});
    store->put_book(book_of("A", "8.5x11"), {{1, 7, "classic", "9x9", "easy", "form-1", "sol-1"}});
    store->commit();
    const auto books = store->books();
    REQUIRE(books.size() == 2);
    CHECK(books[0].edition == "6x9");
    CHECK(books[1].edition == "8.5x11");
    const auto found = store->find({"form-1"}, {}, std::nullopt);
    REQUIRE(found.size() == 2);
    CHECK(describe_stored(found[1]) == "'A', 8.5x11 edition, puzzle 1, page 7");
    CHECK(store->find({"form-1"}, {}, BookPuzzles{"A", 1}).empty());  // its editions never count against it
    CHECK(store->counts().at(0).puzzles == 1);                        // nor twice
  }

  TEST_CASE("a wait of 0 does not wait, on a file and on a server") {
    const TempDir dir("catalogue-no-wait");
    const std::string file = (dir / "c.catalogue").string();
    std::vector<std::string> locations{file};
    const char* base = std::getenv("PUZZLEPRESS_TEST_POSTGRES");
    if (base != nullptr && *base != '\0' && puzzlepress::testing::have_tool("psql")) {
      // A fresh database of the test server, made with psql.
      const std::string name = "pp_nowait_" + std::to_string(getpid());
      const auto made = puzzlepress::testing::run_shell("psql -q -X " + puzzlepress::testing::shell_quoted(base) +
                                                        " -c 'CREATE DATABASE " + name + "' 2>&1");
      REQUIRE_MESSAGE(made.exit_code == 0, made.output);
      std::string address = base;
      const auto slash = address.find('/', address.find("://") + 3), query = address.find('?');
      locations.push_back(address.substr(0, slash + 1) + name +
                          (query == std::string::npos ? "" : address.substr(query)));
    } else {
      MESSAGE("PostgreSQL part skipped: no server (PUZZLEPRESS_TEST_POSTGRES unset; .ci/run starts one)");
    }
    for (const std::string& location : locations) {
      CAPTURE(location);
      auto first = open_catalogue(location, Place{}, true);
      auto second = open_catalogue(location, Place{}, false, 0);
      first->begin_write();
      CHECK(error_kind_of([&] { second->begin_write(); }) ==
            "environment|catalogue " + second->name() + " is locked by another build (waited 0.0 s)");
      first->rollback();
      second->begin_write();
      second->rollback();
    }
  }
}
