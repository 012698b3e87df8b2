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

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

namespace fs = std::filesystem;

std::string spec_text(int seed, const std::string& puzzles, const std::string& trim = "6x9",
                      const std::string& extra = "") {
  return "title: Trust Test\nauthor: Ann Example\ntrim: " + trim + "\nlayout: two-up\nseed: " + std::to_string(seed) +
         "\n" + extra + "puzzles:\n" + puzzles;
}

const std::string kDigits = "  - { grade: easy, count: 6 }\n";
const std::string kShapes = "  - { size: 4x4, skin: shapes, grade: easy, count: 4 }\n";
const std::string kLetters = "  - { size: 6x6, skin: letters, grade: easy, count: 4 }\n";

/// A book built in memory, its PDF's bytes and its manifest as build writes it (with the hash).
struct Printed {
  Book book;
  std::string pdf;
  Manifest manifest;
};

/// verify_pdf_bytes with the grids read from the scan, held to the same lines as with poppler
/// reading every grid page (the independent reader).
std::vector<std::string> verify_both(const Manifest& manifest, std::string_view pdf, const std::string& name) {
  const std::vector<std::string> scanned = verify_pdf_bytes(manifest, pdf, name);
  CHECK(verify_pdf_bytes(manifest, pdf, name, std::nullopt, GridReader::poppler) == scanned);
  return scanned;
}

std::string paint(const Book& book) {
  util::Result<std::string> pdf = render::render_pdf(book.info, book.page_list());
  REQUIRE(pdf.ok());
  return *pdf;
}

Printed print(const std::string& spec) {
  Printed p;
  p.book = make_book(load_spec(spec, "trust.yaml"), testing::test_settings());
  p.pdf = paint(p.book);
  p.manifest = p.book.manifest;
  p.manifest.pdf_sha256 = sha256_hex(p.pdf);
  return p;
}

/// The PDF of `p` with page `number` (1-based) changed by `change`.
std::string repainted(Printed& p, int number, const std::function<void(render::Page&)>& change) {
  Book copy = p.book;
  change(copy.pages[static_cast<std::size_t>(number - 1)].page);
  return paint(copy);
}

/// The manifest of `p` tied to `pdf` (what a build that printed `pdf` would have written).
Manifest tied(const Printed& p, const std::string& pdf) {
  Manifest m = p.manifest;
  m.pdf_sha256 = sha256_hex(pdf);
  return m;
}

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

TEST_CASE("verify --pdf: How to Play must print the sentence naming exactly the book's grades") {
  Printed p = print(spec_text(7, "  - { grade: easy, count: 2 }\n  - { grade: hard, count: 2 }\n"));
  REQUIRE(p.manifest.how_to_play);
  const int page = p.manifest.how_to_play->page;
  CHECK(verify_pdf_bytes(p.manifest, p.pdf, "book.pdf").empty());
  // A page promising a grade the book does not have (what main printed before issue 25).
  const std::string pdf = repainted(p, page, [](render::Page& printed) {
    for (render::Item& item : printed.items) {
      auto* run = std::get_if<render::TextRun>(&item);
      if (!run) continue;
      for (std::size_t at = run->text.find("Hard"); at != std::string::npos; at = run->text.find("Hard")) {
        run->text.replace(at, 4, "Evil");
      }
    }
  });
  const std::vector<std::string> lines = verify_pdf_bytes(tied(p, pdf), pdf, "book.pdf");
  CHECK(lines == std::vector<std::string>{
                     "PDF page " + std::to_string(page) +
                     " (how to play): does not print 'Each puzzle is marked with its difficulty: Easy (one star) or "
                     "Hard (three stars). The solutions are at the back of the book.' (the book's grades: easy and "
                     "hard)"});
}

