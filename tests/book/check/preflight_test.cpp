// preflight: KDP's print rules on any interior PDF. PDFs painted here page by page (our writer,
// libharu) or edited with qpdf (pdf_edit.cpp); each breaks one rule and gets its own message.
#include <algorithm>
#include <doctest/doctest.h>

#include "book/check/pdf_scan.h"
#include "book/check/preflight.h"
#include "book/check/verify.h"
#include "check/pdf_edit.h"
#include "render/pdf_writer.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

namespace fs = std::filesystem;

/// `count` empty pages of `width` x `height` pt, `change` applied to each (by 1-based number).
std::string pdf_of(int count, double width = 432, double height = 648,
                   const std::function<void(int, render::Page&)>& change = {}) {
  std::vector<render::Page> pages(static_cast<std::size_t>(count));
  std::vector<const render::Page*> list;
  for (int i = 0; i < count; ++i) {
    render::Page& p = pages[static_cast<std::size_t>(i)];
    p.width_pt = width;
    p.height_pt = height;
    if (change) change(i + 1, p);
    list.push_back(&p);
  }
  render::DocumentInfo info;
  info.fonts = render::default_font_files(fs::path(PUZZLEPRESS_SOURCE_DIR) / "fonts");
  util::Result<std::string> pdf = render::render_pdf(info, list);
  REQUIRE(pdf.ok());
  return *pdf;
}

std::vector<std::string> preflight_of(const std::string& pdf, const std::string& trim = "6x9", bool bleed = false) {
  const util::Result<PdfScan> scan = scan_pdf(pdf);
  REQUIRE(scan.ok());
  return preflight(*scan, {*parse_trim(trim).trim, bleed, Paper::white});
}

render::TextRun text_at(double x, double y, const std::string& text, double size = 10) {
  render::TextRun run;
  run.origin = {x, y};
  run.text = text;
  run.size_pt = size;
  return run;
}

}  // namespace

TEST_CASE("preflight: a clean 24-page 6x9 interior passes") {
  const std::string pdf = pdf_of(24, 432, 648, [](int n, render::Page& p) {
    p.items.push_back(text_at(100, 300, "Page " + std::to_string(n)));
    p.items.push_back(render::Line{{100, 200}, {300, 200}, 0.75});
  });
  CHECK(preflight_of(pdf).empty());
}

TEST_CASE("preflight: page count, parity and MediaBox") {
  const std::string pdf = pdf_of(3);
  CHECK(preflight_of(pdf) ==
        std::vector<std::string>{"page count 3 is odd", "page count 3 is below KDP's minimum of 24"});
  const std::vector<std::string> letter = preflight_of(pdf_of(24), "8.5x11");
  REQUIRE(letter.size() == 6);
  CHECK(letter[0] == "page 1: MediaBox 432 x 648 pt but trim 8.5x11 makes 612 x 792 pt");
  CHECK(letter[5] == "… and 19 more pages with another MediaBox");
  CHECK(preflight_of(pdf_of(24), "6x9", true)[0] ==
        "page 1: MediaBox 432 x 648 pt but trim 6x9 with bleed makes 441 x 666 pt");
}

TEST_CASE("preflight: ink outside the margins, by page and gutter") {
  // 24 pages: gutter 0.375 in (27 pt), edges 0.25 in (18 pt). Recto 1 has its gutter on the left.
  const std::string pdf = pdf_of(24, 432, 648, [](int n, render::Page& p) {
    if (n == 1) p.items.push_back(render::Line{{20, 300}, {100, 300}, 1});  // in the gutter of a recto
    if (n == 2) p.items.push_back(render::Line{{20, 300}, {100, 300}, 1});  // inside: a verso's left margin is 18 pt
    if (n == 3)
      p.items.push_back(render::Line{{400, 300}, {412, 300}, 1});  // a recto's outside margin: 414 is its edge
    if (n == 4) p.items.push_back(render::Line{{400, 300}, {412, 300}, 1});  // a verso's gutter starts at 405
    if (n == 5) {
      p.items.push_back(render::Line{{100, 10}, {200, 10}, 1});
      p.items.push_back(render::Line{{100, 640}, {200, 640}, 1});
    }
    if (n == 6) p.items.push_back(render::Rect{{0, 0, 432, 648}, 0, render::Colour::gray(0), render::Colour::gray(1)});
  });
  const std::vector<std::string> lines = preflight_of(pdf);
  CHECK(lines == std::vector<std::string>{
                     "page 1: a line at [19.5, 299.5, 81, 1] is outside the margins [27, 18, 387, 612]",
                     "page 4: a line at [399.5, 299.5, 13, 1] is outside the margins [18, 18, 387, 612]",
                     "page 5: a line at [99.5, 9.5, 101, 1] is outside the margins [27, 18, 387, 612] (and 1 more)",
                 });
}

