// `puzzlepress catalogue remove`, run as the binary on a SQLite file and (when
// PUZZLEPRESS_TEST_POSTGRES names a server) on PostgreSQL: a removed book's puzzles are free for
// another book's rebuild; one edition removed keeps the other; an ambiguous title exits 2; no
// match exits 1 naming near titles; a dry run changes nothing. Exact texts.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::testing;
namespace fs = std::filesystem;

namespace {

void write_spec(const TempDir& dir, const std::string& name, const std::string& title, int seed,
                const std::string& trim = "6x9") {
  std::ofstream(dir / (name + ".yaml")) << "title: " << title << "\nauthor: Ann\ntrim: " << trim << "\nseed: " << seed
                                        << "\npuzzles:\n  - { grade: easy, count: 6 }\n";
}

std::string in(const TempDir& dir, const std::string& name) { return shell_quoted(dir / name); }

// Every puzzle's givens of a manifest, in order.
std::vector<std::string> givens_of(const fs::path& manifest) {
  const std::string s = read_bytes(manifest);
  std::vector<std::string> out;
  for (std::size_t at = s.find("\"givens\": \""); at != std::string::npos; at = s.find("\"givens\": \"", at + 1))
    out.push_back(s.substr(at + 11, 81));
  return out;
}

// The catalogues to test: a file in `dir`, and a fresh database of the test server when there is one.
std::vector<std::string> catalogues(const TempDir& dir, const std::string& tag) {
  std::vector<std::string> out{(dir / "books.catalogue").string()};
  const char* base = std::getenv("PUZZLEPRESS_TEST_POSTGRES");
  if (base == nullptr || *base == '\0' || !have_tool("psql")) {
    MESSAGE("PostgreSQL part skipped: no server (PUZZLEPRESS_TEST_POSTGRES unset; .ci/run starts one)");
    return out;
  }
  const std::string name = "pp_remove_" + tag + "_" + std::to_string(getpid());
  const CommandRun made = run_shell("psql -q -X " + shell_quoted(base) + " -c 'CREATE DATABASE " + name + "' 2>&1");
  REQUIRE_MESSAGE(made.exit_code == 0, made.output);
  const std::string address = base;
  const auto slash = address.find('/', address.find("://") + 3), query = address.find('?');
  out.push_back(address.substr(0, slash + 1) + name + (query == std::string::npos ? "" : address.substr(query)));
  return out;
}

// The catalogue's name as its messages give it (list's last line: "N books in NAME").
std::string name_of(const std::string& flag) {
  const std::string list = run_puzzlepress("catalogue list" + flag).output;
  const std::size_t at = list.rfind(" in ");
  REQUIRE(at != std::string::npos);
  return list.substr(at + 4, list.size() - at - 5);
}

}  // namespace

