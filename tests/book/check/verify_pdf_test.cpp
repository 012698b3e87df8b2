// verify --pdf reads the printed PDF itself: every grid read back and solved again, ink inside
// the margins, print floors, the file tied to its manifest by SHA-256. Each check meets a PDF
// that breaks exactly it (painted by our writer, or edited with qpdf in pdf_edit.cpp), and is
// reported with its own message; a good book passes.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "book/make/build.h"
#include "book/manifest/manifest.h"
#include "book/check/pdf_reader.h"
#include "book/check/pdf_scan.h"
#include "book/check/verify.h"
#include "book/check/verify_pdf.h"
#include "book/manifest/sha256.h"
#include "cover/cover_support.h"
#include "check/pdf_edit.h"
#include "render/marks.h"
#include "render/pdf_writer.h"
#include "support/book_fixtures.h"
#include "support/files.h"
#include "support/image_writer.h"
#include "check/verify_pdf_fixtures.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::verify_pdf_tests;

namespace {

namespace fs = std::filesystem;

bool has(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

std::string cell_name(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

std::string face(const ManifestPuzzle& p, int value) {
  return value == 0 ? "nothing" : p.symbols.names[static_cast<std::size_t>(value - 1)];
}

/// The first message comparing `shown`'s givens (printed) with `said`'s (manifest) on `page`.
std::string first_difference(const ManifestPuzzle& said, const ManifestPuzzle& shown, int page) {
  const int n = said.givens.size();
  for (int cell = 0; cell < said.givens.cell_count(); ++cell) {
    const int want = said.givens.cells[static_cast<std::size_t>(cell)];
    const int got = shown.givens.cells[static_cast<std::size_t>(cell)];
    if (want != got) {
      return "puzzle " + std::to_string(said.number) + ", page " + std::to_string(page) + ", " + cell_name(n, cell) +
             ": PDF shows " + face(shown, got) + ", manifest says " + face(said, want);
    }
  }
  return "(no difference)";
}

/// The box a Line of `width` from `a` to `b` inks, as verify prints it.
std::string line_box(render::Point a, render::Point b, double width) {
  const double h = width / 2;
  const double left = std::min(a.x, b.x) - h, bottom = std::min(a.y, b.y) - h;
  return format_rect({left, bottom, std::max(a.x, b.x) + h - left, std::max(a.y, b.y) + h - bottom});
}

std::string margins_of(const Manifest& m, int page) {
  return format_rect(content_box_pt(page, m.page_count, *parse_trim(m.trim).trim, m.bleed, MarginsIn{}));
}

}  // namespace

TEST_CASE("sha256_hex: the standard test vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("verify --pdf: a good book of each skin passes, its grids read back") {
  for (const std::string& puzzles : {kDigits, kShapes, kLetters}) {
    CAPTURE(puzzles);
    const Printed p = print(spec_text(7, puzzles));
    CHECK(verify_both(p.manifest, p.pdf, "book.pdf").empty());
  }
  // With bleed, the gutter and edges move: still clean.
  const Printed bled = print(spec_text(7, kDigits, "6x9", "bleed: true\n"));
  CHECK(verify_both(bled.manifest, bled.pdf, "book.pdf").empty());
}

TEST_CASE("verify --pdf: pages read on several threads give the glyphs read on one") {
  const Printed p = print(spec_text(7, kDigits + kLetters));
  const util::Result<PdfTextReader> reader = PdfTextReader::open(p.pdf);
  REQUIRE(reader.ok());
  std::vector<int> pages;
  for (int page = 1; page <= reader->page_count(); ++page) pages.push_back(page);
  const auto key = [](const std::map<int, std::vector<PdfGlyph>>& read) {
    std::string all;
    for (const auto& [page, glyphs] : read) {
      all += "#" + std::to_string(page);
      for (const PdfGlyph& g : glyphs) all += g.text + std::to_string(g.box.left) + "," + std::to_string(g.box.top);
    }
    return all;
  };
  const std::string one = key(reader->glyphs_of_pages(pages, 1));
  CHECK(one.find("#" + std::to_string(pages.back())) != std::string::npos);
  CHECK(key(reader->glyphs_of_pages(pages, 3)) == one);
  CHECK(key(reader->glyphs_of_pages(pages, 64)) == one);
  CHECK(reader->glyphs_of_pages({}, 4).empty());
}

TEST_CASE("verify --pdf: the manifest's SHA-256 ties the pair") {
  Printed p = print(spec_text(7, kDigits));
  Manifest other = p.manifest;
  other.pdf_sha256 = std::string(64, 'a');
  const std::vector<std::string> lines = verify_both(other, p.pdf, "book.pdf");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "PDF: book.pdf is not the PDF this manifest was written with (its SHA-256 is " +
                        p.manifest.pdf_sha256.substr(0, 12) + "…, the manifest records aaaaaaaaaaaa…)");
  // An older manifest without a hash checks the rest.
  Manifest old = p.manifest;
  old.pdf_sha256.clear();
  CHECK(verify_both(old, p.pdf, "book.pdf").empty());
}

TEST_CASE("verify --pdf: a manifest from another seed names puzzle, page and cell") {
  const Printed p = print(spec_text(7, kDigits));
  const Printed q = print(spec_text(8, kDigits));
  const std::vector<std::string> lines = verify_both(q.manifest, p.pdf, "book.pdf");
  REQUIRE(!lines.empty());
  CHECK(lines[0].rfind("PDF: book.pdf is not the PDF this manifest was written with", 0) == 0);
  const ManifestPuzzle& said = q.manifest.puzzles[0];
  const ManifestPuzzle& shown = p.manifest.puzzles[0];
  REQUIRE(said.page == shown.page);
  CHECK(has(lines, first_difference(said, shown, said.page)));
}

TEST_CASE("verify --pdf: two puzzle pages swapped") {
  const Printed p = print(spec_text(7, kDigits));
  const ManifestPuzzle& first = p.manifest.puzzles.front();
  const ManifestPuzzle& last = p.manifest.puzzles.back();
  REQUIRE(first.page != last.page);
  const std::string swapped = testing::with_pages_swapped(p.pdf, first.page, last.page);
  const std::vector<std::string> lines = verify_both(tied(p, swapped), swapped, "book.pdf");
  CHECK(has(lines, first_difference(first,
                                    *std::find_if(p.manifest.puzzles.begin(), p.manifest.puzzles.end(),
                                                  [&](const ManifestPuzzle& x) { return x.page == last.page; }),
                                    first.page)));
}

TEST_CASE("verify --pdf: a page removed") {
  const Printed p = print(spec_text(7, kDigits));
  const ManifestPuzzle& last = p.manifest.puzzles.back();
  const int pages = p.manifest.page_count;
  const std::string shorter = testing::without_page(p.pdf, pages);
  const std::vector<std::string> lines = verify_both(tied(p, shorter), shorter, "book.pdf");
  CHECK(has(lines, "PDF has " + std::to_string(pages - 1) + " pages but the manifest says " + std::to_string(pages)));
  if (last.solution_page == pages) {
    CHECK(has(lines, "puzzle " + std::to_string(last.number) + ", solution page " + std::to_string(pages) +
                         ": the PDF has no such page (" + std::to_string(pages - 1) + " pages)"));
  }
}

TEST_CASE("verify --pdf: one printed digit changed is found, and the printed grid is solved again") {
  Printed p = print(spec_text(7, kDigits));
  const ManifestPuzzle& mp = p.manifest.puzzles[0];
  const int n = mp.givens.size();
  int changed_cell = -1;
  std::string was, now;
  const std::string pdf = repainted(p, mp.page, [&](render::Page& page) {
    for (render::Item& item : page.items) {
      auto* run = std::get_if<render::TextRun>(&item);
      if (!run || changed_cell >= 0) continue;
      const double cx = run->origin.x + run->width_pt / 2;
      if (cx < mp.rect.x || cx > mp.rect.x + mp.rect.width || run->origin.y < mp.rect.y ||
          run->origin.y > mp.rect.y + mp.rect.height) {
        continue;
      }
      const int col = static_cast<int>((cx - mp.rect.x) / (mp.rect.width / n));
      const int row =
          static_cast<int>((mp.rect.y + mp.rect.height - run->origin.y - run->size_pt / 3) / (mp.rect.height / n));
      changed_cell = row * n + col;
      was = run->text;
      now = was == "1" ? "2" : "1";
      run->text = now;
    }
  });
  REQUIRE(changed_cell >= 0);
  REQUIRE(face(mp, mp.givens.cells[static_cast<std::size_t>(changed_cell)]) == was);
  const std::vector<std::string> lines = verify_both(tied(p, pdf), pdf, "book.pdf");
  const std::string where = "puzzle 1, page " + std::to_string(mp.page);
  CHECK(has(lines, where + ", " + cell_name(n, changed_cell) + ": PDF shows " + now + ", manifest says " + was));
  CHECK(has(lines, "puzzle 1, solution page " + std::to_string(mp.solution_page) + ", " + cell_name(n, changed_cell) +
                       ": PDF shows " + was + " where the puzzle page shows the given " + now));
  // The changed grid is solved again: a clash or another solution, never the printed answer.
  const bool solved_again = has(lines, where + ": the printed grid has no solution") ||
                            has(lines, where + ": the printed grid has more than one solution") ||
                            has(lines, "puzzle 1, solution page " + std::to_string(mp.solution_page) +
                                           ": the printed solution is not the solution of the printed grid");
  CHECK(solved_again);
}

TEST_CASE("verify --pdf: shapes are read from their outlines") {
  Printed p = print(spec_text(7, kShapes));
  const ManifestPuzzle& mp = p.manifest.puzzles[0];
  const int n = mp.givens.size();
  // Redraw the first given of puzzle 1 as another shape of its set.
  int cell = 0;
  while (mp.givens.cells[static_cast<std::size_t>(cell)] == 0) ++cell;
  const int value = mp.givens.cells[static_cast<std::size_t>(cell)];
  const int other = value % n + 1;
  const double side = mp.rect.width / n;
  const render::Point centre{mp.rect.x + (cell % n + 0.5) * side, mp.rect.y + mp.rect.height - (cell / n + 0.5) * side};
  const std::string pdf = repainted(p, mp.page, [&](render::Page& page) {
    for (render::Item& item : page.items) {
      auto* path = std::get_if<render::Path>(&item);
      if (!path || path->segments.empty()) continue;
      const render::Point start = path->segments[0].to;
      if (std::abs(start.x - centre.x) < side / 2 && std::abs(start.y - centre.y) < side / 2) {
        *path = render::mark_path(*render::parse_mark(face(mp, other)), centre, side * 0.5, *path->fill);
        break;
      }
    }
  });
  const std::vector<std::string> lines = verify_both(tied(p, pdf), pdf, "book.pdf");
  CHECK(has(lines, "puzzle 1, page " + std::to_string(mp.page) + ", " + cell_name(n, cell) + ": PDF shows " +
                       face(mp, other) + ", manifest says " + face(mp, value)));
}

TEST_CASE("verify --pdf: ink outside the margins, page numbers included") {
  Printed p = print(spec_text(7, kDigits));
  const int page = p.manifest.puzzles[0].page;
  const render::Point a{5, 300}, b{60, 300};
  const std::string pdf = repainted(p, page, [&](render::Page& pg) { pg.items.push_back(render::Line{a, b, 1}); });
  const std::vector<std::string> lines = verify_both(tied(p, pdf), pdf, "book.pdf");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "PDF page " + std::to_string(page) + ": a line at " + line_box(a, b, 1) +
                        " is outside the margins " + margins_of(p.manifest, page));

