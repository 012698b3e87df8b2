// The spec's cover: mapping: what it reads, its defaults, and every mistake named at its place.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>

#include "book/make/build.h"
#include "book/spec/spec.h"
#include "book/spec/spec_keys.h"
#include "support/errors.h"
#include "support/files.h"
#include "support/image_writer.h"

using namespace puzzlepress;
using namespace puzzlepress::book;
namespace fs = std::filesystem;

namespace {

const std::string kBook =
    "title: Sudoku for Adults\n"
    "author: Jane Doe\n"
    "seed: 42\n"
    "puzzles:\n"
    "  - { grade: easy, count: 40 }\n"
    "cover:\n";  // line 6

/// The spec with `lines` under cover:, loaded as `file`.
BookSpec load(const std::string& lines, const std::string& file = "spec.yaml") {
  return load_spec(kBook + lines, file);
}

std::string error_of(const std::string& lines, const std::string& file = "spec.yaml") {
  return testing::input_error_of([&] { load(lines, file); });
}

struct Images {
  const testing::TempDir dir{"cover-spec"};
  Images() {
    testing::write_file(dir / "rgb.png", testing::png_bytes(8, 8, 2));
    testing::write_file(dir / "alpha.png", testing::png_bytes(8, 8, 6));
    testing::write_file(dir / "grey.png", testing::png_bytes(8, 8, 0));
    testing::write_file(dir / "cmyk.jpg", testing::jpeg_bytes(8, 8, 4));
    testing::write_file(dir / "rgb.jpg", testing::jpeg_bytes(8, 8, 3));
    testing::write_file(dir / "art.gif", std::string("GIF89a\x08\x00\x08\x00", 10));
    fs::create_directories(dir / "folder.png");
  }
  std::string spec() const { return (dir / "book.yaml").string(); }
};

}  // namespace