TEST_CASE("verify --pdf: the copyright page's credit line is what the manifest says") {
  const std::string credit =
      "'Puzzles generated by puzzlepress test from base seed 7. Every puzzle has exactly one "
      "solution.'";
  Printed plain = print(spec_text(7, kDigits));
  REQUIRE(plain.manifest.copyright);
  CHECK(verify_pdf_bytes(plain.manifest, plain.pdf, "book.pdf").empty());
  plain.manifest.copyright->credit_line = true;
  CHECK(verify_pdf_bytes(plain.manifest, plain.pdf, "book.pdf") ==
        std::vector<std::string>{"PDF page 2 (copyright): does not print the credit line " + credit +
                                 " but the manifest says credit_line: true"});
  Printed credited = print(spec_text(7, kDigits, "6x9", "credit_line: true\n"));
  CHECK(verify_pdf_bytes(credited.manifest, credited.pdf, "book.pdf").empty());
  credited.manifest.copyright->credit_line = false;
  CHECK(verify_pdf_bytes(credited.manifest, credited.pdf, "book.pdf") ==
        std::vector<std::string>{"PDF page 2 (copyright): prints the credit line " + credit +
                                 " but the manifest says credit_line: false"});
}

TEST_CASE("verify --pdf: every printed cross-reference names the page the manifest records") {
  // Two a page at 6x9: six puzzles on pages 5-7 (the first after a blank), their solutions on one page.
  Printed referenced = print(spec_text(7, kDigits));
  CHECK(referenced.manifest.cross_references);
  CHECK(verify_pdf_bytes(referenced.manifest, referenced.pdf, "book.pdf").empty());
  // A book printed without them, held to a manifest that says it has them: every puzzle and
  // every solution is named, with the words it should print.
  Printed bare = print(spec_text(7, kDigits, "6x9", "solutions: { cross_references: false }\n"));
  CHECK_FALSE(bare.manifest.cross_references);
  CHECK(verify_pdf_bytes(bare.manifest, bare.pdf, "book.pdf").empty());
  bare.manifest.cross_references = true;
  const std::vector<std::string> lines = verify_pdf_bytes(bare.manifest, bare.pdf, "book.pdf");
  REQUIRE(lines.size() == 12);
  const ManifestPuzzle& first = bare.manifest.puzzles.front();
  CHECK(lines[0] == "PDF page " + std::to_string(first.page) + ": puzzle 1 does not print 'Solution on page " +
                        std::to_string(first.solution_page) + "' under its grid");
  CHECK(lines[1] == "PDF page " + std::to_string(first.solution_page) +
                        ": the solution of puzzle 1 does not print 'Puzzle 1, page " + std::to_string(first.page) +
                        "' over its grid (it prints 'Puzzle 1')");
  // The book's own words count: an override printed and recorded passes; dropped from the
  // manifest, the default words are looked for and missed.
  Printed worded = print(spec_text(7, kDigits, "6x9", "text: { solution_on_page: \"Answer: p. {page}\" }\n"));
  CHECK(verify_pdf_bytes(worded.manifest, worded.pdf, "book.pdf").empty());
  worded.manifest.text.clear();
  const std::vector<std::string> unworded = verify_pdf_bytes(worded.manifest, worded.pdf, "book.pdf");
  REQUIRE(unworded.size() == 6);
  CHECK(unworded[0].find("(it prints 'Answer: p. " + std::to_string(first.solution_page) + "')") != std::string::npos);
  // A wrong page that holds the right one's digits is still wrong: "page 109" is not "page 10".
  Printed shifted = print(spec_text(7, kDigits, "6x9", "text: { solution_on_page: \"Solution on page {page}9\" }\n"));
  shifted.manifest.text.clear();
  const std::vector<std::string> wrong = verify_pdf_bytes(shifted.manifest, shifted.pdf, "book.pdf");
  REQUIRE(wrong.size() == 6);
  CHECK(
      wrong[0].ends_with("under its grid (it prints 'Solution on page " + std::to_string(first.solution_page) + "9')"));
}

