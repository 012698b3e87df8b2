// verify's cover checks: the manifest's cover record against the printers' rules, and a cover
// PDF against the record. Each check meets a cover that breaks exactly it.
#include <doctest/doctest.h>

#include <algorithm>

#include "check/pdf_edit.h"

#include <cstdlib>

#include "book/check/pdf_check.h"
#include "book/check/verify.h"
#include "book/cover/cover.h"
#include "book/cover/pdfx.h"
#include "book/manifest/manifest.h"
#include "cover/cover_support.h"
#include "render/pdf_writer.h"
#include "render/pieces.h"
#include "support/command.h"
#include "support/files.h"
#include "support/image_writer.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
using namespace puzzlepress::book::cover_testing;

namespace {

RectPt rect_of(const render::Box& b) { return {b.left, b.bottom, b.width(), b.height()}; }

/// A consistent record for a 6x9 book of `pages` pages with a spine of `spine_in`.
Manifest manifest_with(double spine_in, int pages = 100, Printer printer = Printer::kdp, bool from_spec = false) {
  Manifest m;
  m.trim = "6x9";
  m.page_count = pages;
  const CoverGeometry g = cover_geometry(*parse_trim("6x9").trim, spine_in, printer, true);
  ManifestCover c;
  c.printer = printer;
  c.paper = CoverPaper::white;
  c.spine_in = spine_in;
  c.spine_in_from_spec = from_spec;
  c.width_pt = g.width_pt;
  c.height_pt = g.height_pt;
  c.front = rect_of(g.front);
  c.back = rect_of(g.back);
  c.spine = rect_of(g.spine);
  c.barcode = rect_of(*g.barcode);
  m.cover = c;
  return m;
}

/// The book's cover page painted after `change`, written to `path` (optionally as PDF/X).
void write_cover(const Book& book, const fs::path& path, const std::function<void(render::Page&)>& change,
                 bool pdfx = false, int copies = 1) {
  render::Page page = book.cover->page;
  change(page);
  std::vector<const render::Page*> pages(static_cast<std::size_t>(copies), &page);
  util::Result<std::string> pdf = render::render_pdf(book.cover_info, pages);
  REQUIRE(pdf.ok());
  if (pdfx) pdf = to_pdfx1a(*pdf, pdfx_facts(2026));
  REQUIRE(pdf.ok());
  testing::write_file(path, *pdf);
}

render::TextRun run_at(double x, double y, const std::string& text, const render::TextMeasure& m) {
  render::TextRun run;
  run.origin = {x, y};
  run.text = text;
  run.size_pt = 10;
  run.width_pt = m.width_pt(render::FontRole::text, text, 10);
  return run;
}

struct Built {
  BookSpec spec;
  Book book;
};

Built build(const std::string& cover_lines) {
  Built b{spec_of(spec_text("6x9", "  back_text: A blurb.\n" + cover_lines)), {}};
  b.book = make_book(b.spec, test_settings());
  return b;
}

}  // namespace