TEST_CASE("preflight: with bleed, art that runs past the trim is allowed; text is not") {
  const std::string pdf = pdf_of(24, 441, 666, [](int n, render::Page& p) {
    if (n == 1)
      p.items.push_back(render::Rect{{0, 0, 441, 100}, 0, render::Colour::gray(0), render::Colour::gray(0.5)});
    if (n == 3) p.items.push_back(text_at(2, 300, "Bleed"));
  });
  const std::vector<std::string> lines = preflight_of(pdf, "6x9", true);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("page 3: text 'Bleed' at [2, ", 0) == 0);
}

TEST_CASE("preflight: print floors, five pages then a count") {
  const std::string pdf = pdf_of(24, 432, 648, [](int n, render::Page& p) {
    if (n <= 7) p.items.push_back(render::Line{{100, 100}, {200, 100}, 0.5});
    if (n == 1) p.items.push_back(render::Line{{100, 150}, {200, 150}, 0});
    if (n == 8)
      p.items.push_back(render::Rect{{100, 100, 200, 200}, 0, render::Colour::gray(0), render::Colour::gray(0.92)});
    if (n == 9)
      p.items.push_back(render::Rect{{100, 100, 200, 200}, 0, render::Colour::gray(0), render::Colour::gray(0.9)});
    if (n == 10) p.items.push_back(text_at(100, 300, "Small", 6.5));
  });
  const std::vector<std::string> lines = preflight_of(pdf);
  REQUIRE(lines.size() == 8);
  CHECK(lines[0] == "page 1: a line 0.5 pt wide at [99.75, 99.75, 100.5, 0.5] (thinner than 0.75 pt) (and 1 more)");
  CHECK(lines[1] == "page 2: a line 0.5 pt wide at [99.75, 99.75, 100.5, 0.5] (thinner than 0.75 pt)");
  CHECK(lines[5] == "… and 2 more pages with lines thinner than 0.75 pt");
  CHECK(lines[6] == "page 8: a grey fill of 8 % at [100, 100, 100, 100] (lighter than 10 %)");
  CHECK(lines[7].rfind("page 10: text 'Small' of 6.5 pt at [100, ", 0) == 0);
}

TEST_CASE("preflight: fonts not embedded, annotations, encryption") {
  const std::string pdf = pdf_of(24);
  CHECK(preflight_of(testing::with_unembedded_font(pdf, 2)) ==
        std::vector<std::string>{"font Helvetica is not embedded (first on page 2)"});
  CHECK(preflight_of(testing::with_annotation(pdf, 4, "Text")) ==
        std::vector<std::string>{"page 4: 1 annotation (Text)"});
  // Six pages with annotations: five named, then one counted; two of a kind named once.
  std::string many = testing::with_annotation(pdf, 1, "Link");
  for (int page = 1; page <= 6; ++page) many = testing::with_annotation(many, page, "Link");
  many = testing::with_annotation(many, 24, "Link");
  const std::vector<std::string> lines = preflight_of(many);
  REQUIRE(lines.size() == 6);
  CHECK(lines[0] == "page 1: 2 annotations (Link)");
  CHECK(lines[5] == "… and 2 more pages with annotations");
  CHECK(preflight_of(testing::encrypted(pdf)) == std::vector<std::string>{"PDF is encrypted"});
  CHECK(scan_pdf(testing::password_protected(pdf)).error() == "encrypted with a password: cannot read its pages");
}

TEST_CASE("preflight: a character its font has no glyph for is an empty box, named by page") {
  // Hostile round two: boxes printed with exit 0. LiberationSans has no CJK: libharu maps the
  // code to glyph 0 in the font's /CIDToGIDMap, and the reader sees it there.
  const std::string pdf = pdf_of(24, 432, 648, [](int n, render::Page& p) {
    p.items.push_back(text_at(100, 300, n == 3 ? "Page 数独 数" : "Page " + std::to_string(n)));
  });
  const std::vector<std::string> lines = preflight_of(pdf);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("page 3: prints '数' (U+6570) in font ", 0) == 0);
  CHECK(lines[0].find("LiberationSans, '独' (U+72EC) in font ") != std::string::npos);
  CHECK(lines[0].find(", which its font has no glyph for (an empty box)") != std::string::npos);
  // Every character of the shipped fonts' own texts has its glyph.
  CHECK(preflight_of(pdf_of(24, 432, 648, [](int, render::Page& p) {
          p.items.push_back(text_at(100, 300, "Zoë – Straße © 2026 “quoted” ×"));
        })).empty());
}

