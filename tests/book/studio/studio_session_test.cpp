#include "book/studio/studio_session.h"

#include <doctest/doctest.h>

#include "book/make/puzzle_cache.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/files.h"
#include "util/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;
using testing::read_bytes;
using testing::source_resources;
using testing::TempDir;

namespace {

std::string spec(const std::string& trim, int easy = 6, const std::string& extra = "") {
  return "title: Studio Test\nauthor: Ann Example\ntrim: " + trim +
         "\nlayout: two-up\nseed: 11\npuzzles:\n  - { grade: easy, count: " + std::to_string(easy) +
         " }\n  - { grade: medium, count: 4 }\n" + extra;
}

}  // namespace

TEST_CASE("puzzle cache: the same puzzles as generation, each generated once") {
  const BookSpec s = load_spec(spec("6x9"), "x.yaml", testing::any_file_exists);
  const std::vector<engine::VariantOptions> requests = generate_requests(s);
  PuzzleCache cache;
  const std::vector<engine::VariantPuzzle> first = cache.get(requests, 2);
  CHECK(cache.generated() == requests.size());
  const std::vector<engine::VariantPuzzle> fresh = engine::generate_batch(requests, 1);
  REQUIRE(first.size() == fresh.size());
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    CHECK(first[i].puzzle.givens == fresh[i].puzzle.givens);
    CHECK(first[i].puzzle.seed == fresh[i].puzzle.seed);
  }
  const std::vector<engine::VariantPuzzle> again = cache.get(requests, 2);
  CHECK(cache.generated() == requests.size());  // nothing new
  CHECK(again[3].puzzle.givens == first[3].puzzle.givens);
}

TEST_CASE("puzzle cache: a cancelled generation throws and keeps what it finished") {
  const BookSpec s = load_spec(spec("6x9"), "x.yaml", testing::any_file_exists);
  const std::vector<engine::VariantOptions> requests = generate_requests(s);
  PuzzleCache cache;
  int asked = 0;
  CHECK_THROWS_AS(cache.get(requests, 1, {}, [&] { return ++asked > 3; }), GenerationCancelled);
  const std::size_t kept = cache.size();
  CHECK(kept >= 1);
  CHECK(kept < requests.size());
  cache.get(requests, 1);
  CHECK(cache.generated() == requests.size());  // the kept ones were not made again
}

TEST_CASE("studio session: a layout-only edit regenerates nothing; more puzzles generate only the new ones") {
  const TempDir dir("studio-session-cache");
  StudioSession session(dir / "book.yaml", source_resources(), "test", 2);
  const Book a = session.make(session.read(spec("6x9")));
  const std::size_t made = session.cache().generated();
  CHECK(made == 10);
  const Book b = session.make(session.read(spec("8.5x11", 6, "bleed: true\n")));
  CHECK(session.cache().generated() == made);
  REQUIRE(a.puzzles.size() == b.puzzles.size());
  CHECK(a.puzzles[0].givens == b.puzzles[0].givens);
  CHECK(a.pages.front().frame.width_pt != b.pages.front().frame.width_pt);
  session.make(session.read(spec("6x9", 8)));
  // Puzzle i is seeded by its index: two more easy puzzles (6, 7) move the medium ones to 8-11;
  // 8 and 9 were medium before (cached), 10 and 11 are new.
  CHECK(session.cache().generated() == made + 2 + 2);
}

TEST_CASE("studio session: facts without generating") {
  const TempDir dir("studio-session-facts");
  StudioSession session(dir / "book.yaml", source_resources(), "test");
  const BookSpec s = session.read(spec("6x9", 6, "cover: { printer: kdp }\n"));
  const StudioFacts f = session.facts(s);
  const std::vector<PlannedPage> plan = plan_book(s, resolve_layout(s, source_resources()));
  CHECK(f.page_count == static_cast<int>(plan.size()));
  CHECK(f.page_kinds.size() == plan.size());
  CHECK(f.page_kinds[0] == "title");
  CHECK(f.spine_in == doctest::Approx(f.page_count * 0.002252));
  CHECK(f.has_cover);
  CHECK(f.puzzle_count == 10);
  CHECK(f.page_width_pt == doctest::Approx(432));
  CHECK(session.cache().generated() == 0);
}