TEST_SUITE("cover record") {
  TEST_CASE("a sound record has no problem") {
    CHECK(verify_cover_record(manifest_with(0.2252)).empty());
    CHECK(verify_cover_record(Manifest{}).empty());  // no cover: nothing to say
    // From the spec within 1/16 in of the formula: accepted.
    CHECK(verify_cover_record(manifest_with(0.26, 100, Printer::kdp, true)).empty());
    CHECK(verify_cover_record(manifest_with(0.3, 100, Printer::ingramspark, true)).empty());
  }

  TEST_CASE("a spine that is not the formula's") {
    CHECK(verify_cover_record(manifest_with(0.25)) ==
          std::vector<std::string>{"cover: spine 0.25 in does not match KDP's 0.2252 in for 100 pages of white paper"});
    CHECK(verify_cover_record(manifest_with(0.3, 100, Printer::kdp, true)) ==
          std::vector<std::string>{"cover: spine 0.3 in (from the spec) is 0.075 in off KDP's 0.2252 in for 100 pages "
                                   "of white paper; more than 0.0625 in is rejected"});
    // Lulu states no tolerance: a spine from the spec is the author's call (build warns).
    CHECK(verify_cover_record(manifest_with(0.4, 100, Printer::lulu, true)).empty());
    CHECK(verify_cover_record(manifest_with(0.3, 100, Printer::lulu)) ==
          std::vector<std::string>{"cover: spine 0.3 in does not match Lulu's 0.2852 in for 100 pages of white paper"});
    Manifest absurd = manifest_with(0.2252);
    absurd.cover->spine_in = 5;
    CHECK(verify_cover_record(absurd) ==
          std::vector<std::string>{"cover: spine 5 in is not a paperback spine (more than 0, at most 3 in)"});
  }

  TEST_CASE("a size, panel or barcode box that is not the geometry's") {
    Manifest size = manifest_with(0.2252);
    size.cover->width_pt += 1;
    CHECK(verify_cover_record(size) ==
          std::vector<std::string>{"cover: size 899.21 x 666 pt does not match trim 6x9 with a 0.2252 in spine "
                                   "(898.21 x 666 pt)"});
    Manifest front = manifest_with(0.2252);
    front.cover->front.x += 1;
    CHECK(verify_cover_record(front) ==
          std::vector<std::string>{"cover: front panel [458.21, 9, 432, 648] does not match the geometry "
                                   "[457.21, 9, 432, 648]"});
    Manifest barcode = manifest_with(0.2252);
    barcode.cover->barcode->width = 100;
    CHECK(verify_cover_record(barcode) ==
          std::vector<std::string>{"cover: barcode box [279, 27, 100, 86.4] does not match the geometry "
                                   "[279, 27, 144, 86.4]"});
  }

  TEST_CASE("spine text where the printer prints none") {
    Manifest thin = manifest_with(0.054048, 24);
    thin.cover->spine_text = true;
    CHECK(verify_cover_record(thin) ==
          std::vector<std::string>{"cover: spine text on a 24-page book; KDP prints it from 79 pages"});
    Manifest narrow = manifest_with(0.2, 100, Printer::ingramspark, true);
    narrow.cover->spine_text = true;
    CHECK(verify_cover_record(narrow) ==
          std::vector<std::string>{"cover: spine text on a 0.2 in spine, whose band between the folds is under 7 pt"});
  }

  TEST_CASE("the manifest's text made before the hashes, then filled in, is manifest_to_json's") {
    Manifest m = manifest_with(0.2252);
    // Texts that spell the keys and the placeholder: written escaped, never taken for them.
    m.title = std::string("\"pdf_sha256\": \"") + std::string(kHashPlaceholder) + "\"";
    m.author = std::string("\"sha256\": \"") + std::string(kHashPlaceholder) + "\"";
    const std::string pdf_hash(64, 'a'), cover_hash(64, 'b');
    const std::string unhashed = manifest_to_json_unhashed(m);
    Manifest hashed = m;
    hashed.pdf_sha256 = pdf_hash;
    hashed.cover->sha256 = cover_hash;
    CHECK(fill_hashes(unhashed, pdf_hash, cover_hash) == manifest_to_json(hashed));
    // Without a cover: only the PDF's hash.
    Manifest plain = m;
    plain.cover.reset();
    Manifest plain_hashed = plain;
    plain_hashed.pdf_sha256 = pdf_hash;
    CHECK(fill_hashes(manifest_to_json_unhashed(plain), pdf_hash, "") == manifest_to_json(plain_hashed));
    // Not such a text, or no hash to put in: nothing.
    CHECK_FALSE(fill_hashes(manifest_to_json(hashed), pdf_hash, cover_hash).has_value());
    CHECK_FALSE(fill_hashes(unhashed, pdf_hash, "").has_value());
    CHECK_FALSE(fill_hashes(unhashed, "abc", cover_hash).has_value());
    // Left unfilled, verify would refuse it: the placeholder is no hash.
    CHECK_THROWS(parse_manifest(unhashed, "m.json"));
  }

  TEST_CASE("the record is part of the manifest: written, read back, optional for older manifests") {
    Manifest m = manifest_with(0.2252);
    m.title = "T";
    m.author = "A";
    m.version = "test";
    m.cover->width_pt = 898.21;  // values of 2 decimals survive the trip exactly
    m.cover->barcode = RectPt{279, 27, 144, 86.4};
    m.cover->spine_text = false;
    m.cover->spine_text_why_not = "KDP prints spine text from 79 pages; the book has 24";
    m.cover->front = {457.21, 9, 432, 648};
    m.cover->spine = {441, 9, 16.21, 648};
    const std::string json = manifest_to_json(m);
    CHECK(json.find("\"grading\": \"techniques\",\n  \"cover\": {\n    \"printer\": \"kdp\",\n    \"paper\": "
                    "\"white\",\n    \"spine_in\": 0.2252,") != std::string::npos);
    CHECK(parse_manifest(json, "m.json") == m);
    Manifest none = m;
    none.cover->barcode.reset();
    const std::string null_json = manifest_to_json(none);
    CHECK(null_json.find("\"barcode\": null") != std::string::npos);
    CHECK(parse_manifest(null_json, "m.json") == none);
    Manifest own = m;
    own.cover->barcode_image = true;
    const std::string own_json = manifest_to_json(own);
    CHECK(own_json.find("\"barcode_image\": true") != std::string::npos);
    CHECK(json.find("barcode_image") == std::string::npos);
    CHECK(parse_manifest(own_json, "m.json") == own);
    std::string orphan = null_json;
    orphan.replace(orphan.find("\"barcode\": null"), 15, "\"barcode\": null, \"barcode_image\": true");
    CHECK_THROWS_WITH_AS(parse_manifest(orphan, "m.json"),
                         "m.json: field 'cover.barcode_image' is true but 'cover.barcode' is null", InputError);
    Manifest old = m;
    old.cover.reset();
    CHECK(parse_manifest(manifest_to_json(old), "m.json") == old);
    std::string bad = json;
    bad.replace(bad.find("\"kdp\""), 5, "\"acme\"");
    CHECK_THROWS_WITH_AS(parse_manifest(bad, "m.json"),
                         "m.json: field 'cover.printer' must be kdp, ingramspark or lulu, got 'acme'", InputError);
  }
}

