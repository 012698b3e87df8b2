// PdfFontMetrics: widths and vertical metrics of the fonts the writer embeds, measured as
// libharu's own PDF fonts measure them (load_reference), and fonts refused by name.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "render/pdf_writer.h"
#include "support/files.h"
#include "support/render_fixtures.h"

namespace puzzlepress::render {

namespace fs = std::filesystem;
using namespace puzzlepress::testing;

TEST_SUITE("pdf_font_metrics") {
  TEST_CASE("widths add up and metrics are plausible for every role") {
    const auto m = source_font_metrics();
    for (FontRole role : kAllFontRoles) {
      const double one = m->width_pt(role, "1", 10);
      CHECK(one > 3);
      CHECK(one < 10);
      CHECK(m->width_pt(role, "111", 10) == doctest::Approx(3 * one));
      CHECK(m->width_pt(role, "1", 20) == doctest::Approx(2 * one));
      CHECK(m->cap_height_em(role) > 0.6);
      CHECK(m->cap_height_em(role) < 0.8);
      CHECK(m->ascent_em(role) >= m->cap_height_em(role));
      CHECK(m->descent_em(role) > 0.1);
      CHECK(m->descent_em(role) < 0.4);
    }
    // UTF-8 is measured per character: an em dash is wider than a hyphen.
    CHECK(m->width_pt(FontRole::text, "\xE2\x80\x94", 10) > m->width_pt(FontRole::text, "-", 10));
    CHECK(m->width_pt(FontRole::text, "", 10) == 0);
  }

  TEST_CASE("measures exactly as libharu's own PDF fonts do: every character, and malformed UTF-8") {
    const auto fast = source_font_metrics();
    auto reference = PdfFontMetrics::load_reference(testing::source_fonts());
    REQUIRE(reference.ok());
    const PdfFontMetrics& slow = **reference;
    // Naive UTF-8 of a 16-bit code (surrogates too: libharu decodes them like any other).
    const auto utf8 = [](unsigned u) {
      std::string out;
      if (u < 0x80) {
        out += static_cast<char>(u);
      } else if (u < 0x800) {
        out += static_cast<char>(0xC0 | (u >> 6));
        out += static_cast<char>(0x80 | (u & 0x3F));
      } else {
        out += static_cast<char>(0xE0 | (u >> 12));
        out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (u & 0x3F));
      }
      return out;
    };
    int mismatches = 0, nonzero = 0;
    for (FontRole role : kAllFontRoles) {
      CHECK(fast->cap_height_em(role) == slow.cap_height_em(role));
      CHECK(fast->ascent_em(role) == slow.ascent_em(role));
      CHECK(fast->descent_em(role) == slow.descent_em(role));
      for (unsigned u = 1; u <= 0xFFFF; ++u) {
        const std::string text = utf8(u);
        const double a = fast->width_pt(role, text, 10), b = slow.width_pt(role, text, 10);
        mismatches += a != b;
        nonzero += a != 0;
      }
    }
    CHECK(mismatches == 0);
    CHECK(nonzero > 4 * 2000);  // the fonts have thousands of glyphs: the loop measured real widths
    // Byte soup: ASCII, continuation bytes, every kind of lead byte, cut-off characters, and
    // 4-byte characters (a space to libharu).
    std::uint32_t state = 12345;
    const auto next = [&] { return state = state * 1664525u + 1013904223u; };
    const unsigned char kinds[] = {'a', ' ', '7', 0x80, 0xA9, 0xBF, 0xC3, 0xDF, 0xE2, 0xEF, 0xF0, 0xF4, 0xF8, 0xFF};
    for (int i = 0; i < 20000; ++i) {
      std::string text(static_cast<std::size_t>(next() >> 28), ' ');
      for (char& c : text) c = static_cast<char>(kinds[(next() >> 24) % sizeof kinds]);
      INFO("case " << i);
      CHECK(fast->width_pt(FontRole::text, text, 12) == slow.width_pt(FontRole::text, text, 12));
      CHECK(fast->width_pt(FontRole::symbol, text, 12) == slow.width_pt(FontRole::symbol, text, 12));
    }
    CHECK(fast->width_pt(FontRole::text, "\xF0\x9F\x98\x80", 10) == fast->width_pt(FontRole::text, " ", 10));
    const std::string huge(70000, 'x');  // longer than libharu takes: it measures nothing
    CHECK(fast->width_pt(FontRole::text, huge, 10) == slow.width_pt(FontRole::text, huge, 10));
    CHECK(fast->width_pt(FontRole::text, huge, 10) == 0);
  }

  TEST_CASE("a font libharu's PDF fonts refuse is refused by load() too, with the same message") {
    // LiberationSans with its Unicode cmap (format 4) cut to no segments, in any role (the
    // last one too, after which no later libharu call would report a lingering error).
    std::string font = read_bytes(testing::source_fonts().text.file);
    REQUIRE(font.size() > 12);
    const auto u16 = [&](std::size_t at) {
      return (static_cast<unsigned char>(font[at]) << 8) | static_cast<unsigned char>(font[at + 1]);
    };
    const auto u32 = [&](std::size_t at) { return (static_cast<std::size_t>(u16(at)) << 16) | u16(at + 2); };
    std::size_t cmap = 0;
    for (std::size_t t = 0; t < static_cast<std::size_t>(u16(4)); ++t) {
      if (font.compare(12 + 16 * t, 4, "cmap") == 0) cmap = u32(12 + 16 * t + 8);
    }
    REQUIRE(cmap != 0);
    int cut = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(u16(cmap + 2)); ++i) {
      const std::size_t sub = cmap + u32(cmap + 4 + 8 * i + 4);
      if (u16(sub) == 4) {
        font[sub + 6] = font[sub + 7] = 0;  // segCountX2
        ++cut;
      }
    }
    REQUIRE(cut > 0);
    for (const bool last : {false, true}) {
      CAPTURE(last);
      FontFiles fonts = testing::source_fonts();
      (last ? fonts.symbol : fonts.text) = FontSource::in_memory(font, "seg0.ttf");
      const auto fast = PdfFontMetrics::load(fonts);
      const auto slow = PdfFontMetrics::load_reference(fonts);
      CHECK_FALSE(fast.ok());
      CHECK(fast.ok() == slow.ok());
      if (!fast.ok() && !slow.ok()) CHECK(fast.error() == slow.error());
    }
  }

  TEST_CASE("a missing font file is named") {
    FontFiles fonts = testing::source_fonts();
    fonts.bold = fs::path("/nonexistent/Missing-Bold.ttf");
    const auto loaded = PdfFontMetrics::load(fonts);
    CHECK_FALSE(loaded.ok());
    CHECK(loaded.error() == "font file not found: /nonexistent/Missing-Bold.ttf");
  }
}

}  // namespace puzzlepress::render
