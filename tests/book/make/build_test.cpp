#include "book/make/build.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include "engine/validate9.h"
#include "render/layout.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/files.h"
#include "support/rule_checker9.h"
#include "support/sampling.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using puzzlepress::EnvironmentError;
using puzzlepress::InputError;
namespace fs = std::filesystem;
using testing::read_bytes;
using testing::TempDir;

namespace {

std::string spec_text(const std::string& trim, const std::string& layout, bool bleed = false) {
  return "title: Test Book\nauthor: Ann Example\ntrim: " + trim + "\nlayout: " + layout +
         "\nbleed: " + (bleed ? "true" : "false") +
         "\nseed: 7\npuzzles:\n  - { grade: easy, count: 9 }\n  - { grade: hard, count: 7 }\n"
         "  - { grade: evil, count: 5 }\n";
}

BookSpec spec_of(const std::string& text) { return testing::load_test_spec(text); }

BookPaths paths(const fs::path& pdf, const fs::path& manifest) {
  return {{pdf, "the PDF", "-o"}, {manifest, "the manifest", "--manifest"}};
}

bool inside(const RectPt& inner, const RectPt& outer) {
  const double e = 0.01;
  return inner.x >= outer.x - e && inner.y >= outer.y - e && inner.x + inner.width <= outer.x + outer.width + e &&
         inner.y + inner.height <= outer.y + outer.height + e;
}

}  // namespace