  // A page number moved into the bottom margin.
  int folio_page = 0;
  const std::string moved = [&] {
    Book copy = p.book;
    for (BookPage& bp : copy.pages) {
      if (!bp.planned.shows_number) continue;
      for (render::Item& item : bp.page.items) {
        auto* run = std::get_if<render::TextRun>(&item);
        if (run && run->text == std::to_string(bp.planned.number)) {
          run->origin.y = 4;
          folio_page = bp.planned.number;
        }
      }
      if (folio_page) break;
    }
    return paint(copy);
  }();
  REQUIRE(folio_page > 0);
  const std::vector<std::string> folio = verify_both(tied(p, moved), moved, "book.pdf");
  REQUIRE(folio.size() == 1);
  const std::string head =
      "PDF page " + std::to_string(folio_page) + ": text '" + std::to_string(folio_page) + "' at [";
  CHECK(folio[0].rfind(head, 0) == 0);
  CHECK(folio[0].find("] is outside the margins " + margins_of(p.manifest, folio_page)) != std::string::npos);
}

TEST_CASE("verify --pdf: print floors — a hairline, a faint grey fill, tiny text") {
  Printed p = print(spec_text(7, kDigits));
  const int page = p.manifest.puzzles[0].page;
  const render::Point a{100, 100}, b{150, 100};
  std::string pdf = repainted(p, page, [&](render::Page& pg) { pg.items.push_back(render::Line{a, b, 0.25}); });
  std::vector<std::string> lines = verify_both(tied(p, pdf), pdf, "book.pdf");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "PDF page " + std::to_string(page) + ": a line 0.25 pt wide at " + line_box(a, b, 0.25) +
                        " (thinner than 0.75 pt)");

  pdf = repainted(p, page, [&](render::Page& pg) {
    pg.items.push_back(render::Rect{{100, 100, 150, 120}, 0, render::Colour::gray(0), render::Colour::gray(0.95)});
  });
  lines = verify_both(tied(p, pdf), pdf, "book.pdf");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "PDF page " + std::to_string(page) + ": a grey fill of 5 % at [100, 100, 50, 20] (lighter than 10 %)");

  pdf = repainted(p, page, [&](render::Page& pg) {
    render::TextRun run;
    run.origin = {100, 25};  // below the grids, above the bottom margin
    run.text = "tiny";
    run.size_pt = 6;
    pg.items.push_back(run);
  });
  lines = verify_both(tied(p, pdf), pdf, "book.pdf");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "PDF page " + std::to_string(page) + ": text 'tiny' of 6 pt at [100, 23.73, 9.33, 6.7] (smaller than 7 pt)");
}

