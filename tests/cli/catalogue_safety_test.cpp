// `build`, `preview`, `sample` and `catalogue` with a catalogue, run as the binary: no output lands
// on the catalogue; an interrupted first build leaves a usable one; a book's editions; the
// puzzles replaced counted as puzzles; a catalogue in a missing folder refused before any work;
// proofs show the puzzles the book prints; a password never printed; the wait honoured by add;
// a manifest told from a spec; sparse puzzles found (or not) at once. Exact texts.
#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::testing;
namespace fs = std::filesystem;

namespace {

const std::string kBinary = std::string("'") + PUZZLEPRESS_BINARY + "'";

void write_spec(const TempDir& dir, const std::string& name, const std::string& title, const std::string& extra = "",
                const std::string& catalogue = "books.catalogue") {
  std::ofstream(dir / (name + ".yaml")) << "title: " << title << "\nauthor: Ann\nyear: 2026\ntrim: 6x9\nseed: 9\n"
                                        << "puzzles:\n  - { grade: easy, count: 10 }\n"
                                        << (catalogue.empty() ? "" : "catalogue: " + catalogue + "\n") << extra;
}

std::string in(const TempDir& dir, const std::string& name) { return shell_quoted(dir / name); }

std::string bytes_of(const fs::path& file) { return puzzlepress::testing::read_bytes(file); }

// The givens of puzzle `number` of a manifest (a plain search: the text follows "givens": ").
std::string givens_of(const fs::path& manifest, int number) {
  const std::string s = bytes_of(manifest);
  std::size_t at = 0;
  for (int i = 0; i < number; ++i) at = s.find("\"givens\": \"", at) + 11;
  return s.substr(at, s.find('"', at) - at);
}

}  // namespace