TEST_CASE("studio session: files outside the spec's folder are refused at their value") {
  const TempDir dir("studio-session-outside");
  const std::string name = (dir / "book.yaml").string();
  StudioSession session(dir / "book.yaml", source_resources(), "test");
  const std::string folder = util::identity_path(dir).string();
  SUBCASE("absolute font") {
    try {
      session.read(spec("6x9", 6, "fonts: { text: /etc/hostname }\n"));
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) == name + ":9:16: '/etc/hostname' is outside the spec's folder " + folder +
                                         "; the studio reads only files inside it");
      CHECK(session.describe(e).line == 9);
      CHECK(session.describe(e).column == 16);
    }
  }
  SUBCASE("a layout file above the folder") {
    try {
      session.read(spec("6x9", 6, "").replace(spec("6x9").find("two-up"), 6, "../up.yaml"));
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) == name + ":4:9: '" + (dir / "../up.yaml").string() +
                                         "' is outside the spec's folder " + folder +
                                         "; the studio reads only files inside it");
    }
  }
  SUBCASE("a front or barcode image: absolute, above the folder, or a link inside leading out") {
    std::error_code error;
    std::filesystem::create_symlink("/etc/hostname", dir / "art.png", error);
    for (const std::string key : {"front_image", "barcode_image"}) {
      for (const std::string image : {"/etc/hostname", "../art.png", "art/../../art.png", "art.png"}) {
        CAPTURE(key);
        CAPTURE(image);
        try {
          session.read(spec("6x9", 6, "cover: { printer: kdp, " + key + ": \"" + image + "\" }\n"));
          FAIL("no error");
        } catch (const InputError& e) {
          CHECK(std::string(e.what()).starts_with(name + ":9:"));
          CHECK(std::string(e.what()).find("is outside the spec's folder " + folder) != std::string::npos);
        }
      }
    }
  }
  SUBCASE("a file inside that is missing is the CLI's message") {
    try {
      session.read(spec("6x9", 6, "fonts: { text: nope.ttf }\n"));
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) ==
            name + ":9:16: font file for 'fonts.text' not found: " + (dir / "nope.ttf").string());
    }
  }
}

TEST_CASE("studio session: errors read as the CLI's, with their line") {
  const TempDir dir("studio-session-errors");
  StudioSession session(dir / "book.yaml", source_resources(), "test");
  try {
    session.read(spec("7x7"));
    FAIL("no error");
  } catch (const InputError& e) {
    const StudioError shown = session.describe(e);
    CHECK(shown.text == std::string(e.what()));
    CHECK(shown.text.starts_with((dir / "book.yaml").string() + ":3:7: "));
    CHECK(shown.line == 3);
    CHECK(shown.column == 7);
  }
  CHECK(session.describe(InputError(Place::flag("--trim"), "x")).line == 0);
}

TEST_CASE("studio session: save writes only the spec; build writes the book beside it") {
  const TempDir dir("studio-session-save");
  StudioSession session(dir / "book.yaml", source_resources(), "test", 2);
  CHECK(session.spec_text() == starter_spec_text());
  session.save(spec("6x9"));
  CHECK(read_bytes(dir / "book.yaml") == spec("6x9"));
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  CHECK(session.spec_text() == spec("6x9"));

  const std::vector<fs::path> written = session.build(spec("6x9", 6, "cover: { printer: kdp }\n"));
  CHECK(written == std::vector<fs::path>{dir / "book.pdf", dir / "book.json", dir / "book-cover.pdf"});
  for (const fs::path& p : written) CHECK(fs::file_size(p) > 1000);
  CHECK(read_bytes(dir / "book.pdf").starts_with("%PDF-"));
  CHECK(read_bytes(dir / "book.yaml") == spec("6x9"));  // build does not save
}

