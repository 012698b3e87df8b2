#include "book/spec/image_file.h"

#include <doctest/doctest.h>

#include "support/files.h"
#include "support/image_writer.h"

using namespace puzzlepress::book;
using puzzlepress::testing::jpeg_bytes;
using puzzlepress::testing::png_bytes;
namespace fs = std::filesystem;

TEST_SUITE("image files") {
  TEST_CASE("PNG: size, colour and transparency from the header") {
    const auto rgb = parse_image_header(png_bytes(30, 20, 2));
    REQUIRE(rgb.ok());
    CHECK(*rgb == ImageInfo{ImageFormat::png, 30, 20, ImageColour::rgb, false});
    CHECK(parse_image_header(png_bytes(3, 4, 0))->colour == ImageColour::gray);
    CHECK(parse_image_header(png_bytes(3, 4, 3))->colour == ImageColour::palette);
    CHECK(parse_image_header(png_bytes(3, 4, 4))->transparency);
    CHECK(parse_image_header(png_bytes(3, 4, 6))->transparency);
    CHECK(parse_image_header(png_bytes(3, 4, 3, {1, 2, 3, 255}, true))->transparency);
    CHECK_FALSE(parse_image_header(png_bytes(3, 4, 3))->transparency);
  }

  TEST_CASE("JPEG: size and colour from the frame header") {
    CHECK(*parse_image_header(jpeg_bytes(17, 9, 3)) == ImageInfo{ImageFormat::jpeg, 17, 9, ImageColour::rgb, false});
    CHECK(parse_image_header(jpeg_bytes(8, 8, 1))->colour == ImageColour::gray);
    CHECK(parse_image_header(jpeg_bytes(8, 8, 4))->colour == ImageColour::cmyk);
    CHECK(parse_image_header(jpeg_bytes(8, 8, 3, {}, 0xC2))->width_px == 8);  // progressive
  }

  TEST_CASE("refusals name what is wrong") {
    CHECK(parse_image_header(std::string("GIF89a\x01\x00\x01\x00", 10)).error() ==
          "is not a PNG or JPEG file (it starts with 'GIF89a')");
    CHECK(parse_image_header("").error() == "is empty, not a PNG or JPEG file");
    CHECK(parse_image_header(png_bytes(4, 4, 2).substr(0, 20)).error() == "is a truncated PNG file");
    CHECK(parse_image_header(jpeg_bytes(8, 8, 3).substr(0, 30)).error() == "is a truncated JPEG file");
    CHECK(parse_image_header(jpeg_bytes(8, 8, 3, {}, 0xC3)).error() ==
          "is a lossless JPEG; save it as a baseline or progressive JPEG");
    CHECK(parse_image_header(jpeg_bytes(8, 8, 3, {}, 0xC9)).error() ==
          "is an arithmetic-coded JPEG; save it as a baseline or progressive JPEG");
    CHECK(parse_image_header(jpeg_bytes(8, 8, 3, {}, 0xC0, 12)).error() ==
          "is a JPEG with 12-bit samples; save it with 8-bit samples");
    CHECK(parse_image_header(jpeg_bytes(8, 8, 2)).error() == "is a JPEG with 2 colour components");
    CHECK(parse_image_header(png_bytes(0, 4, 2)).error() == "has no pixels");
  }

  TEST_CASE("files: read from the disk, missing and folders named") {
    const fs::path dir = fs::temp_directory_path() / "puzzlepress-image-file-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    puzzlepress::testing::write_file(dir / "art.jpg", jpeg_bytes(64, 48, 4));
    const auto info = read_image_info(dir / "art.jpg");
    REQUIRE(info.ok());
    CHECK(info->colour == ImageColour::cmyk);
    CHECK(info->width_px == 64);
    CHECK(read_image_info(dir / "none.png").error() == "cannot be read: no such file");
    CHECK(read_image_info(dir).error() == "cannot be read: it is a folder, not a file");
    fs::remove_all(dir);
  }
}
