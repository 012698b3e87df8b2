#include "render/pdf_writer.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "render/layout.h"
#include "support/command.h"
#include "support/files.h"
#include "support/render_fixtures.h"

namespace puzzlepress::render {
namespace {

namespace fs = std::filesystem;

using namespace puzzlepress::testing;

// The value of a "Key:   value" line of pdfinfo's output; empty when absent.
std::string info_field(const std::string& info, const std::string& key) {
  std::istringstream in(info);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key + ":", 0) == 0) {
      const auto start = line.find_first_not_of(' ', key.size() + 1);
      return start == std::string::npos ? "" : line.substr(start);
    }
  }
  return "";
}

int count_pages(const std::string& pdf) {
  int n = 0;
  for (std::size_t pos = pdf.find("/Type /Page"); pos != std::string::npos; pos = pdf.find("/Type /Page", pos + 1)) {
    if (pdf.compare(pos, 12, "/Type /Pages") != 0) ++n;
  }
  return n;
}

// Three pages: a puzzle page with a non-ASCII title, a page with bleed boxes, an empty page.
Document small_document(const TextMeasure& m) {
  Document doc;
  doc.info.title = "Caf\xC3\xA9 Sudoku \xE2\x80\x94 Volume\xE2\x80\x99s One";
  doc.info.author = "Zo\xC3\xAB Author";
  doc.info.subject = "Sudoku puzzles";
  doc.info.creator = "puzzlepress test";
  doc.info.fonts = testing::source_fonts();
  PageFrame frame;
  frame.width_pt = 432;
  frame.height_pt = 648;
  frame.trim_box = Box{0, 0, 432, 648};
  frame.content = Box{27, 18, 414, 630};
  frame.folio = "1";
  FigureSlot slot;
  slot.name = "Puzzle 1";
  slot.caption = "Easy";
  slot.stars_filled = 1;
  slot.stars_total = 5;
  slot.figure.cells.resize(81);
  for (int i = 0; i < 81; ++i) {
    if (i % 3 == 0) slot.figure.cells[i] = {std::string(1, static_cast<char>('1' + i % 9)), Ink::given};
  }
  const FigureSlot slots[] = {slot};
  LayoutStyle one_a_page;
  one_a_page.puzzle_rows = one_a_page.puzzle_cols = 1;
  doc.pages.push_back(layout_puzzle_page(frame, one_a_page, slots, m).page);
  PageFrame bleed = frame;
  bleed.width_pt = 441;
  bleed.height_pt = 666;
  bleed.trim_box = Box{9, 9, 441, 657};
  bleed.content = Box{36, 36, 414, 630};
  bleed.bleed = true;
  bleed.recto = false;
  doc.pages.push_back(layout_title_page(bleed, LayoutStyle{}, doc.info.title, "", doc.info.author, m));
  doc.pages.push_back(Page{432, 648, std::nullopt, std::nullopt, {}});
  return doc;
}

// The PDF's bytes, which must paint.
std::string pdf_of(const Document& doc) {
  auto pdf = render_pdf(doc);
  INFO(pdf.error());
  REQUIRE(pdf.ok());
  return std::move(*pdf);
}

}  // namespace

