// The texts a spec prints: refused at their place when no font or no shaping could print them,
// checked against the chosen fonts' coverage, ISBN check digits, field lengths.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "book/make/build.h"
#include "book/text/font_coverage.h"
#include "book/kdp/isbn.h"
#include "book/spec/spec.h"
#include "book/text/text_fields.h"
#include "book/text/wording.h"
#include "render/page.h"
#include "support/errors.h"
#include "support/font_writer.h"
#include "support/render_fixtures.h"
#include "util/files.h"

using namespace puzzlepress;
using namespace puzzlepress::book;

namespace {

const std::filesystem::path kFonts = std::filesystem::path(PUZZLEPRESS_SOURCE_DIR) / "fonts";

/// A spec whose title line is `title_line` (a YAML value as written).
std::string spec_with(const std::string& key_line) {
  return "title: Sudoku\nauthor: Jane Doe\nseed: 1\npuzzles:\n  - { grade: easy, count: 2 }\n" + key_line + "\n";
}

std::string error_of(const std::string& yaml) {
  return testing::input_error_of([&] { load_spec(yaml, "spec.yaml"); });
}

FontCoverage coverage_of(const std::string& file) {
  const auto bytes = util::read_regular_file(kFonts / file);
  REQUIRE(bytes.ok());
  const auto coverage = read_font_coverage(*bytes);
  REQUIRE(coverage.ok());
  return *coverage;
}

std::string coverage_error(const BookSpec& spec) {
  return testing::input_error_of([&] { check_font_coverage(spec, testing::source_fonts()); });
}

}  // namespace

