// The catalogue's stores after a hostile review: libpq's own error text never carries the
// password; an address libpq cannot read is bad input; a reader never creates the tables on a
// server; the schema version compared as a number and read on both back ends; the catalogue's
// temporary file is one util/outputs' sweep never deletes. Exact texts.
#include <doctest/doctest.h>
#include <sqlite3.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <vector>

#include "book/catalogue/catalogue.h"
#include "book/spec/catalogue_location.h"
#include "util/outputs.h"
#include "catalogue/catalogue_test_support.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::catalogue_tests;

namespace {

// The test server's address (PUZZLEPRESS_TEST_POSTGRES) or nullopt (the part skips).
std::optional<std::string> server() {
  const char* base = std::getenv("PUZZLEPRESS_TEST_POSTGRES");
  if (base == nullptr || *base == '\0' || !puzzlepress::testing::have_tool("psql")) return std::nullopt;
  return std::string(base);
}

// A fresh database on the test server, made with psql.
std::string fresh_database(const std::string& base, const std::string& tag) {
  static int counter = 0;
  const std::string name = "pp_review_" + tag + "_" + std::to_string(getpid()) + "_" + std::to_string(++counter);
  const auto run = puzzlepress::testing::run_shell("psql -q -X " + puzzlepress::testing::shell_quoted(base) +
                                                   " -c 'CREATE DATABASE " + name + "' 2>&1");
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  const auto slash = base.find('/', base.find("://") + 3), query = base.find('?');
  return base.substr(0, slash + 1) + name + (query == std::string::npos ? "" : base.substr(query));
}

std::string psql(const std::string& address, const std::string& sql) {
  return puzzlepress::testing::run_shell("psql -q -X -t -A " + puzzlepress::testing::shell_quoted(address) + " -c " +
                                         puzzlepress::testing::shell_quoted(sql) + " 2>&1")
      .output;
}

void sqlite_exec(const fs::path& file, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

}  // namespace

TEST_SUITE("catalogue review") {
  TEST_CASE("libpq's error text is printed without the password, as written or percent-decoded") {
    CHECK(catalogue_redacted("end of string reached in URI: \"postgresql://bob:s3cret@[::1:1/db\"",
                             "postgresql://bob:s3cret@[::1:1/db") ==
          "end of string reached in URI: \"postgresql://bob@[::1:1/db\"");
    CHECK(catalogue_redacted("invalid percent-encoded token: \"%zzs3cret\"", "postgresql://bob:%zzs3cret@host/db") ==
          "invalid percent-encoded token: \"***\"");
    CHECK(catalogue_redacted("password \"hunter2\" and \"hunter%32\"", "postgres://h/db?password=hunter%32") ==
          "password \"***\" and \"***\"");
    CHECK(catalogue_redacted("see POSTGRES://ann:pw@h/db?password=x&a=1 now", "POSTGRES://ann:pw@h/db") ==
          "see POSTGRES://ann@h/db?a=1 now");
    CHECK(catalogue_passwords("books.catalogue").empty());
    CHECK(is_catalogue_address("POSTGRESQL://db/books"));
    CHECK(is_catalogue_address("Postgres://db/books"));
    CHECK_FALSE(is_catalogue_address("postgre://db/books"));
    const Place flag = Place::flag("--catalogue");
    for (const std::string address :
         {"postgresql://bob:s3cret@[::1:1/db", "postgresql://bob:s3cret@[]/db", "postgresql://bob:%zzs3cret@host/db"}) {
      const std::string what = error_kind_of([&] { open_catalogue(address, flag, false); });
      CAPTURE(what);
      CHECK(what.rfind("input|--catalogue: catalogue postgresql://bob@", 0) == 0);
      CHECK(what.find("s3cret") == std::string::npos);
    }
    CHECK(error_kind_of([&] { open_catalogue("postgresql://bob:s3cret@[]/db", flag, false); }) ==
          "input|--catalogue: catalogue postgresql://bob@[]/db: not a valid PostgreSQL address (IPv6 host address "
          "may not be empty in URI: \"postgresql://bob@[]/db\")");
  }

  TEST_CASE("an address libpq cannot read is bad input (exit 2), naming the place; an unreachable server is not") {
    const Place spec = Place::in_file("book.yaml", 8, 12);
    CHECK(error_kind_of([&] { open_catalogue("postgresql://h/db?sslmode=bogus", spec, false); }) ==
          "input|book.yaml:8:12: catalogue postgresql://h/db?sslmode=bogus: not a valid PostgreSQL address "
          "(invalid sslmode value: \"bogus\")");
    CHECK(error_kind_of([&] { open_catalogue("postgresql://h:1x/db", spec, false); }) ==
          "input|book.yaml:8:12: catalogue postgresql://h:1x/db: not a valid PostgreSQL address (invalid integer "
          "value \"1x\" for connection option \"port\")");
    CHECK(error_kind_of([&] { open_catalogue("postgresql://h/db?a=b=c", spec, false); }) ==
          "input|book.yaml:8:12: catalogue postgresql://h/db?a=b=c: not a valid PostgreSQL address (extra "
          "key/value separator \"=\" in URI query parameter: \"a\")");
    CHECK(error_kind_of([&] {
            open_catalogue("postgresql://127.0.0.1:1/db", spec, false);
          }).rfind("environment|catalogue postgresql://127.0.0.1:1/db: cannot connect (", 0) == 0);
  }

  TEST_CASE("a reader of a database without the tables sees no books and creates nothing; a writer creates them") {
    const auto base = server();
    if (!base) {
      MESSAGE("skipped: no PostgreSQL server (PUZZLEPRESS_TEST_POSTGRES unset; .ci/run starts one)");
      return;
    }
    const std::string address = fresh_database(*base, "reader");
    const std::string tables = "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'";
    {
      auto reader = open_catalogue(address, Place{}, false);
      CHECK(reader->books().empty());
      CHECK(reader->counts().empty());
      CHECK(reader->find({"x"}, {"y"}, std::nullopt).empty());
    }
    CHECK(psql(address, tables) == "0\n");
    open_catalogue(address, Place{}, true).reset();
    CHECK(psql(address, tables) == "3\n");
  }

  TEST_CASE("the schema version is a number: larger is newer, anything else corrupt, on both back ends") {
    const Place flag = Place::flag("--catalogue");
    CHECK(error_kind_of([&] { check_schema_version("1", "c", flag); }) == "no error");
    CHECK(error_kind_of([&] { check_schema_version("10", "c", flag); }) ==
          "input|--catalogue: catalogue c was written by a newer puzzlepress (schema 10, this one reads 1): upgrade "
          "puzzlepress");
    for (const std::string bad : {"0", "x", "", "-1", "01x"})
      CHECK(error_kind_of([&] { check_schema_version(bad, "c", flag); }) ==
            "input|--catalogue: catalogue c is corrupt (schema '" + bad + "' is no version of puzzlepress's)");
    const TempDir dir("catalogue-schema-version");
    const fs::path file = dir / "c.catalogue";
    open_catalogue(file.string(), flag, true).reset();
    sqlite_exec(file, "UPDATE meta SET value = '0' WHERE key = 'schema'");
    CHECK(error_kind_of([&] { open_catalogue(file.string(), flag, false); }) ==
          "input|--catalogue: catalogue " + file.string() + " is corrupt (schema '0' is no version of puzzlepress's)");
    sqlite_exec(file, "UPDATE meta SET value = '2' WHERE key = 'schema'");
    CHECK(error_kind_of([&] { open_catalogue(file.string(), flag, false); }) ==
          "input|--catalogue: catalogue " + file.string() +
              " was written by a newer puzzlepress (schema 2, this one reads 1): upgrade puzzlepress");
    const auto base = server();
    if (!base) {
      MESSAGE("PostgreSQL part skipped: no server (PUZZLEPRESS_TEST_POSTGRES unset; .ci/run starts one)");
      return;
    }
    const std::string address = fresh_database(*base, "schema");
    open_catalogue(address, flag, true).reset();
    psql(address, "UPDATE meta SET value = '0' WHERE key = 'schema'");
    CHECK(error_kind_of([&] { open_catalogue(address, flag, false); }) ==
          "input|--catalogue: catalogue " + catalogue_display_name(address) +
              " is corrupt (schema '0' is no version of puzzlepress's)");
  }

  TEST_CASE("a new catalogue's temporary file is never one that a build's sweep of stale temporaries deletes") {
    const TempDir dir("catalogue-temp-name");
    // The sweep runs before every write into a folder: a temporary of the catalogue's being made
    // there at that moment must survive it. Its name pattern is the catalogue's own.
    std::ofstream(dir / ".puzzlepress-catalogue-abcdef.new") << "being written";
    std::ofstream(dir / ".puzzlepress-abcdef.tmp") << "stale";
    const std::vector<util::Output> outputs{{dir / "out.txt", "x"}};
    util::write_outputs(outputs);
    CHECK(fs::exists(dir / ".puzzlepress-catalogue-abcdef.new"));
    CHECK_FALSE(fs::exists(dir / ".puzzlepress-abcdef.tmp"));
    // And the catalogue's creation uses that pattern: every file it creates (inotify) is the
    // catalogue or ".puzzlepress-catalogue-XXXXXX.new".
    const int watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    REQUIRE(watch >= 0);
    REQUIRE(inotify_add_watch(watch, dir.path.c_str(), IN_CREATE) >= 0);
    open_catalogue((dir / "c.catalogue").string(), Place{}, true).reset();
    alignas(inotify_event) char events[8192];
    const ssize_t got = read(watch, events, sizeof events);
    close(watch);
    REQUIRE(got > 0);
    std::vector<std::string> created;
    for (ssize_t at = 0; at < got;) {
      const auto* event = reinterpret_cast<const inotify_event*>(events + at);
      if (event->len > 0) created.emplace_back(event->name);
      at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
    }
    REQUIRE(created.size() == 2);
    CHECK(created[0].rfind(".puzzlepress-catalogue-", 0) == 0);
    CHECK(created[0].size() == std::string(".puzzlepress-catalogue-XXXXXX.new").size());
    CHECK(created[0].ends_with(".new"));
    CHECK(created[1] == "c.catalogue");
    // A temporary left by a creation killed over an hour ago is swept by the next creation there;
    // a recent one (perhaps being written) is not.
    std::ofstream(dir / ".puzzlepress-catalogue-old123.new") << "left by a killed build";
    fs::last_write_time(dir / ".puzzlepress-catalogue-old123.new",
                        fs::file_time_type::clock::now() - std::chrono::hours(2));
    open_catalogue((dir / "d.catalogue").string(), Place{}, true).reset();
    CHECK_FALSE(fs::exists(dir / ".puzzlepress-catalogue-old123.new"));
    CHECK(fs::exists(dir / ".puzzlepress-catalogue-abcdef.new"));
  }
}
