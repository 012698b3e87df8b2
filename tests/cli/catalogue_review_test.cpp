// The catalogue's commands after a hostile review, run as the binary: no password in libpq's
// messages; an unreadable address exits 2; `build --volumes` checks every volume before building
// any; a catalogue path that cannot be made is refused before any work; `catalogue add` keeps
// series and volume and refuses a manifest it cannot trust. Exact texts.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.h"
#include "support/files.h"

using namespace puzzlepress::testing;
namespace fs = std::filesystem;

namespace {

void write_spec(const TempDir& dir, const std::string& name, const std::string& extra) {
  std::ofstream(dir / (name + ".yaml")) << "title: Review\nauthor: Ann\nyear: 2026\ntrim: 6x9\nseed: 9\n"
                                        << "puzzles:\n  - { grade: easy, count: 4 }\n"
                                        << extra;
}

std::string in(const TempDir& dir, const std::string& name) { return shell_quoted(dir / name); }

std::string bytes_of(const fs::path& file) { return puzzlepress::testing::read_bytes(file); }

// `file` with the first `from` replaced by `to`.
void edit(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = bytes_of(file);
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::binary) << text;
}

}  // namespace

TEST_SUITE("catalogue review commands") {
  TEST_CASE("an address libpq cannot read: exit 2, no password, in any case of the scheme") {
    for (const std::string address : {"postgresql://bob:s3cret@[::1:1/db", "postgresql://bob:s3cret@[]/db",
                                      "postgresql://bob:%zzs3cret@host/db", "POSTGRESQL://bob:s3cret@[]/db"}) {
      const CommandRun run = run_puzzlepress("catalogue list --catalogue '" + address + "'");
      CAPTURE(run.output);
      CHECK(run.exit_code == 2);
      CHECK(run.output.find("s3cret") == std::string::npos);
      CHECK(run.output.find("not a valid PostgreSQL address") != std::string::npos);
    }
    CHECK(run_puzzlepress("catalogue list --catalogue 'postgresql://bob:s3cret@[]/db'") ==
          CommandRun{2,
                     "puzzlepress: --catalogue: catalogue postgresql://bob@[]/db: not a valid PostgreSQL address "
                     "(IPv6 host address may not be empty in URI: \"postgresql://bob@[]/db\")\n"});
    CHECK(run_puzzlepress("catalogue list --catalogue 'postgresql://bob:%zzs3cret@host/db'") ==
          CommandRun{2,
                     "puzzlepress: --catalogue: catalogue postgresql://bob@host/db: not a valid PostgreSQL address "
                     "(invalid percent-encoded token: \"***\")\n"});
    CHECK(run_puzzlepress("catalogue stats --catalogue 'postgresql://h/db?sslmode=bogus'") ==
          CommandRun{2,
                     "puzzlepress: --catalogue: catalogue postgresql://h/db?sslmode=bogus: not a valid PostgreSQL "
                     "address (invalid sslmode value: \"bogus\")\n"});
    const TempDir dir("catalogue-review-address");
    write_spec(dir, "one", "catalogue: 'postgresql://h:1x/db'\n");
    CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")) ==
          CommandRun{2, "puzzlepress: " + (dir / "one.yaml").string() +
                            ":8:12: catalogue postgresql://h:1x/db: not a valid PostgreSQL address (invalid integer "
                            "value \"1x\" for connection option \"port\")\n"});
    CHECK_FALSE(fs::exists(dir / "one.pdf"));
    // Upper-case scheme: an address, not a file named "POSTGRESQL:".
    CHECK(run_puzzlepress("catalogue list --catalogue 'POSTGRESQL://127.0.0.1:1/db?connect_timeout=2'")
              .output.rfind("puzzlepress: catalogue POSTGRESQL://127.0.0.1:1/db?connect_timeout=2: cannot connect (",
                            0) == 0);
  }

  TEST_CASE("build --volumes checks every volume's paths before building any") {
    const TempDir dir("catalogue-review-volumes");
    write_spec(dir, "s", "series: Review\n");
    // Volume 2's manifest would be the catalogue: refused before volume 1 is built.
    CHECK(run_puzzlepress("build " + in(dir, "s.yaml") + " --volumes 1-3 -o " + in(dir, "s.pdf") + " --catalogue " +
                          in(dir, "s-vol2.json")) ==
          CommandRun{
              2, "puzzlepress: the manifest would overwrite the catalogue: " + (dir / "s-vol2.json").string() + "\n"});
    CHECK_FALSE(fs::exists(dir / "s-vol1.pdf"));
    CHECK_FALSE(fs::exists(dir / "s-vol2.json"));
  }

  TEST_CASE("a catalogue that cannot be made is refused before any work: a link to nothing, a folder not writable") {
    const TempDir dir("catalogue-review-location");
    write_spec(dir, "one", "catalogue: link.catalogue\n");
    fs::create_symlink("gone.db", dir / "link.catalogue");
    CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")) ==
          CommandRun{1, "puzzlepress: " + (dir / "one.yaml").string() + ":8:12: cannot create catalogue " +
                            (dir / "link.catalogue").string() +
                            ": it is a symbolic link to 'gone.db', which does not exist\n"});
    CHECK(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf") + " --catalogue " +
                          in(dir, "link.catalogue")) ==
          CommandRun{1, "puzzlepress: --catalogue: cannot create catalogue " + (dir / "link.catalogue").string() +
                            ": it is a symbolic link to 'gone.db', which does not exist\n"});
    CHECK_FALSE(fs::exists(dir / "one.pdf"));
    // A folder that cannot be written: as root (who writes anything) the build runs as nobody,
    // in a folder of /tmp that nobody reaches.
    const bool root = geteuid() == 0;
    if (root && !have_tool("runuser")) {
      MESSAGE("skipped: root without runuser cannot test a folder that cannot be written");
      return;
    }
    std::string made = "/tmp/puzzlepress-test-XXXXXX";
    REQUIRE(::mkdtemp(made.data()) != nullptr);
    const fs::path own = made;
    fs::permissions(own, fs::perms::all);
    fs::create_directory(own / "ro");
    fs::permissions(own / "ro", fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                    fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    fs::copy_file(dir / "one.yaml", own / "one.yaml");
    const std::string build = std::string("'") + PUZZLEPRESS_BINARY + "' build " + shell_quoted(own / "one.yaml") +
                              " -o " + shell_quoted(own / "one.pdf") + " --catalogue " +
                              shell_quoted(own / "ro/books.catalogue");
    const CommandRun refused = run_shell(root ? "runuser -u nobody -- " + build + " 2>&1" : build + " 2>&1");
    const bool output_left = fs::exists(own / "one.pdf");
    std::error_code ec;
    fs::remove_all(own, ec);
    CHECK(refused ==
          CommandRun{1, "puzzlepress: --catalogue: cannot create catalogue " + (own / "ro/books.catalogue").string() +
                            ": folder '" + (own / "ro").string() + "' cannot be written (Permission denied)\n"});
    CHECK_FALSE(output_left);
  }

  TEST_CASE("catalogue add registers series and volume from the manifest; other books' manifests keep their bytes") {
    const TempDir dir("catalogue-review-series");
    write_spec(dir, "one", "series: Review\nvolume: 2\ncatalogue: a.catalogue\n");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const std::string manifest = bytes_of(dir / "one.json");
    CHECK(manifest.find("\"series\": \"Review\",\n  \"volume\": 2,\n") != std::string::npos);
    REQUIRE(
        run_puzzlepress("catalogue add " + in(dir, "one.json") + " --catalogue " + in(dir, "b.catalogue")).exit_code ==
        0);
    const CommandRun list = run_puzzlepress("catalogue list --json --catalogue " + in(dir, "b.catalogue"));
    CHECK(list.output.find("\"series\": \"Review\", \"volume\": 2,") != std::string::npos);
    // Without a catalogue the manifest records neither (its bytes as before).
    write_spec(dir, "plain", "series: Review\nvolume: 2\n");
    REQUIRE(run_puzzlepress("build " + in(dir, "plain.yaml") + " -o " + in(dir, "plain.pdf")).exit_code == 0);
    CHECK(bytes_of(dir / "plain.json").find("\"series\"") == std::string::npos);
    CHECK(bytes_of(dir / "plain.json").find("\"volume\"") == std::string::npos);
  }

  TEST_CASE("catalogue add refuses a manifest it cannot trust, exit 2, naming the file and the JSON path") {
    const TempDir dir("catalogue-review-trust");
    write_spec(dir, "one", "");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const std::string catalogue = " --catalogue " + in(dir, "c.catalogue");
    fs::copy_file(dir / "one.json", dir / "ones.json");
    const std::string givens = bytes_of(dir / "one.json");
    const std::size_t at = givens.find("\"givens\": \"") + 11;
    edit(dir / "ones.json", givens.substr(at, 81), std::string(81, '1'));
    CHECK(run_puzzlepress("catalogue add " + in(dir, "ones.json") + catalogue) ==
          CommandRun{2, "puzzlepress: " + (dir / "ones.json").string() +
                            ": puzzles[0].givens: they clash (the same symbol twice in a row, column or box)\n"});
    fs::copy_file(dir / "one.json", dir / "twice.json");
    edit(dir / "twice.json", "\"number\": 2,", "\"number\": 1,");
    CHECK(run_puzzlepress("catalogue add " + in(dir, "one.json") + " " + in(dir, "twice.json") + catalogue) ==
          CommandRun{2, "puzzlepress: " + (dir / "twice.json").string() +
                            ": puzzles[1].number: 1 is the number of puzzles[0] too\n"});
    fs::copy_file(dir / "one.json", dir / "five.json");
    edit(dir / "five.json", "\"number\": 2,", "\"number\": 5,");
    CHECK(run_puzzlepress("catalogue check " + in(dir, "five.json") + catalogue) ==
          CommandRun{2, "puzzlepress: " + (dir / "five.json").string() +
                            ": puzzles[1].number: expected 1-4 (the manifest's 4 puzzles), got 5\n"});
    fs::copy_file(dir / "one.json", dir / "other.json");
    const std::size_t empty = givens.find('.', at);
    const std::string solution_cell = givens.substr(givens.find("\"solution\": \"") + 13 + (empty - at), 1);
    std::string changed = givens.substr(at, 81);
    changed[empty - at] = solution_cell == "1" ? '2' : '1';
    edit(dir / "other.json", givens.substr(at, 81), changed);
    const CommandRun other = run_puzzlepress("catalogue add " + in(dir, "other.json") + catalogue);
    CHECK(other.exit_code == 2);
    CAPTURE(other.output);
    CHECK((other.output.find(": puzzles[0].givens: row ") != std::string::npos ||
           other.output.find(": puzzles[0].givens: they clash") != std::string::npos));
    CHECK_FALSE(fs::exists(dir / "c.catalogue"));  // nothing registered, no catalogue made
  }
}