TEST_CASE("verify --pdf: row and column numbers where the manifest says, a legend on every page of shapes or letters") {
  Printed hinted = print(spec_text(7, kDigits + kShapes + kLetters, "8.5x11", "hints: true\n"));
  CHECK(hinted.manifest.grid_labels);
  CHECK(verify_both(hinted.manifest, hinted.pdf, "book.pdf").empty());
  Printed plain = print(spec_text(7, kDigits + kShapes + kLetters, "8.5x11"));
  CHECK_FALSE(plain.manifest.grid_labels);
  CHECK(verify_both(plain.manifest, plain.pdf, "book.pdf").empty());
  plain.manifest.grid_labels = true;  // a manifest that promises numbers the pages lack
  const std::vector<std::string> unlabelled = verify_both(plain.manifest, plain.pdf, "book.pdf");
  REQUIRE(unlabelled.size() == 14);
  const ManifestPuzzle& first = plain.manifest.puzzles.front();
  CHECK(unlabelled.front() == "PDF page " + std::to_string(first.page) +
                                  ": puzzle 1 has no row and column numbers 1-9 beside its grid, which the manifest "
                                  "says it carries (grid_labels: true)");
  // A legend printed in other words than the manifest's: each page of letters is named once.
  Printed worded = print(spec_text(7, kLetters, "6x9", "text: { legend_letters: \"Word:\" }\n"));
  CHECK(verify_both(worded.manifest, worded.pdf, "book.pdf").empty());
  worded.manifest.text.clear();
  const std::vector<std::string> legendless = verify_both(worded.manifest, worded.pdf, "book.pdf");
  REQUIRE(legendless.size() == 2);  // four puzzles, two a page
  CHECK(legendless.front() == "PDF page " + std::to_string(worded.manifest.puzzles.front().page) +
                                  ": puzzle 1's page has no 'Letters:' legend naming its letters");
}

TEST_CASE("verify --pdf: every size and skin in every language tells the truth on the page") {
  // One book a language: digits 4x4 to 16x16, letters and shapes 4x4 to 9x9, one puzzle each;
  // half of them with hints (numbered grids), one in the kids register. verify --pdf holds How to
  // Play's grades, the copyright credit, every cross-reference, the legends and the grids' numbers
  // to the manifest, and verify every symbol among the givens.
  std::string sections;
  for (const char* size : {"4x4", "6x6", "8x8", "9x9", "12x12", "16x16"})
    sections += std::string("  - { size: ") + size + ", grade: easy, count: 1 }\n";
  for (const char* size : {"4x4", "6x6", "8x8", "9x9"}) {
    sections += std::string("  - { size: ") + size + ", skin: letters, grade: medium, count: 1 }\n";
    sections += std::string("  - { size: ") + size + ", skin: shapes, grade: easy, count: 1 }\n";
  }
  int k = 0;
  for (const char* language : {"en", "en-GB", "de", "fr", "es", "it", "nl", "pt"}) {
    INFO(language);
    std::string extra = std::string("language: ") + language + "\nyear: 2026\n";
    if (k % 2 == 1) extra += "hints: true\n";
    if (k == 4) extra += "audience: kids\n";
    const Printed p = print(spec_text(11 + k, sections, "8.5x11", extra));
    CHECK(p.manifest.kids == (k == 4));
    CHECK(p.manifest.grid_labels == (k % 2 == 1));
    CHECK(p.manifest.cross_references);
    REQUIRE(p.manifest.copyright);
    CHECK_FALSE(p.manifest.copyright->credit_line);
    CHECK(verify_manifest(p.manifest).empty());
    CHECK(verify_both(p.manifest, p.pdf, "book.pdf").empty());
    ++k;
  }
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

TEST_CASE("verify --pdf: How to Play must name every shape the puzzles use") {
  Printed p = print(spec_text(7,
                              "  - { size: 4x4, skin: shapes, grade: easy, count: 2 }\n"
                              "  - { size: 6x6, skin: shapes, grade: easy, count: 2 }\n"));
  REQUIRE(p.manifest.how_to_play);
  const int page = p.manifest.how_to_play->page;
  CHECK(verify_pdf_bytes(p.manifest, p.pdf, "book.pdf").empty());
  // The page as main printed it named only the 4x4's four shapes.
  const std::string pdf = repainted(p, page, [](render::Page& printed) {
    for (render::Item& item : printed.items) {
      auto* run = std::get_if<render::TextRun>(&item);
      if (!run) continue;
      for (const char* name : {"heart", "cross"}) {
        for (std::size_t at = run->text.find(name); at != std::string::npos; at = run->text.find(name)) {
          run->text.replace(at, 5, "thing");
        }
      }
    }
  });
  CHECK(
      verify_pdf_bytes(tied(p, pdf), pdf, "book.pdf") ==
      std::vector<std::string>{
          "PDF page " + std::to_string(page) + " (how to play): does not name the shape 'heart', which puzzle 3 uses",
          "PDF page " + std::to_string(page) + " (how to play): does not name the shape 'cross', which puzzle 3 uses"});
}