TEST_SUITE("pdf_writer") {
  TEST_CASE("documents saved at once on several threads (fonts from files and in memory) print their serial bytes") {
    // The font files' deflate hook is global (libharu's function) with a deflater per thread:
    // saves running side by side, as a studio's sessions and the build's save thread do, must
    // not mix their streams.
    const auto m = source_font_metrics();
    Document files = small_document(*m);
    Document memory = files;
    std::vector<std::string> held;
    for (FontRole role : kAllFontRoles) held.push_back(read_bytes(files.info.fonts.for_role(role).file));
    for (FontRole role : kAllFontRoles) {
      memory.info.fonts.for_role(role) = FontSource::in_memory(held[static_cast<std::size_t>(role)], "m.ttf");
    }
    Document other = files;
    other.info.title = "Another title, another length";
    const std::string serial_files = pdf_of(files), serial_memory = pdf_of(memory), serial_other = pdf_of(other);
    const Document* docs[3] = {&files, &memory, &other};
    const std::string* expected[3] = {&serial_files, &serial_memory, &serial_other};
    std::vector<std::string> got(6);
    {
      std::vector<std::thread> threads;
      for (std::size_t t = 0; t < got.size(); ++t) {
        threads.emplace_back([&, t] {
          for (int round = 0; round < 3; ++round) {
            auto pdf = render_pdf(*docs[t % 3]);
            if (!pdf.ok() || *pdf != *expected[t % 3]) return;
          }
          got[t] = *expected[t % 3];
        });
      }
      for (std::thread& t : threads) t.join();
    }
    for (std::size_t t = 0; t < got.size(); ++t) {
      CAPTURE(t);
      CHECK(got[t] == *expected[t % 3]);
    }
  }

  TEST_CASE("fonts held in memory print the same bytes as the same fonts read from files") {
    const auto m = source_font_metrics();
    Document doc = small_document(*m);
    const std::string from_files = pdf_of(doc);
    // Kept alive for the render, as FontSource asks.
    std::vector<std::string> held;
    for (FontRole role : kAllFontRoles) held.push_back(read_bytes(doc.info.fonts.for_role(role).file));
    for (FontRole role : kAllFontRoles) {
      FontSource& source = doc.info.fonts.for_role(role);
      source =
          FontSource::in_memory(held[static_cast<std::size_t>(role)], "built-in " + source.file.filename().string());
    }
    CHECK(pdf_of(doc) == from_files);
    const auto in_memory = PdfFontMetrics::load(doc.info.fonts);
    REQUIRE(in_memory.ok());
    CHECK((*in_memory)->width_pt(FontRole::bold, "Puzzle 17", 12) == m->width_pt(FontRole::bold, "Puzzle 17", 12));
    // Bytes that are no font are named as the source was. (libharu reads past the end of a
    // few bytes of junk; a text file it refuses cleanly.)
    const std::string junk = read_bytes(fs::path(PUZZLEPRESS_SOURCE_DIR) / "README.md");
    doc.info.fonts.text = FontSource::in_memory(junk, "built-in Junk.ttf");
    const auto bad = render_pdf(doc);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().rfind("cannot load font built-in Junk.ttf (is it a glyf-based TrueType .ttf?)", 0) == 0);
  }

  TEST_CASE("paints a PDF with embedded TrueType fonts, identical on every run") {
    const auto m = source_font_metrics();
    const Document doc = small_document(*m);
    const std::string bytes = pdf_of(doc);
    CHECK(bytes.rfind("%PDF-1.", 0) == 0);
    CHECK(bytes.find("%%EOF") != std::string::npos);
    CHECK(count_pages(bytes) == 3);

    // Nothing that varies between runs: no dates, no ID.
    CHECK(bytes.find("/CreationDate") == std::string::npos);
    CHECK(bytes.find("/ModDate") == std::string::npos);
    CHECK(bytes.find("/ID") == std::string::npos);
    CHECK(bytes.find("/Outlines") == std::string::npos);
    CHECK(bytes.find("/Annots") == std::string::npos);
    CHECK(bytes.find("/TrimBox [ 9 9 441 657 ]") != std::string::npos);
    CHECK(bytes.find("/BleedBox [ 0 0 441 666 ]") != std::string::npos);

    CHECK(pdf_of(doc) == bytes);
    // The page list form paints the same.
    const std::vector<const Page*> pages = doc.page_list();
    CHECK(render_pdf(doc.info, pages).value() == bytes);
  }

  TEST_CASE("pages painted out of order give render_pdf's bytes") {
    const auto m = source_font_metrics();
    Document doc = small_document(*m);
    doc.pages.push_back(doc.pages[0]);  // four pages: two with the digits' font, so resources repeat
    const std::string bytes = pdf_of(doc);
    for (const std::vector<std::size_t>& order :
         {std::vector<std::size_t>{3, 2, 1, 0}, std::vector<std::size_t>{1, 3, 0, 2},
          std::vector<std::size_t>{0, 1, 2, 3}}) {
      auto painter = PdfPainter::start(doc.info, doc.pages.size());
      REQUIRE(painter.ok());
      for (std::size_t k : order) CHECK_FALSE((*painter)->paint(k, doc.pages[k]).has_value());
      const auto pdf = (*painter)->finish();
      REQUIRE(pdf.ok());
      CHECK(*pdf == bytes);
    }
  }

  TEST_CASE("poppler and qpdf read it back, when installed") {
    const auto m = source_font_metrics();
    const TempDir dir("render-tools");
    const fs::path out = dir / "book.pdf";
    write_file(out, pdf_of(small_document(*m)));
    if (have_tool("pdfinfo")) {
      const std::string info = run_shell("pdfinfo " + shell_quoted(out)).output;
      CHECK(info_field(info, "Pages") == "3");
      CHECK(info_field(info, "Title") == "Caf\xC3\xA9 Sudoku \xE2\x80\x94 Volume\xE2\x80\x99s One");
      CHECK(info_field(info, "Author") == "Zo\xC3\xAB Author");
      CHECK(info_field(info, "Creator") == "puzzlepress test");
      CHECK(info_field(info, "Page size") == "432 x 648 pts");
      CHECK(info.find("Syntax") == std::string::npos);
    } else {
      MESSAGE("pdfinfo not installed: skipped");
    }
    if (have_tool("pdffonts")) {
      const std::string fonts = run_shell("pdffonts " + shell_quoted(out)).output;
      INFO(fonts);
      CHECK(fonts.find("CID TrueType") != std::string::npos);
      CHECK(fonts.find(" no ") == std::string::npos);  // every font embedded, with ToUnicode
      CHECK(fonts.find("Warning") == std::string::npos);
      CHECK(fonts.find("Helvetica") == std::string::npos);
    }
    if (have_tool("pdftotext")) {
      const std::string text = run_shell("pdftotext " + shell_quoted(out) + " -").output;
      CHECK(text.find("Puzzle 1") != std::string::npos);
      CHECK(text.find("Caf\xC3\xA9 Sudoku") != std::string::npos);
      CHECK(text.find("Warning") == std::string::npos);
    }
    if (have_tool("qpdf")) {
      CHECK(run_shell("qpdf --check " + shell_quoted(out)).exit_code == 0);
      // The empty page still has a non-empty content stream.
      const fs::path qdf = dir / "qdf.pdf";
      REQUIRE(
          run_shell("qpdf --qdf --object-streams=disable " + shell_quoted(out) + " " + shell_quoted(qdf)).exit_code ==
          0);
      const std::string q = read_bytes(qdf);
      const auto at = q.find("%% Contents for page 3");
      REQUIRE(at != std::string::npos);
      CHECK(q.compare(q.find("stream\n", at) + 7, 4, "q\nQ\n") == 0);
    }
  }

  TEST_CASE("a missing font gives an error naming it") {
    const auto m = source_font_metrics();
    Document doc = small_document(*m);
    doc.info.fonts.symbol = fs::path("/nonexistent/Digits.ttf");
    const auto pdf = render_pdf(doc);
    REQUIRE_FALSE(pdf.ok());
    CHECK(pdf.error() == "font file not found: /nonexistent/Digits.ttf");
  }

  TEST_CASE("a document without pages is refused") {
    Document doc;
    doc.info.fonts = testing::source_fonts();
    const auto pdf = render_pdf(doc);
    REQUIRE_FALSE(pdf.ok());
    CHECK(pdf.error() == "the document has no pages");
  }

  TEST_CASE("a font libharu cannot load is an error naming it") {
    const auto m = source_font_metrics();
    Document doc = small_document(*m);
    const TempDir dir("render-badfont");
    const fs::path bad = dir / "not-a-font.ttf";
    std::ofstream(bad) << "this is not a font";
    doc.info.fonts.text = bad;
    const auto pdf = render_pdf(doc);
    REQUIRE_FALSE(pdf.ok());
    CHECK(pdf.error().rfind("cannot load font " + bad.string(), 0) == 0);
  }
}

}  // namespace puzzlepress::render