TEST_CASE("preflight: nested forms are followed to a depth, never overflowing the stack") {
  const std::string pdf = pdf_of(24);
  // 30 deep: followed, and the innermost form's hairline-free line is inside the margins.
  CHECK(preflight_of(testing::with_nested_forms(pdf, 1, 30)).empty());
  CHECK(preflight_of(testing::with_nested_forms(pdf, 1, 20000)) ==
        std::vector<std::string>{"page 1: form XObjects nested more than 32 deep were not looked into"});
}

TEST_CASE("preflight: forms that draw each other many times stop at the operator budget") {
  // 12 forms, each drawing the next 10 times: 10^11 draws if followed to the end (found in
  // review: preflight ran for ever on such a 2.8 KB file).
  const std::vector<std::string> lines = preflight_of(testing::with_nested_forms(pdf_of(24), 1, 12, 10));
  CHECK(
      std::find(lines.begin(), lines.end(),
                "page 1: too much to follow (more than 1000 forms drawn on the page); the rest was not looked into") !=
      lines.end());
}

TEST_CASE("scan_pdf: a form drawn again is painted where each drawing puts it") {
  // The scan parses a form's first drawing, records its second and replays it from the third:
  // each must still land where its own matrix, line width and colour put it.
  const std::string one_page = testing::with_form(
      pdf_of(2), 2, "0.5 g 0.5 G 0 0 m 10 0 l S 0 0 4 4 re f",
      "q 1 0 0 1 100 100 cm /G Do Q q 2 0 0 2 50 300 cm 0 g 3 w /G Do Q q 1 0 0 1 200 500 cm /G Do Q");
  const util::Result<PdfScan> scan = scan_pdf(one_page);
  REQUIRE(scan);
  const std::vector<PdfMark>& marks = scan->pages[1].marks;
  REQUIRE(marks.size() == 6);
  const auto box_of = [&](std::size_t i) {
    const render::Box& b = marks[i].box;
    return std::vector<double>{b.left, b.bottom, b.right, b.top};
  };
  CHECK(marks[0].kind == PdfMark::Kind::stroke);
  // Strokes reach half their width past the ends, but not past the form's BBox (from its origin).
  CHECK(box_of(0) == std::vector<double>{100, 100, 110.5, 100.5});
  CHECK(marks[1].kind == PdfMark::Kind::fill);
  CHECK(box_of(1) == std::vector<double>{100, 100, 104, 104});
  CHECK(box_of(2) == std::vector<double>{50, 300, 73, 303});  // 3 w, doubled: 6 pt wide
  CHECK(marks[2].line_width_pt == 6);
  CHECK(box_of(3) == std::vector<double>{50, 300, 58, 308});
  CHECK(box_of(4) == std::vector<double>{200, 500, 210.5, 500.5});
  CHECK(box_of(5) == std::vector<double>{200, 500, 204, 504});
  for (const PdfMark& mark : marks) CHECK(mark.ink == doctest::Approx(0.5));

  // Replays are whole: a form whose line lands where all its operators put it, kept (1,000
  // moves) or too big to keep (3,000 moves: parsed at each drawing instead).
  for (const int moves : {1000, 3000}) {
    CAPTURE(moves);
    std::string form;
    for (int i = 0; i < moves; ++i) form += "1 0 0 1 0.01 0 cm\n";
    form += "0 0 m 10 0 l S\n";
    const util::Result<PdfScan> moved = scan_pdf(
        testing::with_form(pdf_of(1), 1, form, "q 1 0 0 1 100 100 cm /G Do Q /G Do q 1 0 0 1 0 50 cm /G Do Q"));
    REQUIRE(moved);
    const std::vector<PdfMark>& lines = moved->pages[0].marks;
    REQUIRE(lines.size() == 3);
    const double shift = moves * 0.01;
    CHECK(lines[0].box.left == doctest::Approx(100 + shift - 0.5));  // half the 1 pt stroke
    CHECK(lines[1].box.left == doctest::Approx(shift - 0.5));
    CHECK(lines[2].box.left == doctest::Approx(shift - 0.5));
    CHECK(lines[2].box.bottom == doctest::Approx(50));
  }
}

