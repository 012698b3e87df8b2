// The studio with a catalogued spec: its previews show the puzzles `build` places (the chooser the
// command line gives it reads the catalogue), and its Build refuses (only build registers).
#include <doctest/doctest.h>

#include <fstream>

#include "book/catalogue/catalogue_build.h"
#include "book/studio/studio_session.h"
#include "support/book_fixtures.h"
#include "support/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;

namespace {

std::string spec_text(const std::string& title) {
  return "title: " + title +
         "\nauthor: Ann\nyear: 2026\ntrim: 6x9\nseed: 5\npuzzles:\n  - { grade: easy, count: 6 }\n"
         "catalogue: books.catalogue\n";
}

std::vector<std::string> givens_of(const Book& book) {
  std::vector<std::string> out;
  for (const auto& p : book.puzzles) out.push_back(engine::to_string(p.givens));
  return out;
}

}  // namespace

TEST_CASE("studio: a catalogued spec is previewed with the catalogue's puzzles; its Build is refused") {
  const testing::TempDir dir("studio-catalogue");
  std::ofstream(dir / "one.yaml") << spec_text("One");
  std::ofstream(dir / "two.yaml") << spec_text("Two");
  BuildSettings settings;
  settings.resources = testing::source_resources();
  settings.version = "test";
  settings.jobs = 1;
  const BookPaths one_paths{{dir / "one.pdf", "the PDF", ""}, {dir / "one.json", "the manifest", ""}};
  build_into_catalogue(load_spec_file(dir / "one.yaml"), settings, one_paths, "");

  StudioSession session(dir / "two.yaml", testing::source_resources(), "test", 1);
  const BookSpec two = session.read(spec_text("Two"));
  const std::vector<std::string> unchosen = givens_of(session.make(two));
  session.set_puzzle_chooser([](BookSpec& spec, const BuildSettings& s) { choose_catalogue_puzzles(spec, s); });
  const std::vector<std::string> shown = givens_of(session.make(two));
  CHECK(shown != unchosen);  // book one holds the spec's own puzzles
  CHECK(givens_of(session.make_page(two, 5)) == shown);
  // What build places is what the studio showed.
  const BookPaths two_paths{{dir / "two.pdf", "the PDF", ""}, {dir / "two.json", "the manifest", ""}};
  CHECK(givens_of(build_into_catalogue(load_spec_file(dir / "two.yaml"), settings, two_paths, "").book) == shown);
  fs::remove(dir / "two.pdf");
  try {
    session.build(spec_text("Two"));
    FAIL("the studio built a catalogued book");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == (dir / "two.yaml").string() +
                                       ":8:12: the studio does not register books in a catalogue: build this spec "
                                       "with 'puzzlepress build', which registers the book with its files");
  }
  CHECK_FALSE(fs::exists(dir / "two.pdf"));
}