TEST_CASE("studio session: an output that links outside the folder is refused") {
  const TempDir dir("studio-session-link");
  const TempDir other("studio-session-link-other");
  fs::create_symlink(other / "elsewhere.pdf", dir / "book.pdf");
  StudioSession session(dir / "book.yaml", source_resources(), "test", 2);
  try {
    session.build(spec("6x9"));
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == (dir / "book.pdf").string() + ": the PDF '" + (dir / "book.pdf").string() +
                                       "' is outside the spec's folder " + util::identity_path(dir).string() +
                                       "; the studio reads and writes only inside it");
  }
  CHECK(!fs::exists(other / "elsewhere.pdf"));
}

TEST_CASE("studio session: a spec swapped for a link to outside the folder is not served") {
  // Hostile round two: GET /api/spec read through the link.
  const TempDir dir("studio-session-swap");
  const TempDir other("studio-session-swap-other");
  testing::write_file(dir / "book.yaml", spec("6x9"));
  StudioSession session(dir / "book.yaml", source_resources(), "test", 2);
  CHECK(session.spec_text() == spec("6x9"));
  testing::write_file(other / "secret.txt", "key: 123\n");
  fs::remove(dir / "book.yaml");
  fs::create_symlink(other / "secret.txt", dir / "book.yaml");
  try {
    (void)session.spec_text();
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == (dir / "book.yaml").string() + ": the spec '" + (dir / "book.yaml").string() +
                                       "' is outside the spec's folder " + util::identity_path(dir).string() +
                                       "; the studio reads and writes only inside it");
  }
  // A link that stays inside the folder is served.
  testing::write_file(dir / "real.yaml", spec("5x8"));
  fs::remove(dir / "book.yaml");
  fs::create_symlink(dir / "real.yaml", dir / "book.yaml");
  CHECK(session.spec_text() == spec("5x8"));
}

TEST_CASE("studio session: a spec that is a folder is refused") {
  const TempDir dir("studio-session-folder");
  try {
    StudioSession session(dir, source_resources(), "test");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) ==
          dir.path.string() + ": is a folder; give the spec file to edit (e.g. " + (dir / "book.yaml").string() + ")");
  }
}

TEST_CASE("make_book_page: the one page laid out is the page make_book lays out, byte for byte") {
  const TempDir dir("studio-session-page");
  StudioSession session(dir / "book.yaml", source_resources(), "test", 2);
  const BookSpec s = session.read(spec("6x9", 6, "cover: { printer: kdp }\n"));
  const Book whole = session.make(s);
  for (int number : {1, 5, 8}) {
    CAPTURE(number);
    const Book one = session.make_page(s, number);
    REQUIRE(one.pages.size() == whole.pages.size());
    for (const BookPage& p : one.pages) {
      if (p.planned.number != number) CHECK(p.page.items.empty());
    }
    const render::Page* a = &whole.pages[number - 1].page;
    const render::Page* b = &one.pages[number - 1].page;
    CHECK(render::render_pdf(whole.info, std::span(&a, 1)).value() ==
          render::render_pdf(one.info, std::span(&b, 1)).value());
    CHECK(!one.cover);
    CHECK(session.preview_png(one, number == 1 ? 5 : 1, 96).error() ==
          "page " + std::to_string(number == 1 ? 5 : 1) + " was not laid out (make_page)");
  }
  const Book cover = session.make_page(s, 0);
  REQUIRE(cover.cover);
  const render::Page* a = &whole.cover->page;
  const render::Page* b = &cover.cover->page;
  CHECK(render::render_pdf(whole.info, std::span(&a, 1)).value() ==
        render::render_pdf(cover.info, std::span(&b, 1)).value());
}