TEST_CASE("verify --pdf: encryption, annotations, outlines, JavaScript, TrimBox") {
  const Printed p = print(spec_text(7, kDigits));
  const auto only = [&](const std::string& pdf) {
    const std::vector<std::string> lines = verify_both(tied(p, pdf), pdf, "book.pdf");
    CAPTURE(lines.size());
    REQUIRE(lines.size() == 1);
    return lines[0];
  };
  CHECK(only(testing::encrypted(p.pdf)) ==
        "PDF is encrypted: KDP refuses encrypted files (save it without a password or permissions)");
  CHECK(only(testing::with_annotation(p.pdf, 2, "Link")) == "PDF page 2: 1 annotation (Link)");
  CHECK(only(testing::with_outline(p.pdf)) == "PDF has outlines (bookmarks)");
  CHECK(only(testing::with_javascript(p.pdf)) == "PDF has JavaScript");
  CHECK(only(testing::with_trim_box(p.pdf, 3, 0, 0, 400, 600)) ==
        "PDF page 3: TrimBox [0, 0, 400, 600] is not the trim [0, 0, 432, 648]");
  const std::string locked = testing::password_protected(p.pdf);
  const std::vector<std::string> lines = verify_both(tied(p, locked), locked, "book.pdf");
  REQUIRE(!lines.empty());
  CHECK(lines.back() == "PDF: cannot read book.pdf: invalid password");
}

