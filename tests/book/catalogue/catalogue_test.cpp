// The catalogue (book/catalogue): the SQLite store and its refusals, and build_into_catalogue —
// two books from one spec share no puzzle, a rebuild gives the same puzzles, the same catalogue
// and spec give the same book, files and entries land together or not at all.
#include "book/catalogue/catalogue_build.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/canonical.h"
#include "catalogue/catalogue_test_support.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::catalogue_tests;

namespace {

BookSpec spec_in(const TempDir& dir, const std::string& name, const std::string& title, const std::string& extra = "") {
  std::ofstream(dir / (name + ".yaml"))
      << "title: " << title << "\nauthor: Ann\ntrim: 6x9\nseed: 5\n"
      << "puzzles:\n  - { grade: easy, count: 12 }\n  - { size: 6x6, grade: easy, count: 4 }\n"
      << "catalogue: books.catalogue\n"
      << extra;
  return load_spec_file(dir / (name + ".yaml"));
}

BookPaths paths_in(const TempDir& dir, const std::string& name) {
  return BookPaths{{dir / (name + ".pdf"), "the PDF", ""}, {dir / (name + ".json"), "the manifest", ""}};
}

BuildSettings one_thread() {
  BuildSettings settings;
  settings.jobs = 1;
  settings.version = "test";
  settings.paint_pdf = true;
  return settings;
}

std::vector<std::string> givens_of(const Book& book) {
  std::vector<std::string> out;
  for (const auto& p : book.puzzles) out.push_back(engine::to_string(p.givens));
  return out;
}

std::set<std::string> forms_of(const Book& book) {
  std::set<std::string> out;
  for (const auto& p : book.puzzles) out.insert(engine::to_string(engine::canonical_form(p.givens)));
  return out;
}

void poke(const fs::path& file, long offset, const std::string& bytes) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(offset);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A fresh database on the test server (PUZZLEPRESS_TEST_POSTGRES, an address .ci/run sets after
// starting one with .ci/postgres), made with psql; nullopt when there is none (the test skips).
std::optional<std::string> fresh_postgres(const std::string& tag) {
  const char* base = std::getenv("PUZZLEPRESS_TEST_POSTGRES");
  if (base == nullptr || *base == '\0' || !puzzlepress::testing::have_tool("psql")) return std::nullopt;
  static int counter = 0;
  const std::string name = "pp_" + tag + "_" + std::to_string(getpid()) + "_" + std::to_string(++counter);
  const auto run = puzzlepress::testing::run_shell("psql -q -X " + puzzlepress::testing::shell_quoted(base) +
                                                   " -c 'CREATE DATABASE " + name + "' 2>&1");
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  std::string address = base;
  const auto slash = address.find('/', address.find("://") + 3), query = address.find('?');
  return address.substr(0, slash + 1) + name + (query == std::string::npos ? "" : address.substr(query));
}

// What every store does: books, puzzles, lookups, counts; a book replaced by its key.
void check_store(const std::string& location) {
  auto store = open_catalogue(location, Place::flag("--catalogue"), true);
  CHECK(store->books().empty());
  CatalogueBook book;
  book.key = "A\n1";
  book.title = "A";
  book.seed = 1;
  book.date = "2026-12-04T00:00:00Z";
  std::vector<CatalogueEntry> entries = {{1, 5, "classic", "9x9", "easy", "form-1", "sol-1"},
                                         {2, 6, "classic", "9x9", "hard", "form-2", "sol-2"}};
  store->begin_write();
  store->put_book(book, entries);
  store->commit();
  CHECK(store->find({"form-2"}, {}, std::nullopt).size() == 1);
  CHECK(store->find({"form-2"}, {}, BookPuzzles{"A", 1}).empty());  // its own entries never count
  CHECK(store->find({"form-2"}, {}, BookPuzzles{"A", 2}).size() == 1);
  CHECK(store->find({}, {"sol-1"}, std::nullopt).at(0).number == 1);
  CHECK(store->counts().size() == 2);
  // The same key again replaces the book and its puzzles.
  store->begin_write();
  store->put_book(book, {entries[0]});
  store->commit();
  REQUIRE(store->books().size() == 1);
  CHECK(store->books()[0].puzzles == 1);
  // A rolled-back write leaves nothing.
  store->begin_write();
  CatalogueBook other = book;
  other.key = "B\n2";
  store->put_book(other, entries);
  store->rollback();
  CHECK(store->books().size() == 1);
  // Removal: a rolled-back one leaves the book; a committed one takes it and its puzzles out,
  // and only it.
  other.title = "B";
  other.seed = 2;
  store->begin_write();
  store->put_book(other, entries);
  store->commit();
  store->begin_write();
  CHECK(store->remove_book(book.key) == 1);
  store->rollback();
  CHECK(store->books().size() == 2);
  store->begin_write();
  CHECK(store->remove_book(book.key) == 1);
  CHECK(store->remove_book(book.key) == -1);
  CHECK(store->remove_book("no such key") == -1);
  store->commit();
  REQUIRE(store->books().size() == 1);
  CHECK(store->books()[0].key == "B\n2");
  CHECK(store->find({"form-1"}, {}, BookPuzzles{"B", 2}).empty());  // the removed book's puzzle is free
  CHECK(store->find({"form-1"}, {}, std::nullopt).size() == 1);     // B's own entry is still there
  CHECK(store->counts().size() == 2);
}

}  // namespace

TEST_SUITE("catalogue") {
  TEST_CASE("the SQLite store: books, puzzles, lookups, counts; a book replaced by its key") {
    const TempDir dir("catalogue-store");
    check_store((dir / "c.catalogue").string());
  }

  TEST_CASE("the PostgreSQL store: the same, and a writer waits for another, then gives up") {
    const auto address = fresh_postgres("store");
    if (!address) {
      MESSAGE("skipped: no PostgreSQL server (PUZZLEPRESS_TEST_POSTGRES unset; .ci/run starts one)");
      return;
    }
    check_store(*address);
    auto first = open_catalogue(*address, Place{}, false);
    auto second = open_catalogue(*address, Place{}, false, 200);
    first->begin_write();
    CHECK(error_kind_of([&] { second->begin_write(); }) ==
          "environment|catalogue " + second->name() + " is locked by another build (waited 0.2 s)");
    first->rollback();
    second->begin_write();
    second->rollback();
    // The server ends the connection (as a restart or a network cut would): the next use fails
    // naming the catalogue, exit 1.
    const auto slash = address->find('/', address->find("://") + 3);
    const std::string database = address->substr(slash + 1, address->find('?') - slash - 1);
    const auto killed = puzzlepress::testing::run_shell(
        "psql -q -X -t " + puzzlepress::testing::shell_quoted(*address) +
        " -c \"SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '" + database +
        "' AND pid <> pg_backend_pid()\" 2>&1");
    REQUIRE_MESSAGE(killed.exit_code == 0, killed.output);
    const std::string gone = error_kind_of([&] { first->books(); });
    CAPTURE(gone);
    CHECK(gone.rfind("environment|catalogue " + first->name() + ": the server went away (", 0) == 0);
  }

  TEST_CASE("PostgreSQL: two books from one spec share no puzzle; a rebuild gives the same") {
    const auto address = fresh_postgres("build");
    if (!address) {
      MESSAGE("skipped: no PostgreSQL server (PUZZLEPRESS_TEST_POSTGRES unset; .ci/run starts one)");
      return;
    }
    const TempDir dir("catalogue-postgres");
    BookSpec first = spec_in(dir, "one", "Server One"), second = spec_in(dir, "two", "Server Two");
    first.catalogue = second.catalogue = *address;
    const CatalogueBuild one = build_into_catalogue(first, one_thread(), paths_in(dir, "one"), "");
    const CatalogueBuild two = build_into_catalogue(second, one_thread(), paths_in(dir, "two"), "");
    CHECK(two.avoided.size() == 16);
    const auto forms_one = forms_of(one.book), forms_two = forms_of(two.book);
    std::set<std::string> shared;
    std::set_intersection(forms_one.begin(), forms_one.end(), forms_two.begin(), forms_two.end(),
                          std::inserter(shared, shared.end()));
    CHECK(shared.empty());
    CHECK(givens_of(build_into_catalogue(first, one_thread(), paths_in(dir, "again"), "").book) == givens_of(one.book));
    CHECK(open_catalogue(*address, Place{}, false)->books().size() == 2);
  }

  TEST_CASE("refusals: not a catalogue, another program's SQLite file, a newer version, locked, absent") {
    const TempDir dir("catalogue-refusals");
    const Place flag = Place::flag("--catalogue");
    const std::string text = (dir / "notes.txt").string();
    std::ofstream(text) << "these are notes, not a database, and long enough to be read as a header......\n";
    CHECK(error_kind_of([&] { open_catalogue(text, flag, false); }) ==
          "input|--catalogue: " + text + " is not a puzzlepress catalogue (file is not a database)");
    CHECK(error_kind_of([&] { open_catalogue((dir / "none").string(), flag, false); }) ==
          "input|--catalogue: catalogue " + (dir / "none").string() + " does not exist");
    CHECK(error_kind_of([&] { open_catalogue(dir.path.string(), flag, false); }) ==
          "input|--catalogue: catalogue " + dir.path.string() + " is not a regular file");
    const std::string other = (dir / "other.db").string(), newer = (dir / "newer.db").string();
    open_catalogue(other, flag, true).reset();
    poke(other, 68, std::string("\0\0\0\7", 4));  // the header's application_id
    CHECK(error_kind_of([&] { open_catalogue(other, flag, false); }) ==
          "input|--catalogue: " + other + " is not a puzzlepress catalogue (a SQLite file of another program)");
    open_catalogue(newer, flag, true).reset();
    poke(newer, 60, std::string("\0\0\0\2", 4));  // the header's user_version
    CHECK(error_kind_of([&] { open_catalogue(newer, flag, false); }) ==
          "input|--catalogue: catalogue " + newer +
              " was written by a newer puzzlepress (schema 2, this one reads 1): upgrade puzzlepress");
    // A writer waits for another's transaction, then gives up naming the catalogue.
    const std::string shared = (dir / "shared.catalogue").string();
    auto first = open_catalogue(shared, flag, true);
    auto second = open_catalogue(shared, flag, false, 200);
    first->begin_write();
    CHECK(error_kind_of([&] { second->begin_write(); }) ==
          "environment|catalogue " + shared + " is locked by another build (waited 0.2 s)");
    first->rollback();
    second->begin_write();
    second->rollback();
  }

  TEST_CASE("build: two books from one spec share no puzzle; a rebuild gives the same; files and entries together") {
    const TempDir dir("catalogue-build");
    const BookSpec first = spec_in(dir, "one", "Volume One");
    const CatalogueBuild one = build_into_catalogue(first, one_thread(), paths_in(dir, "one"), "");
    CHECK(one.avoided.empty());
    CHECK(one.rounds == 1);
    CHECK(fs::exists(dir / "one.pdf"));
    CHECK(fs::exists(dir / "books.catalogue"));
    // The same seed under another title is another book: every puzzle clashes and is replaced.
    const BookSpec second = spec_in(dir, "two", "Volume Two");
    const CatalogueBuild two = build_into_catalogue(second, one_thread(), paths_in(dir, "two"), "");
    CHECK(two.avoided.size() == 16);
    std::set<std::string> shared;
    const auto forms_one = forms_of(one.book), forms_two = forms_of(two.book);
    std::set_intersection(forms_one.begin(), forms_one.end(), forms_two.begin(), forms_two.end(),
                          std::inserter(shared, shared.end()));
    CHECK(forms_one.size() == 16);
    CHECK(shared.empty());
    // Rebuilding book one: its own entries never count against it, so the same puzzles.
    const CatalogueBuild again = build_into_catalogue(first, one_thread(), paths_in(dir, "one-again"), "");
    CHECK(again.avoided.empty());
    CHECK(givens_of(again.book) == givens_of(one.book));
    // The same catalogue and spec give the same book: book two rebuilt, a copy of the catalogue too.
    fs::copy_file(dir / "books.catalogue", dir / "copy.catalogue");
    BookSpec copy = second;
    copy.catalogue = (dir / "copy.catalogue").string();
    const CatalogueBuild two_again = build_into_catalogue(copy, one_thread(), paths_in(dir, "two-again"), "");
    CHECK(givens_of(two_again.book) == givens_of(two.book));
    auto store = open_catalogue((dir / "books.catalogue").string(), Place{}, false);
    CHECK(store->books().size() == 2);
  }

  TEST_CASE("volumes of one spec: their own titles and puzzles, registered as three books") {
    const TempDir dir("catalogue-volumes");
    std::vector<std::set<std::string>> forms;
    for (int volume = 1; volume <= 3; ++volume) {
      BookSpec spec = spec_in(dir, "series", "Commuter Sudoku", "series: Commuter Sudoku\n");
      set_volume(spec, volume);
      CHECK(spec.title == "Commuter Sudoku, Volume " + std::to_string(volume));
      const std::string name = "vol" + std::to_string(volume);
      const CatalogueBuild built = build_into_catalogue(spec, one_thread(), paths_in(dir, name), "");
      CHECK(built.avoided.empty());  // seeded apart: nothing to replace
      forms.push_back(forms_of(built.book));
    }
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b)
        for (const std::string& f : forms[a]) CHECK(forms[b].count(f) == 0);
    auto store = open_catalogue((dir / "books.catalogue").string(), Place{}, false);
    const auto books = store->books();
    REQUIRE(books.size() == 3);
    CHECK(books[1].volume == 2);
    CHECK(books[1].series == "Commuter Sudoku");
    BookSpec german = spec_in(dir, "band", "Sudoku", "language: de\nvolume: 4\n");
    CHECK(german.title == "Sudoku, Band 4");
    CHECK(german.series_title == "Sudoku");
  }

