// The one image decoder (render/pixels.h): every PNG colour type, interlaced or not, and JPEG
// grey, RGB and CMYK decode to the same pixels; files cut short or too large are refused with
// one line; and the PDF writer embeds every PNG the decoder takes (libharu's own PNG reader
// refused interlaced files and crashed on RGB with tRNS).
#include "render/pixels.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "render/pdf_writer.h"
#include "support/files.h"
#include "support/image_writer.h"
#include "support/render_fixtures.h"

namespace puzzlepress::render {
namespace {

using testing::TempDir;

const std::string kDamagedPng = "is damaged: its pixels cannot be decoded (PNG cut short or corrupt?)";
const std::string kDamagedJpeg = "is damaged: its pixels cannot be decoded (JPEG cut short or corrupt?)";

Pixels decoded(const TempDir& dir, const std::string& name, const std::string& bytes) {
  testing::write_file(dir.path / name, bytes);
  const util::Result<Pixels> pixels = decode_image_file(dir.path / name);
  REQUIRE_MESSAGE(pixels.ok(), name << ": " << pixels.error());
  return *pixels;
}

std::vector<int> first_pixel(const Pixels& p) {
  return std::vector<int>(p.samples.begin(), p.samples.begin() + p.channels());
}

TEST_CASE("every PNG colour type decodes to 8-bit grey or RGB, with alpha when it has any") {
  const TempDir dir("pixels-png");
  const Pixels grey = decoded(dir, "g.png", testing::png_bytes(5, 3, 0, {77, 0, 0, 255}));
  CHECK(grey.width == 5);
  CHECK(grey.height == 3);
  CHECK(grey.colour == Pixels::Colour::gray);
  CHECK_FALSE(grey.alpha);
  CHECK(grey.samples.size() == 15);
  CHECK(first_pixel(grey) == std::vector<int>{77});
  const Pixels rgb = decoded(dir, "rgb.png", testing::png_bytes(5, 3, 2, {10, 20, 30, 255}));
  CHECK(first_pixel(rgb) == std::vector<int>{10, 20, 30});
  const Pixels palette = decoded(dir, "pal.png", testing::png_bytes(5, 3, 3, {200, 100, 50, 255}));
  CHECK(palette.colour == Pixels::Colour::rgb);
  CHECK(first_pixel(palette) == std::vector<int>{200, 100, 50});
  const Pixels grey_alpha = decoded(dir, "ga.png", testing::png_bytes(5, 3, 4, {90, 0, 0, 128}));
  CHECK(grey_alpha.alpha);
  CHECK(first_pixel(grey_alpha) == std::vector<int>{90, 128});
  const Pixels rgba = decoded(dir, "rgba.png", testing::png_bytes(5, 3, 6, {1, 2, 3, 4}));
  CHECK(first_pixel(rgba) == std::vector<int>{1, 2, 3, 4});
  // tRNS: a palette entry half transparent; an RGB colour (0,0,0 here) made fully transparent.
  CHECK(first_pixel(decoded(dir, "pal-t.png", testing::png_bytes(5, 3, 3, {200, 100, 50, 255}, true))) ==
        std::vector<int>{200, 100, 50, 128});
  CHECK(first_pixel(decoded(dir, "rgb-t.png", testing::png_bytes(5, 3, 2, {0, 0, 0, 255}, true))) ==
        std::vector<int>{0, 0, 0, 0});
  CHECK(first_pixel(decoded(dir, "rgb-t2.png", testing::png_bytes(5, 3, 2, {9, 9, 9, 255}, true))) ==
        std::vector<int>{9, 9, 9, 255});
}

TEST_CASE("an interlaced PNG gives the pixels of the same image stored plainly") {
  const TempDir dir("pixels-interlaced");
  for (const std::pair<int, int>& size : {std::pair{1, 1}, std::pair{3, 2}, std::pair{13, 9}}) {
    const int w = size.first;
    const int h = size.second;
    CAPTURE(w);
    CAPTURE(h);
    const Pixels plain = decoded(dir, "plain.png", testing::png_bytes(w, h, 2, {5, 6, 7, 255}));
    const Pixels interlaced = decoded(dir, "adam7.png", testing::png_bytes(w, h, 2, {5, 6, 7, 255}, false, true));
    CHECK(interlaced.samples == plain.samples);
    CHECK(check_image_file(dir.path / "adam7.png").ok());
  }
}

TEST_CASE("JPEG grey, RGB and Adobe CMYK (stored inverted) decode; CMYK comes out as ink") {
  const TempDir dir("pixels-jpeg");
  const Pixels grey = decoded(dir, "g.jpg", testing::jpeg_bytes(16, 8, 1, {60, 0, 0, 0}));
  CHECK(grey.colour == Pixels::Colour::gray);
  CHECK(std::abs(grey.samples[0] - 60) <= 2);
  const Pixels rgb = decoded(dir, "rgb.jpg", testing::jpeg_bytes(16, 8, 3, {200, 40, 40, 0}));
  CHECK(rgb.colour == Pixels::Colour::rgb);
  CHECK(std::abs(rgb.samples[0] - 200) <= 3);
  const Pixels cmyk = decoded(dir, "cmyk.jpg", testing::jpeg_bytes(16, 8, 4, {0, 128, 255, 30}));
  CHECK(cmyk.colour == Pixels::Colour::cmyk);
  CHECK(cmyk.channels() == 4);
  CHECK(std::abs(cmyk.samples[1] - 128) <= 2);
  CHECK(std::abs(cmyk.samples[2] - 255) <= 2);
  CHECK(check_image_file(dir.path / "cmyk.jpg")->samples.empty());  // a check keeps no pixels
}

TEST_CASE("a file cut short is damaged, never decoded with grey filled in") {
  const TempDir dir("pixels-cut");
  const std::string jpeg = testing::jpeg_bytes(64, 64, 3, {200, 40, 40, 0});
  testing::write_file(dir.path / "cut.jpg", jpeg.substr(0, jpeg.size() * 2 / 3));
  CHECK(decode_image_file(dir.path / "cut.jpg").error() == kDamagedJpeg);
  CHECK(check_image_file(dir.path / "cut.jpg").error() == kDamagedJpeg);
  testing::write_file(dir.path / "no-eoi.jpg", jpeg.substr(0, jpeg.size() - 2));
  CHECK(check_image_file(dir.path / "no-eoi.jpg").error() == kDamagedJpeg);
  const std::string png = testing::png_bytes(8, 8, 2);
  testing::write_file(dir.path / "cut.png", png.substr(0, png.size() - 30));
  CHECK(check_image_file(dir.path / "cut.png").error() == kDamagedPng);
  testing::write_file(dir.path / "no-iend.png", png.substr(0, png.size() - 12));
  CHECK(check_image_file(dir.path / "no-iend.png").error() == kDamagedPng);
  testing::write_file(dir.path / "art.gif", "GIF89a....");
  CHECK(check_image_file(dir.path / "art.gif").error() == "is not a PNG or JPEG file");
  CHECK(check_image_file(dir.path / "missing.png").error() == "cannot be read");
}

TEST_CASE("the pixel budget is read from the header, before anything is decoded") {
  const TempDir dir("pixels-budget");
  testing::write_file(dir.path / "wide.png", testing::png_bytes(40, 30, 2));
  CHECK(check_image_file(dir.path / "wide.png", 1200).ok());
  CHECK(check_image_file(dir.path / "wide.png", 1199).error() ==
        "holds 40 x 30 pixels, more than the 1199 puzzlepress reads");
  testing::write_file(dir.path / "wide.jpg", testing::jpeg_bytes(40, 32, 1));
  CHECK(decode_image_file(dir.path / "wide.jpg", 1000).error() ==
        "holds 40 x 32 pixels, more than the 1000 puzzlepress reads");
  // A header that claims 100000 x 100000 pixels over a few bytes of data: refused at once.
  std::string huge = testing::png_bytes(1, 1, 2);
  huge.replace(16, 8, std::string("\x00\x01\x86\xA0\x00\x01\x86\xA0", 8));  // IHDR width, height
  std::uint32_t crc = 0xFFFFFFFFu;  // IHDR's CRC over its type and data, bytes 12..28
  for (std::size_t i = 12; i < 29; ++i) {
    crc ^= static_cast<unsigned char>(huge[i]);
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  crc = ~crc;
  for (int b = 0; b < 4; ++b) huge[29 + b] = static_cast<char>((crc >> (24 - 8 * b)) & 0xFF);
  testing::write_file(dir.path / "huge.png", huge);
  CHECK(check_image_file(dir.path / "huge.png").error() ==
        "holds 100000 x 100000 pixels, more than the 300000000 puzzlepress reads");
}

TEST_CASE("the PDF writer embeds every PNG the decoder takes, its alpha as a soft mask") {
  const TempDir dir("pixels-pdf");
  struct Case {
    const char* name;
    std::string bytes;
    bool mask;
  };
  const Case cases[] = {
      {"interlaced.png", testing::png_bytes(9, 7, 2, {5, 6, 7, 255}, false, true), false},
      {"rgb-trns.png", testing::png_bytes(9, 7, 2, {0, 0, 0, 255}, true), true},
      {"grey-trns.png", testing::png_bytes(9, 7, 0, {0, 0, 0, 255}, true), true},
      {"palette.png", testing::png_bytes(9, 7, 3), false},
      {"rgba.png", testing::png_bytes(9, 7, 6, {1, 2, 3, 100}), true},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    testing::write_file(dir.path / c.name, c.bytes);
    Document doc;
    doc.info.fonts = testing::source_fonts();
    Page page{200, 200, std::nullopt, std::nullopt, {}};
    page.items.push_back(Image{Box{10, 10, 100, 100}, dir.path / c.name, std::nullopt});
    doc.pages.push_back(page);
    const util::Result<std::string> pdf = render_pdf(doc);
    REQUIRE_MESSAGE(pdf.ok(), pdf.error());
    CHECK(pdf->find("/Subtype /Image") != std::string::npos);
    CHECK((pdf->find("/SMask") != std::string::npos) == c.mask);
  }
}

}  // namespace
}  // namespace puzzlepress::render