TEST_CASE("verify --pdf: a chain of 20,000 nested forms does not crash") {
  const Printed p = print(spec_text(7, kDigits));
  const int page = p.manifest.puzzles[0].page;
  const std::string nested = testing::with_nested_forms(p.pdf, page, 20000);
  const std::vector<std::string> lines = verify_both(tied(p, nested), nested, "book.pdf");
  CHECK(
      has(lines, "PDF page " + std::to_string(page) + ": form XObjects nested more than 32 deep were not looked into"));
  // poppler does not read a page the scan gave up on; its grids are said not read back.
  CHECK(has(lines, "puzzle 1, page " + std::to_string(page) + ": not read back (the page has too much to follow)"));
}

TEST_CASE("verify --pdf: poppler reads under a CPU and a memory ceiling") {
  const Printed p = print(spec_text(7, kDigits));
  const int page = p.manifest.puzzles[0].page;
  // An annotation's appearance is drawn by poppler and not followed by our scan: 8 MiB of
  // stray tokens keep poppler busy for seconds (30 MiB took it 12 s).
  std::string stray;
  for (int i = 0; i < (4 << 20); ++i) stray += "} ";
  const std::string slow = testing::with_annotation_appearance(p.pdf, page, stray);
  util::ContainedLimits limits = poppler_reading_limits(1);
  limits.cpu_ms = 300;
  std::vector<std::string> lines = verify_pdf_bytes(tied(p, slow), slow, "book.pdf", limits, GridReader::poppler);
  CHECK(lines == std::vector<std::string>{"PDF page " + std::to_string(page) + ": 1 annotation (Square)",
                                          "PDF: the printed grids of book.pdf were not checked: reading its text "
                                          "with poppler took more than 0.3 s of CPU time"});
  // The memory ceiling: a good book read with none to spare but poppler's copy of the file.
  limits = poppler_reading_limits(1);
  limits.extra_memory_bytes = 0;
  REQUIRE(p.pdf.size() < (std::size_t{1} << 20));  // named in bytes
  lines = verify_pdf_bytes(p.manifest, p.pdf, "book.pdf", limits, GridReader::poppler);
  CHECK(lines == std::vector<std::string>{"PDF: the printed grids of book.pdf were not checked: reading its text "
                                          "with poppler needed more than " +
                                          std::to_string(p.pdf.size()) + " bytes of memory"});
}