  TEST_CASE("build: a book whose files cannot land is not registered; a catalogue it created is removed") {
    const TempDir dir("catalogue-atomic");
    const BookSpec spec = spec_in(dir, "one", "Lost");
    BookPaths nowhere = paths_in(dir, "one");
    nowhere.pdf.path = dir / "missing-folder" / "one.pdf";
    CHECK(error_kind_of([&] {
            build_into_catalogue(spec, one_thread(), nowhere, "");
          }).rfind("environment|cannot write ", 0) == 0);
    CHECK_FALSE(fs::exists(dir / "books.catalogue"));
    CHECK_FALSE(fs::exists(dir / "one.json"));
    // With a catalogue that holds a book already: the failed book leaves no entry.
    build_into_catalogue(spec_in(dir, "kept", "Kept"), one_thread(), paths_in(dir, "kept"), "");
    CHECK(error_kind_of([&] {
            build_into_catalogue(spec, one_thread(), nowhere, "");
          }).rfind("environment|cannot write ", 0) == 0);
    auto store = open_catalogue((dir / "books.catalogue").string(), Place{}, false);
    REQUIRE(store->books().size() == 1);
    CHECK(store->books()[0].title == "Kept");
  }

  TEST_CASE("unique_by: solution refuses a puzzle of the same solution grid, not only the same puzzle") {
    const TempDir dir("catalogue-solution");
    const CatalogueBuild one = build_into_catalogue(spec_in(dir, "one", "One"), one_thread(), paths_in(dir, "one"), "");
    // Puzzles dug from the same grids (another symmetry digs other cells): by form they differ.
    BookSpec by_form = spec_in(dir, "two", "Two", "symmetry: none\n");
    BookSpec by_solution = spec_in(dir, "three", "Three", "symmetry: none\nunique_by: solution\n");
    by_form.catalogue = by_solution.catalogue = (dir / "books.catalogue").string();
    const CatalogueBuild two = build_into_catalogue(by_form, one_thread(), paths_in(dir, "two"), "");
    const CatalogueBuild three = build_into_catalogue(by_solution, one_thread(), paths_in(dir, "three"), "");
    std::set<std::string> solutions_one;
    for (const auto& p : one.book.puzzles)
      solutions_one.insert(engine::to_string(engine::canonical_solution(p.solution)));
    int same_solution_two = 0, same_solution_three = 0;
    for (const auto& p : two.book.puzzles)
      same_solution_two += solutions_one.count(engine::to_string(engine::canonical_solution(p.solution))) > 0;
    for (const auto& p : three.book.puzzles)
      same_solution_three += solutions_one.count(engine::to_string(engine::canonical_solution(p.solution))) > 0;
    CHECK(same_solution_two > 0);
    CHECK(same_solution_three == 0);
  }
}