TEST_SUITE("cover spec") {
  TEST_CASE("no cover: key, no cover; an empty mapping takes the defaults") {
    CHECK_FALSE(load_spec(kBook.substr(0, kBook.size() - 7), "spec.yaml").cover.has_value());
    const BookSpec spec = load("  printer: kdp\n");
    REQUIRE(spec.cover.has_value());
    const CoverSpec& c = *spec.cover;
    CHECK(c.printer == Printer::kdp);
    CHECK_FALSE(c.paper.has_value());
    CHECK(c.paper_or(Paper::cream) == CoverPaper::cream);
    CHECK(c.background == Rgb{0x1d, 0x35, 0x57});
    CHECK(c.text_color == Rgb{0xff, 0xff, 0xff});
    CHECK_FALSE(c.front_image.has_value());
    CHECK(c.draws_grid());
    CHECK(c.back_text.empty());
    CHECK(c.keep_barcode_clear);
    CHECK(c.spine_text);
    CHECK_FALSE(c.spine_in.has_value());
    CHECK(c.design == CoverDesign::card);
    CHECK(c.place == Place::in_file("spec.yaml", 6, 1));
    CHECK(c.printer_place == Place::in_file("spec.yaml", 7, 12));
  }

  TEST_CASE("every field is read") {
    const BookSpec spec = load(
        "  printer: IngramSpark\n  paper: color\n  background: \"#A1b2C3\"\n  text_color: \"#000000\"\n"
        "  front_grid: false\n  back_text: |\n    Line one.\n    Line two.\n  barcode: none\n"
        "  spine_text: never\n  spine_in: 0.4504\n");
    const CoverSpec& c = *spec.cover;
    CHECK(c.printer == Printer::ingramspark);
    CHECK(c.paper == CoverPaper::color);
    CHECK(c.background == Rgb{0xa1, 0xb2, 0xc3});
    CHECK(c.text_color == Rgb{0, 0, 0});
    CHECK_FALSE(c.draws_grid());
    CHECK(c.back_text == "Line one.\nLine two.\n");
    CHECK(c.back_text_place == Place::in_file("spec.yaml", 12, 14));
    CHECK_FALSE(c.keep_barcode_clear);
    CHECK_FALSE(c.spine_text);
    CHECK(c.spine_in == 0.4504);
    CHECK(c.spine_in_place == Place::in_file("spec.yaml", 17, 13));
  }

  TEST_CASE("design: each name is read (any case); one that draws the puzzle refuses a front without it") {
    CHECK(load("  design: band\n").cover->design == CoverDesign::band);
    CHECK(load("  design: Giant\n").cover->design == CoverDesign::giant);
    CHECK(load("  design: card\n  front_grid: false\n").cover->design == CoverDesign::card);
    CHECK(error_of("  front_grid: false\n  design: giant\n") ==
          "spec.yaml:8:11: 'cover.design' giant draws the book's hardest puzzle as the front's art: it does not go "
          "with front_image or front_grid: false (use design: photo or card)");
    const Images images;
    // A front image with front_grid: true still has no place on a design that fills the front.
    CHECK(error_of("  front_image: rgb.png\n  front_grid: true\n  design: giant\n", images.spec())
              .starts_with(images.spec() + ":9:11: 'cover.design' giant draws"));
    CHECK(error_of("  front_image: rgb.png\n  design: band\n", images.spec()) ==
          images.spec() +
              ":8:11: 'cover.design' band draws the book's hardest puzzle as the front's art: it does not go "
              "with front_image or front_grid: false (use design: photo or card)");
  }

  TEST_CASE("design: pattern takes neither picture nor grid; photo needs a front image of 200 dpi or more") {
    CHECK(load("  design: Pattern\n").cover->design == CoverDesign::pattern);
    CHECK(load("  front_grid: false\n  design: pattern\n").cover->design == CoverDesign::pattern);
    CHECK(error_of("  front_grid: true\n  design: pattern\n") ==
          "spec.yaml:8:11: 'cover.design' pattern fills the front with the book's own symbols: it does not go with "
          "front_image or front_grid: true (use design: photo for a picture, card for a grid)");
    CHECK(error_of("  design: photo\n") ==
          "spec.yaml:7:11: 'cover.design' photo fills the front with a picture: add front_image: FILE (a PNG or "
          "JPEG of the front's shape, 300 dpi at its printed size)");
    // The photo at 8.5x11 covers 8.5 x 11.25 in (the front with its bleed, less 0.125 in by the
    // fold): 200 dpi is 1700 x 2250 pixels; 1700 x 2200 is 196.
    const testing::TempDir dir("cover-spec-photo");
    testing::write_file(dir / "enough.png", testing::png_bytes(1725, 2250, 0));
    testing::write_file(dir / "short.png", testing::png_bytes(1700, 2200, 0));
    const std::string spec = (dir / "book.yaml").string();
    CHECK(load("  front_image: enough.png\n  design: photo\n", spec).cover->design == CoverDesign::photo);
    CHECK(error_of("  design: photo\n  front_image: short.png\n", spec) ==
          spec +
              ":8:16: front image short.png is 1700 x 2200 pixels, 196 dpi over the picture's 8.5 x 11.25 in (the "
              "front with its bleed, clear of the fold); design: photo takes 200 dpi or more (printers ask for 300: "
              "use an image of at least 2550 x 3375 pixels)");
    // --trim re-exports at another size: the picture is held to 200 dpi there too. A4's
    // picture is 8.27 x 11.94 in: 2250 pixels over 11.94 in is 188 dpi.
    BookSpec larger = load("  front_image: enough.png\n  design: photo\n", spec);
    Overrides a4;
    a4.trim = "8.27x11.69";
    CHECK(testing::input_error_of([&] {
            apply_overrides(larger, a4);
          }).starts_with("--trim: front image enough.png prints at 188 dpi over a "));
    Overrides smaller;
    smaller.trim = "6x9";
    apply_overrides(larger, smaller);
    CHECK(larger.trim_name == "6x9");
    CHECK(error_of("  design: photo\n  front_image: enough.png\n  front_grid: true\n", spec) ==
          spec +
              ":9:15: 'cover.front_grid' does not go with design: photo (the picture is the front's art; use "
              "design: card for a grid over a picture)");
  }

  TEST_CASE("badges: up to 3 texts or auto; anything else is refused at its place") {
    const CoverSpec given = *load("  badges: [large print, \"400 puzzles\", With Solutions]\n").cover;
    REQUIRE(given.badges.size() == 3);
    CHECK(given.badges[1].text == "400 puzzles");
    CHECK(given.badges[2].place == Place::in_file("spec.yaml", 7, 40));
    CHECK_FALSE(given.badges_auto);
    CHECK(load("  badges: Auto\n").cover->badges_auto);
    CHECK(error_of("  badges: yes\n") ==
          "spec.yaml:7:11: expected a list of up to 3 badge texts, or auto, for 'cover.badges', got 'yes' (a single "
          "badge is a list too: [yes])");
    CHECK(error_of("  badges: { a: 1 }\n") ==
          "spec.yaml:7:11: expected a list of up to 3 badge texts, or auto, for 'cover.badges', got a mapping");
    CHECK(error_of("  badges: []\n") ==
          "spec.yaml:7:11: 'cover.badges' is an empty list: give up to 3 badge texts, or auto, or leave the key out");
    CHECK(error_of("  badges: [a, b, c, d]\n") ==
          "spec.yaml:7:21: 'cover.badges' has 4 badges; a front takes at most 3 (more would not read at a search "
          "result's size)");
    CHECK(error_of("  badges: [ok, \"  \"]\n") ==
          "spec.yaml:7:16: 'cover.badges[2]' is empty: a badge prints a few words, e.g. \"400 puzzles\"");
    CHECK(error_of("  badges: [[a]]\n") == "spec.yaml:7:12: expected a string for 'cover.badges[1]', got a list");
    CHECK(error_of("  badges: [\"a\\tb\"]\n") ==
          "spec.yaml:7:12: 'cover.badges[1]' has control character U+0009 at character 2");
  }

  TEST_CASE("each field's table entry: its example is read, its default is the loader's") {
    const SpecKey& cover = key_named(spec_keys(), "cover");
    const CoverSpec base = *load("  printer: kdp\n").cover;
    for (const SpecKey& field : cover.fields) {
      INFO(field.name);
      // These need a real image: "a front image …" and "a barcode image …" below.
      if (field.name == "front_image" || field.name == "barcode_image") continue;
      const CoverSpec with = *load("  " + field.name + ": " + field.example + "\n").cover;
      const bool same = with.printer == base.printer && with.paper == base.paper &&
                        with.background == base.background && with.text_color == base.text_color &&
                        with.front_grid == base.front_grid && with.back_text == base.back_text &&
                        with.keep_barcode_clear == base.keep_barcode_clear && with.spine_text == base.spine_text &&
                        with.spine_in == base.spine_in && with.design == base.design && with.badges == base.badges &&
                        with.badges_auto == base.badges_auto;
      CHECK_FALSE(same);
      if (!field.default_text.empty()) {
        const CoverSpec d = *load("  " + field.name + ": " + field.default_text + "\n").cover;
        CHECK(d.printer == base.printer);
        CHECK(d.background == base.background);
        CHECK(d.text_color == base.text_color);
        CHECK(d.keep_barcode_clear == base.keep_barcode_clear);
        CHECK(d.spine_text == base.spine_text);
      }
    }
  }

  TEST_CASE("bad values are errors at their place, saying what was expected") {
    CHECK(
        error_of("  printer: createspace\n") ==
        "spec.yaml:7:12: unknown printer 'createspace' for 'cover.printer' (expected one of: kdp, ingramspark, lulu)");
    CHECK(error_of("  paper: ivory\n") ==
          "spec.yaml:7:10: unknown paper 'ivory' for 'cover.paper' (expected one of: white, cream, color)");
    CHECK(error_of("  background: navy\n") ==
          "spec.yaml:7:15: expected a colour \"#rrggbb\" for 'cover.background', got 'navy'");
    CHECK(error_of("  text_color: \"#fff\"\n") ==
          "spec.yaml:7:15: expected a colour \"#rrggbb\" for 'cover.text_color', got '#fff'");
    CHECK(error_of("  background: \"#12345g\"\n") ==
          "spec.yaml:7:15: expected a colour \"#rrggbb\" for 'cover.background', got '#12345g'");
    CHECK(error_of("  background: #1d3557\n") ==
          "spec.yaml:7:3: expected a colour \"#rrggbb\" for 'cover.background', got nothing (put the colour in quotes: "
          "YAML reads an unquoted # as the start of a comment)");
    CHECK(error_of("  spine_in: 0\n") ==
          "spec.yaml:7:13: 'cover.spine_in' must be more than 0 and at most 3 (inches), got 0");
    CHECK(error_of("  spine_in: -0.2\n") ==
          "spec.yaml:7:13: 'cover.spine_in' must be more than 0 and at most 3 (inches), got -0.2");
    CHECK(error_of("  spine_in: 3.5\n") ==
          "spec.yaml:7:13: 'cover.spine_in' must be more than 0 and at most 3 (inches), got 3.5");
    CHECK(error_of("  spine_in: wide\n") == "spec.yaml:7:13: expected a number for 'cover.spine_in', got 'wide'");
    CHECK(error_of("  spine_in: .nan\n") == "spec.yaml:7:13: expected a number for 'cover.spine_in', got '.nan'");
    CHECK(error_of("  barcode: hide\n") ==
          "spec.yaml:7:12: unknown barcode 'hide' for 'cover.barcode' (expected one of: keep_clear, none)");
    CHECK(error_of("  spine_text: always\n") ==
          "spec.yaml:7:15: unknown spine_text 'always' for 'cover.spine_text' (expected one of: auto, never)");
    CHECK(error_of("  front_grid: maybe\n") ==
          "spec.yaml:7:15: expected true or false for 'cover.front_grid', got 'maybe'");
    CHECK(error_of("  design: poster\n") ==
          "spec.yaml:7:11: unknown design 'poster' for 'cover.design' (expected one of: card, band, giant, pattern, "
          "photo)");
    CHECK(error_of("  colour: red\n")
              .rfind("spec.yaml:7:3: unknown key 'colour' (expected one of: printer, paper, ", 0) == 0);
    CHECK(error_of("  backtext: hi\n").ends_with("; did you mean 'back_text'?"));
    CHECK(error_of("  - kdp\n") == "spec.yaml:7:3: expected a mapping for 'cover', got a list");
  }

  TEST_CASE("a front image must exist and be a PNG or JPEG by its bytes; IngramSpark's in CMYK or grey") {
    const Images images;
    const std::string spec = images.spec();
    const fs::path& d = images.dir;
    const BookSpec ok = load("  front_image: rgb.png\n", spec);
    CHECK(ok.cover->front_image == d / "rgb.png");
    CHECK(ok.cover->front_image_info->width_px == 8);
    CHECK_FALSE(ok.cover->draws_grid());
    CHECK(error_of("  front_image: missing.png\n", spec) ==
          spec + ":7:16: front image for 'cover.front_image' not found: " + (d / "missing.png").string());
    CHECK(error_of("  front_image: folder.png\n", spec) ==
          spec + ":7:16: front image for 'cover.front_image' is a folder, not a file: " + (d / "folder.png").string());
    // A FIFO exists: it is named for what it is, not "not found" (hostile round two).
    REQUIRE(::mkfifo((d / "pipe.png").c_str(), 0600) == 0);
    CHECK(error_of("  front_image: pipe.png\n", spec) ==
          spec + ":7:16: front image for 'cover.front_image' is a FIFO (a named pipe), not a file: " +
              (d / "pipe.png").string());
    CHECK(error_of("  front_image: art.gif\n", spec) == spec + ":7:16: front image " + (d / "art.gif").string() +
                                                            " is not a PNG or JPEG file (it starts with 'GIF89a')");
    // IngramSpark prints PDF/X-1a: CMYK or grey, no transparency.
    CHECK_NOTHROW(load("  printer: ingramspark\n  front_image: cmyk.jpg\n", spec));
    CHECK_NOTHROW(load("  printer: ingramspark\n  front_image: grey.png\n", spec));
    CHECK(error_of("  printer: ingramspark\n  front_image: rgb.jpg\n", spec) ==
          spec + ":8:16: IngramSpark prints covers from CMYK (PDF/X-1a), but front image " + (d / "rgb.jpg").string() +
              " is RGB: convert it to a CMYK JPEG (or to greyscale)");
    CHECK(error_of("  printer: ingramspark\n  front_image: alpha.png\n", spec) ==
          spec + ":8:16: IngramSpark prints covers from CMYK (PDF/X-1a), but front image " +
              (d / "alpha.png").string() + " is RGB: convert it to a CMYK JPEG (or to greyscale)");
    testing::write_file(d / "grey-alpha.png", testing::png_bytes(8, 8, 4));
    CHECK(error_of("  printer: ingramspark\n  front_image: grey-alpha.png\n", spec) ==
          spec + ":8:16: front image " + (d / "grey-alpha.png").string() +
              " has transparency, which PDF/X-1a (IngramSpark) forbids: flatten it");
    // KDP and Lulu take RGB.
    CHECK_NOTHROW(load("  printer: lulu\n  front_image: alpha.png\n", spec));
    // A PNG cut short inside its pixel data passes the header check but must not reach libharu,
    // whose PNG reader aborts the process on it.
    const std::string whole = testing::png_bytes(8, 8, 2);
    testing::write_file(d / "cut.png", whole.substr(0, whole.size() - 16));
    CHECK(error_of("  front_image: cut.png\n", spec) ==
          spec + ":7:16: front image " + (d / "cut.png").string() +
              " is damaged: its pixels cannot be decoded (PNG cut short or corrupt?)");
    // A JPEG cut short: libjpeg fills the rest with grey and only warns; that is damage too.
    const std::string jpeg = testing::jpeg_bytes(64, 64, 3);
    testing::write_file(d / "cut.jpg", jpeg.substr(0, jpeg.size() * 2 / 3));
    CHECK(error_of("  front_image: cut.jpg\n", spec) ==
          spec + ":7:16: front image " + (d / "cut.jpg").string() +
              " is damaged: its pixels cannot be decoded (JPEG cut short or corrupt?)");
    // PNGs libharu's own reader refused (interlaced) or crashed on (RGB with tRNS) are taken.
    testing::write_file(d / "adam7.png", testing::png_bytes(8, 8, 2, {40, 90, 160, 255}, false, true));
    CHECK_NOTHROW(load("  front_image: adam7.png\n", spec));
    testing::write_file(d / "rgb-trns.png", testing::png_bytes(8, 8, 2, {0, 0, 0, 255}, true));
    CHECK_NOTHROW(load("  front_image: rgb-trns.png\n", spec));
  }

  TEST_CASE("a barcode image fits the printer's box at 300 to 1200 dpi and prints 1.4 x 0.8 in or more") {
    const Images images;
    const std::string spec = images.spec();
    const fs::path& d = images.dir;
    const auto file = [&](const std::string& name) { return (d / name).string(); };
    // KDP's box is 2 x 1.2 in: 600 x 360 pixels fill it at 300 dpi.
    testing::write_file(d / "ean.png", testing::png_bytes(600, 360, 0));
    const BookSpec ok = load("  barcode_image: ean.png\n", spec);
    CHECK(ok.cover->barcode_image == d / "ean.png");
    CHECK(ok.cover->barcode_image_info->height_px == 360);
    CHECK_FALSE(load("  printer: kdp\n", spec).cover->barcode_image.has_value());
    testing::write_file(d / "soft.png", testing::png_bytes(300, 180, 0));
    CHECK(error_of("  barcode_image: soft.png\n", spec) ==
          spec + ":7:18: barcode image " + file("soft.png") +
              " is 300 x 180 pixels, 150 dpi fitted into the 2 x 1.2 in barcode box; a barcode needs 300 (600 x 360 "
              "pixels) to scan");
    testing::write_file(d / "sharp.png", testing::png_bytes(3000, 1800, 0));
    CHECK(error_of("  barcode_image: sharp.png\n", spec) ==
          spec + ":7:18: barcode image " + file("sharp.png") +
              " is 3000 x 1800 pixels, 1500 dpi fitted into the 2 x 1.2 in barcode box; puzzlepress takes up to "
              "1200: scale it to at most 2400 x 1440 pixels");
    testing::write_file(d / "thin.png", testing::png_bytes(1000, 100, 0));
    CHECK(error_of("  barcode_image: thin.png\n", spec) ==
          spec + ":7:18: barcode image " + file("thin.png") +
              " prints 2.00 x 0.20 in fitted into the 2 x 1.2 in barcode box, under the 1.4 x 0.8 in a barcode "
              "prints at least: crop it to the barcode and its quiet zone");
    // Lulu's box is 3.625 x 1.25 in: the same pixels fitted by its height print at 288 dpi.
    CHECK(error_of("  printer: lulu\n  barcode_image: ean.png\n", spec) ==
          spec + ":8:18: barcode image " + file("ean.png") +
              " is 600 x 360 pixels, 288 dpi fitted into the 3.625 x 1.25 in barcode box; a barcode needs 300 (625 "
              "x 375 pixels) to scan");
    CHECK(error_of("  barcode: none\n  barcode_image: ean.png\n", spec) ==
          spec +
              ":8:18: 'cover.barcode_image' goes into the printer's barcode box, which barcode: none gives up: "
              "remove one of the two");
    CHECK(error_of("  barcode_image: missing.png\n", spec) ==
          spec + ":7:18: barcode image for 'cover.barcode_image' not found: " + file("missing.png"));
    // IngramSpark: PDF/X-1a, so CMYK or grey (this one is grey).
    CHECK_NOTHROW(load("  printer: ingramspark\n  spine_in: 0.3\n  barcode_image: ean.png\n", spec));
    testing::write_file(d / "ean-rgb.png", testing::png_bytes(600, 360, 2));
    CHECK(error_of("  printer: ingramspark\n  barcode_image: ean-rgb.png\n", spec) ==
          spec + ":8:18: IngramSpark prints covers from CMYK (PDF/X-1a), but barcode image " + file("ean-rgb.png") +
              " is RGB: convert it to a CMYK JPEG (or to greyscale)");
  }

  TEST_CASE("a front image past 600 dpi at its printed size is refused from its header") {
    const Images images;
    const std::string spec = images.spec();
    const fs::path& d = images.dir;
    // The default 8.5x11 trim: the front prints 8.625 x 11.25 in with its bleed.
    std::string png = testing::png_bytes(1, 1, 2);
    const auto sized = [&](std::uint32_t w, std::uint32_t h) {  // a header claiming w x h, no pixels decoded
      std::string bytes = png;
      for (int b = 0; b < 4; ++b) {
        bytes[16 + b] = static_cast<char>((w >> (24 - 8 * b)) & 0xFF);
        bytes[20 + b] = static_cast<char>((h >> (24 - 8 * b)) & 0xFF);
      }
      return bytes;
    };
    testing::write_file(d / "huge.png", sized(20000, 20000));
    CHECK(error_of("  front_image: huge.png\n", spec) ==
          spec + ":7:16: front image " + (d / "huge.png").string() +
              " is 20000 x 20000 pixels, 1778 dpi at its printed size (11.25 x 11.25 in); puzzlepress takes up to "
              "600 dpi (printers ask for 300): scale it to at most 6750 x 6750 pixels");
    testing::write_file(d / "fine.png", sized(6750, 6750));  // 600 dpi: past the size check, to the pixels
    CHECK(error_of("  front_image: fine.png\n", spec) ==
          spec + ":7:16: front image " + (d / "fine.png").string() +
              " is damaged: its pixels cannot be decoded (PNG cut short or corrupt?)");
    testing::write_file(d / "thin.png", sized(3000, 40000));
    CHECK(error_of("  front_image: thin.png\n", spec) ==
          spec + ":7:16: front image " + (d / "thin.png").string() +
              " is 3000 x 40000 pixels, more than the 100 million puzzlepress reads: crop it to the front's shape "
              "(8.625 x 11.25 in)");
  }
}