TEST_CASE("poppler_reading_limits: 5 s and 30 ms a page read, 256 MiB and 64 a thread; ten times under ASan") {
  const long scale = util::kAddressSanitizerBuild ? 10 : 1;
  CHECK(poppler_reading_limits(100).cpu_ms == 8000 * scale);
  const std::size_t threads_memory = static_cast<std::size_t>(poppler_threads() - 1) * (std::size_t{64} << 20);
  CHECK(poppler_threads() >= 1);
  CHECK(poppler_threads() <= 4);
  CHECK(poppler_reading_limits(100).extra_memory_bytes == ((std::size_t{256} << 20) + threads_memory) * scale);
  // A PDF cannot raise its own ceiling: pages are counted up to KDP's most.
  CHECK(poppler_reading_limits(20000).cpu_ms == poppler_reading_limits(828).cpu_ms);
  CHECK(poppler_reading_limits(828).cpu_ms == (5000 + 30 * 828) * scale);
}

TEST_CASE("verify_pdf_file: only regular files") {
  const Manifest m;
  CHECK(verify_pdf_file(m, "/dev/zero") ==
        std::vector<std::string>{"PDF: cannot read /dev/zero: is not a regular file"});
  CHECK(verify_pdf_file(m, "/nonexistent/book.pdf") ==
        std::vector<std::string>{"PDF: cannot read /nonexistent/book.pdf: no such file"});
}