TEST_SUITE("cover PDF") {
  TEST_CASE("the built cover passes; every check breaks on a cover made to break it") {
    const TempDir dir("cover-check-check");
    const Built kdp = build("");
    const Book& book = kdp.book;
    const Manifest& manifest = book.manifest;
    const auto m = source_font_metrics();
    const auto outputs = outputs_of(book, dir);
    testing::write_file(dir / "good.pdf", outputs[2].bytes);
    CHECK(check_cover_pdf(dir / "good.pdf", manifest).empty());

    const auto check = [&](const std::function<void(render::Page&)>& change, int copies = 1) {
      write_cover(book, dir / "bad.pdf", change, false, copies);
      return check_cover_pdf(dir / "bad.pdf", manifest);
    };
    const CoverGeometry& g = book.cover->geometry;
    const std::string size = format_pt(g.width_pt) + " x 666 pt";

    CHECK(check([](render::Page&) {}, 2) == std::vector<std::string>{"cover PDF has 2 pages; a cover is one page"});
    CHECK(check([](render::Page& p) {
            p.width_pt += 10;
            p.trim_box->right += 10;
            p.bleed_box->right += 10;
          }) == std::vector<std::string>{"cover PDF: MediaBox " + format_pt(g.width_pt + 10) +
                                         " x 666 pt but the manifest says " + size});
    CHECK(check([](render::Page& p) { p.trim_box.reset(); }) == std::vector<std::string>{"cover PDF: no TrimBox"});
    CHECK(check([](render::Page& p) { p.trim_box->left = 0; }) ==
          std::vector<std::string>{"cover PDF: TrimBox [0, 9, " + format_pt(g.width_pt - 9) +
                                   ", 648] is not the "
                                   "cover less its 0.125 in bleed [9, 9, " +
                                   format_pt(g.width_pt - 18) + ", 648]"});
    CHECK(check([](render::Page& p) { p.bleed_box->right -= 5; }) ==
          std::vector<std::string>{"cover PDF: BleedBox [0, 0, " + format_pt(g.width_pt - 5) +
                                   ", 666] is not the "
                                   "MediaBox [0, 0, " +
                                   format_pt(g.width_pt) + ", 666]"});

    // What the scan could not look into is named: forms drawing each other 10^11 times.
    testing::write_file(dir / "laugh.pdf", testing::with_nested_forms(outputs[2].bytes, 1, 12, 10));
    const std::vector<std::string> laugh = check_cover_pdf(dir / "laugh.pdf", manifest);
    CHECK(std::find(laugh.begin(), laugh.end(),
                    "cover PDF: too much to follow (more than 1000 forms drawn on the page); the rest was not "
                    "looked into") != laugh.end());

    // The barcode box (279, 27)-(423, 113.4) holds the background alone (the printer prints its
    // barcode on white over it): ink of every other kind is reported.
    const std::string box = "cover PDF: the barcode box [279, 27, 144, 86.4] holds more than the background: ";
    const auto price = check([&](render::Page& p) { p.items.push_back(run_at(300, 60, "Price", *m)); });
    REQUIRE(price.size() == 1);
    CHECK(price[0].rfind(box + "text 'Price' at [300, 57.", 0) == 0);
    CHECK(check([](render::Page& p) {
            p.items.push_back(render::filled_box({400, 100, 410, 110}, render::Colour::gray(1)));
          }) == std::vector<std::string>{box + "a fill at [400, 100, 10, 10]"});
    CHECK(check([](render::Page& p) {
            p.items.push_back(render::Line{{300, 20}, {300, 40}, 2, render::Colour::gray(0)});
          }) == std::vector<std::string>{box + "a stroke at [299, 19, 2, 22]"});
    testing::write_file(dir / "stamp.png", testing::png_bytes(4, 4, 0));
    CHECK(check([&](render::Page& p) {
            p.items.push_back(render::Image{{350, 50, 370, 70}, dir / "stamp.png", std::nullopt});
          }) == std::vector<std::string>{box + "an image at [350, 50, 20, 20]"});
    // Clipped away, an image over the box is no ink there.
    CHECK(check([&](render::Page& p) {
            p.items.push_back(render::Image{{300, 50, 500, 70}, dir / "stamp.png", render::Box{460, 50, 500, 70}});
          }).empty());
    // A fill under the whole box is background (the good cover has one); one over most of it is not.
    CHECK(check([](render::Page& p) {
            p.items.push_back(render::filled_box({270, 20, 430, 120}, render::Colour::rgb(1, 0, 0)));
          }).empty());
    CHECK(check([](render::Page& p) {
            p.items.push_back(render::filled_box({270, 20, 420, 120}, render::Colour::rgb(1, 0, 0)));
          }) == std::vector<std::string>{box + "a fill at [270, 20, 150, 100]"});
    // An image in the box is the publisher's barcode only when the record says so.
    Manifest with_barcode = manifest;
    with_barcode.cover->barcode_image = true;
    write_cover(book, dir / "barcode.pdf", [&](render::Page& p) {
      p.items.push_back(render::filled_box({279, 27, 423, 113.4}, render::Colour::gray(1)));
      p.items.push_back(render::Image{{290, 40, 410, 100}, dir / "stamp.png", std::nullopt});
    });
    CHECK(check_cover_pdf(dir / "barcode.pdf", with_barcode).empty());
    CHECK(check_cover_pdf(dir / "good.pdf", with_barcode) ==
          std::vector<std::string>{
              "cover PDF: the manifest records a barcode image, but the barcode box [279, 27, 144, 86.4] holds none"});
    CHECK(check_cover_pdf(dir / "barcode.pdf", manifest) ==
          std::vector<std::string>{box + "an image at [290, 40, 120, 60]"});
    // Even then, an image reaching out of the box is not the barcode.
    write_cover(book, dir / "barcode.pdf", [&](render::Page& p) {
      p.items.push_back(render::Image{{290, 40, 430, 100}, dir / "stamp.png", std::nullopt});
    });
    CHECK(check_cover_pdf(dir / "barcode.pdf", with_barcode) ==
          std::vector<std::string>{"cover PDF: the manifest records a barcode image, but the barcode box [279, 27, "
                                   "144, 86.4] holds none",
                                   box + "an image at [290, 40, 140, 60]"});

    // Text within 0.25 in of the trim (here at the back's top-left corner) is outside the safe zones.
    const auto outside = check([&](render::Page& p) { p.items.push_back(run_at(12, 640, "Edge", *m)); });
    REQUIRE(outside.size() == 1);
    CHECK(outside[0].rfind("cover PDF: text 'Edge' at [12, ", 0) == 0);
    CHECK(outside[0].ends_with(" is outside the safe zones (0.25 in inside the trim, 0.0625 in from the spine folds)"));
    // Text across a spine fold, too.
    CHECK(check([&](render::Page& p) { p.items.push_back(run_at(g.spine.left - 3, 300, "Fold", *m)); }).size() == 1);

    if (!testing::have_tool("qpdf") || !testing::have_tool("fix-qdf")) {
      MESSAGE("qpdf or fix-qdf missing: annotation and embedding checks skipped");
      return;
    }
    // An annotation, and a font whose file is gone, edited into the good cover.
    const auto edit = [&](const std::string& from, const std::string& to) {
      REQUIRE(testing::run_shell("qpdf --qdf --object-streams=disable '" + (dir / "good.pdf").string() + "' '" +
                                 (dir / "q.pdf").string() + "'")
                  .exit_code == 0);
      std::string qdf = read_bytes(dir / "q.pdf");
      const std::size_t at = qdf.find(from);
      REQUIRE(at != std::string::npos);
      qdf.replace(at, from.size(), to);
      testing::write_file(dir / "q.pdf", qdf);
      REQUIRE(testing::run_shell("fix-qdf '" + (dir / "q.pdf").string() + "' > '" + (dir / "e.pdf").string() + "'")
                  .exit_code == 0);
      return check_cover_pdf(dir / "e.pdf", manifest);
    };
    CHECK(edit("  /Type /Page\n",
               "  /Annots [ << /Type /Annot /Subtype /Square /Rect [ 500 300 510 310 ] >> ]\n  /Type /Page\n") ==
          std::vector<std::string>{"cover PDF: 1 annotation on the page"});
    const auto unembedded = edit("/FontFile2", "/FontFileX");
    REQUIRE(unembedded.size() == 1);
    CHECK(unembedded[0].rfind("cover PDF font ", 0) == 0);
    CHECK(unembedded[0].ends_with(" is not embedded (first on page 1)"));
  }

  TEST_CASE("an encrypted cover is reported") {
    const TempDir dir("cover-check-encrypted");
    const Built kdp = build("");
    const auto outputs = outputs_of(kdp.book, dir);
    testing::write_file(dir / "locked.pdf", testing::encrypted(outputs[2].bytes));
    CHECK(check_cover_pdf(dir / "locked.pdf", kdp.book.manifest) ==
          std::vector<std::string>{"cover PDF is encrypted: printers refuse encrypted files (save it without a "
                                   "password or permissions)"});
  }

  TEST_CASE("IngramSpark: PDF/X-1a:2001 structure, no RGB, no transparency") {
    const TempDir dir("cover-check-pdfx");
    const Built ingram = build("  printer: ingramspark\n  spine_in: 0.2\n");
    const Book& book = ingram.book;
    const Manifest& manifest = book.manifest;
    const auto outputs = outputs_of(book, dir);
    testing::write_file(dir / "good.pdf", outputs[2].bytes);
    CHECK(check_cover_pdf(dir / "good.pdf", manifest).empty());
    const std::string& good = outputs[2].bytes;
    CHECK(good.rfind("%PDF-1.3", 0) == 0);
    CHECK(good.find("/GTS_PDFXVersion (PDF/X-1:2001)") != std::string::npos);
    CHECK(good.find("/OutputConditionIdentifier (CGATS TR 001)") != std::string::npos);
    CHECK(good.find("/Trapped /False") != std::string::npos);
    CHECK(good.find("/CreationDate (D:20260101000000Z)") != std::string::npos);
    CHECK(good.find("/ID [") != std::string::npos);

    const auto check = [&](const std::function<void(render::Page&)>& change, bool pdfx) {
      write_cover(book, dir / "bad.pdf", change, pdfx);
      return check_cover_pdf(dir / "bad.pdf", manifest);
    };
    // libharu's file as it is: no output intent, no PDF/X keys, no ID.
    const std::string no = "cover PDF: not PDF/X-1a: ";
    CHECK(check([](render::Page&) {}, false) ==
          std::vector<std::string>{no + "no GTS_PDFX output intent", no + "no /GTS_PDFXVersion",
                                   no + "/Trapped is not /True or /False", no + "no trailer /ID"});
    const render::Box spot{500, 300, 510, 310};
    CHECK(check([&](render::Page& p) { p.items.push_back(render::filled_box(spot, render::Colour::rgb(1, 0, 0))); },
                true) == std::vector<std::string>{no + "RGB colour (rg) on the page"});
    // Each PDF/X mark removed alone from the good file (same-length edits of its uncompressed form).
    if (testing::have_tool("qpdf")) {
      REQUIRE(testing::run_shell("qpdf --qdf --object-streams=disable '" + (dir / "good.pdf").string() + "' '" +
                                 (dir / "q.pdf").string() + "'")
                  .exit_code == 0);
      const std::string qdf = read_bytes(dir / "q.pdf");
      CHECK(check_cover_pdf(dir / "q.pdf", manifest).empty());
      const auto without = [&](const std::string& from, const std::string& to) {
        std::string edited = qdf;
        const std::size_t at = edited.find(from);
        REQUIRE(at != std::string::npos);
        edited.replace(at, from.size(), to);
        testing::write_file(dir / "e.pdf", edited);
        return check_cover_pdf(dir / "e.pdf", manifest);
      };
      CHECK(without("/S /GTS_PDFX", "/S /GTS_PDFZ") == std::vector<std::string>{no + "no GTS_PDFX output intent"});
      CHECK(without("/GTS_PDFXVersion", "/GTS_PDFXVersioX") == std::vector<std::string>{no + "no /GTS_PDFXVersion"});
      CHECK(without("/Trapped /False", "/Trapped /Falsy") ==
            std::vector<std::string>{no + "/Trapped is not /True or /False"});
      CHECK(without("/ID [", "/IX [") == std::vector<std::string>{no + "no trailer /ID"});
      CHECK(without("%PDF-1.3", "%PDF-1.4") == std::vector<std::string>{no + "version 1.4 is above 1.3"});
    }
    testing::write_file(dir / "rgb.png", testing::png_bytes(4, 4, 2));
    const auto rgb_image = check(
        [&](render::Page& p) {
          p.items.push_back(render::Image{spot, dir / "rgb.png", std::nullopt});
        },
        true);
    REQUIRE(rgb_image.size() == 1);
    CHECK(rgb_image[0].rfind(no + "image ", 0) == 0);
    CHECK(rgb_image[0].ends_with(" is DeviceRGB"));
    testing::write_file(dir / "alpha.png", testing::png_bytes(4, 4, 4));
    const auto alpha = check(
        [&](render::Page& p) {
          p.items.push_back(render::Image{spot, dir / "alpha.png", std::nullopt});
        },
        true);
    REQUIRE(alpha.size() == 1);
    CHECK(alpha[0].rfind(no + "transparency (image ", 0) == 0);
    CHECK(alpha[0].ends_with(" has a soft mask)"));
  }

  TEST_CASE("unreadable files and manifests without a cover are named") {
    const TempDir dir("cover-check-unreadable");
    const Manifest with_cover = manifest_with(0.2252);
    testing::write_file(dir / "x.pdf", "not a pdf");
    const auto problems = check_cover_pdf(dir / "x.pdf", with_cover);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].rfind("cover PDF: cannot read " + (dir / "x.pdf").string() + ": ", 0) == 0);
    CHECK(check_cover_pdf(dir / "x.pdf", Manifest{}) ==
          std::vector<std::string>{"cover PDF: the manifest has no cover record (built without a cover: key?)"});
  }
}