TEST_CASE("scan_pdf: a replayed form still spends the operator budget") {
  // 1,000 `cm`s a drawing, 7 objects each, plus `/G Do`: 142 drawings are 994,284 operators
  // and operands, 143 are 1,001,286.
  std::string form;
  for (int i = 0; i < 1000; ++i) form += "1 0 0 1 0 0 cm\n";
  for (const int drawings : {142, 143}) {
    CAPTURE(drawings);
    std::string content;
    for (int i = 0; i < drawings; ++i) content += "/G Do\n";
    const util::Result<PdfScan> scan = scan_pdf(testing::with_form(pdf_of(1), 1, form, content));
    REQUIRE(scan);
    CHECK(scan->pages[0].too_much_work == (drawings == 143));
    if (drawings == 143) CHECK(scan->pages[0].too_much_why == "more than 1000000 operators and operands on the page");
  }
}

TEST_CASE("scan_pdf: an operand too large to build is not parsed, and the page says so") {
  // qpdf builds an array whole before handing it over (about 300 bytes an object): at most
  // 100,000 objects in one operand, all it nests counted.
  const auto page_with = [](const std::string& content) {
    const util::Result<PdfScan> scan = scan_pdf(testing::with_content(pdf_of(1), 1, content, "<< >>"));
    REQUIRE(scan);
    return scan->pages[0];
  };
  const auto numbers = [](int count) {
    std::string out;
    for (int i = 0; i < count; ++i) out += "0 ";
    return out;
  };
  CHECK_FALSE(page_with("[" + numbers(99'999) + "] pop 0 0 m 10 0 l S").too_much_work);
  const PdfPageScan nested = page_with("[" + numbers(50'000) + "[" + numbers(50'000) + "]] pop");
  CHECK(nested.too_much_work);
  CHECK(
      too_much_to_follow(nested) ==
      "too much to follow (an operand of more than 100000 objects in a content stream); the rest was not looked into");
  CHECK(page_with("<< /A [" + numbers(100'000) + "] >> pop").too_much_work);
  // As qpdf's parser reads them: braces, `>>` in an array and bad hex strings are nulls inside
  // the array, not its end; inline image data is one token, whatever bytes it holds.
  CHECK(page_with("[ } " + numbers(100'000) + "] pop").too_much_work);
  CHECK(page_with("[ >> " + numbers(100'000) + "] pop").too_much_work);
  CHECK(page_with("[ <zz> " + numbers(100'000) + "] pop").too_much_work);
  CHECK(page_with("BI /W 1 /H 1 /CS /G /BPC 8 ID ( EI [" + numbers(100'001) + "] pop").too_much_work);
  CHECK_FALSE(page_with("BI /W 2 /H 1 /CS /G /BPC 8 ID [[ EI [" + numbers(90'000) + "] pop").too_much_work);
  // qpdf keeps a warning for every bad or stray token: at most 1,000.
  const PdfPageScan stray = page_with(std::string(1001, '}') + " 0 0 m 10 0 l S");
  CHECK(stray.too_much_why == "more than 1000 bad or stray tokens in a content stream");
  CHECK_FALSE(page_with(std::string(1000, '}') + " 0 0 m 10 0 l S").too_much_work);
  // So does what qpdf warns about in a dictionary: a key that is no name or is given twice, a
  // key without a value; and a name's bad # escape.
  const auto repeated = [](const std::string& text, int count) {
    std::string out;
    for (int i = 0; i < count; ++i) out += text;
    return out;
  };
  CHECK(page_with("<< " + repeated("0 0 ", 1001) + ">> pop").too_much_work);
  CHECK(page_with("<< " + repeated("/A 0 ", 1002) + ">> pop").too_much_work);
  CHECK(page_with(repeated("<< /A >> pop ", 1001)).too_much_work);
  CHECK(page_with(repeated("/#zz n ", 1001)).too_much_work);
  CHECK_FALSE(page_with("<< /A 0 /B#20C 1 /Type /XObject >> pop " + repeated("/A n ", 1001)).too_much_work);
  // Operands past 64 before an operator count among them (poppler warns about each).
  CHECK(page_with(numbers(1065) + "n").too_much_why == "more than 1000 bad or stray tokens in a content stream");
  CHECK_FALSE(page_with(numbers(1064) + "n 0 0 m 10 0 l S").too_much_work);
  // Strings, hex strings and comments hold no objects, whatever they look like; names end at
  // a delimiter; an array closed at the top starts the count again.
  const std::string looks_like_arrays =
      "(" + numbers(200'000) + "[ \\) ( ) ]) <" + std::string(1000, '0') + "> %" + numbers(1000) + "\n";
  const PdfPageScan quiet = page_with("[" + looks_like_arrays + "/A/B/C] pop [" + numbers(90'000) + "] pop [" +
                                      numbers(90'000) + "] pop 0 0 m 10 0 l S");
  CHECK_FALSE(quiet.too_much_work);
  CHECK(quiet.marks.size() == 1);
}

TEST_CASE("scan_pdf: a content stream that decodes to more than 64 MiB is not parsed") {
  // Spaces compress about a thousandfold: a small file (the writer compresses the stream). Page
  // 2 is read: the stream is refused for its size, not the file's budget.
  const std::string pdf =
      testing::with_content(pdf_of(2), 1, std::string((std::size_t{64} << 20) + 1024, ' '), "<< >>");
  CHECK(pdf.size() < (std::size_t{1} << 20));
  const util::Result<PdfScan> scan = scan_pdf(testing::with_content(pdf, 2, "0 0 m 10 0 l S", "<< >>"));
  REQUIRE(scan);
  CHECK(scan->pages[0].too_much_why == "a content stream that decodes to more than 64 MiB");
  CHECK_FALSE(scan->pages[1].too_much_work);
  CHECK(scan->pages[1].marks.size() == 1);
}

TEST_CASE("scan_pdf: strings, spaces and comments read per file are budgeted") {
  // A form of a 9 MiB string drawn again and again: too big to keep (over 8 MB), so each
  // drawing reads it (the file is small: the writer compresses it). The budget of 64 MiB ends it
  // at the 8th reading, the check's first among them: 6 drawings done. The operators alone
  // would allow thousands.
  const std::string form = "(" + std::string(std::size_t{9} << 20, 'A') + ") pop 0 0 m 10 0 l S";
  std::string content;
  for (int i = 0; i < 40; ++i) content += "/G Do\n";
  const util::Result<PdfScan> scan = scan_pdf(testing::with_form(pdf_of(1), 1, form, content));
  REQUIRE(scan);
  CHECK(scan->pages[0].too_much_why ==
        "more than 64 MiB of strings, spaces and comments read (32 times the file's size if that is more)");
  CHECK(scan->pages[0].marks.size() == 6);
}

TEST_CASE("scan_pdf: what PDF/X-1a forbids, each once, in the order drawn") {
  const std::string pdf =
      testing::with_content(pdf_of(24), 2,
                            "q 1 0 0 rg /CS0 cs /CS1 CS /GS0 gs /GS1 gs /Sh0 sh 0 0 1 rg Q\n"
                            "BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xff\x00\x00 EI\n",
                            "<< /ColorSpace << /CS0 [/CalRGB << /WhitePoint [0.95 1 1.09] >>] /CS1 [/Indexed "
                            "/DeviceCMYK 1 <00000000ffffffff>] >>"
                            "   /ExtGState << /GS0 << /BM /Multiply >> /GS1 << /BM /Normal /CA 1 >> >>"
                            "   /Shading << /Sh0 << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 1 1]"
                            "     /Function << /FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [1 1 1] /N 1 >> >> >> >>");
  const util::Result<PdfScan> scan = scan_pdf(pdf);
  REQUIRE(scan);
  CHECK(scan->pages[0].pdfx_problems.empty());
  CHECK(scan->pages[1].pdfx_problems == std::vector<std::string>{"RGB colour (rg) on the page",
                                                                 "RGB colour (cs /CS0) on the page",
                                                                 "transparency (graphics state GS0)",
                                                                 "shading Sh0 is RGB", "an inline image is DeviceRGB"});
}

TEST_CASE("scan_pdf: bytes that are not a PDF") {
  for (const std::string& bytes : {std::string(), std::string("hello"), std::string(4096, '\0'),
                                   std::string("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")}) {
    const util::Result<PdfScan> scan = scan_pdf(bytes);
    CHECK_FALSE(scan.ok());
    CHECK(scan.error().rfind("not a PDF: ", 0) == 0);
  }
}