namespace puzzlepress::render {
namespace {

// A 2 x 2 RGB PNG (red, blue / black, white), written by hand with zlib.
const std::string kTinyPng(
    "\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x02\x00\x00\x00\x02"
    "\x08\x02\x00\x00\x00\xfd\xd4\x9a\x73\x00\x00\x00\x12\x49\x44\x41\x54\x78\x9c\x63\xf8\xcf\xc0\xc0"
    "\x00\xc2\x0c\xff\x81\x00\x00\x1f\xee\x05\xfb\x0b\xd9\x68\x8b\x00\x00\x00\x00\x49\x45\x4e\x44\xae"
    "\x42\x60\x82",
    75);

// The page content streams, uncompressed, through qpdf (empty when qpdf is missing).
std::string content_of(const std::string& pdf, const fs::path& dir) {
  if (!have_tool("qpdf")) return {};
  write_file(dir / "in.pdf", pdf);
  run_shell("qpdf --qdf --object-streams=disable " + shell_quoted(dir / "in.pdf") + " " +
            shell_quoted(dir / "out.pdf"));
  return read_bytes(dir / "out.pdf");
}

}  // namespace

TEST_SUITE("pdf_writer colours, rotation, images") {
  TEST_CASE("RGB and CMYK inks, rotated text and a clipped image are painted") {
    const auto m = source_font_metrics();
    const TempDir dir("render-colour");
    write_file(dir / "tiny.png", kTinyPng);
    Document doc;
    doc.info.fonts = testing::source_fonts();
    Page page{432, 648, std::nullopt, std::nullopt, {}};
    page.items.push_back(Rect{Box{0, 0, 432, 648}, 0, Colour::gray(0), Colour::rgb(0.1, 0.2, 0.3)});
    page.items.push_back(Rect{Box{10, 10, 20, 20}, 1, Colour::cmyk(0, 0.5, 1, 0.25), std::nullopt});
    TextRun spine;
    spine.origin = {200, 600};
    spine.text = "Spine";
    spine.size_pt = 12;
    spine.colour = Colour::rgb(1, 1, 1);
    spine.angle_deg = -90;
    spine.width_pt = m->width_pt(FontRole::text, spine.text, 12);
    page.items.push_back(spine);
    page.items.push_back(Image{Box{50, 50, 250, 250}, dir / "tiny.png", Box{100, 100, 200, 200}});
    doc.pages.push_back(page);
    const std::string pdf = pdf_of(doc);
    CHECK(pdf.find("/Subtype /Image") != std::string::npos);
    const std::string content = content_of(pdf, dir);
    if (!content.empty()) {
      CHECK(content.find("0.1 0.2 0.3 rg") != std::string::npos);
      CHECK(content.find("0 0.5 1 0.25 K") != std::string::npos);
      CHECK(content.find("1 1 1 rg") != std::string::npos);
      CHECK(content.find("0 -1 1 0 200 600 Tm") != std::string::npos);
      CHECK(content.find("100 100 100 100 re\nW") != std::string::npos);
    }
    // Ink of the rotated run goes down from its origin; the image's ink is its clip.
    const Box ink = ink_bounds(spine, *m);
    CHECK(ink.top == doctest::Approx(600));
    CHECK(ink.bottom == doctest::Approx(600 - spine.width_pt));
    CHECK(ink_bounds(page.items.back(), *m).left == 100);
    CHECK(ink_bounds(page.items.back(), *m).right == 200);
  }

  TEST_CASE("paths: moves, lines, cubic curves and closes, filled and stroked") {
    const TempDir dir("render-path");
    Document doc;
    doc.info.fonts = testing::source_fonts();
    Page page{200, 200, std::nullopt, std::nullopt, {}};
    Path p;
    p.move_to({10, 10}).line_to({50, 10}).curve_to({60, 20}, {60, 40}, {50, 50}).close();
    p.fill = Colour::gray(0.25);
    page.items.push_back(p);
    Path outline = p;
    outline.fill.reset();
    outline.stroke_width_pt = 1.5;
    page.items.push_back(outline);
    page.items.push_back(Path{});  // nothing to paint: skipped
    doc.pages.push_back(page);
    const std::string pdf = pdf_of(doc);
    const std::string content = content_of(pdf, dir);
    if (!content.empty()) {
      CHECK(content.find("0.25 g\n10 10 m\n50 10 l\n60 20 60 40 50 50 c\nh\nf\n") != std::string::npos);
      CHECK(content.find("1.5 w\n") != std::string::npos);
      CHECK(content.find("50 50 c\nh\nS\n") != std::string::npos);
    }
  }

  TEST_CASE("a long page's content, compressed across libharu's 4 KiB buffers, reads back whole") {
    const TempDir dir("render-long");
    Document doc;
    doc.info.fonts = testing::source_fonts();
    for (int k = 0; k < 2; ++k) {  // two pages: the second is compressed after the first
      Page page{432, 648, std::nullopt, std::nullopt, {}};
      for (int i = 0; i < 1500; ++i) {  // some 40 KB of operators, each line different
        page.items.push_back(Line{{10.0 + k, 1.0 + i * 0.25}, {400.0, 2.0 + i * 0.5}, 0.5, Colour::gray(0)});
      }
      doc.pages.push_back(page);
    }
    const std::string pdf = pdf_of(doc);
    Document few = doc;  // the same fonts and pages, a line each
    for (Page& page : few.pages) page.items.resize(1);
    // Compressed: the 3000 lines' operators are some 80 KB.
    CHECK(pdf.size() - pdf_of(few).size() < 40000);
    const std::string content = content_of(pdf, dir);
    if (!content.empty()) {
      CHECK(content.find("10 1 m\n400 2 l\nS\n") != std::string::npos);
      CHECK(content.find("10 375.75 m\n400 751.5 l\nS\n") != std::string::npos);
      CHECK(content.find("11 1 m\n400 2 l\nS\n") != std::string::npos);
      CHECK(content.find("11 375.75 m\n400 751.5 l\nS\n") != std::string::npos);
      std::size_t strokes = 0;
      for (auto at = content.find(" l\nS\n"); at != std::string::npos; at = content.find(" l\nS\n", at + 1)) ++strokes;
      CHECK(strokes == 3000);
    }
    // Another painter, fed the pages the other way round, gives the same bytes.
    auto painter = PdfPainter::start(doc.info, 2);
    REQUIRE(painter.ok());
    CHECK_FALSE((*painter)->paint(1, doc.pages[1]).has_value());
    CHECK_FALSE((*painter)->paint(0, doc.pages[0]).has_value());
    CHECK((*painter)->finish().value() == pdf);
  }

  TEST_CASE("width, join, inks and font are written only when they change") {
    const TempDir dir("render-state");
    Document doc;
    doc.info.fonts = testing::source_fonts();
    Page page{200, 200, std::nullopt, std::nullopt, {}};
    page.items.push_back(Line{{10, 10}, {100, 10}, 0.75, Colour::gray(0)});  // black is PDF's own: no G
    page.items.push_back(Line{{10, 20}, {100, 20}, 0.75, Colour::gray(0)});
    page.items.push_back(Line{{10, 30}, {100, 30}, 2, Colour::gray(0.5)});
    page.items.push_back(Line{{10, 40}, {100, 40}, 0.75, Colour::gray(0.5)});
    page.items.push_back(Rect{Box{10, 50, 20, 60}, 0.75, Colour::gray(0.5), std::nullopt});  // miter: PDF's own
    Polygon star;
    star.points = {{30, 50}, {40, 60}, {50, 50}};
    star.stroke_width_pt = 0.75;
    star.stroke = Colour::gray(0.5);
    page.items.push_back(star);
    star.fill = Colour::gray(0.25);
    star.stroke_width_pt = 0;  // filled only: no join needed
    page.items.push_back(star);
    TextRun digit;
    digit.text = "7";
    digit.size_pt = 12;
    for (int i = 0; i < 3; ++i) {
      digit.origin = {10.0 + 20 * i, 100};
      digit.colour = Colour::gray(i == 2 ? 0.5 : 0);
      page.items.push_back(digit);
    }
    doc.pages.push_back(page);
    const std::string content = content_of(pdf_of(doc), dir);
    if (!content.empty()) {
      const auto at = content.find("%% Contents for page 1");
      REQUIRE(at != std::string::npos);
      const std::size_t from = content.find("stream\n", at) + 7;
      const std::string ops = content.substr(from, content.find("endstream", from) - from);
      CHECK(ops ==
            "0.75 w\n10 10 m\n100 10 l\nS\n10 20 m\n100 20 l\nS\n"
            "2 w\n0.5 G\n10 30 m\n100 30 l\nS\n0.75 w\n10 40 m\n100 40 l\nS\n"
            "10 50 10 10 re\nS\n"
            "1 j\n30 50 m\n40 60 l\n50 50 l\nh\nS\n"
            "0.25 g\n30 50 m\n40 60 l\n50 50 l\nh\nf\n"
            "BT\n/F1 12 Tf\n0 g\n10 100 Td\n<0037> Tj\nET\n"
            "BT\n30 100 Td\n<0037> Tj\nET\n"
            "BT\n0.5 g\n50 100 Td\n<0037> Tj\nET\n");
    }
  }

  TEST_CASE("lines, polygons and text moves, written without libharu's calls, give those calls' bytes") {
    const TempDir dir("render-raw");
    Document doc;
    doc.info.fonts = testing::source_fonts();
    const std::vector<Point> corners = {{-3.25, 0.000004}, {1234.56789, 0.5}, {99999.5, -0.1234567}, {7, 1e-6}};
    Page raw{200, 200, std::nullopt, std::nullopt, {}};
    Page called = raw;
    Polygon polygon;
    polygon.points = corners;
    polygon.stroke_width_pt = 1;
    raw.items.push_back(polygon);  // written here
    Path path;                     // painted with HPDF_Page_MoveTo, _LineTo, _ClosePath and _Stroke
    path.move_to(corners[0]);
    for (std::size_t i = 1; i < corners.size(); ++i) path.line_to(corners[i]);
    path.close();
    path.stroke_width_pt = 1;
    called.items.push_back(path);
    polygon.fill = Colour::gray(0.5);
    path.fill = Colour::gray(0.5);
    raw.items.push_back(polygon);
    called.items.push_back(path);
    for (std::size_t i = 0; i + 1 < corners.size(); ++i) {
      raw.items.push_back(Line{corners[i], corners[i + 1], 1, Colour::gray(0)});
      Path segment;
      segment.move_to(corners[i]).line_to(corners[i + 1]);
      segment.stroke_width_pt = 1;
      called.items.push_back(segment);
    }
    TextRun run;  // its Td is written here too: the absolute move at the start of BT
    run.text = "7";
    run.size_pt = 12;
    run.origin = corners[1];
    raw.items.push_back(run);
    doc.pages = {raw, called};
    const std::string content = content_of(pdf_of(doc), dir);
    if (!content.empty()) {
      const auto ops = [&](int page) {
        const auto at = content.find("%% Contents for page " + std::to_string(page) + "\n");
        REQUIRE(at != std::string::npos);
        const std::size_t from = content.find("stream\n", at) + 7;
        return content.substr(from, content.find("endstream", from) - from);
      };
      const std::string text = "BT\n/F1 12 Tf\n0 g\n1234.56787 0.5 Td\n<0037> Tj\nET\n";
      REQUIRE(ops(1).size() > text.size());
      CHECK(ops(1).substr(ops(1).size() - text.size()) == text);
      CHECK(ops(1).substr(0, ops(1).size() - text.size()) == ops(2));
      CHECK(ops(1).find("-3.25 0 m\n1234.56787 0.5 l\n") != std::string::npos);
    }
  }

  TEST_CASE("an image that is not PNG or JPEG is named") {
    const TempDir dir("render-badimage");
    std::ofstream(dir / "art.png") << "not an image";
    Document doc;
    doc.info.fonts = testing::source_fonts();
    Page page{432, 648, std::nullopt, std::nullopt, {}};
    page.items.push_back(Image{Box{0, 0, 100, 100}, dir / "art.png", std::nullopt});
    doc.pages.push_back(page);
    const auto pdf = render_pdf(doc);
    REQUIRE_FALSE(pdf.ok());
    CHECK(pdf.error() ==
          "cannot load image " + (dir / "art.png").string() + " (on page 1; is it a readable PNG or JPEG?)");
  }
}

TEST_SUITE("pdf_painter") {
  TEST_CASE("the painter refuses a page twice, a missing page, and an image out of order") {
    const auto m = source_font_metrics();
    const Document doc = small_document(*m);
    {
      auto painter = PdfPainter::start(doc.info, 3);
      REQUIRE(painter.ok());
      CHECK_FALSE((*painter)->paint(0, doc.pages[0]).has_value());
      CHECK_FALSE((*painter)->paint(2, doc.pages[2]).has_value());
      const auto unfinished = (*painter)->finish();
      REQUIRE_FALSE(unfinished.ok());
      CHECK(unfinished.error() == "page 2 was never painted");
      CHECK((*painter)->paint(2, doc.pages[2]) == "page 3 painted twice or beyond the document's 3 pages");
      CHECK((*painter)->finish().error() == "page 3 painted twice or beyond the document's 3 pages");
    }
    const TempDir dir("render-order");
    write_file(dir / "tiny.png", kTinyPng);
    Page pictured{432, 648, std::nullopt, std::nullopt, {}};
    pictured.items.push_back(Image{Box{50, 50, 250, 250}, dir / "tiny.png", std::nullopt});
    auto painter = PdfPainter::start(doc.info, 2);
    REQUIRE(painter.ok());
    CHECK_FALSE((*painter)->paint(1, doc.pages[0]).has_value());
    CHECK((*painter)->paint(0, pictured) == "page 1 holds an image and was painted after a later page");
    // In page order an image is fine.
    auto in_order = PdfPainter::start(doc.info, 2);
    REQUIRE(in_order.ok());
    CHECK_FALSE((*in_order)->paint(0, pictured).has_value());
    CHECK_FALSE((*in_order)->paint(1, doc.pages[0]).has_value());
    CHECK((*in_order)->finish().ok());
  }

  TEST_CASE("a save that fails midway is refused, not a cut-off PDF; the next save is whole") {
    // libharu's callback writer answers HPDF_OK from HPDF_SaveToStream even when a write fails.
    const auto m = source_font_metrics();
    const Document doc = small_document(*m);
    const auto whole = render_pdf(doc.info, doc.page_list());
    REQUIRE(whole.ok());
    for (std::size_t limit : {std::size_t{0}, std::size_t{100}, whole->size() / 2, whole->size() - 1}) {
      CAPTURE(limit);
      auto painter = PdfPainter::start(doc.info, doc.pages.size());
      REQUIRE(painter.ok());
      for (std::size_t i = 0; i < doc.pages.size(); ++i) CHECK_FALSE((*painter)->paint(i, doc.pages[i]).has_value());
      const auto cut = (*painter)->finish(limit);
      REQUIRE_FALSE(cut.ok());
      CHECK(cut.error() == "cannot assemble the PDF: it would be larger than " + std::to_string(limit) + " bytes");
    }
    auto painter = PdfPainter::start(doc.info, doc.pages.size());
    REQUIRE(painter.ok());
    for (std::size_t i = 0; i < doc.pages.size(); ++i) CHECK_FALSE((*painter)->paint(i, doc.pages[i]).has_value());
    CHECK((*painter)->finish(whole->size()).value() == *whole);
    // A document is saved once (a second save of it would give other bytes).
    CHECK((*painter)->finish().error() == "the PDF was already assembled");
    CHECK((*painter)->paint(0, doc.pages[0]) == "the PDF was already assembled");
  }

  TEST_CASE("after a failed save, the painter gives that failure again") {
    const auto m = source_font_metrics();
    const Document doc = small_document(*m);
    auto painter = PdfPainter::start(doc.info, doc.pages.size());
    REQUIRE(painter.ok());
    for (std::size_t i = 0; i < doc.pages.size(); ++i) CHECK_FALSE((*painter)->paint(i, doc.pages[i]).has_value());
    CHECK((*painter)->finish(100).error() == "cannot assemble the PDF: it would be larger than 100 bytes");
    CHECK((*painter)->finish().error() == "cannot assemble the PDF: it would be larger than 100 bytes");
  }
}

}  // namespace puzzlepress::render
