// `puzzlepress catalogue` and `build --catalogue`, run as the binary: a rotated and relabelled
// puzzle of a book is found with its book and page; check exits 1 on clashes; two builds at once
// against one catalogue place no puzzle twice and lose no entry; exact error texts.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <sstream>

#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::testing;
namespace fs = std::filesystem;

namespace {

// A fresh 0755 folder under `parent` (mkdtemp), removed with what is in it when this goes.
struct OwnFolder {
  fs::path path;
  explicit OwnFolder(const fs::path& parent) {
    std::string name = (parent / "puzzlepress-test-XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr) throw std::runtime_error("cannot make a folder in " + parent.string());
    path = name;
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  }
  ~OwnFolder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  OwnFolder(const OwnFolder&) = delete;
  OwnFolder& operator=(const OwnFolder&) = delete;
};

void write_spec(const TempDir& dir, const std::string& name, const std::string& title, int seed = 9) {
  std::ofstream(dir / (name + ".yaml")) << "title: " << title << "\nauthor: Ann\ntrim: 6x9\nseed: " << seed
                                        << "\npuzzles:\n  - { grade: easy, count: 10 }\ncatalogue: books.catalogue\n";
}

std::string in(const TempDir& dir, const std::string& name) { return shell_quoted(dir / name); }

// The givens of puzzle `number` of a manifest (a plain search: the text follows "givens": ").
std::string givens_of(const fs::path& manifest, int number) {
  std::ifstream f(manifest);
  std::stringstream text;
  text << f.rdbuf();
  const std::string s = text.str();
  std::size_t at = 0;
  for (int i = 0; i < number; ++i) at = s.find("\"givens\": \"", at) + 11;
  return s.substr(at, 81);
}

// Turned a quarter to the right and every digit d written 10 - d.
std::string rotated_relabelled(const std::string& g) {
  std::string out(81, '.');
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const char v = g[(8 - c) * 9 + r];
      out[r * 9 + c] = v == '.' ? '.' : static_cast<char>('0' + 10 - (v - '0'));
    }
  return out;
}

}  // namespace