TEST_SUITE("build") {
  TEST_CASE("every preset at 5x8, 6x9 and 8.5x11: content inside the margins, manifest complete") {
    for (const std::string trim : {"5x8", "6x9", "8.5x11"}) {
      for (const std::string layout : {"one-up", "two-up", "four-up", "six-up"}) {
        INFO(trim << " " << layout);
        const BookSpec spec = spec_of(spec_text(trim, layout));
        const Book book = make_book(spec, testing::test_settings());
        const int pages = static_cast<int>(book.pages.size());
        CHECK(pages >= 24);
        CHECK(pages % 2 == 0);
        REQUIRE(book.manifest.puzzles.size() == 21);
        CHECK(book.manifest.page_count == pages);

        // Every item of every page inside that page's content box (KDP margins and gutter).
        const auto metrics = render::PdfFontMetrics::load(book.info.fonts);
        REQUIRE(metrics.ok());
        for (int n = 1; n <= pages; ++n) {
          CHECK(book.pages[n - 1].planned.number == n);
          const RectPt content = content_box_pt(n, pages, spec.trim, spec.bleed, book.layout.min_margins_in);
          for (const auto& item : book.pages[n - 1].page.items) {
            const render::Box ink = render::ink_bounds(item, **metrics);
            const RectPt r{ink.left, ink.bottom, ink.width(), ink.height()};
            if (!inside(r, content)) {
              FAIL_CHECK("page " << n << " item outside the content box");
              break;
            }
          }
        }

        for (std::size_t k = 0; k < book.manifest.puzzles.size(); ++k) {
          const ManifestPuzzle& p = book.manifest.puzzles[k];
          CHECK(p.number == static_cast<int>(k) + 1);
          CHECK(p.page >= 1);
          CHECK(p.solution_page > p.page);
          CHECK(book.pages[p.page - 1].planned.kind == PageKind::puzzles);
          CHECK(book.pages[p.solution_page - 1].planned.kind == PageKind::solutions);
          CHECK(inside(p.rect, content_box_pt(p.page, pages, spec.trim, false, book.layout.min_margins_in)));
          CHECK(inside(p.solution_rect,
                       content_box_pt(p.solution_page, pages, spec.trim, false, book.layout.min_margins_in)));
          CHECK(p.rect.width == doctest::Approx(p.rect.height));
          CHECK(testing::is_complete_legal(engine::to_string(p.solution)));
          CHECK(testing::agrees_with(engine::to_string(p.givens), engine::to_string(p.solution)));
        }
        for (const auto& puzzle : book.puzzles) CHECK(engine::validate(engine::to_puzzle(puzzle)).empty());
      }
    }
  }

  TEST_CASE("re-export at another trim and layout: same puzzles, same order, new geometry") {
    const Book small = make_book(spec_of(spec_text("6x9", "two-up")), testing::test_settings());
    const Book large = make_book(spec_of(spec_text("8.5x11", "four-up")), testing::test_settings());
    REQUIRE(small.manifest.puzzles.size() == large.manifest.puzzles.size());
    for (std::size_t k = 0; k < small.manifest.puzzles.size(); ++k) {
      CHECK(small.manifest.puzzles[k].givens == large.manifest.puzzles[k].givens);
      CHECK(small.manifest.puzzles[k].solution == large.manifest.puzzles[k].solution);
      CHECK(small.manifest.puzzles[k].seed == large.manifest.puzzles[k].seed);
    }
    CHECK(small.manifest.page_width_pt == 432);
    CHECK(large.manifest.page_width_pt == 612);
  }

  TEST_CASE("bleed: page grows by 0.125 x 0.25 in and carries trim and bleed boxes") {
    const Book book = make_book(spec_of(spec_text("6x9", "two-up", true)), testing::test_settings());
    CHECK(book.manifest.page_width_pt == doctest::Approx(441));
    CHECK(book.manifest.page_height_pt == doctest::Approx(666));
    const auto& page = book.pages[4].page;
    REQUIRE(page.trim_box.has_value());
    CHECK(page.trim_box->width() == doctest::Approx(432));
    CHECK(page.trim_box->height() == doctest::Approx(648));
  }

  TEST_CASE("the same spec gives byte-identical PDF and manifest") {
    const TempDir dir("build-twice");
    const BookSpec spec = spec_of(spec_text("6x9", "two-up"));
    write_book(make_book(spec, testing::test_settings()), paths(dir / "a.pdf", dir / "a.json"));
    write_book(make_book(spec, testing::test_settings(1)), paths(dir / "b.pdf", dir / "b.json"));
    CHECK(read_bytes(dir / "a.pdf") == read_bytes(dir / "b.pdf"));
    CHECK(read_bytes(dir / "a.json") == read_bytes(dir / "b.json"));
    CHECK(read_bytes(dir / "a.pdf").rfind("%PDF-", 0) == 0);
    const Manifest back = read_manifest_file(dir / "a.json");
    CHECK(back.puzzles.size() == 21);
  }

  TEST_CASE("painting pages while puzzles generate writes the same files, for any number of threads") {
    const TempDir dir("build-painted");
    const std::string covered = spec_text("6x9", "four-up") + "cover: { printer: kdp }\n";
    // IngramSpark: a PDF/X-1a cover, its manifest record with its own hash.
    const std::string ingram = spec_text("6x9", "two-up") + "cover: { printer: ingramspark, spine_in: 0.2 }\n";
    for (const std::string& text : {spec_text("6x9", "two-up"), covered, ingram}) {
      const BookSpec spec = spec_of(text);
      const BookPaths plain = paths(dir / "plain.pdf", dir / "plain.json");
      write_book(make_book(spec, testing::test_settings()), plain);
      for (int jobs : {1, 2, 4}) {
        if (!testing::taken(jobs, {4})) continue;  // under ASan: the most threads only
        INFO("jobs " << jobs << ", spec:\n" << text);
        BuildSettings painting = testing::test_settings();
        painting.jobs = jobs;
        painting.paint_pdf = true;
        const Book book = make_book(spec, painting);
        REQUIRE(book.painted_pdf.has_value());
        // The PDF is the drawing: pages keep plan, frame and grid boxes, not their items.
        CHECK(book.pages.size() == make_book(spec, testing::test_settings()).pages.size());
        // Their storage too: `items = {}` would empty a vector and keep its memory.
        CHECK(std::all_of(book.pages.begin(), book.pages.end(),
                          [](const BookPage& p) { return p.page.items.capacity() == 0; }));
        CHECK(
            std::any_of(book.pages.begin(), book.pages.end(), [](const BookPage& p) { return !p.grid_boxes.empty(); }));
        BookPaths painted = paths(dir / "painted.pdf", dir / "painted.json");
        if (spec.cover) painted.cover = util::OutputTarget{dir / "painted-cover.pdf", "the cover", ""};
        write_book(book, painted);
        CHECK(read_bytes(dir / "painted.pdf") == read_bytes(dir / "plain.pdf"));
        CHECK(read_bytes(dir / "painted.json") == read_bytes(dir / "plain.json"));
        if (spec.cover) CHECK(read_bytes(dir / "painted-cover.pdf") == read_bytes(dir / "plain-cover.pdf"));
        // The manifest's text was made while the PDF saved; the moving write fills in the same hashes.
        CHECK_FALSE(book.manifest_json_unhashed.empty());
        BookPaths moved = paths(dir / "moved.pdf", dir / "moved.json");
        if (spec.cover) moved.cover = util::OutputTarget{dir / "moved-cover.pdf", "the cover", ""};
        Book taken = book;
        write_book(std::move(taken), moved);
        // Its PDF taken, the book can be written no more (its drawings went with the painting).
        CHECK(taken.pdf_taken);
        CHECK_THROWS_AS(taken.page_list(), std::logic_error);
        CHECK_THROWS_AS(write_book(taken, paths(dir / "again.pdf", dir / "again.json")), std::logic_error);
        CHECK_FALSE(fs::exists(dir / "again.pdf"));
        CHECK(read_bytes(dir / "moved.pdf") == read_bytes(dir / "plain.pdf"));
        CHECK(read_bytes(dir / "moved.json") == read_bytes(dir / "plain.json"));
        if (spec.cover) CHECK(read_bytes(dir / "moved-cover.pdf") == read_bytes(dir / "plain-cover.pdf"));
      }
    }
    // Hints wait for every puzzle (they add pages): such a book is painted when written.
    BuildSettings painting = testing::test_settings();
    painting.paint_pdf = true;
    const Book hinted = make_book(spec_of(spec_text("6x9", "two-up") + "hints: true\n"), painting);
    CHECK_FALSE(hinted.painted_pdf.has_value());
    CHECK_FALSE(make_book(spec_of(spec_text("6x9", "two-up")), testing::test_settings()).painted_pdf.has_value());
  }

  TEST_CASE("a page that does not fit, or a font, is the same error when pages are laid out as puzzles arrive") {
    std::string jane;
    for (int i = 0; i < 39; ++i) jane += "Jane ";
    // Title page (laid out with the first puzzle), copyright page (with the last), a solutions page.
    const std::vector<std::string> specs = {
        "title: A Very Long Title For A Tiny Large Print Sudoku Book That Goes On\n"
        "subtitle: And a subtitle that is also rather long for such a small page\n"
        "author: B\ntrim: 4x6 in\nlayout: one-up\nseed: 1\npuzzles:\n  - { grade: easy, count: 4 }\n",
        "title: Short\nauthor: \"" + jane +
            "\"\ntrim: 5x8\nlayout: large-print\nseed: 1\n"
            "puzzles:\n  - { grade: easy, count: 2 }\n",
        spec_text("5x8", "two-up") + "solutions: { per_page: 36 }\n"};
    for (const std::string& text : specs) {
      std::string plain, painted;
      try {
        make_book(spec_of(text), testing::test_settings());
      } catch (const InputError& e) {
        plain = e.what();
      }
      BuildSettings painting = testing::test_settings();
      painting.paint_pdf = true;
      try {
        make_book(spec_of(text), painting);
      } catch (const InputError& e) {
        painted = e.what();
      }
      CHECK_FALSE(plain.empty());
      CHECK(painted == plain);
    }
    // The fonts are loaded and the texts checked against them with the first puzzle: a font the
    // spec chose that cannot be loaded, or a text the font cannot print, is the same error.
    BookSpec unloadable = spec_of(spec_text("6x9", "two-up"));
    unloadable.fonts.text = fs::path(PUZZLEPRESS_SOURCE_DIR) / "README.md";
    const BookSpec uncovered = spec_of(spec_text("6x9", "two-up") + "subtitle: Sudoku \xE6\x95\xB0\n");
    for (const BookSpec& spec : {unloadable, uncovered}) {
      std::string plain, painted;
      try {
        make_book(spec, testing::test_settings());
      } catch (const InputError& e) {
        plain = e.what();
      }
      BuildSettings painting = testing::test_settings();
      painting.paint_pdf = true;
      try {
        make_book(spec, painting);
      } catch (const InputError& e) {
        painted = e.what();
      }
      CHECK_FALSE(plain.empty());
      CHECK(painted == plain);
    }
  }

  TEST_CASE("an unwritable output leaves nothing behind, and an old book stays whole") {
    const TempDir dir("build-unwritable");
    const BookSpec spec = spec_of(spec_text("6x9", "two-up"));
    CHECK_THROWS_WITH_AS(
        check_book_paths(spec, testing::source_resources(), paths(dir / "missing" / "b.pdf", dir / "b.json")),
        ("-o: cannot write " + (dir / "missing" / "b.pdf").string() + ": folder '" + (dir / "missing").string() +
         "' does not exist")
            .c_str(),
        EnvironmentError);
    const Book book = make_book(spec, testing::test_settings());
    // Even without the check, writing stages both files before renaming either.
    CHECK_THROWS_AS(write_book(book, paths(dir / "b.pdf", dir / "missing" / "b.json")), EnvironmentError);
    CHECK(fs::is_empty(dir));
    write_book(book, paths(dir / "old.pdf", dir / "old.json"));
    const std::string old_pdf = read_bytes(dir / "old.pdf");
    fs::create_directories(dir / "is-a-dir.json");
    CHECK_THROWS_WITH_AS(
        check_book_paths(spec, testing::source_resources(), paths(dir / "old.pdf", dir / "is-a-dir.json")),
        ("--manifest: " + (dir / "is-a-dir.json").string() + " is a folder").c_str(), InputError);
    CHECK_THROWS_AS(write_book(book, paths(dir / "old.pdf", dir / "is-a-dir.json")), EnvironmentError);
    CHECK(read_bytes(dir / "old.pdf") == old_pdf);
    CHECK(testing::names_in(dir).size() == 3);  // old.pdf, old.json, is-a-dir.json: no temporary file left
  }

  TEST_CASE("no output lands on an input or on another output") {
    const TempDir dir("build-inputs");
    const fs::path spec_file = dir / "book.yaml";
    std::ofstream(spec_file) << spec_text("6x9", "two-up");
    fs::copy_file(fs::path(PUZZLEPRESS_SOURCE_DIR) / "layouts" / "four-up.yaml", dir / "mine.yaml");
    const BookSpec spec = load_spec_file(spec_file);
    CHECK_THROWS_WITH_AS(check_book_paths(spec, testing::source_resources(), paths(spec_file, dir / "b.json")),
                         ("-o: the PDF would overwrite the spec: " + spec_file.string()).c_str(), InputError);
    // The same file by another spelling.
    CHECK_THROWS_WITH_AS(
        check_book_paths(spec, testing::source_resources(), paths(dir / "b.pdf", dir / "." / "book.yaml")),
        ("--manifest: the manifest would overwrite the spec: " + (dir / "." / "book.yaml").string()).c_str(),
        InputError);
    // A default path (no flag): no place, the message says which output.
    const BookPaths defaults{{dir / "book.pdf", "the PDF", ""}, {spec_file, "the manifest", ""}};
    CHECK_THROWS_WITH_AS(check_book_paths(spec, testing::source_resources(), defaults),
                         ("the manifest would overwrite the spec: " + spec_file.string()).c_str(), InputError);
    // Two outputs, one file: relative and absolute spellings of a file that does not exist yet.
    const fs::path here = fs::current_path();
    fs::current_path(dir);
    CHECK_THROWS_WITH_AS(
        check_book_paths(spec, testing::source_resources(), paths("a.pdf", dir / "a.pdf")),
        ("--manifest: the PDF and the manifest would be the same file: " + (dir / "a.pdf").string()).c_str(),
        InputError);
    fs::current_path(here);
    // A layout file and a font are inputs too.
    BookSpec with_files = spec;
    with_files.layout = LayoutChoice{"", dir / "mine.yaml"};
    with_files.fonts.digits = fs::path(PUZZLEPRESS_SOURCE_DIR) / "fonts" / "DejaVuSans-Bold.ttf";
    CHECK_THROWS_AS(check_book_paths(with_files, testing::source_resources(), paths(dir / "mine.yaml", dir / "b.json")),
                    InputError);
    CHECK_THROWS_AS(
        check_book_paths(with_files, testing::source_resources(), paths(dir / "b.pdf", *with_files.fonts.digits)),
        InputError);
    // Nor on a preset or a font we ship.
    CHECK_THROWS_WITH_AS(
        check_book_paths(spec, testing::source_resources(),
                         paths(dir / "b.pdf", testing::source_resources().layouts_dir / "two-up.yaml")),
        ("--manifest: the manifest would overwrite a layout preset: " +
         (testing::source_resources().layouts_dir / "two-up.yaml").string())
            .c_str(),
        InputError);
    CHECK_THROWS_AS(check_book_paths(spec, testing::source_resources(),
                                     paths(testing::source_resources().fonts_dir / "DejaVuSans.ttf", dir / "b.json")),
                    InputError);
    // Never onto a device or a pipe.
    CHECK_THROWS_WITH_AS(check_book_paths(spec, testing::source_resources(), paths("/dev/null", dir / "b.json")),
                         "-o: /dev/null is not a regular file (outputs are written whole and renamed into "
                         "place, never into devices or pipes)",
                         InputError);
    CHECK_NOTHROW(check_book_paths(spec, testing::source_resources(), paths(dir / "b.pdf", dir / "b.json")));
  }

  TEST_CASE("a book over KDP's page limit fails before anything is generated") {
    const std::string text =
        "title: Huge\nauthor: A\ntrim: 8.5x11\nlayout: one-up\nseed: 1\npuzzles:\n  - { grade: easy, count: 560 }\n";
    try {
      make_book(spec_of(text), testing::test_settings());
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(
          std::string(e.what()).ends_with("test-book.yaml:6:1: the book would have 660 pages; KDP "
                                          "prints 24-590 pages at 8.5x11 on white paper"));
    }
  }

  TEST_CASE("a font file libharu cannot load is named") {
    BookSpec spec = spec_of(spec_text("6x9", "two-up"));
    spec.fonts.text = fs::path(PUZZLEPRESS_SOURCE_DIR) / "README.md";
    try {
      make_book(spec, testing::test_settings());
      FAIL("no error");
    } catch (const InputError& e) {  // the spec chose it: the spec's fault, with a place
      CHECK(std::string(e.what()).find("README.md") != std::string::npos);
    }
  }

  TEST_CASE("a relative layout file is found beside a spec in another folder") {
    const TempDir dir("build-relative");
    fs::create_directories(dir / "sub");
    fs::copy_file(fs::path(PUZZLEPRESS_SOURCE_DIR) / "layouts" / "four-up.yaml", dir / "sub" / "mine.yaml");
    std::ofstream(dir / "sub" / "book.yaml")
        << "title: A\nauthor: B\ntrim: 6x9\nlayout: mine.yaml\nseed: 1\npuzzles:\n  - { grade: easy, count: 4 }\n";
    const fs::path here = fs::current_path();
    fs::current_path(dir);  // the spec is named relative to here: sub/book.yaml
    const BookSpec spec = load_spec_file("sub/book.yaml");
    const Book book = make_book(spec, testing::test_settings());
    fs::current_path(here);
    CHECK(book.layout.name == "mine");
    CHECK(book.layout.style.puzzle_rows * book.layout.style.puzzle_cols == 4);
  }

  TEST_CASE("content that cannot fit the margins, or digits under 7 pt, is a spec error") {
    const std::string long_title =
        "title: A Very Long Title For A Tiny Large Print Sudoku Book That Goes On\n"
        "subtitle: And a subtitle that is also rather long for such a small page\n"
        "author: B\ntrim: 4x6 in\nlayout: one-up\nseed: 1\npuzzles:\n  - { grade: easy, count: 4 }\n";
    try {
      make_book(spec_of(long_title), testing::test_settings());
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).ends_with(
          "test-book.yaml:5:9: page 1 (title) at trim 4x6 in with layout one-up: the content does "
          "not fit inside the margins (shorten the title or subtitle, or choose a larger trim)"));
    }
    // A long author wraps on the copyright page and pushes it past the margin: the author is
    // blamed at its place, not the title.
    std::string jane;
    for (int i = 0; i < 39; ++i) jane += "Jane ";
    try {
      make_book(spec_of("title: Short\nauthor: \"" + jane +
                        "\"\ntrim: 5x8\nlayout: large-print\nseed: 1\n"
                        "puzzles:\n  - { grade: easy, count: 2 }\n"),
                testing::test_settings());
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).ends_with(
          "test-book.yaml:2:9: page 2 (copyright) at trim 5x8 with layout large-print: the content does not fit "
          "inside the margins; 'author' wraps onto too many lines (shorten it, or choose a larger trim)"));
    }
    const std::string crowded = spec_text("5x8", "two-up") + "solutions: { per_page: 36 }\n";
    try {
      make_book(spec_of(crowded), testing::test_settings());
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(": grids would be 32 pt wide, too small for 7 pt symbols "
                                       "(choose fewer grids per page or a larger trim)") != std::string::npos);
    }
  }

  TEST_CASE("solutions per page from the spec") {
    std::string text = spec_text("6x9", "two-up") + "solutions: { per_page: 4 }\n";
    const Book book = make_book(spec_of(text), testing::test_settings());
    int solution_pages = 0;
    for (const auto& p : book.pages) {
      if (p.planned.kind == PageKind::solutions) {
        ++solution_pages;
        CHECK(p.planned.puzzles.size() <= 4);
        CHECK(p.grid_boxes.size() == p.planned.puzzles.size());
      }
    }
    CHECK(solution_pages == 6);  // 21 solutions, 4 a page
    CHECK(book.layout.style.solution_rows * book.layout.style.solution_cols >= 4);
  }
}