TEST_SUITE("catalogue safety") {
  TEST_CASE("no output of a build lands on its catalogue, by flag or by the spec, existing or not") {
    const TempDir dir("catalogue-overwrite");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const std::string before = bytes_of(dir / "books.catalogue");
    const std::string catalogue = (dir / "books.catalogue").string();
    CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "books.catalogue")) ==
          CommandRun{2, "puzzlepress: -o: the PDF would overwrite the catalogue: " + catalogue + "\n"});
    CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "x.pdf") + " --manifest " +
                          in(dir, "sub/../books.catalogue")) ==
          CommandRun{2, "puzzlepress: --manifest: the manifest would overwrite the catalogue: " +
                            (dir / "sub/../books.catalogue").string() + "\n"});
    CHECK(bytes_of(dir / "books.catalogue") == before);
    // --catalogue naming the PDF (not there yet): the same refusal, nothing written.
    CHECK(
        run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "new.pdf") + " --catalogue " +
                        in(dir, "new.pdf")) ==
        CommandRun{2, "puzzlepress: -o: the PDF would overwrite the catalogue: " + (dir / "new.pdf").string() + "\n"});
    CHECK_FALSE(fs::exists(dir / "new.pdf"));
    // The spec's catalogue: the default manifest path.
    write_spec(dir, "two", "Book Two", "", "two.json");
    CHECK(run_puzzlepress("build " + in(dir, "two.yaml") + " -o " + in(dir, "two.pdf")) ==
          CommandRun{2,
                     "puzzlepress: the manifest would overwrite the catalogue: " + (dir / "two.json").string() + "\n"});
    CHECK_FALSE(fs::exists(dir / "two.pdf"));
  }

  TEST_CASE("an interrupted first build leaves no catalogue or a usable one; an empty file is an empty catalogue") {
    const TempDir dir("catalogue-interrupted");
    write_spec(dir, "one", "Book One");
    // An older puzzlepress killed while creating the catalogue left it empty: builds use it.
    std::ofstream(dir / "books.catalogue").close();
    CHECK(run_puzzlepress("catalogue list --catalogue " + in(dir, "books.catalogue")) ==
          CommandRun{0, "0 books in " + (dir / "books.catalogue").string() + "\n"});
    const CommandRun built = run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf"));
    CHECK(built.exit_code == 0);
    CHECK(built.output.find("catalogue: " + (dir / "books.catalogue").string() + ": registered 10 puzzles\n") !=
          std::string::npos);
    // Killed (SIGKILL, then SIGTERM) at moments through a first build: a catalogue is absent or
    // opens, and the next build succeeds.
    for (int signal : {SIGKILL, SIGTERM}) {
      for (int ms : {5, 15, 30, 60, 120}) {
        CAPTURE(signal);
        CAPTURE(ms);
        fs::remove(dir / "books.catalogue");
        run_shell("cd " + shell_quoted(dir.path) + " && (" + kBinary +
                  " build one.yaml -o k.pdf --jobs 1 >/dev/null 2>&1 & pid=$!; sleep " + std::to_string(ms / 1000.0) +
                  "; kill -" + std::to_string(signal) + " $pid; wait $pid) 2>/dev/null");
        if (fs::exists(dir / "books.catalogue"))
          CHECK(run_puzzlepress("catalogue list --catalogue " + in(dir, "books.catalogue")).exit_code == 0);
        CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "k.pdf")).exit_code == 0);
      }
    }
  }

  TEST_CASE("editions: a re-export at another trim is registered beside the book, not over it") {
    const TempDir dir("catalogue-editions");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const CommandRun large = run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "large.pdf") +
                                             " --trim 8.5x11 --layout one-up");
    CHECK(large.exit_code == 0);
    CHECK(large.output.find("registered 10 puzzles\n") != std::string::npos);  // nothing replaced
    CHECK(givens_of(dir / "large.json", 3) == givens_of(dir / "one.json", 3));
    const std::string catalogue = " --catalogue " + in(dir, "books.catalogue");
    const CommandRun found = run_puzzlepress("catalogue find " + givens_of(dir / "one.json", 3) + catalogue);
    CHECK(found ==
          CommandRun{0, "'Book One', 6x9 edition, puzzle 3, page 6\n'Book One', 8.5x11 edition, puzzle 3, page 7\n"});
    const CommandRun listed = run_puzzlepress("catalogue list" + catalogue);
    CHECK(listed.output.find("'Book One', 6x9 edition, seed 9: 10 puzzles, registered ") == 0);
    CHECK(listed.output.find("\n'Book One', 8.5x11 edition, seed 9: 10 puzzles, registered ") != std::string::npos);
    CHECK(run_puzzlepress("catalogue stats" + catalogue) ==
          CommandRun{0, "classic 9x9 easy: 10\n1 book (2 editions), 10 puzzles, 0 clashes avoided by build\n"});
    // Rebuilt at 6x9: the same edition replaced, the other kept.
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    CHECK(run_puzzlepress("catalogue find " + givens_of(dir / "one.json", 3) + catalogue) == found);
    CHECK(run_puzzlepress("catalogue check " + in(dir, "large.json") + catalogue).exit_code == 0);
  }

  TEST_CASE("the summary counts puzzles replaced, not clashes: a puzzle two books hold is one") {
    const TempDir dir("catalogue-replaced");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    // The same puzzles registered again as another book (an earlier printing under another title).
    std::string copy = bytes_of(dir / "one.json");
    copy.replace(copy.find("\"Book One\""), 10, "\"Book Old\"");
    std::ofstream(dir / "old.json") << copy;
    REQUIRE(run_puzzlepress("catalogue add " + in(dir, "old.json") + " --catalogue " + in(dir, "books.catalogue"))
                .exit_code == 0);
    write_spec(dir, "three", "Book Three");
    const CommandRun three = run_puzzlepress("build " + in(dir, "three.yaml") + " -o " + in(dir, "three.pdf"));
    CHECK(three.output.find("registered 10 puzzles, 10 replaced (held by other books)\n") != std::string::npos);
    const CommandRun json =
        run_puzzlepress("build " + in(dir, "three.yaml") + " -o " + in(dir, "three.pdf") + " --json");
    CHECK(json.output.find("\"registered\": 10, \"replaced\": 10, \"clashes\": 20}") != std::string::npos);
  }

  TEST_CASE("a catalogued book rebuilt without its catalogue says, in one line, that its puzzles change") {
    const TempDir dir("catalogue-without");
    write_spec(dir, "one", "Book One");
    write_spec(dir, "two", "Book Two");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    REQUIRE(run_puzzlepress("build " + in(dir, "two.yaml") + " -o " + in(dir, "two.pdf")).exit_code == 0);
    write_spec(dir, "plain", "Book Two", "", "");
    const CommandRun plain = run_puzzlepress("build " + in(dir, "plain.yaml") + " -o " + in(dir, "two.pdf"));
    CHECK(plain.exit_code == 0);
    CHECK(plain.output.rfind("warning: " + (dir / "two.json").string() +
                                 " holds a book built with a catalogue (10 puzzles replaced); without it this build "
                                 "places the spec's own puzzles: give --catalogue FILE to keep them\n",
                             0) == 0);
    // Built again over its own (plain) manifest: nothing to say.
    CHECK(run_puzzlepress("build " + in(dir, "plain.yaml") + " -o " + in(dir, "two.pdf")).output.find("warning") ==
          std::string::npos);
  }

  TEST_CASE("a catalogue in a missing folder is refused before any work, naming the flag or the spec's place") {
    const TempDir dir("catalogue-missing-folder");
    write_spec(dir, "one", "Book One", "", "gone/books.catalogue");
    CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")) ==
          CommandRun{1, "puzzlepress: " + (dir / "one.yaml").string() + ":8:12: cannot create catalogue " +
                            (dir / "gone/books.catalogue").string() + ": folder '" + (dir / "gone").string() +
                            "' does not exist\n"});
    CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf") + " --catalogue " +
                          in(dir, "no/c.db")) ==
          CommandRun{1, "puzzlepress: --catalogue: cannot create catalogue " + (dir / "no/c.db").string() +
                            ": folder '" + (dir / "no").string() + "' does not exist\n"});
    CHECK_FALSE(fs::exists(dir / "one.pdf"));
  }

  TEST_CASE("preview and sample show the puzzles the build places: the catalogue read, nothing registered") {
    const TempDir dir("catalogue-proofs");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const std::string catalogue_before = bytes_of(dir / "books.catalogue");
    // Book Two shares book one's seed: with the catalogue every puzzle of it is replaced.
    write_spec(dir, "two", "Book Two");
    write_spec(dir, "plain", "Book Two", "", "");
    REQUIRE(run_puzzlepress("sample " + in(dir, "two.yaml") + " -o " + in(dir, "two-proof.pdf")).exit_code == 0);
    REQUIRE(run_puzzlepress("sample " + in(dir, "plain.yaml") + " -o " + in(dir, "plain-proof.pdf")).exit_code == 0);
    CHECK(bytes_of(dir / "two-proof.pdf") != bytes_of(dir / "plain-proof.pdf"));
    REQUIRE(
        run_puzzlepress("preview " + in(dir, "two.yaml") + " -o " + in(dir, "two-pages") + " --pages 5").exit_code ==
        0);
    REQUIRE(run_puzzlepress("preview " + in(dir, "plain.yaml") + " -o " + in(dir, "plain-pages") + " --pages 5")
                .exit_code == 0);
    CHECK(bytes_of(dir / "two-pages/page-005.png") != bytes_of(dir / "plain-pages/page-005.png"));
    CHECK(bytes_of(dir / "books.catalogue") == catalogue_before);  // nothing registered
    // Built, book two prints what its proofs showed (its own entries never count against it).
    REQUIRE(run_puzzlepress("build " + in(dir, "two.yaml") + " -o " + in(dir, "two.pdf")).exit_code == 0);
    REQUIRE(run_puzzlepress("sample " + in(dir, "two.yaml") + " -o " + in(dir, "two-proof-after.pdf")).exit_code == 0);
    CHECK(bytes_of(dir / "two-proof-after.pdf") == bytes_of(dir / "two-proof.pdf"));
    // A catalogue that is no catalogue: the proof is refused naming it.
    std::ofstream(dir / "notes.txt")
        << "a shopping list, not a catalogue, long enough to be read as a header.........\n";
    write_spec(dir, "bad", "Bad", "", "notes.txt");
    CHECK(run_puzzlepress("sample " + in(dir, "bad.yaml") + " -o " + in(dir, "bad.pdf")) ==
          CommandRun{2, "puzzlepress: " + (dir / "bad.yaml").string() + ":8:12: " + (dir / "notes.txt").string() +
                            " is not a puzzlepress catalogue (file is not a database)\n"});
  }

  TEST_CASE("a PostgreSQL password is never printed, in the address or its query") {
    const TempDir dir("catalogue-password");
    write_spec(dir, "one", "Book One");
    const std::string address = "postgresql://ann:s3cret@127.0.0.1:1/books?password=hunter2&connect_timeout=2";
    const CommandRun run = run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf") +
                                           " --catalogue '" + address + "'");
    CHECK(run.exit_code == 1);
    CHECK(run.output.rfind(
              "puzzlepress: catalogue postgresql://ann@127.0.0.1:1/books?connect_timeout=2: cannot connect (", 0) == 0);
    CHECK(run.output.find("s3cret") == std::string::npos);
    CHECK(run.output.find("hunter2") == std::string::npos);
    const CommandRun list = run_puzzlepress("catalogue list --catalogue 'postgres://127.0.0.1:1/b?%70assword=hunter2'");
    CHECK(list.output.rfind("puzzlepress: catalogue postgres://127.0.0.1:1/b: cannot connect (", 0) == 0);
    CHECK(list.output.find("hunter2") == std::string::npos);
  }

  TEST_CASE("catalogue add waits as PUZZLEPRESS_CATALOGUE_WAIT_MS says: 0 does not wait") {
    if (!have_tool("python3")) {
      MESSAGE("skipped: python3 (which holds the catalogue's lock here) is not installed");
      return;
    }
    const TempDir dir("catalogue-wait");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    // Another writer holds the catalogue for 5 s (SQLite's reserved lock, as a build registering).
    const std::string hold =
        "python3 -c \"import sqlite3, time; c = sqlite3.connect('books.catalogue', isolation_level=None); "
        "c.execute('BEGIN IMMEDIATE'); open('held', 'w').close(); time.sleep(5)\"";
    const CommandRun run =
        run_shell("cd " + shell_quoted(dir.path) + " && (" + hold + " & while [ ! -e held ]; do sleep 0.05; done; " +
                  "PUZZLEPRESS_CATALOGUE_WAIT_MS=0 " + kBinary +
                  " catalogue add one.json --catalogue books.catalogue; " + "echo \"exit $?\"; wait)");
    CHECK(run.output == "puzzlepress: catalogue books.catalogue is locked by another build (waited 0.0 s)\nexit 1\n");
    CHECK(run_shell("PUZZLEPRESS_CATALOGUE_WAIT_MS=soon " + kBinary + " catalogue add " + in(dir, "one.json") +
                    " --catalogue " + in(dir, "books.catalogue")) ==
          CommandRun{2,
                     "puzzlepress: PUZZLEPRESS_CATALOGUE_WAIT_MS: expected milliseconds from 0 (do not wait) to "
                     "86400000, got 'soon'\n"});
  }

  TEST_CASE("check tells a manifest from a spec by its extension in any case, or by its text") {
    const TempDir dir("catalogue-manifest-names");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    fs::copy_file(dir / "one.json", dir / "book.B1.JSON");
    fs::copy_file(dir / "one.json", dir / "book-manifest");
    const std::string catalogue = " --catalogue " + in(dir, "books.catalogue");
    CHECK(run_puzzlepress("catalogue check " + in(dir, "book.B1.JSON") + catalogue) ==
          CommandRun{0, (dir / "book.B1.JSON").string() + ": 10 puzzles, 0 clashes with other books of " +
                            (dir / "books.catalogue").string() + "\n"});
    CHECK(run_puzzlepress("catalogue check " + in(dir, "book-manifest") + catalogue).exit_code == 0);
  }

  TEST_CASE("find: a sparse 12x12 or 16x16 board is answered at once (no book prints a puzzle of many solutions)") {
    const TempDir dir("catalogue-sparse");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const std::string catalogue = " --catalogue " + in(dir, "books.catalogue");
    const std::string not_in = "not in " + (dir / "books.catalogue").string();
    CHECK(run_puzzlepress("catalogue find 123456789ABC" + std::string(132, '.') + catalogue) ==
          CommandRun{1, not_in + " (it has more than one solution, so no book prints it)\n"});
    CHECK(run_puzzlepress("catalogue find 123456789ABCDEFG" + std::string(240, '.') + catalogue) ==
          CommandRun{1, not_in + " (it has more than one solution, so no book prints it)\n"});
  }
}