TEST_SUITE("catalogue review commands") {
  TEST_CASE("find: the puzzle from a file or standard input; a character not ASCII named; a filled-in copy found") {
    const TempDir dir("catalogue-review-find");
    write_spec(dir, "one", "catalogue: c.catalogue\n");
    REQUIRE(run_puzzlepress("build " + in(dir, "one.yaml") + " -o " + in(dir, "one.pdf")).exit_code == 0);
    const std::string manifest = bytes_of(dir / "one.json");
    const std::size_t g = manifest.find("\"givens\": \"") + 11, s = manifest.find("\"solution\": \"") + 13;
    const std::string givens = manifest.substr(g, 81), solution = manifest.substr(s, 81);
    const std::string catalogue = " --catalogue " + in(dir, "c.catalogue");
    const std::string page = manifest.substr(manifest.find("\"page\": ") + 8);
    const std::string where = "'Review', 6x9 edition, puzzle 1, page " + page.substr(0, page.find_first_of(",\n"));
    std::ofstream(dir / "email.txt") << givens.substr(0, 27) << "\n"
                                     << givens.substr(27, 27) << "\n"
                                     << givens.substr(54) << "\n";
    CHECK(run_puzzlepress("catalogue find " + in(dir, "email.txt") + catalogue) == CommandRun{0, where + "\n"});
    CHECK(run_shell("cat " + in(dir, "email.txt") + " | '" + PUZZLEPRESS_BINARY + "' catalogue find -" + catalogue) ==
          CommandRun{0, where + "\n"});
    // A full-width digit (U+FF11, three bytes in UTF-8) named as the character it is.
    CHECK(run_puzzlepress("catalogue find '\xEF\xBC\x91" + givens.substr(1) + "'" + catalogue) ==
          CommandRun{2,
                     "puzzlepress: PUZZLE: bad character U+FF11 '\xEF\xBC\x91' at position 1 (expected 1-9, A-G, '.' "
                     "or '0')\n"});
    // The reader filled in some cells (correctly): the same solution grid, named with its page.
    std::string filled = givens;
    for (int k = 0, done = 0; k < 81 && done < 5; ++k)
      if (filled[k] == '.') filled[k] = solution[k], ++done;
    CHECK(run_puzzlepress("catalogue find " + filled + catalogue) ==
          CommandRun{0, "the same solution grid as " + where + " (that puzzle with more cells filled in?)\n"});
  }
}