TEST_SUITE("text fields") {
  TEST_CASE("control characters, right-to-left and shaping scripts are refused at the value") {
    CHECK(error_of(spec_with("subtitle: \"A\\0B\"")) ==
          "spec.yaml:6:11: 'subtitle' has control character U+0000 at character 2");
    CHECK(error_of(spec_with("publisher: \"P\\tQ\"")) ==
          "spec.yaml:6:12: 'publisher' has control character U+0009 at character 2");
    CHECK(error_of(spec_with("subtitle: \"A\\u200FB\"")) ==
          "spec.yaml:6:11: 'subtitle' has control character U+200F at character 2");
    CHECK(
        error_of(spec_with("subtitle: Shalom שלום")) ==
        "spec.yaml:6:11: 'subtitle' has 'ש' (U+05E9, Hebrew) at character 8: right-to-left scripts are not supported");
    CHECK(
        error_of(spec_with("subtitle: مرحبا")) ==
        "spec.yaml:6:11: 'subtitle' has 'م' (U+0645, Arabic) at character 1: right-to-left scripts are not supported");
    CHECK(error_of(spec_with("subtitle: नमस्ते")) ==
          "spec.yaml:6:11: 'subtitle' has 'न' (U+0928, Devanagari) at character 1: scripts that need shaping are not "
          "supported");
    CHECK(error_of(spec_with("subtitle: สวัสดี")) ==
          "spec.yaml:6:11: 'subtitle' has 'ส' (U+0E2A, Thai) at character 1: scripts that need shaping are not "
          "supported");
    CHECK(error_of("title: \"T\\0\"\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2 }\n") ==
          "spec.yaml:1:8: 'title' has control character U+0000 at character 2");
    // The back text may break lines; nothing else may.
    CHECK(error_of(spec_with("cover:\n  back_text: |\n    one\n    two")) == "no error");
    CHECK(error_of(spec_with("subtitle: \"one\\ntwo\"")) ==
          "spec.yaml:6:11: 'subtitle' has control character U+000A at character 4");
    CHECK(error_of(spec_with("cover:\n  back_text: \"a\\x07\"")) ==
          "spec.yaml:7:14: 'cover.back_text' has control character U+0007 at character 2");
  }

  TEST_CASE("lengths are capped (a 64 KiB word used to fail inside libharu)") {
    CHECK(error_of(spec_with("subtitle: " + std::string(200, 'w'))) == "no error");
    CHECK(error_of(spec_with("subtitle: " + std::string(65536, 'w'))) ==
          "spec.yaml:6:11: 'subtitle' is 65536 characters long; at most 200");
    std::string accents;
    for (int i = 0; i < 201; ++i) accents += "é";
    CHECK(error_of(spec_with("publisher: " + accents)) ==
          "spec.yaml:6:12: 'publisher' is 201 characters long; at most 200");
    CHECK(error_of(spec_with("cover:\n  back_text: " + std::string(4001, 'b'))) ==
          "spec.yaml:7:14: 'cover.back_text' is 4001 characters long; at most 4000");
  }

  TEST_CASE("ISBN-10 and ISBN-13 check digits") {
    CHECK_FALSE(isbn_problem("978-0-306-40615-7").has_value());
    CHECK_FALSE(isbn_problem("0-306-40615-2").has_value());
    CHECK_FALSE(isbn_problem("0 8044 2957 X").has_value());
    CHECK_FALSE(isbn_problem("979-10-90636-07-1").has_value());
    CHECK(*isbn_problem("978-0-306-40615-6") == "has check digit 6, but its digits make 7");
    CHECK(*isbn_problem("0-306-40615-3") == "has check digit 3, but its digits make 2");
    CHECK(*isbn_problem("0-8044-2957-1") == "has check digit 1, but its digits make X");
    CHECK(*isbn_problem("977-0-306-40615-7") == "ISBN-13 must start with 978 or 979");
    CHECK(*isbn_problem("978-0-306-4061") == "has 11 digits; an ISBN has 10 or 13");
    CHECK(*isbn_problem("ISBN 978") == "must be an ISBN-10 or ISBN-13 (digits, hyphens and spaces)");
    CHECK(*isbn_problem("978030640615X") == "must be an ISBN-10 or ISBN-13 (digits, hyphens and spaces)");
    CHECK(error_of(spec_with("isbn: 978-0-306-40615-6")) ==
          "spec.yaml:6:7: 'isbn' '978-0-306-40615-6' has check digit 6, but its digits make 7");
    CHECK(error_of(spec_with("isbn: 978-0-306-40615-7")) == "no error");
  }

  TEST_CASE("the shipped fonts' coverage, read from their cmap") {
    const FontCoverage liberation = coverage_of("LiberationSans-Regular.ttf");
    CHECK(liberation.covers(U'A'));
    CHECK(liberation.covers(U'é'));
    CHECK(liberation.covers(U'Ж'));  // Cyrillic
    CHECK(liberation.covers(U'λ'));  // Greek
    CHECK_FALSE(liberation.covers(U'日'));
    CHECK_FALSE(liberation.covers(U'\U0001F600'));
    CHECK_FALSE(liberation.covers(0x10FFFF));
    const FontCoverage dejavu = coverage_of("DejaVuSans.ttf");
    CHECK(dejavu.covers(U'Ж'));
    CHECK(dejavu.ranges.size() > 10);
    for (std::size_t i = 1; i < dejavu.ranges.size(); ++i)
      CHECK(dejavu.ranges[i - 1].second + 1 < dejavu.ranges[i].first);
  }

  TEST_CASE("cmap reader refuses what is not a font, never reading past the bytes") {
    CHECK(read_font_coverage("").error() == "not a TrueType/OpenType font");
    CHECK(read_font_coverage("%PDF-1.4").error() == "not a TrueType/OpenType font");
    CHECK(read_font_coverage(std::string("\x00\x01\x00\x00\x00\x00", 6)).error() == "no cmap table");
    const auto bytes = util::read_regular_file(kFonts / "LiberationSans-Regular.ttf");
    REQUIRE(bytes.ok());
    // Every prefix of a real font fails cleanly or reads (no crash, no sanitizer report).
    for (std::size_t n = 0; n < bytes->size(); n += bytes->size() / 97 + 1)
      (void)read_font_coverage(bytes->substr(0, n));
  }

  TEST_CASE("every text field is checked against the chosen fonts before generation") {
    BookSpec spec = load_spec(spec_with("subtitle: Καλημέρα Привет Zoë"), "spec.yaml");
    CHECK(coverage_error(spec) == "no error");
    spec = load_spec(spec_with("subtitle: Sudoku 数独"), "spec.yaml");
    CHECK(coverage_error(spec) ==
          "spec.yaml:6:11: 'subtitle' has '数' (U+6570) at character 8, which the font LiberationSans-Regular.ttf "
          "cannot print (see README: supported scripts; or choose fonts: that have it)");
    spec = load_spec(spec_with("cover:\n  back_text: |\n    Fun 😀"), "spec.yaml");
    CHECK(coverage_error(spec) ==
          "spec.yaml:7:14: 'cover.back_text' has '😀' (U+1F600) at character 5, which the font "
          "LiberationSans-Regular.ttf cannot print (see README: supported scripts; or choose fonts: that have it)");
  }

  TEST_CASE("every glyph the book prints is in its font, checked at fonts: before generation") {
    // Hostile round two: a digits font without 7, a text font without digits (page numbers) or
    // without German's umlauts, a 16x16 book whose digits font has no A-G, a letters skin.
    const std::string text = testing::cmap_only_font(testing::latin_text_characters());
    const std::string no_seven = testing::cmap_only_font(U"12345689");
    const std::string digits_only = testing::cmap_only_font(U"123456789");
    const std::string no_digits = testing::cmap_only_font(testing::latin_text_characters(U"0123456789"));
    const std::string no_umlauts = testing::cmap_only_font(testing::latin_text_characters(U"äöüÄÖÜß"));
    const auto with = [](const std::string& text_font, const std::string& digits_font) {
      render::FontFiles fonts = testing::source_fonts();
      fonts.text = fonts.bold = render::FontSource::in_memory(text_font, "Text.ttf");
      fonts.symbol = fonts.solved_symbol = render::FontSource::in_memory(digits_font, "Digits.ttf");
      return fonts;
    };
    const auto error = [](const std::string& yaml, const render::FontFiles& fonts) {
      return testing::input_error_of([&] { check_font_coverage(load_spec(yaml, "spec.yaml"), fonts); });
    };
    // The place errors name: the fonts: value, line 6, column 8.
    const std::string fonts_line = "fonts: { digits: " + (kFonts / "DejaVuSans.ttf").string() + " }";
    const std::string plain = spec_with(fonts_line);
    CHECK(error(plain, with(text, digits_only)) == "no error");
    CHECK(error(plain, with(text, no_seven)) ==
          "spec.yaml:6:8: fonts.digits Digits.ttf has no glyph for '7' (U+0037), which the book prints in its 9x9 "
          "digits grids: "
          "choose a font that has it");
    CHECK(error(plain, with(no_digits, digits_only)) ==
          "spec.yaml:6:8: fonts.text Text.ttf has no glyph for '0' (U+0030), which the book prints in its page "
          "and puzzle numbers: choose a font that has it");
    CHECK(error(plain + "language: de\n", with(text, digits_only)) == "no error");
    const std::string german = error(plain + "language: de\n", with(no_umlauts, digits_only));
    CHECK(german.rfind("spec.yaml:6:8: fonts.text Text.ttf has no glyph for '", 0) == 0);
    CHECK(german.find("which the book prints in its 'de' wording ('") != std::string::npos);
    const std::string big =
        "title: S\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2, size: 16x16 }\n" + fonts_line + "\n";
    CHECK(error(big, with(text, testing::cmap_only_font(U"123456789ABCDEF"))) ==
          "spec.yaml:6:8: fonts.digits Digits.ttf has no glyph for 'G' (U+0047), which the book prints in its 16x16 "
          "digits grids: "
          "choose a font that has it");
    const std::string word =
        "title: S\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2, size: 6x6, "
        "skin: letters, letters: GARDEN }\n" +
        fonts_line + "\n";
    CHECK(error(word, with(text, testing::cmap_only_font(U"GARDEN"))) == "no error");
    CHECK(error(word, with(text, testing::cmap_only_font(U"GARDE"))) ==
          "spec.yaml:6:8: fonts.digits Digits.ttf has no glyph for 'N' (U+004E), which the book prints in its 6x6 "
          "letters grids: "
          "choose a font that has it");
    // The shipped fonts print every language's wording and 16x16's symbols.
    for (const std::string_view language : kLanguages) {
      CAPTURE(language);
      CHECK(error(big + "language: " + std::string(language) + "\n", testing::source_fonts()) == "no error");
    }
    // Shapes are drawn, not set in a font: any digits font will do.
    const std::string shapes =
        "title: S\nauthor: A\nseed: 1\npuzzles:\n  - { grade: easy, count: 2, size: 4x4, "
        "skin: shapes }\n" +
        fonts_line + "\n";
    CHECK(error(shapes, with(text, testing::cmap_only_font(U"x"))) == "no error");
    // A text override is a spec field: named at its own place.
    CHECK(error(plain + "text:\n  blank_page: \"Leer \u00e4\"\n", with(no_umlauts, digits_only)) ==
          "spec.yaml:8:15: 'text.blank_page' has 'ä' (U+00E4) at character 6, which the font Text.ttf cannot print "
          "(see README: supported scripts; or choose fonts: that have it)");
  }
}