TEST_SUITE("catalogue remove") {
  TEST_CASE("a title fixed: the old entry removed, the rebuilt book gets its own puzzles back") {
    const TempDir dir("catalogue-remove-typo");
    for (const std::string& catalogue : catalogues(dir, "typo")) {
      CAPTURE(catalogue);
      const std::string flag = " --catalogue " + shell_quoted(catalogue);
      write_spec(dir, "typo", "Sudoku Vol 1", 9);
      write_spec(dir, "fixed", "Sudoku Vol. 1", 9);
      REQUIRE(run_puzzlepress("build " + in(dir, "typo.yaml") + " -o " + in(dir, "typo.pdf") + flag).exit_code == 0);
      // The fixed title is another book: every puzzle of its spec is the typo's, so all are replaced.
      const CommandRun clashing =
          run_puzzlepress("build " + in(dir, "fixed.yaml") + " -o " + in(dir, "fixed.pdf") + flag);
      CHECK(clashing.output.find("registered 6 puzzles, 6 replaced (held by other books)\n") != std::string::npos);
      const std::string name = name_of(flag);
      CHECK(run_puzzlepress("catalogue remove 'Sudoku Vol 2'" + flag) ==
            CommandRun{1, "puzzlepress: no book 'Sudoku Vol 2' in " + name +
                              " (did you mean 'Sudoku Vol 1' or 'Sudoku Vol. 1'?): nothing removed\n"});
      CHECK(run_puzzlepress("catalogue remove 'Sudoku Vol 1'" + flag) ==
            CommandRun{0, "removed 'Sudoku Vol 1' (6x9 edition): 6 puzzles\n"});
      CHECK(run_puzzlepress("catalogue remove 'Sudoku Vol 1'" + flag).exit_code == 1);
      const CommandRun rebuilt =
          run_puzzlepress("build " + in(dir, "fixed.yaml") + " -o " + in(dir, "fixed.pdf") + flag);
      CHECK(rebuilt.output.find("registered 6 puzzles\n") != std::string::npos);
      CHECK(givens_of(dir / "fixed.json") == givens_of(dir / "typo.json"));
      CHECK(run_puzzlepress("catalogue stats" + flag) ==
            CommandRun{0, "classic 9x9 easy: 6\n1 book, 6 puzzles, 0 clashes avoided by build\n"});
    }
  }

  TEST_CASE("one edition removed keeps the other; a dry run changes nothing; --json") {
    const TempDir dir("catalogue-remove-edition");
    for (const std::string& catalogue : catalogues(dir, "edition")) {
      CAPTURE(catalogue);
      const std::string flag = " --catalogue " + shell_quoted(catalogue);
      write_spec(dir, "small", "Sudoku", 4);
      write_spec(dir, "large", "Sudoku", 4, "8.5x11");
      REQUIRE(run_puzzlepress("build " + in(dir, "small.yaml") + " -o " + in(dir, "small.pdf") + flag).exit_code == 0);
      REQUIRE(run_puzzlepress("build " + in(dir, "large.yaml") + " -o " + in(dir, "large.pdf") + flag).exit_code == 0);
      const std::string list = run_puzzlepress("catalogue list --json" + flag).output;
      const std::string bytes = fs::exists(catalogue) ? read_bytes(catalogue) : "";
      CHECK(run_puzzlepress("catalogue remove Sudoku --dry-run" + flag) ==
            CommandRun{0,
                       "would remove 'Sudoku' (6x9 edition): 6 puzzles\nwould remove 'Sudoku' (8.5x11 edition): 6 "
                       "puzzles\ndry run: nothing removed from " +
                           name_of(flag) + "\n"});
      CHECK(run_puzzlepress("catalogue list --json" + flag).output == list);
      if (fs::exists(catalogue)) CHECK(read_bytes(catalogue) == bytes);
      CHECK(run_puzzlepress("catalogue remove Sudoku --edition 7x10" + flag) ==
            CommandRun{1, "puzzlepress: no 7x10 edition of 'Sudoku' (its editions: 6x9, 8.5x11) in " + name_of(flag) +
                              ": nothing removed\n"});
      CHECK(run_puzzlepress("catalogue remove Sudoku --edition 6x9 --json" + flag) ==
            CommandRun{0, "{\"catalogue\": \"" + name_of(flag) +
                              "\", \"dry_run\": false, \"removed\": [{\"title\": \"Sudoku\", \"seed\": 4, \"series\": "
                              "\"\", \"volume\": 0, \"edition\": \"6x9\", \"puzzles\": 6}]}\n"});
      const CommandRun left = run_puzzlepress("catalogue list" + flag);
      CHECK(left.output.find("'Sudoku', 8.5x11 edition, seed 4: 6 puzzles, registered ") == 0);
      CHECK(left.output.find("\n1 book in ") != std::string::npos);
      // The edition kept still holds its puzzles: its rebuild replaces none, another book's would.
      CHECK(run_puzzlepress("catalogue check " + in(dir, "small.json") + flag).exit_code == 0);
      write_spec(dir, "other", "Other", 4);
      CHECK(run_puzzlepress("catalogue check " + in(dir, "other.yaml") + flag).exit_code == 1);
    }
  }

  TEST_CASE("a title of several seeds: exit 2 asking for --seed; --seed removes that book only") {
    const TempDir dir("catalogue-remove-seeds");
    for (const std::string& catalogue : catalogues(dir, "seeds")) {
      CAPTURE(catalogue);
      const std::string flag = " --catalogue " + shell_quoted(catalogue);
      write_spec(dir, "a", "Sudoku", 4);
      write_spec(dir, "b", "Sudoku", 5);
      REQUIRE(run_puzzlepress("build " + in(dir, "a.yaml") + " -o " + in(dir, "a.pdf") + flag).exit_code == 0);
      REQUIRE(run_puzzlepress("build " + in(dir, "b.yaml") + " -o " + in(dir, "b.pdf") + flag).exit_code == 0);
      const std::string name = name_of(flag);
      CHECK(run_puzzlepress("catalogue remove Sudoku" + flag) ==
            CommandRun{2, "puzzlepress: TITLE: 'Sudoku' names 2 books of " + name +
                              " (seeds 4 and 5): say which with --seed; nothing removed\n"});
      CHECK(run_puzzlepress("catalogue remove Sudoku --seed 6" + flag) ==
            CommandRun{
                1, "puzzlepress: no book 'Sudoku' with seed 6 (its seeds: 4, 5) in " + name + ": nothing removed\n"});
      CHECK(run_puzzlepress("catalogue remove Sudoku --seed 5" + flag) ==
            CommandRun{0, "removed 'Sudoku' (6x9 edition): 6 puzzles\n"});
      CHECK(run_puzzlepress("catalogue list" + flag).output.find("'Sudoku', 6x9 edition, seed 4: 6 puzzles") == 0);
    }
  }

  TEST_CASE("a catalogue that does not exist is not made; the wait is add's; a locked catalogue exit 1") {
    const TempDir dir("catalogue-remove-absent");
    CHECK(run_puzzlepress("catalogue remove Sudoku --catalogue " + in(dir, "none.catalogue")) ==
          CommandRun{2,
                     "puzzlepress: --catalogue: catalogue " + (dir / "none.catalogue").string() + " does not exist\n"});
    CHECK_FALSE(fs::exists(dir / "none.catalogue"));
    CHECK(run_puzzlepress("catalogue remove Sudoku").exit_code == 2);
    write_spec(dir, "a", "Sudoku", 4);
    const std::string flag = " --catalogue " + in(dir, "books.catalogue");
    REQUIRE(run_puzzlepress("build " + in(dir, "a.yaml") + " -o " + in(dir, "a.pdf") + flag).exit_code == 0);
    // A catalogue this user cannot write: exit 1, the book kept. As root (who writes anything)
    // the command runs as nobody, on a copy in a folder of /tmp that nobody reaches.
    const bool root = geteuid() == 0;
    if (root && !have_tool("runuser")) {
      MESSAGE("read-only part skipped: root without runuser");
    } else {
      std::string made = "/tmp/puzzlepress-test-XXXXXX";
      REQUIRE(::mkdtemp(made.data()) != nullptr);
      const fs::path own = made;
      fs::permissions(own, fs::perms::all);
      fs::copy_file(dir / "books.catalogue", own / "ro.catalogue");
      fs::permissions(own / "ro.catalogue", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
      const std::string remove = std::string("'") + PUZZLEPRESS_BINARY + "' catalogue remove Sudoku --catalogue " +
                                 shell_quoted(own / "ro.catalogue") + " 2>&1";
      const CommandRun refused = run_shell(root ? "runuser -u nobody -- " + remove : remove);
      const std::string kept = read_bytes(own / "ro.catalogue");
      std::error_code ec;
      fs::remove_all(own, ec);
      CHECK(refused == CommandRun{1, "puzzlepress: catalogue " + (own / "ro.catalogue").string() +
                                         " is read-only (attempt to write a readonly database)\n"});
      CHECK(kept == read_bytes(dir / "books.catalogue"));
    }
    // Another writer holds the file (sqlite3's BEGIN IMMEDIATE, kept for two seconds).
    if (!have_tool("sqlite3")) {
      MESSAGE("lock part skipped: no sqlite3 tool");
      return;
    }
    const CommandRun locked =
        run_shell("( printf 'BEGIN IMMEDIATE;\\nSELECT 1;\\n'; sleep 2; printf 'COMMIT;\\n' ) | sqlite3 " +
                  in(dir, "books.catalogue") + " > /dev/null & sleep 0.5; PUZZLEPRESS_CATALOGUE_WAIT_MS=0 '" +
                  PUZZLEPRESS_BINARY + "' catalogue remove Sudoku" + flag + " 2>&1; echo \"exit $?\"; wait");
    CHECK(locked.output == "puzzlepress: catalogue " + (dir / "books.catalogue").string() +
                               " is locked by another build (waited 0.0 s)\nexit 1\n");
    CHECK(run_puzzlepress("catalogue list" + flag).output.find("'Sudoku', 6x9 edition, seed 4") == 0);
  }
}
