// The image painter (PNG and SVG through cairo): sizes, orientation, every item kind, colours,
// fonts, images, sheets, errors. Pixels are read back with tests/support/raster.h.
#include "render/image_painter.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <vector>

#include "render/marks.h"
#include "support/files.h"
#include "support/image_writer.h"
#include "support/raster.h"
#include "support/render_fixtures.h"

namespace puzzlepress::render {
namespace {

namespace fs = std::filesystem;
using testing::decode_png;
using testing::RgbImage;
using testing::TempDir;

const ImagePainter& painter() {
  static const std::unique_ptr<ImagePainter> p = [] {
    auto loaded = ImagePainter::load(testing::source_fonts());
    REQUIRE_MESSAGE(loaded.ok(), loaded.error());
    return std::move(loaded).value();
  }();
  return *p;
}

Page blank(double w = 144, double h = 72) {
  Page p;
  p.width_pt = w;
  p.height_pt = h;
  return p;
}

RgbImage png_of(const Page& page, double dpi) {
  auto bytes = painter().png(page, dpi);
  REQUIRE_MESSAGE(bytes.ok(), bytes.error());
  auto image = decode_png(*bytes);
  REQUIRE(image.has_value());
  return *image;
}

// Pixel of the point (x_pt, y_pt) of a page `page_h_pt` tall at 72 dpi: 1 px = 1 pt.
const std::uint8_t* at_pt(const RgbImage& img, double x_pt, double y_pt, double page_h_pt) {
  return img.at(static_cast<int>(x_pt), static_cast<int>(page_h_pt - y_pt));
}

// Inked pixels (grey below 128) inside [x0,x1) x [y0,y1) of the image (pixels, top-down).
int ink_in(const RgbImage& img, int x0, int y0, int x1, int y1) {
  int n = 0;
  for (int y = std::max(0, y0); y < std::min(img.height, y1); ++y) {
    for (int x = std::max(0, x0); x < std::min(img.width, x1); ++x) n += img.grey(x, y) < 128 ? 1 : 0;
  }
  return n;
}

TEST_CASE("a PNG is the page's size at the dpi, rounded up, white where nothing is drawn") {
  CHECK(pixel_size(432, 648, 72) == PixelSize{432, 648});
  CHECK(pixel_size(432, 648, 150) == PixelSize{900, 1350});
  CHECK(pixel_size(441, 666, 100) == PixelSize{613, 925});
  const Page page = blank(441, 666);
  auto bytes = painter().png(page, 100);
  REQUIRE(bytes.ok());
  CHECK(testing::png_size(*bytes) == std::pair<int, int>{613, 925});
  const RgbImage img = *decode_png(*bytes);
  CHECK(ink_in(img, 0, 0, img.width, img.height) == 0);
  CHECK(img.at(300, 400)[0] == 255);
}

TEST_CASE("y grows upwards: a box near the bottom-left is drawn at the image's bottom-left") {
  Page page = blank(144, 72);
  page.items.push_back(Rect{.box = {10, 5, 30, 20}, .fill = Colour::gray(0)});
  const RgbImage img = png_of(page, 72);
  CHECK(at_pt(img, 20, 12, 72)[0] == 0);
  CHECK(ink_in(img, 10, 72 - 20, 30, 72 - 5) == 20 * 15);  // exactly the box
  CHECK(ink_in(img, 0, 0, 144, 72) == 20 * 15);            // and nothing else
  // At 144 dpi the same box covers four times the pixels.
  const RgbImage big = png_of(page, 144);
  CHECK(ink_in(big, 0, 0, big.width, big.height) == 4 * 20 * 15);
}

TEST_CASE("lines, stroked rectangles, polygons and paths are painted where they are") {
  Page page = blank(200, 100);
  page.items.push_back(Line{.from = {10, 50}, .to = {60, 50}, .width_pt = 4});
  page.items.push_back(
      Rect{.box = {80, 20, 120, 80}, .stroke_width_pt = 2, .stroke = Colour::gray(0), .fill = std::nullopt});
  page.items.push_back(Polygon{.points = {{130, 20}, {170, 20}, {150, 60}}, .fill = Colour::gray(0)});
  page.items.push_back(mark_path(Mark::circle, {185, 80}, 20, Colour::gray(0)));
  const RgbImage img = png_of(page, 72);
  CHECK(ink_in(img, 10, 48, 60, 52) == 50 * 4);  // the line, butt caps
  CHECK(ink_in(img, 0, 40, 10, 60) == 0);        // nothing beyond its ends
  CHECK(ink_in(img, 60, 40, 78, 60) == 0);
  CHECK(ink_in(img, 79, 19, 82, 82) > 100);  // left side of the rectangle
  CHECK(ink_in(img, 85, 25, 115, 75) == 0);  // hollow
  CHECK(img.grey(150, 100 - 30) == 0);       // inside the triangle
  CHECK(img.grey(132, 100 - 55) == 255);     // outside it
  CHECK(img.grey(185, 100 - 80) == 0);       // centre of the circle mark
  CHECK(img.grey(185, 100 - 95) == 255);     // beyond its edge
}

TEST_CASE("colours: grey levels, RGB, and CMYK shown as RGB") {
  Page page = blank(60, 20);
  page.items.push_back(Rect{.box = {0, 0, 20, 20}, .fill = Colour::gray(0.5)});
  page.items.push_back(Rect{.box = {20, 0, 40, 20}, .fill = Colour::rgb(1, 0, 0)});
  page.items.push_back(Rect{.box = {40, 0, 60, 20}, .fill = Colour::cmyk(0, 1, 1, 0.5)});
  const RgbImage img = png_of(page, 72);
  for (int c = 0; c < 3; ++c) CHECK(std::abs(img.at(10, 10)[c] - 128) <= 1);
  CHECK(img.at(30, 10)[0] == 255);
  CHECK(img.at(30, 10)[1] == 0);
  CHECK(std::abs(img.at(50, 10)[0] - 128) <= 1);  // (1-0)(1-0.5)
  CHECK(img.at(50, 10)[1] == 0);
}

TEST_CASE("text is set from our fonts at the PDF's widths, also turned") {
  Page page = blank(200, 100);
  // "HH" at 20 pt: H is 0.722 em in Liberation Sans Bold, so the run is ~28.9 pt wide.
  page.items.push_back(TextRun{.origin = {20, 40}, .text = "HH", .role = FontRole::bold, .size_pt = 20});
  const RgbImage img = png_of(page, 72);
  const int ink = ink_in(img, 0, 0, 200, 100);
  CHECK(ink > 100);
  CHECK(ink_in(img, 20, 100 - 55, 50, 100 - 40) == ink);  // above the baseline, within the run
  CHECK(ink_in(img, 20, 100 - 55, 34, 100 - 40) > 0);     // first H
  CHECK(ink_in(img, 35, 100 - 55, 50, 100 - 40) > 0);     // second H, one advance on

  Page turned = blank(100, 200);
  turned.items.push_back(
      TextRun{.origin = {50, 150}, .text = "HH", .role = FontRole::bold, .size_pt = 20, .angle_deg = -90});
  const RgbImage t = png_of(turned, 72);
  const int tink = ink_in(t, 0, 0, 100, 200);
  CHECK(tink == doctest::Approx(ink).epsilon(0.1));
  // Reads top to bottom: the run goes down from the origin, the letters' tops to the right.
  CHECK(ink_in(t, 50, 200 - 150, 65, 200 - 120) == tink);

  // A character the font lacks still advances (its .notdef), as in the PDF.
  Page odd = blank(200, 100);
  odd.items.push_back(TextRun{.origin = {20, 40}, .text = "\xE2\x80\x94H", .role = FontRole::text, .size_pt = 20});
  CHECK(ink_in(png_of(odd, 72), 0, 0, 200, 100) > 0);
}

TEST_CASE("fonts held in memory paint the same pixels as the same fonts from files") {
  Page page = blank(144, 72);
  page.items.push_back(TextRun{.origin = {10, 30}, .text = "Rätsel 17", .role = FontRole::bold, .size_pt = 18});
  page.items.push_back(TextRun{.origin = {10, 10}, .text = "12", .role = FontRole::symbol, .size_pt = 14});
  const FontFiles files = testing::source_fonts();
  FontFiles memory = files;
  std::vector<std::string> held;  // alive while painting, as FontSource asks
  for (FontRole role : kAllFontRoles) held.push_back(testing::read_bytes(files.for_role(role).file));
  for (FontRole role : kAllFontRoles) {
    memory.for_role(role) = FontSource::in_memory(held[static_cast<std::size_t>(role)],
                                                  "built-in " + files.for_role(role).file.filename().string());
  }
  const auto from_files = paint_png(page, 72, files);
  const auto from_memory = paint_png(page, 72, memory);
  REQUIRE(from_files.ok());
  REQUIRE(from_memory.ok());
  CHECK(*from_files == *from_memory);
}

TEST_CASE("images: PNG and JPEG stretched over their box, cut to their clip") {
  const TempDir dir("painter-images");
  testing::write_file(dir.path / "red.png", testing::png_bytes(4, 2, 2, {255, 0, 0, 255}));
  testing::write_file(dir.path / "grey.jpg", testing::jpeg_bytes(8, 8, 1, {60, 0, 0, 0}));
  testing::write_file(dir.path / "cmyk.jpg", testing::jpeg_bytes(8, 8, 4, {0, 0, 0, 255}));
  Page page = blank(120, 40);
  page.items.push_back(Image{.box = {0, 0, 40, 40}, .file = dir.path / "red.png", .clip = Box{0, 0, 40, 20}});
  page.items.push_back(Image{.box = {40, 0, 80, 40}, .file = dir.path / "grey.jpg", .clip = std::nullopt});
  page.items.push_back(Image{.box = {80, 0, 120, 40}, .file = dir.path / "cmyk.jpg", .clip = std::nullopt});
  const RgbImage img = png_of(page, 72);
  CHECK(img.at(20, 30)[0] == 255);  // red, bottom half (inside the clip)
  CHECK(img.at(20, 30)[1] == 0);
  CHECK(img.at(20, 10)[1] == 255);  // top half cut away: paper
  CHECK(std::abs(img.at(60, 20)[0] - 60) <= 3);
  CHECK(img.at(100, 20)[0] < 10);  // full black ink

  page.items.push_back(Image{.box = {0, 0, 10, 10}, .file = dir.path / "missing.png", .clip = std::nullopt});
  auto failed = painter().png(page, 72);
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.error() ==
        "cannot load image " + (dir.path / "missing.png").string() + " (is it a readable PNG or JPEG?)");
}

TEST_CASE("a sheet places pages scaled into their targets and cuts what lies outside") {
  Page a = blank(100, 100);
  a.items.push_back(Rect{.box = {-50, -50, 150, 150}, .fill = Colour::gray(0)});  // overflows
  Page b = blank(100, 100);
  Sheet sheet{.width_pt = 220,
              .height_pt = 100,
              .background = Colour::gray(0.5),
              .pages = {{&a, {0, 0, 100, 100}, {0, 25, 50, 75}}, {&b, {0, 0, 100, 100}, {120, 0, 220, 100}}},
              .items = {TextRun{.origin = {60, 10}, .text = "1", .size_pt = 10}}};
  auto bytes = painter().png(sheet, 72);
  REQUIRE(bytes.ok());
  const RgbImage img = *decode_png(*bytes);
  CHECK(ink_in(img, 0, 25, 50, 75) == 50 * 50);  // page a, half size
  CHECK(std::abs(img.grey(10, 10) - 128) <= 1);  // background above it, not ink
  CHECK(img.grey(170, 50) == 255);               // page b: white paper
  CHECK(ink_in(img, 55, 80, 70, 92) > 0);        // the sheet's own text
}

TEST_CASE("a placed page's shade darkens it within its target alone") {
  Page page = blank(100, 100);
  page.items.push_back(Rect{.box = {0, 0, 50, 100}, .fill = Colour::gray(0.8)});
  Sheet sheet{
      .width_pt = 300,
      .height_pt = 100,
      .background = Colour::gray(1),
      .pages = {{&page, {0, 0, 100, 100}, {0, 0, 100, 100}, 0}, {&page, {0, 0, 100, 100}, {150, 0, 250, 100}, 0.5}},
      .items = {}};
  auto bytes = painter().png(sheet, 72);
  REQUIRE(bytes.ok());
  const RgbImage img = *decode_png(*bytes);
  CHECK(std::abs(img.grey(25, 50) - 204) <= 1);   // unshaded: grey 0.8
  CHECK(img.grey(75, 50) == 255);                 // unshaded paper
  CHECK(std::abs(img.grey(175, 50) - 102) <= 1);  // half shade: 0.8 / 2
  CHECK(std::abs(img.grey(225, 50) - 128) <= 1);  // paper / 2
  CHECK(img.grey(125, 50) == 255);                // between the targets: untouched
  CHECK(img.grey(275, 50) == 255);
}

TEST_CASE("SVG: points, glyph outlines, same bytes every time") {
  Page page = blank(432, 648);
  page.items.push_back(TextRun{.origin = {72, 300}, .text = "Sudoku 7", .role = FontRole::bold, .size_pt = 24});
  page.items.push_back(
      Rect{.box = {72, 72, 144, 144}, .stroke_width_pt = 1, .stroke = Colour::gray(0), .fill = std::nullopt});
  auto svg = painter().svg(page);
  REQUIRE(svg.ok());
  CHECK(svg->rfind("<?xml", 0) == 0);
  CHECK(svg->find("width=\"432pt\"") != std::string::npos);
  CHECK(svg->find("height=\"648pt\"") != std::string::npos);
  CHECK(svg->find("<text") == std::string::npos);  // glyphs are outlines
  CHECK(svg->find("<path") != std::string::npos);
  // Images are embedded, and ids do not depend on how many surfaces the process made before.
  const TempDir dir("painter-svg");
  testing::write_file(dir.path / "red.png", testing::png_bytes(4, 2, 2, {255, 0, 0, 255}));
  page.items.push_back(Image{.box = {0, 0, 40, 40}, .file = dir.path / "red.png", .clip = Box{0, 0, 40, 20}});
  const std::string with_image = painter().svg(page).value();
  CHECK(with_image.find("data:image/png;base64,") != std::string::npos);
  CHECK(with_image.find("surface1\"") != std::string::npos);
  CHECK(painter().svg(page).value() == with_image);
  page.items.pop_back();
  CHECK(painter().svg(page).value() == *svg);
  CHECK(painter().png(page, 100).value() == painter().png(page, 100).value());
}

TEST_CASE("failures name what is wrong") {
  const Page page = blank();
  auto low = painter().png(page, 35);
  REQUIRE_FALSE(low.ok());
  CHECK(low.error() == "the resolution must be 36 to 1200 dpi");
  CHECK_FALSE(painter().png(page, 1201).ok());
  CHECK(painter().png(page, 36).ok());
  CHECK_FALSE(painter().png(blank(0, 10), 72).ok());

  FontFiles fonts = testing::source_fonts();
  fonts.bold = fs::path("/no/such/font.ttf");
  auto missing = ImagePainter::load(fonts);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error() == "font file not found: /no/such/font.ttf");
  const TempDir dir("painter-fonts");
  testing::write_file(dir.path / "not-a-font.ttf", "hello");
  fonts.bold = dir.path / "not-a-font.ttf";
  auto bad = paint_png(page, 72, fonts);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "cannot load font " + fonts.bold.describe() + " (is it a TrueType .ttf?)");

  // Fonts in memory (the built-in copies) paint the same as their files.
  static const std::string bold_bytes =
      testing::read_bytes(fs::path(PUZZLEPRESS_SOURCE_DIR) / "fonts" / "LiberationSans-Bold.ttf");
  FontFiles memory = testing::source_fonts();
  memory.bold = FontSource::in_memory(bold_bytes, "built-in LiberationSans-Bold.ttf");
  Page text = blank(200, 60);
  text.items.push_back(TextRun{.origin = {10, 20}, .text = "Sudoku 42", .role = FontRole::bold, .size_pt = 24});
  auto from_memory = paint_png(text, 100, memory);
  REQUIRE_MESSAGE(from_memory.ok(), from_memory.error());
  CHECK(*from_memory == painter().png(text, 100).value());
  memory.bold = FontSource::in_memory("not a font", "built-in broken.ttf");
  auto broken = ImagePainter::load(memory);
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.error() == "cannot load font built-in broken.ttf (is it a TrueType .ttf?)");
}

}  // namespace
}  // namespace puzzlepress::render