TEST_SUITE("catalogue command") {
  TEST_CASE("find a rotated, relabelled puzzle; check clashes; list; stats") {
    const TempDir dir("catalogue-cli");
    write_spec(dir, "one", "Book One");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const std::string puzzle = rotated_relabelled(givens_of(dir / "one.json", 4));
    REQUIRE(puzzle != givens_of(dir / "one.json", 4));
    const std::string catalogue = " --catalogue " + in(dir, "books.catalogue");
    const CommandRun found = run_puzzlepress("catalogue find " + puzzle + catalogue);
    CHECK(found == CommandRun{0, "'Book One', 6x9 edition, puzzle 4, page 6\n"});
    CHECK(run_puzzlepress(
              "catalogue find ...................................................................................." +
              catalogue)
              .exit_code == 2);
    // Another book of the same seed: check SPEC names every clash with both sides, exit 1.
    write_spec(dir, "two", "Book Two");
    const CommandRun clashes = run_puzzlepress("catalogue check " + in(dir, "two.yaml"));
    CHECK(clashes.exit_code == 1);
    CHECK(clashes.output.find("puzzle 4 (page 6) is 'Book One', 6x9 edition, puzzle 4, page 6\n") != std::string::npos);
    CHECK(clashes.output.find(": 10 puzzles, 10 clashes with other books of ") != std::string::npos);
    // Built, book two replaces them all, and check of its manifest is clean.
    const CommandRun two = run_puzzlepress("build " + in(dir, "two.yaml") + " -o " + in(dir, "two.pdf"));
    CHECK(two.output.find("registered 10 puzzles, 10 replaced (held by other books)\n") != std::string::npos);
    CHECK(run_puzzlepress("catalogue check " + in(dir, "two.json") + catalogue).exit_code == 0);
    CHECK(run_puzzlepress("catalogue find " + puzzle + catalogue).output ==
          "'Book One', 6x9 edition, puzzle 4, page 6\n");
    const CommandRun stats = run_puzzlepress("catalogue stats" + catalogue);
    CHECK(stats == CommandRun{0, "classic 9x9 easy: 20\n2 books, 20 puzzles, 10 clashes avoided by build\n"});
    CHECK(run_puzzlepress("catalogue list --json" + catalogue).output.find("\"title\": \"Book Two\"") !=
          std::string::npos);
  }

  TEST_CASE("two builds at once against one catalogue place no puzzle twice and lose no entry") {
    const TempDir dir("catalogue-concurrent");
    write_spec(dir, "a", "Book A", 31);
    write_spec(dir, "b", "Book B", 31);
    const CommandRun both =
        run_shell("( '" + std::string(PUZZLEPRESS_BINARY) + "' build " + in(dir, "a.yaml") + " -o " + in(dir, "a.pdf") +
                  " --jobs 1 > /dev/null & '" + PUZZLEPRESS_BINARY + "' build " + in(dir, "b.yaml") + " -o " +
                  in(dir, "b.pdf") + " --jobs 1 > /dev/null & wait ) && echo ok");
    CHECK(both.output == "ok\n");
    const std::string catalogue = " --catalogue " + in(dir, "books.catalogue");
    CHECK(run_puzzlepress("catalogue check " + in(dir, "a.json") + catalogue).exit_code == 0);
    CHECK(run_puzzlepress("catalogue check " + in(dir, "b.json") + catalogue).exit_code == 0);
    CHECK(run_puzzlepress("catalogue stats" + catalogue).output ==
          "classic 9x9 easy: 20\n2 books, 20 puzzles, 10 clashes avoided by build\n");
  }

  TEST_CASE("two clients at once on a PostgreSQL catalogue place no puzzle twice and lose no entry") {
    const char* base = std::getenv("PUZZLEPRESS_TEST_POSTGRES");
    if (base == nullptr || *base == '\0' || !have_tool("psql")) {
      MESSAGE("skipped: no PostgreSQL server (PUZZLEPRESS_TEST_POSTGRES unset; .ci/run starts one)");
      return;
    }
    const std::string name = "pp_cli_" + std::to_string(getpid());
    REQUIRE(run_shell("psql -q -X " + shell_quoted(base) + " -c 'CREATE DATABASE " + name + "'").exit_code == 0);
    std::string address = base;
    const auto slash = address.find('/', address.find("://") + 3), query = address.find('?');
    address = address.substr(0, slash + 1) + name + (query == std::string::npos ? "" : address.substr(query));
    const TempDir dir("catalogue-postgres-cli");
    write_spec(dir, "a", "Book A", 33);
    write_spec(dir, "b", "Book B", 33);
    const std::string catalogue = " --catalogue " + shell_quoted(address);
    const CommandRun both =
        run_shell("( '" + std::string(PUZZLEPRESS_BINARY) + "' build " + in(dir, "a.yaml") + " -o " + in(dir, "a.pdf") +
                  catalogue + " --jobs 1 > /dev/null & '" + PUZZLEPRESS_BINARY + "' build " + in(dir, "b.yaml") +
                  " -o " + in(dir, "b.pdf") + catalogue + " --jobs 1 > /dev/null & wait ) && echo ok");
    CHECK(both.output == "ok\n");
    CHECK(run_puzzlepress("catalogue check " + in(dir, "a.json") + catalogue).exit_code == 0);
    CHECK(run_puzzlepress("catalogue check " + in(dir, "b.json") + catalogue).exit_code == 0);
    CHECK(run_puzzlepress("catalogue stats" + catalogue).output ==
          "classic 9x9 easy: 20\n2 books, 20 puzzles, 10 clashes avoided by build\n");
  }

  TEST_CASE("faults: a corrupt catalogue exits 2, a read-only one exits 1, and the book's files stay unwritten") {
    const TempDir dir("catalogue-faults");
    fs::permissions(dir.path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
    write_spec(dir, "one", "Faults");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    // Every page after the header overwritten: SQLite finds the file malformed.
    fs::copy_file(dir / "books.catalogue", dir / "corrupt.catalogue");
    {
      std::fstream f(dir / "corrupt.catalogue", std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(4096);
      const std::string junk(fs::file_size(dir / "corrupt.catalogue") - 4096, '\x07');
      f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
    }
    CHECK(run_puzzlepress("catalogue list --catalogue " + in(dir, "corrupt.catalogue")) ==
          CommandRun{2, "puzzlepress: --catalogue: " + (dir / "corrupt.catalogue").string() +
                            " is not a puzzlepress catalogue (database disk image is malformed)\n"});
    // Read-only: as root (who may write anything) the build runs as nobody, in a folder nobody may
    // write. Nobody must reach that folder: the test's own when every folder above it lets others
    // through (TMPDIR may be 0700), else a fresh one under /tmp.
    const bool root = geteuid() == 0;
    if (root && !have_tool("runuser")) {
      MESSAGE("skipped: root without runuser cannot test a read-only catalogue");
      return;
    }
    const auto nobody_reaches = [](const fs::path& folder) {
      return run_shell("runuser -u nobody -- test -x " + shell_quoted(folder)).exit_code == 0;
    };
    std::optional<OwnFolder> own;
    fs::path ro = dir.path;
    if (root && !nobody_reaches(ro)) {
      own.emplace("/tmp");
      ro = own->path;
      if (!nobody_reaches(ro)) {
        MESSAGE("skipped: user nobody cannot reach " << dir.path << " nor " << ro
                                                     << " (a read-only catalogue needs it)");
        return;
      }
      fs::copy_file(dir / "books.catalogue", ro / "books.catalogue");
    }
    fs::permissions(ro / "books.catalogue", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    std::ofstream(ro / "two.yaml") << "title: Faults Two\nauthor: Ann\ntrim: 6x9\nseed: 9\npuzzles:\n"
                                   << "  - { grade: easy, count: 10 }\ncatalogue: books.catalogue\n";
    fs::create_directory(ro / "out");
    fs::permissions(ro / "out", fs::perms::all);  // anyone may write the book's files there
    const std::string build = std::string("'") + PUZZLEPRESS_BINARY + "' build " + shell_quoted(ro / "two.yaml") +
                              " -o " + shell_quoted(ro / "out/two.pdf");
    const CommandRun refused = run_shell(root ? "runuser -u nobody -- " + build + " 2>&1" : build + " 2>&1");
    CHECK(refused.exit_code == 1);
    CHECK(refused.output.find("puzzlepress: catalogue " + (ro / "books.catalogue").string() + " is read-only (") == 0);
    CHECK(fs::is_empty(ro / "out"));
  }

  TEST_CASE("errors: no catalogue named, not a catalogue, a puzzle that is no grid; nothing left behind") {
    const TempDir dir("catalogue-errors");
    CHECK(
        run_puzzlepress("catalogue list") ==
        CommandRun{
            2, "puzzlepress: --catalogue: which catalogue? (expected --catalogue FILE or a postgresql:// address)\n"});
    std::ofstream(dir / "notes.txt")
        << "a shopping list, not a catalogue, long enough to be read as a header.........\n";
    CHECK(run_puzzlepress("catalogue list --catalogue " + in(dir, "notes.txt")) ==
          CommandRun{2, "puzzlepress: --catalogue: " + (dir / "notes.txt").string() +
                            " is not a puzzlepress catalogue (file is not a database)\n"});
    CHECK(run_puzzlepress("catalogue find 12 --catalogue " + in(dir, "x.catalogue")) ==
          CommandRun{2,
                     "puzzlepress: PUZZLE: expected 16, 36, 64, 81, 144 or 256 cells (a 4x4, 6x6, 8x8, 9x9, 12x12 or "
                     "16x16 grid), got 2\n"});
    // A build whose catalogue is no catalogue: exit 2 at the spec's line, no file written.
    std::ofstream(dir / "s.yaml")
        << "title: T\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 4 }\ncatalogue: notes.txt\n";
    const CommandRun bad = run_puzzlepress("build " + in(dir, "s.yaml") + " -o " + in(dir, "s.pdf"));
    CHECK(bad == CommandRun{2, "puzzlepress: " + (dir / "s.yaml").string() + ":6:12: " + (dir / "notes.txt").string() +
                                   " is not a puzzlepress catalogue (file is not a database)\n"});
    CHECK_FALSE(fs::exists(dir / "s.pdf"));
    CHECK_FALSE(fs::exists(dir / "s.json"));
  }
}