TEST_CASE("build records both PDFs' SHA-256; verify --cover refuses another cover") {
  namespace ct = cover_testing;
  const testing::TempDir dir("verify-pdf-trust");
  Book book = make_book(ct::spec_of(ct::spec_text("6x9", "  back_text: A blurb.\n")), testing::test_settings());
  BookPaths paths{{dir / "book.pdf", "the PDF", "-o"}, {dir / "book.json", "the manifest", "--manifest"}};
  const std::vector<util::Output> outputs = book_outputs(book, paths);
  REQUIRE(outputs.size() == 3);
  const Manifest m = parse_manifest(outputs[1].bytes, "book.json");
  CHECK(m.pdf_sha256 == sha256_hex(outputs[0].bytes));
  REQUIRE(m.cover);
  CHECK(m.cover->sha256 == sha256_hex(outputs[2].bytes));
  CHECK(manifest_to_json(m) == outputs[1].bytes);  // written and read back whole

  testing::write_file(dir / "cover.pdf", outputs[2].bytes);
  CHECK(verify_cover_file(m, (dir / "cover.pdf").string()).empty());
  testing::write_file(dir / "interior.pdf", outputs[0].bytes);
  CHECK(verify_pdf_file(m, (dir / "interior.pdf").string()).empty());
  const std::vector<std::string> wrong = verify_cover_file(m, (dir / "interior.pdf").string());
  REQUIRE(!wrong.empty());
  CHECK(wrong[0] == "cover PDF: " + (dir / "interior.pdf").string() +
                        " is not the cover this manifest was written with (its SHA-256 is " +
                        m.pdf_sha256.substr(0, 12) + "…, the manifest records " + m.cover->sha256.substr(0, 12) + "…)");
}

TEST_CASE("verify --pdf: every size x skin reads back from the page") {
  const std::string sections = testing::kEverySizeAndSkin;
  const Printed p = print(spec_text(5, sections, "8.5x11"));
  CHECK(verify_both(p.manifest, p.pdf, "book.pdf").empty());
  // And a manifest whose puzzles are another book's: every grid differs, ten puzzles are named.
  const Printed q = print(spec_text(6, sections, "8.5x11"));
  const std::vector<std::string> lines = verify_both(tied(q, p.pdf), p.pdf, "book.pdf");
  REQUIRE(!lines.empty());
  CHECK(lines.back().rfind("… and ", 0) == 0);
  CHECK(lines.back().find(" more puzzles whose printed grids differ") != std::string::npos);
}

TEST_CASE("verify --cover: the back cover names each kind of puzzle of a mixed book") {
  const testing::TempDir dir("verify-cover-contents");
  const std::string mixed =
      "  - { grade: easy, count: 2 }\n  - { size: 6x6, skin: shapes, grade: easy, count: 2 }\n"
      "  - { size: 6x6, skin: shapes, grade: easy, count: 1 }\n";
  const auto cover_of = [&](const std::string& extra, const std::string& name) {
    Book book = make_book(load_spec(spec_text(7, mixed, "6x9", "cover: { printer: kdp }\n" + extra), "trust.yaml"),
                          testing::test_settings());
    BookPaths paths{{dir / (name + ".pdf"), "the PDF", "-o"}, {dir / (name + ".json"), "the manifest", "--manifest"}};
    const std::vector<util::Output> outputs = book_outputs(book, paths);
    REQUIRE(outputs.size() == 3);
    testing::write_file(dir / (name + "-cover.pdf"), outputs[2].bytes);
    return parse_manifest(outputs[1].bytes, name + ".json");
  };
  const Manifest good = cover_of("", "good");
  CHECK(verify_cover_file(good, (dir / "good-cover.pdf").string()).empty());
  // A cover printed as main did ("2 Easy puzzles", "3 Easy puzzles": neither says which kind):
  // the text override is left out of the manifest, which then expects the lines that name them.
  Manifest plain = cover_of("text: { cover_section_kind: \"{line}\" }\n", "plain");
  plain.text.clear();
  plain.cover->sha256.clear();
  CHECK(verify_cover_file(plain, (dir / "plain-cover.pdf").string()) ==
        std::vector<std::string>{
            "cover PDF: the back cover does not print '2 Easy puzzles (9\u00A0\u00D7\u00A09, digits)'",
            "cover PDF: the back cover does not print '3 Easy puzzles (6\u00A0\u00D7\u00A06, shapes)'"});
}
